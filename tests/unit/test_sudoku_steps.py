"""Sudoku's ladder: each technique on a hand-made position where no cheaper rung applies, the ladder takes the easiest,
every step is true of the solution, trial comes last and is said plainly, and a solve is graded by its hardest rung.

A hand-made position is a board plus candidates ruled out (what earlier steps would have found), so
each pattern is drawn exactly: on an otherwise open board nothing else can apply.
"""

from __future__ import annotations

import pytest

from puzzles import sudoku
from puzzles.core import Budget, Deadline
from puzzles.examples import examples
from puzzles.numbergrid import Position
from puzzles.steps import easiest, on_board, walk
from puzzles.sudoku.known import Known
from puzzles.sudoku.ladder import LADDER, RANK, ending

ALL = range(1, 10)
ARTO_INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def cell(name: str) -> Position:
    return int(name[1]) - 1, int(name[3]) - 1


def only(cells_and_values: dict[str, set[int]]) -> frozenset[tuple[Position, int]]:
    """Rule out everything but the given values in the given cells."""
    return frozenset((cell(name), v) for name, keep in cells_and_values.items() for v in ALL if v not in keep)


def nowhere(value: int, names: list[str]) -> frozenset[tuple[Position, int]]:
    """Rule `value` out of the given cells."""
    return frozenset((cell(name), value) for name in names)


def row(r: int, columns) -> list[str]:
    return [f"r{r}c{c}" for c in columns]


def board_with(values: dict[str, int]) -> sudoku.Sudoku:
    board = sudoku.blank(9)
    for name, value in values.items():
        board = board.with_cell(cell(name), value)
    return board


EMPTY = sudoku.blank(9)
POSITIONS = {
    "full house": (board_with({f"r1c{c}": c for c in range(1, 9)}), frozenset()),
    # r1c1 sees 2..9: 2, 3, 4 in its row, 5, 6, 7 in its column, 8 and 9 in its box
    "naked single": (
        board_with({"r1c4": 2, "r1c5": 3, "r1c6": 4, "r4c1": 5, "r5c1": 6, "r6c1": 7, "r2c2": 8, "r3c3": 9}),
        frozenset(),
    ),
    # the 1s of rows 2 and 3 and of columns 2 and 3 leave box 1 (and column 1) one place for a 1
    "hidden single": (board_with({"r2c4": 1, "r3c7": 1, "r4c2": 1, "r7c3": 1}), frozenset()),
    "cage sum": (sudoku.parse("." * 81 + "\ncage 3: r1c1 r1c2"), frozenset()),
    # row 1's cages make 38 without r1c9: an innie
    "rule of 45": (
        sudoku.parse("." * 81 + "\ncage 19: r1c1 r1c2 r1c3 r1c4\ncage 19: r1c5 r1c6 r1c7 r1c8"),
        frozenset(),
    ),
    "pointing": (EMPTY, nowhere(5, row(2, range(1, 4)) + row(3, range(1, 4)))),
    "box-line reduction": (EMPTY, nowhere(5, row(1, range(4, 10)))),
    "naked pair": (EMPTY, only({"r1c1": {1, 2}, "r1c5": {1, 2}})),
    "hidden pair": (EMPTY, nowhere(1, row(1, [2, 3, 5, 6, 7, 8, 9])) | nowhere(2, row(1, [2, 3, 5, 6, 7, 8, 9]))),
    "naked triple": (EMPTY, only({"r1c1": {1, 2}, "r1c4": {2, 3}, "r1c7": {1, 3}})),
    "hidden triple": (EMPTY, frozenset().union(*(nowhere(v, row(1, [2, 3, 5, 6, 8, 9])) for v in (1, 2, 3)))),
    "X-wing": (EMPTY, nowhere(5, row(1, [1, 3, 4, 5, 6, 8, 9]) + row(5, [1, 3, 4, 5, 6, 8, 9]))),
    "swordfish": (
        EMPTY,
        nowhere(5, row(1, [2, 3, 4, 6, 7, 8, 9]) + row(5, [1, 2, 3, 4, 6, 7, 8]) + row(9, [2, 3, 4, 5, 6, 7, 8])),
    ),
    "XY-wing": (EMPTY, only({"r1c1": {1, 2}, "r1c5": {1, 3}, "r5c1": {2, 3}})),
    # 5's only places: r1c1 and r1c5 in row 1, r1c5 and r4c5 in column 5, r4c5 and r4c2 in row 4
    "simple colouring": (
        EMPTY,
        nowhere(
            5,
            row(1, [2, 3, 4, 6, 7, 8, 9]) + row(4, [1, 3, 4, 6, 7, 8, 9]) + [f"r{r}c5" for r in (2, 3, 5, 6, 7, 8, 9)],
        ),
    ),
    # 5's only places: r1c1 and r1c5 in row 1, r2c6 and r8c6 in column 6; r1c5 and r2c6 share box 2 (a weak link)
    "X-chain": (EMPTY, nowhere(5, row(1, [2, 3, 4, 6, 7, 8, 9]) + [f"r{r}c6" for r in (3, 4, 5, 6, 7, 9)])),
    # r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}: one of r1c1 and r5c9 is 1
    "XY-chain": (EMPTY, only({"r1c1": {1, 2}, "r1c5": {2, 3}, "r5c5": {3, 4}, "r5c9": {1, 4}})),
}


