"""What every puzzle engine shares: reading text, input errors with a place, cancellation, counts.

The engines are pure functions over immutable values.  The app runs them in a
worker thread and passes `should_stop`, a cheap callable an engine asks now and
then inside long loops; when it answers True the engine raises `Stopped`, which
is how a stale computation really ends (a Python thread cannot be killed).
"""

from __future__ import annotations

import codecs
import functools
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

if TYPE_CHECKING:
    import numpy as np

ShouldStop = Callable[[], bool]
T = TypeVar("T")

MAX_TEXT = 1 << 20  # bytes of a file, characters of pasted text: the biggest real puzzle is ~2 KB
MAX_DIGITS = 9  # no puzzle number is longer, and int() of a long one is slow or refused outright
SHOWN = 40  # characters of an offending token quoted back in a message
MAX_MESSAGE = 200  # a refusal is one short line, whatever the input
BOMS = (  # UTF-32 first: its little-endian mark starts with UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
WHOLE_NUMBER = re.compile(r"[-+]?[0-9]+")


def never() -> bool:
    """The `should_stop` of a computation nobody will cancel (CLI, tests)."""
    return False


class Stopped(Exception):
    """Raised inside an engine when its caller no longer wants the result."""


def stop_if_asked(should_stop: ShouldStop) -> None:
    """The check every long loop makes: raise Stopped once the caller no longer wants the result."""
    if should_stop():
        raise Stopped


class OutOfBudget(Exception):
    """Raised by `Deadline.spend` inside a search: the count so far is only a lower bound."""


class PuzzleError(ValueError):
    """Bad input, with where it is: a line and column of a file, or a named place.

    `where` is free text for places that are not text positions ("cell r3c4",
    "row 2"); `line` and `column` are 1-based.  `str()` gives one line that a
    person can act on: "line 3, column 5: 'pink' is not a colour of this game".
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        where: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.where = where

    @property
    def place(self) -> str:
        parts = []
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.column is not None:
            parts.append(f"column {self.column}")
        if self.where:
            parts.append(self.where)
        return ", ".join(parts)

    def __str__(self) -> str:
        return one_line(f"{self.place}: {self.message}" if self.place else self.message)


def shown(token: str) -> str:
    """A piece of input quoted in a message: escaped, and cut to SHOWN characters so the message stays short."""
    return repr(token if len(token) <= SHOWN else token[: SHOWN - 1] + "…")


def one_line(message: str) -> str:
    """A message as one printable line of at most MAX_MESSAGE characters, whatever input it quotes.

    A long one loses its middle: the place comes first and the advice last.
    """
    if not message.isprintable():
        message = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    if len(message) <= MAX_MESSAGE:
        return message
    half = MAX_MESSAGE // 2
    return message[:half] + "…" + message[len(message) - (MAX_MESSAGE - half - 1) :]


def read_number(token: str, *, line: int | None = None, column: int | None = None) -> int:
    """A whole number typed by a person: ASCII digits, at most MAX_DIGITS of them, refused before int() sees it."""
    if not WHOLE_NUMBER.fullmatch(token):
        raise PuzzleError(f"{shown(token)} is not a whole number", line=line, column=column)
    if len(token.lstrip("+-")) > MAX_DIGITS:
        raise PuzzleError(f"{shown(token)} is too long: at most {MAX_DIGITS} digits", line=line, column=column)
    return int(token)


def matched_number(match: re.Match[str], group: int, line: int) -> int:
    """`read_number` of one group of a header pattern, placed at its column."""
    return read_number(match.group(group), line=line, column=match.start(group) + 1)


# ---------------------------------------------------------------- text in


def decode(data: bytes) -> str:
    """The text of a puzzle file: UTF-8, or UTF-8/16/32 with a byte-order mark (Windows editors write one)."""
    if len(data) > MAX_TEXT:
        raise PuzzleError(f"the file is over {MAX_TEXT >> 20} MiB, the limit for a puzzle file")
    encoding, start = next(((name, len(bom)) for bom, name in BOMS if data.startswith(bom)), ("utf-8", 0))
    try:
        text = data[start:].decode(encoding)
    except UnicodeDecodeError as error:
        line = data[start : start + error.start].decode(encoding, "replace").count("\n") + 1
        byte = start + error.start + 1
        raise PuzzleError(f"not a text file (byte {byte} is not {encoding.upper()})", line=line) from None
    return checked_text(text)


def checked_text(text: str) -> str:
    """Text as every parser reads it, whether from a file, a paste or a session: no byte-order mark, no NUL, not huge."""
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_TEXT:
        raise PuzzleError(f"the text is longer than {MAX_TEXT:,} characters, the limit for a puzzle")
    if (nul := text.find("\0")) >= 0:
        line = text.count("\n", 0, nul) + 1
        column = nul - text.rfind("\n", 0, nul)
        raise PuzzleError("not a text file (a NUL character)", line=line, column=column)
    return text


def reads_text(parse: Callable[[str], T]) -> Callable[[str], T]:
    """Marks an engine's `parse`: the text goes through `checked_text` first, so every way in follows the same rules."""

    @functools.wraps(parse)
    def checked_parse(text: str, **options: Any) -> T:
        return parse(checked_text(text), **options)

    return checked_parse


@dataclass(frozen=True)
class Count:
    """A number of solutions: exact, or only a lower bound when the budget ran out."""

    value: int
    exact: bool = True

    def __str__(self) -> str:
        return f"{self.value:,}" if self.exact else f"at least {self.value:,}"

    def of(self, noun: str) -> str:
        """The count with its noun, singular for one: "1,296 codes", "at least 1 completion"."""
        return f"{self} {noun}{'s' * (self.value != 1)}"


Tone = Literal["info", "good", "warning", "bad"]


class Status(StrEnum):
    """Where a puzzle stands after an analysis; `tone` is how the panel colours it.

    A string enum: it is the word `solve --json` prints under "status", and
    compares equal to it.
    """

    CONTRADICTION = "contradiction"  # nothing fits: a mistake somewhere
    UNIQUE = "unique"
    SEVERAL = "several"
    UNKNOWN = "unknown"  # the budget ran out before it was settled: none found yet, or one found and maybe more
    SOLVED = "solved"  # the puzzle as it stands is already a solution
    WINNABLE = "winnable"  # a game that can still be won (peg solitaire)

    @classmethod
    def of(cls, count: Count) -> Status:
        """The status a number of solutions implies: at least one, when not exact, may be the only one, so only at
        least two are several."""
        if count.value <= 1 and not count.exact:
            return cls.UNKNOWN
        if count.value == 0:
            return cls.CONTRADICTION
        return cls.UNIQUE if count.value == 1 else cls.SEVERAL

    def said(self, count: Count) -> str:
        """The status in `solve`'s words: "unknown" says what is not known."""
        if self is Status.UNKNOWN:
            return "unknown whether unique" if count.value else "none found yet"
        return self.value

    def headline(self, count: Count, noun: str) -> str | None:
        """The first words of an analysis, where the status says more than the count: None where it does not."""
        return {
            Status.CONTRADICTION: f"No {noun}",
            Status.UNKNOWN: f"1 {noun} found, unknown whether unique" if count.value else f"No {noun} found yet",
        }.get(self)

    @property
    def tone(self) -> Tone:
        return TONES[self]


TONES: dict[Status, Tone] = {
    Status.CONTRADICTION: "bad",
    Status.UNIQUE: "good",
    Status.SEVERAL: "info",
    Status.UNKNOWN: "warning",
    Status.SOLVED: "good",
    Status.WINNABLE: "good",
}


class Analysis(Protocol):
    """What every engine's `analyse` returns, as far as the shared panel reads it."""

    @property
    def count(self) -> Count: ...

    @property
    def status(self) -> Status: ...

    @property
    def headline(self) -> str:
        """The first thing a person reads: "Unique completion", "1,296 codes remain"."""
        ...


class Report(Protocol):
    """What every engine's `solve` returns: the CLI prints one or the other."""

    def to_json(self) -> dict[str, Any]:
        """At least `count` and `solutions`."""
        ...

    def to_text(self) -> str: ...


class Engine(Protocol):
    """A puzzle type's module: what the CLI and the app need of it (see `puzzles/__init__`).

    Modules conform by what they define; tests/unit/test_contract.py checks every one.
    """

    SOLVE_OPTIONS: tuple[Option, ...]
    BUDGET: Budget | None

    def parse(self, text: str) -> Any: ...

    def format(self, puzzle: Any) -> str: ...

    def analyse(self, puzzle: Any, *, budget: Budget | None = ..., should_stop: ShouldStop = ...) -> Analysis: ...

    def solve(
        self, puzzle: Any, *, limit: int = ..., budget: Budget | None = ..., should_stop: ShouldStop = ...
    ) -> Report: ...


@dataclass(frozen=True)
class Budget:
    """How much an analysis may spend before it answers with what it has so far.

    `work` counts the engine's own steps (search nodes, guesses scored, beam
    layers), so the same input gives the same answer on every machine: the
    CLI and the tests use it.  `seconds` is wall-clock time: the live screens
    use it, so an answer comes in time whatever the machine.  Both may be set;
    neither means no limit.
    """

    seconds: float | None = None
    work: int | None = None

    def __str__(self) -> str:
        parts = [
            f"{self.seconds:g} s" if self.seconds is not None else "",
            f"{self.work:,} steps" if self.work is not None else "",
        ]
        return " or ".join(p for p in parts if p) or "no limit"


UNLIMITED = Budget()


class Deadline:
    """A budget being spent, plus the cancel check, asked together inside search loops.

    `expired(steps)` is for anytime work (stop early, return the best so far):
    it spends `steps` of the work budget and looks at the clock.  `check()`
    raises `Stopped` when the caller cancelled.  Both are cheap enough to call
    every search node.
    """

    def __init__(self, budget: Budget | None = None, should_stop: ShouldStop = never) -> None:
        budget = budget or UNLIMITED
        self.end = None if budget.seconds is None else time.monotonic() + budget.seconds
        self.work_left = budget.work
        self.share = budget.work  # a portion's work at its start
        self.should_stop = should_stop

    def check(self) -> None:
        stop_if_asked(self.should_stop)

    def expired(self, steps: int = 1) -> bool:
        self.check()
        if self.work_left is not None:
            self.work_left -= steps
            if self.work_left < 0:
                return True
        return self.end is not None and time.monotonic() >= self.end

    def spend(self, steps: int = 1) -> None:
        """`expired` for searches that end by exception: raises OutOfBudget."""
        if self.expired(steps):
            raise OutOfBudget

    def portion(self, work: int) -> Deadline:
        """A first stage's share: at most `work` of the budget left, on the same clock and cancel check
        (`charge` it back when the stage ends)."""
        part = self.rest()
        part.work_left = part.share = work if part.work_left is None else min(work, part.work_left)
        return part

    def rest(self) -> Deadline:
        """The budget left, as a stage's own: the same clock and cancel check, and work it counts apart, in its
        own units, untouched by what its helpers go on spending from this one."""
        part = Deadline(None, self.should_stop)
        part.end = self.end
        part.work_left = part.share = None if self.work_left is None else max(self.work_left, 0)
        return part

    def charge(self, part: Deadline) -> None:
        """Spend what a `portion` spent."""
        self.expired(part.share - max(part.work_left, 0))

    def left(self, at_least: float = 0.0) -> Budget:
        """What is still unspent, as the budget of a next stage; a timed one keeps `at_least` seconds."""
        seconds = None if self.end is None else max(self.end - time.monotonic(), at_least)
        return Budget(seconds, None if self.work_left is None else max(self.work_left, 0))

    @property
    def bounded(self) -> bool:
        """Whether this deadline can ever expire (an unlimited one lets engines use all their memory)."""
        return self.end is not None or self.work_left is not None


@dataclass(frozen=True)
class Option:
    """An extra `solve` option a puzzle type takes, such as Mastermind's strategy.

    Plain data, so the engine stays free of argparse; the CLI turns it into a
    `--name` flag and passes the value to `solve` as a keyword argument.
    """

    name: str
    help: str
    default: str | int | float | None = None
    choices: tuple[str, ...] | None = None
    type: type = str


def grouped(items: Iterable[T], links: Iterable[Sequence[T]]) -> list[list[T]]:
    """The items in groups, the items of each link in one (union-find); groups in the order of their
    first items, members in the items' order."""
    parent = {x: x for x in items}

    def find(x: T) -> T:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for link in links:
        root = find(link[0])
        for x in link[1:]:
            parent[find(x)] = root
    groups: dict[T, list[T]] = {}
    for x in parent:
        groups.setdefault(find(x), []).append(x)
    return list(groups.values())


def distinct(values: np.ndarray) -> np.ndarray:
    """Sorted, without repeats: np.unique's hashing in numpy 2 is many times slower on large int64 arrays."""
    import numpy as np  # here, not above: the command line and the app read this module before any engine

    ordered = np.sort(values)
    keep = np.empty(len(ordered), dtype=bool)
    keep[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]
