"""The board editors: type into cells, read candidates and the live count; every board whole beside its panel."""

import re

import pytest

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid
from puzzles import hidoku, magic, sudoku
from puzzles.core import Budget
from puzzles.examples import examples
from tests.app.reading import board_whole, screen_text
from tests.conftest import headline, ready_for_snapshot


async def test_jodici_clearing_a_clue_keeps_it_unique_and_shows_candidates(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "Unique completion"
        grid = app.screen.query_one(EditableGrid)
        assert grid.cursor == (0, 0), "ring 1, sector 1"
        await pilot.press("delete")  # ring 1, sector 1 was the clue 3
        await settle(pilot)
        assert app.screen.state.grid[0][0] == 0
        assert "ring 1, sector 1: 6 numbers left" in str(app.screen.query_one("#cell-info").render())
        assert grid.cell((0, 0)).marks
        await pilot.press("9")
        await settle(pilot)
        assert headline(app) == "No completion"


async def test_magic_typing_the_forced_value_keeps_it_unique(settle):
    app = PuzzleAssistant(start="magic")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "Unique completion"
        await pilot.press("2", "8")
        await settle(pilot)
        assert app.screen.state.grid[0][0] == 28
        assert headline(app) == "Unique completion"
        await pilot.press("backspace")
        await settle(pilot)
        assert app.screen.state.grid[0][0] == 2
        assert headline(app) == "No completion"


@pytest.mark.parametrize("kind", ["jodici", "magic"])
def test_snapshot(snap_compare, kind):
    assert snap_compare(PuzzleAssistant(start=kind), terminal_size=(80, 24), run_before=ready_for_snapshot)


@pytest.mark.parametrize(
    ("kind", "answer", "blank"), [("magic", "4", lambda: magic.blank(4)), ("hidoku", "3x4", lambda: hidoku.blank(3, 4))]
)
async def test_a_new_board_asks_for_its_size(kind, answer, blank, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("ctrl+n")
        app.screen.query_one("#answer").value = answer
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.state == blank()


@pytest.mark.parametrize(
    ("kind", "answer", "refusal"),
    [("magic", "²", "'²' is not a whole number"), ("hidoku", "7x" + "9" * 5000, "is too long: at most 9 digits")],
)
async def test_a_size_that_is_no_number_is_refused_in_the_dialog(kind, answer, refusal, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        app.screen.query_one("#answer").value = answer
        await pilot.press("enter")
        assert refusal in str(app.screen.query_one("#error").render())


async def test_one_completion_found_within_the_budget_is_said_unknown_whether_unique(settle):
    """Not "at least 1 completion (several)": one found, and the budget ran out before a second was looked for."""
    app = PuzzleAssistant(start="magic")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.BUDGET = Budget(work=50)  # the empty 4x4's count runs out; a classic square is shown
        app.screen.load(magic.parse(". . . .\n. . . .\n. . . .\n. . . .\n"))
        await settle(pilot)
        assert headline(app) == "1 completion found, unknown whether unique"
        assert "several" not in screen_text(app)


WIDE_BOARDS = {  # every screen on the shared grid, small and large: at 80x24 the panel keeps room to talk
    "hidoku 10x10": ("hidoku", None, 30),
    "hidoku 12x12": ("hidoku", lambda: hidoku.blank(12, 12), 26),
    "hidoku 7x7": ("hidoku", lambda: hidoku.blank(7, 7), 30),
    "sudoku 9x9": ("sudoku", None, 28),
    "sudoku 16x16": ("sudoku", lambda: sudoku.parse(examples("sudoku")["sixteen"]), 30),
    "jodici": ("jodici", None, 30),
    "magic 5x5": ("magic", None, 30),
    "magic 8x8": ("magic", lambda: magic.blank(8), 28),
    "equation": ("equation", None, 30),
}


@pytest.mark.parametrize("board", WIDE_BOARDS)
async def test_a_board_keeps_all_its_columns_and_leaves_the_panel_room_to_talk(board, settle):
    """A 10x10 Hidoku's cells one space apart, not three: its panel had 14 columns, a word or two a line."""
    kind, load, room = WIDE_BOARDS[board]
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if load:
            app.screen.load(load())
            await settle(pilot)
        assert board_whole(app) and app.screen.panel.content_region.width >= room


async def test_the_10x10_hidoku_is_drawn_its_cells_one_space_apart_and_a_click_finds_its_cell(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first_row = screen_text(app).splitlines()[1].split("▏")[0]
        assert first_row.split() == ["₁"] * 2 + ["93"] + ["₁"] * 6 + ["57"]
        assert first_row.index("57") - first_row.index("93") == 7 * 4, "7 cells of 3, one space each, apart"
        grid = app.screen.query_one(EditableGrid)
        await pilot.click(EditableGrid, offset=(grid.styles.padding.left + 9 * 4, 1))
        assert grid.cursor == (1, 9)


async def test_the_magic_boards_row_and_column_sums_are_written_alike(settle):
    """Not "Σ0" over the columns and "Σ 20" beside the rows: each as wide as the line's sum, 85."""
    app = PuzzleAssistant(start="magic")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        labels = re.findall(r"Σ *\d+", screen_text(app))  # the columns' sums, then the rows' down the board
        assert labels[:6] == ["Σ 0", "Σ44", "Σ46", "Σ22", "Σ26", "Σ15"]
        assert len(labels) == 10 and {len(label) for label in labels} == {3}