@pytest.mark.parametrize("rule", list(POSITIONS))
def test_each_technique_applies_on_its_own_position_and_no_cheaper_one_does(rule):
    board, ruled_out = POSITIONS[rule]
    known = Known(board, ruled_out)
    cheaper = [rung.name for rung in LADDER[: RANK[rule]] if next(iter(rung.find(known)), None) is not None]
    assert cheaper == [], f"{rule}'s position lets {cheaper} apply first"
    step = easiest(LADDER, known)
    assert step is not None and step.rule == rule, "the ladder takes the easiest rung that applies"
    assert step.sets and step.text


def test_a_full_house_is_also_a_naked_single_and_the_ladder_says_full_house():
    board, _ = POSITIONS["full house"]
    known = Known(board)
    assert any(step.sets[0].at == (0, 8) for step in LADDER[RANK["naked single"]].find(known))
    step = easiest(LADDER, known)
    assert step.rule == "full house" and step.sets[0].at == (0, 8) and step.sets[0].value == 9
    assert "row 1 has every value but 9" in step.text


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("naked single", {((0, 0), 1, True)}),
        ("hidden single", {((0, 0), 1, True)}),
        ("pointing", {((0, c), 5, False) for c in range(3, 9)}),
        ("box-line reduction", {((r, c), 5, False) for r in (1, 2) for c in range(3)}),
        ("X-wing", {((r, c), 5, False) for r in (1, 2, 3, 5, 6, 7, 8) for c in (1, 6)}),
        ("swordfish", {((r, c), 5, False) for r in (1, 2, 3, 5, 6, 7) for c in (0, 4, 8)}),
        ("XY-wing", {((4, 4), 3, False)}),
        ("simple colouring", {((r, c), 5, False) for r, c in ((1, 1), (2, 1), (4, 0), (5, 0))}),
        ("X-chain", {((7, 0), 5, False)}),
        ("XY-chain", {((0, 8), 1, False), ((4, 0), 1, False)}),
    ],
)
def test_the_technique_settles_what_its_pattern_implies(rule, expected):
    board, ruled_out = POSITIONS[rule]
    step = easiest(LADDER, Known(board, ruled_out))
    assert {(fact.at, fact.value, fact.holds) for fact in step.sets} == expected


def test_subsets_clear_their_values_from_the_rest_of_the_unit_or_the_rest_from_their_cells():
    naked = easiest(LADDER, Known(*POSITIONS["naked pair"]))
    assert {(f.at, f.value) for f in naked.sets} == {((0, c), v) for c in (1, 2, 3, 5, 6, 7, 8) for v in (1, 2)}
    hidden = easiest(LADDER, Known(*POSITIONS["hidden pair"]))
    assert {(f.at, f.value) for f in hidden.sets} == {((0, c), v) for c in (0, 3) for v in range(3, 10)}
    triple = easiest(LADDER, Known(*POSITIONS["hidden triple"]))
    assert {f.at for f in triple.sets} == {(0, 0), (0, 3), (0, 6)} and {f.value for f in triple.sets} == set(
        range(4, 10)
    )


