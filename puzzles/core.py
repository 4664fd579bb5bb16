"""What every puzzle engine shares: input errors with a place, cancellation, counts.

The engines are pure functions over immutable values.  The app runs them in a
worker thread and passes `should_stop`, a cheap callable an engine asks now and
then inside long loops; when it answers True the engine raises `Stopped`, which
is how a stale computation really ends (a Python thread cannot be killed).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

ShouldStop = Callable[[], bool]


def never() -> bool:
    """The `should_stop` of a computation nobody will cancel (CLI, tests)."""
    return False


class Stopped(Exception):
    """Raised inside an engine when its caller no longer wants the result."""


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
        return f"{self.place}: {self.message}" if self.place else self.message


@dataclass(frozen=True)
class Count:
    """A number of solutions: exact, or only a lower bound when time ran out."""

    value: int
    exact: bool = True

    def __str__(self) -> str:
        return f"{self.value:,}" if self.exact else f"at least {self.value:,}"


class Deadline:
    """A time budget plus the cancel check, asked together inside search loops.

    `expired()` is for anytime work (stop early, return the best so far);
    `check()` raises `Stopped` when the caller cancelled.  Both are cheap enough
    to call every few thousand nodes.
    """

    def __init__(self, seconds: float | None = None, should_stop: ShouldStop = never) -> None:
        self.end = None if seconds is None else time.monotonic() + seconds
        self.should_stop = should_stop

    def check(self) -> None:
        if self.should_stop():
            raise Stopped

    def expired(self) -> bool:
        self.check()
        return self.end is not None and time.monotonic() >= self.end


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


def distinct(values: np.ndarray) -> np.ndarray:
    """Sorted, without repeats: np.unique's hashing in numpy 2 is many times slower on large int64 arrays."""
    ordered = np.sort(values)
    keep = np.empty(len(ordered), dtype=bool)
    keep[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]
