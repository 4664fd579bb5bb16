"""Amounts in a clue: the `30 minutes` of `30 minutes after`, the `$2` of `$2 more than`.

An amount is a number (or `a`, `an`, `half an`), an optional unit, and the
comparative it measures; only that shape is an amount, so a value such as
`$4.99` or `9:00am` elsewhere in the clue stays a value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from puzzles.zebra.reader.quantities import BIG, KNOWN_UNITS, NUMBER, NUMBER_WORDS, number

MORE = (
    "more bigger larger higher greater longer later after older taller heavier faster richer dearer farther further "
    "pricier costlier wider deeper louder hotter warmer behind above following"
).split()
LESS = (
    "less fewer smaller lower shorter earlier before younger newer lighter slower poorer cheaper closer nearer "
    "narrower shallower cooler colder quieter softer ahead beat beats below short preceding"
).split()
DIRECTION = {**{w: 1 for w in MORE}, **{w: -1 for w in LESS}}
"""Each comparative and the way it points: +1 towards bigger magnitudes, -1 towards smaller."""

FILLER = "somewhat|sometime|some|much|little|lot|bit|far|good|great|few|couple|whole|slightly"
NOT_UNITS = "than|or|and|is|was|are|were|be|been|being|the|a|an|in|on|at|for|of|to|by|with|that|which|who|it|has|had"
"""Words after a value that start the rest of the clue (`the $450 piece is older`), never a unit."""
"""Words between a number and its comparative that are no unit (`a somewhat longer time`)."""
WORDED = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
PARTS = {"tenth": 10, "tenths": 10, "hundredth": 100, "hundredths": 100}
"""`2 tenths of a point`: a part of the unit after it."""
QUANTITY = (
    rf"(?:{NUMBER}|{WORDED}|an?)\s+(?:{'|'.join(PARTS)})\s+of\s+an?"
    rf"|\$\s?(?:{NUMBER})(?:\s*(?:{'|'.join(BIG)}))?|(?:{NUMBER})(?:\s*(?:{'|'.join(BIG)}))?%?|{WORDED}"
    r"|(?:an?\s+)?half(?:\s+an?)?|an?|the"
)
UNIT_WORD = rf"(?!(?:{'|'.join(DIRECTION)}|{FILLER}|{NOT_UNITS})\b)[a-z]+\.?"
"""One word of a unit; a unit has one or two (`minutes`, `square feet`, `light years`)."""
AMOUNT = re.compile(
    rf"(?<![\w$.:,])(?P<quantity>{QUANTITY})(?!\w)(?:\s*-?\s*(?P<unit>{UNIT_WORD}(?:\s+{UNIT_WORD})?))?"
    rf"\s+(?:(?:sometime|somewhat|some time|at some point|exactly|just)\s+)?(?P<direction>{'|'.join(DIRECTION)})\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Amount:
    """How much a comparison says: a quantity, the unit it was said in (or None), and where it is in the clue."""

    quantity: Fraction
    unit: str | None
    start: int
    end: int

    @property
    def said(self) -> str:
        shown = f"{float(self.quantity):g}"
        return f"{shown} {self.unit}" if self.unit else shown


def find_amounts(body: str) -> list[Amount]:
    """The amounts before comparatives, in order; `a`, `an`, `the` count only with a unit (`an hour after`, `the
    year before`)."""
    found = []
    for match in AMOUNT.finditer(body):
        text, unit = match.group("quantity"), match.group("unit")
        if unit and " " in unit.strip() and not is_unit(unit):
            continue  # two words after a number are a unit only when known (`square feet`): `325 degrees bakes` is not
        if (text.lower() in ("a", "an", "the") or "half" in text.lower()) and not is_unit(unit):
            continue  # `a` counts only as `an hour`, `a day`: not `a longer time`; `the year before` is one year
        money = text.startswith("$")
        quantity = quantity_of(text)
        if quantity is None:
            continue
        unit = (
            "$"
            if money
            else "%"
            if text.endswith("%")
            else (" ".join(unit.lower().rstrip(".").split()) if unit else None)
        )
        found.append(
            Amount(
                quantity,
                unit,
                match.start("quantity"),
                match.end("unit") if match.group("unit") else match.end("quantity"),
            )
        )
    return found


def quantity_of(text: str) -> Fraction | None:
    """What an amount's quantity says: `2 tenths of a`, `half an`, `the` (year before), `$4.50`, `12%`, `two`."""
    if " of " in text:
        return part(text)
    if "half" in text.lower():
        return Fraction(1, 2)
    if text.lower() == "the":
        return Fraction(1)
    return number(text.lstrip("$ ").rstrip("%"))


def part(text: str) -> Fraction | None:
    """`2 tenths of a`, `a hundredth of a`: the quantity, in the unit that follows."""
    count, parts, *_ = text.lower().split()
    whole = number(count)
    return None if whole is None else whole / PARTS[parts]


def is_unit(word: str | None) -> bool:
    return word is not None and " ".join(word.lower().rstrip(".").split()) in KNOWN_UNITS
