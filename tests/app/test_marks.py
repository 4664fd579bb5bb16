"""The live marks at the level the person chose (nothing, counts, candidates): one key, remembered, no spoilers."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.settings import load_settings
from assistant.widgets.grid import EditableGrid
from assistant.widgets.live_panel import LivePanel
from assistant.widgets.marks import own_marks, pencil_marks
from puzzles import hidoku, sudoku
from puzzles.examples import examples
from tests.conftest import headline


def test_marks_at_each_level():
    assert pencil_marks((2, 7), 3, "nothing") == ""
    assert pencil_marks((2, 7), 3, "counts") == "₂"
    assert pencil_marks((2, 7), 3, "candidates") == "² ⁷"  # on a 1..16 board, never "²⁷" (27)
    assert pencil_marks((1, 4, 7), 3, "candidates", single_digits=True) == "¹⁴⁷"
    assert pencil_marks((12, 13, 40), 3, "candidates") == "₃"  # too many for the cell: their count
    assert pencil_marks((91,), 3, "candidates") == "⁹¹"  # one value left: still a pencil mark
    assert pencil_marks((-3, 4), 3, "candidates") == "₂"  # "-3 4" needs 4 columns
    assert pencil_marks((), 3, "counts") == "×" and pencil_marks((), 3, "nothing") == ""


def test_marks_in_a_boards_own_symbols_and_a_count_that_does_not_fit():
    """A 16x16 Sudoku writes 10..16 as A..G, a cell one column wide."""
    spell = "0123456789ABCDEFG".__getitem__
    assert pencil_marks((14,), 1, "candidates", single_digits=True, spell=spell) == "ᵉ"
    assert pencil_marks((2, 13), 2, "candidates", single_digits=True, spell=spell) == "²ᵈ"
    assert pencil_marks(range(1, 13), 1, "counts") == "", "never '₁' for 12"


def test_your_own_marks_are_superscripts_and_say_when_more_do_not_fit():
    assert own_marks((5,), 2) == "⁵" and own_marks((1, 2), 2) == "¹²"
    assert own_marks((1, 2, 4), 2) == "¹…" and own_marks((1, 2), 1) == "…"


@pytest.mark.parametrize("kind", ["sudoku", "hidoku", "jodici", "magic", "equation"])
async def test_at_the_default_level_no_empty_cell_shows_a_value(kind, settle):
    """An example opened for the first time: the puzzle, not what looks like its answer."""
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(EditableGrid)
        marks = {cell.marks for row in grid.cells for cell in row if cell.role == "empty"}
        assert marks and not any(ch.isascii() and ch.isdigit() for mark in marks for ch in mark)
        assert "can be" not in str(app.screen.query_one("#cell-info").render())


async def test_m_cycles_the_level_and_the_choice_is_remembered_per_screen(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(EditableGrid)
        assert grid.cell((0, 0)).marks == "₁" and app.screen.marks_level == "counts"
        await pilot.press("m")
        assert grid.cell((0, 0)).marks == "⁹¹"
        assert "r1c1: can be 91" in str(app.screen.query_one("#cell-info").render())
        await pilot.press("m")
        assert grid.cell((0, 0)).marks == "" and app.screen.marks_level == "nothing"
    again = PuzzleAssistant(start="hidoku")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.screen.marks_level == "nothing"
    assert load_settings() == {"marks-hidoku": "nothing"}  # each screen its own


async def test_two_candidates_on_a_board_of_two_digit_numbers_print_apart(settle):
    """A 4x4 Hidoku (1..16): r1c2 can be 2 or 7 (not 27), r2c1 8 or 9; r4c2's 10 or 15 do not fit: their count."""
    board = hidoku.parse("1 _ _ 4\n_ _ 6 5\n_ _ 11 _\n16 _ 14 _\n")
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(board)
        await settle(pilot)
        await pilot.press("m")
        grid = app.screen.query_one(EditableGrid)
        assert [grid.cell(at).marks for at in ((0, 1), (1, 0), (3, 1))] == ["² ⁷", "⁸ ⁹", "₂"]


async def test_the_board_and_the_panel_stay_put_as_the_line_under_the_board_changes(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(hidoku.blank(4, 4))
        await settle(pilot)
        places = set()
        for key in ("m", "right", "m", "down", "m", "left"):  # "can be 1, 2, …, 16", "empty", "16 numbers left"
            await pilot.press(key)
            await settle(pilot)
            places.add((app.screen.grid.region.x, app.screen.query_one(LivePanel).region.x))
        assert len(places) == 1
        assert headline(app)


def panel_text(app) -> str:
    return str(app.screen.panel.query_one("#detail").render())


SLIPS = {  # a wrong entry of the person's on each board, typed from where its cursor starts
    "sudoku": ["2"],  # on the 4x4: 2 stands twice in column 1
    "jodici": ["right", "right", "9"],
    "magic": ["2"],
    "hidoku": ["2"],
}


@pytest.mark.parametrize("kind", SLIPS)
async def test_a_wrong_entry_keeps_the_marks_of_the_printed_clues_not_a_cross_in_every_cell(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if kind == "sudoku":
            app.screen.load(sudoku.parse(examples("sudoku")["mini"]))
            await settle(pilot)
        for key in SLIPS[kind]:
            await pilot.press(key)
        await settle(pilot)
        screen = app.screen
        assert headline(app) == "No completion", "the entry leaves none"
        assert "given" not in panel_text(app), "the entry is not called a printed clue"
        printed = screen.engine.analyse(screen.engine.printed_only(screen.state)).candidates
        assert screen.analysis.candidates == printed, "the marks of the printed clues"
        grid = app.screen.query_one(EditableGrid)
        marks = [cell.marks for row in grid.cells for cell in row if cell.role == "empty"]
        assert marks.count("×") < len(marks) and all(marks)
        await pilot.press("f4")
        await settle(pilot)
        said = " ".join(str(screen.panel.query_one("#hint").render()).split())
        assert "your entr" in said and "f8" in said and "ctrl+z" in said, said


async def test_a_wrong_entry_that_breaks_no_rule_is_not_called_a_given_and_keeps_its_marks(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(sudoku.parse(examples("sudoku")["mini"]))
        await settle(pilot)
        await pilot.press("3")  # r1c1: no rule broken, and no completion has it
        await settle(pilot)
        assert headline(app) == "No completion" and not app.screen.analysis.conflicts
        assert panel_text(app).startswith("No completion: the values on the board cannot all be part of one solution")
        marks = [cell.marks for row in app.screen.query_one(EditableGrid).cells for cell in row if cell.role == "empty"]
        assert "×" not in marks and all(marks)
