"""The equation crossword's ladder: each rung where it applies, the seed solved step by step, every step true."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import equation
from puzzles.core import Budget
from puzzles.equation import ladder as equation_ladder
from puzzles.equation.ladder import LADDER, Known, apply
from puzzles.steps import easiest
from tests.unit.test_equation import SEED, python_value

ANSWER = ((26, 19, 16), (25, 8, 16), (15, 0, 11))


def holds_in(grid, step) -> bool:
    return all((grid[f.at[0]][f.at[1]] == f.value) == f.holds for f in step.sets)


def first(text: str, ruled_out=()) -> object:
    return easiest(LADDER, Known(equation.parse(text), frozenset(ruled_out)))


def test_last_unknown_of_a_line():
    step = first("5 + _ = 8\n+   +\n1 + 2 = 3\n=   =\n6   5\n")
    assert (step.rule, step.settles) == ("last unknown of a line", "r1c2 = 3")
    assert step.text == (
        "r1c2 must be 3: it is the last unknown of row 1, 5 + r1c2 = 8, and only 3 makes it come out right."
    )


def test_one_value_left_and_sum_bounds():
    text = "range: 0..9\n_ + _ = 3\n+   +\n_ + _ = 7\n=   =\n4   6\n"
    left = first(text, {((0, 0), v) for v in range(10) if v != 1})
    assert (left.rule, left.settles) == ("one value left", "r1c1 = 1")
    bounds = first(text)
    assert bounds.rule == "sum bounds" and bounds.settles.startswith("r1c1 ≠ 4, r1c1 ≠ 5")
    assert "leave r1c1 between 0 and 3, so it is not 4..9" in bounds.text  # -6 is below 0..9: not said


def test_a_bound_is_said_inside_the_range_and_every_value_ruled_out_is_listed():
    bounds = first("range: 0..99\n_ + _ = 30\n+   +\n_ + _ = 150\n=   =\n90   90\n")
    assert bounds.rule == "sum bounds" and "leave r1c1 between 0 and 30, so it is not 31..99." in bounds.text
    product = first("range: 0..99\n_ * _ = 96\n*   *\n_ * _ = 0\n=   =\n96   0\n")
    assert product.rule == "the values that fit" and len(product.sets) == 88  # more than the 40 once listed
    assert product.text.endswith(
        "only when r1c1 is 1..4, 6, 8, 12, 16, 24, 32, 48 and 96: "
        "it is not 0, 5, 7, 9..11, 13..15, 17..23, 25..31, 33..47, 49..95 and 97..99."
    )


def test_the_seeds_steps_say_bounds_inside_its_range_and_cut_no_list():
    low, high = SEED.low, SEED.high
    for step in equation.steps(SEED).steps:
        assert "…" not in step.text, step.text
        for lowest, highest in re.findall(r"between (-?\d+) and (-?\d+)", step.text):
            assert low <= int(lowest) < int(highest) <= high, step.text


def test_the_values_that_fit_a_product():
    step = first("range: 0..9\n_ * _ = 7\n*   *\n_ * _ = 0\n=   =\n7   0\n")
    assert step.rule == "the values that fit" and "only when r1c1 is 1 and 7: it is not 0, 2..6, 8 and 9." in step.text
    assert {f.value for f in step.sets} == {0, 2, 3, 4, 5, 6, 8, 9} and not any(f.holds for f in step.sets)


def test_the_seed_is_solved_step_by_step_to_its_answer_each_step_the_easiest():
    path = equation.steps(SEED)
    assert path.solved
    known = Known(SEED)
    for step in path.steps:
        assert holds_in(ANSWER, step), step.text
        rung = next(i for i, r in enumerate(LADDER) if r.name == step.rule)
        assert easiest(LADDER[:rung], known) is None, f"{step.rule} chosen where an easier rung applies"
        known = apply(known, step)
    assert known.puzzle.cells == ANSWER
    tried = next(step for step in path.steps if step.trial)
    assert tried.text.startswith("Suppose r") and tried.text.endswith(f"is not {tried.sets[0].value}.")


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_every_step_on_small_grids_holds_in_every_solution(data):
    ops = lambda n: tuple(data.draw(st.sampled_from("+-*")) for _ in range(n))
    truth = [[data.draw(st.integers(0, 4)) for _ in range(2)] for _ in range(2)]
    row_ops, column_ops = (ops(1), ops(1)), (ops(2),)
    rows = tuple(python_value(truth[r], row_ops[r]) for r in range(2))
    cols = tuple(python_value([truth[0][c], truth[1][c]], (column_ops[0][c],)) for c in range(2))
    given_cell = data.draw(st.sampled_from([None, (0, 0), (1, 1)]))
    cells = tuple(tuple(truth[r][c] if (r, c) == given_cell else None for c in range(2)) for r in range(2))
    puzzle = equation.Crossword(cells, row_ops, column_ops, rows, cols, 0, 4, frozenset({given_cell} - {None}))
    solutions = equation.analyse(puzzle, budget=None, limit=1_000).solutions
    path = equation.steps(puzzle, budget=Budget(work=200))
    for step in path.steps:
        assert all(holds_in(grid, step) for grid in solutions), step.text


def test_check_marks_the_values_no_solution_has():
    check = equation.check(SEED.with_cell((0, 1), 19).with_cell((2, 1), 3))  # 19 is right, 3 is wrong
    assert [m.at for m in check.mistakes] == [(2, 1)] and check.tone == "bad"


ALL_UNKNOWN = "_ / _ / _ = 1\n/   /   /\n_ / _ / _ = 1\n/   /   /\n_ / _ / _ = 1\n=   =   =\n1   1   1\n"
ROW = " + ".join(["_"] * 10) + " = 100"
WIDE = "range: 0..9999\n" + f"\n{'   '.join(['+'] * 10)}\n".join([ROW] * 10) + "\n" + "   ".join(["="] * 10)
WIDE += "\n" + "   ".join(["100"] * 10) + "\n"


def test_a_search_out_of_budget_says_at_least_never_no_solution():
    for text in (ALL_UNKNOWN, WIDE):
        report = equation.solve(equation.parse(text), budget=Budget(work=2_000))
        assert not report.analysis.count.exact and report.analysis.status != "contradiction"
        assert "No solution" not in report.analysis.hint


def test_a_puzzle_with_no_solution_gives_no_step():
    path = equation.next_step(equation.parse("5 + _ = 8\n+   +\n1 + 2 = 3\n=   =\n6   9\n"))  # r1c2 is 3 and 7
    assert not path.steps and path.ended == "contradiction"


def test_no_step_is_a_search_where_no_short_chain_refutes_a_supposition_the_ladder_is_stuck(monkeypatch):
    """Suppositions cut to one link refute nothing on the seed: the ladder stops there rather than say a search."""
    full = equation_ladder.steps(SEED)
    monkeypatch.setattr(equation_ladder, "TRIAL_DEPTH", 1)
    cut = equation_ladder.steps(SEED)
    assert full.ended == "solved" and cut.ended == "stuck"
    said = [s.text for s in (*full.steps, *cut.steps)]
    assert [text for text in said if "every way" in text] == []
    assert [s.rule for s in cut.steps if s.trial] == []
