"""A session killed with SIGKILL mid-game restores to its last edit, with its undo history.

A child process runs the app headless, makes a few edits and then kills itself
with SIGKILL: no shutdown handler, no flush, a live computation possibly in
flight.  Whatever it had autosaved is all the next start has to go on.
"""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from textual.widgets import DataTable

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid
from assistant.widgets.pegs import code_pegs, key_pegs
from puzzles import mastermind as mm

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = "pegs: 4\ncolours: red blue green yellow orange purple\n"
ROWS = [("rrbb", "1 0"), ("ggyy", "0 1"), ("oopp", "1 1")]

CHILD_EDITS = {
    "mastermind": f"""
app.screen.load(mm.parse({CLASSIC!r}))
for guess, pegs in {ROWS!r}:
    await pilot.click("#guess")
    await pilot.press(*guess, "enter", *pegs, "enter")
await pilot.press(*"gg")  # half typed when killed: not an edit, not expected back
""",
    "hidoku": """
await pilot.press("9", "1", "right", "right", "right", "4")
""",
}
CHILD = """
import asyncio, os, signal
from assistant.app import PuzzleAssistant
from puzzles import mastermind as mm

async def main():
    app = PuzzleAssistant(start={kind!r})
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
{edits}
        await pilot.pause()
        os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def run_and_kill(kind: str) -> None:
    """Edit `kind` in a child process that then SIGKILLs itself, with no clean shutdown."""
    script = CHILD.format(kind=kind, edits=textwrap.indent(CHILD_EDITS[kind], " " * 8))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    assert child.returncode == -signal.SIGKILL, child.stderr


def shown_rows(app: PuzzleAssistant) -> list[tuple]:
    """The game table as drawn: the guess and the key pegs of each row."""
    table = app.screen.query_one("#rows", DataTable)
    return [tuple(table.get_row_at(i)[1:3]) for i in range(table.row_count)]


def drawn_rows(game: mm.Game) -> list[tuple]:
    return [
        (code_pegs(r.guess, game.colours), key_pegs(r.feedback.black, r.feedback.white, game.pegs)) for r in game.rows
    ]


def shown_cells(app: PuzzleAssistant) -> tuple[str, str]:
    """What the Hidoku grid shows in the two cells the child typed into."""
    cells = app.screen.query_one(EditableGrid).cells
    return cells[0][0].text, cells[0][3].text


async def walk_back(pilot, settle, steps: int) -> list:
    """The screen's state, then after each undo: the history as the person walks it."""
    walked = [pilot.app.screen.state]
    for _ in range(steps):
        await pilot.press("ctrl+z")
        await settle(pilot)
        walked.append(pilot.app.screen.state)
    assert not any("Nothing to undo" in n.message for n in pilot.app._notifications)
    return walked


async def test_a_killed_mastermind_game_comes_back_row_for_row(settle):
    run_and_kill("mastermind")
    games = [mm.parse(CLASSIC + "".join(f"{g} = {p}\n" for g, p in ROWS[:n])) for n in (3, 2, 1, 0)]
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert shown_rows(app) == drawn_rows(games[0])
        assert await walk_back(pilot, settle, 3) == games
        assert shown_rows(app) == []


async def test_a_killed_hidoku_board_comes_back_cell_for_cell(settle):
    run_and_kill("hidoku")
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert shown_cells(app) == ("91", "4")
        walked = await walk_back(pilot, settle, 3)
        assert [(board.grid[0][0], board.grid[0][3]) for board in walked] == [(91, 4), (91, 0), (9, 0), (0, 0)]
        assert shown_cells(app) == ("", "")
