"""The puzzle types the assistant knows, in the order the home screen lists them.

A puzzle type is a name plus a few places named after it.  A new type provides:

- its engine, `puzzles/<name>.py` (or a package `puzzles/<name>/`), a module
  conforming to `puzzles.core.Engine` (`TITLE`, `SUMMARY`, `SOLVE_OPTIONS`,
  `BUDGET`, `parse`, `format`, `analyse`, `solve`; see `puzzles/__init__.py`;
  tests/unit/test_contract.py checks every engine);
- its screen, a `PuzzleScreen` subclass (a `BoardScreen` for number boards)
  in `assistant/screens/<name>.py`, whose class is named in `screen_class` and
  whose `KIND` is the name;
- at least one example, `puzzles/examples/<name>-<example>.txt`: the screen
  starts with the first in name order, and ctrl+e lists them all;
- optionally its part of the command line, `assistant/kind_cli/<name>.py`,
  with `BENCHMARKS` for `puzzle-assistant bench`, `register(subparsers)`
  for its own subcommands and `kept(puzzle)` for what `solve` takes from the
  app's cache.

Then it is one line in `KINDS` below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import cast

from puzzles.core import Engine
from puzzles.examples import examples


@dataclass(frozen=True)
class Kind:
    name: str
    screen_class: str

    @property
    def engine(self) -> Engine:
        """The engine module, typed by the contract it keeps (checked by tests/unit/test_contract.py)."""
        return cast(Engine, importlib.import_module(f"puzzles.{self.name}"))

    @property
    def title(self) -> str:
        return self.engine.TITLE

    @property
    def summary(self) -> str:
        return self.engine.SUMMARY

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

    def screen(self) -> type:
        """The screen class; importing it pulls in Textual, so only the TUI asks.

        The app asks for every screen as it starts, so a type without an example fails then, saying so.
        """
        self.first_example()
        module = importlib.import_module(f"assistant.screens.{self.name}")
        return getattr(module, self.screen_class)


KINDS: tuple[Kind, ...] = (
    Kind("mastermind", "MastermindScreen"),
    Kind("peg", "PegScreen"),
    Kind("hidoku", "HidokuScreen"),
    Kind("jodici", "JodiciScreen"),
    Kind("magic", "MagicScreen"),
    Kind("equation", "EquationScreen"),
    Kind("disks", "DisksScreen"),
    Kind("zebra", "ZebraScreen"),
    Kind("sudoku", "SudokuScreen"),
)

BY_NAME = {kind.name: kind for kind in KINDS}
