"""The peg solitaire screen: pick a peg, jump, read the annotations and the survival line."""

from assistant import tables
from assistant.app import PuzzleAssistant
from puzzles import peg
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


async def test_a_big_board_table_is_built_on_request_then_answers(settle, monkeypatch):
    """The English flow on a board small enough for a test: no table, b builds it, counts from it."""
    monkeypatch.setattr(tables, "BIG_BOARDS", {"triangle5": 1})
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "No triangle5 table yet"
        await pilot.press("b")
        await settle(pilot)
        to_hole_1 = peg.analyse(peg.Position("triangle5", peg.start("triangle5", 1).pegs, 1)).count
        assert headline(app) == f"{to_hole_1} winning games"
        assert "cached triangle5 table" in str(app.screen.panel.query_one("#detail").render())
        assert tables.load_table("triangle5", 1) is not None
