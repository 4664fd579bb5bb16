"""The chosen theme survives a restart; a bad settings file is set aside with a message, never fatal."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.settings import load_theme, settings_file


async def choose_in_palette(pilot, settle, *typed: str) -> None:
    """ctrl+p, then for each step type the words and take the first match."""
    await pilot.press("ctrl+p")
    for words in typed:
        await pilot.press(*words)
        await settle(pilot)  # the palette searches in a worker of its own
        await pilot.press("enter")
        await settle(pilot)


async def test_a_theme_chosen_in_the_palette_is_still_set_after_a_restart(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme != "textual-light"
        await choose_in_palette(pilot, settle, "theme", "textual-light")
        assert app.theme == "textual-light"
    again = PuzzleAssistant(start="hidoku")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.theme == "textual-light"


async def test_an_unreadable_settings_file_is_ignored_with_a_message_then_written_over(settle):
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text("{not json")
    app = PuzzleAssistant()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == PuzzleAssistant().theme
        assert any("could not be read" in n.message for n in app._notifications)
        app.theme = "nord"
        await settle(pilot)
    again = PuzzleAssistant()
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.theme == "nord"
        assert not again._notifications


async def test_a_saved_theme_that_no_longer_exists_is_said_and_the_default_kept(settle):
    settings_file().parent.mkdir(parents=True, exist_ok=True)
    settings_file().write_text('{"theme": "no-such-theme"}')
    app = PuzzleAssistant()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == PuzzleAssistant().theme
        assert any("no-such-theme" in n.message for n in app._notifications)


def sparse(size: int):
    def write(path) -> None:
        with open(path, "wb") as handle:
            handle.truncate(size)

    return write


DAMAGED_SETTINGS = {
    "deeply nested": lambda path: path.write_text('{"theme": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    "a number for the theme": lambda path: path.write_text('{"theme": 5}'),
    "a list for the pictures folder": lambda path: path.write_text('{"theme": "nord", "pictures": ["/tmp"]}'),
    "a list, not an object": lambda path: path.write_text('["nord"]'),
    "over 1 MiB": sparse(82_000_000),
}


@pytest.mark.parametrize("damage", DAMAGED_SETTINGS)
async def test_a_damaged_settings_file_is_set_aside_and_the_app_starts_with_the_defaults(settle, damage):
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    DAMAGED_SETTINGS[damage](path)
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == PuzzleAssistant().theme
        assert any("could not be read" in n.message and "kept as" in n.message for n in app._notifications)
        assert list(path.parent.glob("settings.unreadable-*.json"))
        assert app.screen.KIND == "hidoku"  # the app went on to its screen
        app.theme = "nord"
        await settle(pilot)
    assert load_theme() == "nord"
