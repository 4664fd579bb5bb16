"""The words of logic-grid pages: which carry meaning, which only describe, other names for values, category names.

A clue is read with care for the words that change what it says (`MEANING`:
negations, comparatives, places, numbers, either/or, ...): every one of them
must be read by the phrasing family that reads the clue, or the clue is
refused.  Every other word around the values is the page's story (`the
errand`, `went to the`, `the person who loves @ books`) and is read past,
unless it looks like a misspelt value.  `PHRASES` rewrites the few fixed
phrases whose words would mislead (`left at 9:30am` is departing).
"""

from __future__ import annotations

import re

WORDS = re.compile(r"[a-z]+(?:'[a-z]+)?")

DESCRIBING = frozenset(
    """
    the a an this that these those who whom whose which where what someone somebody one ones only also
    person people persons man woman men women individual resident occupant everyone each every unique many
    lives live living lived resides reside residing stays stay home house houses occupies occupied
    is are was were be been being am has have had having does do did get gets got
    with of in for by at as to from into on who's their his her its they he she it them named called
    name own owns owned owner owners keep keeps kept keeper keepers love loves loved lover lovers loving
    like likes liked enjoy enjoys enjoyed enjoying prefer prefers preferred preferring favorite favourite
    fond partial enthusiast enthusiasts fan fans hobbyist collector drinker drinkers eater smoker smokers
    player driver reader user listener wearer grower homeowner tenant inhabitant dweller gentleman lady guy girl boy
    rear rears raise raises breed breeds sip sips adore adores favor favors favour favours choose chooses works job
    drink drinks drank drunk drinking smoke smokes smoked smoking eat eats ate eaten eating
    play plays played playing drive drives drove driving driven read reading wear wears wore wearing
    use uses used using grow grows grew growing go goes went going listen listens listening
    pet pets type kind sort brand model style styled genre genres music book books color colour
    bouquet boquet arrangement vase bunch aquarium tank degree diploma vacation vacations trip trips
    break breaks retreat retreats tour tours smoothie smoothies lunch dish meal
    mother child son daughter parent born birthday month year old aged age
    painted painting competition took place contract contracts picked pickup up location
    researcher researching research interested interest subject doing studies study student scholarship
    """.split()
)
"""Words that describe a person or a value and say nothing about where it sits."""

AGENTS = frozenset(
    "owner keeper drinker player lover fan enthusiast driver reader smoker eater user wearer grower collector "
    "listener music book books bouquet arrangement".split()
)
"""Who does something with a value, or what it is of: `dog owner` is also found as `dog` (`the person who owns
a dog`), `jazz music` as `jazz`."""

NATIONALITIES = [
    "brit brits briton british britain",
    "dane danes danish denmark",
    "swede swedes swedish sweden",
    "spaniard spaniards spanish spain",
    "norwegian norwegians norway",
    "german germans germany",
    "japanese japan",
    "chinese china",
    "englishman englishmen english england",
    "frenchman frenchmen french france",
    "ukrainian ukrainians ukraine",
    "italian italians italy",
    "american americans",
    "mexican mexicans mexico",
    "russian russians russia",
    "irish irishman ireland",
    "scot scots scottish scotsman scotland",
    "dutch dutchman netherlands holland",
    "pole poles polish poland",
    "indian indians india",
    "canadian canadians canada",
    "brazilian brazilians brazil",
    "australian australians australia",
    "korean koreans korea",
    "greek greeks greece",
    "finn finns finnish finland",
    "swiss switzerland",
    "portuguese portugal",
]
MONTHS = [
    "jan january",
    "feb february",
    "mar march",
    "apr april",
    "jun june",
    "jul july",
    "aug august",
    "sep sept september",
    "oct october",
    "nov november",
    "dec december",
]
OTHER_NAMES = {word: group.split() for group in NATIONALITIES + MONTHS for word in group.split()}
"""Each nationality noun or adjective, country, month name or abbreviation: all the names of the same value."""

GENERIC_HEADS = frozenset(
    "genre genres model models type types kind kinds sort level style brand names name bouquet bouquets".split()
)
NOT_NOUNS = frozenset(
    """
    each every everyone everybody person people persons the a an has have had is are was were be of in for by
    their his her its unique different distinct favorite favourite own owns keep keeps use uses prefer prefers
    prefer like likes love loves something some all and with who whose that which there house houses this
    accompanied lives live occupied same one mother
    """.split()
)
FUNCTION_WORDS = frozenset(
    "each every everyone everybody person people the a an has have is are of in for by their his her its unique "
    "different distinct favorite favourite something some all and with who whose that which there house houses".split()
)


def stem(word: str) -> str:
    """A word without its plural, third-person or possessive ending: `loves` and `love`, `hobbies` and `hobby`."""
    word = word.lower().removesuffix("'s").rstrip("'")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words_of(text: str) -> list[str]:
    return WORDS.findall(text.lower().replace("\u2019", "'"))


