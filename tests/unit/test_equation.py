"""Equation crossword: the seed's unique answer, brute force on small grids, formats, refusals."""

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import equation
from puzzles.core import Budget, Deadline, PuzzleError
from puzzles.equation.witness import balanced, factored, witness
from puzzles.examples import examples

SEED = equation.parse(examples("equation")["seed"])


def test_the_seed_is_unique_with_the_reference_answer():
    analysis = equation.analyse(SEED, budget=None)
    assert analysis.status == "unique"
    assert analysis.solutions == (((26, 19, 16), (25, 8, 16), (15, 0, 11)),)
    hint = equation.next_step(SEED).steps[0]
    assert [(f.at, f.value) for f in hint.sets if f.holds] == [((2, 2), 11)]


def python_value(values, ops):
    """The plain-Python reading of an equation with precedence; None when / is not exact."""
    terms, term, sign = [], values[0], 1
    for op, v in zip(ops, values[1:]):
        if op == "*":
            term *= v
        elif op == "/":
            if v == 0 or term % v:
                return None
            term //= v
        else:
            terms.append(sign * term)
            term, sign = v, (1 if op == "+" else -1)
    return sum(terms) + sign * term


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_two_by_two_grids_match_brute_force(data):
    low, high = -2, 3
    ops = lambda n: tuple(data.draw(st.sampled_from(equation.OPERATORS)) for _ in range(n))
    truth_grid = [[data.draw(st.integers(low, high)) for _ in range(2)] for _ in range(2)]
    row_ops, column_ops = (ops(1), ops(1)), (ops(2),)
    rows = [python_value(truth_grid[r], row_ops[r]) for r in range(2)]
    cols = [python_value([truth_grid[0][c], truth_grid[1][c]], (column_ops[0][c],)) for c in range(2)]
    if None in rows + cols:
        return
    given_cell = data.draw(st.sampled_from([None, (0, 0), (1, 1)]))
    cells = tuple(tuple(truth_grid[r][c] if (r, c) == given_cell else None for c in range(2)) for r in range(2))
    puzzle = equation.Crossword(cells, row_ops, column_ops, tuple(rows), tuple(cols), low, high)
    brute = set()
    for values in itertools.product(range(low, high + 1), repeat=4):
        grid = (values[:2], values[2:])
        if any(cells[r][c] not in (None, grid[r][c]) for r in range(2) for c in range(2)):
            continue
        if all(python_value(list(grid[r]), row_ops[r]) == rows[r] for r in range(2)) and all(
            python_value([grid[0][c], grid[1][c]], (column_ops[0][c],)) == cols[c] for c in range(2)
        ):
            brute.add(grid)
    analysis = equation.analyse(puzzle, budget=None, limit=10_000)
    assert set(analysis.solutions) == brute
    assert (tuple(truth_grid[0]), tuple(truth_grid[1])) in brute


def test_evaluate_follows_precedence_and_exact_division():
    value, valid = equation.evaluate([np.array(2), np.array(3), np.array(4)], ("+", "*"))
    assert value == 14 and valid
    value, valid = equation.evaluate([np.array(7), np.array(2), np.array(1)], ("/", "-"))
    assert not valid


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        ("1 + _ = 3\n+   +\n_ + x = 2\n=   =\n1   1\n", 3, 5, "'x' is neither"),
        ("1 + _ = 3\n+   ^\n_ + _ = 2\n=   =\n1   1\n", 2, 5, "'\\^' is not an operator"),
        ("1 + _ = 3\n+   +\n_ + _ = 2\n", 3, 1, "row of '='"),
        ("1 + _ = 3\n+   +\n_ + _ = two\n=   =\n1   1\n", 3, 9, "not a whole number"),
        ("range: 5..1\n1 + _ = 3\n=   =\n1   1\n", 1, 8, "empty"),
    ],
)
def test_bad_files_are_refused_with_line_and_column(text, line, column, message):
    with pytest.raises(PuzzleError, match=message) as caught:
        equation.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_format_round_trips():
    assert equation.parse(equation.format(SEED)) == SEED


@given(st.text(alphabet="0123456789_+-*/= \nrange:.", max_size=80))
def test_any_text_parses_or_is_refused(text):
    try:
        equation.parse(text)
    except PuzzleError:
        pass


# ---------------------------------------------------------------- a solution found by balancing


def sums_only(cells, rows, columns, low, high, op="+") -> equation.Crossword:
    """A crossword whose every operator is `op`."""
    n, m = len(cells), len(cells[0])
    row_ops, column_ops = ((op,) * (m - 1),) * n, ((op,) * m,) * (n - 1)
    return equation.Crossword(tuple(map(tuple, cells)), row_ops, column_ops, tuple(rows), tuple(columns), low, high)


def solves(puzzle: equation.Crossword, grid, total=sum) -> bool:
    """Every row and column adds up (or multiplies up), every value is in range, every printed value kept."""
    columns = list(zip(*grid))
    return (
        all(total(row) == result for row, result in zip(grid, puzzle.row_results))
        and all(total(column) == result for column, result in zip(columns, puzzle.column_results))
        and all(puzzle.low <= v <= puzzle.high for row in grid for v in row)
        and all(v in (None, grid[r][c]) for r, row in enumerate(puzzle.cells) for c, v in enumerate(row))
    )


