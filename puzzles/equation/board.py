"""The equation crossword's board: its text format, evaluation, propagation and search.

Each row reads `a op b op c = result` left to right and each column top to
bottom, with + - * and exact / and the usual precedence.  Every unknown is an
integer in a range (default -9..99).  An equation over a few cells is small
enough to evaluate over every combination of its cells' values at once with
numpy; the values that appear in some satisfying combination are kept
(generalised arc consistency), equations are revisited until nothing changes,
and search branches on the cell with the fewest values left.  Every equation
weighed costs work, more for a big table, so a budget is a fixed amount of
work whatever the range and the size.

Text format, the puzzle drawn as printed: value rows alternate with operator
rows, `_` (or `?`, `.`) is an unknown, then a row of `=` and the column
results.  An optional line `range: -9..99` sets the unknowns' range; prose
around the puzzle is skipped (see `puzzles.pasted`: the blank marks that are
operators or values here, `-`, `*`, `x` and `0`, stay what they are).

    26 - _ * _ = -278
    +    +   *
    _ * _ + _ = 216
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np

from puzzles.core import Budget, Deadline, PuzzleError, matched_number, read_number, reads_text, shown
from puzzles.numbergrid import Position
from puzzles.pasted import Form, Line, find_board, one_header

BUDGET = Budget(work=20_000)  # equations weighed: the same answer on every machine (the screens pass seconds)
OPERATORS = "+-*/"
TABLE_LIMIT = 4_000_000  # combinations evaluated at once for one equation
WORK_PER_STEP = 20_000  # combinations of one table that cost as much as weighing one more equation
MAX_SIDE = 10  # cells a row or column: printed ones are 3x3 to 5x5
MAX_VALUES = 10_000  # a range's size: every unknown starts with all of them
RANGE = re.compile(r"\s*range\s*:\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$", re.IGNORECASE)
NUMBER = re.compile(r"-?[0-9]+")
UNKNOWNS = ("?", ".")  # besides runs of `_`: the blank marks that are no operator or value here

Cell = int | None


@dataclass(frozen=True)
class Crossword:
    cells: tuple[tuple[Cell, ...], ...]
    row_ops: tuple[tuple[str, ...], ...]  # between the cells of each row
    column_ops: tuple[tuple[str, ...], ...]  # column_ops[i][c]: between rows i and i+1 of column c
    row_results: tuple[int, ...]
    column_results: tuple[int, ...]
    low: int = -9
    high: int = 99
    givens: frozenset[Position] = field(default_factory=frozenset)

    @property
    def grid(self) -> tuple[tuple[Cell, ...], ...]:
        return self.cells

    def with_cell(self, position: Position, value: Cell) -> Crossword:
        r, c = position
        row = self.cells[r][:c] + (value,) + self.cells[r][c + 1 :]
        return replace(self, cells=self.cells[:r] + (row,) + self.cells[r + 1 :], givens=self.givens - {position})

    def equations(self) -> list[tuple[str, list[Position], tuple[str, ...], int]]:
        """(name, cells, operators, result) of every row and column."""
        rows, cols = len(self.cells), len(self.cells[0])
        found = [
            (f"row {r + 1}", [(r, c) for c in range(cols)], self.row_ops[r], self.row_results[r]) for r in range(rows)
        ]
        found += [
            (
                f"column {c + 1}",
                [(r, c) for r in range(rows)],
                tuple(self.column_ops[i][c] for i in range(rows - 1)),
                self.column_results[c],
            )
            for c in range(cols)
        ]
        return found


# ---------------------------------------------------------------- text format


def tokens(line: Line) -> list[tuple[str, int]]:
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line.text)]


def read_value(token: str, line: Line, column: int) -> Cell:
    if set(token) == {"_"} or token in UNKNOWNS:
        return None
    if not NUMBER.fullmatch(token):
        raise PuzzleError(f"{shown(token)} is neither a number nor _ (unknown)", line=line.number, column=column)
    return read_number(token, line=line.number, column=column)


def read_value_row(line: Line) -> tuple[list[Cell], list[str], int]:
    parts = tokens(line)
    if len(parts) < 4 or parts[-2][0] != "=":
        raise PuzzleError("a value row is: cell op cell ... = result", line=line.number, column=1)
    *terms, (_, _), (result, result_column) = parts
    if len(terms) > 2 * MAX_SIDE:
        raise PuzzleError(f"a row has at most {MAX_SIDE} cells", line=line.number, column=terms[2 * MAX_SIDE][1])
    if len(terms) % 2 == 0:
        raise PuzzleError(
            "cells and operators must alternate, starting and ending with a cell", line=line.number, column=terms[-1][1]
        )
    cells = [read_value(token, line, column) for token, column in terms[0::2]]
    ops = []
    for token, column in terms[1::2]:
        if token not in OPERATORS:
            raise PuzzleError(f"{shown(token)} is not an operator (+ - * /)", line=line.number, column=column)
        ops.append(token)
    if not NUMBER.fullmatch(result):
        raise PuzzleError(f"the result {shown(result)} is not a whole number", line=line.number, column=result_column)
    return cells, ops, read_number(result, line=line.number, column=result_column)


@reads_text
def parse(text: str) -> Crossword:
    puzzle, headers = find_board(text, FORM)
    if header := one_header(headers):
        match = RANGE.match(header.text)
        low, high = matched_number(match, 1, header.number), matched_number(match, 2, header.number)
        if low > high:
            raise PuzzleError(f"the range {low}..{high} is empty", line=header.number, column=match.start(1) + 1)
        if high - low + 1 > MAX_VALUES:
            raise PuzzleError(
                f"a range has at most {MAX_VALUES:,} values", line=header.number, column=match.start(1) + 1
            )
        puzzle = replace(puzzle, low=low, high=high)
    return puzzle


def read_crossword(lines: list[Line]) -> Crossword:
    """Value rows and operator rows in turn, the row of `=`, the column results."""
    equals = next((i for i, line in enumerate(lines) if set(line.text.split()) == {"="}), None)
    if equals is None or equals + 1 >= len(lines):
        where = lines[-1].number if lines else 1
        raise PuzzleError("the puzzle ends with a row of '=' and a row of column results", line=where, column=1)
    grid_lines, results_line = lines[:equals], lines[equals + 1]
    if equals + 2 < len(lines):
        raise PuzzleError("the row of column results ends the puzzle", line=lines[equals + 2].number, column=1)
    if not grid_lines:
        raise PuzzleError("value rows come before the row of '='", line=lines[equals].number, column=1)
    if len(grid_lines) > 2 * MAX_SIDE:
        raise PuzzleError(f"a column has at most {MAX_SIDE} cells", line=grid_lines[2 * MAX_SIDE].number, column=1)
    cells, row_ops, row_results, column_ops = [], [], [], []
    for index, line in enumerate(grid_lines):
        if index % 2 == 0:
            row, ops, result = read_value_row(line)
            if cells and len(row) != len(cells[0]):
                raise PuzzleError(
                    f"this row has {len(row)} cells, the first has {len(cells[0])}", line=line.number, column=1
                )
            cells.append(tuple(row))
            row_ops.append(tuple(ops))
            row_results.append(result)
        else:
            ops = tokens(line)
            for token, column in ops:
                if token not in OPERATORS:
                    raise PuzzleError(f"{shown(token)} is not an operator (+ - * /)", line=line.number, column=column)
            if len(ops) != len(cells[0]):
                raise PuzzleError(
                    f"an operator row has one operator per column ({len(cells[0])})", line=line.number, column=1
                )
            column_ops.append(tuple(token for token, _ in ops))
    if len(grid_lines) % 2 == 0:
        raise PuzzleError(
            "operator rows go between value rows, not after the last", line=grid_lines[-1].number, column=1
        )
    results = tokens(results_line)
    if len(results) != len(cells[0]) or not all(NUMBER.fullmatch(t) for t, _ in results):
        raise PuzzleError(
            f"give one whole-number result per column ({len(cells[0])})", line=results_line.number, column=1
        )
    givens = frozenset((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v is not None)
    return Crossword(
        tuple(cells),
        tuple(row_ops),
        tuple(column_ops),
        tuple(row_results),
        tuple(read_number(t, line=results_line.number, column=column) for t, column in results),
        givens=givens,
    )


FORM = Form(
    read_crossword,
    lambda puzzle: len(puzzle.cells) * len(puzzle.cells[0]),
    header=lambda line: bool(RANGE.match(line.text)),
    rules=False,
)


def format(puzzle: Crossword) -> str:
    width = max(len(str(v)) for row in puzzle.cells for v in row if v is not None) if puzzle.givens else 2
    width = max(width, 2)

    def cell(value: Cell) -> str:
        return ("_" if value is None else str(value)).ljust(width)

    lines = [] if (puzzle.low, puzzle.high) == (-9, 99) else [f"range: {puzzle.low}..{puzzle.high}"]
    for r, row in enumerate(puzzle.cells):
        parts = [cell(row[0])]
        for op, value in zip(puzzle.row_ops[r], row[1:]):
            parts += [op, cell(value)]
        lines.append(" ".join(parts) + f" = {puzzle.row_results[r]}")
        if r < len(puzzle.column_ops):
            lines.append("   ".join(op.ljust(width - 1) for op in puzzle.column_ops[r]).rstrip())
    lines.append("   ".join("=".ljust(width - 1) for _ in puzzle.cells[0]).rstrip())
    lines.append("   ".join(str(v).ljust(width - 1) for v in puzzle.column_results).rstrip())
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- evaluating


def evaluate(operands: list[np.ndarray], ops: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Values of `a op b op c ...` with * and / first, and where they are defined (exact /)."""
    valid = np.ones(np.broadcast(*operands).shape, dtype=bool)
    total = np.zeros(valid.shape, dtype=np.int64)
    term, sign = operands[0].astype(np.int64), 1
    for op, operand in zip(ops, operands[1:]):
        operand = operand.astype(np.int64)
        if op == "*":
            term = term * operand
        elif op == "/":
            safe = np.where(operand == 0, 1, operand)
            valid = valid & (operand != 0) & (term % safe == 0)
            term = term // safe
        else:
            total = total + sign * term
            term, sign = operand, (1 if op == "+" else -1)
    return total + sign * term, valid


