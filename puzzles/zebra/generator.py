"""Generated houses-in-a-row puzzles, unique by construction, in the wording of published pages.

A random hidden solution first; then true clues drawn from the families
pages use (same, not same, in the k-th house or not, directly left or right,
somewhere left or right, next to, k houses between) until the clues leave
one solution; then each clue whose removal keeps it unique is dropped.  A
seeded `numpy.random.Generator` makes every puzzle reproducible.

`page` writes a puzzle as such pages do ("There are 6 houses, ... ## Clues:"),
each category from a description with its own noun phrases ("the person who
keeps X", "the X lover", ...); `formal` writes it in the `Category: values`
form with clues in canonical syntax, when every clue has one; `benchmark` as a
houses benchmark prints it (`Q:`, `one keeps a cat, one is a dog owner, ...`,
`Clue(s):`, a house question with its choices, `A:`).  Together they are the
tests' regression corpus of phrasing families.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzles.zebra.count.search import up_to_two
from puzzles.zebra.model import Atom, Category, Clue, Gap, HowMany, Place, Puzzle, Ref, differ, same

ORDINALS = "first second third fourth fifth sixth seventh eighth".split()
NUMBERS = "one two three four five six seven eight".split()


@dataclass(frozen=True)
class Theme:
    """A category as pages describe it: its name, the header line, its values, how a clue names a value."""

    name: str
    header: str
    values: tuple[str, ...]
    phrases: tuple[str, ...]  # "{v}" is the value; "{a}" its article a/an; "{w}" the word for it
    words: tuple[str, ...] = ()  # per value, the word pages use for it (British for `brit`), if other
    one: tuple[str, ...] = ()  # how a houses benchmark gives the values: `one keeps {a} {v}`, in turn


THEMES = (
    Theme("Name", "Each person has a unique name",
          ("Alice", "Bob", "Carol", "David", "Eric", "Fiona", "Grace", "Henry"), ("{v}",)),
    Theme("Animal", "The people keep unique animals",
          ("cat", "dog", "bird", "fish", "horse", "rabbit", "hamster", "turtle"),
          ("the {v} owner", "the person who owns {a} {v}", "the person who keeps {a} {v}"),
          one=("keeps {a} {v}", "is {a} {v} owner", "only keeps {a} {v}", "owns {a} {v}")),
    Theme("Drink", "People have unique favorite drinks",
          ("tea", "coffee", "milk", "water", "juice", "soda", "lemonade", "cocoa"),
          ("the person who drinks {v}", "the {v} lover"),
          one=("drinks {v}", "is {a} {v} drinker", "only drinks {v}", "enjoys {v}")),
    Theme("Color", "Each person has a unique favorite color",
          ("red", "green", "blue", "yellow", "white", "purple", "orange", "pink"),
          ("the person whose favorite color is {v}", "the person who loves {v}"),
          one=("likes {v}", "'s favorite color is {v}", "loves {v}")),
    Theme("Phone", "People use unique phone models",
          ("iphone 13", "pixel 6", "galaxy s21", "oneplus 9", "xperia 5", "moto g", "nokia 8", "huawei p50"),
          ("the person who uses {a} {v}", "the {v} owner")),
    Theme("Month", "Each person has a unique birthday month",
          ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug"),
          ("the person born in {w}", "the person whose birthday is in {v}"),
          ("January", "February", "March", "April", "May", "June", "July", "August")),
    Theme("Nationality", "People are of unique nationalities",
          ("brit", "dane", "swede", "german", "norwegian", "spaniard", "japanese", "chinese"),
          ("the {w} person", "the {v}"),
          ("British", "Danish", "Swedish", "German", "Norwegian", "Spanish", "Japanese", "Chinese")),
    Theme("Book", "People have unique favorite book genres",
          ("mystery", "fantasy", "romance", "science fiction", "biography", "history", "poetry", "horror"),
          ("the person who loves {v} books", "the {v} book enthusiast"),
          one=("loves {v} books", "only reads {v} books", "is {a} {v} fan")),
    Theme("Music", "People have unique favorite music genres",
          ("jazz", "rock", "pop", "classical", "hip hop", "country", "blues", "reggae"),
          ("the {v} lover", "the person who loves {v} music"),
          one=("loves {v} music", "is {a} {v} fan", "listens to {v}")),
    Theme("Hobby", "Each person has a unique hobby",
          ("painting", "gardening", "cooking", "hiking", "chess", "knitting", "fishing", "dancing"),
          ("the {v} enthusiast", "the person who enjoys {v}"),
          one=("enjoys {v}", "is {a} {v} enthusiast", "loves {v}")),
    Theme("Child", "Each mother is accompanied by their child",
          ("Timothy", "Meredith", "Samantha", "Bella", "Fred", "Alice", "Oscar", "Nina"),
          ("the person whose child is named {v}", "the person who is the mother of {v}")),
    Theme("Flower", "People love unique flower bouquets",
          ("roses", "tulips", "lilies", "daisies", "orchids", "sunflowers", "carnations", "irises"),
          ("the person who loves the {v} bouquet", "the person who loves a bouquet of {v}"),
          one=("has a bouquet of {v}", "has a vase of {v}", "loves {v}")),
)  # fmt: skip

WEIGHTS = {"in house": 0.4, "not in house": 0.4}
"""Pages place few values outright: most clues relate two values."""
FAMILIES = ("same", "not same", "in house", "not in house", "directly left", "directly right",
            "somewhere left", "somewhere right", "next to", "houses between")  # fmt: skip
FORMAL_FAMILIES = FAMILIES[:-1]
"""The families the `Category:value` syntax can write (there is no formal "k houses between")."""


@dataclass(frozen=True)
class Spoken:
    """A clue: its atom, how a page says it (values as `{0}`, `{1}`), and its canonical syntax if it has one."""

    atom: Atom
    refs: tuple[Ref, ...]
    page: str
    formal: str | None


@dataclass(frozen=True)
class Generated:
    puzzle: Puzzle
    themes: tuple[Theme, ...]
    clues: tuple[Spoken, ...]
    solution: tuple[tuple[str, ...], ...]  # per house, per category
    phrases: tuple[int, ...]  # per category, which of its theme's phrases the page uses

    def answer(self) -> list[dict[str, str]]:
        names = [c.name for c in self.puzzle.categories]
        return [dict(zip(names, row, strict=True)) for row in self.solution]


SPOKEN = tuple(theme for theme in THEMES if theme.one)
"""The themes a houses benchmark's page can give as `one keeps a cat, one is a dog owner, ...`."""


