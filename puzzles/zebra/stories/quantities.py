"""The one ordered category of a page: its kinds of quantity, their printed values and the words that compare them.

A kind draws n magnitudes (evenly or unevenly spaced) and prints each as the
sites do (`$4.99`, `8:30am`, `April 4th`, `2006`, `third`, `12%`, `1,200`);
it says a difference in its own unit (`$2`, `30 minutes`, `2 days`, `3 years`,
`1 place`, `250 feet`) and names the two directions (`more than` / `less than`,
`after` / `before`, `behind` / `ahead of`, `taller than` / `shorter than`).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from puzzles.zebra.reader import quantities

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
MONTHS = tuple(month.capitalize() for month in quantities.MONTHS)


@dataclass(frozen=True)
class Kind:
    """How one kind of quantity is drawn, printed and compared."""

    name: str
    starts: tuple[int, ...]  # first magnitudes to choose from
    steps: tuple[int, ...]  # gaps to choose from (uneven pages use multiples of one)
    up: str  # the direction of a larger magnitude: "more than", "after", "behind"
    down: str
    vague: tuple[str, ...] = ("{w}",)  # unamounted comparisons, "{w}" the direction word
    unit: tuple[str, str] = ("", "")  # singular, plural for an amount in words

    def draw(self, rng: Random, n: int) -> tuple[int, ...]:
        """n increasing magnitudes: evenly spaced, or on a grid of one step with gaps."""
        start, step = rng.choice(self.starts), rng.choice(self.steps)
        if self.name == "ordinal" or rng.random() < 0.5:
            return tuple(start + i * step for i in range(n))
        slots = sorted(rng.sample(range(n + rng.randint(1, 3)), n))
        return tuple(start + slot * step for slot in slots)

    def amount(self, difference: int) -> str:
        """A positive difference in the kind's own unit: `$2`, `30 minutes`, `1 place`, `250 feet`."""
        singular, plural = self.unit
        if self.name == "money":
            return f"${difference // 100}" if difference % 100 == 0 else f"${difference / 100:.2f}"
        if self.name == "time" and difference % 60 == 0:
            hours = difference // 60
            return "1 hour" if hours == 1 else f"{hours} hours"
        if self.name == "percent":
            return f"{difference}%"
        return f"{difference:,} {singular if difference == 1 else plural}".strip()


def money(cents: int, whole: bool) -> str:
    return f"${cents // 100:,}" if whole else f"${cents / 100:,.2f}"


def clock(minutes: int, spaced: bool) -> str:
    """Minutes after midnight as `8:30am` (or `8:30 am` on a spaced page)."""
    hour, minute = divmod(minutes, 60)
    half = "am" if hour < 12 else "pm"
    return f"{(hour - 1) % 12 + 1}:{minute:02d}{' ' if spaced else ''}{half}"


def nth(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


KINDS = {
    "money": Kind(
        "money", (400, 500, 1000, 1200, 2500), (100, 200, 500), "more than", "less than", ("{w}", "somewhat {w}")
    ),
    "time": Kind(
        "time",
        (420, 480, 510, 540, 600, 660),
        (15, 30, 60),
        "after",
        "before",
        ("sometime {w}", "at some point {w}", "{w}"),
        ("minute", "minutes"),
    ),
    "date": Kind(
        "date", (1, 2, 3, 4, 5), (1, 2, 3, 7), "after", "before", ("sometime {w}", "at some point {w}"), ("day", "days")
    ),
    "year": Kind(
        "year",
        (1984, 1992, 1999, 2003, 2006),
        (1, 2, 3, 4),
        "after",
        "before",
        ("sometime {w}", "at some point {w}"),
        ("year", "years"),
    ),
    "ordinal": Kind("ordinal", (1,), (1,), "behind", "ahead of", ("somewhere {w}", "{w}"), ("place", "places")),
    "percent": Kind("percent", (5, 10, 12, 20), (2, 3, 5, 10), "higher than", "lower than", ("{w}", "somewhat {w}")),
    "number": Kind(
        "number", (40, 100, 250, 1200, 8500), (5, 10, 25, 250, 500), "more than", "less than", ("{w}", "somewhat {w}")
    ),
}


@dataclass(frozen=True)
class Printer:
    """How one page prints a kind's magnitudes: the per-page choices (whole dollars, `8:00 am`, month)."""

    kind: str
    whole: bool = False
    spaced: bool = False
    month: str = "April"

    def __call__(self, magnitude: int) -> str:
        if self.kind == "money":
            return money(magnitude, self.whole)
        if self.kind == "time":
            return clock(magnitude, self.spaced)
        if self.kind == "date":  # days from the page's month on, into the next months: never `April 45th`
            month, day = MONTHS.index(self.month), magnitude
            while day > quantities.MONTH_DAYS[month]:
                day, month = day - quantities.MONTH_DAYS[month], month + 1
            return f"{MONTHS[month]} {nth(day)}"
        if self.kind == "ordinal":
            return ORDINALS[magnitude - 1]
        if self.kind == "percent":
            return f"{magnitude}%"
        return f"{magnitude:,}" if self.kind == "number" else str(magnitude)


def printed(kind: Kind, rng: Random, n: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """n magnitudes of a kind and their printed forms, with this page's printing choices."""
    magnitudes = kind.draw(rng, n)
    whole = rng.random() < 0.5
    if kind.name == "money" and not whole:
        magnitudes = tuple(m - 1 if m % 100 == 0 else m for m in magnitudes)  # $4.99, $5.99 ...
    printer = Printer(kind.name, whole=whole, spaced=rng.random() < 0.3, month=rng.choice(MONTHS[2:10]))
    return magnitudes, tuple(printer(m) for m in magnitudes)
