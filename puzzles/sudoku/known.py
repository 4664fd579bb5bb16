"""What a person knows at a point of a solve: the board, the candidates ruled out, and each empty cell's candidates.

Candidates are bitmasks (bit v-1 for value v), as in the search: a cell's
candidates are the values no peer holds, less those ruled out by earlier
steps.  Steps are built here too, so every rung says facts the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from puzzles.numbergrid import EMPTY, Position
from puzzles.steps import cell_steps, join_words
from puzzles.sudoku.board import Shape, Sudoku, Unit, label, symbol


def values(mask: int) -> list[int]:
    """The values of a candidate mask, smallest first."""
    found, v = [], 1
    while mask:
        if mask & 1:
            found.append(v)
        mask >>= 1
        v += 1
    return found


def bit(value: int) -> int:
    return 1 << (value - 1)


def said(mask: int, last: str = "and") -> str:
    return join_words([symbol(v) for v in values(mask)], last)


def cells_said(cells: Iterable[Position]) -> str:
    return join_words([label(p) for p in cells])


@dataclass(frozen=True)
class Known:
    board: Sudoku
    ruled_out: frozenset[tuple[Position, int]] = frozenset()

    @property
    def shape(self) -> Shape:
        return self.board.shape

    @property
    def full(self) -> int:
        return (1 << self.board.n) - 1

    def at(self, position: Position) -> int:
        return self.board.grid[position[0]][position[1]]

    @cached_property
    def empty(self) -> tuple[Position, ...]:
        return tuple(p for p in self.shape.cells if self.at(p) == EMPTY)

    @cached_property
    def held(self) -> dict[str, int]:
        """The values each unit holds already, by the unit's name: what a supposition followed starts from."""
        return {unit.name: sum(bit(v) for p in unit.cells if (v := self.at(p))) for unit in self.shape.units}

    @cached_property
    def cands(self) -> dict[Position, int]:
        """Each empty cell's candidates: no peer's value, nothing ruled out."""
        out: dict[Position, int] = {}
        for p in self.empty:
            mask = self.full
            for q in self.shape.peers[p]:
                if v := self.at(q):
                    mask &= ~bit(v)
            out[p] = mask
        for p, v in self.ruled_out:
            if p in out:
                out[p] &= ~bit(v)
        return out

    def candidates(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """The candidates as the screen shows them: a tuple of values per cell, () for filled cells."""
        n = self.board.n
        return tuple(tuple(tuple(values(self.cands.get((r, c), 0))) for c in range(n)) for r in range(n))

    def placed(self, unit: Unit) -> int:
        """The values already in a unit, as a mask."""
        mask = 0
        for p in unit.cells:
            if v := self.at(p):
                mask |= bit(v)
        return mask

    def open_cells(self, unit: Unit) -> list[Position]:
        return [p for p in unit.cells if p in self.cands]

    def places(self, unit: Unit, value: int) -> list[Position]:
        """The empty cells of a unit where `value` is still a candidate."""
        b = bit(value)
        return [p for p in unit.cells if self.cands.get(p, 0) & b]

    def missing(self, unit: Unit) -> list[int]:
        """The values a unit still needs."""
        return values(self.full & ~self.placed(unit))


placing, ruling_out = cell_steps(label, symbol)


def gone_text(pairs: list[tuple[Position, int]]) -> str:
    """Eliminations in words: "r1c4 and r1c5 are not 3 or 5", or cell by cell where they differ."""
    by_cell: dict[Position, list[int]] = {}
    for p, v in pairs:
        by_cell.setdefault(p, []).append(v)
    said_values = {p: join_words([symbol(v) for v in sorted(vs)], "or") for p, vs in sorted(by_cell.items())}
    if len(set(said_values.values())) == 1:
        verb = "is" if len(said_values) == 1 else "are"
        return f"{cells_said(said_values)} {verb} not {next(iter(said_values.values()))}"
    return "; ".join(f"{label(p)} is not {words}" for p, words in said_values.items())