def generate(
    rng: np.random.Generator,
    n: int,
    categories: int,
    families: tuple[str, ...] = FAMILIES,
    work: int = 200_000,
    themes_from: tuple[Theme, ...] = THEMES,
) -> Generated:
    """A unique n-house puzzle over `categories` themes, its clues from `families`."""
    themes = tuple(themes_from[i] for i in sorted(rng.choice(len(themes_from), size=categories, replace=False)))
    chosen = [tuple(sorted(rng.choice(8, size=n, replace=False))) for _ in themes]
    cats = tuple(Category(t.name, tuple(t.values[i] for i in pick)) for t, pick in zip(themes, chosen, strict=True))
    where = [[int(o) for o in rng.permutation(n)] for _ in cats]  # where[c][v]: the house of value v
    base = Puzzle(cats)
    clues: list[Spoken] = []
    while up_to_two(with_clues(base, clues), work) != 1:
        clues.append(draw_clue(rng, base, where, families))
    order = [int(i) for i in rng.permutation(len(clues))]
    for i in order:
        trial = [c for j, c in enumerate(clues) if j != i and c is not None]
        if up_to_two(with_clues(base, trial), work) == 1:
            clues[i] = None
    kept = tuple(c for c in clues if c is not None)
    solution = tuple(tuple(cat.values[where[c].index(o)] for c, cat in enumerate(cats)) for o in range(n))
    phrases = tuple(int(rng.integers(len(t.phrases))) for t in themes)
    return Generated(with_clues(base, kept), themes, kept, solution, phrases)


def with_clues(base: Puzzle, clues: list[Spoken] | tuple[Spoken, ...]) -> Puzzle:
    made = []
    for spoken in clues:
        names = [base.name(ref) for ref in spoken.refs]
        text = spoken.formal.format(*names) if spoken.formal else spoken.page.format(*names)
        made.append(Clue(text, text, (spoken.atom,)))
    return Puzzle(base.categories, tuple(made))