def test_a_10x10_of_sums_to_50_over_0_to_99_shows_a_solution_where_the_search_finds_none_in_its_budget():
    puzzle = sums_only([[None] * 10] * 10, [50] * 10, [50] * 10, 0, 99)
    analysis = equation.analyse(puzzle)
    assert (analysis.count.value, analysis.count.exact) == (1, False)
    assert analysis.headline == "1 solution found, unknown whether unique"
    (grid,) = analysis.solutions
    assert solves(puzzle, grid)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_balancing_finds_a_solution_exactly_when_the_full_search_does(data):
    low, high = data.draw(st.sampled_from([(0, 3), (-2, 2)]))
    n, m = data.draw(st.integers(1, 3)), data.draw(st.integers(1, 3))
    cells = [[data.draw(st.sampled_from([None, None, low, high])) for _ in range(m)] for _ in range(n)]
    rows = [data.draw(st.integers(low * m, high * m)) for _ in range(n)]
    columns = [data.draw(st.integers(low * n, high * n)) for _ in range(m)]
    puzzle = sums_only(cells, rows, columns, low, high)
    witness = balanced(puzzle)
    assert (witness is not None) == (equation.analyse(puzzle, budget=None, limit=0).count.value > 0)
    assert witness is None or solves(puzzle, witness)


def test_balancing_leaves_alone_a_crossword_with_another_operator():
    assert balanced(SEED) is None
    assert witness(SEED, Deadline(Budget(work=0))) is None, "searched locally instead, within no share at all"


# ---------------------------------------------------------------- a solution found by local search


SUMS_WITH_MINUS = """\
range: 0..99
_  + _  = 88
-   +
_  - _  = 6
-   +
_  + _  = 135
+   +
_  + _  = 70
-   +
_  - _  = -27
-   +
_  - _  = -74
-   -
_  + _  = 130
=   =
-178   308
"""  # made from a random filling: the count's budget ran out on it and said "at least 0"


def test_a_crossword_of_sums_with_minus_shows_a_solution_where_the_search_finds_none():
    puzzle = equation.parse(SUMS_WITH_MINUS)
    analysis = equation.analyse(puzzle, budget=Budget(work=200))
    assert (analysis.count.value, analysis.count.exact) == (1, False)
    assert meets(puzzle, analysis.solutions[0])


@pytest.mark.parametrize("seed", range(6))
def test_local_search_solves_random_fillings_of_sums_with_minus(seed):
    rng = random.Random(seed)
    n, m, low, high = rng.randint(2, 6), rng.randint(2, 6), *rng.choice([(-9, 9), (0, 99)])
    row_ops = tuple(tuple(rng.choice("+-") for _ in range(m - 1)) for _ in range(n))
    column_ops = tuple(tuple(rng.choice("+-") for _ in range(m)) for _ in range(n - 1))
    truth = [[rng.randint(low, high) for _ in range(m)] for _ in range(n)]
    rows = [python_value(row, ops) for row, ops in zip(truth, row_ops)]
    columns = [python_value([row[c] for row in truth], tuple(ops[c] for ops in column_ops)) for c in range(m)]
    cells = tuple(tuple(v if rng.random() < 0.1 else None for v in row) for row in truth)
    puzzle = equation.Crossword(cells, row_ops, column_ops, tuple(rows), tuple(columns), low, high)
    found = witness(puzzle, Deadline(Budget(work=20_000)))
    assert found is not None and meets(puzzle, found)


def meets(puzzle: equation.Crossword, grid) -> bool:
    """Every line's value (read in plain Python) is its result, every value in range, every printed one kept."""
    return (
        all(python_value([grid[r][c] for r, c in cells], ops) == result for _, cells, ops, result in puzzle.equations())
        and all(puzzle.low <= v <= puzzle.high for row in grid for v in row)
        and all(v in (None, grid[r][c]) for r, row in enumerate(puzzle.cells) for c, v in enumerate(row))
    )


# ---------------------------------------------------------------- a solution found by factoring


def test_a_10x10_of_products_5_to_the_10th_over_0_to_99_shows_a_solution_where_the_search_finds_none():
    puzzle = sums_only([[None] * 10] * 10, [5**10] * 10, [5**10] * 10, 0, 99, op="*")
    analysis = equation.analyse(puzzle)
    assert (analysis.count.value, analysis.count.exact, analysis.headline) == (
        1,
        False,
        "1 solution found, unknown whether unique",
    )
    (grid,) = analysis.solutions
    assert solves(puzzle, grid, math.prod)


def test_factoring_settles_the_signs_and_keeps_the_printed_values():
    puzzle = sums_only([[None, 10, None], [None] * 3, [None, None, 7]], [-60, 24, 70], [-24, 600, 7], -9, 99, op="*")
    grid = factored(puzzle)
    assert grid is not None and solves(puzzle, grid, math.prod)
    assert factored(sums_only([[None] * 2] * 2, [-1, 1], [1, 1], -9, 99, op="*")) is None, "one negative, no column"
    assert factored(sums_only([[None] * 2] * 2, [0, 1], [0, 1], 0, 9, op="*")) is None, "a product of 0 is left be"


@pytest.mark.parametrize("seed", range(20))
def test_factoring_finds_a_solution_of_grids_of_small_values(seed):
    """Products of a random grid of -9..9 without 0, a few of its values printed: what is shown solves it.

    The spreading is greedy: it misses 7 of 300 such grids (seeds 116, 134, 214, ...), left to the search.
    """
    rng = random.Random(seed)
    n, m = rng.randint(1, 5), rng.randint(1, 5)
    values = [[rng.choice([v for v in range(-9, 10) if v]) for _ in range(m)] for _ in range(n)]
    cells = [[v if rng.random() < 0.2 else None for v in row] for row in values]
    puzzle = sums_only(cells, [math.prod(row) for row in values], [math.prod(col) for col in zip(*values)], -9, 9, "*")
    grid = factored(puzzle)
    assert grid is not None and solves(puzzle, grid, math.prod)
