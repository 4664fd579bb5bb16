"""What the rows prove (puzzles.mastermind.facts), checked against brute force over all 1,296 codes of 4x6."""

import itertools
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from puzzles import mastermind as mm
from puzzles.core import Budget
from puzzles.examples import examples
from puzzles.mastermind.codes import code_space
from puzzles.mastermind.facts import NEXT_GUESS
from puzzles.mastermind.shared import row_summary, summary

HEADER = "pegs: 4\ncolours: red blue green yellow orange purple\n"
ALL = list(itertools.product(range(6), repeat=4))
HEADER_GAME = mm.parse(HEADER)
QUICK = Budget(work=50)  # the suggestion's guesses scored: the same steps on every machine


def game_of(*rows: str) -> mm.Game:
    return mm.parse(HEADER + "\n".join(rows) + "\n")


def fitting(game: mm.Game, rows=None) -> list[tuple[int, ...]]:
    """Every code that scores these rows (all rows by default) as they were scored."""
    chosen = [game.rows[r] for r in (range(len(game.rows)) if rows is None else rows)]
    return [code for code in ALL if all(mm.score(code, row.guess) == row.feedback for row in chosen)]


def true_of(fact, code) -> bool:
    kind, where = fact.at
    if kind == "copies":
        low, high = fact.value
        return low <= code.count(where) <= high
    return (code[where] == fact.value) == fact.holds


def proves(game, rows, facts) -> bool:
    return all(true_of(fact, code) for code in fitting(game, rows) for fact in facts)


def facts_of(step):
    return [fact for fact in step.sets if fact.at != NEXT_GUESS]


def test_each_kind_of_fact_one_row_proves_is_the_easiest_step_there():
    cases = {
        "rrrr = 0 0": "So red is not in the code.",
        "rrrr = 1 0": "So red is in the code exactly once.",
        "rrrb = 2 1": "So red is in the code at least twice.",
        "rrrb = 0 1": "So peg 1 is not red, peg 2 is not red, peg 3 is not red and peg 4 is not blue.",
    }
    for row, said in cases.items():
        game = game_of(row)
        (step,) = mm.next_step(game, budget=QUICK).steps
        assert step.rule == "one row" and step.uses == ("row 1",) and step.where == (0,)
        assert step.text.endswith(said), row
        assert proves(game, [0], facts_of(step)), f"{row}: every code that scores the row so has it"


def test_bounds_at_most_are_told_last_the_tightest_each_with_the_fewest_rows_it_needs():
    """`red is in the code at most 3 times, ...` once came before what two rows settle: it leaves most open."""
    path = mm.steps(game_of("rrbb = 1 1"), budget=QUICK)
    assert [step.rule for step in path.steps] == ["at most", "at most", "the best next question"]
    assert path.steps[0].text.endswith("So green, yellow, orange and purple are each in the code at most twice.")
    assert path.steps[1].text.endswith("So red and blue are each in the code at most 3 times.")
    game = game_of("rrbb = 1 1", "gyop = 0 2")
    steps = mm.steps(game, budget=QUICK).steps
    assert [step.rule for step in steps] == ["one row", "at most", "at most", "the best next question"]
    assert steps[1].uses == ("row 1", "row 2") and steps[1].text.endswith(
        "Only codes in which green, yellow, orange and purple are each in the code at most once score both so: "
        "codes that score row 1 so and lack any of it score row 2 0 black 1 white or 1 black 0 white, "
        "never 0 black 2 white."
    )
    lacking = [code for code in fitting(game, [0]) if not all(true_of(fact, code) for fact in facts_of(steps[1]))]
    assert {str(mm.score(code, game.rows[1].guess)) for code in lacking} == {"0 1", "1 0"}
    assert steps[2].uses == ("row 2",) and steps[2].text.endswith("So red and blue are each in the code at most twice.")
    assert all(proves(game, [int(use.split()[1]) - 1 for use in step.uses], facts_of(step)) for step in steps[:3])


