"""The puzzle file and the clue language: the corpus's formal forms and plain English.

A file has category lines (`Colour: red, green, ivory`), an optional
`key: Name` line, then one clue per line (numbered or not, `#` comments).
A clue is read in two steps.  First every value it names is found, written
`Category:value` or bare (`the red house`, `Chesterfields`), and replaced by
`@`; what is left is the clue's skeleton (`the @ lives in the @ house`).
Then the skeleton is matched: against the formal forms of the
logic-grid-quint-t corpus first, then against the phrasing families of
puzzle books (next to, immediately left of, either-or, one-the-other,
comparatives, ...).  Every clue is echoed back in canonical form, itself a
formal clue, so a person sees how it was read.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from puzzles.core import PuzzleError, read_number, reads_text, shown
from puzzles.numbergrid import Line
from puzzles.zebra.model import (
    Atom,
    Between,
    Category,
    Clue,
    Compare,
    Count,
    Gap,
    Place,
    Puzzle,
    Ref,
    differ,
    same,
)

MAX_VALUES = 5  # 5! = 120 arrangements: a three-category table has 1.7M entries; 6 would make it 373M
MAX_CATEGORIES = 8  # printed grids have 3 to 6; at 10 the count of solutions no longer fits 64 bits
MAX_CLUES = 100  # printed puzzles have up to about 40; each is read and propagated on every edit
MAX_NAME = 40  # characters of a category name or value, which messages quote

NUMBER_WORDS = dict(zip("one two three four five six seven eight nine ten".split(), range(1, 11), strict=True))
ORDINALS = dict(
    zip("first second third fourth fifth sixth seventh eighth ninth tenth".split(), range(1, 11), strict=True)
)
MORE = "more bigger larger higher greater longer later after older taller heavier faster richer dearer".split()
LESS = "less fewer smaller lower shorter earlier before beat beats younger lighter slower poorer cheaper".split()
AMOUNT = re.compile(
    r"\b(\d+)\s+(?:[a-z$]+\s+)?(?:" + "|".join(MORE + LESS) + r")\b",
    re.IGNORECASE,
)
CATEGORY_LINE = re.compile(r"\s*([A-Za-z][\w &'-]*?)\s*:\s+(.*\S)\s*$")
KEY_LINE = re.compile(r"\s*key\s*:\s*(.*?)\s*$", re.IGNORECASE)
NUMBERING = re.compile(r"\s*\d+\s*[.)]\s+")
IGNORED = re.compile(r"\s*(#|\.::|\||={3,})")
WORD = re.compile(r"[A-Za-z][\w&'-]*")
STOP = set(
    "the a an of in is are was were and or not nor to on at with who that which one other lives live man woman "
    "person house houses drinks drink smokes smoke owns own has have either neither than somewhere".split()
)


# ---------------------------------------------------------------- files


@reads_text
def parse(text: str) -> Puzzle:
    categories: list[tuple[Line, Category]] = []
    key: tuple[Line, str] | None = None
    clues: list[Line] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = Line(number, raw.replace("\u2019", "'"))
        if not raw.strip() or IGNORED.match(raw):
            continue
        if match := KEY_LINE.fullmatch(line.text):
            key = (line, match.group(1))
        elif (category := category_of(line.text)) is not None:
            categories.append((line, category))
        else:
            clues.append(line)
    puzzle = checked_categories(categories, key)
    for line in clues:
        try:
            puzzle = add_clue(puzzle, line.text)
        except PuzzleError as error:
            raise PuzzleError(error.message, line=line.number, column=error.column) from None
    return puzzle


def category_of(text: str) -> Category | None:
    """`Name: v1, v2, ...` as a category, or None when the line is not one."""
    match = CATEGORY_LINE.fullmatch(text)
    if match is None:
        return None
    return Category(match.group(1).strip(), tuple(v.strip() for v in match.group(2).split(",")))


def checked_categories(found: list[tuple[Line, Category]], key: tuple[Line, str] | None) -> Puzzle:
    if not found:
        raise PuzzleError("no categories: start with lines like 'Colour: red, green, blue'", line=1, column=1)
    if len(found) > MAX_CATEGORIES:
        raise PuzzleError(f"a puzzle has at most {MAX_CATEGORIES} categories", line=found[MAX_CATEGORIES][0].number)
    n = len(found[0][1].values)
    names: set[str] = set()
    for line, category in found:
        where = {"line": line.number, "column": 1}
        if any(len(name) > MAX_NAME for name in (category.name, *category.values)):
            raise PuzzleError(f"names and values have at most {MAX_NAME} characters", **where)
        if len(category.values) != n:
            raise PuzzleError(
                f"{category.name} has {len(category.values)} value{'s' * (len(category.values) != 1)}, "
                f"{found[0][1].name} has {n}: "
                "every category needs as many values as there are objects",
                **where,
            )
        if not 2 <= n <= MAX_VALUES:
            raise PuzzleError(f"a category has 2 to {MAX_VALUES} values, not {n}", **where)
        if category.name.lower() in names:
            raise PuzzleError(f"category {shown(category.name)} is named twice", **where)
        names.add(category.name.lower())
        lowered = [v.lower() for v in category.values]
        for value in category.values:
            if not value or not re.fullmatch(r"[\w&'. -]+", value):
                raise PuzzleError(f"{shown(value)} is not a value: use letters, digits, spaces, '-' or '&'", **where)
            if lowered.count(value.lower()) > 1:
                raise PuzzleError(f"{shown(value)} appears twice in {shown(category.name)}", **where)
    categories = tuple(category for _, category in found)
    key_index = None
    if key is not None:
        line, name = key
        key_index = next((i for i, c in enumerate(categories) if c.name.lower() == name.lower()), None)
        if key_index is None:
            raise PuzzleError(
                f"key {shown(name)} is not a category{did_you_mean(name, [c.name for c in categories])}",
                line=line.number,
                column=line.text.index(name, line.text.index(":")) + 1,
            )
    return Puzzle(categories, (), key_index)


def format(puzzle: Puzzle) -> str:
    lines = [f"{c.name}: {', '.join(c.values)}" for c in puzzle.categories]
    if puzzle.key is not None:
        lines.append(f"key: {puzzle.categories[puzzle.key].name}")
    lines += [f"{i}. {clue.text}" for i, clue in enumerate(puzzle.clues, 1)]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- editing


def add_clue(puzzle: Puzzle, text: str, at: int | None = None) -> Puzzle:
    """The puzzle with one more clue (at the end, or at index `at`)."""
    if len(puzzle.clues) >= MAX_CLUES:
        raise PuzzleError(f"a puzzle has at most {MAX_CLUES} clues", column=1)
    clue = read_clue(puzzle, text)
    clues = list(puzzle.clues)
    clues.insert(len(clues) if at is None else at, clue)
    return replace(puzzle, clues=tuple(clues))


def remove_clue(puzzle: Puzzle, index: int) -> Puzzle:
    return replace(puzzle, clues=puzzle.clues[:index] + puzzle.clues[index + 1 :])


def move_clue(puzzle: Puzzle, index: int, to: int) -> Puzzle:
    clues = list(puzzle.clues)
    clues.insert(to, clues.pop(index))
    return replace(puzzle, clues=tuple(clues))


def set_category(puzzle: Puzzle, text: str) -> Puzzle:
    """Add or replace (by name) a category typed as `Name: v1, v2, ...`; the clues are read again."""
    category = category_of(text)
    if category is None:
        raise PuzzleError("a category is 'Name: value, value, ...'", column=1)
    found = [c for c in puzzle.categories if c.name.lower() != category.name.lower()]
    index = next((i for i, c in enumerate(puzzle.categories) if c.name.lower() == category.name.lower()), len(found))
    found.insert(index, category)
    key = None if puzzle.key is None else (Line(1, "key: "), puzzle.categories[puzzle.key].name)
    fresh = checked_categories([(Line(1, text), c) for c in found], key)
    for number, clue in enumerate(puzzle.clues, 1):
        try:
            fresh = add_clue(fresh, clue.text)
        except PuzzleError as error:
            raise PuzzleError(f"clue {number} no longer reads: {error.message}", column=1) from None
    return fresh


def is_category_line(text: str) -> bool:
    return category_of(text) is not None and not KEY_LINE.fullmatch(text)


# ---------------------------------------------------------------- finding values


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    ref: Ref


@lru_cache(maxsize=16)
def value_finder(categories: tuple[Category, ...]) -> tuple[dict[str, frozenset[Ref]], re.Pattern]:
    """Every way a value may be written, lower-cased, and one pattern that finds them, longest first.

    The forms are `Category:value`, the value and its plurals.  Built once per
    set of categories, not once per clue: it was three quarters of reading.
    """
    exact: dict[str, set[Ref]] = {}
    for c, category in enumerate(categories):
        for v, value in enumerate(category.values):
            exact.setdefault(f"{category.name}:{value}".lower(), set()).add((c, v))
            exact.setdefault(value.lower(), set()).add((c, v))
    forms = {form: set(refs) for form, refs in exact.items()}
    for form, refs in exact.items():
        if ":" in form or len(form) < 3:
            continue
        for variant in inflections(form):
            if variant not in exact:
                forms.setdefault(variant, set()).update(refs)
    pattern = re.compile(
        r"(?<![\w&-])(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + r")(?![\w&-])",
        re.IGNORECASE,
    )
    return {form: frozenset(refs) for form, refs in forms.items()}, pattern


def inflections(word: str) -> list[str]:
    if word.endswith("s"):
        return [word[:-1], word + "es"]
    if word.endswith("y"):
        return [word + "s", word[:-1] + "ies"]
    return [word + "s", word + "es"]


def find_mentions(puzzle: Puzzle, body: str, skip: list[tuple[int, int]]) -> list[Mention]:
    forms, pattern = value_finder(puzzle.categories)
    mentions = []
    for match in pattern.finditer(body):
        if any(a <= match.start() < b for a, b in skip):
            continue
        refs = forms[match.group().lower()]
        if len(refs) > 1:
            options = " or ".join(sorted(puzzle.name(r) for r in refs))
            raise PuzzleError(
                f"{shown(match.group())} could be {options}: write Category:value", column=match.start() + 1
            )
        mentions.append(Mention(match.start(), match.end(), next(iter(refs))))
    check_formal_refs(puzzle, body, mentions)
    return mentions


def check_formal_refs(puzzle: Puzzle, body: str, mentions: list[Mention]) -> None:
    """A `Name:value` that was not found is a typo: say which part is wrong."""
    found = {m.start for m in mentions}
    names = {c.name.lower(): c for c in puzzle.categories}
    for match in re.finditer(r"(?<![\w&-])([A-Za-z][\w&-]*):([\w&-]+)", body):
        if match.start() in found:
            continue
        name, value = match.group(1), match.group(2)
        category = names.get(name.lower())
        if category is None:
            hint = did_you_mean(name, [c.name for c in puzzle.categories])
            raise PuzzleError(f"no category {shown(name)}{hint}", column=match.start() + 1)
        hint = did_you_mean(value, list(category.values))
        raise PuzzleError(f"{shown(category.name)} has no value {shown(value)}{hint}", column=match.start(2) + 1)


def did_you_mean(word: str, choices: list[str]) -> str:
    lowered = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f": did you mean {shown(lowered[close[0]])}?" if close else ""


def unknown_word(puzzle: Puzzle, body: str, mentions: list[Mention]) -> tuple[int, str] | None:
    """For a clue with too few values: the word that looks like a misspelt value, its column and the hint."""
    vocabulary = [v for c in puzzle.categories for v in c.values]
    taken = [(m.start, m.end) for m in mentions]
    for match in WORD.finditer(body):
        word = match.group()
        if word.lower() in STOP or any(a <= match.start() < b for a, b in taken):
            continue
        if hint := did_you_mean(word, vocabulary):
            return match.start() + 1, f"; {shown(word)} is not a value{hint}"
    return None


# ---------------------------------------------------------------- reading a clue


@dataclass
class Reading:
    """A clue being read: its values in order and its skeleton."""

    puzzle: Puzzle
    mentions: list[Mention]
    skeleton: str
    amount: int | None

    @property
    def refs(self) -> list[Ref]:
        return [m.ref for m in self.mentions]

    def has(self, pattern: str) -> re.Match | None:
        return re.search(pattern, self.skeleton)

    def name(self, ref: Ref) -> str:
        return self.puzzle.name(ref)


Said = list[tuple[Atom | None, str]]
"""Atoms with their canonical text; None for a clue that only states a fact (`There are five houses`)."""


def read_clue(puzzle: Puzzle, text: str) -> Clue:
    """Read one clue; a clue it cannot read raises PuzzleError with the column and what was expected."""
    body = text.replace("\u2019", "'").strip()
    offset = len(text) - len(text.lstrip())
    if numbering := NUMBERING.match(body):
        offset += numbering.end()
        body = body[numbering.end() :]
    body = body.rstrip(" .!")
    if not body:
        raise PuzzleError("an empty clue", column=1)
    said = read_clauses(puzzle, body, borrowing_only=True)
    if said is None:
        try:
            said = read_sentence(puzzle, body)
        except PuzzleError as error:
            said = read_clauses(puzzle, body, borrowing_only=False)
            if said is None:
                raise PuzzleError(error.message, column=(error.column or 1) + offset) from None
    return Clue(body, "; ".join(text for _, text in said), tuple(atom for atom, _ in said if atom is not None))


def read_clauses(puzzle: Puzzle, body: str, borrowing_only: bool) -> Said | None:
    """Two clauses joined by `and`: `Ada beat the Taylor, and the Van Gogh beat Vera`.

    A second clause that starts with a verb borrows the first one's subject
    (`Eilen painted a Constable and was not last`); such a split is tried
    before the whole sentence, which would otherwise misread it.
    """
    for joint in re.finditer(r",? and |; ", body):
        first, second = body[: joint.start()], body[joint.end() :]
        try:
            mentions = find_mentions(puzzle, second, [])
            lead = (second[: mentions[0].start] if mentions else second).split()
            borrows = bool(lead) and lead[0].lower() not in ("the", "a", "an")
            if borrowing_only and not borrows:
                continue
            said = read_sentence(puzzle, first)
            if borrows:
                subject = find_mentions(puzzle, first, [])[0]
                second = first[subject.start : subject.end] + " " + second
            return said + read_sentence(puzzle, second)
        except PuzzleError:
            continue
    return None


def read_sentence(puzzle: Puzzle, body: str) -> Said:
    amounts = list(AMOUNT.finditer(body))
    skip = [(m.start(1), m.end(1)) for m in amounts]
    mentions = find_mentions(puzzle, body, skip)
    skeleton, last = [], 0
    for m in mentions:
        skeleton += [body[last : m.start], "@"]
        last = m.end
    skeleton.append(body[last:])
    flat = re.sub(r"'s\b", "", "".join(skeleton).lower())
    flat = re.sub(r"\s*[\u2013\u2014]\s*|\s+-\s+", ", ", flat)
    flat = " ".join(flat.split())
    amount = read_number(amounts[0].group(1), column=amounts[0].start(1) + 1) if amounts else None
    reading = Reading(puzzle, mentions, flat, amount)
    for family in FAMILIES:
        said = family(reading)
        if said is not None:
            return said
    expected = "two values and how they relate (==, next to, left of, ...)"
    found = ", ".join(reading.name(r) for r in reading.refs) or "no value"
    column, hint = unknown_word(puzzle, body, mentions) or (1, "")
    raise PuzzleError(f"cannot read this clue: found {found}; expected {expected}{hint}", column=column)


# ---------------------------------------------------------------- the families


def negated(r: Reading) -> bool:
    return bool(r.has(r"\b(not|never|no)\b|n't\b"))


def negate(said: Said) -> Said:
    """Not all of them: for one atom, its opposite."""
    (atom, text), *rest = said
    if rest:
        return [(Count(tuple(a for a, _ in said), 0, len(said) - 1), "not (" + "; ".join(t for _, t in said) + ")")]
    return [(Count((atom,), 0, 0), f"not ({text})")]


def need_positions(r: Reading, what: str) -> None:
    if r.puzzle.key is not None:
        key = r.puzzle.categories[r.puzzle.key].name
        raise PuzzleError(f"'{what}' needs objects in a row, but this puzzle's objects are {key}", column=1)


def formal(r: Reading) -> Said | None:
    """The corpus's forms, exactly as it writes them."""
    s, refs = r.skeleton, r.refs
    names = [r.name(ref) for ref in refs]
    binary = {
        "@ == @": frozenset({0}),
        "@ != @": None,
        "@ is on the left of @": frozenset({-1}),
        "@ is on the right of @": frozenset({1}),
        "@ is on the left or right of @": frozenset({-1, 1}),
        "@ is somewhere to the left of @": LEFT,
        "@ is somewhere to the right of @": RIGHT,
        "@ is not to the left of @": NOT_LEFT,
        "@ is not to the right of @": NOT_RIGHT,
        "@ and @ have the same parity positions": EVEN,
        "@ and @ have different parity positions": ODD,
    }
    if s in binary:
        gaps = binary[s]
        if gaps is None:
            return [(differ(*refs), f"{names[0]} != {names[1]}")]
        if gaps != frozenset({0}):
            need_positions(r, s.replace("@ ", "").replace(" @", ""))
        return [(Gap(refs[0], refs[1], gaps), s.replace("@", "{}").format(*names))]
    if s in ("@ is between @ and @", "@ is somewhere between @ and @"):
        need_positions(r, "between")
        return [(Between(*refs, immediate="somewhere" not in s), s.replace("@", "{}").format(*names))]
    if match := re.fullmatch(r"(@ (==|!=) @) or (@ (==|!=) @)(, but not both| or both)", s):
        atoms = tuple(
            same(refs[i], refs[i + 1]) if op == "==" else differ(refs[i], refs[i + 1])
            for i, op in ((0, match.group(2)), (2, match.group(4)))
        )
        high = 1 if "not both" in match.group(5) else 2
        return [(Count(atoms, 1, high), s.replace("@", "{}").format(*names))]
    return None


