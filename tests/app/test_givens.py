"""Givens mode on every board screen: a puzzle from a page typed as printed (its clues), then played on."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.screens.equation import EquationScreen
from assistant.widgets.grid import EditableGrid
from puzzles import hidoku, jodici, magic, sudoku

# A blank board; the keys that type a clue where the cursor starts, and the clue's cell; then an entry and its cell.
BOARDS = {
    "sudoku": (lambda: sudoku.blank(4), ["1"], (0, 0), ["right", "2"], (0, 1)),
    "hidoku": (lambda: hidoku.blank(4, 4), ["1", "6"], (0, 0), ["right", "2"], (0, 1)),  # 16, digit by digit
    "jodici": (jodici.blank, ["4"], (0, 0), ["right", "5"], (0, 1)),
    "magic": (lambda: magic.blank(3), ["5"], (0, 0), ["right", "1"], (0, 1)),  # behind the sum labels
    "equation": (lambda: EquationScreen.new_state(None), ["1", "2"], (0, 0), ["right", "right", "3"], (0, 1)),
}


def typing_line(app) -> str:
    return str(app.screen.query_one("#typing").render())


@pytest.mark.parametrize("kind", BOARDS)
async def test_t_types_the_printed_clues_then_typing_is_the_persons_own_again(kind, settle):
    blank, clue_keys, clue, entry_keys, entry = BOARDS[kind]
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.load(blank())
        await settle(pilot)
        assert typing_line(app) == ""
        await pilot.press("t", *clue_keys)
        await settle(pilot)
        grid = screen.query_one(EditableGrid)
        assert typing_line(app) == "Givens: typing clues; t ends", "said under the board while it lasts"
        assert clue in screen.state.givens and grid.cell(grid.cursor).role == "given"
        assert grid.cell(grid.cursor).text == "".join(clue_keys), "a clue of two digits typed one after the other"
        await pilot.press("t", *entry_keys)
        await settle(pilot)
        assert typing_line(app) == "" and entry not in screen.state.givens and grid.cell(grid.cursor).role == "entry"
        assert screen.meaning(screen.state) == {"entries": [list(entry)]}, "a session keeps the clue as a clue"
        await pilot.press(*["ctrl+z"] * (len(clue_keys) + 1))  # each key typed is an edit, the entry's one
        await settle(pilot)
        assert clue not in screen.state.givens and screen.state == blank(), "undo takes back a clue as any edit"


async def test_f8_checks_the_persons_entries_against_the_clues_typed(settle):
    """A 4x4 Sudoku typed as printed (1 2 in row 1, 3 at r2c2): 4 at r2c3 fits none of its completions."""
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(sudoku.blank(4))
        await settle(pilot)
        await pilot.press("t", "1", "right", "2", "down", "3", "t", "right", "4", "f8")
        await settle(pilot)
        grid = app.screen.query_one(EditableGrid)
        assert app.screen.state.givens == {(0, 0), (0, 1), (1, 1)}
        assert [(at, grid.cell(at).highlight) for at in ((1, 1), (1, 2))] == [((1, 1), ""), ((1, 2), "mistake")]
        assert "Your entry fits no solution" in str(app.screen.panel.query_one("#hint").render())


async def test_pencil_and_givens_modes_take_turns_on_sudoku(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        assert typing_line(app) == "Pencil: typing marks; p ends"
        await pilot.press("t")
        assert typing_line(app) == "Givens: typing clues; t ends" and "pencil" not in app.screen.sub_title
        await pilot.press("t")
        assert typing_line(app) == ""
