"""How a person fills an equation crossword, one deduction at a time: the ladder, cheapest rung first.

1. last unknown of a line: a row or column with one unknown left, and one value of the range that
   makes it come out right: the unknown takes it;
2. one value left: every other value of the range was ruled out for the cell;
3. sum bounds: a row or column of + and - only: the other unknowns add at least their lowest and at
   most their highest values left, so an unknown lies between what that leaves;
4. the values that fit: with the values its other cells still allow, a line comes out right only for
   some values of an unknown: one left is placed, the others are ruled out;
5. trial, said plainly: suppose a value; the rungs above then run into a cell with no value left or
   a line that cannot come out right, so the cell does not hold it.  No search is ever said as a step:
   where no short chain refutes a supposition, the ladder is stuck.

Values may repeat in a crossword, so "only place for a value" (magic board, Jodici) has no rung here.
What is known is the puzzle and the values ruled out of cells so far (`Known`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from math import prod

import numpy as np

from puzzles.core import Budget, Deadline, OutOfBudget, ShouldStop, never
from puzzles.equation.board import BUDGET, TABLE_LIMIT, WORK_PER_STEP, Crossword, initial_domains, solutions, supported
from puzzles.numbergrid import Position, cell_name, placement_hint, spans, supposition, within
from puzzles.steps import Path, Rung, Step, cell_steps, ending_when, first_found, walk

TRIAL_DEPTH = 6  # steps followed after a supposition before it is given up as no help
TRIAL_WORK = 600  # suppositions tried, times the values they look at, before the ladder is stuck
SEARCH_WORK = Budget(work=400)  # the search's budget for telling whether the board has a solution at all
SYMBOLS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


@dataclass(frozen=True)
class Equation:
    name: str
    cells: tuple[Position, ...]
    ops: tuple[str, ...]
    result: int


@dataclass(frozen=True)
class Known:
    """The puzzle and the values ruled out of cells so far, with each unknown's values left."""

    puzzle: Crossword
    ruled_out: frozenset[tuple[Position, int]] = frozenset()
    narrowed: dict[Position, np.ndarray] | None = field(default=None, compare=False, repr=False)  # domains, if known

    def at(self, position: Position) -> int | None:
        return self.puzzle.cells[position[0]][position[1]]

    @cached_property
    def equations(self) -> tuple[Equation, ...]:
        return tuple(Equation(name, tuple(cells), ops, result) for name, cells, ops, result in self.puzzle.equations())

    @cached_property
    def unknown(self) -> tuple[Position, ...]:
        return tuple((r, c) for r, row in enumerate(self.puzzle.cells) for c, v in enumerate(row) if v is None)

    @cached_property
    def domains(self) -> dict[Position, np.ndarray]:
        """Every cell's values: a known cell its own, an unknown the range less what was ruled out."""
        if self.narrowed is not None:
            return self.narrowed
        domains = initial_domains(self.puzzle)
        out: dict[Position, list[int]] = {}
        for position, value in self.ruled_out:
            out.setdefault(position, []).append(value)
        for position, values in out.items():
            if self.at(position) is None:
                domains[position] = domains[position][~np.isin(domains[position], values)]
        return domains

    def open_cells(self, equation: Equation) -> list[Position]:
        return [p for p in equation.cells if self.at(p) is None]

    def said(self, equation: Equation) -> str:
        """The equation as it stands: known values, unknowns by name ("26 − r1c2 × r1c3 = −278")."""
        terms = [str(v) if (v := self.at(p)) is not None else cell_name(p) for p in equation.cells]
        parts = [terms[0]]
        for op, term in zip(equation.ops, terms[1:]):
            parts += [SYMBOLS[op], term]
        return f"{' '.join(parts)} = {equation.result}"

    def fitting(self, equation: Equation) -> list[np.ndarray] | None:
        """For each cell of the equation, its values that some choice of the others makes come out right."""
        if equation not in self._fits:
            self._fits[equation] = supported(self.domains, list(equation.cells), equation.ops, equation.result)
        return self._fits[equation]

    @cached_property
    def _fits(self) -> dict[Equation, list[np.ndarray] | None]:
        return {}


