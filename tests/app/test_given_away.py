"""At 80x24, as a person reads it: nothing of the answer is on screen until asked for.

The line under a board says no more than its marks show; the disks and Zebra open on the puzzle, not on its
solution (Zebra's panel names no deduction before f4 asks for one: test_zebra_screen's clue list test).
"""

import pytest
from textual.widgets import ContentSwitcher

from assistant.app import PuzzleAssistant
from tests.app.reading import screen_text
from tests.conftest import headline

MARKED = {  # an empty cell with one value left, from where the cursor starts: its line and its mark at each level
    "hidoku": ([], "r1c1", "91", "⁹¹"),
    "jodici": (["down"], "ring 2, sector 1", "6", "⁶"),
    "magic": ([], "r1c1", "28", "²⁸"),
    "equation": (["right", "right"], "r1c2", "19", "¹⁹"),
}


async def press(pilot, settle, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def cell_line(app) -> str:
    """The line under the board about the cell (Jodici's sums follow on a line of their own)."""
    return str(app.screen.query_one("#cell-info").render()).splitlines()[0]


def cell_marks(app) -> str:
    grid = app.screen.grid
    return grid.cell(grid.cursor).marks


@pytest.mark.parametrize("kind", MARKED)
async def test_the_line_under_the_board_says_no_more_than_the_marks_at_each_level(kind, settle):
    keys, cell, value, raised = MARKED[kind]
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, settle, *keys)
        assert (cell_marks(app), cell_line(app)) == ("₁", f"{cell}: 1 number left (m: show them)")  # counts
        assert "can be" not in screen_text(app)
        await press(pilot, settle, "m")
        assert (cell_marks(app), cell_line(app)) == (raised, f"{cell}: can be {value}")  # candidates
        await press(pilot, settle, "m")
        assert (cell_marks(app), cell_line(app)) == ("", f"{cell}: empty")  # nothing
        assert "can be" not in screen_text(app)


async def test_with_no_marks_shown_the_line_does_not_say_that_no_number_fits(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(app.screen.from_text("1 _ _\n_ _ 2\n"))  # 2 cannot touch 1: no number fits anywhere
        await settle(pilot)
        await press(pilot, settle, "right")
        assert (cell_marks(app), cell_line(app)) == ("×", "r1c2: no number fits here")
        await press(pilot, settle, "m", "m")
        assert (cell_marks(app), cell_line(app)) == ("", "r1c2: empty")


async def test_sudoku_s_line_hides_the_candidates_with_the_marks_and_a_lone_one_is_a_raised_mark(settle):
    app = PuzzleAssistant(start="sudoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, settle, "right", "right")
        assert cell_line(app) == "r1c3: 3 numbers left (m: show them)"
        await press(pilot, settle, "m")
        assert cell_line(app) == "r1c3: can be 1, 2, 4"
        await press(pilot, settle, "m")
        assert (cell_marks(app), cell_line(app)) == ("", "r1c3: empty")
        await press(pilot, settle, "m", "m", *["down"] * 4, "right", "right")  # r5c5: 5 alone
        assert (cell_marks(app), cell_line(app)) == ("⁵", "r5c5: can be 5"), "a pencil mark, not a grey 5"
        assert " 5 " not in screen_text(app).splitlines()[7].split("│")[1], "no plain 5 in the middle box's row"


async def test_the_disks_open_on_the_puzzle_and_show_their_solution_only_on_a(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        solution = app.screen.analysis.solutions[0]
        turns = " ".join(map(str, solution))
        assert (headline(app), turns) == ("1 solution", "0 0 5 11")
        panel = " ".join(str(app.screen.panel.query_one("#detail").render()).split())
        assert panel == "f4: a hint, one level at a time · f8: check your turns · a: turn the disks to a solution"
        assert "5 11" not in screen_text(app) and "way to turn" not in screen_text(app)
        await press(pilot, settle, "a")
        assert app.screen.state.turned == solution and headline(app) == "1 solution — solved as turned"
        await press(pilot, settle, "ctrl+z")
        assert "5 11" not in screen_text(app)


def view(app) -> str:
    return app.screen.query_one("#views", ContentSwitcher).current


async def test_zebra_opens_on_the_grid_and_shows_the_solutions_only_on_f3(settle):
    app = PuzzleAssistant(start="zebra")  # the bundled Zebra, solved by its clues
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "Solved: one solution" and view(app) == "grid-view"
        assert "f3: the solution table." in screen_text(app)
        await press(pilot, settle, "f3")
        assert view(app) == "table-view" and "Parliament" in screen_text(app)
        assert "f3: back to the grid." in screen_text(app) and "f3: the solution table" not in screen_text(app)
        await press(pilot, settle, "f3")
        assert "f3: the solution table." in screen_text(app), "the panel says the way it is now, on the grid again"
        await press(pilot, settle, "ctrl+n")
        await pilot.press(*"Person: Ann, Bob, Cid; Age: 20, 30, 40; key: Person", "enter")
        await settle(pilot)
        box = app.screen.query_one("#clue")
        for clue in ("Ann is older than Bob", "Cid is 10 years younger than Bob"):
            box.value = clue
            await press(pilot, settle, "enter")
        assert headline(app) == "Solved: one solution" and view(app) == "grid-view", "solved, still on the grid"