def test_the_rule_of_45_finds_an_innie_and_an_outie():
    innie = easiest(LADDER, Known(*POSITIONS["rule of 45"]))
    assert [(f.at, f.value) for f in innie.sets] == [((0, 8), 7)]
    assert innie.text == "row 1 adds up to 45; the cages wholly inside it make 38, so r1c9 is 7."
    cages = "\ncage 19: r1c1 r1c2 r1c3 r1c4\ncage 15: r1c5 r1c6 r1c7\ncage 15: r1c8 r1c9 r2c9"
    known = Known(sudoku.parse("." * 81 + cages))
    assert [rung.name for rung in LADDER[: RANK["rule of 45"]] if next(iter(rung.find(known)), None)] == []
    outie = easiest(LADDER, known)
    assert outie.rule == "rule of 45" and [(f.at, f.value) for f in outie.sets] == [((1, 8), 4)]
    assert "the cages reaching into it cover it and make 49, so r2c9 is 4" in outie.text


def test_a_cage_keeps_the_digits_that_make_its_sum():
    step = easiest(LADDER, Known(*POSITIONS["cage sum"]))
    assert {(f.at, f.value) for f in step.sets} == {(p, v) for p in ((0, 0), (0, 1)) for v in range(3, 10)}
    assert "only the digits 1 and 2 can make it" in step.text


def test_every_step_of_a_hard_solve_is_true_of_its_solution_and_a_nested_trial_comes_only_when_nothing_else_applies():
    board = sudoku.parse(ARTO_INKALA)
    (solution,) = sudoku.analyse(board).solutions
    without_trial = walk(LADDER[:-1], Known(board), apply=on_board, ended=ending, deadline=Deadline())
    assert without_trial.ended == "stuck"
    known = Known(board)
    for step in without_trial.steps:
        known = on_board(known, step)
    trial = easiest(LADDER, known)
    assert trial.rule == "nested trial" and trial.trial and trial.text.startswith("Suppose ")
    path = sudoku.steps(board)
    assert path.ended == "solved" and path.trials > 0 and sudoku.graded(path) == "nested trial"
    assert [s.text for s in path.steps if s.text.startswith("Suppose") != s.trial] == []
    for step in path.steps:
        for fact in step.sets:
            r, c = fact.at
            assert (solution[r][c] == fact.value) == fact.holds, step.text


def test_a_solve_is_graded_by_its_hardest_technique():
    easy = sudoku.steps(sudoku.parse(examples("sudoku")["classic"]))
    assert easy.ended == "solved" and sudoku.graded(easy) == "naked single"
    assert easy.to_text().endswith("Hardest technique needed: naked single.")
    report = sudoku.solve(sudoku.parse(examples("sudoku")["classic"])).to_json()
    assert report["hardest"] == "naked single" and report["count"] == 1


def test_the_hint_ends_in_a_value_to_enter():
    path = sudoku.next_step(sudoku.parse(examples("sudoku")["classic"]))
    (step,) = path.steps
    assert any(fact.holds for fact in step.sets)


def test_a_walk_out_of_budget_says_so():
    path = sudoku.steps(sudoku.parse(ARTO_INKALA), budget=Budget(work=5))
    assert path.ended == "budget" and len(path.steps) == 5


@pytest.mark.parametrize("name", ["killer", "diagonal"])
def test_every_step_of_a_variant_solve_is_true_of_its_solution(name):
    board = sudoku.parse(examples("sudoku")[name])
    (solution,) = sudoku.analyse(board).solutions
    path = sudoku.steps(board)
    assert path.ended == "solved"
    assert [s.text for s in path.steps for f in s.sets if (solution[f.at[0]][f.at[1]] == f.value) != f.holds] == []
