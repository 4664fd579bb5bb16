"""More, less, after, before, the cheapest: comparisons in an ordered category, with or without an amount."""

from __future__ import annotations

import re

from puzzles.core import PuzzleError, shown
from puzzles.zebra.model import Category, Compare, HowMany, differ, same
from puzzles.zebra.reader.amounts import DIRECTION
from puzzles.zebra.reader.comparing import chosen, direction, ordered_categories, sense_of, units_of
from puzzles.zebra.reader.skeleton import NOT, Reading, Said, negate, negated

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


WORDS = {
    superlative: NOT + " ".join(SUPERLATIVES) + " the of all",
    comparison: " ".join(DIRECTION) + NOT + "than in by either or exactly immediately directly",  # amounts are `#`
}
