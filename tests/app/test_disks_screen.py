"""The flower disks screen: turn by hand, apply the solution, toggle a field."""

from assistant.app import PuzzleAssistant
from tests.conftest import headline, ready_for_snapshot


async def test_apply_turn_and_toggle(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "1 solution"
        await pilot.press("a")
        await settle(pilot)
        assert app.screen.state.turned == (0, 0, 5, 11)
        assert headline(app) == "1 solution — solved as turned"
        await pilot.press("down", "down", "full_stop")
        await settle(pilot)
        assert app.screen.state.turned == (0, 0, 6, 11)
        assert headline(app) == "1 solution"
        await pilot.press("space")
        await settle(pilot)
        assert headline(app) == "No solution"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert headline(app) == "1 solution"


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="disks"), terminal_size=(80, 24), run_before=ready_for_snapshot)
