"""The equation crossword: a grid of integers with an equation along every row and column.

`board` holds the puzzle, its text format (the puzzle drawn as printed),
evaluation with numpy, propagation and search; `ladder` the deductions a
person makes, cheapest first, for hints and `solve --steps`.
"""

from __future__ import annotations

from dataclasses import replace

from puzzles.core import Budget, Count, Deadline, OutOfBudget, ShouldStop, never
from puzzles.equation.board import (
    BUDGET,
    MAX_SIDE,
    MAX_VALUES,
    OPERATORS,
    Crossword,
    evaluate,
    format,
    initial_domains,
    parse,
    propagate,
    solutions,
    supported,
)
from puzzles.equation.ladder import LADDER, next_step, printed_only, steps
from puzzles.equation.witness import witness
from puzzles.numbergrid import BoardAnalysis, BoardReport, check_entries, no_completion, refused, witness_deadline
from puzzles.steps import Check, hint_budget

SOLVE_OPTIONS = ()
HINT_WORK = 300  # `solve`'s hint: the lines' tables weighed per step, a trial TRIAL_WEIGHT more: about 0.2 s
NOUN = "solution"  # a filled crossword is a solution, not a completion
WITNESS_WORK = 20_000  # changes weighed by the local search for a solution of mixed operators when the count found none

__all__ = [
    "BUDGET",
    "LADDER",
    "MAX_SIDE",
    "MAX_VALUES",
    "OPERATORS",
    "Crossword",
    "analyse",
    "evaluate",
    "check",
    "format",
    "next_step",
    "parse",
    "solve",
    "steps",
]


def analyse(
    puzzle: Crossword, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> BoardAnalysis:
    """Candidates (exact when the search finishes), solutions, and what is wrong if there are none.

    A search cut short by its budget, even before its first narrowing ends,
    says "at least" or "unknown", never "no solution"; where it found none,
    a crossword of sums only is balanced as a flow, one of products only
    factored (`witness`), so that an easy solution is seen: "at least 1".
    """
    domains = initial_domains(puzzle)
    outside = {
        (r, c): f"{v} is outside {puzzle.low}..{puzzle.high}"
        for r, row in enumerate(puzzle.cells)
        for c, v in enumerate(row)
        if v is not None and not puzzle.low <= v <= puzzle.high
    }
    if broken := refused(puzzle.cells, outside, noun=NOUN):
        return broken
    deadline = Deadline(budget, should_stop)
    found, seen, count, exact = [], {p: set() for p in domains}, 0, True
    try:
        if not propagate(puzzle, domains, deadline):
            return no_completion(puzzle.cells, dead_end(puzzle), noun=NOUN)
        for solution in solutions(puzzle, dict(domains), deadline):
            count += 1
            grid = tuple(tuple(int(solution[(r, c)][0]) for c in range(len(row))) for r, row in enumerate(puzzle.cells))
            if len(found) < limit:
                found.append(grid)
            for p, values in seen.items():
                values.add(grid[p[0]][p[1]])
    except OutOfBudget:
        exact = False
    share = witness_deadline(budget, WITNESS_WORK, should_stop)
    if not count and not exact and (shown := witness(puzzle, share)) is not None:
        count, found = 1, [shown][:limit]  # "at least 1", and one to see, rather than "at least 0"
    chosen = {p: sorted(v) for p, v in seen.items()} if exact else {p: domains[p].tolist() for p in domains}
    candidates = tuple(
        tuple(tuple(chosen[(r, c)]) if v is None else () for c, v in enumerate(row))
        for r, row in enumerate(puzzle.cells)
    )
    dead = "No solution: the equations cannot all hold at once; check the last values typed."
    hint = "" if count or not exact else dead
    return BoardAnalysis(candidates, Count(count, exact), tuple(found), hint, noun=NOUN)


def dead_end(puzzle: Crossword) -> str:
    domains = initial_domains(puzzle)
    for name, cells, ops, result in puzzle.equations():
        kept = supported(domains, cells, ops, result)
        if kept is not None and any(len(values) == 0 for values in kept):
            return f"No solution: {name} cannot make {result} with values in {puzzle.low}..{puzzle.high}."
    return "No solution: the rows and columns cannot all hold at once."


def hint_text(puzzle: Crossword, analysis: BoardAnalysis, budget: Budget | None = BUDGET) -> str:
    """`solve`'s one-line hint: the next step, or why there is none, within its own work budget (`hint_budget`)."""
    if analysis.hint:
        return analysis.hint
    if analysis.count.exact and not analysis.count.value:
        return "No solution."
    path = next_step(puzzle, budget=hint_budget(budget, HINT_WORK))
    return path.first_said


def check(puzzle: Crossword, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Check:
    """Your values against every solution of the printed ones: those no solution has are marked."""
    printed = analyse(printed_only(puzzle), limit=0, budget=budget, should_stop=should_stop)
    together = analyse(puzzle, limit=0, budget=budget, should_stop=should_stop).count
    return check_entries(puzzle, printed, together, {}, blank=(None,))


def solve(
    puzzle: Crossword, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> BoardReport:
    analysis = analyse(puzzle, limit=limit, budget=budget, should_stop=should_stop)
    return BoardReport(replace(analysis, hint=hint_text(puzzle, analysis, budget)), zero_is_empty=False)
