"""The equation crossword screen: change a cell and an operator, read the live count."""

from dataclasses import replace

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid
from puzzles.core import Count
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
        await pilot.press(*["right"] * 5, "1", "2")  # the row's printed result, -278, typed over digit by digit
        await settle(pilot)
        assert app.screen.state.row_results[0] == 12


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="equation"), terminal_size=(80, 24), run_before=ready_for_snapshot)


async def test_a_unique_solution_is_not_shown_in_the_panel_but_several_are(settle):
    app = PuzzleAssistant(start="equation")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        (solution,) = screen.analysis.solutions
        row = " ".join(f"{v:>3}" for v in solution[0])
        assert screen.analysis.count.value == 1 and row not in str(screen.panel.query_one("#detail").render())
        several = screen.detail(replace(screen.analysis, count=Count(2), solutions=(solution, solution)))
        assert str(several).count(row) == 2
