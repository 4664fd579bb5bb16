"""The peg solitaire screen: pick a peg, jump, read the annotations and the survival line."""

from assistant.app import PuzzleAssistant
from tests.conftest import headline, ready_for_snapshot


async def test_play_a_move_by_keys_and_undo(settle):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "29,760 winning games"
        board = app.screen.query_one("PegBoard")
        board.cursor = 4
        await pilot.press("enter")  # pick up the peg at 4
        assert board.targets == {1: True}
        board.cursor = 1
        await pilot.press("enter")  # jump 4 over 2 into 1
        await settle(pilot)
        assert app.screen.state.played == ((4, 2, 1),)
        assert "29,760 → 14,880" in str(app.screen.query_one("#survival").render())
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen.state.played == ()


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="peg"), terminal_size=(80, 24), run_before=ready_for_snapshot)