def category_name(description: str, taken: set[str]) -> str:
    """The name of a category from its page description: the noun it is about, `Drink` for `unique favorite drinks`.

    The last run of content words is the noun phrase (`birthday month`, `phone
    models`, `mothers' names`; the verb before it is not: `People collect
    unique antique clocks`); its head is the last word unless that is a
    generic one (`models`, `genres`, `type of`); where it is kept (`flowers in
    their foyer`) is not the noun.  A name already taken gets the whole phrase
    (`Hair color` beside `Color`).
    """
    description = re.split(r"\s+(?:in|at|on) (?:their|his|her|the)\s", description)[0]  # `flowers in their foyer`
    words = description.replace("\u2019", "'").split()
    runs: list[list[str]] = [[]]
    for raw in words:
        word = raw.strip('.,;:!?`"()').lower()
        if not word or word in NOT_NOUNS or not word[0].isalpha():
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append(word)
    runs = [run for run in runs if run]
    if not runs:
        return unused("Category", taken)
    run = next((run for run in reversed(runs) if not set(run) <= GENERIC_HEADS), runs[-1])
    head = next((w for w in reversed(run) if w not in GENERIC_HEADS), run[-1])
    phrase = [stem(w) for w in run[: run.index(head) + 1]]
    for name in (stem(head), " ".join(phrase)):
        if name.capitalize().lower() not in {t.lower() for t in taken}:
            return name.capitalize()
    return unused(" ".join(phrase).capitalize(), taken)


def unused(name: str, taken: set[str]) -> str:
    lowered = {t.lower() for t in taken}
    if name.lower() not in lowered:
        return name
    return next(f"{name} {i}" for i in range(2, len(taken) + 3) if f"{name} {i}".lower() not in lowered)


MEANING = frozenset(
    stem(word)
    for word in """
    not never no n't nobody none nothing neither nor either or both but and than same different distinct other
    only except unless if instead unlike all each every exactly least most twice half double triple immediately
    directly following preceding succeeding subsequent previous without lacking lacks lacked excluding besides
    similar near toward towards respectively consecutive combined total sum equal identical sooner differ differs
    unequal alike otherwise rather
    left right next door beside adjacent neighbour neighbor between middle centre center end far first last second
    third fourth fifth sixth seventh eighth ninth tenth leftmost rightmost odd even parity position
    two three four five six seven eight nine ten eleven twelve hundred thousand million #
    more less fewer bigger larger higher greater longer later after older taller heavier faster richer dearer
    farther further pricier costlier wider deeper louder quieter softer newer hotter warmer behind smaller lower
    shorter earlier before
    younger lighter slower poorer cheaper closer nearer narrower shallower cooler colder ahead beat beats
    expensive exceed exceeds exceeded precede precedes preceded follow follows followed trail trails trailed
    outscore outscored outsold outsell topped above below under over until since prior
    cheapest earliest latest oldest youngest tallest shortest heaviest lightest highest lowest largest smallest
    biggest longest fastest slowest greatest priciest closest farthest nearest fewest
    outspent outspend outscore outran outrun outsold outlasted outlast outdid outdo outbid outpaced outpace
    outweighed outweigh outperformed outperform outranked outrank outgrew outlived surpass surpassed lead led
    short
    many several few opposite across away apart facing diagonal diagonally beyond there
    """.split()
) | {"isn't", "doesn't", "don't", "wasn't", "weren't", "didn't", "aren't", "won't", "hasn't", "haven't", "hadn't"}
"""Words that change what a clue says: a family must read every one of them, or the clue is refused.

Every other word around the values is the page's story (`errand`, `paid`,
`went to the`) and is read past; a word here that no family reads is how a
clue is refused rather than misread.
"""

PHRASES = (
    (r"(?<!the )(?<!far )(?<!to )\bleft (?!of\b|or\b|side\b|end\b|and\b)", "went "),  # departed, not a side
    (r"\b(?:fell |landed |came up |ended )?short of\b", "less than"),
    (r"\bposition(?!s? (?:#|\d))", "post"),  # `the copywriter position`: a job; `position 3` is a place
    (r"\bfirst (?=seen|built|held|made|sold|won|run|found|flown|written|drawn|shown|begun|\w+ed\b)", ""),
    (
        r"\b(?:sometime|some time|at some point|somewhat|any time) (?=before|after|earlier|later|more|less|fewer|\w+er\b)",
        "",
    ),
    (r"\b(is|was|does|did|do|are|were|has|have|had|wo|ca)nt\b", r"\1n't"),  # `wasnt`: typed without its apostrophe
    (r"\b(who|one) only (?=[a-z]+s\b)", r"\1 "),  # `the one who only drinks water`: the drinker, not `only` one
    (r"\bmany unique (?=@)", ""),  # `the person who smokes many unique blends`: a value's name, not a count
    (r"\bright (?=after|before|behind|ahead)", "immediately "),  # `the month right after`: no side
    (r"\bthe winner\b(?! of)", "the first"),
    (r"\b(?:has|had|have) nothing to do with\b", "is not"),
    (r"\bled by (?=@)", "with "),  # `the squad led by Captain Holt`: whose, not who came first
    (r"\blast (?=season|year|week|month|night|time|summer|winter|spring|fall|autumn|weekend)", ""),
    (r"\b(?:end|ends|ended|ending) up(?: with)?\b", ""),
    (r"\bonce every (?=@)", ""),  # `comes back once every 12 years`: the period is the value
    (r"\bthe right (?=answers?\b|choices?\b|ways?\b|words?\b|solutions?\b)", "the correct "),  # not a side
    (r"\bmost recent\b", "latest"),
    (r"\bmore recent\b", "later"),
    (r"\bleast recent\b", "earliest"),
    (r"\bless recent\b", "earlier"),
    (r"\bnewest\b", "latest"),
    (r"\bthe same (?:\w+ )?as\b", ""),  # `is not the same as`, `costs the same as`: is, is not
    (r"\bmore expensive\b", "pricier"),
    (r"\bmost expensive\b", "priciest"),
    (r"\bleast expensive\b", "cheapest"),
    (r"\bless expensive\b", "cheaper"),
    (r"\b(?:finished|came|placed|ended up) (?=ahead|behind)", ""),
)
"""Fixed phrases rewritten in the skeleton before it is read: what they mean in the words the families know."""
