"""Jodici's ladder: every step follows from the board before it, the easiest rung goes first, the walk ends solved."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import jodici
from puzzles.core import Budget
from puzzles.examples import examples
from puzzles.jodici.board import EMPTY, advance, counted, delta, options
from puzzles.jodici.ladder import LADDER, Known
from puzzles.steps import easiest, on_board

SEED = jodici.parse(examples("jodici")["seed"])
ANSWER = ((3, 7, 5, 8, 4, 3), (6, 1, 1, 5, 9, 8), (6, 7, 9, 2, 2, 4))


def completion_candidates(board: jodici.Jodici) -> tuple:
    return counted(board, lambda: False)[1]


def assert_follows(board: jodici.Jodici, step) -> None:
    """Each fact of the step is what every completion of the board says: placed where all agree, ruled out where none has it."""
    candidates = completion_candidates(board)
    for fact in step.sets:
        r, c = fact.at
        if board.grid[r][c] != EMPTY:
            assert fact.holds and board.grid[r][c] == fact.value
        elif fact.holds:
            assert candidates[r][c] == (fact.value,), (step.text, candidates[r][c])
        else:
            assert fact.value not in candidates[r][c], step.text


def random_completion(rng: random.Random) -> tuple:
    """A completion of the empty board drawn uniformly, sector by sector, weighted by the ways each one finishes."""
    board = jodici.blank()
    behind = counted(board, lambda: False)[2]
    state, chosen = 0, []
    for i, column in enumerate(zip(*board.grid)):
        keys, ways = behind[i + 1]
        weights = []
        for triple in options(column):
            after, legal = advance(np.array([state]), triple)
            at = keys.searchsorted(after[0])
            weights.append(int(ways[at]) if legal[0] and at < len(keys) and keys[at] == after[0] else 0)
        triple = rng.choices(options(column), weights=weights)[0]
        state += delta(triple)
        chosen.append(triple)
    return tuple(tuple(t[r] for t in chosen) for r in range(3))


def puzzle_from(solution: tuple, keep: set) -> jodici.Jodici:
    grid = tuple(tuple(v if (r, c) in keep else EMPTY for c, v in enumerate(row)) for r, row in enumerate(solution))
    return jodici.parse("\n".join(",".join(str(v) if v else "_" for v in row) for row in grid))


def test_the_seed_is_solved_step_by_step_to_its_answer():
    path = jodici.steps(SEED)
    assert path.solved
    known = Known(SEED)
    for step in path.steps:
        assert_follows(known.board, step)
        known = on_board(known, step)
    assert known.board.grid == ANSWER
    assert path.trials <= 1


def test_each_step_is_the_easiest_rung_that_has_one():
    known = Known(SEED)
    for step in jodici.steps(SEED).steps:
        rung = next(i for i, r in enumerate(LADDER) if r.name == step.rule)
        assert easiest(LADDER[:rung], known) is None, f"{step.rule} chosen where an easier rung applies"
        known = on_board(known, step)


def test_the_easiest_rule_wins_when_several_apply():
    # Sector 1 has two digits (its last field is forced) and the board is otherwise the seed's: "one digit left"
    # and "the sums that fit" also apply elsewhere, but the last field of a sector comes first.
    step = jodici.next_step(SEED).steps[0]
    assert step.rule == "last field of a sector" and step.settles == "ring 2, sector 1 = 6"


def test_a_hint_ends_in_a_digit_to_place_and_tells_only_what_it_needs():
    after_first = SEED.with_cell((1, 0), 6)
    hint = jodici.next_step(after_first).steps[0]
    placed = [fact for fact in hint.sets if fact.holds]
    assert placed and all(ANSWER[f.at[0]][f.at[1]] == f.value for f in placed)
    walked = jodici.steps(after_first).steps
    first_placement = next(i for i, step in enumerate(walked) if any(f.holds for f in step.sets))
    assert hint.text.count("(") - 1 < first_placement + 1, "the hint drops steps its placement does not need"
    assert_follows(after_first, hint)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), kept=st.integers(6, 14))
def test_every_step_on_random_boards_follows_from_the_board_before_it(seed, kept):
    rng = random.Random(seed)
    solution = random_completion(rng)
    cells = [(r, c) for r in range(3) for c in range(6)]
    board = puzzle_from(solution, set(rng.sample(cells, kept)))
    path = jodici.steps(board, budget=Budget(work=40))
    known = Known(board)
    for step in path.steps:
        assert_follows(known.board, step)
        known = on_board(known, step)
    if path.solved:
        assert counted(board, lambda: False)[0] >= 1 and known.board.grid in set(jodici_completions(board))
    assert path.ended in {"solved", "stuck", "budget"}


def jodici_completions(board):
    count, _, behind = counted(board, lambda: False)
    return jodici.completions(board, behind, count)


def test_a_board_with_no_completion_says_so_and_gives_no_step():
    broken = SEED.with_cell((1, 0), 5)  # sector 1 then sums to 14
    path = jodici.next_step(broken)
    assert not path.steps and path.ended == "contradiction"


def test_check_marks_the_entries_no_completion_has_and_nothing_else():
    board = SEED.with_cell((1, 0), 6).with_cell((0, 2), 9)  # r2c1 = 6 is right, r1c3 = 9 is wrong
    check = jodici.check(board)
    assert [m.at for m in check.mistakes] == [(0, 2)] and check.tone == "bad"
    assert "ring 1, sector 3 = 9" in check.mistakes[0].text
    right = jodici.check(SEED.with_cell((1, 0), 6))
    assert not right.mistakes and right.tone == "good" and right.verdict == "Your entry fits a solution."


def test_check_with_several_completions_says_how_many_instead_of_guessing():
    board = jodici.blank().with_cell((0, 0), 9)
    check = jodici.check(board)
    assert "completions" in check.verdict and check.mistakes == ()


@pytest.mark.parametrize("kept", [18, 0])
def test_the_full_and_the_empty_board_end_at_once(kept):
    board = puzzle_from(ANSWER, {(r, c) for r in range(3) for c in range(6)} if kept else set())
    path = jodici.steps(board, budget=Budget(work=5))
    assert path.ended == ("solved" if kept else path.ended) and (kept == 0 or not path.steps)
