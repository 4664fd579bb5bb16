"""The header's sub-title: each screen's description of the puzzle, then the file it was saved to or opened from."""

import pytest
from textual.widgets._header import HeaderTitle

from assistant.app import PuzzleAssistant
from assistant.kinds import BY_NAME, KINDS


@pytest.mark.parametrize("kind", ["disks", "mastermind"])
async def test_the_description_survives_saving_and_the_path_shows(kind, settle, tmp_path):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        description = screen.sub_title
        assert description and description == screen.describe(screen.state)
        path = tmp_path / f"{kind}.txt"
        await pilot.press("ctrl+s")
        app.screen.query_one("#answer").value = str(path)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and path.exists()
        assert screen.sub_title == f"{description} · {path}"
        await pilot.press("ctrl+n")  # a new puzzle has no file
        await settle(pilot)
        if app.screen is not screen:  # Mastermind asks for the pegs and colours first
            await pilot.click("#ok")
            await settle(pilot)
        assert app.screen is screen and screen.sub_title == screen.describe(screen.state)
        assert str(path) not in screen.sub_title


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
async def test_the_header_names_the_puzzle(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = app.screen.query_one(HeaderTitle).render()
        assert str(title).startswith(BY_NAME[kind].title)
