"""Invented themes for site-style pages: a story noun, the people, plain categories and measured ones.

Every phrase template names its value with `{v}` and the story noun with
`{noun}`: `the {noun} at the {v}` is "the errand at the bakery".  A plain
category says what a person did with it (`went to the {v}`, and the negations
pages print); a measured category adds how its quantity is compared (`started
30 minutes after`), for things and, where it reads well, for people.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from puzzles.zebra.stories.quantities import KINDS, Kind

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight")


@dataclass(frozen=True)
class Plain:
    """A category without order: its header names, values, noun phrases and what a person did."""

    headers: tuple[str, ...]
    values: tuple[str, ...]
    things: tuple[str, ...]  # "the {noun} at the {v}"
    does: str  # "went to the {v}"
    does_not: tuple[str, ...]  # "didn't go to the {v}", "never went to the {v}"


@dataclass(frozen=True)
class Measure:
    """The ordered category: its kind of quantity and the verbs that state and compare it."""

    headers: tuple[str, ...]
    kind: Kind
    things: tuple[str, ...]  # "the {v} {noun}", "the {noun} that started at {v}"
    is_: str  # said of a thing: "started at {v}"
    is_not: str
    verb: str  # a thing's comparison verb: "started"
    person_is: str = ""  # said of a person, where it reads well: "left at {v}"
    person_is_not: str = ""
    person_verb: str = ""


@dataclass(frozen=True)
class Theme:
    """One kind of story: its noun, its people, and the categories pages of this story use."""

    name: str
    intros: tuple[str, ...]  # "{N}" the number of objects in words, capitalised; "{n}" lower case
    noun: str
    person: str  # the word for a person: "person", "runner"
    people: tuple[str, ...]  # header names
    names: tuple[str, ...]
    plains: tuple[Plain, ...]
    measures: tuple[Measure, ...]
    named: str = "{v}'s {noun}"  # a person's thing: "Hector's errand"


def kind(name: str, **changes: object) -> Kind:
    return replace(KINDS[name], **changes)


FIRST_NAMES = (
    "Gail",
    "Hector",
    "Ines",
    "Jules",
    "Kara",
    "Lionel",
    "Mona",
    "Nestor",
    "Opal",
    "Pavel",
    "Quinn",
    "Rosa",
    "Soren",
    "Tamsin",
    "Ulric",
    "Vera",
    "Wendell",
    "Xenia",
    "Yusuf",
    "Zelda",
)

THEMES = (
    Theme(
        "errands",
        (
            "{N} friends ran errands on Saturday morning. Using only the clues below, match each errand "
            "to its details.",
            "Saturday is errand day. Work out who went where and when.",
        ),
        "errand",
        "person",
        ("friends", "people"),
        FIRST_NAMES[:10],
        (
            Plain(
                ("shops", "stores"),
                ("bakery", "florist", "hardware store", "post office", "pharmacy", "bank", "library"),
                ("the {noun} at the {v}", "the {v} {noun}"),
                "went to the {v}",
                ("didn't go to the {v}", "never went to the {v}"),
            ),
            Plain(
                ("vehicles", "rides"),
                ("bicycle", "bus", "car", "scooter", "taxi", "tram", "van"),
                ("the {noun} by {v}", "the {v} {noun}"),
                "took the {v}",
                ("didn't take the {v}",),
            ),
            Plain(
                ("purchases", "items"),
                ("stamps", "bread", "nails", "tulips", "aspirin", "batteries", "maps"),
                ("the {noun} for {v}", "the {v} {noun}"),
                "bought {v}",
                ("didn't buy {v}", "never bought {v}"),
            ),
        ),
        (
            Measure(
                ("times", "start times"),
                kind("time"),
                ("the {v} {noun}", "the {noun} that started at {v}"),
                "started at {v}",
                "didn't start at {v}",
                "started",
                "left at {v}",
                "didn't leave at {v}",
                "left",
            ),
        ),
    ),
    Theme(
        "bake sale",
        ("The school bake sale had {n} orders. Using only the clues below, match each order.",),
        "order",
        "customer",
        ("customers", "buyers"),
        FIRST_NAMES[5:15],
        (
            Plain(
                ("cakes", "bakes"),
                ("brownies", "carrot cake", "cupcakes", "eclairs", "flapjacks", "muffins", "scones"),
                ("the {noun} of {v}", "the {v} {noun}"),
                "ordered the {v}",
                ("didn't order the {v}",),
            ),
            Plain(
                ("drinks",),
                ("cocoa", "coffee", "lemonade", "milk", "orange juice", "tea", "water"),
                ("the {noun} with {v}", "the {v} {noun}"),
                "drank {v}",
                ("didn't drink {v}", "never drank {v}"),
            ),
            Plain(
                ("bakers",),
                ("Mrs Abel", "Mr Bray", "Ms Cole", "Dr Diaz", "Mr Eade", "Mrs Foy", "Ms Gill"),
                ("the {noun} baked by {v}", "{v}'s bake"),
                "bought from {v}",
                ("didn't buy from {v}",),
            ),
        ),
        (
            Measure(
                ("prices", "costs"),
                kind("money"),
                ("the {v} {noun}", "the {noun} that cost {v}"),
                "cost {v}",
                "didn't cost {v}",
                "cost",
                "paid {v}",
                "didn't pay {v}",
                "paid",
            ),
        ),
    ),
    Theme(
        "dog show",
        ("{N} dogs were entered in this year's dog show. Match each entry to its details.",),
        "entry",
        "owner",
        ("owners", "handlers"),
        FIRST_NAMES[10:20],
        (
            Plain(
                ("dogs", "names"),
                ("Biscuit", "Clover", "Duke", "Fudge", "Mango", "Pepper", "Rocket"),
                ("the {noun} named {v}", "{v}'s {noun}"),
                "showed {v}",
                ("didn't show {v}",),
            ),
            Plain(
                ("breeds",),
                ("beagle", "boxer", "collie", "dachshund", "poodle", "pug", "whippet"),
                ("the {v} {noun}", "the {noun} that is a {v}"),
                "brought the {v}",
                ("didn't bring the {v}",),
            ),
            Plain(
                ("colors", "coats"),
                ("black", "brown", "cream", "gray", "red", "spotted", "white"),
                ("the {v} {noun}", "the {noun} with the {v} coat"),
                "brushed the {v} coat",
                ("didn't brush the {v} coat",),
            ),
        ),
        (
            Measure(
                ("placings", "rankings"),
                kind("ordinal"),
                ("the {noun} that finished {v}", "the {v} place {noun}"),
                "finished {v}",
                "didn't finish {v}",
                "finished",
                "placed {v}",
                "didn't place {v}",
                "placed",
            ),
            Measure(
                ("Weights (pounds)", "weights (lbs)"),
                kind(
                    "number",
                    starts=(12, 18, 25),
                    steps=(2, 3, 5),
                    up="heavier than",
                    down="lighter than",
                    unit=("pound", "pounds"),
                ),
                ("the {v}-pound {noun}", "the {noun} that weighs {v} pounds"),
                "weighs {v} pounds",
                "doesn't weigh {v} pounds",
                "is",
            ),
        ),
    ),
    Theme(
        "marathon",
        ("{N} runners ran the city marathon. Match each runner to the details.",),
        "runner",
        "runner",
        ("runners", "athletes"),
        FIRST_NAMES[3:13],
        (
            Plain(
                ("towns", "hometowns"),
                ("Ashby", "Brill", "Corfe", "Dunmore", "Elton", "Fairford", "Gorran"),
                ("the {noun} from {v}", "the {v} {noun}"),
                "came from {v}",
                ("didn't come from {v}",),
            ),
            Plain(
                ("shirts", "jerseys"),
                ("blue", "green", "orange", "purple", "red", "white", "yellow"),
                ("the {noun} in {v}", "the {noun} wearing {v}"),
                "wore {v}",
                ("didn't wear {v}", "never wore {v}"),
            ),
            Plain(
                ("sponsors",),
                ("Acme", "Brightco", "Cobalt", "Delta Air", "Evergreen", "Flux", "Gamma"),
                ("the {noun} sponsored by {v}", "the {v} {noun}"),
                "ran for {v}",
                ("didn't run for {v}",),
            ),
        ),
        (
            Measure(
                ("finish times", "times"),
                kind("time", starts=(600, 630, 660), steps=(5, 10, 15)),
                ("the {noun} who finished at {v}", "the {v} {noun}"),
                "finished at {v}",
                "didn't finish at {v}",
                "finished",
            ),
            Measure(
                ("bibs", "numbers"),
                kind(
                    "number",
                    starts=(100, 240, 1200),
                    steps=(10, 25, 100),
                    up="higher than",
                    down="lower than",
                    unit=("", ""),
                ),
                ("the {noun} wearing number {v}", "the {noun} with bib {v}"),
                "wore bib {v}",
                "didn't wear bib {v}",
                "had a bib number",
            ),
        ),
        named="{v}",
    ),
    Theme(
        "book club",
        ("The book club read {n} books this year. Match each book to its details.",),
        "book",
        "member",
        ("members", "readers"),
        FIRST_NAMES[::2],
        (
            Plain(
                ("titles", "books"),
                ("Blue Harbor", "Cold Iron", "Deep Fen", "Glass Moon", "Night Ferry", "Salt Road", "Tin Crown"),
                ("{v}", "the {noun} called {v}"),
                "chose {v}",
                ("didn't choose {v}",),
            ),
            Plain(
                ("authors", "writers"),
                ("Ames", "Brook", "Carver", "Doyle", "Ellis", "Frost", "Grant"),
                ("the {noun} by {v}", "the {v} {noun}"),
                "picked the {v} novel",
                ("didn't pick the {v} novel",),
            ),
            Plain(
                ("genres",),
                ("fantasy", "history", "horror", "mystery", "poetry", "romance", "western"),
                ("the {v} {noun}", "the {noun} that is {v}"),
                "suggested {v}",
                ("didn't suggest {v}",),
            ),
        ),
        (
            Measure(
                ("years", "publication years"),
                kind("year"),
                ("the {noun} published in {v}", "the {v} {noun}"),
                "was published in {v}",
                "wasn't published in {v}",
                "was published",
            ),
            Measure(
                ("meetings", "dates"),
                kind("date"),
                ("the {noun} discussed on {v}", "the {v} {noun}"),
                "was discussed on {v}",
                "wasn't discussed on {v}",
                "was discussed",
            ),
        ),
    ),
    Theme(
        "garden plots",
        ("{N} gardeners share the community garden. Match each plot to its details.",),
        "plot",
        "gardener",
        ("gardeners",),
        FIRST_NAMES[1::2],
        (
            Plain(
                ("crops", "vegetables"),
                ("beans", "carrots", "kale", "leeks", "peas", "pumpkins", "squash"),
                ("the {v} {noun}", "the {noun} with {v}"),
                "grew {v}",
                ("didn't grow {v}", "never grew {v}"),
            ),
            Plain(
                ("streets",),
                ("Ash Lane", "Birch Road", "Cedar Row", "Elm Street", "Fir Close", "Oak Way", "Pine Court"),
                ("the {noun} on {v}", "the {v} {noun}"),
                "lives on {v}",
                ("doesn't live on {v}",),
            ),
            Plain(
                ("tools",),
                ("hoe", "rake", "shears", "spade", "trowel", "wheelbarrow", "hose"),
                ("the {noun} with the {v}", "the {v} {noun}"),
                "borrowed the {v}",
                ("didn't borrow the {v}",),
            ),
        ),
        (
            Measure(
                ("Sizes (square feet)", "areas (sq ft)"),
                kind(
                    "number",
                    starts=(40, 60, 100),
                    steps=(5, 10, 20),
                    up="larger than",
                    down="smaller than",
                    unit=("square foot", "square feet"),
                ),
                ("the {v} square foot {noun}", "the {noun} of {v} square feet"),
                "is {v} square feet",
                "isn't {v} square feet",
                "is",
            ),
            Measure(
                ("yields", "harvest gains"),
                kind("percent"),
                ("the {noun} with a {v} gain", "the {v} {noun}"),
                "gained {v}",
                "didn't gain {v}",
                "gained",
            ),
        ),
    ),
    Theme(
        "science fair",
        ("{N} students entered the science fair. Match each project to its details.",),
        "project",
        "student",
        ("students", "entrants"),
        FIRST_NAMES[2:12],
        (
            Plain(
                ("topics", "subjects"),
                ("batteries", "bees", "clouds", "magnets", "mold", "rockets", "volcanoes"),
                ("the {noun} about {v}", "the {v} {noun}"),
                "studied {v}",
                ("didn't study {v}", "never studied {v}"),
            ),
            Plain(
                ("teachers", "mentors"),
                ("Mr Hale", "Ms Ito", "Mrs Juarez", "Mr Kemp", "Ms Lund", "Dr Moss", "Mrs Nash"),
                ("the {noun} mentored by {v}", "{v}'s {noun}"),
                "worked with {v}",
                ("didn't work with {v}",),
            ),
            Plain(
                ("tables", "booths"),
                ("red", "blue", "green", "yellow", "silver", "gold", "black"),
                ("the {noun} at the {v} table", "the {v} table {noun}"),
                "sat at the {v} table",
                ("didn't sit at the {v} table",),
            ),
        ),
        (
            Measure(
                ("scores", "grades"),
                kind("percent", starts=(55, 60, 70), steps=(2, 3, 4, 5)),
                ("the {noun} that scored {v}", "the {v} {noun}"),
                "scored {v}",
                "didn't score {v}",
                "scored",
                "scored {v}",
                "didn't score {v}",
                "scored",
            ),
            Measure(
                ("budgets", "costs"),
                kind("money", starts=(1000, 1500, 2000), steps=(100, 500)),
                ("the {v} {noun}", "the {noun} that cost {v}"),
                "cost {v}",
                "didn't cost {v}",
                "cost",
                "spent {v}",
                "didn't spend {v}",
                "spent",
            ),
        ),
    ),
    Theme(
        "talent show",
        ("{N} acts performed at the talent show. Match each act to its details.",),
        "act",
        "performer",
        ("performers", "acts"),
        FIRST_NAMES[4:14],
        (
            Plain(
                ("talents", "skills"),
                ("juggling", "magic", "mime", "singing", "tap dance", "ventriloquism", "yo-yo"),
                ("the {v} {noun}", "the {noun} doing {v}"),
                "performed {v}",
                ("didn't perform {v}",),
            ),
            Plain(
                ("songs", "tunes"),
                ("Blue Skies", "Moon River", "Stardust", "Summertime", "Swing Low", "Volare", "Yesterday"),
                ("the {noun} set to {v}", "the {v} {noun}"),
                "chose {v}",
                ("didn't choose {v}",),
            ),
            Plain(
                ("costumes",),
                ("cape", "top hat", "tuxedo", "kilt", "sequins", "overalls", "bow tie"),
                ("the {noun} in the {v}", "the {v} {noun}"),
                "wore the {v}",
                ("didn't wear the {v}",),
            ),
        ),
        (
            Measure(
                ("slots", "times"),
                kind("time", starts=(1080, 1110, 1140), steps=(10, 15, 20)),
                ("the {v} {noun}", "the {noun} that went on at {v}"),
                "went on at {v}",
                "didn't go on at {v}",
                "went on",
                "went on at {v}",
                "didn't go on at {v}",
                "went on",
            ),
            Measure(
                ("ranks", "placings"),
                kind("ordinal"),
                ("the {noun} that placed {v}", "the {v} place {noun}"),
                "placed {v}",
                "didn't place {v}",
                "placed",
                "finished {v}",
                "didn't finish {v}",
                "finished",
            ),
        ),
    ),
    Theme(
        "road trips",
        ("{N} families took road trips this summer. Match each trip to its details.",),
        "trip",
        "driver",
        ("drivers", "families"),
        FIRST_NAMES[7:17],
        (
            Plain(
                ("destinations", "places"),
                ("Asheville", "Boulder", "Durango", "Galena", "Moab", "Sedona", "Taos"),
                ("the {noun} to {v}", "the {v} {noun}"),
                "drove to {v}",
                ("didn't drive to {v}",),
            ),
            Plain(
                ("cars",),
                ("camper", "convertible", "hatchback", "jeep", "minivan", "pickup", "sedan"),
                ("the {noun} in the {v}", "the {v} {noun}"),
                "drove the {v}",
                ("didn't drive the {v}",),
            ),
            Plain(
                ("snacks",),
                ("almonds", "apples", "chips", "jerky", "pretzels", "raisins", "trail mix"),
                ("the {noun} with {v}", "the {v} {noun}"),
                "packed {v}",
                ("didn't pack {v}", "never packed {v}"),
            ),
        ),
        (
            Measure(
                ("distances", "Miles driven"),
                kind(
                    "number",
                    starts=(120, 240, 1200),
                    steps=(15, 30, 100),
                    up="longer than",
                    down="shorter than",
                    unit=("mile", "miles"),
                ),
                ("the {v} mile {noun}", "the {noun} of {v} miles"),
                "covered {v} miles",
                "didn't cover {v} miles",
                "was",
            ),
            Measure(
                ("departures", "dates"),
                kind("date"),
                ("the {noun} that left on {v}", "the {v} {noun}"),
                "left on {v}",
                "didn't leave on {v}",
                "left",
                "set off on {v}",
                "didn't set off on {v}",
                "set off",
            ),
        ),
    ),
)
