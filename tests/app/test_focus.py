"""Focus at 80x24: typing never goes nowhere, and after each action focus is where the next input goes."""

from textual.widgets import Input, Select

from assistant.app import PuzzleAssistant
from assistant.screens.mastermind import NewGameDialog
from assistant.widgets.dialogs import HelpDialog
from assistant.widgets.live_panel import LivePanel


async def test_a_guess_typed_while_the_rows_table_has_focus_lands_in_the_guess_box(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#rows").focus()
        await pilot.press("r", "b", "g")
        assert app.focused.id == "guess"
        assert app.screen.query_one("#guess", Input).value == "rbg"


async def test_a_clue_typed_while_the_panel_has_focus_lands_in_the_clue_box(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+a", "backspace")  # nothing else in the clue box
        app.screen.query_one(LivePanel).focus()
        await pilot.press(*"The")
        assert app.focused.id == "clue"
        assert app.screen.query_one("#clue", Input).value == "The"


async def test_keys_bound_where_the_focus_is_keep_their_meaning(settle):
    """Only keys nothing takes go to the entry line: "?" in the rows table still opens help."""
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#rows").focus()
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpDialog)
        await pilot.press("escape")
        assert app.screen.query_one("#guess", Input).value == ""


async def test_using_the_suggestion_leaves_the_focus_in_the_guess_box(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        assert app.focused.id == "guess"
        assert app.screen.query_one("#guess", Input).value == "green yellow none yellow orange blue"
        await pilot.press("enter")
        assert app.focused.id == "key"


async def test_enter_starts_a_new_game_with_the_preset_shown(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, NewGameDialog)
        assert (app.screen.state.pegs, len(app.screen.state.colours), app.screen.state.rows) == (4, 6, ())
        assert app.focused.id == "guess"


async def test_tab_reaches_start_before_cancel_and_enter_in_an_open_list_picks(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        dialog = app.screen
        assert app.focused.id == "preset"
        await pilot.press("down")  # opens the preset list
        assert dialog.query_one("#preset", Select).expanded
        await pilot.press("down", "down", "down", "enter")  # picks Bulls and Cows, does not start
        assert app.screen is dialog
        assert dialog.query_one("#pegs", Input).value == "4" and dialog.query_one("#repeats", Select).value == "no"
        order = []
        for _ in range(6):
            await pilot.press("tab")
            order.append(app.focused.id)
        assert order == ["pegs", "colours", "repeats", "codemaker", "ok", "cancel"]
        await pilot.press("enter")  # on Cancel: cancels
        await settle(pilot)
        assert app.screen is not dialog and len(app.screen.state.colours) == 9


async def test_escape_cancels_the_new_game_dialog(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = app.screen.state.rows
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen.state.rows == rows and app.focused.id == "guess"


async def test_a_row_being_edited_is_marked_and_a_new_game_leaves_nothing_stale(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        table = screen.query_one("#rows")
        table.focus()
        await pilot.press("enter")  # edit row 8
        assert str(table.get_cell("7", "number")) == "✎" and str(screen.query_one("#add").label) == "Save"
        assert "Editing row 8" in str(screen.query_one("#entry-message").render())
        await pilot.press("escape")
        assert str(table.get_cell("7", "number")) == " 8" and str(screen.query_one("#add").label) == "Add"
        table.focus()
        await pilot.press("enter", "ctrl+n")
        await settle(pilot)
        await pilot.press("enter")  # the New game dialog starts the classic game
        await settle(pilot)
        assert screen.editing is None and screen.state.rows == ()
        assert [screen.query_one(f"#{box}", Input).value for box in ("guess", "key")] == ["", ""]
        assert str(screen.query_one("#entry-message").render()) == ""
        assert str(screen.query_one("#add").label) == "Add"
