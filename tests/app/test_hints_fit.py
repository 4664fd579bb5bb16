"""Every level of f4's hint reads whole in the panel beside the board at 80x24: nothing to scroll, the board kept."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.screens.hinting import apply_level, pages
from tests.app.test_hints import hint_panel
from tests.app.test_true_now import start

BOARDS = ["hidoku", "jodici", "magic", "equation", "disks", "sudoku"]


def shown_whole(app) -> bool:
    """Whether the hint box lies inside the panel's visible area: read without scrolling or moving focus."""
    panel = app.screen.panel
    return panel.scrollable_content_region.contains_region(panel.query_one("#hint").region)


@pytest.mark.parametrize("kind", BOARDS)
async def test_every_hint_level_reads_whole_beside_the_board_at_80x24(settle, kind):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)  # the hint in work, not seconds: the same chain on every machine
        board, focused = app.screen.query_one("#board"), app.focused
        size = board.size
        await pilot.press("f4")
        await settle(pilot)
        step = app.screen.hint_path.steps[0]
        said = []
        for level in range(1, apply_level(step)):
            assert app.screen.hint_level == level
            assert shown_whole(app), f"level {level} runs past the panel:\n{hint_panel(app)}"
            assert board.size == size and app.focused is focused, "the board keeps its size and the focus"
            said.append(hint_panel(app))
            await pilot.press("f4")
            await settle(pilot)
        assert said[-1].endswith("f4 again: apply it") and len(said) == 2 + len(pages(step))
        assert hint_panel(app).startswith("Entered for you: ") and shown_whole(app) and board.size == size


async def test_ten_hints_in_a_row_on_the_10x10_hidoku_each_read_whole(settle):
    """The widest board leaves the narrowest panel: each of its first ten hints, every level, still reads whole."""
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await start("hidoku", pilot, settle)
        entered = 0
        while entered < 10:
            await pilot.press("f4")
            await settle(pilot)
            assert shown_whole(app), f"hint {entered + 1}, level {app.screen.hint_level}:\n{hint_panel(app)}"
            entered += hint_panel(app).startswith("Entered for you: ")