# ---------------------------------------------------------------- solving


Domains = dict[Position, np.ndarray]


def initial_domains(puzzle: Crossword) -> Domains:
    span = np.arange(puzzle.low, puzzle.high + 1, dtype=np.int64)
    return {
        (r, c): (np.array([v], dtype=np.int64) if v is not None else span)
        for r, row in enumerate(puzzle.cells)
        for c, v in enumerate(row)
    }


def supported(domains: Domains, cells: list[Position], ops: tuple[str, ...], result: int) -> list[np.ndarray] | None:
    """Each cell's values that take part in a solution of this equation (None: too many to try)."""
    sizes = [len(domains[p]) for p in cells]
    if np.prod(sizes, dtype=np.float64) > TABLE_LIMIT:
        return None
    grids = np.meshgrid(*(domains[p] for p in cells), indexing="ij", sparse=True)
    value, valid = evaluate(list(grids), ops)
    ok = valid & (value == result)
    keep = []
    for axis, p in enumerate(cells):
        others = tuple(i for i in range(len(cells)) if i != axis)
        keep.append(domains[p][ok.any(axis=others)] if others else domains[p][ok])
    return keep


def propagate(puzzle: Crossword, domains: Domains, deadline: Deadline) -> bool:
    """Narrow every cell to the values its equations support, to a fixpoint; False when one has none.

    Raises OutOfBudget when the work runs out: what is narrowed so far stays true.
    """
    equations = puzzle.equations()
    changed = True
    while changed:
        changed = False
        for _, cells, ops, result in equations:
            deadline.spend(1 + int(np.prod([len(domains[p]) for p in cells], dtype=np.float64)) // WORK_PER_STEP)
            kept = supported(domains, cells, ops, result)
            if kept is None:
                continue
            for p, values in zip(cells, kept):
                if len(values) == 0:
                    return False
                if len(values) < len(domains[p]):
                    domains[p] = values
                    changed = True
    return True


def solutions(puzzle: Crossword, domains: Domains, deadline: Deadline) -> Iterator[Domains]:
    if not propagate(puzzle, domains, deadline):
        return
    open_cells = [p for p, values in domains.items() if len(values) > 1]
    if not open_cells:
        yield domains
        return
    cell = min(open_cells, key=lambda p: len(domains[p]))
    for value in domains[cell]:
        branch = dict(domains)
        branch[cell] = np.array([value], dtype=np.int64)
        yield from solutions(puzzle, branch, deadline)
