"""`puzzle-assistant screenshots`: one SVG per screen and per view, from real runs of the app.

Each screen opens on its bundled example; a screen class may list
`SCREENSHOT_KEYS` to press first (a few moves in, a cell selected) so the
picture shows the assistant at work.  `VIEWS` adds the pictures a screen
alone does not show: the home screen, the openings map, a won Mastermind
game, a practice game.  The README shows every one of them (tests/app/test_screenshots.py
checks that it does).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from textual.widgets import Input

from assistant.app import PuzzleAssistant
from assistant.kinds import KINDS
from puzzles import mastermind as mm
from puzzles import peg
from puzzles.examples import examples

HOME = "PUZZLE_ASSISTANT_HOME"  # where the app keeps sessions and settings (assistant.sessions.data_dir)


@dataclass(frozen=True)
class View:
    """A picture: the mode the app starts in, what is loaded, then the keys pressed."""

    name: str
    mode: str
    keys: tuple[str, ...] = ()
    load: Callable[[], object] | None = None  # a puzzle the screen loads before the keys


def views() -> tuple[View, ...]:
    """Every picture `make screenshots` takes, in the order the README shows them."""
    screens = tuple(View(kind.name, kind.name, getattr(kind.screen(), "SCREENSHOT_KEYS", ())) for kind in KINDS)
    return (
        View("home", "home"),
        *screens,
        # The winning row typed by its colour keys (green yellow none yellow orange blue) and its pegs.
        View("mastermind-solved", "mastermind", (*"gyxyob", "enter", "6", "0", "enter")),
        View("mastermind-solo-practice", "mastermind", load=lambda: mm.parse(examples("mastermind")["solo-practice"])),
        View("peg-openings", "peg", ("o",)),
        View("peg-openings-european", "peg", ("o",), lambda: peg.start("european", 1)),
        View("zebra-solutions", "zebra", ("f3",)),
    )


async def settle(app: PuzzleAssistant, pilot) -> None:
    """Wait until every live result has arrived and been drawn."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def take(view: View, directory: Path, size: tuple[int, int]) -> Path:
    app = PuzzleAssistant(start=view.mode, restore_sessions=False)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        if view.load is not None:
            app.screen.load(view.load())
            await settle(app, pilot)
        for key in view.keys:
            await pilot.press(key)
            await settle(app, pilot)
        for box in app.screen.query(Input):  # a blinking cursor would make each run's picture differ
            box.cursor_blink = False
        await pilot.pause()
        path = directory / f"{view.name}.svg"
        app.save_screenshot(filename=path.name, path=str(directory))
    return path


async def take_all(directory: Path, size: tuple[int, int]) -> list[Path]:
    """Every view, in an app with a home of its own: the default theme, and the person's sessions untouched."""
    saved = os.environ.get(HOME)
    with tempfile.TemporaryDirectory() as home:
        os.environ[HOME] = home
        try:
            return [await take(view, directory, size) for view in views()]
        finally:
            if saved is None:
                del os.environ[HOME]
            else:
                os.environ[HOME] = saved
