"""f4 on the Mastermind screen: what the rows prove, level by level, then the suggested guess in the guess box."""

import re

from textual.widgets import DataTable

from assistant.app import PuzzleAssistant
from puzzles import mastermind as mm
from puzzles.core import Budget
from tests.app.reading import screen_text
from tests.conftest import headline


def hint_panel(app) -> str:
    return str(app.screen.panel.query_one("#hint").render())


def marked_rows(app) -> list[str]:
    table = app.screen.query_one("#rows", DataTable)
    numbers = [str(table.get_cell(str(i), "number")) for i in range(table.row_count)]
    return [number for number in numbers if "▸" in number]


async def test_f4_tells_what_the_seed_rows_prove_level_by_level_then_the_next_fact(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        app.screen.HINT_BUDGET = Budget(work=300)
        assert headline(app) == "2 codes remain"
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at row 8") and "Rule" not in hint_panel(app)
        assert marked_rows(app) == ["▸8"]
        await pilot.press("f4")
        assert "Rule: one row (row 8)" in hint_panel(app) and "not in the code" not in hint_panel(app)
        await pilot.press("f4")
        assert "So red, brown, black and white are not in the code." in hint_panel(app)
        before = app.screen.state
        await pilot.press("f4")
        await settle(pilot)
        assert app.screen.state is before, "a fact changes nothing on the board"
        assert hint_panel(app).startswith("Noted: red, brown, black and white are not in the code.")
        assert not marked_rows(app)
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press("f4", "f4")
        next_fact = "are each in the code exactly once and yellow is in the code exactly twice."
        assert next_fact in hint_panel(app), "the next fact, not the same again"


async def test_f4_on_a_new_game_explains_the_suggestion_and_puts_it_in_the_guess_box(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        app.screen.HINT_BUDGET = Budget(work=300)
        app.screen.load(mm.parse("pegs: 4\ncolours: red blue green yellow orange purple\n"))
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at the suggested guess")
        await pilot.press("f4", "f4")
        assert "Guess red blue green yellow next: its pegs split the 1,296 codes left into 14 groups" in hint_panel(app)
        await pilot.press("f4")
        await settle(pilot)
        assert app.screen.query_one("#guess").value == "red blue green yellow"
        assert hint_panel(app).startswith("red blue green yellow is in the guess box")


async def test_f8_marks_the_row_most_likely_mistyped(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        app.screen.load(mm.parse("pegs: 4\ncolours: red blue green yellow orange purple\nrrrr = 0 0\nrrbb = 3 0\n"))
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        assert hint_panel(app).startswith("No code scores every row so; the likeliest slip is in row 2.\n• row 2: ")
        assert "▸2" in marked_rows(app), "the rows of the likeliest slips are marked, the likeliest first in the text"


def guess_columns(app) -> list[int]:
    """Where each row's guess starts on screen, as the eye follows the guess column down."""
    rows = screen_text(app).splitlines()[2:10]  # under the title bar and the table's header: rows 1 to 8
    return [re.match(r" *▸?\d+ +", row).end() for row in rows]


async def test_a_hinted_row_keeps_its_place_and_the_noted_colours_are_said_in_one_sentence(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.HINT_BUDGET = Budget(work=300)
        columns = guess_columns(app)
        await pilot.press("f4")
        await settle(pilot)
        assert marked_rows(app) == ["▸8"] and guess_columns(app) == columns, "the mark has its own place"
        await pilot.press("f4", "f4", "f4")
        await settle(pilot)
        noted = "Noted: red, brown, black and white are not in the code."  # not "red is not in the code, brown is …"
        assert " ".join(hint_panel(app).split()).startswith(noted) and not marked_rows(app)
        assert guess_columns(app) == columns
