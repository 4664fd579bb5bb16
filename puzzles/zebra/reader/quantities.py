"""Quantities: the values of an ordered category, their real magnitudes, and the units a clue measures them in.

Pages order a category by what its values mean, not by how they sort as
text: 8:30am before 9:00am, April 4th before April 11th, $4.99 below $10.50,
`third` after `second`.  A `Scale` reads a category's values once, all of one
kind, into whole numbers in the kind's smallest unit (cents, minutes, days,
tenths of a percent, ...), so "30 minutes after" and "$1 more" become exact
differences of those numbers, and every other way a page writes the same
value (`$5`, `5 dollars`, `5-dollar`; `9:00am`, `9 am`) is known.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

MONTHS = "january february march april may june july august september october november december".split()
MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()
NUMBER_WORDS = dict(zip("one two three four five six seven eight nine ten".split(), range(1, 11), strict=True))
BIG = {"thousand": 1000, "million": 10**6, "billion": 10**9}
MAX_DIGITS = 15  # a value or amount with more digits is not a quantity a page prints

NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"


def number(text: str) -> Fraction | None:
    """A printed number (`1,200`, `2.5`, `1.5 million`, `two`) exactly, or None."""
    text = text.strip().lower()
    if text in NUMBER_WORDS:
        return Fraction(NUMBER_WORDS[text])
    if text in ("a", "an", "one"):
        return Fraction(1)
    if text == "half":
        return Fraction(1, 2)
    match = re.fullmatch(rf"({NUMBER})(?:\s*({'|'.join(BIG)}))?", text)
    if match is None or len(re.sub(r"\D", "", match.group(1))) > MAX_DIGITS:
        return None
    return Fraction(match.group(1).replace(",", "")) * BIG.get(match.group(2) or "", 1)


@dataclass(frozen=True)
class Unit:
    """A unit a clue may measure a difference in: its names and how many of the scale's steps it is."""

    names: tuple[str, ...]
    size: Fraction


@dataclass(frozen=True)
class Scale:
    """A category's values as magnitudes in one kind, and the units its differences are said in.

    `magnitudes` are whole numbers (the kind's smallest step, after scaling
    decimals), in the values' order; `step` is what one magnitude is in the
    kind's natural unit (1/100 of a dollar, one minute), so amounts convert exactly.
    """

    kind: str
    magnitudes: tuple[int, ...]
    step: Fraction
    units: tuple[Unit, ...]
    forms: tuple[tuple[str, ...], ...]  # other printed forms of each value

    @property
    def unit(self) -> Unit:
        """The unit the echo says amounts in."""
        return self.units[0]

    def amount(self, quantity: Fraction, unit: Unit | None) -> int | None:
        """A difference as a whole number of magnitudes; None when it is not one (`$0.001`)."""
        steps = quantity * (unit or self.unit).size / self.step
        return int(steps) if steps.denominator == 1 else None

    def says(self, amount: int) -> str:
        """An amount of magnitudes in the echo's words: `30 minutes`, `$1.50`, `2 days`."""
        value = amount * self.step / self.unit.size
        shown = f"{float(value):g}" if value.denominator != 1 else f"{value.numerator:,}"
        if self.kind == "money":
            return f"${float(value):.2f}" if value.denominator != 1 else f"${shown}"
        if self.kind == "percent":
            return f"{shown}%"
        names = self.unit.names
        if not names or names[0] not in KNOWN_UNITS:  # `6` of a page's own `wins`, not `6 wins`
            return shown
        return f"{shown} {names[1] if value == 1 and len(names) > 1 else names[0]}"

    def unit_named(self, word: str) -> Unit | None:
        return next((u for u in self.units if word.lower() in u.names), None)


def units(*groups: tuple[str, int | Fraction]) -> tuple[Unit, ...]:
    return tuple(Unit(tuple(names.split()), Fraction(size)) for names, size in groups)