def test_a_peg_one_row_fixes_is_told_with_that_row_after_the_counts():
    game = game_of("pppo = 0 2")  # purple must be in, and not on pegs 1 to 3
    steps = mm.steps(game, budget=QUICK).steps
    fixed = next(step for step in steps if any(fact.at[0] == "peg" and fact.holds for fact in facts_of(step)))
    assert fixed.rule == "one row" and fixed.text.endswith("So peg 4 is purple.")
    assert proves(game, [0], facts_of(fixed))
    assert steps.index(fixed) > 0 and all(fact.at[0] == "copies" for fact in facts_of(steps[0]))


def test_two_rows_whose_colours_fill_every_peg_rule_out_the_rest_which_neither_row_does_alone():
    game = game_of("rrgg = 0 2", "bbyy = 0 2")
    steps = mm.steps(game, budget=QUICK).steps
    pair = next(step for step in steps if step.rule == "two rows")
    assert pair.where == (0, 1) and pair.uses == ("row 1", "row 2")
    assert pair.text.endswith(
        "Between them their colours make up all 4 pegs of the code, so orange and purple are not in the code."
    )
    assert proves(game, [0, 1], facts_of(pair))
    assert not proves(game, [0], facts_of(pair)) and not proves(game, [1], facts_of(pair))
    assert all(step.rule == "one row" for step in steps[: steps.index(pair)]), "single rows first"


def test_a_fact_that_needs_three_rows_is_told_with_them_and_no_pair_proves_it():
    game = game_of("oprb = 0 2", "ppgr = 2 0", "pgpp = 0 1")
    steps = mm.steps(game, budget=QUICK).steps
    together = next(step for step in steps if step.rule == "rows together")
    assert together.where == (0, 1, 2) and together.text.endswith(
        "Only codes in which peg 3 is green score all 3 so: if peg 3 were not green, then by rows 2 and 3 peg 2 is "
        "purple, so row 1's purple at peg 2 would be black, but row 1 scored 0 black 2 white."
    )
    lacking = [code for code in fitting(game, [1, 2]) if not all(true_of(fact, code) for fact in facts_of(together))]
    assert lacking and {code[1] for code in lacking} == {game.rows[0].guess[1]} == {5}, "purple at peg 2 in each"
    assert proves(game, [0, 1, 2], facts_of(together))
    assert not any(proves(game, pair, facts_of(together)) for pair in itertools.combinations(range(3), 2))
    rungs = [step.rule for step in steps]
    assert rungs == sorted(rungs, key=[rung.name for rung in mm.LADDER].index), "cheapest rung first, always"


def test_the_suggestion_is_said_with_its_split_of_the_codes_left_against_the_runner_up():
    game = game_of("rrbb = 1 1")
    path = mm.steps(game, budget=QUICK)
    last = path.steps[-1]
    assert last.rule == "the best next question" and path.ended == "stuck"
    guess = last.sets[0].value
    left = fitting(game)
    parts = Counter(mm.score(code, guess) for code in left)
    expected = sum(n * n for n in parts.values()) / len(left)
    named = " ".join(game.name(guess))
    assert last.text.startswith(
        f"Guess {named} next: its pegs split the {len(left)} codes left into {len(parts)} groups, "
        f"the largest of {max(parts.values())}, {expected:.1f} codes left on average; the runner-up, "
    )


def test_with_one_code_left_the_walk_ends_solved_by_playing_it():
    secret, guesses = (3, 0, 0, 3), [(0, 0, 0, 0), (2, 2, 1, 1), (0, 0, 3, 3), (0, 3, 0, 3), (3, 1, 0, 2)]
    game = mm.Game(rows=tuple(mm.Row(guess, mm.score(secret, guess)) for guess in guesses))
    assert fitting(game) == [secret]
    path = mm.steps(game, budget=QUICK)
    assert path.ended == "solved" and path.steps[-1].text == "Only yellow red red yellow is left: play it, it wins."


