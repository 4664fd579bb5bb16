"""Mastermind read at 80x24 without colour: letters and digits on every code, figures and verdicts that agree."""

import re

import pytest

from assistant.app import PuzzleAssistant
from assistant.screens.base import plain
from puzzles import mastermind as mm
from puzzles.examples import examples
from tests.app.reading import screen_text
from tests.conftest import headline

SEED = mm.parse(examples("mastermind")["seed"])


def detail(app) -> str:
    """What the live panel says under its headline."""
    return plain(app.screen.panel.query_one("#detail").content)


@pytest.mark.parametrize("no_color", ["", "1"])
async def test_rows_and_the_suggestion_show_their_colour_letters(no_color, monkeypatch, settle):
    """With NO_COLOR the chips lose their colours; the letters still tell every peg apart."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", no_color)
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color == bool(no_color)
        lines = screen_text(app).splitlines()
        assert lines[2].startswith("  1  r r b b g g  ○○···· 0·2")  # after the number's place for a hint's ▸
        assert lines[4].startswith("  3  k k w w x x  ○····· 0·1")  # black, white, none: all grey, three letters
        assert any("Try g y x y o b" in line for line in lines)
        legend = [line.split("▏")[0].strip() for line in lines[-5:-2]]
        assert legend == ["r red  b blue  g green  y yellow", "o orange  n brown  k black  w white", "x none"]


async def test_bulls_and_cows_shows_digits(settle):
    game = mm.parse("pegs: 4\ncolours: 0 1 2 3 4 5 6 7 8 9\nrepeats: no\n0 1 2 3 = 1 2\n")
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(game)
        await settle(pilot)
        text = screen_text(app)
        assert " 1  0 1 2 3  ●○○· 1·2" in text
        assert re.search(r"Try \d \d \d \d  ", text)  # the suggestion in digits too


async def test_one_code_left_is_not_called_solved_and_the_solved_code_shows_its_letters(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(SEED.with_row(mm.Row(mm.parse_guess(SEED, "green red red red red red"), mm.Feedback(1, 0))))
        await settle(pilot)
        assert headline(app) == "One code left"
        assert detail(app) == "If every row's pegs are right: g y x y o b"
        await pilot.press(*"gyxyob", "enter", "6", "0", "enter")
        await settle(pilot)
        assert headline(app) == "Solved in 10 guesses"
        assert detail(app) == "The code: g y x y o b"


async def test_rows_whose_pegs_are_in_doubt_get_no_cost(settle):
    game = mm.parse(
        "pegs: 4\ncolours: red blue green yellow orange purple\n"
        "red red blue blue = 0 2\ngreen green yellow yellow = 1 0\n"
        "orange purple red green = 1 1\nblue orange red purple = 2 1\n"
    )
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(game)
        await settle(pilot)
        table = app.screen.query_one("#rows")
        assert [str(table.get_cell(str(index), "cost")) for index in range(4)] == ["+0.06", "–", "–", "–"]
        assert headline(app) == "No code fits"


async def test_a_click_on_the_legend_picks_the_colour_whose_name_is_there(settle):
    """The legend wraps at 80x24: a click on a name or its chip, on any of its lines, types that colour."""
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for line, column in [(1, 20), (1, 32), (0, 18), (2, 1)]:  # "k black"'s chip, "white", "green", "x none"
            await pilot.click("#palette", offset=(column, line))
        assert app.screen.query_one("#guess").value == "black white green none"