MINUTES = units(("minutes minute mins min", 1), ("hours hour hrs hr", 60))
DAYS = units(("days day", 1), ("weeks week", 7))
YEARS = units(("years year", 1), ("decades decade", 10))
MONTH_UNITS = units(("months month", 1), ("years year", 12))
PLACES = units(("places place spots spot positions position steps step", 1))
MONEY = units(("dollars dollar bucks buck usd $", 1), ("cents cent", Fraction(1, 100)))
PERCENT = units(("percent % percentage points point", 1))
UNIT_WORDS = {
    "square feet": "square_feet square_foot sq_ft sq._ft sqft",
    "light years": "light_years light_year",
    "feet": "feet foot ft",
    "inches": "inches inch in",
    "miles": "miles mile mi",
    "meters": "meters meter metres metre m",
    "kilometers": "kilometers kilometer km",
    "centimeters": "centimeters centimeter cm",
    "pounds": "pounds pound lbs lb",
    "ounces": "ounces ounce oz",
    "kilograms": "kilograms kilogram kg",
    "grams": "grams gram g",
    "tons": "tons ton",
    "gallons": "gallons gallon",
    "liters": "liters liter litres litre",
    "points": "points point pts",
    "votes": "votes vote",
    "calories": "calories calorie",
    "acres": "acres acre",
    "degrees": "degrees degree",
    "pages": "pages page",
    "people": "people persons",
    "mph": "mph",
    "days": "days day",
    "weeks": "weeks week",
    "months": "months month",
    "years": "years year",
    "hours": "hours hour hrs hr",
    "minutes": "minutes minute mins min",
    "seconds": "seconds second secs sec",
    "dollars": "dollars dollar bucks",
    "cents": "cents cent",
}
"""Units a plain number may carry, in its values (`250 feet`) or in its category's name (`Heights (feet)`)."""


MONEY_NAMES = frozenset("price cost fee fare rent salary budget wage payment bill charge bid donation".split())
"""Names under which plain numbers are money."""


def clock(text: str) -> Fraction | None:
    """Minutes since midnight of `8:00am`, `4:35 pm`, `9am`, `12:30 p.m.`, `noon`, `13:45`."""
    text = text.lower().replace(".", "").strip()
    if text in ("noon", "midday", "12 noon"):
        return Fraction(12 * 60)
    if text == "midnight":
        return Fraction(0)
    match = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", text)
    if match is None or (match.group(2) is None and match.group(3) is None):
        return None
    hour, minute, half = int(match.group(1)), int(match.group(2) or 0), match.group(3)
    if minute > 59 or hour > (12 if half else 23) or (half and hour == 0):
        return None
    if half:
        hour = hour % 12 + (12 if half == "pm" else 0)
    return Fraction(hour * 60 + minute)


def date(text: str) -> Fraction | None:
    """Day of the year of `April 4th`, `April 4`, `4 April`, `Apr. 4`."""
    text = text.lower().replace(".", "").replace(",", "").strip()
    match = re.fullmatch(r"([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+([a-z]+)", text)
    if match is None:
        return None
    name, day = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
    month = next((i for i, m in enumerate(MONTHS) if len(name) >= 3 and m.startswith(name)), None)
    if month is None or not 1 <= int(day) <= MONTH_DAYS[month]:
        return None
    return Fraction(sum(MONTH_DAYS[:month]) + int(day))


def month_of(day_of_year: Fraction) -> int:
    """The month (0 for January) of a day of the year as `date` counts it."""
    return next(i for i in range(12) if sum(MONTH_DAYS[: i + 1]) >= day_of_year)


def day_of_month(day_of_year: Fraction) -> int:
    return int(day_of_year) - sum(MONTH_DAYS[: month_of(day_of_year)])


def month(text: str) -> Fraction | None:
    text = text.lower().rstrip(".")
    found = next((i for i, m in enumerate(MONTHS) if len(text) >= 3 and m.startswith(text)), None)
    return None if found is None else Fraction(found + 1)


def ordinal(text: str) -> Fraction | None:
    text = text.lower()
    if text in ORDINAL_WORDS:
        return Fraction(ORDINAL_WORDS.index(text) + 1)
    match = re.fullmatch(r"(\d{1,3})(st|nd|rd|th)", text)
    return Fraction(int(match.group(1))) if match else None


def money(text: str) -> Fraction | None:
    match = re.fullmatch(
        rf"\$\s?({NUMBER})(?:\s*(thousand|million|billion))?|({NUMBER})\s*(?:dollars?|usd)", text.lower()
    )
    if match is None:
        return None
    return number(f"{match.group(1)} {match.group(2) or ''}" if match.group(1) else match.group(3))


