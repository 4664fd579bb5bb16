"""The Jodici ring board: round the rings and across them with keys and the mouse, typing, marks and conflicts in place."""

from assistant.app import PuzzleAssistant
from assistant.widgets.ring_board import FIELD, RingBoard, lines
from tests.conftest import headline, ready_for_snapshot


def field_text(board: RingBoard, position: tuple[int, int]) -> str:
    """What the screen shows at a field (or label) of the ring board."""
    half_x, half_y = board.half_size()
    x, y = board.places()[position]
    row = board.render().plain.splitlines()[y + half_y]
    return row[x + half_x - FIELD // 2 : x + half_x + FIELD // 2 + 1]


def test_the_board_is_three_nested_hexagons_cut_by_three_spokes():
    drawn = lines(3)
    assert [drawn[(0, -h)] for h in (3, 5, 7)] == ["─"] * 3  # the top edges, one per ring
    assert [drawn[(2 * h, 0)] for h in (3, 5, 7)] == ["┤"] * 3  # their right-hand corners on the spoke
    assert drawn[(-3, -3)] == drawn[(5, 5)] == "╳"  # inner corners where the diagonal spokes cross
    assert drawn[(0, 0)] == "◆"


async def test_the_whole_board_and_the_line_under_it_show_at_80x24(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(RingBoard)
        half_x, half_y = board.half_size()
        assert board.content_region.size == (2 * half_x + 1, 2 * half_y + 1)
        shown = app.screen.query_one("#board").region
        assert shown.contains_region(board.region)
        assert shown.contains_region(app.screen.query_one("#cell-info").region)


async def test_the_cursor_goes_round_a_ring_and_across_the_rings(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(RingBoard)
        assert board.cursor == (0, 0)
        await pilot.press("left")
        assert board.cursor == (0, 5), "anticlockwise from the top wedge wraps to sector 6"
        await pilot.press("right", "right", "right")
        assert board.cursor == (0, 2)
        await pilot.press("down", "down", "down")
        assert board.cursor == (2, 2), "inward to the innermost ring, and no further"
        await pilot.press("up")
        assert board.cursor == (1, 2)
        assert "ring 2, sector 3: 1 (clue)" in str(app.screen.query_one("#cell-info").render())
        assert "ring Σ15/30 · sector Σ1/15" in str(app.screen.query_one("#cell-info").render())


async def test_typing_shows_digits_marks_and_conflicts_in_place(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(RingBoard)
        assert field_text(board, (0, 0)) == " 3 "
        assert field_text(board, (3, 0)).strip() == "Σ9", "sector 1's sum stands outside its wedge"
        assert field_text(board, (0, 6)).strip() == "Σ10", "ring 1's sum on the right-hand spoke"
        await pilot.press("delete")
        await settle(pilot)
        assert app.screen.state.grid[0][0] == 0
        assert field_text(board, (0, 0)).strip() == "₆", "six candidates left for the cleared clue"
        await pilot.press("right", "right", "right", "right", "7")  # ring 1, sector 5 under ring 2's 9: 16
        await settle(pilot)
        assert app.screen.state.grid[0][4] == 7
        assert field_text(board, (0, 4)) == " 7 "
        assert board.cell((0, 4)).conflict and board.cell((1, 4)).conflict, "sector 5 sums to 16"
        assert headline(app) == "No completion"
        assert field_text(board, (3, 4)).strip() == "Σ16"
        assert board.cell((3, 4)).conflict and not board.cell((3, 3)).conflict, "the sum past 15 is marked too"
        await pilot.press("3")  # a field holds one digit: the last typed
        await settle(pilot)
        assert app.screen.state.grid[0][4] == 3 and not board.cell((0, 4)).conflict


async def test_a_click_on_a_field_selects_it_and_labels_stay_out_of_reach(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(RingBoard)
        half_x, half_y = board.half_size()
        for position in [(2, 3), (1, 5), (0, 2)]:
            x, y = board.places()[position]
            await pilot.click(RingBoard, offset=(board.styles.padding.left + half_x + x + 1, half_y + y))
            assert board.cursor == position
        x, y = board.places()[(3, 1)]  # sector 2's sum
        await pilot.click(RingBoard, offset=(board.styles.padding.left + half_x + x, half_y + y))
        assert board.cursor == (0, 2)


def test_snapshot_at_100x32(snap_compare):
    async def run_before(pilot):
        await ready_for_snapshot(pilot)
        await pilot.press("right", "down")

    assert snap_compare(PuzzleAssistant(start="jodici"), terminal_size=(100, 32), run_before=run_before)
