"""Nothing typed is lost: the session comes back after a restart; a bad autosave is set aside."""

import json
import os
import subprocess
from pathlib import Path

import pytest
from textual.widgets import Static

from assistant import tables
from assistant.app import PuzzleAssistant
from assistant.kinds import BY_NAME, KINDS
from assistant.screens.base import plain
from assistant.sessions import load_session, lock_file, session_file, window_session_file
from assistant.widgets.dialogs import AskDialog
from assistant.widgets.grid import EditableGrid
from assistant.widgets.live_panel import LivePanel
from assistant.widgets.peg_board import PegBoard
from puzzles import hidoku, jodici, peg
from tests.conftest import headline, ready_for_snapshot


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
        await pilot.click("#cancel")
        await settle(pilot)
        assert app.screen is screen and screen.state == edited  # cancelled: the edit is still there
        await pilot.press("ctrl+n")
        await pilot.click("#ok")
        await settle(pilot)
        assert screen.state != edited


async def answer_dialog(pilot, settle, answer: str) -> None:
    pilot.app.screen.query_one("#answer").value = answer
    await pilot.press("enter")
    await settle(pilot)


async def test_a_restored_puzzle_is_replaced_without_asking_until_it_has_changes_not_in_a_file(settle, tmp_path):
    """A new board as it was started, or a puzzle as its file holds it, has nothing to lose after a restart."""
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await answer_dialog(pilot, settle, "3x3")  # a new board, not touched
    for step in ("untouched", "saved"):
        app = PuzzleAssistant(start="hidoku")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.screen.state == hidoku.blank(3, 3)
            await pilot.press("ctrl+n")
            await settle(pilot)
            assert isinstance(app.screen, AskDialog), f"{step}: nothing to lose, nothing asked but the new size"
            await pilot.press("escape", "1")
            await settle(pilot)
            await pilot.press("ctrl+n")
            await settle(pilot)
            assert "Its changes are not saved to a file" in app.screen.question, f"{step}: an entry would be lost"
            await pilot.press("escape", "ctrl+z")
            if step == "untouched":
                await pilot.press("ctrl+s")
                await answer_dialog(pilot, settle, str(tmp_path / "five.txt"))


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


# ---------------------------------------------------------------- meaning survives a restart

TYPED = {  # where each board screen's example has an empty cell (the grid's own position), and what to type there
    "hidoku": ((0, 0), "91"),
    "magic": ((1, 1), "9"),  # behind the sum labels
    "jodici": ((0, 2), "4"),
    "equation": ((0, 2), "7"),  # r1c2 of the printed page: value columns are every other one
}


def what_the_board_shows(app) -> tuple:
    """Every cell as drawn (text, clue or entry, marks, conflicts), the line under the board, the panel."""
    info = str(app.screen.query_one("#cell-info", Static).render())
    return app.screen.query_one(EditableGrid).cells, info, headline(app)


@pytest.mark.parametrize("kind", TYPED)
async def test_an_entry_comes_back_as_the_persons_entry_with_its_undo_chain(settle, kind):
    at, digits = TYPED[kind]
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        app.screen.query_one(EditableGrid).cursor = at
        await pilot.press(*digits)
        await settle(pilot)
        assert app.screen.query_one(EditableGrid).cell(at).role == "entry"
        shown, history = what_the_board_shows(app), (app.screen.history.states, app.screen.history.index)
    again = PuzzleAssistant(start=kind)
    async with again.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        again.screen.query_one(EditableGrid).cursor = at
        await settle(pilot)
        assert what_the_board_shows(again) == shown
        assert (again.screen.history.states, again.screen.history.index) == history
        await pilot.press(*["ctrl+z"] * len(digits))
        await settle(pilot)
        assert again.screen.state == history[0][0]