def percent(text: str) -> Fraction | None:
    match = re.fullmatch(rf"({NUMBER})\s*(?:%|percent)", text.lower())
    return number(match.group(1)) if match else None


def year(text: str) -> Fraction | None:
    return Fraction(int(text)) if re.fullmatch(r"1[5-9]\d\d|20\d\d", text) else None


def measured(text: str, unit: str | None) -> Fraction | None:
    """A plain number, or a number with one of the unit words (`250 feet`, `5 lbs`, `1.5 million`)."""
    text = text.lower()
    if unit is not None:
        names = "|".join(re.escape(n) for n in sorted(unit_names(unit), key=len, reverse=True))
        text = re.sub(rf"\s*-?\s*(?:{names})\.?$", "", text)
    return number(text) if re.match(r"-?[\d.]", text) else None


KINDS: tuple[tuple[str, Callable[[str], Fraction | None]], ...] = (
    ("money", money),
    ("time", clock),
    ("date", date),
    ("month", month),
    ("ordinal", ordinal),
    ("percent", percent),
    ("year", year),
)


def scale_of(name: str, values: tuple[str, ...]) -> Scale | None:
    """The scale of a category whose values are all quantities of one kind; None for any other category.

    Plain numbers under a price's name (`Prices: 45, 60`, `prices (dollars): 550`) are money, so
    `the $60 spider` finds its value; an ordinal's steps take the category's name too (`1 game after`);
    dates all on one day of their months are months apart (`1 month after`).
    """
    for kind, read in KINDS:
        found = [read(v) for v in values]
        if all(f is not None for f in found):
            if kind == "date" and len({day_of_month(f) for f in found}) == 1:  # `April 13th`, `May 13th`: months apart
                return made("month", values, [Fraction(month_of(f) + 1) for f in found])  # type: ignore[arg-type]
            return made(kind, values, found, name=name)  # type: ignore[arg-type]
    if numbered := numbered_steps(values):
        return made("number", values, [Fraction(n) for _, n in numbered], numbered[0][0] + "s")
    unit = value_unit(values) or name_unit(name)
    found = [measured(v, unit) for v in values]
    if not all(f is not None for f in found):
        return None
    if unit == "dollars" or (unit is None and set(words(name)) & MONEY_NAMES):
        return made("money", values, found)  # type: ignore[arg-type]
    return made("number", values, found, unit, name)  # type: ignore[arg-type]


def numbered_steps(values: tuple[str, ...]) -> list[tuple[str, int]]:
    """`Chapter 1` .. `Chapter 4`: one word and a number each, so `2 chapters after` counts steps; else empty."""
    found = [re.fullmatch(r"([a-z]+)\.?\s*(?:no\.?\s*|#\s*)?(\d{1,6})", v.lower()) for v in values]
    if not all(found) or len({m.group(1) for m in found}) != 1:
        return []
    return [(m.group(1), int(m.group(2))) for m in found]


def words(name: str) -> list[str]:
    """A category name's words, singular: `Prices (dollars)` is price, dollar."""
    return [re.sub(r"(?<=[^s])s$", "", w) for w in re.findall(r"[a-z]+", name.lower())]


def value_unit(values: tuple[str, ...]) -> str | None:
    """The unit every value carries (`250 feet`, `12 lbs`, `24 wins`), if they all carry the same one."""
    found = set()
    for value in values:
        match = re.fullmatch(
            rf"(?:{NUMBER})(?:\s*(?:thousand|million|billion))?\s*-?\s*([a-z][a-z. ]*?)\.?", value.lower()
        )
        said = " ".join(match.group(1).split()) if match else None
        known = next((u for u in UNIT_WORDS if said in unit_names(u)), None)
        found.add(known or (said if said and " " not in said and said not in BIG else None))  # `1.5 million`: none
    return found.pop() if len(found) == 1 else None


def unit_names(unit: str) -> list[str]:
    """The ways a unit is written: the known ones (`pounds pound lbs lb`), or a page's own word and its singular."""
    if unit in UNIT_WORDS:
        return [name.replace("_", " ") for name in UNIT_WORDS[unit].split()]
    single = re.sub(r"(?<=ss)es$|(?<!s)s$", "", unit)
    return [unit, single] if single != unit else [unit]


