"""The Sudoku screen, driven as a person would: typing and conflicts, pencil marks, candidates, graded hints, 16x16."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.screens.sudoku import SudokuGrid
from assistant.widgets.grid import EditableGrid
from puzzles import sudoku
from puzzles.examples import examples
from tests.app.reading import screen_text
from tests.conftest import headline, ready_for_snapshot


def hint_panel(app) -> str:
    return str(app.screen.panel.query_one("#hint").render())


def cell_info(app) -> str:
    return str(app.screen.query_one("#cell-info").render())


async def test_typing_enters_a_value_and_a_clash_is_marked_at_once(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(SudokuGrid)
        assert headline(app) == "Unique completion" and grid.cursor == (0, 0)
        await pilot.press("right", "right", "4")  # r1c3: 4 is its value in the solution
        await settle(pilot)
        assert app.screen.state.grid[0][2] == 4 and (0, 2) not in app.screen.state.givens
        assert headline(app) == "Unique completion" and cell_info(app) == "r1c3: 4 (your entry)"
        await pilot.press("9")  # a cell holds one value, the last typed: 9 is already in box 1
        await settle(pilot)
        assert app.screen.state.grid[0][2] == 9
        assert grid.cell((0, 2)).conflict and grid.cell((2, 1)).conflict and not grid.cell((0, 0)).conflict
        assert headline(app) == "No completion"
        await pilot.press("delete")
        await settle(pilot)
        assert app.screen.state.grid[0][2] == 0 and cell_info(app) == "r1c3: 3 numbers left (m: show them)"


async def test_pencil_mode_toggles_your_own_marks_and_leaves_the_board_alone(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, grid = app.screen, app.screen.query_one(SudokuGrid)
        before = screen.state
        await pilot.press("right", "right", "p", "1", "4", "2")
        await settle(pilot)
        assert screen.state == before and screen.pencil[(0, 2)] == {1, 2, 4}
        assert "pencil mode" in screen.sub_title
        assert str(screen.query_one("#typing").render()) == "Pencil: typing marks; p ends", "said under the board"
        assert grid.cell((0, 2)).marks == "¹…" and (0, 2) in grid.pencilled, "three marks in a cell two wide"
        await pilot.press("4")
        await settle(pilot)
        assert screen.pencil[(0, 2)] == {1, 2} and grid.cell((0, 2)).marks == "¹²"
        assert cell_info(app) == "r1c3: 3 numbers left (m: show them) · your marks 1 2"
        await pilot.press("m")  # the engine's candidates; your marks stay in their place
        assert grid.cell((0, 3)).marks == "²⁶" and grid.cell((0, 2)).marks == "¹²", "r1c4 can be 2 or 6"
        await pilot.press("m")  # the engine's marks go, your marks stay
        assert grid.cell((0, 3)).marks == "" and grid.cell((0, 2)).marks == "¹²"
        await pilot.press("p", "4")
        await settle(pilot)
        assert screen.state.grid[0][2] == 4 and "pencil mode" not in screen.sub_title
        assert str(screen.query_one("#typing").render()) == ""


async def test_marks_read_as_the_other_boards_marks_never_as_an_entry(settle):
    """Counts as subscripts, candidates as superscripts (one left is still small), 16x16's A..G too."""
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(SudokuGrid)
        assert [grid.cell(at).marks for at in ((0, 2), (4, 4))] == ["₃", "₁"], "r5c5 can only be 5"
        await pilot.press("m")
        assert [grid.cell(at).marks for at in ((0, 2), (0, 3), (4, 4))] == ["₃", "²⁶", "⁵"], "three do not fit"
        app.screen.load(sudoku.parse(examples("sudoku")["sixteen"]))
        await settle(pilot)
        assert grid.cell((3, 9)).text == "D" and grid.cell((5, 9)).marks == "ᵉ", "r6c10 can only be E (14)"


async def test_each_press_of_f4_goes_one_level_deeper_then_applies_the_step(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(SudokuGrid)
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at r5c5") and "Rule" not in hint_panel(app)
        assert grid.cell((4, 4)).highlight == "hint"
        await pilot.press("f4")
        assert "Rule: naked single (r5c5)" in hint_panel(app) and "can only be" not in hint_panel(app)
        await pilot.press("f4")
        assert "r5c5 can only be 5" in hint_panel(app)
        await pilot.press("f4")
        await settle(pilot)
        assert app.screen.state.grid[4][4] == 5
        assert hint_panel(app).startswith("Entered for you: r5c5 = 5, highlighted.")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen.state.grid[4][4] == 0


async def test_f8_marks_a_wrong_entry(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(
            "right", "right", "right", "6", "right", "right", "2", "f8"
        )  # r1c4 = 6 is right, r1c6 = 2 is not
        await settle(pilot)
        grid = app.screen.query_one(SudokuGrid)
        assert grid.cell((0, 5)).highlight == "mistake" and grid.cell((0, 3)).highlight == ""
        assert "r1c6 = 2" in hint_panel(app)


async def test_a_16x16_board_takes_letters_and_a_killer_board_names_the_cage(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(sudoku.parse(examples("sudoku")["sixteen"]))
        await settle(pilot)
        grid = app.screen.query_one(SudokuGrid)
        assert grid.pad == 0 and grid.box == (4, 4) and app.screen.sub_title == "16x16"
        await pilot.press("right", "d")  # r1c2 can be 2, 6, 7 or D (13)
        await settle(pilot)
        assert app.screen.state.grid[0][1] == 13 and grid.cell((0, 1)).text == "D"
        assert app.screen.query_one("#board").region.contains_region(grid.region), "the whole board shows at 80x24"
        app.screen.load(sudoku.parse(examples("sudoku")["killer"]))
        await settle(pilot)
        assert cell_info(app).endswith("cage of 21: r1c1 r2c1 r2c2 r2c3 (so far 0)")
        assert "21" in grid.render().plain.splitlines()[0], "the cage's sum stands in its first cell"


async def test_a_new_board_asks_for_its_size(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("ctrl+n")
        app.screen.query_one("#answer").value = "6 diagonal"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.state == sudoku.blank(6, diagonal=True)
        assert headline(app) == "More than 1,000 completions"


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="sudoku"), terminal_size=(80, 24), run_before=ready_for_snapshot)


@pytest.mark.parametrize("name", list(examples("sudoku")))
async def test_at_80x24_every_example_shows_the_whole_board_and_both_cell_lines(name, settle):
    """The 16x16 is 19 lines: the mode line under it, then two lines about the cell, all above the footer."""
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(sudoku.parse(examples("sudoku")[name]))
        await settle(pilot)
        board = app.screen.state
        r, c = next((r, c) for r, row in enumerate(board.grid) for c, v in enumerate(row) if not v)
        await pilot.press(*["down"] * r, *["right"] * c, "p", "1", "3")  # your marks: a second cell line
        await settle(pilot)
        left = [line.split("▏")[0] for line in screen_text(app).splitlines()]
        info = str(app.screen.query_one("#cell-info").render())
        assert "your marks 1 3" in info and "Pencil: typing marks" in "".join(left)
        assert "".join(info.split()) in "".join("".join(left).split()), "the cell's lines whole"
        grid = app.screen.query_one(EditableGrid)
        footer = app.screen.query_one("Footer")
        assert grid.region.height == grid.virtual_size.height and grid.region.bottom < footer.region.y