def draw_clue(rng: np.random.Generator, puzzle: Puzzle, where: list[list[int]], families: tuple[str, ...]) -> Spoken:
    """A true clue about the hidden solution, of a random family."""
    n, count = puzzle.n, len(puzzle.categories)
    while True:
        weights = np.array([WEIGHTS.get(f, 1.0) for f in families])
        family = families[int(rng.choice(len(families), p=weights / weights.sum()))]
        a = (int(rng.integers(count)), int(rng.integers(n)))
        b = (int(rng.integers(count)), int(rng.integers(n)))
        at = lambda ref: where[ref[0]][ref[1]]
        gap = at(a) - at(b)
        if family == "in house":
            return Spoken(Place(a, frozenset({at(a)})), (a,), f"{{0}} is in the {ORDINALS[at(a)]} house",
                          f"{{0}} is in position {at(a) + 1}")  # fmt: skip
        if family == "not in house":
            k = int(rng.integers(n))
            if k == at(a):
                continue
            return Spoken(HowMany((Place(a, frozenset({k})),), 0, 0), (a,),
                          f"{{0}} is not in the {ORDINALS[k]} house", f"{{0}} is not in position {k + 1}")  # fmt: skip
        if a[0] == b[0]:
            continue
        if family == "same":
            b = next((b[0], v) for v in range(n) if where[b[0]][v] == at(a))
            return Spoken(same(a, b), (a, b), "{0} is {1}", "{0} == {1}")
        if family == "not same" and gap != 0:
            return Spoken(differ(a, b), (a, b), "{0} is not {1}", "{0} != {1}")
        if family == "directly left" and gap == -1:
            return Spoken(
                Gap(a, b, frozenset({-1})), (a, b), "{0} is directly left of {1}", "{0} is on the left of {1}"
            )
        if family == "directly right" and gap == 1:
            return Spoken(
                Gap(a, b, frozenset({1})), (a, b), "{0} is directly right of {1}", "{0} is on the right of {1}"
            )
        if family == "somewhere left" and gap < 0:
            return Spoken(Gap(a, b, LEFT), (a, b), "{0} is somewhere to the left of {1}",
                          "{0} is somewhere to the left of {1}")  # fmt: skip
        if family == "somewhere right" and gap > 0:
            return Spoken(Gap(a, b, RIGHT), (a, b), "{0} is somewhere to the right of {1}",
                          "{0} is somewhere to the right of {1}")  # fmt: skip
        if family == "next to" and abs(gap) == 1:
            return Spoken(Gap(a, b, frozenset({-1, 1})), (a, b), "{0} and {1} are next to each other",
                          "{0} is on the left or right of {1}")  # fmt: skip
        if family == "houses between" and abs(gap) >= 2:
            k = abs(gap) - 1
            words = "There is one house between {0} and {1}" if k == 1 else (
                f"There are {NUMBERS[k - 1]} houses between {{0}} and {{1}}")  # fmt: skip
            return Spoken(Gap(a, b, frozenset({gap, -gap})), (a, b), words, None)


LEFT = frozenset(range(-9, 0))
RIGHT = frozenset(range(1, 10))


# ---------------------------------------------------------------- writing it out


def noun(generated: Generated, ref: Ref, said: bool = False) -> str:
    """How the page names a value: the category's phrase with the value (and its article) filled in; `said`:
    as the person who does what the benchmark's sentence says (`the one who only drinks water`)."""
    theme = generated.themes[ref[0]]
    value = generated.puzzle.categories[ref[0]].values[ref[1]]
    if said and theme.one:
        doing = one_has(theme, value, ref[1]).removeprefix("one")
        if doing.startswith("'s"):  # `one's favorite color is red`: the person whose favorite color is red
            return "the person whose" + doing.removeprefix("'s")
        return f"the one who{doing}"
    phrase = theme.phrases[generated.phrases[ref[0]]]
    word = theme.words[theme.values.index(value)] if theme.words else value
    return phrase.format(v=value, a=article(value), w=word)


def sentence(generated: Generated, spoken: Spoken, said: bool = False) -> str:
    text = spoken.page.format(*(noun(generated, ref, said) for ref in spoken.refs)) + "."
    return text[0].upper() + text[1:]