KNOWN_UNITS = frozenset(
    name
    for group in (MINUTES, DAYS, YEARS, MONTH_UNITS, PLACES, MONEY, PERCENT)
    for unit in group
    for name in unit.names
) | frozenset(name for unit in UNIT_WORDS for name in unit_names(unit))
"""Every unit name the reader knows, for `an hour`, `a day` (where `a` is one of something)."""


def name_unit(name: str) -> str | None:
    """The unit a category's name gives, in brackets (`Heights (feet)`) or as itself (`Days`, `Points`)."""
    match = re.search(r"\(\s*([a-z$%. ]+?)\s*\)", name.lower()) or re.fullmatch(r"\s*([a-z]+)\s*", name.lower())
    if match is None:
        return None
    said = " ".join(match.group(1).rstrip(".").split())
    return next((u for u in UNIT_WORDS if said in unit_names(u)), None)


def made(
    kind: str, values: tuple[str, ...], found: list[Fraction], unit: str | None = None, name: str = ""
) -> Scale | None:
    """The scale, its magnitudes whole numbers in a common step; None when two values are the same quantity."""
    step = Fraction(1, max((f.denominator for f in found), default=1))
    if kind == "money":
        step = min(step, Fraction(1, 100))
    magnitudes = tuple(int(f / step) for f in found)
    if len(set(magnitudes)) != len(magnitudes):
        return None
    kind_units = {
        "money": MONEY,
        "time": MINUTES,
        "date": DAYS,
        "month": MONTH_UNITS,
        "ordinal": PLACES,
        "percent": PERCENT,
        "year": YEARS,
    }.get(kind)
    if kind_units is None:
        kind_units = (Unit(tuple(unit_names(unit)), Fraction(1)),) if unit else units(("", 1))
    if kind in ("ordinal", "number") and name and not unit:  # `Games: first, second`: `1 game after`
        own = " ".join(n for w in words(name) for n in unit_names(w + "s"))
        kind_units = (Unit(kind_units[0].names + tuple(own.split()), kind_units[0].size), *kind_units[1:])
    return Scale(
        kind, magnitudes, step, kind_units, tuple(printed_forms(kind, v, f, unit) for v, f in zip(values, found))
    )


def printed_forms(kind: str, value: str, quantity: Fraction, unit: str | None) -> tuple[str, ...]:
    """Other ways a page writes this value: `$5` as `5 dollars` or `5-dollar`, `9:00am` as `9am`."""
    whole = quantity.denominator == 1
    plain = str(quantity.numerator) if whole else f"{float(quantity):g}"
    if kind == "money":
        cents = f"{float(quantity):.2f}"
        bare = () if value.lstrip().startswith("$") else (plain,)  # a page that prints `45` may say `$45`
        return (*bare, f"${plain}", f"${cents}", f"{plain} dollars", f"{plain} dollar", f"{cents} dollars")
    if kind == "time":
        hour, minute = divmod(int(quantity), 60)
        half = "am" if hour < 12 else "pm"
        twelve = hour % 12 or 12
        forms = [f"{twelve}:{minute:02d}{half}", f"{twelve}:{minute:02d} {half[0]}.m.", f"{hour}:{minute:02d}"]
        if minute == 0:
            forms += [f"{twelve}{half}", f"{twelve} {half[0]}.m.", f"{twelve} o'clock"]
        return tuple(forms)
    if kind == "date":
        day, name = day_of_month(quantity), MONTHS[month_of(quantity)]
        suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
        return (f"{name} {day}", f"{name} {day}{suffix}", f"{name[:3]} {day}", f"{day}{suffix} of {name}")
    if kind == "ordinal":
        k = int(quantity)
        suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
        return (f"{k}{suffix}",) + ((ORDINAL_WORDS[k - 1],) if k <= len(ORDINAL_WORDS) else ())
    if kind == "percent":
        return (f"{plain}%", f"{plain} percent")
    if kind == "number" and unit:
        names = unit_names(unit)
        return (plain, *(f"{plain} {n}" for n in names), *(f"{plain}-{n}" for n in names))
    if kind == "number" and whole and abs(quantity) >= 1000:
        return (plain, f"{quantity.numerator:,}")
    return (plain,)