placing, ruling_out = cell_steps(cell_name)


# ---------------------------------------------------------------- the rungs


def last_unknown(known: Known) -> Iterator[Step]:
    for equation in known.equations:
        cells = known.open_cells(equation)
        if len(cells) != 1:
            continue
        kept = known.fitting(equation)
        values = kept[equation.cells.index(cells[0])] if kept is not None else ()
        if len(values) == 1:
            (position,), value = cells, int(values[0])
            text = (
                f"{cell_name(position)} must be {value}: it is the last unknown of {equation.name}, "
                f"{known.said(equation)}, and only {value} makes it come out right."
            )
            yield placing("last unknown of a line", text, (equation.name,), equation.cells, {position: value})


def one_value_left(known: Known) -> Iterator[Step]:
    for position in known.unknown:
        values = known.domains[position]
        if len(values) == 1:
            value = int(values[0])
            text = (
                f"{cell_name(position)} must be {value}: every other value of "
                f"{known.puzzle.low}..{known.puzzle.high} was ruled out for it."
            )
            yield placing("one value left", text, (cell_name(position),), (position,), {position: value})


def signs(equation: Equation) -> list[int] | None:
    """Each cell's sign in a line of + and - only (None: the line multiplies or divides)."""
    if any(op in "*/" for op in equation.ops):
        return None
    return [1, *(1 if op == "+" else -1 for op in equation.ops)]


def sum_bounds(known: Known) -> Iterator[Step]:
    for equation in known.equations:
        cells, sign = known.open_cells(equation), signs(equation)
        if sign is None or len(cells) < 2:
            continue
        of = dict(zip(equation.cells, sign))
        rest = equation.result - sum(of[p] * known.at(p) for p in equation.cells if known.at(p) is not None)
        for position in cells:
            others = [p for p in cells if p != position]
            low = sum(of[p] * (known.domains[p][0] if of[p] > 0 else known.domains[p][-1]) for p in others)
            high = sum(of[p] * (known.domains[p][-1] if of[p] > 0 else known.domains[p][0]) for p in others)
            lowest, highest = sorted((of[position] * (rest - high), of[position] * (rest - low)))
            values = known.domains[position]
            out = values[(values < lowest) | (values > highest)]
            if len(out):
                text = (
                    f"{equation.name}, {known.said(equation)}: its other unknowns, at their lowest and highest "
                    f"values left, leave {cell_name(position)} "
                    f"{within(int(lowest), int(highest), known.puzzle.low, known.puzzle.high)}, "
                    f"so it is not {spans([int(v) for v in out])}."
                )
                pairs = [(position, int(v)) for v in out]
                yield ruling_out("sum bounds", text, (equation.name,), equation.cells, pairs)


def values_that_fit(known: Known) -> Iterator[Step]:
    for equation in known.equations:
        cells = known.open_cells(equation)
        if len(cells) < 2:
            continue
        kept = known.fitting(equation)
        if kept is None:
            continue
        for position, values in zip(equation.cells, kept):
            if known.at(position) is not None:
                continue
            before = known.domains[position]
            if len(values) == 1:
                value = int(values[0])
                text = (
                    f"{cell_name(position)} must be {value}: {equation.name}, {known.said(equation)}, "
                    f"comes out right with the values its other unknowns still allow only when it is {value}."
                )
                yield placing("the values that fit", text, (equation.name,), equation.cells, {position: value})
            elif len(values) < len(before):
                out = [int(v) for v in before[~np.isin(before, values)]]
                text = (
                    f"{equation.name}, {known.said(equation)}, comes out right with the values its other unknowns "
                    f"still allow only when {cell_name(position)} is {spans([int(v) for v in values])}: "
                    f"it is not {spans(out)}."
                )
                pairs = [(position, v) for v in out]
                yield ruling_out("the values that fit", text, (equation.name,), equation.cells, pairs)


