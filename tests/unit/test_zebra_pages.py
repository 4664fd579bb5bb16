"""Logic-grid pages as sites print them: the page form, its phrasing families, value words, refusals.

Solving is checked on sizes up to 5 against brute force; bigger pages are checked as read (their atoms),
since counting them is the engine's business.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import zebra
from puzzles.core import PuzzleError
from puzzles.zebra.model import Gap, HowMany, Place
from puzzles.zebra.reader.vocabulary import category_name

ISSUE_PAGE = """\
There are 3 houses, numbered 1 to 3 from left to right, as seen from across the street. Each house is occupied by \
a different person. Each house has a unique attribute for each of the following characteristics:
 - Each person has a unique name: `Ann`, `Ben`, `Cleo`
 - The people keep unique animals: `cat`, `dog`, `parrot`
 - People have unique favorite drinks: `tea`, `coffee`, `juice`

## Clues:
1. The cat owner is directly left of Ben.
2. The person who drinks juice is in the third house.
3. The dog owner is the person who drinks coffee.
4. There is one house between Ann and Cleo.
5. Cleo is not in the first house.
"""

FOUR = """\
There are 4 houses, numbered 1 to 4 from left to right.
 - Each person has a unique name: `Ann`, `Ben`, `Cleo`, `Dan`
 - The people keep unique animals: `cat`, `dog`, `horse`, `hamster`
 - Each person has a unique flower: `sunflowers`, `roses`, `lilies`, `tulips`