async def test_hidoku_says_your_entry_after_a_restart(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("9", "1")
    again = PuzzleAssistant(start="hidoku")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert str(again.screen.query_one("#cell-info", Static).render()) == "r1c1: 91 (your entry)"


async def test_the_board_check_after_a_restart_still_finds_the_persons_wrong_entry(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        app.screen.query_one(EditableGrid).cursor = (0, 2)
        await pilot.press("9")  # ring 1, sector 3 = 9: no completion has it
        await settle(pilot)
    again = PuzzleAssistant(start="jodici")
    async with again.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        grid = again.screen.query_one(EditableGrid)
        assert grid.cell((0, 2)).highlight == "mistake"
        assert str(again.screen.panel.query_one("#hint").render()).startswith("Your entry fits no solution.")


def what_peg_shows(app) -> tuple[str, ...]:
    return headline(app), *(plain(app.screen.query_one(f"#{part}", Static).content) for part in ("survival", "moves"))


async def test_a_peg_game_keeps_its_start_and_its_cached_table_after_a_restart(settle, monkeypatch):
    """The English flow on a small board: a game begun at the table's start is still counted from the table."""
    monkeypatch.setattr(tables, "BIG_BOARDS", {"triangle5": 1})
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")  # build the table once
        await settle(pilot)
        board = app.screen.query_one(PegBoard)
        board.cursor = 4
        await pilot.press("enter")
        board.cursor = 1
        await pilot.press("enter")  # 4 over 2 into 1
        await settle(pilot)
        assert "cached triangle5 table" in str(app.screen.panel.query_one("#detail", Static).render())
        shown, states = what_peg_shows(app), app.screen.history.states
    again = PuzzleAssistant(start="peg")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.screen.history.states == states
        assert again.screen.state.played == ((4, 2, 1),) and peg.start_hole(again.screen.state) == 1
        assert what_peg_shows(again) == shown
        assert "cached triangle5 table" in str(again.screen.panel.query_one("#detail", Static).render())


async def test_a_format_1_session_still_loads_its_numbers_as_printed(settle):
    board = hidoku.parse(BY_NAME["hidoku"].first_example()).with_cell((0, 0), 91)
    write_session("hidoku", {"format": 1, "kind": "hidoku", "states": [hidoku.format(board)], "index": 0})
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.state.grid[0][0] == 91 and (0, 0) in app.screen.state.givens
        assert not app._notifications


# ---------------------------------------------------------------- damaged autosaves


def write_session(kind: str, document: object) -> Path:
    path = session_file(kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document))
    return path


def good_document(**changed: object) -> dict:
    text = BY_NAME["hidoku"].first_example()
    return {"format": 2, "kind": "hidoku", "path": None, "index": 0, "states": [{"text": text}]} | changed


DAMAGED_DOCUMENTS = {
    "a number for the path": good_document(path=5),
    "a list for the path": good_document(path=["a"]),
    "a text for the index": good_document(index="0"),
    "true for the index": good_document(index=True),
    "an index past the states": good_document(index=1),
    "a number for a state": good_document(states=[7]),
    "a state without text": good_document(states=[{"entries": []}]),
    "a number for the text": good_document(states=[{"text": 5}]),
    "no states": good_document(states=[]),
    "an object for the states": good_document(states={"text": "x"}),
    "a text for the format": good_document(format="2"),
    "a newer format": good_document(format=3),
    "another puzzle's session": good_document(kind="magic"),
    "entries that are not cells": good_document(states=[{"text": "1 _\n_ _\n", "entries": [[0, "0"]]}]),
    "entries that are a number": good_document(states=[{"text": "1 _\n_ _\n", "entries": 3}]),
    "an entry on an empty cell": good_document(states=[{"text": "1 _\n_ _\n", "entries": [[1, 1]]}]),
    "an entry off the board": good_document(states=[{"text": "1 _\n_ _\n", "entries": [[9, 9]]}]),
    "a text that is not a board": good_document(states=[{"text": "hello"}]),
    "a list, not an object": [1, 2, 3],
}


def restored_or_set_aside(app, path: Path) -> None:
    """The screen opened on its example, said the session could not be restored, and kept the file aside."""
    assert app.screen.state == app.screen.example_state()
    assert any("could not be restored" in n.message and "kept as" in n.message for n in app._notifications)
    assert list(path.parent.glob(f"{path.stem}.unreadable-*.json")), "kept beside, under a new name"


@pytest.mark.parametrize("damage", DAMAGED_DOCUMENTS)
async def test_a_session_of_the_wrong_shape_is_set_aside_and_the_screen_opens(settle, damage):
    path = write_session("hidoku", DAMAGED_DOCUMENTS[damage])
    damaged = path.read_bytes()
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        restored_or_set_aside(app, path)
    assert next(path.parent.glob("hidoku.unreadable-*.json")).read_bytes() == damaged


def deeply_nested(path: Path) -> None:
    path.write_text('{"format": 2, "kind": "hidoku", "index": 0, "states": ' + "[" * 100_000 + "]" * 100_000 + "}")


def over_a_mebibyte(path: Path) -> None:
    """82 MB of nothing (a sparse file): a reader that looked inside would take its time."""
    with open(path, "wb") as handle:
        handle.truncate(82_000_000)


DAMAGED_FILES = {
    "deeply nested": deeply_nested,
    "over 1 MiB": over_a_mebibyte,
    "cut short": lambda path: path.write_text(json.dumps(good_document())[:-20]),
    "not UTF-8": lambda path: path.write_bytes(b'{"format": 2, "kind": "\xff"}'),
    "a pipe": lambda path: os.mkfifo(path),
}


@pytest.mark.parametrize("damage", DAMAGED_FILES)
async def test_a_damaged_session_file_is_set_aside_and_the_screen_opens(settle, damage):
    path = session_file("hidoku")
    path.parent.mkdir(parents=True, exist_ok=True)
    DAMAGED_FILES[damage](path)
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        restored_or_set_aside(app, path)
        await pilot.press("5")
        await settle(pilot)
    assert load_session("hidoku").states[-1].startswith("  5")  # a fresh session was written in its place


async def test_a_peg_move_that_is_not_legal_there_sets_the_session_aside(settle):
    text = peg.format(peg.start("triangle5", 1))
    state = {"text": text, "played": [[1, 2, 4]]}  # from hole 1 empty: 2 cannot have been jumped into 4
    path = write_session("peg", {"format": 2, "kind": "peg", "index": 0, "states": [state]})
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        restored_or_set_aside(app, path)


# ---------------------------------------------------------------- a second window


@pytest.fixture
def other_window():
    """The process id of another live program, as if it were a window holding a session."""
    process = subprocess.Popen(["sleep", "600"])
    yield process.pid
    process.kill()
    process.wait()


async def test_a_second_window_saves_to_its_own_file_and_says_so(settle, other_window):
    board = hidoku.parse(BY_NAME["hidoku"].first_example()).with_cell((0, 0), 91)
    state = {"text": hidoku.format(board), "entries": [[0, 0]]}
    shared = write_session("hidoku", {"format": 2, "kind": "hidoku", "index": 0, "states": [state]})
    before = shared.read_bytes()
    lock_file("hidoku").write_text(f"{other_window}\n")
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.state == board  # what the other window saved, entry and all
        assert any(f"Another window (process {other_window})" in n.message for n in app._notifications)
        await pilot.press("delete", "4")
        await settle(pilot)
    assert shared.read_bytes() == before, "the other window's session is untouched"
    own = load_session("hidoku", window_session_file("hidoku"))
    assert [hidoku.parse(text).grid[0][0] for text in own.states] == [91, 0, 4]
    assert lock_file("hidoku").read_text() == f"{other_window}\n"


async def test_a_lock_left_by_a_window_that_is_gone_is_taken_over(settle):
    gone = subprocess.Popen(["true"])
    gone.wait()
    session_file("hidoku").parent.mkdir(parents=True, exist_ok=True)
    lock_file("hidoku").write_text(f"{gone.pid}\n")
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert lock_file("hidoku").read_text() == f"{os.getpid()}\n"
        await pilot.press("5")
        await settle(pilot)
        assert not app._notifications
    assert hidoku.parse(load_session("hidoku").states[-1]).grid[0][0] == 5
    assert not lock_file("hidoku").exists(), "given back on leaving"
