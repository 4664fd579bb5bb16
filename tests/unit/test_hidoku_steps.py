"""Hidoku's ladder: each rung where it is the one that applies, the seed solved step by step, every step true."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import hidoku
from puzzles.core import Budget
from puzzles.examples import examples
from puzzles.hidoku.ladder import LADDER, Known, one_number_left, touching_neighbours
from puzzles.numbergrid import EMPTY
from puzzles.steps import WITHIN_BUDGET, easiest, hint_budget, places
from puzzles.steps import on_board as apply
from tests.unit.test_hidoku import SEED, SEED_ANSWER


def every_completion(board: hidoku.Hidoku) -> tuple:
    analysis = hidoku.analyse(board, budget=None, limit=10_000)
    assert analysis.count.exact
    return analysis.solutions


def assert_true_in_every_completion(board: hidoku.Hidoku, step) -> None:
    for grid in every_completion(board):
        for fact in step.sets:
            r, c = fact.at
            assert (grid[r][c] == fact.value) == fact.holds, step.text


@pytest.mark.parametrize(
    "text, rule, settles, says",
    [
        ("9 _ _\n_ 3 _\n1 4 _\n", "between two numbers", "r2c1 = 2", "the only free cell touching both 1 (r3c1)"),
        ("9 _ _\n_ 5 _\n6 1 _\n", "next to a number", "r2c1 = 7", "the only free cell next to 6 (r3c1)"),
        ("_ 2 _ _\n_ 11 6 8\n_ _ 5 _\n", "only cell for a number", "r2c1 = 3", "within 1 step of 2 (r1c2)"),
        (
            "8 _ _\n_ _ 5\n1 4 _\n",
            "one number left for a cell",
            "r1c3 = 6",
            "r1c3 can only hold 6: every other missing number is too far to reach it: "
            "2 from 1 (r3c1); 3 from 4 (r3c2); 7 and 9 from 8 (r1c1).",
        ),
        (
            "_ _ _\n_ 1 5\n9 _ _\n",
            "the ways a gap fills",
            "r1c3 ≠ 2, r3c3 ≠ 2, r1c3 ≠ 3 and r3c3 ≠ 3",
            "2..4 must join 1 (r2c2) to 5 (r2c3) through free cells, and only 8 ways fit: none puts 2 at r1c3 or r3c3",
        ),
        ("_ 6 7\n5 _ _\n3 _ _\n", "trial", "r3c2 ≠ 2", "Suppose r3c2 were 2: then"),
    ],
)
def test_each_rung_is_the_easiest_step_on_a_board_made_for_it(text, rule, settles, says):
    board = hidoku.parse(text)
    step = easiest(LADDER, Known(board))
    assert (step.rule, step.settles) == (rule, settles) and says in step.text
    assert step.trial == (rule == "trial")
    assert_true_in_every_completion(board, step)


def test_one_number_left_names_the_numbers_too_far_the_numbers_they_are_too_far_from_and_those_ruled_out():
    known = Known(hidoku.parse("8 _ _\n_ _ 5\n1 4 _\n"), frozenset({((0, 2), 2)}))
    (step, *_) = one_number_left(known)
    assert step.settles == "r1c3 = 6" and step.uses == ("r1c3", "4", "8")
    assert step.text == (
        "r1c3 can only hold 6: every other missing number is too far to reach it or ruled out here: "
        "3 from 4 (r3c2); 7 and 9 from 8 (r1c1); 2 was ruled out here."
    )


def test_a_cell_touching_none_of_a_neighbours_places_is_ruled_out():
    board = hidoku.parse("1 _ _ _\n_ _ _ _\n_ _ _ _\n_ _ _ 16\n")
    known = Known(board, frozenset({((1, 0), 2), ((1, 1), 2)}))  # 2 is left only r1c2
    step = next(s for s in touching_neighbours(known) if s.text.startswith("3 touches 2"))
    assert step.text.startswith("3 touches 2, and 2 can only be at r1c2: ")
    assert {fact.at for fact in step.sets} == {(2, 0), (2, 1), (2, 2)} and not any(f.holds for f in step.sets)


def test_the_seed_is_solved_step_by_step_to_its_answer():
    path = hidoku.steps(SEED)
    assert path.solved
    known = Known(SEED)
    for step in path.steps:
        known = apply(known, step)
    assert known.board.grid == hidoku.parse(SEED_ANSWER).grid
    answer = known.board.grid
    for step in path.steps:
        for fact in step.sets:
            assert (answer[fact.at[0]][fact.at[1]] == fact.value) == fact.holds, step.text


def test_the_hint_keeps_todays_wording_and_the_easiest_rule_wins():
    step = hidoku.next_step(SEED).steps[0]
    assert step.text == "r4c5 must be 24: the only free cell touching both 23 (r3c4) and 25 (r5c6)."
    assert step.where == ((3, 4), (2, 3), (4, 5))
    assert hidoku.solve(SEED).analysis.hint == step.text


def test_each_step_is_the_easiest_rung_that_has_one():
    known = Known(SEED)
    for step in hidoku.steps(SEED, limit=25).steps:
        rung = next(i for i, r in enumerate(LADDER) if r.name == step.rule)
        assert easiest(LADDER[:rung], known) is None, f"{step.rule} chosen where an easier rung applies"
        known = apply(known, step)


def random_path(rows: int, cols: int, rng: random.Random) -> dict[tuple[int, int], int]:
    """A random path of king moves through every cell: numbered, it is a completed Hidoku.  Each move goes to a
    neighbour with the fewest ways on (Warnsdorff's rule, ties drawn at random), so a walk seldom strands a corner."""
    cells = {(r, c) for r in range(rows) for c in range(cols)}

    def near(cell: tuple[int, int], path: set) -> list[tuple[int, int]]:
        r, c = cell
        return sorted((r + a, c + b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (r + a, c + b) in cells - path)

    while True:
        path = [rng.choice(sorted(cells))]
        while options := near(path[-1], set(path)):
            fewest = min(len(near(p, {*path, p})) for p in options)
            path.append(rng.choice([p for p in options if len(near(p, {*path, p})) == fewest]))
        if len(path) == len(cells):
            return {p: k for k, p in enumerate(path, 1)}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([(3, 3), (3, 4), (4, 4)]))
def test_every_step_on_random_boards_holds_in_every_completion(seed, size):
    rng = random.Random(seed)
    numbers = random_path(*size, rng)
    kept = set(rng.sample(sorted(numbers), rng.randint(2, len(numbers) // 2)))
    grid = tuple(tuple(numbers[(r, c)] if (r, c) in kept else EMPTY for c in range(size[1])) for r in range(size[0]))
    board = hidoku.Hidoku(grid, frozenset(kept))
    completions = every_completion(board)
    path = hidoku.steps(board, budget=Budget(work=60))
    known = Known(board)
    for step in path.steps:
        for grid in completions:
            for fact in step.sets:
                assert (grid[fact.at[0]][fact.at[1]] == fact.value) == fact.holds, step.text
        known = apply(known, step)
    if path.solved:
        assert known.board.grid in completions


def test_a_board_with_no_completion_gives_no_step():
    path = hidoku.next_step(hidoku.parse("1 _ 2\n_ _ _\n"))
    assert not path.steps and path.ended == "contradiction"


def test_check_marks_the_entries_no_completion_has_and_nothing_else():
    board = SEED.with_cell((3, 4), 24).with_cell((0, 0), 90)  # 24 is right, 90 is wrong (91 goes there)
    check = hidoku.check(board)
    assert [m.at for m in check.mistakes] == [(0, 0)] and check.tone == "bad"
    assert check.mistakes[0].text.startswith("r1c1 = 90")
    right = hidoku.check(SEED.with_cell((3, 4), 24))
    assert not right.mistakes and right.tone == "good"


def test_the_seed_example_is_the_reference_board():
    assert hidoku.parse(examples("hidoku")["seed"]).grid == SEED.grid


HARD_SMALL = (
    "_ _ _ _ _ _\n_ 36 30 _ 9 _\n_ 17 29 _ _ 10\n_ _ _ _ 3 _\n_ _ _ _ _ _\n20 _ _ 1 _ _\n"  # shared corpus, board 372
)


def test_the_hint_of_solve_on_a_hard_small_board_stops_within_its_work_budget_at_a_true_step():
    """Its next placement rests on a dozen trials (two minutes to work out): `solve` gives the easiest step instead."""
    board = hidoku.parse(HARD_SMALL)
    path = hidoku.next_step(board, budget=hint_budget(hidoku.BUDGET))
    (step,) = path.steps
    assert path.ended == "budget" and not step.trial and not places(step)
    assert_true_in_every_completion(board, step)
    report = hidoku.solve(board).to_json()
    assert report["count"] == 1 and report["hint"] == f"{step.text} {WITHIN_BUDGET}"


WEIGHED = (
    "_ _ _ 28 _ _\n_ 21 _ _ 35 _\n_ 20 _ _ _ 36\n1 _ 17 15 _ _\n_ 6 8 _ _ _\n_ 5 _ _ _ _\n"  # shared corpus, board 232
)


def test_telling_only_what_a_placement_rests_on_stops_with_the_budget_too():
    """The walk reaches a placement within the hint's budget, but weighing what it rests on takes more: the hint is
    then the first step; with more work, the placement with only what it rests on."""
    board = hidoku.parse(WEIGHED)
    short, long = (hidoku.next_step(board, budget=budget) for budget in (hint_budget(None), Budget(work=2_000)))
    assert (short.ended, long.ended) == ("budget", "more")
    assert not places(short.steps[0]) and places(long.steps[0])
    for path in (short, long):
        assert_true_in_every_completion(board, path.steps[0])
