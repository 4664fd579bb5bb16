"""One completion found fast where the count runs out: a path walked cell by cell, fewest onward moves first.

On an open board (a 30x30 with only 1 and 900) the count's propagation pays
for the whole board at every branch and finds nothing in its budget, though
completions abound.  A walk finds one: from 1 up to N, each number taking the
neighbour with the fewest free neighbours of its own (Warnsdorff's rule),
backing up where it is stuck; where 1 is not given, the walk starts from a cell
within reach of the lowest given number, fewest onward moves first (a path
walked down from a given number to 1 last had to fit the cells the walk up
left behind, and often could not).  A step is refused when the next given
number is out of its reach through the free cells, when the cells left are no
longer joined to the walk's end, or when more of them have a single way in
than the walk has ends left.  A walk that has backed up too long starts again
from the next start cell with its ties broken another way, until the work runs
out (seeded: the same board gives the same answer on every machine)."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from puzzles.core import Deadline, OutOfBudget
from puzzles.hidoku.board import Geometry, Hidoku, cells
from puzzles.numbergrid import Grid

PATIENCE = 4  # cells weighed per open cell before a walk gives up and the next one starts


@dataclass(frozen=True)
class Step:
    """Number `k` goes next to number `after`, already placed; `target` is the next given number on its way."""

    k: int
    after: int
    target: int | None


def walked(board: Hidoku, deadline: Deadline) -> Grid | None:
    """A completion of `board`: None when no walk found one before the deadline's work ran out."""
    geometry = Geometry(board)
    given = {value: geometry.bit(p) for p, value in cells(board) if value > 0}
    starts = [given[1]] if 1 in given else first_cells(geometry, given)
    if not starts:
        return None
    try:
        for attempt in itertools.count():
            walk = Walk(geometry, given, 1, board.size, random.Random(attempt))
            places = walk.run(starts[attempt % len(starts)], deadline, PATIENCE * board.size)
            if places is not None:
                return grid_of(board, geometry, places)
    except OutOfBudget:
        pass
    return None


def first_cells(geometry: Geometry, given: dict[int, int]) -> list[int]:
    """Where 1 may stand when it is not given: free cells within reach of the lowest given, fewest onward moves
    first (a walk from a corner or a wall leaves the open middle for later)."""
    free = geometry.open & ~sum(given.values())
    lowest = min(given, default=None)
    near = [cell for cell in bits(free) if lowest is None or reaches(geometry, cell, given[lowest], lowest - 1)]
    return sorted(near, key=lambda cell: onward(geometry, cell, 0))


def walk_order(first: int, n: int, given: dict[int, int]) -> list[Step]:
    """Up from the first given number to N, then down from it to 1, each step with the next given on its way."""
    up = [Step(k, k - 1, min((g for g in given if g >= k), default=None)) for k in range(first + 1, n + 1)]
    down = [Step(k, k + 1, max((g for g in given if g <= k), default=None)) for k in range(first - 1, 0, -1)]
    return up + down