EASY: tuple[Rung[Known], ...] = (
    Rung("last unknown of a line", "a line with one unknown left and one value that makes it right", last_unknown),
    Rung("one value left", "every other value was ruled out for the cell", one_value_left),
    Rung("sum bounds", "the other unknowns of a sum add only so little and so much", sum_bounds),
    Rung("the values that fit", "a line comes out right only for some values of a cell", values_that_fit),
)


def dead_end(known: Known) -> str | None:
    """Why the puzzle cannot be finished, as the rungs see it."""
    for position in known.unknown:
        if not len(known.domains[position]):
            return f"{cell_name(position)} has no value left"
    for equation in known.equations:
        kept = known.fitting(equation)
        if kept is not None and any(not len(values) for values in kept):
            return f"{equation.name}, {known.said(equation)}, cannot come out right"
    return None


def solvable(known: Known) -> bool:
    """Whether the search finds a solution, or cannot tell within its small budget."""
    try:
        return next(solutions(known.puzzle, dict(known.domains), Deadline(SEARCH_WORK)), None) is not None
    except OutOfBudget:
        return True


def trial(known: Known) -> Iterator[Step]:
    cells = sorted((p for p in known.unknown if len(known.domains[p]) > 1), key=lambda p: len(known.domains[p]))
    tries = [(p, int(v)) for p in cells for v in known.domains[p][:50]]
    size = max(1, max((len(known.domains[p]) for p in cells), default=1))
    refute = partial(supposition, known, easy=EASY, apply=apply, dead_end=dead_end, depth=TRIAL_DEPTH)
    if step := first_found(tries[: max(1, TRIAL_WORK // size)], refute):
        yield step


LADDER: tuple[Rung[Known], ...] = (*EASY, Rung("trial", "suppose a value and follow it to a contradiction", trial))


def apply(known: Known, step: Step) -> Known:
    """What is known after the step; each cell's values follow from the ones before, not worked out anew."""
    puzzle, ruled_out, domains = known.puzzle, set(known.ruled_out), dict(known.domains)
    out: dict[Position, list[int]] = {}
    for fact in step.sets:
        if fact.holds:
            puzzle = puzzle.with_cell(fact.at, fact.value)
            domains[fact.at] = np.array([fact.value], dtype=np.int64)
        else:
            ruled_out.add((fact.at, fact.value))
            out.setdefault(fact.at, []).append(fact.value)
    for position, values in out.items():
        if puzzle.cells[position[0]][position[1]] is None:
            domains[position] = domains[position][~np.isin(domains[position], values)]
    return Known(puzzle, frozenset(ruled_out), domains)


ending = ending_when(dead_end, lambda known: known.unknown)


def charged(deadline: Deadline):
    """`apply` that spends work as propagation does, by the tables of the lines: wide ranges weigh far more."""

    def applying(known: Known, step: Step) -> Known:
        tables = sum(min(prod(len(known.domains[p]) for p in e.cells), TABLE_LIMIT) for e in known.equations)
        deadline.expired(tables // WORK_PER_STEP)
        return apply(known, step)

    return applying


def steps(
    puzzle: Crossword, *, limit: int | None = None, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> Path:
    """The explained solution, easiest step first; `limit=1` gives the next step alone."""
    known = Known(puzzle)
    if not solvable(known):
        return Path((), "contradiction")
    deadline = Deadline(budget, should_stop)
    return walk(LADDER, known, apply=charged(deadline), ended=ending, deadline=deadline, limit=limit, clash=dead_end)


def next_step(puzzle: Crossword, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Path:
    """The hint: the next value a person can enter, with the deductions it rests on.

    None where the search proves there is no solution: a deduction about a dead board teaches nothing.
    """
    if not solvable(Known(puzzle)):
        return Path((), "contradiction")
    deadline = Deadline(budget, should_stop)
    return placement_hint(LADDER, Known(puzzle), apply=charged(deadline), ended=ending, deadline=deadline)


def printed_only(puzzle: Crossword) -> Crossword:
    cells = tuple(
        tuple(v if (r, c) in puzzle.givens else None for c, v in enumerate(row)) for r, row in enumerate(puzzle.cells)
    )
    return replace(puzzle, cells=cells)
