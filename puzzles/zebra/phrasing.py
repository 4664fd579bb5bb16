"""The phrasing families: what a clue's skeleton says, as atoms each with its canonical text.

A clue's values have been found and replaced by `@` (`the @ lives in the @
house`).  Each family tries that skeleton: the formal forms of the
logic-grid-quint-t corpus first, then the phrasings of puzzle books (next to,
immediately left of, either-or, one-the-other, comparatives, ...).  The first
that recognises it says which atoms hold and echoes each in canonical form,
itself a formal clue, so a person sees how it was read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.core import PuzzleError, read_number, shown
from puzzles.zebra.amounts import DIRECTION, Amount
from puzzles.zebra.comparing import chosen, direction, ordered_categories, sense_of, units_of
from puzzles.zebra.mentions import Mention
from puzzles.zebra.model import Atom, Between, Category, Compare, Gap, HowMany, Place, Puzzle, Ref, differ, same

NUMBER_WORDS = dict(zip("one two three four five six seven eight nine ten".split(), range(1, 11), strict=True))


def how_many(word: str, line: int | None = None) -> int | None:
    """A count written as digits or as a word (`3`, `three`); None for any other word."""
    return read_number(word, line=line) if word.isdigit() else NUMBER_WORDS.get(word)


ORDINALS = dict(
    zip("first second third fourth fifth sixth seventh eighth ninth tenth".split(), range(1, 11), strict=True)
)
SUPERLATIVES = {
    **{
        w.removesuffix("er").removesuffix("i") + ("iest" if w.endswith("ier") else "est"): w
        for w in (
            "cheaper earlier later older younger taller shorter heavier lighter higher lower larger smaller bigger "
            "longer faster slower greater pricier closer farther nearer"
        ).split()
    },
    "most": "more",
    "least": "less",
    "fewest": "fewer",
}
"""Each superlative and the comparative whose end it names: the cheapest is the one nothing is cheaper than."""
ORDER_WORDS = ("before", "after", "ahead", "behind", "beat", "beats", "above", "below", "following", "preceding")
"""Comparatives that need no `than`: `30 minutes after Hector`, `18 points above Ida`."""


@dataclass
class Reading:
    """A clue being read: its values in order and its skeleton."""

    puzzle: Puzzle
    mentions: list[Mention]
    skeleton: str
    amounts: list[Amount]

    @property
    def amount(self) -> Amount | None:
        return self.amounts[0] if self.amounts else None

    @property
    def refs(self) -> list[Ref]:
        return [m.ref for m in self.mentions]

    def has(self, pattern: str) -> re.Match | None:
        return re.search(pattern, self.skeleton)

    def name(self, ref: Ref) -> str:
        return self.puzzle.name(ref)


Said = list[tuple[Atom | None, str]]
"""Atoms with their canonical text; None for a clue that only states a fact (`There are five houses`);
an empty text for an atom the text before it already says (the pairs of `all different`)."""


def negated(r: Reading) -> bool:
    """Whether the clue says `not`; two negatives are refused, never guessed (`does not not live`)."""
    found = re.findall(r"\b(?:not|never|no)\b|n't\b", r.skeleton)
    if len(found) > 1:
        raise PuzzleError("two negatives in one clue: say it without them ('is', or 'is not')", column=1)
    return bool(found)


def negate(said: Said) -> Said:
    """Not all of them: for one atom, its opposite."""
    (atom, text), *rest = said
    if rest:
        return [(HowMany(tuple(a for a, _ in said), 0, len(said) - 1), "not (" + "; ".join(t for _, t in said) + ")")]
    return [(HowMany((atom,), 0, 0), f"not ({text})")]


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
        "@ is immediately to the left of @": frozenset({-1}),
        "@ is immediately to the right of @": frozenset({1}),
        "@ is next to @": frozenset({-1, 1}),
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
        return [(HowMany(atoms, 1, high), s.replace("@", "{}").format(*names))]
    return None


def houses_counted(r: Reading, pattern: str, family: str) -> tuple[re.Match, int, Ref, Ref] | None:
    """A clue about two values a counted number of houses apart: its match, the count and the two values."""
    match = r.has(pattern)
    if match is None or len(r.refs) != 2 or (k := how_many(match.group(1))) is None:
        return None
    need_positions(r, family)
    a, b = r.refs
    return match, k, a, b


def houses_between(r: Reading) -> Said | None:
    """`There is one house between A and B`, `There are two houses between A and B`: k houses apart, k + 1 positions."""
    found = houses_counted(r, r"^there (?:is|are) (\w+) houses? between [^@]*@[^@]* and [^@]*@[^@]*$", "houses between")
    if found is None:
        return None
    _, k, a, b = found
    houses = "one house" if k == 1 else f"{k} houses"
    return [
        (
            Gap(a, b, frozenset({k + 1, -k - 1})),
            f"there {'is' if k == 1 else 'are'} {houses} between {r.name(a)} and {r.name(b)}",
        )
    ]


def houses_apart(r: Reading) -> Said | None:
    """`A is two houses to the left of B` (exactly k positions), `A lives two houses away from B`, `A and B live
    two houses apart` (either side)."""
    found = houses_counted(r, r"\b(\w+) houses? (?:(?:to the )?(left|right) of|away from|apart)\b", "houses away")
    if found is None:
        return None
    match, k, a, b = found
    side = match.group(2)
    gaps = frozenset({-k} if side == "left" else {k} if side == "right" else {k, -k})
    where = f"to the {side} of" if side else "away from"  # `apart` is echoed as `away from`
    text = f"{r.name(a)} is {k} house{'s' * (k != 1)} {where} {r.name(b)}"
    result: Said = [(Gap(a, b, gaps), text)]
    return negate(result) if negated(r) else result


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
    elif match := r.has(
        r"\b(" + "|".join(ORDINALS) + r")\b|\b(?:position|house|number) (\d+)\b|\b(\d+)(?:st|nd|rd|th)\b"
    ):
        k = ORDINALS.get(match.group(1)) if match.group(1) else read_number(match.group(2) or match.group(3))
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
    category = chosen(r, ordered_categories(r, {a[0]}))
    numbers = sorted(r.puzzle.categories[category].numbers)
    if len(places) != 1:
        raise PuzzleError("without positions, say first, last or the n-th", column=1)
    value = numbers[next(iter(places))]
    b = (category, r.puzzle.categories[category].numbers.index(value))
    atom, text = same(a, b), f"{r.name(a)} == {r.name(b)}"
    return [(differ(a, b), f"{r.name(a)} != {r.name(b)}")] if negated(r) else [(atom, text)]


def declaration(r: Reading) -> Said | None:
    """`There are five houses.`: checked against the puzzle, adds nothing."""
    match = r.has(r"\bthere (?:are|is) (\w+)")
    if match is None or r.refs:
        return None
    word = match.group(1)
    number = how_many(word)
    if number != r.puzzle.n:
        raise PuzzleError(f"this puzzle has {r.puzzle.n} objects, not {shown(word)}", column=1)
    return [(None, f"there are {number} objects")]


def all_different(r: Reading, listed: bool = False) -> Said | None:
    """`A, B and C are all different`, `Gail and the baker are different people`: no two are one object."""
    if not listed and (len(r.refs) < 2 or not r.has(r"\b(all )?different\b") or r.has(r"\bparity\b")):
        return None
    refs = r.refs
    names = [r.name(ref) for ref in refs]
    text = f"{', '.join(names[:-1])} and {names[-1]} are all different"
    pairs = [differ(a, b) for i, a in enumerate(refs) for b in refs[i + 1 :] if a[0] != b[0]]
    # One atom a pair, each over two categories: one atom over all of them would be a table of every arrangement.
    # Two values of one category are different objects already.
    return [(pairs[0] if pairs else None, text)] + [(pair, "") for pair in pairs[1:]]


def listed(r: Reading) -> Said | None:
    """`The four errands are Gail's, the 9:00am one, the florist trip and the bakery visit`: all different."""
    match = r.has(r"^the (\w+) [^@]*\b(?:are|were|will be)\b[^@]*@(?:[^@]*,[^@]*@)*[^@]*\band\b[^@]*@[^@]*$")
    if match is None or len(r.refs) < 3 or how_many(match.group(1)) != len(r.refs):
        return None
    said = all_different(r, listed=True)
    return said


def neither(r: Reading) -> Said | None:
    """`Neither A nor B is C`: as the sites mean it, three different things, so A is not B either."""
    if len(r.refs) != 3 or not r.has(r"\bneither\b[^@]*@.*\bnor\b[^@]*@"):
        return None
    return all_different(r, listed=True)


def one_other(r: Reading) -> Said | None:
    """`Of A and B, one is C and the other is D`: a pairing in either order, A and B distinct."""
    if len(r.refs) != 4 or not r.has(r"\bthe other\b"):
        return None
    a, b, c, d = r.refs
    names = [r.name(ref) for ref in r.refs]
    both = (HowMany((same(a, c), same(b, d)), 2, 2), HowMany((same(a, d), same(b, c)), 2, 2))
    return [
        (HowMany(both, 1, 2), f"of {names[0]} and {names[1]}, one is {names[2]} and the other is {names[3]}"),
        (differ(a, b), f"{names[0]} != {names[1]}"),
    ]


def either_or(r: Reading) -> Said | None:
    """`Either A or B is C`, `A is either B or C`, `A and B are in either C or D`."""
    if " or " not in r.skeleton or len(r.refs) not in (3, 4):
        return None
    refs, names = r.refs, [r.name(ref) for ref in r.refs]
    inclusive = bool(r.has(r"\bor both\b"))  # puzzle sites mean exactly one unless they say `or both`
    high, tail = (2, " or both") if inclusive else (1, ", but not both")
    before_or = r.skeleton[: r.skeleton.index(" or ")].count("@")
    if len(refs) == 4 and before_or == 2 and r.has(r"^either\b"):  # `Either Ann bought the Fiat or Bo bought the Kia`
        a, b, c, d = refs
        text = f"{names[0]} == {names[1]} or {names[2]} == {names[3]}{tail}"
        return [(HowMany((same(a, b), same(c, d)), 1, high), text)]
    if len(refs) == 4 and before_or == 3:
        a, b, c, d = refs
        return [
            (HowMany((same(a, c), same(a, d)), 1, 1), f"{names[0]} == {names[2]} or {names[0]} == {names[3]}"),
            (HowMany((same(b, c), same(b, d)), 1, 1), f"{names[1]} == {names[2]} or {names[1]} == {names[3]}"),
            (differ(a, b), f"{names[0]} != {names[1]}"),
        ]
    if len(refs) != 3:
        return None
    if negated(r):  # `A is not B or C`: neither
        if before_or != 2 or r.has(r"\beither\b"):
            return None
        (a, b, c), (x, y, z) = refs, names
        return [(differ(a, b), f"{x} != {y}"), (differ(a, c), f"{x} != {z}")]
    if before_or == 1:  # A or B is C
        (a, b, c), (x, y, z) = refs, names
        atoms, text = (same(a, c), same(b, c)), f"{x} == {z} or {y} == {z}"
    elif before_or == 2:  # A is B or C
        (a, b, c), (x, y, z) = refs, names
        atoms, text = (same(a, b), same(a, c)), f"{x} == {y} or {x} == {z}"
    else:
        return None
    return [(HowMany(atoms, 1, high), text + tail)]


def superlative(r: Reading) -> Said | None:
    """`Gail's errand was the cheapest`, `the oldest runner`: the value at that end of an ordered category."""
    if len(r.refs) != 1 or (match := r.has(r"\b(" + "|".join(SUPERLATIVES) + r")\b")) is None:
        return None
    (a,) = r.refs
    word = SUPERLATIVES[match.group(1)]
    category = chosen(r, ordered_categories(r, {a[0]}, word))
    sense_of(r, word, r.puzzle.categories[category])
    magnitudes = r.puzzle.categories[category].numbers
    end = max(magnitudes) if direction(word, r.puzzle.categories[category]) > 0 else min(magnitudes)
    b = (category, magnitudes.index(end))
    if negated(r):
        return [(differ(a, b), f"{r.name(a)} != {r.name(b)}")]
    return [(same(a, b), f"{r.name(a)} == {r.name(b)}")]


def comparison(r: Reading) -> Said | None:
    """More, less, after, before, taller, cheaper, `30 minutes after`, `$2 more than`, in an ordered category."""
    if len(r.refs) != 2:
        return None
    word = r.has(r"\b(" + "|".join(DIRECTION) + r")\b")
    if word is None or (word.group(1) not in ORDER_WORDS and not r.has(r"\bthan\b")):
        return None
    a, b = r.refs
    word = word.group(1)
    amount = r.amount
    unit = amount.unit if amount else None
    if unit is None and (named := r.has(rf"\b{word} (\w+) than\b")) and units_of(r.puzzle, named.group(1)):
        unit = named.group(1)  # `6 fewer wins than`: the unit after the comparative
    category = chosen(
        r,
        ordered_categories(r, {a[0], b[0]}, word, unit, amount.quantity if amount else None),
    )
    if category == a[0] == b[0]:
        raise PuzzleError("compares two values of the category it compares in", column=1)
    scale = r.puzzle.categories[category].scale
    sense_of(r, word, r.puzzle.categories[category])
    sign = direction(word, r.puzzle.categories[category])
    steps = None
    if amount is not None:
        steps = scale.amount(amount.quantity, scale.unit_named(unit) if unit else None)
        if steps is None or steps <= 0:
            raise PuzzleError(
                f"{shown(amount.said)} is not a difference of {scale.unit.names[0] or 'values'} here",
                column=amount.start + 1,
            )
    if steps is None and r.has(r"\b(?:immediately|directly) (?:after|before|behind|ahead|later|earlier)\b"):
        steps = next_step(r.puzzle.categories[category])
    what = r.puzzle.categories[category].name
    by = f"{scale.says(steps)} " if steps else ""
    if r.has(r"(?:\beither )?# \w+ or # \w+") and len(r.amounts) == 2:
        atoms = (Compare(a, b, category, 1, steps), Compare(a, b, category, -1, steps))
        return [(HowMany(atoms, 1, 1), f"{r.name(a)} is either {by}more or {by}less than {r.name(b)} in {what}")]
    if len(found := set(re.findall(r"\b(?:" + "|".join(DIRECTION) + r")\b", r.skeleton))) > 1:
        said = " and ".join(shown(w) for w in sorted(found))
        raise PuzzleError(f"two comparatives in one comparison ({said}): say it as two clues", column=1)
    text = f"{r.name(a)} is {by}{'more' if sign > 0 else 'less'} than {r.name(b)} in {what}"
    result: Said = [(Compare(a, b, category, sign, steps), text)]
    return negate(result) if negated(r) else result


def next_step(category: Category) -> int:
    """`Immediately after`: the step between neighbouring values, which must all be one step apart."""
    ordered = sorted(category.scale.magnitudes)
    steps = {b - a for a, b in zip(ordered, ordered[1:])}
    if len(steps) != 1:
        raise PuzzleError(
            f"'immediately' in {shown(category.name)}, whose values are not evenly spaced: say by how much", column=1
        )
    return steps.pop()


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
    if r.has(r"\b(next to|next door|neighbou?rs?|beside|adjacent|left or right)\b"):
        gaps, phrase = frozenset({-1, 1}), "is next to"
    elif side := r.has(r"\b(left|right)\b"):
        immediate = r.has(r"\b(immediately|directly|just|exactly)\b") or r.has(r"\bon the (left|right) of\b")
        left = side.group(1) == "left"
        if immediate:
            gaps, phrase = frozenset({-1 if left else 1}), f"is immediately to the {side.group(1)} of"
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
        words = ", ".join(list(DIRECTION)[:8])
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
    houses_between,
    houses_apart,
    all_different,
    listed,
    neither,
    one_other,
    either_or,
    superlative,
    comparison,
    beside,
    place_words,
    same_object,
)

NUMBERS = " ".join(NUMBER_WORDS) + " # "
NOT = " not never no n't isn't doesn't don't wasn't aren't weren't didn't won't hasn't haven't hadn't "
WORDS_OF = {
    declaration: NUMBERS + "there are is house object people",
    houses_between: NUMBERS + "there are is house between and where",
    houses_apart: NUMBERS + NOT + "house to the left right of away from apart and",
    all_different: NUMBERS + "all different distinct from and are each other",
    listed: NUMBERS + "the are were will be and",
    neither: "neither nor and",
    one_other: "of one the other and either or is are",
    either_or: "either or both but not and",
    superlative: NOT + " ".join(SUPERLATIVES) + " the of all",
    comparison: " ".join(DIRECTION)
    + NOT
    + "than in by either or exactly immediately directly",  # its amounts are read apart, as `#` marks
    beside: NOT
    + "between somewhere immediately directly just exactly right left next door to neighbour neighbor beside "
    "adjacent "
    "of on or same different parity position and each other",
    place_words: NOT + "far left right or either end first second third fourth fifth sixth seventh eighth ninth "
    "tenth last leftmost rightmost middle centre center odd even position number # st nd rd th in house",
    same_object: NOT + "exactly",
}
"""The words each family reads beside the values and the words that describe a person; `#` is any number."""
