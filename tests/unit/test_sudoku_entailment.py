"""Every Sudoku step cites what it uses: from its cited cells and units alone the rules entail what it settles
(`sudoku_entailment`), over the examples, the hand-made positions, famous hard puzzles and a seeded generator."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from puzzles import sudoku
from puzzles.examples import examples
from puzzles.steps import Path, Step, easiest, on_board
from puzzles.sudoku.forcing import forcing
from puzzles.sudoku.known import Known
from puzzles.sudoku.ladder import LADDER
from tests.unit.sudoku_entailment import entailed, generated, shuffled
from tests.unit.test_sudoku_steps import ARTO_INKALA, POSITIONS

EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
GOLDEN_NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
PLATINUM_BLONDE = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."


def uncited(board: sudoku.Sudoku, path: Path | None = None) -> list[tuple[str, list[str]]]:
    """The steps of a whole solve whose citations do not entail what they settle, with the facts left over."""
    known, found = Known(board), []
    path = path or sudoku.steps(board)
    assert path.ended == "solved"
    for step in path.steps:
        if missing := entailed(known, step):
            found.append((step.text, missing))
        known = on_board(known, step)
    return found


@pytest.mark.parametrize("name", list(examples("sudoku")))
def test_every_step_of_each_example_cites_what_it_uses(name):
    assert uncited(sudoku.parse(examples("sudoku")[name])) == []


@pytest.mark.parametrize("seed", range(4))
def test_every_step_of_a_generated_puzzle_cites_what_it_uses(seed):
    board = generated(seed)
    assert sudoku.analyse(board).count.value == 1
    assert uncited(board) == []


HARD = {
    "Arto Inkala": sudoku.parse(ARTO_INKALA),
    "Easter Monster": sudoku.parse(EASTER_MONSTER),
    "Golden Nugget shuffled": shuffled(sudoku.parse(GOLDEN_NUGGET), random.Random(1)),
    "Platinum Blonde shuffled": shuffled(sudoku.parse(PLATINUM_BLONDE), random.Random(2)),
}


# Famous hard puzzles in other clothes, on which the ladder once gave up: it tried nested suppositions in the
# order of the cells' places, within a budget the printed layout happened to fit.  Platinum Blonde shuffled
# (HARD's) shuffled again with random.Random(101) and (102); Golden Nugget with random.Random(101) and (110).
SHUFFLED = (
    ".7.........9.6.7..46..........9.5.2.....3.8....81....9.......1...3..2..5.8..4.3..",
    "7...8..4....5......3...4..98.27......4...9.....5.2..9..6...1.2.......3.6........1",
    "6.....3...7..2..8...1.....4....79....5.8...9.4...5.......2..6....3.....1.8...5.7.",
    ".5.....9...2.3.6.......1..47..3........68......3..28...9.....7...61..2..4.......5",
)


def explained_to_the_end(board: sudoku.Sudoku) -> Path:
    """The whole explained solution, asserted solved, every step true, cited and none a search said as a step."""
    (solution,) = sudoku.analyse(board).solutions
    path = sudoku.steps(board)
    assert uncited(board, path) == []
    assert [s.text for s in path.steps for f in s.sets if (solution[f.at[0]][f.at[1]] == f.value) != f.holds] == []
    assert [step.text for step in path.steps if "every way" in step.text] == []
    assert [step.text for step in path.steps if step.text.startswith("Suppose") != step.trial] == []
    return path


@pytest.mark.parametrize("name", list(HARD))
def test_every_step_of_a_famous_hard_puzzle_is_true_cites_what_it_uses_and_none_is_a_search(name):
    path = explained_to_the_end(HARD[name])
    assert {"AIC", "trial", "nested trial"} <= {step.rule for step in path.steps}


@pytest.mark.parametrize("grid", SHUFFLED)
def test_a_famous_hard_puzzle_shuffled_and_relabelled_is_explained_to_the_end_without_search(grid):
    assert "nested trial" in {step.rule for step in explained_to_the_end(sudoku.parse(grid)).steps}


@pytest.mark.parametrize("rule", list(POSITIONS))
def test_each_technique_on_its_hand_made_position_cites_what_it_uses(rule):
    known = Known(*POSITIONS[rule])
    assert entailed(known, easiest(LADDER, known)) == []


def said_bare(step: Step) -> Step:
    """The step with nothing cited: no cells, no units, no cell named in its text."""
    return replace(step, uses=(), where=(), text="")


@pytest.mark.parametrize("rule", ["naked pair", "X-wing", "simple colouring", "XY-wing", "rule of 45"])
def test_a_step_that_cites_nothing_does_not_check(rule):
    known = Known(*POSITIONS[rule])
    step = easiest(LADDER, known)
    assert entailed(known, said_bare(step)) != []


def test_a_forcing_chain_follows_each_branch_to_the_same_true_conclusion_and_checks():
    board = sudoku.parse(ARTO_INKALA)
    (solution,) = sudoku.analyse(board).solutions
    known = Known(board)
    while (step := next(iter(forcing(known)), None)) is None:
        known = on_board(known, easiest(LADDER, known))
    assert step.rule == "forcing chain" and step.trial and step.text.count("if ") >= 2 and "Either way" in step.text
    assert [(f.at, f.holds) for f in step.sets if (solution[f.at[0]][f.at[1]] == f.value) != f.holds] == []
    assert entailed(known, step) == []


def test_the_killer_examples_rule_of_45_steps_add_up_from_the_unit_they_cite_and_not_from_another():
    board = sudoku.parse(examples("sudoku")["killer"])
    known, checked = Known(board), []
    for step in sudoku.steps(board).steps:
        if step.rule == "rule of 45":
            other = "row 1" if step.uses != ("row 1",) else "row 9"
            checked.append((entailed(known, step), entailed(known, replace(step, uses=(other,)))))
        known = on_board(known, step)
    assert len(checked) == 6
    assert all(not right and wrong for right, wrong in checked)
