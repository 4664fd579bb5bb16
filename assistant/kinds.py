"""The puzzle types the assistant knows, in the order the home screen lists them.

A puzzle type is a name plus a few places named after it.  A new type provides:

- its engine, `puzzles/<name>.py` (or a package `puzzles/<name>/`), a module
  conforming to `puzzles.core.Engine` (`SOLVE_OPTIONS`, `BUDGET`, `parse`,
  `format`, `analyse`, `solve`; see `puzzles/__init__.py`;
  tests/unit/test_contract.py checks every engine);
- its screen, a `PuzzleScreen` subclass (a `BoardScreen` for number boards)
  in `assistant/screens/<name>.py`, whose class is named in `screen_class` and
  whose `KIND` is the name;
- at least one example, `puzzles/examples/<name>-<example>.txt`: the screen
  starts with the first in name order, and ctrl+e lists them all;
- optionally its part of the command line, `assistant/kind_cli/<name>.py`,
  with `BENCHMARKS` for `puzzle-assistant bench`, `register(parser)` for its
  own subcommands (`puzzle-assistant <name> ...`, whose help line is the
  type's `commands`) and `kept(puzzle)` for what `solve` takes from the
  app's cache (then the type's `keeps` is true: `solve` imports the module
  for it, and only then, as the module may import much for its benchmarks).

Then it is one entry in `KINDS` below: the name, the title and summary that
the home screen and `--help` show, the screen class and the help line of its
own commands.  The entry is all the command line and the home screen read, so
neither imports an engine or a screen before its type is solved, benched or
opened (`import assistant.cli` pulls in no engine: tests/unit/test_startup.py).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, cast

from puzzles.examples import examples

if TYPE_CHECKING:
    from textual.screen import Screen

    from puzzles.core import Engine


@dataclass(frozen=True)
class Kind:
    name: str
    title: str
    summary: str
    screen_class: str
    commands: str | None = None  # the help line of `puzzle-assistant <name> ...`, if its kind_cli has `register`
    keeps: bool = False  # its kind_cli has `kept(puzzle)`, what `solve` takes from the app's cache

    def kept(self, puzzle: object) -> dict[str, object]:
        """The keyword arguments `solve` takes from what the app keeps on disk for `puzzle` (none for most types)."""
        return self.cli.kept(puzzle) if self.keeps else {}

    @property
    def engine(self) -> Engine:
        """The engine module, imported on first use, typed by the contract it keeps (tests/unit/test_contract.py)."""
        return cast("Engine", importlib.import_module(f"puzzles.{self.name}"))

    @property
    def cli(self) -> ModuleType | None:
        """`assistant/kind_cli/<name>.py`, if this type has one."""
        try:
            return importlib.import_module(f"assistant.kind_cli.{self.name}")
        except ModuleNotFoundError as error:
            if error.name != f"assistant.kind_cli.{self.name}":
                raise
            return None

    def first_example(self) -> str:
        """The text of the example a screen starts with: the first bundled one in name order."""
        found = examples(self.name)
        if not found:
            raise LookupError(
                f"puzzle type {self.name!r} has no example to start with: "
                f"add puzzles/examples/{self.name}-<example>.txt"
            )
        return next(iter(found.values()))

    def screen(self) -> type[Screen]:
        """The screen class; importing it pulls in Textual and the engine, so only the TUI asks, when it opens the type.

        A type without an example fails here, saying so.
        """
        self.first_example()
        module = importlib.import_module(f"assistant.screens.{self.name}")
        return getattr(module, self.screen_class)

    def new_screen(self) -> Screen:
        """A screen of this type, made when the app first opens it (the app's mode for the type)."""
        return self.screen()()


KINDS: tuple[Kind, ...] = (
    Kind(
        "mastermind",
        "Mastermind",
        "Codebreaker's assistant: type each guess and its pegs, see the codes left and the best next guess.",
        "MastermindScreen",
        commands="Mastermind tools",
    ),
    Kind(
        "peg",
        "Peg solitaire",
        "Explore openings on the classic boards: every move annotated with the winning games that follow.",
        "PegScreen",
        commands="peg solitaire tools",
        keeps=True,
    ),
    Kind(
        "hidoku",
        "Hidoku",
        "Hidato boards cell by cell: each empty cell's possible numbers, completions left, the next deduction.",
        "HidokuScreen",
    ),
    Kind(
        "jodici",
        "Jodici",
        "3 rings x 6 sectors: digits 1..9 twice each, sectors sum to 15 and rings to 30; exact counts live.",
        "JodiciScreen",
    ),
    Kind(
        "magic",
        "Magic number board",
        "N x N board, each value once, rows, columns and diagonals reach one sum: candidates and completions.",
        "MagicScreen",
    ),
    Kind(
        "equation",
        "Equation crossword",
        "Rows and columns of + - * / equations over unknown integers: candidates and solutions live.",
        "EquationScreen",
    ),
    Kind(
        "disks",
        "Flower disks",
        "Rotate stacked disks so every field is covered by exactly one solid part: all solutions live.",
        "DisksScreen",
    ),
    Kind(
        "zebra",
        "Zebra and logic grids",
        "Type categories and clues as printed; the grid narrows live, each mark with the clue that made it.",
        "ZebraScreen",
    ),
    Kind(
        "sudoku",
        "Sudoku",
        "Classic 9x9, 4x4, 6x6 and 16x16, diagonal and Killer: exact counts, graded hints, a technique ladder.",
        "SudokuScreen",
    ),
)

BY_NAME = {kind.name: kind for kind in KINDS}