def page(generated: Generated, said: bool = False) -> str:
    """The puzzle as published pages print it; `said`: each value named as `the one who ...` does it."""
    n = generated.puzzle.n
    lines = [
        f"There are {n} houses, numbered 1 to {n} from left to right, as seen from across the street. "
        "Each house is occupied by a different person. "
        "Each house has a unique attribute for each of the following characteristics:"
    ]
    for theme, category in zip(generated.themes, generated.puzzle.categories, strict=True):
        lines.append(f" - {theme.header}: " + ", ".join(f"`{v}`" for v in category.values))
    lines += ["", "## Clues:"]
    lines += [f"{i}. {sentence(generated, spoken, said)}" for i, spoken in enumerate(generated.clues, 1)]
    return "\n".join(lines) + "\n"


BENCHMARK_VERBS = (
    (" is in the ", " lives in the "),
    (" is not in the ", " does not live in the "),
    (" is directly left of ", " lives directly left of "),
    (" is directly right of ", " lives directly right of "),
    (" is somewhere to the left of ", " lives somewhere to the left of "),
    (" is somewhere to the right of ", " lives somewhere to the right of "),
    (" are next to each other", " live directly next to each other"),
    ("between {0} and {1}", "between where {0} lives and where {1} lives"),
)
"""A page's relation words, and how a houses benchmark says them."""


def benchmark(generated: Generated, asked: Ref) -> str:
    """The puzzle as a houses benchmark prints it: `Q:`, one sentence per category giving each value to `one`,
    `Clue(s):`, a question about the house of `asked` with its choices, and `A:` for the answer."""
    n = generated.puzzle.n
    lines = [
        f"Q: There are {n} houses in a row, numbered 1 on the left to {n} on the right. There is one person living "
        "in each house. The people in these houses have different characteristics:"
    ]
    for theme, category in zip(generated.themes, generated.puzzle.categories, strict=True):
        said = [one_has(theme, value, i) for i, value in enumerate(category.values)]
        lines.append(f" - {theme.header.replace('unique', 'different')}: {', '.join(said[:-1])}, and {said[-1]}")
    lines += ["", "Clue(s):"]
    for i, spoken in enumerate(generated.clues, 1):
        words = spoken.page
        for page_words, benchmark_words in BENCHMARK_VERBS:
            words = words.replace(page_words, benchmark_words)
        lines.append(f"{i}. {sentence(generated, Spoken(spoken.atom, spoken.refs, words, spoken.formal))}")
    lines += ["", f"What is the number of the house where {noun(generated, asked)} lives?"]
    lines += [f"  choice: {house}" for house in range(n, 0, -1)]
    return "\n".join([*lines, "A:"]) + "\n"


def one_has(theme: Theme, value: str, turn: int) -> str:
    said = theme.one[turn % len(theme.one)]
    word = theme.words[theme.values.index(value)] if theme.words else value
    return "one" + ("" if said.startswith("'") else " ") + said.format(v=value, a=article(value), w=word)


def article(value: str) -> str:
    return "an" if value[0].lower() in "aeiou" else "a"


def formal(generated: Generated) -> str | None:
    """The puzzle in the `Category: values` form with canonical clues (None: a clue has no such form)."""
    if any(spoken.formal is None for spoken in generated.clues):
        return None
    lines = [f"{c.name}: {', '.join(c.values)}" for c in generated.puzzle.categories]
    lines += [f"{i}. {clue.text}" for i, clue in enumerate(generated.puzzle.clues, 1)]
    return "\n".join(lines) + "\n"


def answer_text(generated: Generated) -> str:
    """The answer as a table, one row per category, one column per house (as the quint-t corpus prints it)."""
    names = [c.name for c in generated.puzzle.categories]
    width = max(map(len, names))
    columns = [max(len(v) for v in row) for row in generated.solution]
    head = f"| {'':<{width}} | " + " | ".join(f"{o + 1:<{w}}" for o, w in enumerate(columns)) + " |"
    rows = [
        f"| {name:<{width}} | "
        + " | ".join(f"{row[c]:<{w}}" for row, w in zip(generated.solution, columns, strict=True))
        + " |"
        for c, name in enumerate(names)
    ]
    return "\n".join([head, *rows]) + "\n"