def test_a_fact_told_already_is_not_the_next_hint_again():
    game = game_of("rrrr = 0 0", "bbbb = 1 0")
    first = mm.next_step(game, budget=QUICK).steps[0]
    second = mm.next_step(game, budget=QUICK, told=frozenset(first.sets)).steps[0]
    assert first.text.endswith("red is not in the code.") and second.text.endswith("blue is in the code exactly once.")


def test_no_code_fits_ends_in_a_contradiction_with_no_step():
    path = mm.steps(game_of("rrrr = 0 0", "rrbb = 3 0"), budget=QUICK)
    assert path.steps == () and path.ended == "contradiction"


codes = st.tuples(*[st.integers(0, 5)] * 4)


@settings(max_examples=25, deadline=None)
@given(codes, st.lists(codes, min_size=1, max_size=4))
def test_every_step_is_true_of_every_code_left_and_follows_from_the_rows_it_names(secret, guesses):
    game = mm.Game(rows=tuple(mm.Row(guess, mm.score(secret, guess)) for guess in guesses))
    path = mm.steps(game, budget=QUICK)
    left = fitting(game)
    if guesses[-1] == secret:
        assert path == mm.steps(game, ask=False) and path.ended == "solved" and not path.steps, "nothing left to say"
        return
    assert secret in left and path.ended in ("solved", "stuck")
    for step in path.steps[:-1]:
        assert facts_of(step) and proves(game, step.where, facts_of(step)), step.text
        assert all(true_of(fact, code) for code in left for fact in facts_of(step))
    assert path.steps[-1].rule == "the best next question"


