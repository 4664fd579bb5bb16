"""Keys that come in one read (a paste, fast typing, a link that batches keys) apply in the order typed.

`pilot.press` waits for the app to settle after each key, so it cannot send
a burst; `burst` posts the keys back to back, as the terminal driver does for
every key parsed from one read.
"""

import threading

import pytest
from textual import events
from textual.widgets import Input, OptionList

from assistant.app import PuzzleAssistant
from assistant.screenshots import settle as settle_app
from assistant.widgets.grid import EditableGrid
from assistant.widgets.peg_board import PegBoard
from assistant.widgets.zebra_grid import ZebraGrid

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


async def typed(kind: str, keys: tuple[str, ...], *, together: bool, focus: str | None, seen) -> object:
    """What `seen(app)` reads once `keys` are typed on a fresh `kind` screen: in one burst, or one at a time
    with the app settled after each (as a person types slowly)."""
    app = PuzzleAssistant(start=kind, restore_sessions=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle_app(pilot.app, pilot)
        if focus:
            app.screen.query_one(focus).focus()
            await settle_app(pilot.app, pilot)
        if together:
            await burst(pilot, *keys)
        else:
            for key in keys:
                await pilot.press(key)
                await settle_app(pilot.app, pilot)
        await settle_app(pilot.app, pilot)
        return seen(app)


async def same_in_a_burst(kind: str, keys: tuple[str, ...], seen, focus: str | None = None) -> object:
    """The burst's outcome, asserted to be the slow typist's."""
    slowly = await typed(kind, keys, together=False, focus=focus, seen=seen)
    at_once = await typed(kind, keys, together=True, focus=focus, seen=seen)
    assert at_once == slowly
    return at_once


def mastermind_rows(app) -> tuple:
    screen = app.screen
    boxes = [screen.query_one(box, Input).value for box in ("#guess", "#key")]
    return screen.state.rows, boxes, screen.editing, screen.focused.id if screen.focused else None


async def test_two_mastermind_rows_typed_in_one_burst_are_both_added_with_their_pegs():
    keys = (*"rrbbgy", "enter", *"1 2", "enter", *"yyooxx", "enter", *"2 0", "enter")
    rows, boxes, editing, focused = await same_in_a_burst("mastermind", keys, mastermind_rows)
    assert [(row.guess, (row.feedback.black, row.feedback.white)) for row in rows[-2:]] == [
        ((0, 0, 1, 1, 2, 3), (1, 2)),
        ((3, 3, 4, 4, 8, 8), (2, 0)),
    ]
    assert boxes == ["", ""] and editing is None and focused == "guess"


async def test_a_mastermind_row_picked_edited_saved_moved_and_deleted_in_one_burst():
    keys = ("up", "enter", "end", *["backspace"] * 3, *"0 3", "enter", "shift+tab", "up", "up", "shift+up", "delete")
    rows, boxes, editing, focused = await same_in_a_burst("mastermind", keys, mastermind_rows, focus="#rows")
    pegs = [(row.feedback.black, row.feedback.white) for row in rows]
    assert pegs == [(0, 2), (1, 2), (0, 1), (1, 2), (0, 1), (0, 3), (4, 2)]  # row 7 edited, row 6 moved up then gone
    assert boxes == ["", ""] and editing is None and focused == "rows"


def zebra_cursor(app) -> tuple:
    return app.screen.query_one(ZebraGrid).cursor


async def test_zebra_grid_moves_in_one_burst_end_on_the_cell_typed_to():
    keys = ("down", "down", "right", "right", "right", "down", "left", "down", "down", "down", "down", "right")
    assert await same_in_a_burst("zebra", keys, zebra_cursor, focus=ZebraGrid) == (1, 2, 3)


def zebra_clues(app) -> tuple:
    clues = app.screen.query_one("#clues", OptionList)
    return [clue.text for clue in app.screen.state.clues], clues.highlighted


async def test_zebra_clues_moved_and_deleted_in_one_burst_apply_key_by_key():
    keys = ("up", "up", "shift+up", "shift+up", "delete", "up", "shift+down")
    texts, highlighted = await same_in_a_burst("zebra", keys, zebra_clues, focus="#clues")
    assert not any("Lucky Strike" in text for text in texts)  # clue 13, moved up twice, then deleted
    assert texts[9:11] == ["The man who smokes Chesterfields lives in the house next to the man with the fox"] + [
        "The Norwegian lives in the first house"  # clue 10, moved down past clue 11
    ]
    assert highlighted == 10


async def test_a_zebra_clue_picked_edited_and_saved_in_one_burst():
    keys = ("enter", "end", *["backspace"] * 10, *"red house", "enter", *"The fox is in house 1.", "enter")
    texts, highlighted = await same_in_a_burst("zebra", keys, zebra_clues, focus="#clues")
    assert texts[-2:] == ["The Norwegian lives next to the red house", "The fox is in house 1"]


def peg_game(app) -> tuple:
    return app.screen.state, app.screen.picked, app.screen.query_one(PegBoard).cursor


async def test_peg_picks_and_jumps_in_one_burst_are_played_in_order():
    into_the_corner = ("down", "down", "enter", "up", "up", "enter")
    keys = (*into_the_corner, "down", "down", "right", "right", "enter", "left", "left", "enter")
    position, picked, cursor = await same_in_a_burst("peg", keys, peg_game)
    assert [move[0::2] for move in position.played] == [(4, 1), (6, 4)]  # 4 over 2 into the corner, 6 over 5 to 4
    assert picked is None and cursor == 4


def under_and_in_the_dialog(app) -> tuple:
    """The puzzle under the dialog as text, the dialog open, and what its focused widget holds."""
    puzzle_screen = next(screen for screen in app.screen_stack if hasattr(screen, "state"))
    focused = app.screen.focused
    held = getattr(focused, "value", None) if focused is not None else None
    return puzzle_screen.to_text(puzzle_screen.state), type(app.screen).__name__, type(focused).__name__, held


def open_id(case: tuple) -> str:
    kind, focus = case
    return "-".join([kind, *([] if focus is None else [getattr(focus, "__name__", str(focus)).strip("#")]), "open"])


OTHER_FOCUSES = [("peg", None), ("disks", None), ("zebra", ZebraGrid), ("zebra", "#clues"), ("sudoku", None),
                 ("jodici", None), ("equation", None), ("magic", None)]  # fmt: skip


@pytest.mark.parametrize(
    "kind, focus, keys, dialog, held",
    [
        ("hidoku", None, ("ctrl+o", "1", "2", "x"), "AskDialog", "12x"),  # not 12 in the board's cell
        ("mastermind", "#guess", ("ctrl+o", *"rrb"), "AskDialog", "rrb"),  # not rrb in the guess box
        ("zebra", "#clue", ("ctrl+s", *"z.txt"), "AskDialog", "z.txt"),
        ("zebra", "#clue", ("f7", "down", "down", "enter"), "StateClueDialog", "Colour:yellow"),  # open, move, pick
        *[(kind, focus, ("ctrl+o", *"12x"), "AskDialog", "12x") for kind, focus in OTHER_FOCUSES],  # were lost
    ],
    ids=["hidoku-open", "mastermind-open", "zebra-save", "zebra-state-a-clue", *map(open_id, OTHER_FOCUSES)],
)
async def test_keys_typed_behind_a_key_that_opens_a_dialog_land_in_the_dialog(kind, focus, keys, dialog, held):
    """Before, they went to the widget under the dialog: ctrl+o 1 2 typed 12 into the board, the dialog empty."""
    _, opened, _, value = await same_in_a_burst(kind, keys, under_and_in_the_dialog, focus=focus)
    assert opened == dialog and str(value).endswith(held)


@pytest.mark.parametrize("kind", ["hidoku", "jodici", "magic", "equation", "disks", "sudoku", "zebra", "mastermind"])
async def test_f4_pressed_three_times_while_the_hint_is_found_goes_three_levels_deep(settle, kind):
    """Presses that come before the step is found count as they would after it: no screen drops them."""
    app = PuzzleAssistant(start=kind, restore_sessions=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, found = app.screen, threading.Event()
        finding = screen.next_step

        def held_back(state, job):  # the step found only once all three presses are in
            found.wait(timeout=60)
            return finding(state, job)

        screen.next_step = held_back
        await burst(pilot, "f4", "f4", "f4")
        assert screen.hint_level == 0 and screen.hint_presses == 3
        found.set()
        await settle(pilot)
        assert screen.hint_level == 3 and screen.hint_presses == 0
