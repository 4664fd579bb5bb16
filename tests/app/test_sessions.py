"""Nothing typed is lost: the session comes back after a restart; a bad autosave is set aside."""

import os

from assistant.app import PuzzleAssistant
from assistant.kinds import KINDS
from assistant.sessions import session_file
from assistant.widgets.live_panel import LivePanel
from puzzles import jodici
from tests.conftest import ready_for_snapshot


async def test_the_board_and_its_undo_history_survive_a_restart(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("9", "1")
        await settle(pilot)
    again = PuzzleAssistant(start="hidoku")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.screen.state.grid[0][0] == 91
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert again.screen.state.grid[0][0] == 0


async def test_an_unreadable_autosave_is_set_aside_with_a_message(settle):
    path = session_file("jodici")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "kind": "jodici", "states": ["1,2,3\\n"], "index": 0}')
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert str(app.screen.query_one(LivePanel).query_one("#headline").render()) == "Unique completion"
        assert any("could not be restored" in n.message for n in app._notifications)
    kept = [name for name in os.listdir(path.parent) if name.startswith("jodici.unreadable-")]
    assert kept, "the unreadable file is kept beside, not deleted"


async def test_home_lists_every_puzzle_and_opens_one(settle):
    app = PuzzleAssistant()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        options = app.screen.query_one("#kinds")
        assert options.option_count == len(KINDS)
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert app.current_mode == "hidoku"
        await pilot.press("f2")
        assert app.current_mode == "home"


def test_home_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(), terminal_size=(80, 24), run_before=ready_for_snapshot)


async def test_new_asks_before_discarding_unsaved_changes(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("ctrl+n")  # nothing changed yet: no question
        await settle(pilot)
        assert app.screen is screen and screen.state == jodici.blank()
        await pilot.press("5")
        await settle(pilot)
        edited = screen.state
        await pilot.press("ctrl+n")
        await pilot.click("#no")
        await settle(pilot)
        assert app.screen is screen and screen.state == edited  # cancelled: the edit is still there
        await pilot.press("ctrl+n")
        await pilot.click("#yes")
        await settle(pilot)
        assert screen.state != edited


async def test_open_reads_a_windows_file_and_refuses_a_huge_one_in_a_line(settle, tmp_path):
    text = "1,2,3,4,5,6\n_,_,_,_,_,_\n_,_,_,_,_,_\n"
    windows = tmp_path / "windows.txt"
    windows.write_bytes(text.replace("\n", "\r\n").encode("utf-16"))
    huge = tmp_path / "huge.txt"
    huge.write_bytes(text.encode() * 200_000)
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        answer = app.screen.query_one("#answer")
        answer.value = str(huge)
        await pilot.press("enter")
        await settle(pilot)
        error = str(app.screen.query_one("#error").render())
        assert error == f"{huge}: the file is over 1 MiB, the limit for a puzzle file"
        answer.value = str(windows)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.state == jodici.parse(text)