def test_solve_steps_prints_the_facts_then_the_question_and_json_has_each_step(capsys):
    assert main(["solve", "mastermind", "puzzles/examples/mastermind-without-repeats.txt", "--steps"]) == 0
    out = capsys.readouterr().out
    assert "2. [two rows] Row 1 (0 1 2 3)" in out and "8 and 9 are not in the code." in out
    assert "3. [the best next question] Guess " in out
    assert main(["solve", "mastermind", "puzzles/examples/mastermind-seed.txt", "--steps", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["steps"][0]["uses"] == ["row 8"] and data["steps"][0]["text"].endswith(
        "So red, brown, black and white are not in the code."
    )
    assert data["steps"][-1]["rule"] == "the best next question" and data["steps_ended"] == "stuck"


def test_practice_keeps_the_question_back_and_a_found_code_leaves_nothing_to_say():
    game = game_of("rrrr = 0 0")
    path = mm.steps(game, budget=QUICK, ask=False)
    assert path.ended == "stuck" and all(step.rule != "the best next question" for step in path.steps)
    assert mm.steps(game_of("rgby = 4 0"), budget=QUICK) == mm.steps(game_of("rgby = 4 0"), ask=False)
    assert mm.steps(game_of("rgby = 4 0"), budget=QUICK).ended == "solved"


def test_the_check_says_the_rows_fit_or_names_the_likeliest_mistyped_row():
    assert mm.check(game_of("rrbb = 1 1")).verdict == "Every row fits: 208 codes score them all so."
    assert len(fitting(game_of("rrbb = 1 1"))) == 208
    check = mm.check(game_of("rrrr = 0 0", "rrbb = 3 0"))
    assert check.verdict == "No code scores every row so; the likeliest slip is in row 2." and check.tone == "bad"
    assert check.mistakes[0].at == 1
    assert check.mistakes[0].text.startswith("row 2: you may have miscounted one peg: 2 0")


def test_a_runner_up_that_splits_the_codes_alike_is_said_to_do_as_well():
    game = mm.parse(examples("mastermind")["without-repeats"])
    last = mm.steps(game).steps[-1]
    assert last.text.startswith("Guess 1 2 6 7 next: its pegs split the 168 codes left into 12 groups, the largest of")
    assert last.text.endswith(
        "the runner-up, 1 3 6 7, splits them just as well: either will do, and this one comes first in colour order."
    )


@settings(max_examples=25, deadline=None)
@given(codes, codes)
def test_a_row_read_from_the_halves_proves_what_its_listed_codes_do(secret, guess):
    space, row = code_space(HEADER_GAME), mm.Row(guess, mm.score(secret, guess))
    assert row_summary(space, row) == summary(space, space.select(row.guess, row.feedback, None))


def test_on_8_pegs_of_10_colours_a_row_too_big_to_list_still_tells_what_it_proves_alone():
    game = mm.parse("pegs: 8\ncolours: a b c d e f g h i j\naabbccdd = 1 2\neeffgghh = 0 2\n")
    (step,) = mm.next_step(game, budget=QUICK).steps
    assert step.rule == "one row" and step.where == (1,)
    assert step.text.endswith(
        "So peg 1 is not e, peg 2 is not e, peg 3 is not f, peg 4 is not f, peg 5 is not g, "
        "peg 6 is not g, peg 7 is not h and peg 8 is not h."
    )


def test_a_two_row_step_says_which_pegs_of_each_row_force_it():
    """ "Only codes in which peg 5 is orange score both so." said no why, then only which scores the other codes
    give row 4: now the pegs of row 8 the supposition leaves, and why row 4 cannot score so with them."""
    game = mm.parse(examples("mastermind")["seed"])
    steps = [step for step in mm.steps(game).steps if step.rule == "two rows"]
    assert steps[0].uses == ("row 4", "row 8") and steps[0].text.endswith(
        "Only codes in which peg 5 is orange score both so: if peg 5 were not orange, then by row 8 white, black and "
        "brown are not in the code, peg 1 is not none and peg 6 is not yellow, so row 4 would have no black, "
        "but row 4 scored 1 black 2 white."
    )
    assert steps[1].uses == ("row 1", "row 8") and steps[1].text.endswith(
        "Only codes in which peg 2 is not blue score both so: if peg 2 were blue, then by row 8 peg 6 is green, "
        "so row 1's green at peg 6 would be black, but row 1 scored 0 black 2 white."
    )


def test_without_a_short_reason_a_step_says_the_other_scores_codes_without_its_facts_give():
    game = mm.parse(examples("mastermind")["seed"])
    step = next(step for step in mm.steps(game).steps if step.text.find("peg 4 is not orange score") > 0)
    assert step.rule == "two rows" and step.uses == ("row 2", "row 8")
    assert step.text.endswith(
        "codes that score row 8 so and lack any of it score row 2 0 black 3 white or 2 black 1 white, "
        "never 1 black 2 white."
    )


def seeded_game(seed: int) -> mm.Game:
    """A secret and two to four guesses drawn from a seed, each row scored against the secret."""
    rng = random.Random(seed)
    secret = tuple(rng.randrange(6) for _ in range(4))
    guesses = [tuple(rng.randrange(6) for _ in range(4)) for _ in range(rng.randint(2, 4))]
    return mm.Game(rows=tuple(mm.Row(guess, mm.score(secret, guess)) for guess in guesses))


def test_every_fact_step_of_seeded_games_follows_from_the_rows_it_cites_and_needs_each_of_them():
    """Checked by brute force over all codes: those that score the cited rows so all have the step's facts, and
    without any one cited row some code that scores the others so lacks one (300 steps, every rung of facts)."""
    found, rules = [], Counter()
    for seed in range(40):
        game = seeded_game(seed)
        for step in mm.steps(game, budget=QUICK).steps:
            if facts := facts_of(step):
                rows = list(step.where)
                assert step.uses == tuple(f"row {r + 1}" for r in rows)
                rules[step.rule] += 1
                if not proves(game, rows, facts):
                    found.append((seed, step.text, "does not follow"))
                found += [(seed, step.text, f"row {r + 1}") for r in rows if proves(game, sorted({*rows} - {r}), facts)]
    assert found == []
    assert min(rules[rule] for rule in ("one row", "two rows", "rows together", "at most")) >= 30