## Clues:
"""


def houses(puzzle) -> list[dict[str, int]]:
    """Every arrangement by brute force, as {value: house} over all categories."""
    per_category = [
        [dict(zip(c.values, order, strict=True)) for order in itertools.permutations(range(puzzle.n))]
        for c in puzzle.categories
    ]
    return [{k: v for part in parts for k, v in part.items()} for parts in itertools.product(*per_category)]


def test_the_issues_page_reads_whole_and_its_answer_is_the_only_one_brute_force_finds():
    puzzle = zebra.parse(ISSUE_PAGE)
    assert [c.name for c in puzzle.categories] == ["Name", "Animal", "Drink"]
    assert puzzle.categories[1].description == "The people keep unique animals"
    assert [clue.canonical for clue in puzzle.clues] == [
        "Animal:cat is immediately to the left of Name:Ben",
        "Drink:juice is in position 3",
        "Animal:dog == Drink:coffee",
        "there is one house between Name:Ann and Name:Cleo",
        "not (Name:Cleo is on the far left)",
    ]
    found = [
        h
        for h in houses(puzzle)
        if h["cat"] == h["Ben"] - 1
        and h["juice"] == 2
        and h["dog"] == h["coffee"]
        and abs(h["Ann"] - h["Cleo"]) == 2
        and h["Cleo"] != 0
    ]
    assert len(found) == 1
    analysis = zebra.analyse(puzzle)
    assert analysis.status == "unique"
    by_house = tuple(tuple(next(v for v in c.values if found[0][v] == o) for c in puzzle.categories) for o in range(3))
    assert (
        analysis.solutions[0]
        == by_house
        == (("Ann", "cat", "tea"), ("Ben", "dog", "coffee"), ("Cleo", "parrot", "juice"))
    )


def test_the_page_reads_the_same_without_backquotes_heading_or_with_other_bullets_and_numbering():
    plain = (
        ISSUE_PAGE.replace("`Ben`, `Cleo`", "`Ben`, and `Cleo`")
        .replace("`", "")
        .replace(" - ", " * ")
        .replace("## Clues:", "**Clues:**")
    )
    assert "Ben, and Cleo" in plain
    for n in range(1, 6):
        plain = plain.replace(f"\n{n}. ", f"\n{n}) ")
    assert zebra.parse(plain) == zebra.parse(ISSUE_PAGE)
    assert zebra.parse(plain.replace("**Clues:**", "")) == zebra.parse(ISSUE_PAGE)


def test_a_clue_wrapped_over_two_lines_of_a_page_reads_as_one():
    wrapped = ISSUE_PAGE.replace("4. There is one house between Ann", "4. There is one house\n   between Ann")
    assert zebra.parse(wrapped) == zebra.parse(ISSUE_PAGE)


def test_the_bundled_page_reads_whole_and_has_one_answer():
    from puzzles.examples import examples

    analysis = zebra.analyse(zebra.parse(examples("zebra")["page"]))
    assert analysis.status == "unique" and all(not note.idle for note in analysis.notes)
    assert analysis.solutions[0][0] == ("Dev", "dane", "jazz", "feb", "cat")
    assert analysis.solutions[0][4] == ("Eli", "brit", "hip hop", "apr", "horse")


def test_the_page_solves_from_the_command_line(tmp_path, capsys):
    import json

    from assistant.cli import main

    path = tmp_path / "page.txt"
    path.write_text(ISSUE_PAGE)
    assert main(["solve", "zebra", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["count"] == 1
    assert report["solutions"][0][2] == {"Name": "Cleo", "Animal": "parrot", "Drink": "juice"}


# ---------------------------------------------------------------- the phrasing families, against brute force


@pytest.mark.parametrize(
    "clue, canonical, holds",
    [
        ("Ann is the cat lover.", "Name:Ann == Animal:cat", lambda h: h["Ann"] == h["cat"]),
        ("Ann is not the cat lover.", "Name:Ann != Animal:cat", lambda h: h["Ann"] != h["cat"]),
        ("The dog owner is in the second house.", "Animal:dog is in position 2", lambda h: h["dog"] == 1),
        ("The dog owner is not in the fourth house.", "not (Animal:dog is in position 4)", lambda h: h["dog"] != 3),
        ("The person who keeps horses is in house 3.", "Animal:horse is in position 3", lambda h: h["horse"] == 2),
        ("Ben is directly left of the hamster enthusiast.", "Name:Ben is immediately to the left of Animal:hamster",
         lambda h: h["Ben"] == h["hamster"] - 1),
        ("Ben is immediately right of Cleo.", "Name:Ben is immediately to the right of Name:Cleo", lambda h: h["Ben"] == h["Cleo"] + 1),
        ("Ben is somewhere to the left of Cleo.", "Name:Ben is somewhere to the left of Name:Cleo",
         lambda h: h["Ben"] < h["Cleo"]),
        ("Ben is somewhere to the right of the person who loves the rose bouquet.",
         "Name:Ben is somewhere to the right of Flower:roses", lambda h: h["Ben"] > h["roses"]),
        ("Ann and Dan are next to each other.", "Name:Ann is next to Name:Dan",
         lambda h: abs(h["Ann"] - h["Dan"]) == 1),
        ("There is one house between Ann and the person who loves the vase of tulips.",
         "there is one house between Name:Ann and Flower:tulips", lambda h: abs(h["Ann"] - h["tulips"]) == 2),
        ("There are two houses between the person with a pet hamster and the person who loves the sunflower bouquet.",
         "there are 2 houses between Animal:hamster and Flower:sunflowers",
         lambda h: abs(h["hamster"] - h["sunflowers"]) == 3),
        ("Ann is two houses to the left of Ben.", "Name:Ann is 2 houses to the left of Name:Ben",
         lambda h: h["Ann"] == h["Ben"] - 2),
        ("The cat lover lives two houses away from Dan.", "Animal:cat is 2 houses away from Name:Dan",
         lambda h: abs(h["cat"] - h["Dan"]) == 2),
        ("Ann lives next door to the dog owner.", "Name:Ann is next to Animal:dog",
         lambda h: abs(h["Ann"] - h["dog"]) == 1),
        ("Ann is not directly right of the dog owner.", "not (Name:Ann is immediately to the right of Animal:dog)",
         lambda h: h["Ann"] != h["dog"] + 1),
        ("Ann and Cleo live three houses apart.", "Name:Ann is 3 houses away from Name:Cleo",
         lambda h: abs(h["Ann"] - h["Cleo"]) == 3),
        ("The horse owner lives in the 2nd house.", "Animal:horse is in position 2", lambda h: h["horse"] == 1),
        ("Cleo is in the first house.", "Name:Cleo is on the far left", lambda h: h["Cleo"] == 0),
        ("The person who loves a bouquet of lilies is not in the third house.", "not (Flower:lilies is in position 3)",
         lambda h: h["lilies"] != 2),
    ],
)  # fmt: skip
def test_each_family_means_what_brute_force_says(clue, canonical, holds):
    puzzle = zebra.parse(FOUR + clue + "\n")
    (read,) = puzzle.clues
    assert read.canonical == canonical
    assert zebra.read_clue(puzzle, read.canonical).atoms == read.atoms  # the echo reads back the same
    analysis = zebra.analyse(puzzle, notes=False, limit=1, budget=None)
    assert analysis.count.value == sum(map(holds, houses(puzzle)))


def test_two_houses_between_is_three_apart_never_the_same_house():
    """The issue's misreading: this clue was echoed as `Animal:hamster == Flower:sunflowers`."""
    puzzle = zebra.parse(FOUR)
    clue = "There are two houses between the person with a pet hamster and the person who loves the sunflower bouquet"
    read = zebra.read_clue(puzzle, clue)
    assert read.atoms == (Gap((1, 3), (2, 0), frozenset({3, -3})),)
    assert "==" not in read.canonical