class Walk:
    """One walk: numbers placed in `walk_order`, each step's untried cells kept to back up to."""

    def __init__(self, geometry: Geometry, given: dict[int, int], first: int, n: int, rng: random.Random) -> None:
        self.geometry = geometry
        self.given = given
        self.reserved = sum(given.values())
        self.first, self.n = first, n
        self.steps = walk_order(first, n, given)
        self.rng = rng
        self.place: dict[int, int] = {}
        self.taken = 0

    def run(self, start: int, deadline: Deadline, patience: int) -> dict[int, int] | None:
        """Every number's cell, the first given at `start`; None when the walk ran out of patience or of cells."""
        self.put(self.first, start)
        tried: list[list[int]] = []
        while len(tried) < len(self.steps):
            step = self.steps[len(tried)]
            tried.append(self.options(step, deadline))
            while tried and not tried[-1]:
                tried.pop()
                if tried:
                    self.take_back(self.steps[len(tried) - 1].k)
            if not tried or (patience := patience - 1) < 0:
                return None
            self.put(self.steps[len(tried) - 1].k, tried[-1].pop())
        return self.place

    def put(self, k: int, cell: int) -> None:
        self.place[k] = cell
        self.taken |= cell

    def take_back(self, k: int) -> None:
        self.taken &= ~self.place.pop(k)

    def options(self, step: Step, deadline: Deadline) -> list[int]:
        """The cells `step.k` may take, the one to try first last (fewest onward moves, ties by the walk's seed)."""
        near = self.geometry.around(self.place[step.after]) & ~self.taken
        near &= self.given[step.k] if step.k in self.given else ~self.reserved
        weighed = []
        for cell in bits(near):
            deadline.spend()
            if self.fits(step, cell):
                weighed.append((onward(self.geometry, cell, self.taken), self.rng.random(), cell))
        return [cell for *_, cell in sorted(weighed, reverse=True)]

    def fits(self, step: Step, cell: int) -> bool:
        """Whether the walk can go on from `cell`: the next given in reach, the cells left joined and enterable."""
        if step.target is not None and step.target != step.k and not self.in_reach(step, cell):
            return False
        left = self.geometry.open & ~self.taken & ~cell
        ends, ends_left = self.ends(step.k, cell)
        if not self.joined(ends, left):
            return False
        return (self.geometry.lonely(left | ends) & left).bit_count() <= ends_left

    def in_reach(self, step: Step, cell: int) -> bool:
        """Whether the next given number can be reached from `cell` in time: first on an empty board, then
        through the free cells."""
        target, moves = self.given[step.target], abs(step.target - step.k)
        if not reaches(self.geometry, cell, target, moves):
            return False
        free = self.geometry.open & ~self.taken & ~self.reserved | target
        reached = cell
        for _ in range(moves):
            reached |= self.geometry.around(reached) & free
            if reached & target:
                return True
        return False

    def ends(self, k: int, cell: int) -> tuple[int, int]:
        """With k at `cell`: the cells the walk goes on from, and how many of its two ends (N, 1) are still to come."""
        first, n = self.first, self.n
        if k > first:
            down = self.place[first] if first > 1 else 0
            return (cell if k < n else 0) | down, (k < n) + (first > 1)
        return (cell if k > 1 else 0), int(k > 1)

    def joined(self, ends: int, left: int) -> bool:
        """Whether every cell of `left` can be reached from `ends` through `left`."""
        reached = ends
        while True:
            grown = self.geometry.around(reached) & (left | ends)
            if grown == reached:
                return not left & ~reached
            reached = grown


def onward(geometry: Geometry, cell: int, taken: int) -> int:
    """Free neighbours of a cell: Warnsdorff's rule walks to the cell with fewest first."""
    return (geometry.around(cell) & ~taken & ~cell).bit_count()


def reaches(geometry: Geometry, a: int, b: int, moves: int) -> bool:
    """Whether a walk of exactly `moves` moves can lead from cell a to cell b on an empty board: king moves, or
    steps along rows and columns (then of the same colour as the distance on a chessboard)."""
    (ra, ca), (rb, cb) = geometry.position(a), geometry.position(b)
    if geometry.king:
        return max(abs(ra - rb), abs(ca - cb)) <= moves
    distance = abs(ra - rb) + abs(ca - cb)
    return distance <= moves and (moves - distance) % 2 == 0


def bits(cells: int) -> list[int]:
    found = []
    while cells:
        low = cells & -cells
        found.append(low)
        cells ^= low
    return found


def grid_of(board: Hidoku, geometry: Geometry, places: dict[int, int]) -> Grid:
    grid = [list(row) for row in board.grid]
    for k, cell in places.items():
        r, c = geometry.position(cell)
        grid[r][c] = k
    return tuple(tuple(row) for row in grid)
