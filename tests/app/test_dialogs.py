"""Every dialog at 80x24 works one way: its confirming button first (tab reaches it before Cancel), enter confirms
from anywhere but an open list, a text area or the Cancel button, escape cancels."""

import pytest
from textual.widgets import Button, Select

from assistant.app import PuzzleAssistant
from assistant.widgets.dialogs import AskDialog, ConfirmDialog, FormDialog


async def edit_then_new(pilot) -> None:
    """A Sudoku with an entry not saved to a file: ctrl+n asks before replacing it."""
    await pilot.press("1", "ctrl+n")


async def draw_a_board(pilot) -> None:
    await pilot.press("ctrl+n", "end", "enter")  # the list's last choice: draw a board


# Each form dialog, how it is opened, and its confirming button's name.
DIALOGS = [
    ("sudoku", edit_then_new, "Yes"),
    ("hidoku", lambda pilot: pilot.press("ctrl+o"), "OK"),
    ("magic", lambda pilot: pilot.press("ctrl+n"), "OK"),
    ("equation", lambda pilot: pilot.press("f5"), "OK"),
    ("mastermind", lambda pilot: pilot.press("ctrl+n"), "Start"),
    ("zebra", lambda pilot: pilot.press("f7"), "State it"),
    ("peg", draw_a_board, "OK"),
]


@pytest.mark.parametrize(("kind", "open_it", "confirm"), DIALOGS, ids=[f"{kind}-{c}" for kind, _, c in DIALOGS])
async def test_the_confirming_button_comes_first_then_cancel(kind, open_it, confirm, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_it(pilot)
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, FormDialog)
        assert [str(button.label) for button in dialog.query(Button)] == [confirm, "Cancel"]
        buttons = [widget.id for widget in dialog.focus_chain if isinstance(widget, Button)]
        assert buttons == ["ok", "cancel"]  # tab goes through the form in this order
        while app.focused.id != "ok":
            await pilot.press("tab")
        await pilot.press("tab")
        assert app.focused.id == "cancel"
        await pilot.press("enter")  # on Cancel: cancels
        await settle(pilot)
        assert app.screen is not dialog


async def test_enter_replaces_the_sudoku_it_asks_about_and_escape_keeps_it(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await edit_then_new(pilot)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and app.focused.id == "ok"
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, (ConfirmDialog, AskDialog))
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("enter")  # replace it: on to the new puzzle's size
        await settle(pilot)
        assert isinstance(app.screen, AskDialog) and "New Sudoku" in app.screen.title_text


async def test_the_clue_form_enter_picks_in_an_open_list_and_states_the_clue_from_a_closed_one(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        clues = len(app.screen.state.clues)
        await pilot.press("f7")
        await settle(pilot)
        form = app.screen
        first, second = form.query_one("#a", Select), form.query_one("#b", Select)
        assert app.focused is first
        await pilot.press("down")  # opens the list
        assert first.expanded
        await pilot.press("down", "enter")  # picks its first value
        assert app.screen is form and not first.expanded and first.value != Select.BLANK
        await pilot.press("enter")  # on the closed list: states the clue, which lacks its second value
        assert app.screen is form and not first.expanded
        assert "Pick both values" in str(form.query_one("#error").render())
        await pilot.press("tab", "tab", "down", "down", "down", "enter")  # the second value
        assert app.focused is second and second.value not in (Select.BLANK, first.value)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is not form and len(app.screen.state.clues) == clues + 1