@pytest.mark.parametrize(
    "clue, words, column",
    [
        ("There are many houses between Ann and Ben", "'There are many houses between'", 1),
        ("Ann is several houses left of Ben", "'several'", 8),
        ("Ann lives opposite Ben", "'opposite'", 11),
        ("The cat lover is three streets away from Dan", "'three streets away'", 18),
        ("Ann is across from the dog owner", "'across'", 8),
    ],
)
def test_a_word_the_reader_does_not_understand_is_refused_not_read_as_same_house(clue, words, column):
    with pytest.raises(PuzzleError) as caught:
        zebra.read_clue(zebra.parse(FOUR), clue)
    assert caught.value.message.startswith(f"cannot read {words}")
    assert caught.value.column == column


# ---------------------------------------------------------------- value words

WORLD = zebra.parse(
    " - The people are of nationalities: `brit`, `dane`, `swede`, `spaniard`, `norwegian`\n"
    " - Each person has a unique birthday month: `jan`, `feb`, `mar`, `sept`, `may`\n"
    " - People have unique favorite music genres: `hip hop`, `jazz`, `rock`, `pop`, `classical`\n"
    " - People own unique car models: `ford f150`, `tesla model 3`, `bmw 3 series`, `toyota camry`, `honda civic`\n"
    " - The people keep unique animals: `horse`, `bird`, `fish`, `cat`, `dog`\n"
)


@pytest.mark.parametrize(
    "clue, canonical",
    [
        ("The British person is the Dane.", "Nationality:brit == Nationality:dane"),
        ("The Brit is not the Danish person.", "Nationality:brit != Nationality:dane"),
        ("The Swedish person is the person whose birthday is in February.", "Nationality:swede == Month:feb"),
        ("The Spanish person is the person who loves hip-hop music.", "Nationality:spaniard == Music:hip hop"),
        ("The NORWEGIAN is the person who loves HIP HOP music.", "Nationality:norwegian == Music:hip hop"),
        ("The person who keeps horses is the person who owns a Ford F-150.", "Animal:horse == Car:ford f150"),
        ("The bird keeper is the person who owns a BMW 3 Series.", "Animal:bird == Car:bmw 3 series"),
        ("The fish enthusiast was born in September.", "Animal:fish == Month:sept"),
        ("The cat lover is the person whose birthday is in March.", "Animal:cat == Month:mar"),
        ("The dog owner owns a Tesla Model 3.", "Animal:dog == Car:tesla model 3"),
        ("The Danes keep a cat.", "Nationality:dane == Animal:cat"),
    ],
)
def test_value_words_other_names_case_hyphens_plurals_and_articles(clue, canonical):
    assert zebra.read_clue(WORLD, clue).canonical == canonical


