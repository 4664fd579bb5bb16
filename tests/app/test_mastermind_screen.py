"""The Mastermind screen, driven as a person would: type rows, read the live count."""

from assistant.app import PuzzleAssistant
from puzzles import mastermind as mm
from puzzles.core import Budget
from puzzles.examples import examples
from tests.conftest import headline, ready_for_snapshot

SEED = mm.parse(examples("mastermind")["seed"])


async def type_row(pilot, guess: str, pegs: str) -> None:
    await pilot.click("#guess")
    app = pilot.app
    app.screen.query_one("#guess").value = ""
    await pilot.press(*guess)
    await pilot.press("enter", *pegs, "enter")


async def test_typing_the_seed_game_row_by_row_ends_with_two_codes(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.BUDGET = Budget(work=300)  # the suggestion is not what this test reads
        screen.load(mm.parse("pegs: 6\ncolours: red blue green yellow orange brown black white none\n"))
        await settle(pilot)
        assert headline(app) == "531,441 codes remain"
        counts, keys = [], mm.colour_keys(SEED.colours)
        for number, row in enumerate(SEED.rows):
            # The first guess by colour names, the rest by their keys run together, as the README offers.
            guess = " ".join(SEED.colours[c] for c in row.guess) if number == 0 else "".join(keys[c] for c in row.guess)
            await type_row(pilot, guess, f"{row.feedback.black} {row.feedback.white}")
            await settle(pilot)
            counts.append(headline(app))
        assert counts[-1] == "2 codes remain"
        assert screen.state == SEED


async def test_a_mistyped_peg_count_is_refused_and_nothing_typed_is_lost(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        before = app.screen.state
        await type_row(pilot, "rrbbgg", "5 2")
        await settle(pilot)
        assert app.screen.state == before
        assert app.screen.query_one("#guess").value == "rrbbgg"
        assert "row" in str(app.screen.query_one("#entry-message").render())


async def test_undo_takes_back_a_row(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert headline(app) == "2 codes remain"
        await pilot.click("#rows")
        await pilot.press("delete")
        await settle(pilot)
        assert len(app.screen.state.rows) == 7
        assert headline(app) != "2 codes remain"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert headline(app) == "2 codes remain"


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="mastermind"), terminal_size=(80, 24), run_before=ready_for_snapshot)


async def test_a_row_is_edited_moved_and_edited_back(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        rows = screen.query_one("#rows")
        rows.focus()
        rows.move_cursor(row=0)
        await pilot.press("shift+down")  # the same rows in another order: the same codes remain
        await settle(pilot)
        assert screen.state.rows == (SEED.rows[1], SEED.rows[0], *SEED.rows[2:])
        assert rows.cursor_row == 1 and headline(app) == "2 codes remain"
        await pilot.press("enter")  # edit the moved row
        assert screen.editing == 1 and screen.query_one("#key").has_focus
        screen.query_one("#key").value = "0 0"
        await pilot.press("escape")
        assert screen.editing is None and screen.query_one("#key").value == ""
        assert screen.state.rows[1] == SEED.rows[0]


async def test_each_row_shows_its_cost_against_the_optimum(settle):
    """3 pegs x 4 colours: the cost column reads like the engine's exact row costs, and follows a new row."""
    game = mm.parse("pegs: 3\ncolours: red blue green yellow\nred red blue = 0 1\n")
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        app.screen.load(game)
        await settle(pilot)
        await type_row(pilot, "ggy", "1 0")
        await settle(pilot)
        table = app.screen.query_one("#rows")
        shown = [str(table.get_cell(str(index), "cost")) for index in range(2)]
        costs = mm.analyse(app.screen.state, strategy="optimal").row_costs
        assert shown == ["0", f"+{costs[1]:.2f}"] and costs[1] > 0


def test_snapshot_of_a_small_game_scored_row_by_row(snap_compare):
    async def load_and_settle(pilot) -> None:
        pilot.app.screen.load(
            mm.parse("pegs: 4\ncolours: red blue green yellow\nred red blue blue = 1 0\nred green green yellow = 1 1\n")
        )
        await ready_for_snapshot(pilot)

    assert snap_compare(PuzzleAssistant(start="mastermind"), terminal_size=(80, 24), run_before=load_and_settle)
