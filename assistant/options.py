"""Numbers on the command line, each checked against its range when it is read.

argparse calls these as an option's `type`; a value out of range (or not a
number) becomes one line naming the option and what it takes, exit status 2,
never a traceback from deep inside an engine (`--limit -5` once reached
`itertools.islice`).  `Parser` keeps every such refusal on one line.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

USAGE_ERROR = 2
LONGEST_REFUSAL = 200  # characters, as for a refused puzzle file
QUOTED = 40  # characters of the person's text quoted back


class Parser(argparse.ArgumentParser):
    """argparse whose refusals are one line (no usage block), pointing at --help instead.

    `fill(parser)`, if given, adds the parser's arguments when it first parses: a puzzle type's
    subcommand reads its engine only when the command line names that type, so `--help` and
    the other types' commands start without importing it.
    """

    def __init__(self, *args: Any, fill: Callable[[Parser], None] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fill = fill

    def parse_known_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> tuple[Any, list[str]]:
        if self.fill is not None:
            fill, self.fill = self.fill, None
            fill(self)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        line = f"{self.prog}: {message}; see {self.prog} --help"
        if len(line) > LONGEST_REFUSAL:
            line = line[: LONGEST_REFUSAL - 1] + "…"
        self.exit(USAGE_ERROR, line + "\n")


def quoted(text: str) -> str:
    return repr(text if len(text) <= QUOTED else text[:QUOTED] + "…")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An option's type: a whole number from `low` to `high`."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"give a whole number from {low:,} to {high:,}, not {quoted(text)}")
        return value

    return read


def positive_seconds(text: str) -> float:
    """An option's type: seconds above 0 and below a million (so not nan or inf either)."""
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not 0 < value < 1e6:
        raise argparse.ArgumentTypeError(f"give seconds above 0 and below a million, not {quoted(text)}")
    return value


def terminal_size(text: str) -> tuple[int, int]:
    """An option's type: COLSxROWS, from 40x12 (the smallest the screens lay out) to 400x200."""
    columns, _, rows = text.lower().partition("x")
    try:
        size = int(columns), int(rows)
    except ValueError:
        size = None
    if size is None or not (40 <= size[0] <= 400 and 12 <= size[1] <= 200):
        raise argparse.ArgumentTypeError(f"give COLSxROWS from 40x12 to 400x200, not {quoted(text)}")
    return size
