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


SOLVED = SEED.with_row(mm.Row(mm.parse_guess(SEED, "green yellow none yellow orange blue"), mm.Feedback(6, 0)))


async def show_solved(pilot) -> None:
    pilot.app.screen.load(SOLVED)
    await ready_for_snapshot(pilot)


async def test_the_chart_bars_follow_the_codes_left_after_each_row(settle):
    """The seed game: one bar per row plus the start, each a log-scale height, falling as the codes do."""
    from assistant.widgets.codes_chart import CodesChart, bar_heights

    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = app.screen.query_one(CodesChart)
        left = (80_460, 8_100, 4_896, 1_492, 210, 55, 10, 2)  # the table's "left" column for the seed
        assert chart.counts == (9**6, *left)
        heights = bar_heights(chart.counts)
        assert heights[0] == 24 and heights == sorted(heights, reverse=True) and heights[-1] == 2
        top, _, bottom, numbers = str(chart.render()).splitlines()
        assert top.split()[:2] == ["531,441", "█"]  # all the codes: the full height
        assert bottom.split() == ["1", *"███████▅▂"]  # 10 codes left: five eighths of a line; 2: two
        assert numbers.split() == ["log", "scale", *"12345678"]
        app.screen.change(app.screen.state.without_row(7))  # one row fewer: one bar fewer
        await settle(pilot)
        assert chart.counts == (9**6, *left[:-1])


async def test_a_won_game_says_solved_in_n_guesses_and_stops_suggesting(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await show_solved(pilot)
        assert headline(app) == "Solved in 9 guesses"
        explanation = str(app.screen.query_one("#explanation").render())
        assert "Try" not in explanation and "bits" not in explanation
        assert "nothing left to suggest" in explanation
        await pilot.press("f3")
        assert app._notifications and list(app._notifications)[-1].message == "Solved: nothing left to suggest."


def test_solved_snapshot_with_the_chart(snap_compare):
    assert snap_compare(PuzzleAssistant(start="mastermind"), terminal_size=(80, 24), run_before=show_solved)


async def test_one_code_left_is_offered_as_the_winning_play_not_as_a_zero_bit_try(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Green first: one black for "green yellow none …", one white for "yellow none green …".
        app.screen.load(SEED.with_row(mm.Row(mm.parse_guess(SEED, "green red red red red red"), mm.Feedback(1, 0))))
        await settle(pilot)
        assert headline(app) == "Solved: one code left"
        explanation = str(app.screen.query_one("#explanation").render())
        assert explanation.startswith("Play") and "the only code left, it wins" in explanation
        assert "bits" not in explanation
