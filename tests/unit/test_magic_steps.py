"""The magic board's ladder: each rung where it applies, the seed solved step by step, every step true; budgets."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import magic
from puzzles.core import Budget
from puzzles.examples import examples
from puzzles.magic.ladder import LADDER, Known, dead_end
from puzzles.numbergrid import EMPTY
from puzzles.steps import easiest
from puzzles.steps import on_board as apply

SEED = magic.parse(examples("magic")["seed"])
ANSWER = ((28, 24, 6, 12, 15), (13, 7, 25, 17, 23), (8, 26, 19, 5, 27), (20, 18, 14, 22, 11), (16, 10, 21, 29, 9))
SQUARES = [
    (p[0:3], p[3:6], p[6:9])
    for p in itertools.permutations(range(1, 10))
    if all(sum(p[3 * r : 3 * r + 3]) == 15 and sum(p[r::3]) == 15 for r in range(3))
    and p[0] + p[4] + p[8] == 15 == p[2] + p[4] + p[6]
]


def holds_in(grid, step) -> bool:
    return all((grid[f.at[0]][f.at[1]] == f.value) == f.holds for f in step.sets)


def blank3(ruled_out=()) -> Known:
    return Known(magic.blank(3), frozenset(ruled_out))


def test_last_cell_of_a_line():
    board = magic.Magic(((2, 7, 6), (9, 5, 1), (4, 3, EMPTY)), 1, 9, 15)
    step = easiest(LADDER, Known(board))
    assert (step.rule, step.settles) == ("last cell of a line", "r3c3 = 8")
    assert step.text == "r3c3 must be 8: row 3 needs 8 more to reach 15 and only this cell is free."


def test_one_value_left_and_only_place_for_a_value():
    left = easiest(LADDER, blank3({((1, 1), v) for v in range(1, 10) if v != 5}))
    assert (left.rule, left.settles) == ("one value left", "r2c2 = 5")
    assert "every other value of 1..9 is used already; 1..4 and 6..9 were ruled out here" in left.text
    only = easiest(LADDER, blank3({((r, c), 5) for r in range(3) for c in range(3) if (r, c) != (1, 1)}))
    assert (only.rule, only.settles) == ("only place for a value", "r2c2 = 5")


def test_sum_bounds_the_sums_that_fit_and_trial_on_the_seed():
    path = magic.steps(SEED)
    first = path.steps[0]
    assert first.rule == "sum bounds" and first.settles == "r1c2 ≠ 29, r2c2 ≠ 29 and r5c2 ≠ 29"
    assert "any 2 other unused values add up to 13 at least and 57 at most" in first.text
    assert first.text.endswith("so each of these cells holds between 5 and 28: not 29.")  # -16 is below 5..29
    known = Known(SEED)
    for step in path.steps:
        rung = next(i for i, r in enumerate(LADDER) if r.name == step.rule)
        assert easiest(LADDER[:rung], known) is None, f"{step.rule} chosen where an easier rung applies"
        known = apply(known, step)
    rules = [step.rule for step in path.steps]
    assert "the sums that fit" in rules and "trial" in rules
    tried = next(step for step in path.steps if step.trial)
    assert tried.text.startswith("Suppose r") and tried.text.endswith(f"is not {tried.sets[0].value}.")


def test_lines_added_and_taken_away_find_the_seeds_corners_equation():
    """Rows 1 and 5 and the diagonal less columns 2 and 4 and the other diagonal leave 2 × r1c1 + r1c3 + 2 × r5c5 =
    80 (with the givens): r1c3 is even."""
    steps = [step for step in magic.steps(SEED).steps if step.rule == "lines added and taken away"]
    corners = next(step for step in steps if "2 × r1c1 + r1c3 + 2 × r5c5 = 80 is left" in step.text)
    assert corners.uses == ("row 1", "row 5", "the diagonal", "column 2", "column 4", "the other diagonal")
    assert corners.settles == "r1c3 ≠ 7, r1c3 ≠ 9, r1c3 ≠ 13, r1c3 ≠ 19 and r1c3 ≠ 23"
    assert corners.text.startswith("row 1, row 5 and the diagonal add up to 3 × 85 = 255, and column 2, column 4")
    halved = next(step for step in steps if "or divided by 2, r1c1 + r5c5 = 37" in step.text)
    assert all(holds_in(ANSWER, step) for step in steps) and halved


def test_the_seeds_bounds_are_said_inside_its_range():
    bounds = [step.text for step in magic.steps(SEED).steps if step.rule == "sum bounds"]
    assert bounds
    for text in bounds:
        lowest, highest = map(int, re.search(r"holds between (-?\d+) and (-?\d+)", text).groups())
        assert SEED.low <= lowest < highest <= SEED.high, text


def test_the_seed_is_solved_step_by_step_to_its_answer():
    path = magic.steps(SEED)
    assert path.solved
    known = Known(SEED)
    for step in path.steps:
        assert holds_in(ANSWER, step), step.text
        known = apply(known, step)
    assert known.board.grid == ANSWER


def test_a_hint_ends_in_a_value_to_place_with_only_the_steps_it_needs():
    hint = magic.next_step(SEED).steps[0]
    placed = [fact for fact in hint.sets if fact.holds]
    assert placed and holds_in(ANSWER, hint)
    assert len(hint.text) < len(magic.steps(SEED, limit=40).to_text())


@settings(max_examples=20, deadline=None)
@given(square=st.sampled_from(SQUARES), kept=st.sets(st.integers(0, 8), max_size=4))
def test_every_step_on_small_boards_holds_in_every_completion(square, kept):
    grid = tuple(tuple(v if 3 * r + c in kept else EMPTY for c, v in enumerate(row)) for r, row in enumerate(square))
    board = magic.Magic(grid, 1, 9, 15, frozenset((i // 3, i % 3) for i in kept))
    completions = magic.analyse(board, budget=None, limit=10).solutions
    path = magic.steps(board, budget=Budget(work=40))
    for step in path.steps:
        assert all(holds_in(grid, step) for grid in completions), step.text
    assert path.ended in {"solved", "stuck", "budget"}


def test_check_marks_the_entries_no_completion_has():
    board = SEED.with_cell((0, 0), 28).with_cell((0, 1), 7)  # 28 is right, 7 is wrong (24 goes there)
    check = magic.check(board)
    assert [m.at for m in check.mistakes] == [(0, 1)] and check.tone == "bad"


def test_a_budget_cut_short_is_never_no_completion():
    """An empty 8x8 board has completions: a search out of budget says 'at least', and never 'none'."""
    for text in ["_ _ _ _ _ _ _ _\n" * 8, "range: 1..1000 sum: 2000\n" + "_ _ _ _ _ _ _ _\n" * 8]:
        report = magic.solve(magic.parse(text), budget=Budget(work=20_000))
        assert not report.analysis.count.exact and report.analysis.status != "contradiction"
        assert "No completion" not in report.analysis.hint and "undo" not in report.analysis.hint


def test_a_board_with_no_completion_gives_no_step():
    path = magic.next_step(magic.parse("_ _ _\n_ 9 _\n_ _ _\n"))  # 5 belongs in the middle of a 3x3 square
    assert not path.steps and path.ended == "contradiction"


def test_a_line_over_its_sum_with_a_cell_still_free_is_said_so_not_as_needing_less_than_nothing():
    assert dead_end(Known(magic.parse("9 8 _\n_ _ _\n_ _ _\n"))) == (
        "row 1 already adds up to 17, more than 15, with 1 free cell left"
    )
    assert dead_end(Known(magic.parse("9 6 _\n_ _ _\n_ _ _\n"))) == "row 1 already adds up to 15 with 1 free cell left"
    assert dead_end(Known(magic.parse("9 _ _\n_ _ _\n_ _ _\n"))) is None
