"""Pasting a puzzle into a board screen: it opens as the printed clues, prose around it skipped, or is refused in a line."""

from textual import events

from assistant.app import PuzzleAssistant
from assistant.widgets.dialogs import ConfirmDialog
from assistant.widgets.grid import EditableGrid
from puzzles import hidoku, sudoku
from puzzles.examples import examples

CHAT = """Solve this Sudoku puzzle:
_ _ 2 _
_ _ _ 4
_ 2 1 _
_ _ _ _
Respond with your answer as a 4x4 grid.
"""


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_pasted_sudoku_opens_as_printed_clues_and_a_refusal_is_one_line(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(EditableGrid)
        grid.post_message(events.Paste(CHAT))
        await settle(pilot)
        board = app.screen.state
        assert board == sudoku.parse(CHAT) and board.n == 4 and board.givens == {(0, 2), (1, 3), (2, 1), (2, 2)}
        assert "Opened the pasted Sudoku" in messages(app)
        grid.post_message(events.Paste("Solve this Sudoku puzzle:\nRespond with your answer.\n"))
        await settle(pilot)
        assert app.screen.state == board
        assert "Pasted text: line 1, column 1: no grid found" in messages(app)[-1]


async def test_a_hidoku_pasted_with_a_title_reads_as_the_example(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("5")  # an unsaved change: the paste asks first
        await settle(pilot)
        assert screen.state.grid[0][0] == 5
        text = "Hidoku from today's paper. Solve it!\n" + examples("hidoku")["seed"] + "Good luck.\n"
        screen.query_one(EditableGrid).post_message(events.Paste(text))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.click("#ok")  # replace it
        await settle(pilot)
        assert app.screen is screen and screen.state == hidoku.parse(examples("hidoku")["seed"])
