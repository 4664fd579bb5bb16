"""Where values sit in a row: k houses between or apart, the n-th, first, last, middle, next to, left and right of."""

from __future__ import annotations

import re

from puzzles.core import PuzzleError, read_number
from puzzles.zebra.model import Between, Gap, Place, Ref, differ, same
from puzzles.zebra.reader.comparing import chosen, ordered_categories
from puzzles.zebra.reader.skeleton import (
    NOT,
    NUMBERS,
    ORDINALS,
    Reading,
    Said,
    how_many,
    need_positions,
    negate,
    negated,
)


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


SPAN = range(-9, 10)  # every gap between two of at most 10 objects
LEFT = frozenset(g for g in SPAN if g < 0)
RIGHT = frozenset(g for g in SPAN if g > 0)
NOT_LEFT = frozenset(SPAN) - LEFT
NOT_RIGHT = frozenset(SPAN) - RIGHT
EVEN = frozenset(g for g in SPAN if g % 2 == 0)
ODD = frozenset(SPAN) - EVEN


WORDS = {
    houses_between: NUMBERS + "there are is house between and where",
    houses_apart: NUMBERS + NOT + "house to the left right of away from apart and",
    beside: NOT
    + "between somewhere immediately directly just exactly right left next door to neighbour neighbor beside "
    "adjacent of on or same different parity position and each other",
    place_words: NOT + "far left right or either end first second third fourth fifth sixth seventh eighth ninth "
    "tenth last leftmost rightmost middle centre center odd even position number # st nd rd th in house",
}