def test_value_words_go_both_ways_and_articles_may_be_left_out():
    puzzle = zebra.parse(
        "Band: The Beatles, abba, queen\nMonth: February, March, hip-hop\nNation: British, Danish, lily\n"
    )
    read = lambda clue: zebra.read_clue(puzzle, clue).canonical
    assert read("The Beatles fan is the person born in Feb") == "Band:The Beatles == Month:February"
    assert read("The Beatles fan is the Brit") == "Band:The Beatles == Nation:British"
    assert read("The person who loves Beatles is the Dane") == "Band:The Beatles == Nation:Danish"
    assert read("The hip hop lover is the person who loves lilies") == "Month:hip-hop == Nation:lily"


def test_a_word_that_could_be_two_values_is_refused_with_both():
    puzzle = zebra.parse(
        " - Each person has a unique name: `Alice`, `Bob`, `Carol`\n"
        " - Each mother is accompanied by their child: `Alice`, `Fred`, `Meredith`\n"
    )
    shade = zebra.parse("Hair: red, black, grey\nColor: red, blue, green\n")
    with pytest.raises(PuzzleError) as caught:
        zebra.read_clue(shade, "The red person is the blue person")
    assert "did you mean Color:red or Hair:red?" in caught.value.message
    assert zebra.read_clue(shade, "The person with red hair is the blue person").canonical == "Hair:red == Color:blue"
    # a bare name is the person's own: pages name a child with its words
    assert zebra.read_clue(puzzle, "Alice is Fred").canonical == "Name:Alice == Child:Fred"
    # the words around it name the category: no guess is needed
    read = zebra.read_clue(puzzle, "The person's child is named Alice is Bob")
    assert read.canonical == "Child:Alice == Name:Bob"
    assert zebra.read_clue(puzzle, "The person who is the mother of Alice is Bob").canonical == read.canonical
    assert zebra.read_clue(puzzle, "Carol is the person whose child is Alice").canonical == "Name:Carol == Child:Alice"


def test_other_names_that_are_values_themselves_stay_apart():
    puzzle = zebra.parse("Nation: brit, british, dane\nPet: cat, dog, fox\n")
    assert zebra.read_clue(puzzle, "The British person owns the cat").canonical == "Nation:british == Pet:cat"
    assert zebra.read_clue(puzzle, "The Danish person owns the dog").canonical == "Nation:dane == Pet:dog"


# ---------------------------------------------------------------- categories named from their descriptions


@pytest.mark.parametrize(
    "description, name",
    [
        ("Each person has a unique name", "Name"),
        ("The people keep unique animals", "Animal"),
        ("People have unique favorite drinks", "Drink"),
        ("People use unique phone models", "Phone"),
        ("Each person has a favorite color", "Color"),
        ("Each person has a unique birthday month", "Month"),
        ("The people are of nationalities", "Nationality"),
        ("People have unique favorite book genres", "Book"),
        ("Each mother is accompanied by their child", "Child"),
        ("The mothers' names in different houses are unique", "Mother"),
        ("Each person has a unique type of pet", "Pet"),
        ("Each person has a unique level of education", "Education"),
        ("Everyone has something unique for lunch", "Lunch"),
        ("People collect unique antique clocks", "Clock"),
        ("People love unique flower bouquets", "Flower"),
        ("Each person is unique", "Category"),
    ],
)
def test_a_category_is_named_after_the_noun_of_its_description(description, name):
    assert category_name(description, set()) == name