def place_words(r: Reading) -> Said | None:
    """One value and where it sits: first, last, middle, far left, odd, the third house, ..."""
    if len(r.refs) != 1 or r.has(r"\bthere (are|is)\b"):
        return None
    (a,) = r.refs
    n = r.puzzle.n
    name = r.name(a)
    places = None
    if r.has(r"\bfar left or far right\b|\b(either )?end\b"):
        places, said = {0, n - 1}, f"{name} is on the far left or far right"
    elif r.has(r"\b(first|far left|leftmost)\b"):
        places, said = {0}, f"{name} is on the far left"
    elif r.has(r"\b(last|far right|rightmost)\b"):
        places, said = {n - 1}, f"{name} is on the far right"
    elif r.has(r"\b(middle|centre|center)\b"):
        if n % 2 == 0:
            raise PuzzleError(f"{n} objects have no middle one", column=1)
        places, said = {n // 2}, f"{name} is in the middle"
    elif r.has(r"\bodd\b"):
        places, said = set(range(0, n, 2)), f"{name} is in an odd position"
    elif r.has(r"\beven\b"):
        places, said = set(range(1, n, 2)), f"{name} is in an even position"
    elif match := r.has(r"\b(" + "|".join(ORDINALS) + r")\b|\b(?:position|house|number) (\d+)\b"):
        k = ORDINALS.get(match.group(1)) if match.group(1) else read_number(match.group(2))
        if not 1 <= k <= n:
            raise PuzzleError(f"there is no position {k} among {n}", column=1)
        places, said = {k - 1}, f"{name} is in position {k}"
    if places is None:
        return None
    if r.puzzle.key is not None:
        return extreme(r, a, places)
    result: Said = [(Place(a, frozenset(places)), said)]
    return negate(result) if negated(r) else result


def extreme(r: Reading, a: Ref, places: set[int]) -> Said:
    """Without positions, first/last/third mean a value of the ordered category (places, years)."""
    category = ordered_category(r, exclude={a[0]})
    numbers = sorted(r.puzzle.categories[category].numbers)
    if len(places) != 1:
        raise PuzzleError("without positions, say first, last or the n-th", column=1)
    value = numbers[next(iter(places))]
    b = (category, r.puzzle.categories[category].numbers.index(value))
    atom, text = same(a, b), f"{r.name(a)} == {r.name(b)}"
    return [(differ(a, b), f"{r.name(a)} != {r.name(b)}")] if negated(r) else [(atom, text)]


def ordered_category(r: Reading, exclude: set[int]) -> int:
    """The numeric category a comparison is about: named in the clue, or the only one."""
    numeric = [c for c, cat in enumerate(r.puzzle.categories) if cat.numbers is not None]
    for c in numeric:
        word = r.puzzle.categories[c].name.lower().rstrip("s")
        if re.search(rf"\b{re.escape(word)}(e?s)?\b", r.skeleton):
            return c
    candidates = [c for c in numeric if c not in exclude] or numeric
    if len(candidates) != 1:
        names = ", ".join(r.puzzle.categories[c].name for c in numeric) or "none"
        raise PuzzleError(f"compare in which numeric category? (numeric here: {names}); add 'in Category'", column=1)
    return candidates[0]


def declaration(r: Reading) -> Said | None:
    """`There are five houses.`: checked against the puzzle, adds nothing."""
    match = r.has(r"\bthere (?:are|is) (\w+)")
    if match is None or r.refs:
        return None
    word = match.group(1)
    number = read_number(word) if word.isdigit() else NUMBER_WORDS.get(word)
    if number != r.puzzle.n:
        raise PuzzleError(f"this puzzle has {r.puzzle.n} objects, not {shown(word)}", column=1)
    return [(None, f"there are {number} objects")]


def all_different(r: Reading) -> Said | None:
    if len(r.refs) < 2 or not r.has(r"\b(all )?different\b") or r.has(r"\bparity\b"):
        return None
    refs = r.refs
    atoms = tuple(differ(a, b) for i, a in enumerate(refs) for b in refs[i + 1 :])
    names = [r.name(ref) for ref in refs]
    return [(Count(atoms, len(atoms), len(atoms)), f"{', '.join(names[:-1])} and {names[-1]} are all different")]


def neither(r: Reading) -> Said | None:
    if len(r.refs) != 3 or not r.has(r"\bneither @.* nor @"):
        return None
    a, b, c = r.refs
    return [
        (differ(a, c), f"{r.name(a)} != {r.name(c)}"),
        (differ(b, c), f"{r.name(b)} != {r.name(c)}"),
    ]


def one_other(r: Reading) -> Said | None:
    """`Of A and B, one is C and the other is D`: a pairing in either order, A and B distinct."""
    if len(r.refs) != 4 or not r.has(r"\bthe other\b"):
        return None
    a, b, c, d = r.refs
    names = [r.name(ref) for ref in r.refs]
    both = (Count((same(a, c), same(b, d)), 2, 2), Count((same(a, d), same(b, c)), 2, 2))
    return [
        (Count(both, 1, 2), f"of {names[0]} and {names[1]}, one is {names[2]} and the other is {names[3]}"),
        (differ(a, b), f"{names[0]} != {names[1]}"),
    ]


def either_or(r: Reading) -> Said | None:
    """`Either A or B is C`, `A is either B or C`, `A and B are in either C or D`."""
    if " or " not in r.skeleton or len(r.refs) not in (3, 4):
        return None
    refs, names = r.refs, [r.name(ref) for ref in r.refs]
    exclusive = bool(r.has(r"not both"))
    high, tail = (1, ", but not both") if exclusive else (2, " or both")
    before_or = r.skeleton[: r.skeleton.index(" or ")].count("@")
    if len(refs) == 4 and before_or == 3:
        a, b, c, d = refs
        return [
            (Count((same(a, c), same(a, d)), 1, 1), f"{names[0]} == {names[2]} or {names[0]} == {names[3]}"),
            (Count((same(b, c), same(b, d)), 1, 1), f"{names[1]} == {names[2]} or {names[1]} == {names[3]}"),
            (differ(a, b), f"{names[0]} != {names[1]}"),
        ]
    if len(refs) != 3 or negated(r):
        return None
    if before_or == 1:  # A or B is C
        (a, b, c), (x, y, z) = refs, names
        atoms, text = (same(a, c), same(b, c)), f"{x} == {z} or {y} == {z}"
    elif before_or == 2:  # A is B or C
        (a, b, c), (x, y, z) = refs, names
        atoms, text = (same(a, b), same(a, c)), f"{x} == {y} or {x} == {z}"
    else:
        return None
    return [(Count(atoms, 1, high), text + tail)]


def comparison(r: Reading) -> Said | None:
    """More, less, bigger, before, after, beat, `N more than`, in a numeric category."""
    if len(r.refs) != 2:
        return None
    word = r.has(r"\b(" + "|".join(MORE + LESS) + r")\b")
    if word is None or (word.group(1) not in ("before", "after", "beat", "beats") and not r.has(r"\bthan\b")):
        return None
    a, b = r.refs
    category = ordered_category(r, exclude={a[0], b[0]})
    sign = 1 if word.group(1) in MORE else -1
    if word.group(1) in ("beat", "beats") and r.has(r"\b(score|points?)\b"):
        sign = 1
    what = r.puzzle.categories[category].name
    amount = r.amount
    text = f"{r.name(a)} is {f'{amount} ' if amount else ''}{'more' if sign > 0 else 'less'} than {r.name(b)} in {what}"
    result: Said = [(Compare(a, b, category, sign, amount), text)]
    return negate(result) if negated(r) else result


def beside(r: Reading) -> Said | None:
    """Positions: between, immediately left/right of, next to, somewhere left/right of, parity."""
    refs = r.refs
    if len(refs) == 3 and r.has(r"\bbetween\b"):
        need_positions(r, "between")
        somewhere = not r.has(r"\b(immediately|directly|right)\b") and bool(r.has(r"\bsomewhere\b"))
        names = [r.name(ref) for ref in refs]
        word = "somewhere between" if somewhere else "between"
        result: Said = [(Between(*refs, immediate=not somewhere), f"{names[0]} is {word} {names[1]} and {names[2]}")]
        return negate(result) if negated(r) else result
    if len(refs) != 2:
        return None
    if r.has(r"\b(next to|neighbou?rs?|beside|adjacent|left or right)\b"):
        gaps, phrase = frozenset({-1, 1}), "is on the left or right of"
    elif side := r.has(r"\b(left|right)\b"):
        immediate = r.has(r"\b(immediately|directly|just)\b") or r.has(r"\bon the (left|right) of\b")
        left = side.group(1) == "left"
        if immediate:
            gaps, phrase = frozenset({-1 if left else 1}), f"is on the {side.group(1)} of"
        else:
            gaps, phrase = (LEFT if left else RIGHT), f"is somewhere to the {side.group(1)} of"
    elif r.has(r"\bsame parity\b"):
        gaps, phrase = EVEN, "and {} have the same parity positions"
    elif r.has(r"\bdifferent parity\b"):
        gaps, phrase = ODD, "and {} have different parity positions"
    else:
        return None
    need_positions(r, phrase)
    a, b = refs
    text = f"{r.name(a)} " + (phrase.format(r.name(b)) if "{}" in phrase else f"{phrase} {r.name(b)}")
    result = [(Gap(a, b, gaps), text)]
    return negate(result) if negated(r) else result


def same_object(r: Reading) -> Said | None:
    """Two values and no other relation word: they belong to the same object."""
    if len(r.refs) != 2:
        return None
    a, b = r.refs
    if r.has(r"\bthan\b"):
        words = ", ".join(MORE[:4] + LESS[:4])
        raise PuzzleError(f"which way does it compare? Before 'than' write one of: {words}, ...", column=1)
    if negated(r):
        return [(differ(a, b), f"{r.name(a)} != {r.name(b)}")]
    return [(same(a, b), f"{r.name(a)} == {r.name(b)}")]


SPAN = range(-9, 10)  # every gap between two of at most 10 objects
LEFT = frozenset(g for g in SPAN if g < 0)
RIGHT = frozenset(g for g in SPAN if g > 0)
NOT_LEFT = frozenset(SPAN) - LEFT
NOT_RIGHT = frozenset(SPAN) - RIGHT
EVEN = frozenset(g for g in SPAN if g % 2 == 0)
ODD = frozenset(SPAN) - EVEN

FAMILIES = (
    formal,
    declaration,
    all_different,
    neither,
    one_other,
    either_or,
    comparison,
    beside,
    place_words,
    same_object,
)
