"""How a person solves a logic grid, one deduction at a time: the ladder, cheapest rung first.

What is known is the grid of marks: for every value of every category, the
objects (houses, or the key's values) it may still be at.  A step settles
facts "value v of category c is (or is not) at object o", names the clues it
uses, quotes them in the puzzle's own words, and says where to look.

1. one clue alone: what a clue says by itself, before anything else is known
   (`Milk is drunk in the middle house`: milk is in house 3; `the green house
   is right of the ivory house`: green is not in house 1);
2. each value once: a value placed leaves its object to no other value of its
   category; an object that only one value of a category can still take has it;
3. transitivity: a clue that pairs two values (`the Englishman lives in the
   red house`, or does not) carries what is known of one to the other;
4. one clue over the places left: next to, left of, between, more or less
   than (with amounts), read against what is known (`the Norwegian is in
   house 1 and lives next to the blue house`: house 1 has one neighbour);
5. two clues together: a place that two clues (or one), with each value
   once, cannot allow: "suppose jan were in house 1: then clue 2 puts the
   Japanese in house 2, then clue 3 puts June there too: a contradiction";
6. three clues together, and
7. four clues together: the same with three or four clues (the Einstein
   puzzle needs a few of these, and one trial);
8. trial, said plainly: suppose a value at an object; every clue's
   propagation then runs into a dead end, so it is not there (or, when
   propagation alone cannot show it, suppositions inside it refuted the same
   way, in turn, until it does: never a search).

Rungs 1, 3 and 4 narrow one clue's tables (the solver's own propagation,
`solver.settle`) over the marks.  Rungs 5 to 8 start from the places all the
clues together refute (each supposed in turn and propagated), find the few
clues each refutation rests on, and tell the propagation of those clues alone,
link by link, each link one that a later link or the dead end needs (`tracing`).

Every step names the earlier facts it rests on (`Step.premises`, `cited`): the
fewest marks from which its clues and each value once still give what it
settles, folded per value in its text; SAT (`cnf.Selected`) leaves out those the
others imply, and the supposition rungs before trial keep only steps citing
nothing spare; trial follows its supposition again without what SAT finds spare, into
suppositions inside it where needed, or where no chain is found so takes another place's
(`supposing.supposition_step`).  tests/unit/zebra_entailment.py
checks both ways.

The modules, lowest first: `known` (the marks, setting a fact), `citing` (the
facts a step rests on), `tracing` (a propagation told link by link),
`supposing` (which clues refute a place, suppositions inside others), `rungs`;
here the ladder and its walk.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.core import Budget, Deadline, OutOfBudget, ShouldStop, never
from puzzles.steps import Path, Rung, Step, walk
from puzzles.zebra.known import Known, apply, known_of, open_values
from puzzles.zebra.model import Puzzle
from puzzles.zebra.rungs import (
    each_value_once,
    four_clues,
    one_clue_alone,
    one_clue_left,
    three_clues,
    transitivity,
    trial,
    two_clues,
)
from puzzles.zebra.solver import settle

LADDER: tuple[Rung[Known], ...] = (
    Rung("one clue alone", "what a clue says by itself, before anything else is known", one_clue_alone),
    Rung("each value once", "a placed value keeps others off its object; a lone taker has it", each_value_once),
    Rung("transitivity", "a clue pairing two values carries what is known of one to the other", transitivity),
    Rung("one clue over the places left", "next to, left of, between, more or less, against the marks", one_clue_left),
    Rung("two clues together", "a place two clues cannot both allow, each value once", two_clues),
    Rung("three clues together", "a place three clues cannot all allow, each value once", three_clues),
    Rung("four clues together", "a place four clues cannot all allow, each value once", four_clues),
    Rung("trial", "suppose a place and follow the clues to a contradiction", trial),
)


# ---------------------------------------------------------------- walking


def ending(known: Known) -> str | None:
    model = known.setting.model
    if not settle(model, list(known.domains) + list(model.start[known.setting.values :])):
        return "contradiction"
    return None if open_values(known) else "solved"


def steps(
    puzzle: Puzzle,
    *,
    told: Sequence[Step] = (),
    limit: int | None = None,
    budget: Budget | None = None,
    should_stop: ShouldStop = never,
) -> Path:
    """The explained solution, easiest step first, after the steps already `told`; `limit=1` gives the next step."""
    deadline = Deadline(budget, should_stop)
    known, taken = known_of(puzzle, told, deadline), []

    def taking(known: Known, step: Step) -> Known:
        taken.append(step)
        return apply(known, step)

    try:
        return walk(LADDER, known, apply=taking, ended=ending, deadline=deadline, limit=limit)
    except OutOfBudget:
        return Path(tuple(taken), "budget")  # the clock ran out inside a step: the steps before it still hold


def next_step(
    puzzle: Puzzle, *, told: Sequence[Step] = (), budget: Budget | None = None, should_stop: ShouldStop = never
) -> Path:
    """The hint: the easiest deduction from the clues and the steps already told."""
    return steps(puzzle, told=told, limit=1, budget=budget, should_stop=should_stop)