def test_a_name_already_taken_gets_the_whole_phrase():
    assert category_name("People have unique hair colors", {"Color"}) == "Hair color"


def test_a_new_description_reads_its_clues_without_new_code():
    puzzle = zebra.parse(
        " - People collect unique antique clocks: `cuckoo`, `grandfather`, `carriage`\n"
        " - People use unique phone models: `iphone 13`, `google pixel 6`, `oneplus 9`\n"
        "## Clues:\n"
        "1. The person who collects cuckoo clocks is the person who uses a Google Pixel 6.\n"
        "2. The grandfather clock collector is directly left of the iPhone 13 user.\n"
    )
    assert [c.name for c in puzzle.categories] == ["Clock", "Phone"]
    assert [c.canonical for c in puzzle.clues] == [
        "Clock:cuckoo == Phone:google pixel 6",
        "Clock:grandfather is immediately to the left of Phone:iphone 13",
    ]


def test_renaming_a_page_category_keeps_its_description_and_rereads_the_clues():
    puzzle = zebra.set_category(zebra.parse(ISSUE_PAGE), "Beverage: tea, coffee, juice")
    drink = puzzle.categories[2]
    assert (drink.name, drink.description) == ("Beverage", "People have unique favorite drinks")
    assert puzzle.clues[1].canonical == "Beverage:juice is in position 3"
    assert zebra.parse(zebra.format(puzzle)) == puzzle
    assert "Beverage: - People have unique favorite drinks: `tea`, `coffee`, `juice`" in zebra.format(puzzle)


def test_a_page_bullet_typed_again_replaces_its_category_and_a_new_one_is_added_beside():
    puzzle = zebra.parse(ISSUE_PAGE)
    again = zebra.set_category(puzzle, " - The people keep unique animals: `cat`, `dog`, `parrot`")
    assert again == puzzle
    more = zebra.set_category(puzzle, " - People have unique hair colors: `black`, `red`, `grey`")
    assert [c.name for c in more.categories] == ["Name", "Animal", "Drink", "Color"]
    assert zebra.is_category_line(" - People have unique hair colors: `black`, `red`, `grey`")


@pytest.mark.parametrize(
    "text, line, message",
    [
        (ISSUE_PAGE.replace("There are 3", "There are 4"), 1, "the page says '4' houses, but the categories have 3"),
        (ISSUE_PAGE.replace("`dog`, `parrot`", "`dog`"), 3, "Animal has 2 values, Name has 3"),
        (ISSUE_PAGE.replace("`juice`", "`juice`, `milk`, `water`, `cola`, `soda`, `wine`, `beer`"), 4,
         "Drink has 9 values, Name has 3"),
        (ISSUE_PAGE.replace("one house between", "one house beyond"), 10, "cannot read"),
        (ISSUE_PAGE.replace("`Cleo`", "`Cleo`, `Ann`"), 2, "'Ann' appears twice"),
    ],
)  # fmt: skip
def test_bad_pages_are_refused_in_one_line_naming_the_line(text, line, message):
    with pytest.raises(PuzzleError) as caught:
        zebra.parse(text)
    assert caught.value.line == line and message in caught.value.message
    assert "\n" not in str(caught.value)


# ---------------------------------------------------------------- eight by eight, as read

EIGHT = [
    ("Each person has a unique name", "Ann Ben Cleo Dan Eve Finn Gus Hana"),
    ("The people are of nationalities", "brit dane swede spaniard norwegian german chinese japanese"),
    ("Each person has a unique birthday month", "jan feb mar apr may jun jul aug"),
    ("The people keep unique animals", "horse bird fish cat dog rabbit hamster turtle"),
    ("People have unique favorite drinks", "tea coffee milk water juice soda cocoa lemonade"),
    ("Each person has a favorite color", "red green blue yellow white black purple orange"),
    ("People have unique favorite book genres", "mystery fantasy romance biography history poetry horror travel"),
    ("People have unique favorite sports", "soccer tennis golf rugby hockey cricket baseball cycling"),
]


