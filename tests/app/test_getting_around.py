"""Getting around at 80x24: home and back, help everywhere, a palette that says what each entry does."""

import pytest
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from assistant.app import PuzzleAssistant
from assistant.kinds import KINDS
from assistant.screens.home import HomeScreen
from assistant.widgets.dialogs import ChoiceDialog, HelpDialog
from tests.app.reading import screen_text


async def test_the_home_screen_shows_every_puzzle_type_at_80x24(settle):
    app = PuzzleAssistant()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert [kind.title for kind in KINDS if kind.title not in text] == []
        assert f"{len(KINDS)} puzzle types" in text
        await pilot.press("down", "down")
        assert "Hidoku: Hidato boards cell by cell: each empty cell's possible numbers," in screen_text(app)


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
async def test_escape_from_the_main_entry_goes_home_and_enter_comes_back(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        app.screen.query_one("#kinds").highlighted = [k.name for k in KINDS].index(kind)
        await pilot.press("enter")
        assert app.screen is screen


async def test_escape_from_the_key_pegs_box_first_goes_back_to_the_guess_box(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("tab")
        assert app.focused.id == "key"
        await pilot.press("escape")
        assert app.focused.id == "guess"
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_escape_stops_editing_a_row_before_anything_else(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#rows").focus()
        await pilot.press("enter")  # edit the last row: its guess and pegs come back into the entry line
        assert app.screen.query_one("#key", Input).value
        await pilot.press("escape")
        assert app.screen.editing is None and app.screen.query_one("#key", Input).value == ""
        assert app.screen.name != "home" and not isinstance(app.screen, HomeScreen)


@pytest.mark.parametrize("kind", ["home", *(kind.name for kind in KINDS if kind.name != "zebra")])
@pytest.mark.parametrize("key", ["f1", "question_mark"])
async def test_f1_and_question_mark_open_help_on_every_screen(kind, key, settle):
    """Zebra's clue box takes "?" as text (clues may ask questions): there f1 alone opens help."""
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, HelpDialog)
        assert "escape" in app.screen.text
        await pilot.press(key)  # the same key closes it
        assert not isinstance(app.screen, HelpDialog)


@pytest.mark.parametrize("kind", ["home", *(kind.name for kind in KINDS)])
async def test_palette_entries_are_each_listed_once_and_say_more_than_their_name(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        commands = list(app.get_system_commands(app.screen))
        titles = [command.title for command in commands]
        assert len(set(titles)) == len(titles)
        assert [c.title for c in commands if c.help.strip().lower() == c.title.strip().lower()] == []


async def test_the_copy_chooser_shows_the_suggestion_on_one_line_ending_in_a_whole_word(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f6")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        [line] = [line for line in screen_text(app).splitlines() if "The suggestion:" in line]
        entry = line.split("▊", 1)[1].split("▎")[0].strip()
        assert entry == "The suggestion: Unique completion f4: a hint, one level at …"
        assert "The solution, as `puzzle-assistant solve` prints it" in screen_text(app)


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
async def test_every_key_in_the_footer_fits_at_80_columns(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = app.screen.query(FooterKey)
        palette = keys.filter(".-command-palette").first()
        cut = [key.description for key in keys if key is not palette and key.region.right > palette.region.x]
        assert len(keys) > 3 and cut == []
