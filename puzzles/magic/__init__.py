"""The magic number board: every row, column and both diagonals reach one sum, each value once.

`board` holds the board, its text format and the search that counts
completions by line bounds; `ladder` the deductions a person makes, cheapest
first, for hints and `solve --steps`.
"""

from __future__ import annotations

from dataclasses import replace

from puzzles.core import Budget, Count, Deadline, OutOfBudget, ShouldStop, never
from puzzles.magic.board import BUDGET, MAX_SIDE, MAX_VALUES, Magic, Search, blank, conflicts, format, lines_of, parse
from puzzles.magic.ladder import LADDER, Known, dead_end, next_step, printed_only, steps
from puzzles.magic.witness import built
from puzzles.numbergrid import BoardAnalysis, BoardReport, Grid, Position, check_entries, refused, witness_deadline
from puzzles.steps import Check, hint_budget

SOLVE_OPTIONS = ()
HINT_WORK = 100  # `solve`'s hint: steps walked, a trial weighing TRIAL_WEIGHT: about 0.2 s where a trial is needed
WITNESS_WORK = 20_000  # squares weighed by the search for one completion when the count found none

__all__ = [
    "BUDGET",
    "LADDER",
    "MAX_SIDE",
    "MAX_VALUES",
    "Magic",
    "analyse",
    "blank",
    "check",
    "format",
    "lines_of",
    "next_step",
    "parse",
    "solve",
    "steps",
]


def analyse(
    board: Magic, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> BoardAnalysis:
    """Candidates by line bounds (exact when the search finishes), completions, and what is wrong if none.

    A search cut short by its budget says nothing about whether a completion
    exists: only a finished one that found none says "No completion".  Where
    it found none, a classic magic square moved, or else repaired, to the
    printed values (`witness.built`) is looked for, so an open board says "at least 1" and
    shows it.
    """
    if broken := refused(board.grid, conflicts(board)):
        return broken
    search = Search(board)
    bounds = {p: tuple(search.candidates(p)) for p, v in search.values.items() if not v}
    found: list[Grid] = []
    seen: dict[Position, set[int]] = {p: set() for p in bounds}
    count, exact = 0, True
    try:
        for solution in search.solutions(Deadline(budget, should_stop)):
            count += 1
            if len(found) < limit:
                found.append(solution)
            for (r, c), values in seen.items():
                values.add(solution[r][c])
    except OutOfBudget:
        exact = False
    if not count and not exact and (witness := built(board, witness_deadline(budget, WITNESS_WORK, should_stop))):
        count, found = 1, [witness][:limit]
    chosen = {p: tuple(sorted(v)) for p, v in seen.items()} if exact else bounds
    candidates = tuple(tuple(chosen.get((r, c), ()) for c in range(board.n)) for r in range(board.n))
    hint = "" if count or not exact else f"No completion: {dead_end_said(board)}; undo the last entries."
    return BoardAnalysis(candidates, Count(count, exact), tuple(found), hint)


def dead_end_said(board: Magic) -> str:
    """Why a board with no completion has none, as far as the ladder's rules see it."""
    return dead_end(Known(board)) or "the values on the board cannot all be part of one solution"


def hint_text(board: Magic, analysis: BoardAnalysis, budget: Budget | None = BUDGET) -> str:
    """`solve`'s one-line hint: the next step, or why there is none, within its own work budget (`hint_budget`)."""
    if analysis.hint:
        return analysis.hint
    path = next_step(board, budget=hint_budget(budget, HINT_WORK))
    return path.first_said


def check(board: Magic, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Check:
    """Your entries against every completion of the printed values: those no completion has are marked."""
    printed = analyse(printed_only(board), limit=0, budget=budget, should_stop=should_stop)
    together = analyse(board, limit=0, budget=budget, should_stop=should_stop).count
    return check_entries(board, printed, together, conflicts(board))


def solve(
    board: Magic, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> BoardReport:
    analysis = analyse(board, limit=limit, budget=budget, should_stop=should_stop)
    return BoardReport(replace(analysis, hint=hint_text(board, analysis, budget)))