def eight_page(clues: list[str]) -> str:
    bullets = [f" - {d}: " + ", ".join(f"`{v}`" for v in values.split()) for d, values in EIGHT]
    return "There are 8 houses, numbered 1 to 8.\n" + "\n".join(bullets) + "\n## Clues:\n" + "\n".join(clues) + "\n"


def test_an_eight_by_eight_page_reads_with_every_family():
    puzzle = zebra.parse(
        eight_page(
            [
                "1. The German is in the eighth house.",
                "2. Hana is not in the seventh house.",
                "3. There are four houses between the Japanese and the person who loves golf.",
                "4. The turtle owner is somewhere to the right of the person whose favorite color is purple.",
                "5. The person who loves horror books and the lemonade drinker are next to each other.",
                "6. The person whose birthday is in August is directly left of the cocoa lover.",
                "7. The person who loves cycling is the rabbit enthusiast.",
            ]
        )
    )
    assert puzzle.n == 8 and len(puzzle.categories) == 8
    atoms = [clue.atoms[0] for clue in puzzle.clues]
    assert atoms[0] == Place((1, 5), frozenset({7}))
    assert atoms[1] == HowMany((Place((0, 7), frozenset({6})),), 0, 0)
    assert atoms[2] == Gap((1, 7), (7, 2), frozenset({5, -5}))
    assert atoms[3].gaps == frozenset(g for g in range(1, 10)) and (atoms[3].a, atoms[3].b) == ((3, 7), (5, 6))
    assert atoms[4] == Gap((6, 6), (4, 7), frozenset({1, -1}))
    assert atoms[5] == Gap((2, 7), (4, 6), frozenset({-1}))
    assert atoms[6] == Gap((7, 7), (3, 5), frozenset({0}))


# ---------------------------------------------------------------- round trips

DESCRIPTIONS = [d for d, _ in EIGHT] + ["People use unique phone models", "People collect unique antique clocks"]
TEMPLATES = [
    "{a} is {b}.",
    "{a} is not {b}.",
    "{a} is in the {nth} house.",
    "{a} is not in the {nth} house.",
    "{a} is directly left of {b}.",
    "{a} is somewhere to the right of {b}.",
    "{a} and {b} are next to each other.",
    "There is one house between {a} and {b}.",
    "There are two houses between {a} and {b}.",
]
ORDINALS = "first second third fourth fifth sixth seventh eighth".split()


@st.composite
def pages(draw):
    n = draw(st.integers(2, 8))
    k = draw(st.integers(2, 4))
    chosen = draw(st.lists(st.sampled_from(range(len(DESCRIPTIONS))), min_size=k, max_size=k, unique=True))
    lines = [f"There are {n} houses, numbered 1 to {n}."]
    values = []
    for c, d in enumerate(chosen):
        row = [f"v{c}x{chr(97 + i)}" for i in range(n)]
        values += row
        lines.append(f" - {DESCRIPTIONS[d]}: " + ", ".join(f"`{v}`" for v in row))
    lines.append("## Clues:")
    for i in range(draw(st.integers(0, 6))):
        a, b = draw(st.lists(st.sampled_from(values), min_size=2, max_size=2, unique=True))
        template = draw(st.sampled_from(TEMPLATES if n > 3 else TEMPLATES[:7]))
        nth = ORDINALS[draw(st.integers(0, n - 1))]
        lines.append(f"{i + 1}. " + template.format(a=f"the {a} person", b=b, nth=nth))
    return "\n".join(lines) + "\n"


@settings(max_examples=80, deadline=None)
@given(pages())
def test_format_of_a_read_page_reads_back_the_same(text):
    puzzle = zebra.parse(text)
    written = zebra.format(puzzle)
    assert zebra.parse(written) == puzzle
    assert zebra.format(zebra.parse(written)) == written
