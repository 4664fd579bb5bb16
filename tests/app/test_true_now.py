"""At 80x24, as a person reads it: what the hint box says holds for the puzzle on screen now, never an older one."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid
from puzzles.core import Budget
from tests.app.reading import screen_text
from tests.conftest import headline

BOARDS = ["hidoku", "jodici", "magic", "disks", "sudoku"]  # where applying a hint makes an edit that ctrl+z undoes
EDITS = {  # a person's own edit on each screen, from where its cursor starts
    "hidoku": ["2"],
    "jodici": ["down", "down", "delete"],
    "magic": ["5"],
    "sudoku": ["down", "down", "1"],
    "disks": ["down", "full_stop"],
    "equation": ["delete"],
    "zebra": ["delete"],
    "mastermind": ["delete"],
}
FOCUS = {"zebra": "#clues", "mastermind": "#rows"}  # the clue list, the rows: where delete removes one
SAID_ON_APPLY = ("Applied:", "Noted:", "So:")


def hint_box(app) -> str:
    return str(app.screen.panel.query_one("#hint").render())


async def start(kind: str, pilot, settle) -> None:
    await settle(pilot)
    pilot.app.screen.HINT_BUDGET = Budget(work=300)  # the same hint on every machine


async def apply_a_hint(pilot, settle) -> None:
    """f4 four times: where, why, the deduction, apply it."""
    for _ in range(4):
        await pilot.press("f4")
        await settle(pilot)
    assert hint_box(pilot.app).startswith(SAID_ON_APPLY), hint_box(pilot.app)


@pytest.mark.parametrize("kind", BOARDS)
@pytest.mark.parametrize("keys", [["ctrl+z"], ["ctrl+z", "ctrl+y"]], ids=["undo", "undo-redo"])
async def test_undo_and_redo_after_an_applied_hint_leave_no_word_of_it(kind, keys, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)
        await apply_a_hint(pilot, settle)
        applied = app.screen.state
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        assert (app.screen.state == applied) == (keys[-1] == "ctrl+y")
        assert hint_box(app) == ""
        assert not any(said in screen_text(app) for said in SAID_ON_APPLY)


@pytest.mark.parametrize(("kind", "edit"), EDITS.items(), ids=list(EDITS))
async def test_an_edit_after_an_applied_hint_leaves_no_word_of_it(kind, edit, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)
        await apply_a_hint(pilot, settle)
        applied = app.screen.state
        if kind in FOCUS:
            app.screen.query_one(FOCUS[kind]).focus()
        await pilot.press(*edit)
        await settle(pilot)
        assert app.screen.state != applied
        assert hint_box(app) == ""
        assert not any(said in screen_text(app) for said in SAID_ON_APPLY)


async def test_a_new_mastermind_game_after_noted_says_nothing_of_the_old_one(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await start("mastermind", pilot, settle)
        await apply_a_hint(pilot, settle)
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("enter")  # the classic 4 pegs by 6 colours
        await settle(pilot)
        assert len(app.screen.state.colours) == 6
        assert hint_box(app) == "" and "Noted" not in screen_text(app) and "none" not in screen_text(app)


async def test_a_new_empty_sudoku_after_applied_says_nothing_of_the_old_one(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await start("sudoku", pilot, settle)
        await apply_a_hint(pilot, settle)
        await pilot.press("ctrl+n")
        await settle(pilot)
        if app.screen.query("#yes"):  # the applied step is an unsaved change
            await pilot.click("#yes")
            await settle(pilot)
        await pilot.press("enter")  # a blank 9x9
        await settle(pilot)
        assert not any(app.screen.state.grid[r][c] for r in range(9) for c in range(9)), "a new empty board"
        assert hint_box(app) == "" and "Applied" not in screen_text(app)


async def test_the_check_of_a_board_without_entries_says_so_and_not_that_it_is_still_checking(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        assert hint_box(app) == "No entries of yours to check yet."


def board_whole(app) -> bool:
    """The board has all the room its columns need, left of the panel, and nothing on screen scrolls sideways."""
    grid = app.screen.query_one(EditableGrid)
    needed = grid.get_content_width(app.size, app.size) + grid.styles.gutter.width
    sideways = [widget for widget in app.screen.walk_children() if widget.show_horizontal_scrollbar]
    return grid.region.width >= needed and grid.region.right <= app.screen.panel.region.x and not sideways


async def test_the_10x10_hidoku_keeps_all_its_columns_whatever_the_panel_says(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ["f4", "f4", "f4", "right", "5", "f8", "ctrl+z", "f4", "f4", "f4", "f4"]:
            await pilot.press(key)
            await settle(pilot)
            assert board_whole(app), key
            first_row = screen_text(app).splitlines()[2]
            assert first_row.split("▏")[0].split()[-1] == "57", "r1c10 on screen"
        await pilot.press(*["right"] * 9)
        assert "r1c10: 57 (clue)" in screen_text(app)


async def test_a_column_that_widens_takes_its_room_and_the_board_stays_whole(settle):
    app = PuzzleAssistant(start="magic")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ["right", "9", "2", "delete", "ctrl+z"]:  # 92 back: column 2 sums past 99, its label a digit wider
            await pilot.press(key)
            await settle(pilot)
        assert "Σ136" in screen_text(app) and board_whole(app)


def panel_on_screen(app) -> str:
    """The words the live panel shows now, its lines run together as a person reads them."""
    region = app.screen.panel.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    text = " ".join(row[region.x : region.right] for row in rows)
    return " ".join(text.translate(str.maketrans("", "", "▌▏▁▂▃▄▅▆▇█")).split())


@pytest.mark.parametrize("kind", ["hidoku", "jodici", "sudoku", "zebra", "mastermind"])
async def test_the_deduction_is_on_screen_whole_under_the_verdict_without_moving_the_focus(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)
        focused = app.focused
        for level in ("why", "the deduction", "apply it", "for the next"):  # the last press applies the step
            await pilot.press("f4")
            await settle(pilot)
            said = " ".join(hint_box(app).split())
            assert level in said
            shown = panel_on_screen(app)
            assert shown.startswith(" ".join(headline(app).split())), "the verdict stays first"
            assert said in shown
        assert app.focused is focused
