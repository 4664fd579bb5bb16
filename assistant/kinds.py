"""The puzzle types the assistant knows, in the order the home screen lists them.

A puzzle type is a name plus three conventional places: its engine
`puzzles/<name>.py`, its screen `assistant/screens/<name>.py` (a class named in
`screen`), and optionally `assistant/commands/<name>.py` with extra CLI
commands (`register(subparsers)`) and `BENCHMARKS`.  Adding one is one line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Kind:
    name: str
    screen_class: str

    @property
    def engine(self) -> ModuleType:
        return importlib.import_module(f"puzzles.{self.name}")

    @property
    def title(self) -> str:
        return self.engine.TITLE

    @property
    def summary(self) -> str:
        return self.engine.SUMMARY

    @property
    def commands(self) -> ModuleType | None:
        try:
            return importlib.import_module(f"assistant.commands.{self.name}")
        except ModuleNotFoundError as error:
            if error.name != f"assistant.commands.{self.name}":
                raise
            return None

    def screen(self) -> type:
        """The screen class; importing it pulls in Textual, so only the TUI asks."""
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
)

BY_NAME = {kind.name: kind for kind in KINDS}
