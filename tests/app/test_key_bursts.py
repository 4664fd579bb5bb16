"""Keys that come in one read (a paste, fast typing, a link that batches keys) apply in the order typed.

`pilot.press` waits for the app to settle after each key, so it cannot send
a burst; `burst` posts the keys back to back, as the terminal driver does for
every key parsed from one read.
"""

import pytest
from textual import events

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid

CHARACTERS = {"space": " "}


async def burst(pilot, *keys: str) -> None:
    """The keys as one read of the terminal brings them, then the app settled."""
    for key in keys:
        character = key if len(key) == 1 else CHARACTERS.get(key)
        pilot.app._driver.send_message(events.Key(key, character))
    await pilot.pause()


def first_row(app) -> list[int]:
    return list(app.screen.state.grid[0])


@pytest.mark.parametrize("kind", ["hidoku", "magic"])
async def test_a_digit_right_after_an_arrow_lands_in_the_new_cell(settle, kind):
    app = PuzzleAssistant(start=kind, restore_sessions=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(EditableGrid)
        before, (row, column) = first_row(app), grid.cursor  # the magic board's labels take row and column 0
        assert before[0] == before[1] == 0
        await burst(pilot, "right", "5")
        await settle(pilot)
        assert grid.cursor == (row, column + 1)
        assert first_row(app) == [0, 5, *before[2:]]


async def test_a_burst_of_moves_erasures_and_digits_applies_key_by_key(settle):
    app = PuzzleAssistant(start="hidoku", restore_sessions=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = first_row(app)
        await burst(pilot, "4", "right", "7", "8", "backspace", "left", "space", "right", "right", "right", "6")
        await settle(pilot)
        assert first_row(app) == [0, 7, before[2], 6, *before[4:]]
        assert app.screen.query_one(EditableGrid).cursor == (0, 3)


async def test_an_undo_in_a_burst_undoes_the_edits_typed_before_it_and_no_later_one(settle):
    app = PuzzleAssistant(start="hidoku", restore_sessions=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = first_row(app)
        await burst(pilot, "4", "right", "6", "right", "right", "8", "ctrl+z", "5")
        await settle(pilot)
        assert first_row(app) == [4, 6, before[2], 5, *before[4:]]
        await burst(pilot, "ctrl+z", "ctrl+z", "2")
        await settle(pilot)
        assert first_row(app) == [4, 0, before[2], 2, *before[4:]]
