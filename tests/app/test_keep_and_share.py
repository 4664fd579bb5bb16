"""Keep and share: f5 saves the screen as an SVG into a folder the person chooses, f6 copies to the clipboard."""

import json
import os
from pathlib import Path

from textual.widgets import Input, OptionList

from assistant.app import PuzzleAssistant
from assistant.sessions import documents_dir
from assistant.settings import settings_file
from assistant.widgets.dialogs import AskDialog, ChoiceDialog
from puzzles import mastermind as mm
from puzzles import peg

COPY_CHOICES = ("suggestion", "solution", "puzzle")


async def save_picture_into(pilot, settle, folder) -> None:
    """f5, then type the folder into the dialog and press enter."""
    await pilot.press("f5")
    await settle(pilot)
    assert isinstance(pilot.app.screen, AskDialog)
    pilot.app.screen.query_one(Input).value = str(folder)
    await pilot.press("enter")
    await settle(pilot)


async def test_f5_saves_the_screen_as_svg_into_the_folder_chosen_and_remembers_it(settle, tmp_path):
    folder = tmp_path / "pictures"
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await save_picture_into(pilot, settle, folder)
        [picture] = folder.glob("mastermind-*.svg")
        assert picture.read_text(encoding="utf-8").startswith("<svg") and "6&#160;pegs" in picture.read_text()
        assert any(n.message == f"Saved a picture of the screen: {picture}" for n in app._notifications)
        assert json.loads(settings_file().read_text())["pictures"] == str(folder.resolve())
        await pilot.press("f5")
        await settle(pilot)
        assert app.screen.query_one(Input).value == str(folder.resolve())  # the folder chosen last time


async def test_a_picture_of_the_openings_map_is_the_map_not_the_folder_dialog(settle, tmp_path):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        await save_picture_into(pilot, settle, tmp_path)
        [picture] = tmp_path.glob("peg-openings-triangle5-*.svg")
        text = picture.read_text(encoding="utf-8")
        assert "games&#160;from&#160;each&#160;start" in text and "folder" not in text


async def copy(pilot, settle, what: str) -> None:
    """f6, then pick what to copy."""
    await pilot.press("f6")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ChoiceDialog)
    pilot.app.screen.query_one(OptionList).highlighted = COPY_CHOICES.index(what)
    await pilot.press("enter")
    await settle(pilot)


async def test_f6_copies_the_puzzle_the_suggestion_and_the_solution(settle, monkeypatch):
    copied = []
    app = PuzzleAssistant(start="mastermind")
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen.state
        await copy(pilot, settle, "puzzle")
        assert copied == [mm.format(game)]
        assert mm.parse(copied[0]) == game
        await copy(pilot, settle, "suggestion")  # the seed's suggestion, as `solve` prints it too
        assert copied[-1] == "green yellow none yellow orange blue"
        await copy(pilot, settle, "solution")
        assert copied[-1] == mm.solve(game).to_text()
        assert "2 codes remain" in copied[-1]
        messages = [n.message for n in app._notifications]
        lines = len(mm.format(game).splitlines())
        assert f"Copied the puzzle in its text format to the clipboard ({lines} lines)." in messages
        assert any(m.startswith("Copied the solution to the clipboard") for m in messages)


async def test_the_peg_suggestion_is_the_hint_and_the_clipboard_holds_it(settle):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await copy(pilot, settle, "suggestion")
        assert app.clipboard == "Jump 4 over 2 into 1 (14,880 winning games follow)"
        await copy(pilot, settle, "puzzle")
        assert peg.parse(app.clipboard) == app.screen.state


async def test_a_board_screen_copies_its_hint_from_the_panel(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await copy(pilot, settle, "suggestion")
        detail = app.screen.detail(app.screen.analysis).plain  # how to ask for a hint: none is shown unasked
        assert app.clipboard.splitlines() == [app.screen.analysis.headline, detail] and "f4" in detail


async def test_the_palette_offers_save_picture_and_copy_in_place_of_textuals_screenshot(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Save picture" in titles and "Copy" in titles and "Screenshot" not in titles
        await pilot.press("f1")
        await settle(pilot)
        assert "| f5 |" in app.screen.text and "| f6 |" in app.screen.text


async def offered(pilot, settle, key: str) -> str:
    """What the path dialog opened by `key` offers."""
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(pilot.app.screen, AskDialog)
    return pilot.app.screen.query_one(Input).value


async def test_files_and_pictures_are_offered_the_last_folder_used_else_the_apps_documents_folder(settle, tmp_path):
    """Never the folder the app was started in, which may be a checkout of its source."""
    documents = documents_dir()
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await offered(pilot, settle, "f5") == str(documents)
        await pilot.press("escape")
        assert await offered(pilot, settle, "ctrl+s") == str(documents / "hidoku.txt")
        await pilot.press("enter")  # the app's own folder is made for it
        await settle(pilot)
        assert (documents / "hidoku.txt").exists()
        elsewhere = tmp_path / "elsewhere" / "mine.txt"
        await offered(pilot, settle, "ctrl+s")  # offers the file it was saved to; saved elsewhere this time
        app.screen.query_one(Input).value = str(elsewhere)
        await pilot.press("enter")
        await settle(pilot)
        assert await offered(pilot, settle, "ctrl+o") == f"{elsewhere.parent}{os.sep}"
        await pilot.press(*"mine.txt", "enter")  # typed after the folder offered, not over it
        await settle(pilot)
        assert app.screen.KIND == "hidoku" and app.screen.path == elsewhere
    assert Path.cwd() != documents and json.loads(settings_file().read_text())["puzzles"] == str(elsewhere.parent)
