"""The Mastermind screen, driven as a person would: type rows, read the live count."""

import itertools
import os

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
        assert headline(app) == "One code left"  # "Solved" waits for the all-black row
        explanation = str(app.screen.query_one("#explanation").render())
        assert explanation.startswith("Play") and "the only code left, it wins" in explanation
        assert "bits" not in explanation


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


# ---------------------------------------------------------------- practice: the computer as codemaker

SMALL = "pegs: 3\ncolours: red blue green yellow\n"


def explanation_text(app) -> str:
    """The Suggestion (or Review) tab's text as a person reads it."""
    from rich.console import Console

    console = Console(width=60, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(app.screen.query_one("#explanation").content)
    return " ".join(console.export_text().split())


async def guess(pilot, code: str) -> None:
    """Type a guess and press enter: in practice the app gives the pegs."""
    await pilot.click("#guess")
    pilot.app.screen.query_one("#guess").value = ""
    await pilot.press(*code, "enter")


async def test_practice_against_a_random_secret_plays_a_full_game_and_reviews_it(settle):
    from puzzles.mastermind.practice import secret

    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.BUDGET = Budget(work=300)
        screen.load(mm.parse(SMALL + "codemaker: random 11\n"))
        await settle(pilot)
        assert screen.query_one("#key").disabled
        assert "practice: a random secret" in screen.sub_title
        hidden = mm.code_space(screen.state).code(secret(screen.state))
        keys = screen.state.keys
        for code in ("rrr", "bgy", "".join(keys[c] for c in hidden)):
            await guess(pilot, code)
            await settle(pilot)
        rows = screen.state.rows
        assert [row.feedback for row in rows] == [mm.score(hidden, row.guess) for row in rows]
        assert rows[-1].feedback == mm.Feedback(3, 0) and headline(app) == f"Solved in {len(rows)} guesses"
        text = explanation_text(app)
        assert "Solved in 3 guesses" in text and "The optimal strategy on the same secret" in text
        assert "It needs 3.2188 guesses on average (all 64 secrets)." in text  # 206 / 64: the exact optimum
        costs = mm.analyse(screen.state, strategy="optimal").row_costs
        assert "Row costs need" not in text and f"{costs[0]:+.2f}" in text and costs[0] > 0
        await guess(pilot, "rrr")  # the game is over: nothing more is added
        await settle(pilot)
        assert len(screen.state.rows) == 3 and "solved in 3 guesses" in str(screen.query_one("#entry-message").render())
        assert mm.parse(mm.format(screen.state)) == screen.state  # the session restores the same secret


async def test_practice_against_the_adversary_plays_a_full_game_and_reviews_it(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.BUDGET = Budget(work=300)
        screen.load(mm.parse(SMALL + "codemaker: adversary\n"))
        await settle(pilot)
        assert "kept back" in explanation_text(app)
        while not mm.solved(screen.state):  # always guess the first code still possible
            await guess(pilot, "".join(screen.state.keys[c] for c in screen.query_one("#codes").rows[0]))
            await settle(pilot)
        game = screen.state
        space = mm.code_space(game)
        for index, row in enumerate(game.rows):  # each answer left the most codes the guess allowed
            before = space.consistent(mm.Game(3, game.colours, game.rows[:index]))
            assert (
                space.count(space.select(row.guess, row.feedback, before)) == space.partition(row.guess, before).max()
            )
        assert f"Solved in {len(game.rows)}" in explanation_text(app)
        assert screen.query_one("#tabs").get_tab("suggestion-tab").label.plain == "Review"
        await pilot.press("ctrl+z")  # take the winning guess back: the review goes, the game goes on
        await settle(pilot)
        assert "kept back" in explanation_text(app)


async def test_a_repeated_colour_is_refused_in_a_game_without_repeats(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.BUDGET = Budget(work=300)
        screen.load(mm.parse("pegs: 4\ncolours: 0 1 2 3 4 5 6 7 8 9\nrepeats: no\n"))
        await settle(pilot)
        assert headline(app) == "5,040 codes remain" and "no repeats" in screen.sub_title
        await type_row(pilot, "0120", "1 2")
        await settle(pilot)
        assert screen.state.rows == ()
        assert str(screen.query_one("#entry-message").render()).startswith("new row: peg 4: 0 is already peg 1")
        await type_row(pilot, "0123", "1 2")
        await settle(pilot)
        digits = [c for c in itertools.permutations(range(10), 4) if mm.score(c, (0, 1, 2, 3)) == mm.Feedback(1, 2)]
        assert headline(app) == f"{len(digits)} codes remain"


async def test_the_new_game_dialog_starts_bulls_and_cows_practice(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.start_new(screen.new_state())
        await settle(pilot)
        dialog = app.screen
        dialog.query_one("#preset").value = "bulls"
        dialog.query_one("#codemaker").value = "adversary"
        await settle(pilot)
        await pilot.click("#ok")
        await settle(pilot)
        game = screen.state
        assert (game.pegs, len(game.colours), game.repeats, game.codemaker) == (4, 10, False, mm.Codemaker("adversary"))


SOLVED_PRACTICE = SMALL + "codemaker: adversary\nred red red = 0 0\nblue blue blue = 1 0\nblue green green = 0 1\n"


def test_snapshot_of_a_reviewed_practice_game(snap_compare):
    async def solve_it(pilot):
        screen = pilot.app.screen
        screen.BUDGET = Budget(work=300)
        game = mm.parse(SOLVED_PRACTICE)
        space = mm.code_space(game)
        while not mm.solved(game):  # the adversary's game played to the end, always the first code left
            code = space.code(int(space.listed(space.consistent(game), 0, 1)[0]))
            game = game.with_row(mm.Row(code, mm.answer(game, code)))
        screen.load(game)
        await ready_for_snapshot(pilot)

    assert snap_compare(PuzzleAssistant(start="mastermind"), terminal_size=(80, 24), run_before=solve_it)
