"""What is known of a magic board as its ladder works: the board, the values ruled out of its cells, and what
follows from them at a glance (each line's free cells and need, each cell's values left)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

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
    def unused(self) -> list[int]:
        used = {v for row in self.board.grid for v in row if v}
        return [v for v in range(self.board.low, self.board.high + 1) if v not in used]

    @cached_property
    def full(self) -> bool:
        """Whether every value of the range is used (as many values as cells)."""
        return self.board.high - self.board.low + 1 == self.board.n**2

    @cached_property
    def empty(self) -> tuple[Position, ...]:
        n = self.board.n
        return tuple((r, c) for r in range(n) for c in range(n) if self.board.grid[r][c] == EMPTY)

    @cached_property
    def allowed(self) -> dict[Position, list[int]]:
        """For each empty cell, the unused values not ruled out there."""
        out: dict[Position, set[int]] = {p: set() for p in self.empty}
        for position, value in self.ruled_out:
            if position in out:
                out[position].add(value)
        return {p: [v for v in self.unused if v not in gone] for p, gone in out.items()}

    @cached_property
    def ways_of(self) -> dict[Line, list[tuple[int, ...]] | None]:
        """The ways each line was found to finish, worked out once per position (see `ways`)."""
        return {}

    @cached_property
    def free(self) -> dict[Line, list[Position]]:
        """Each line's free cells, worked out once: the rungs ask for them at every step of every chain."""
        return {line: [p for p in line.cells if self.at(p) == EMPTY] for line in self.lines}

    @cached_property
    def needs(self) -> dict[Line, int]:
        """What each line still needs to reach the sum."""
        return {line: self.board.total - sum(self.at(p) for p in line.cells) for line in self.lines}

    def free_of(self, line: Line) -> list[Position]:
        return self.free[line]

    def need(self, line: Line) -> int:
        return self.needs[line]

    def reach(self, count: int) -> tuple[int, int]:
        """The least and the most `count` distinct unused values add up to."""
        return sum(self.unused[:count]), sum(self.unused[len(self.unused) - count :]) if count else 0
