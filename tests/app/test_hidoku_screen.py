"""The Hidoku editor driven by keys: type into cells, read candidates and the live count."""

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid
from tests.conftest import headline, ready_for_snapshot


async def test_typing_a_wrong_number_shows_no_completion_and_undo_restores(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "Unique completion"
        grid = app.screen.query_one(EditableGrid)
        assert grid.cursor == (0, 0)
        assert "r1c1: 1 number left" in str(app.screen.query_one("#cell-info").render())  # at the default, counts
        await pilot.press("9", "0")  # 90 belongs below 91: no completion left
        await settle(pilot)
        assert app.screen.state.grid[0][0] == 90
        assert headline(app) == "No completion"
        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert app.screen.state.grid[0][0] == 0
        assert headline(app) == "Unique completion"


async def test_a_duplicate_is_marked_as_a_conflict(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("9", "3")
        await settle(pilot)
        grid = app.screen.query_one(EditableGrid)
        assert grid.cell((0, 0)).conflict and grid.cell((0, 2)).conflict
        assert "93 stands twice" in str(app.screen.panel.query_one("#detail").render())


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="hidoku"), terminal_size=(80, 24), run_before=ready_for_snapshot)
