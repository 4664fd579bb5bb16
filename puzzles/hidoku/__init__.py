"""Hidoku (Hidato): place 1..N so that consecutive numbers touch, N being the open cells.

`board` holds the board, its text format and the search that counts
completions (bitboards and propagation); `ladder` the deductions a person
makes, cheapest first, for hints and `solve --steps`.
"""

from __future__ import annotations

from dataclasses import replace

from puzzles.core import Budget, Count, Deadline, OutOfBudget, ShouldStop, never
from puzzles.hidoku.board import (
    ADJACENCIES,
    BUDGET,
    MAX_SIDE,
    Geometry,
    Hidoku,
    Places,
    blank,
    conflicts,
    dead_ends,
    format,
    initial_places,
    matching,
    parse,
    propagate,
    solutions,
    to_grid,
)
from puzzles.hidoku.ladder import LADDER, next_step, printed_only, steps
from puzzles.hidoku.witness import walked
from puzzles.numbergrid import (
    EMPTY,
    BoardAnalysis,
    BoardReport,
    Grid,
    check_entries,
    no_completion,
    refused,
    witness_deadline,
)
from puzzles.steps import Check, hint_budget

SOLVE_OPTIONS = ()
WITNESS_WORK = 100_000  # cells weighed by the walk that looks for one completion when the count found none

__all__ = [
    "ADJACENCIES",
    "BUDGET",
    "LADDER",
    "MAX_SIDE",
    "Geometry",
    "Hidoku",
    "analyse",
    "blank",
    "check",
    "dead_ends",
    "format",
    "initial_places",
    "matching",
    "next_step",
    "parse",
    "solve",
    "steps",
]


def analyse(
    board: Hidoku,
    *,
    limit: int = 10,
    budget: Budget | None = BUDGET,
    should_stop: ShouldStop = never,
) -> BoardAnalysis:
    """Candidates (exact once the count is), completions counted until the budget, and what is wrong if none.

    The next step is not worked out here, where every keystroke pays for it:
    the screen asks `next_step` on f4, and `solve` adds it as its hint.  A
    count cut short with nothing found hands over to a walk built to find one
    completion fast (`witness.walked`), so an open board says "at least 1" and
    shows it rather than "at least 0".
    """
    if broken := refused(board.grid, conflicts(board)):
        return broken
    geometry = Geometry(board)
    narrowed = initial_places(board, geometry)
    if not propagate(narrowed, geometry):
        return no_completion(board.grid, dead_end_reason(board, geometry))
    deadline = Deadline(budget, should_stop)
    found: list[Grid] = []
    seen: list[int] = [0] * len(narrowed)  # per number, the cells some completion puts it in
    count, exact = 0, True
    try:
        for solution in solutions(narrowed[:], geometry, deadline):
            count += 1
            seen = [cells | cell for cells, cell in zip(seen, solution)]
            if len(found) < limit:
                found.append(to_grid(board, solution, geometry))
    except OutOfBudget:
        exact = False
    if not count and not exact and (witness := walked(board, witness_deadline(budget, WITNESS_WORK, should_stop))):
        count, found = 1, [witness][:limit]
    candidates = candidate_table(board, seen if exact else narrowed, geometry)
    dead = "No completion: some number cannot be joined to its neighbours; undo the last entries."
    hint = "" if count or not exact else dead
    return BoardAnalysis(candidates, Count(count, exact), tuple(found), hint)


def candidate_table(board: Hidoku, places: Places, geometry: Geometry) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each empty cell's possible numbers; bits are read from a binary string, as a wide board has many."""
    table: list[list[list[int]]] = [[[] for _ in row] for row in board.grid]
    for k in range(1, len(places)):
        for i, flag in enumerate(bin(places[k])[:1:-1]):
            if flag == "1":
                r, c = divmod(i, geometry.stride)
                if board.grid[r][c] == EMPTY:
                    table[r][c].append(k)
    return tuple(tuple(tuple(values) for values in row) for row in table)


def dead_end_reason(board: Hidoku, geometry: Geometry) -> str:
    """Why propagation failed, in the terms a person checks first."""
    places = initial_places(board, geometry)
    for k in range(2, len(places)):
        places[k] &= geometry.around(places[k - 1])
        if not places[k]:
            return f"No completion: {k} has no cell it can reach from {k - 1}."
    return "No completion: the given numbers cannot all be joined in one path."


def hint_text(board: Hidoku, analysis: BoardAnalysis, budget: Budget | None = BUDGET) -> str:
    """`solve`'s one-line hint: the next step, or why there is none, within its own work budget (`hint_budget`)."""
    if analysis.hint:
        return analysis.hint
    path = next_step(board, budget=hint_budget(budget))
    return path.first_said


def check(board: Hidoku, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Check:
    """Your entries against every completion of the printed numbers: those no completion has are marked."""
    printed = analyse(printed_only(board), limit=0, budget=budget, should_stop=should_stop)
    together = analyse(board, limit=0, budget=budget, should_stop=should_stop).count
    return check_entries(board, printed, together, conflicts(board))


def solve(
    board: Hidoku, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> BoardReport:
    analysis = analyse(board, limit=limit, budget=budget, should_stop=should_stop)
    return BoardReport(replace(analysis, hint=hint_text(board, analysis, budget)))
