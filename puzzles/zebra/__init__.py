"""Zebra puzzles and logic grids: type the clues as printed, watch the grid narrow, know why.

`model` holds the categories, clues and atoms; `reader` reads the puzzle file
or a page as people print it, one clue at a time, and edits a puzzle (its
package docstring walks the pipeline: page, clue, mentions, amounts,
vocabulary, the phrasing families, comparing, doubts, questions); `solver`
propagates, `count` counts the solutions; `analysis` turns that into marks,
reasons and hints; `ladder` explains the solution one easiest deduction at a
time (hints and `solve --steps`: its rungs in `rungs`, on `known`, `citing`,
`tracing` and `supposing`); `generator` makes unique puzzles in the
pages' and the houses benchmark's wording and the formal one, `stories`
site-style pages with brute-force answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.core import Budget, ShouldStop, never
from puzzles.zebra.analysis import BUDGET, Analysis, analyse, notes_completed
from puzzles.zebra.count.plan import Buffers
from puzzles.zebra.ladder import LADDER, next_step, steps
from puzzles.zebra.model import Clue, Puzzle
from puzzles.zebra.reader.clue import read_clue
from puzzles.zebra.reader.page import (
    add_clue,
    format,
    is_category_line,
    move_clue,
    parse,
    paste,
    remove_clue,
    set_category,
)
from puzzles.zebra.reader.questions import Answer, answers
from puzzles.zebra.telling import spot_name

SOLVE_OPTIONS = ()

__all__ = [
    "LADDER",
    "Analysis",
    "Buffers",
    "Clue",
    "Puzzle",
    "Report",
    "add_clue",
    "analyse",
    "answers",
    "format",
    "is_category_line",
    "move_clue",
    "next_step",
    "notes_completed",
    "parse",
    "paste",
    "read_clue",
    "remove_clue",
    "set_category",
    "solve",
    "spot_name",
    "steps",
    "warm_up",
]

COMPILED_FROM = 7
"""Grids of this many objects and more can need the compiled count (`kernel`)."""


@dataclass(frozen=True)
class Report:
    analysis: Analysis

    @property
    def answers(self) -> tuple[Answer, ...]:
        a = self.analysis
        return answers(a.puzzle, a.solutions[0] if a.count.value == 1 and a.solutions else None)

    def to_json(self) -> dict:
        a = self.analysis
        names = [c.name for c in a.puzzle.categories]
        return {
            "count": a.count.value,
            "exact": a.count.exact,
            "solutions": [[dict(zip(names, row, strict=True)) for row in s] for s in a.solutions],
            "clues": [note.canonical for note in a.notes],
            "readings": [
                {"clue": i, "text": clue.text, "reading": clue.canonical}
                | ({"chosen": clue.doubt} if clue.doubt else {})
                for i, clue in enumerate(a.puzzle.clues, 1)
            ],
            "answers": [answer.to_json() for answer in self.answers],
            "hint": a.hint,
        }

    def to_text(self) -> str:
        a = self.analysis
        names = [c.name for c in a.puzzle.categories]
        lines = [a.count.of("solution")]
        for i, note in enumerate(a.notes, 1):
            flag = "  (changed nothing)" if note.idle else "  (in conflict)" if note.in_conflict else ""
            lines.append(f"{i:>3}. {note.canonical}{flag}")
            if doubt := a.puzzle.clues[i - 1].doubt:
                lines.append(f"     read {doubt}")
        width = max(map(len, names))
        for number, solution in enumerate(a.solutions, 1):
            lines.append(f"solution {number}:")
            columns = [max(map(len, row)) for row in solution]
            if a.puzzle.key is None:
                lines.append(f"  {'':<{width}}  " + "  ".join(f"{o + 1:<{w}}" for o, w in enumerate(columns)).rstrip())
            for c, name in enumerate(names):
                cells = "  ".join(f"{row[c]:<{w}}" for row, w in zip(solution, columns, strict=True))
                lines.append(f"  {name:<{width}}  {cells}".rstrip())
        lines += [f"{answer.question} {answer.answer}" for answer in self.answers]
        lines.append(a.hint)
        return "\n".join(lines)


def warm_up(puzzle: Puzzle) -> None:
    """Loads the compiled count ahead of an analysis that may need it: loading numba and its cache takes most
    of a second, which would otherwise come out of the analysis's budget and leave its count "at least"."""
    if puzzle.n >= COMPILED_FROM:
        from puzzles.zebra.count import kernel

        kernel.warm()


def solve(
    puzzle: Puzzle, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> Report:
    return Report(analyse(puzzle, limit=limit, budget=budget, should_stop=should_stop))
