"""Jodici: 3 rings x 6 sectors, digits 1..9 each used twice, sectors sum to 15, rings to 30.

`board` holds the board, its text format (the seed's: three lines, one per
ring, of six comma-separated cells, `_` for empty) and exact counting by
dynamic programming; `ladder` the deductions a person makes, cheapest first,
for hints and `solve --steps`.
"""

from __future__ import annotations

from dataclasses import replace

from puzzles.core import Budget, Count, ShouldStop, never
from puzzles.jodici.board import (
    RING_SUM,
    RINGS,
    SECTOR_SUM,
    SECTORS,
    Jodici,
    blank,
    completions,
    conflicts,
    counted,
    format,
    label,
    parse,
)
from puzzles.jodici.ladder import LADDER, Known, dead_end, next_step, printed_only, steps
from puzzles.numbergrid import BoardAnalysis, BoardReport, check_entries, refused
from puzzles.steps import Check, hint_budget

SOLVE_OPTIONS = ()
BUDGET: Budget | None = None  # always exact, and quick: nothing to limit

__all__ = [
    "LADDER",
    "RINGS",
    "RING_SUM",
    "SECTORS",
    "SECTOR_SUM",
    "Jodici",
    "analyse",
    "blank",
    "check",
    "format",
    "label",
    "next_step",
    "parse",
    "solve",
    "steps",
]


def analyse(
    board: Jodici, *, limit: int = 10, budget: Budget | None = None, should_stop: ShouldStop = never
) -> BoardAnalysis:
    """Exact count, exact per-cell candidates, up to `limit` completions, and what is wrong if none.

    The next step is not worked out here, where every keystroke pays for it:
    the screen asks `next_step` on f4, and `solve` adds it as its hint.
    """
    if broken := refused(board.grid, conflicts(board), label):
        return broken
    count, candidates, behind = counted(board, should_stop)
    solutions = tuple(completions(board, behind, limit))
    hint = (
        ""
        if count
        else f"No completion: {dead_end(Known(board)) or 'the digits on the board cannot all be part of one solution'}; undo the last entries."
    )
    return BoardAnalysis(candidates, Count(count), solutions, hint)


def hint_text(board: Jodici, analysis: BoardAnalysis, budget: Budget | None = BUDGET) -> str:
    """`solve`'s one-line hint: the next step, or why there is none, within its own work budget (`hint_budget`)."""
    if analysis.hint:
        return analysis.hint
    path = next_step(board, budget=hint_budget(budget))
    return path.first_said


def check(board: Jodici, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Check:
    """Your entries against every completion of the printed digits: those no completion has are marked."""
    printed = analyse(printed_only(board), limit=0, should_stop=should_stop)
    together = analyse(board, limit=0, should_stop=should_stop).count
    return check_entries(board, printed, together, conflicts(board), label)


def solve(
    board: Jodici, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> BoardReport:
    analysis = analyse(board, limit=limit, should_stop=should_stop)
    return BoardReport(replace(analysis, hint=hint_text(board, analysis, budget)), ",")
