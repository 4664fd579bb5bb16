"""The magic board: its text format, its rules, and the search that counts completions.

The seed's board is 5x5 with the values 5..29 and the sum 85; any N x N board
with a range and sum works.  A line that still needs `r` with `f` free cells
must be able to take `f` distinct unused values adding up to `r`, so the `f`
smallest and the `f` largest unused values bound what it can reach; a cell's
candidates are the unused values that keep every line through it within its
bounds.  Search fills the line with the fewest free cells first, and stops at
the work budget with "at least N" (a board with few givens has astronomically
many completions: 275,305,224 5x5 magic squares up to symmetry).  A node
costs work in proportion to the candidates it weighs (cells times unused
values), so a budget is about as long on 8x8 with 1..1000 as on the seed.

Text format: an optional header `range: 5..29 sum: 85` (default 1..N*N and
the magic sum), then N rows of N cells as for Hidoku (`_`, `-`, `0` or another
blank mark of `puzzles.pasted` empty); prose around them is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from puzzles.core import Budget, Deadline, PuzzleError, matched_number, reads_text
from puzzles.numbergrid import EMPTY, Grid, Position, format_rows, grid_form, read_rows, repeats, replace_cell
from puzzles.pasted import Line, find_board, one_header

BUDGET = Budget(work=200_000)  # search work: the same answer on every machine (the screens pass seconds)
MAX_SIDE = 8
MAX_VALUES = 1_000  # a range's size: an 8x8 board uses 64, and every value left is a branch of the search
HEADER = re.compile(r"\s*range\s*:\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*(?:,?\s*sum\s*:\s*(-?\d+))?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Magic:
    grid: Grid
    low: int
    high: int
    total: int
    givens: frozenset[Position] = field(default_factory=frozenset)

    @property
    def n(self) -> int:
        return len(self.grid)

    @property
    def largest(self) -> int:
        return self.high

    def with_cell(self, position: Position, value: int) -> Magic:
        return replace(self, grid=replace_cell(self.grid, position, value), givens=self.givens - {position})


def default_range(n: int) -> tuple[int, int, int]:
    return 1, n * n, n * (n * n + 1) // 2


@reads_text
def parse(text: str) -> Magic:
    grid, headers = find_board(text, FORM)
    n = len(grid)
    low, high, total = default_range(n)
    if header := one_header(headers):
        match, number = HEADER.match(header.text), header.number
        low, high = matched_number(match, 1, number), matched_number(match, 2, number)
        if high - low + 1 > MAX_VALUES:
            raise PuzzleError(f"a range has at most {MAX_VALUES:,} values", line=number, column=match.start(1) + 1)
        if high - low + 1 < n * n:
            raise PuzzleError(
                f"{low}..{high} has {high - low + 1} values, a {n}x{n} board needs {n * n}",
                line=number,
                column=match.start(1) + 1,
            )
        if match.group(3) is not None:
            total = matched_number(match, 3, number)
        elif high - low + 1 == n * n:
            total = (low + high) * n // 2
        else:
            raise PuzzleError("say the sum: range: LOW..HIGH sum: S", line=number, column=1)
        if high - low + 1 == n * n and total * n != (low + high) * n * n // 2:
            raise PuzzleError(
                f"with {low}..{high} every line must sum to {(low + high) * n // 2}, not {total}",
                line=number,
                column=match.start(3) + 1 if match.group(3) else 1,
            )
    givens = frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v)
    return Magic(grid, low, high, total, givens)


def read_square(lines: list[Line]) -> Grid:
    grid = read_rows(lines, max_side=MAX_SIDE, low=0)
    n = len(grid)
    if not 3 <= n <= MAX_SIDE:
        raise PuzzleError(f"a magic board is 3..{MAX_SIDE} cells a side, not {n}", line=lines[0].number, column=1)
    if len(grid[0]) != n:
        raise PuzzleError(f"the board must be square: {n} rows of {len(grid[0])}", line=lines[-1].number, column=1)
    return grid


FORM = grid_form(read_square, lambda line: bool(HEADER.match(line.text)))


def format(board: Magic) -> str:
    header = (
        ""
        if (board.low, board.high, board.total) == default_range(board.n)
        else f"range: {board.low}..{board.high} sum: {board.total}\n"
    )
    return header + format_rows(board.grid)


def blank(n: int) -> Magic:
    if not 3 <= n <= MAX_SIDE:
        raise PuzzleError(f"a magic board is 3..{MAX_SIDE} cells a side, not {n}")
    return Magic(tuple((EMPTY,) * n for _ in range(n)), *default_range(n))


# ---------------------------------------------------------------- lines and bounds


def lines_of(n: int) -> list[tuple[str, tuple[Position, ...]]]:
    rows = [(f"row {r + 1}", tuple((r, c) for c in range(n))) for r in range(n)]
    cols = [(f"column {c + 1}", tuple((r, c) for r in range(n))) for c in range(n)]
    diagonals = [
        ("the diagonal", tuple((i, i) for i in range(n))),
        ("the other diagonal", tuple((i, n - 1 - i) for i in range(n))),
    ]
    return rows + cols + diagonals


class Search:
    """Filling state: values by cell, unused values, and each line's need and free cells.

    Needs and free counts are kept up to date as cells are filled and emptied,
    and line bounds come from prefix sums of the sorted unused values, so a
    node costs a few list operations per line.
    """

    def __init__(self, board: Magic) -> None:
        self.board = board
        self.n = board.n
        self.lines = lines_of(self.n)
        self.through = {
            (r, c): [i for i, (_, cells) in enumerate(self.lines) if (r, c) in cells]
            for r in range(self.n)
            for c in range(self.n)
        }
        self.values = {(r, c): board.grid[r][c] for r, c in self.through}
        self.unused = sorted(set(range(board.low, board.high + 1)) - {v for v in self.values.values() if v})
        self.needs = [board.total - sum(self.values[p] for p in cells) for _, cells in self.lines]
        self.free = [sum(1 for p in cells if not self.values[p]) for _, cells in self.lines]

    def need(self, line: int) -> tuple[int, int]:
        """(sum still needed, free cells) of a line."""
        return self.needs[line], self.free[line]

    def prefix(self) -> list[int]:
        sums = [0]
        for value in self.unused:
            sums.append(sums[-1] + value)
        return sums

    def within(self, need: int, free: int, prefix: list[int], without: int | None = None) -> bool:
        """Can `free` distinct unused values (never the one at sorted index `without`) add up to `need`?"""
        count = len(self.unused) - (without is not None)
        if free == 0:
            return need == 0
        if free > count:
            return False
        total = prefix[-1]
        if without is None:
            return prefix[free] <= need <= total - prefix[len(self.unused) - free]
        skipped = self.unused[without]
        smallest = prefix[free + 1] - skipped if without < free else prefix[free]
        size = len(self.unused)
        largest = total - prefix[size - free - 1] - skipped if without >= size - free else total - prefix[size - free]
        return smallest <= need <= largest

    def candidates(self, position: Position, prefix: list[int] | None = None) -> list[int]:
        """Unused values that keep every line through `position` within reach."""
        prefix = prefix or self.prefix()
        lines = [(self.needs[i], self.free[i]) for i in self.through[position]]
        return [
            value
            for index, value in enumerate(self.unused)
            if all(self.within(need - value, free - 1, prefix, index) for need, free in lines)
        ]

    def consistent(self, prefix: list[int]) -> bool:
        return all(self.within(need, free, prefix) for need, free in zip(self.needs, self.free))

    def place(self, position: Position, value: int) -> None:
        self.values[position] = value
        for i in self.through[position]:
            self.needs[i] -= value
            self.free[i] -= 1

    def clear(self, position: Position) -> None:
        value = self.values[position]
        self.values[position] = EMPTY
        for i in self.through[position]:
            self.needs[i] += value
            self.free[i] += 1

    def next_cell(self, prefix: list[int]) -> tuple[Position, list[int]] | None:
        """A free cell of the line with fewest free cells, the one with fewest candidates."""
        open_lines = [i for i, free in enumerate(self.free) if free]
        if not open_lines:
            return None
        line = min(open_lines, key=lambda i: self.free[i])
        options = [(p, self.candidates(p, prefix)) for p in self.lines[line][1] if not self.values[p]]
        return min(options, key=lambda po: len(po[1]))

    def solutions(self, deadline: Deadline) -> Iterator[Grid]:
        prefix = self.prefix()
        if not self.consistent(prefix):
            return
        deadline.spend(max(1, len(self.unused) * self.n * self.n // 64))
        chosen = self.next_cell(prefix)
        if chosen is None:
            yield tuple(tuple(self.values[(r, c)] for c in range(self.n)) for r in range(self.n))
            return
        position, values = chosen
        for value in values:
            index = self.unused.index(value)
            self.place(position, value)
            del self.unused[index]
            yield from self.solutions(deadline)
            self.unused.insert(index, value)
            self.clear(position)


# ---------------------------------------------------------------- rules


def conflicts(board: Magic) -> dict[Position, str]:
    found = repeats(board.grid)
    for r, row in enumerate(board.grid):
        for c, value in enumerate(row):
            if value and not board.low <= value <= board.high:
                found[(r, c)] = f"{value} is outside {board.low}..{board.high}"
    for name, cells in lines_of(board.n):
        values = [board.grid[r][c] for r, c in cells]
        if all(values) and sum(values) != board.total:
            for p in cells:
                found.setdefault(p, f"{name} sums to {sum(values)}, not {board.total}")
    return found
