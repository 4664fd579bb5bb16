"""What is known of a magic board as its ladder works: the board, the values ruled out of its cells, and what
follows from them at a glance (each line's free cells and need, each cell's values left)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from itertools import accumulate

from puzzles.magic.board import Magic, lines_of
from puzzles.numbergrid import EMPTY, Grid, Position


@dataclass(frozen=True)
class Line:
    name: str
    cells: tuple[Position, ...]


@cache
def board_lines(n: int) -> tuple[Line, ...]:
    """The rows, columns and diagonals of an n x n board, made once: every step of every chain reads them."""
    return tuple(Line(name, cells) for name, cells in lines_of(n))


@dataclass(frozen=True)
class Placed:
    """What a board's placed values settle at a glance: its free cells, the values left to place, each line's free
    cells and what it still needs."""

    empty: tuple[Position, ...]
    unused: tuple[int, ...]
    free: dict[Line, list[Position]]
    needs: dict[Line, int]
    reach: tuple[tuple[int, int], ...]  # by count: the least and the most that many unused values add up to


@lru_cache(maxsize=1 << 12)
def placed_on(board: Magic) -> Placed:
    """`Placed` of a board, worked out once: the contexts a chain's cut weighs meet the same placements again and
    again, with other values ruled out."""
    grid, n = board.grid, board.n
    used = {v for row in grid for v in row if v}
    unused = tuple(v for v in range(board.low, board.high + 1) if v not in used)
    lines = board_lines(n)
    return Placed(
        empty=tuple((r, c) for r in range(n) for c in range(n) if grid[r][c] == EMPTY),
        unused=unused,
        free={line: [(r, c) for r, c in line.cells if grid[r][c] == EMPTY] for line in lines},
        needs={line: board.total - sum(grid[r][c] for r, c in line.cells) for line in lines},
        reach=tuple(zip(accumulate(unused, initial=0), accumulate(reversed(unused), initial=0))),
    )


@dataclass(frozen=True)
class Known:
    """The board and the values ruled out of cells so far, with what follows from them at a glance."""

    board: Magic
    ruled_out: frozenset[tuple[Position, int]] = frozenset()
    answers: tuple[Grid, ...] | None = None  # the board's completions, where all are known (`completions`)

    def at(self, position: Position) -> int:
        return self.board.grid[position[0]][position[1]]

    @property
    def lines(self) -> tuple[Line, ...]:
        return board_lines(self.board.n)

    @cached_property
    def placed(self) -> Placed:
        return placed_on(self.board)

    @cached_property
    def unused(self) -> tuple[int, ...]:
        return self.placed.unused

    @cached_property
    def full(self) -> bool:
        """Whether every value of the range is used (as many values as cells)."""
        return self.board.high - self.board.low + 1 == self.board.n**2

    @cached_property
    def empty(self) -> tuple[Position, ...]:
        return self.placed.empty

    @cached_property
    def allowed(self) -> dict[Position, list[int]]:
        """For each empty cell, the unused values not ruled out there."""
        out: dict[Position, set[int]] = {p: set() for p in self.empty}
        for position, value in self.ruled_out:
            if position in out:
                out[position].add(value)
        return {p: [v for v in self.unused if v not in gone] for p, gone in out.items()}

    def free_of(self, line: Line) -> list[Position]:
        return self.placed.free[line]

    def need(self, line: Line) -> int:
        return self.placed.needs[line]

    def reach(self, count: int) -> tuple[int, int]:
        """The least and the most `count` distinct unused values add up to."""
        return self.placed.reach[count]
