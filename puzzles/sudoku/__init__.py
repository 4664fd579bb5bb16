"""Sudoku: classic 9x9, 4x4, 6x6 and 16x16, diagonal and Killer, on one engine.

`board` holds the board, its shapes and its text format; `search` counts
completions exactly (compiled bitmask propagation and a fewest-candidates
search, with a work budget in search nodes); `ladder` and `patterns` the
techniques a person uses, cheapest first, for hints, `solve --steps` and the
difficulty grade (the hardest technique a solve needs).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from puzzles.core import Budget, Count, Deadline, ShouldStop, never
from puzzles.numbergrid import EMPTY, BoardAnalysis, Position, check_entries, no_completion, refused
from puzzles.steps import Check
from puzzles.sudoku.board import (
    BOXES,
    Cage,
    Sudoku,
    blank,
    collection,
    conflicts,
    format,
    label,
    parse,
    solution_text,
    symbol,
)
from puzzles.sudoku.ladder import LADDER, Known, graded, next_step, steps
from puzzles.sudoku.search import every_completion, search

SOLVE_OPTIONS = ()
BUDGET: Budget | None = Budget(work=1_000_000)  # search nodes: a 17-clue puzzle takes a few hundred at most
CAP = 1000  # completions counted exactly; above it the count says "more than 1,000"

__all__ = [
    "BOXES",
    "CAP",
    "LADDER",
    "Cage",
    "Sudoku",
    "analyse",
    "blank",
    "check",
    "collection",
    "format",
    "graded",
    "label",
    "next_step",
    "parse",
    "solve",
    "steps",
    "symbol",
]


@dataclass(frozen=True)
class SudokuAnalysis(BoardAnalysis):
    """A board analysis whose count stops at CAP: "more than 1,000 completions" rather than a long wait."""

    capped: bool = False

    @property
    def headline(self) -> str:
        return f"More than {CAP:,} completions" if self.capped else super().headline


def analyse(
    board: Sudoku, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> BoardAnalysis:
    """Each empty cell's candidates (the values no peer holds), the count of completions up to CAP (with no budget:
    all of them), and the first few.

    The candidates are those a person pencils in, not the values some
    completion has: those would give the answer away on a unique puzzle.
    """
    if broken := refused(board.grid, conflicts(board), label):
        return broken
    candidates = Known(board).candidates()
    if empty := next((p for p in Known(board).empty if not candidates[p[0]][p[1]]), None):
        return no_completion(board.grid, f"No completion: {label(empty)} has no value left; undo the last entries.")
    deadline = Deadline(budget, should_stop)
    if budget is None:  # `--count`: every completion, however many
        found = every_completion(board, keep=limit, deadline=deadline)
    else:
        found = search(board, limit=CAP + 1, keep=limit, deadline=deadline)
    capped = budget is not None and found.count > CAP
    count = Count(found.count, exact=found.finished and not capped)
    hint = (
        ""
        if found.count or not found.finished
        else "No completion: the values on the board cannot all be part of one solution; undo the last entries."
    )
    return SudokuAnalysis(candidates, count, found.solutions, hint, capped=capped)


def check(board: Sudoku, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Check:
    """Your entries against the completions of the printed clues: those no completion has are marked.

    An entry is tried alone with the printed clues (one search each), so
    nothing is said about any cell that holds no entry.
    """
    deadline = Deadline(budget, should_stop)
    printed = printed_only(board)
    found = search(printed, limit=2, keep=1, deadline=deadline)
    count = Count(found.count, exact=found.finished)
    fits = {p: fits_alone(printed, p, v, found, deadline) for p, v in entries(board).items()}
    candidates = tuple(
        tuple((v,) if fits.get((r, c)) else () for c, v in enumerate(row)) for r, row in enumerate(board.grid)
    )
    together = search(board, limit=1, keep=0, deadline=deadline)
    analysis = BoardAnalysis(candidates, count, found.solutions, "")
    return check_entries(board, analysis, Count(together.count, together.finished), conflicts(board), label)


def entries(board: Sudoku) -> dict[Position, int]:
    return {
        (r, c): v for r, row in enumerate(board.grid) for c, v in enumerate(row) if v and (r, c) not in board.givens
    }


def fits_alone(printed: Sudoku, position: Position, value: int, found: Any, deadline: Deadline) -> bool:
    """Whether some completion of the printed clues has `value` at `position`."""
    if found.finished and found.count == 1:
        return found.solutions[0][position[0]][position[1]] == value
    return search(printed.with_cell(position, value), limit=1, keep=0, deadline=deadline).count > 0


def printed_only(board: Sudoku) -> Sudoku:
    grid = tuple(
        tuple(v if (r, c) in board.givens else EMPTY for c, v in enumerate(row)) for r, row in enumerate(board.grid)
    )
    return replace(board, grid=grid)


@dataclass(frozen=True)
class SudokuReport:
    """What `solve` prints: the count, the completions in the file's symbols, the next step and the grade."""

    analysis: BoardAnalysis
    hardest: str  # the hardest technique a step-by-step solve needs ("" when it does not get through)

    def to_json(self) -> dict[str, Any]:
        a = self.analysis
        return {
            "count": a.count.value,
            "exact": a.count.exact,
            "status": a.status.value,
            "solutions": [[list(row) for row in grid] for grid in a.solutions],
            "hint": a.hint,
            "hardest": self.hardest,
        }

    def to_text(self) -> str:
        a = self.analysis
        lines = [f"{a.headline} ({a.status.value})"]
        lines += [f"\n{solution_text(grid)}" for grid in a.solutions]
        lines += ["", a.hint]
        if self.hardest:
            lines.append(f"Hardest technique needed: {self.hardest}.")
        return "\n".join(lines)


def solve(
    board: Sudoku, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> SudokuReport:
    analysis = analyse(board, limit=limit, budget=budget, should_stop=should_stop)
    if analysis.hint or analysis.count.value == 0:
        return SudokuReport(analysis, "")
    path = next_step(board, budget=budget, should_stop=should_stop)
    hint = path.first_said
    grade = graded(steps(board, budget=budget, should_stop=should_stop)) if analysis.status == "unique" else ""
    return SudokuReport(replace(analysis, hint=hint), grade)
