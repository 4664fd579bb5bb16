"""The equation crossword screen: change a cell and an operator, read the live count."""

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid
from tests.conftest import headline, ready_for_snapshot


async def test_editing_cells_and_operators(settle):
    app = PuzzleAssistant(start="equation")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "Unique solution"
        await pilot.press("right", "right")  # past the '-' operator to r1c2
        assert app.screen.query_one(EditableGrid).cursor == (0, 2)
        await pilot.press("2", "0")
        await settle(pilot)
        assert app.screen.state.cells[0][1] == 20
        assert headline(app) == "No solution"
        await pilot.press("delete", "left", "+")
        await settle(pilot)
        assert app.screen.state.cells[0][1] is None
        assert app.screen.state.row_ops[0] == ("+", "*")
        assert headline(app) != "Unique solution"


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="equation"), terminal_size=(80, 24), run_before=ready_for_snapshot)
