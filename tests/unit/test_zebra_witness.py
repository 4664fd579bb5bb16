"""Witness marks: each value possible exactly where some solution puts it, checked against the exhaustive counter."""

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import zebra
from puzzles.core import Budget, Count, Deadline, Status, Stopped
from puzzles.zebra import generator
from puzzles.zebra.analysis import NO_SOLUTION, RULED_OUT
from puzzles.zebra.count import search
from puzzles.zebra.solver import model_of, propagate
from puzzles.zebra.witness import witnesses

FIXTURES = Path(__file__).parents[1] / "fixtures"


def typed(name: str) -> list[zebra.Puzzle]:
    """The fixture's clue prefixes, as a person types them."""
    puzzle = zebra.parse((FIXTURES / name).read_text())
    return [replace(puzzle, clues=puzzle.clues[:k]) for k in range(len(puzzle.clues) + 1)]


def used(margins: dict[int, list[int]], x: int) -> int:
    """The objects some solution puts variable x at, from the counter's per-cell counts."""
    return sum(1 << o for o, share in enumerate(margins[x]) if share)


@pytest.mark.parametrize("name", ["zebra-gen-6x6-1-formal.txt", "zebra-gen-6x6-2-page.txt"])
def test_every_6x6_prefix_has_a_witness_for_each_possible_cell_and_none_for_the_others(name):
    for puzzle in typed(name):
        model = model_of(puzzle)
        found = witnesses(model, propagate(model, Deadline()).domains, Deadline())
        counted = search.count(model, Deadline(), margins=True)
        assert found.exact and counted.exact
        assert all(found.possible[x] == used(counted.margins, x) for x in model.free)
        assert found.some is not None and all(found.possible[x] >> o & 1 for x, o in enumerate(found.some))


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (5, 3), (5, 4)]))
def test_generated_puzzles_prefix_by_prefix_witness_exactly_what_the_counter_finds(seed, size):
    puzzle = generator.generate(np.random.default_rng(seed), *size).puzzle
    for k in range(len(puzzle.clues) + 1):
        model = model_of(replace(puzzle, clues=puzzle.clues[:k]))
        found = witnesses(model, list(model.start), Deadline())
        counted = search.count(model, Deadline(), margins=True)
        assert found.exact and all(found.possible[x] == used(counted.margins, x) for x in model.free)
        assert found.unique == (counted.value == 1)


def test_the_8x8_grid_is_exact_while_the_count_is_only_at_least():
    """Typed clue by clue with a small counting budget: the count runs out, the marks do not."""
    answer = json.loads((FIXTURES / "zebra-gen-answers.json").read_text())["zebra-gen-8x8-1-formal.txt"]
    hurried = 0
    for puzzle in typed("zebra-gen-8x8-1-formal.txt")[::4]:
        analysis = zebra.analyse(puzzle, notes=False, budget=Budget(work=2_000))
        assert analysis.grid_exact
        hurried += not analysis.count.exact
        for c, category in enumerate(puzzle.categories):
            for o, row in enumerate(answer):  # the hidden answer solves every prefix: never ruled out
                assert analysis.marks[c][category.values.index(row[category.name])][o] not in (RULED_OUT, NO_SOLUTION)
    assert hurried


def test_a_clue_list_without_solution_is_exact_at_once():
    puzzle = typed("zebra-gen-6x6-1-formal.txt")[-1]
    a, b = puzzle.categories[1].values[:2]
    contradiction = zebra.parse(
        (FIXTURES / "zebra-gen-6x6-1-formal.txt").read_text() + f"\n{puzzle.categories[1].name}:{a} == "
        f"{puzzle.categories[1].name}:{b}\n"
    )
    found = witnesses(model_of(contradiction), list(model_of(contradiction).start), Deadline())
    assert found.solvable is False and not any(found.possible)
    analysis = zebra.analyse(contradiction, notes=False)
    assert analysis.count == Count(0) and analysis.grid_exact


def test_a_spent_budget_leaves_cells_possible_and_says_so():
    model = model_of(typed("zebra-gen-8x8-1-formal.txt")[20])
    domains = propagate(model, Deadline()).domains
    exact = witnesses(model, domains, Deadline())
    hurried = witnesses(model, domains, Deadline(Budget(work=1)))
    assert exact.exact and not hurried.exact
    assert all(h & e == e for h, e in zip(hurried.possible, exact.possible, strict=True))


def test_a_stale_question_stops_between_calls():
    model = model_of(typed("zebra-gen-6x6-1-formal.txt")[5])
    with pytest.raises(Stopped):
        witnesses(model, list(model.start), Deadline(should_stop=lambda: True))


def test_the_exact_grid_is_handed_over_before_the_count_and_the_count_keeps_it():
    for puzzle in typed("zebra-gen-6x6-1-formal.txt")[3:12]:
        early: list[zebra.Analysis] = []
        final = zebra.analyse(puzzle, budget=Budget(work=50_000), marked=early.append)
        if final.status == Status.UNIQUE or final.count.value == 0:
            assert early == []  # settled by the witnesses alone: nothing to show sooner
            continue
        (grid,) = early
        assert grid.grid_exact and grid.count == Count(2, exact=False) and final.count.value >= 2
        assert grid.marks == final.marks
        shown = grid.solutions[0]  # one witness: each of its values is left possible where it sits
        assert all(
            final.marks[c][category.values.index(row[c])][o] not in (RULED_OUT, NO_SOLUTION)
            for o, row in enumerate(shown)
            for c, category in enumerate(puzzle.categories)
            if c != puzzle.key
        )
