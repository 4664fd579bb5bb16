"""Exact counting of completions: bitmask candidates, propagation, and a depth-first search by fewest candidates.

Each cell holds its candidates as a bitmask (bit v-1 for value v).  After a
guess, propagation repeats until nothing changes: a placed value leaves its
peers, a value with one place in a unit goes there, and a Killer cage keeps
in each open cell only the digits of the sets of distinct digits that make
its remaining sum (looked up in a table by free digits, open cells, sum).
The search then branches on a cell with the fewest candidates (MRV).

The loop (`kernel`) is compiled by numba, since a Python search node costs more than the
whole 1 ms a 17-clue puzzle may take.  It is resumable: all of its state
lives in arrays the caller owns, so it runs a chunk of search nodes, returns,
and the caller checks the cancel flag and the budget (work counted in search
nodes, so the same puzzle gives the same answer on every machine) before
running the next chunk.  On boards up to 6x6 Python itself runs the same
loop for the first `BY_PYTHON` nodes, and the compiled loop takes over only
where the search goes on: loading numba and the compiled loop takes half a
second, and a trivial 4x4's whole analysis in Python a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from math import factorial
from types import ModuleType

import numpy as np

from puzzles.core import Deadline
from puzzles.numbergrid import Grid, Position
from puzzles.sudoku.board import KILLER_MAX, Sudoku, shape_of

CHUNK = 4096  # search nodes between two looks at the cancel flag and the clock
SMALL = 6  # boards up to SMALL x SMALL start their search in Python
BY_PYTHON = 256  # search nodes Python runs on a small board before the compiled loop goes on
UNCAPPED = 1 << 62  # a limit no count reaches (the empty 9x9 has 6.7e21 completions, but no search gets that far)


@dataclass(frozen=True)
class Tables:
    """The fixed arrays the compiled loop reads: peers, units, bit tables, cages."""

    peers: np.ndarray
    npeers: np.ndarray
    units: np.ndarray
    popc: np.ndarray
    low: np.ndarray
    full: int


@cache
def tables(n: int, diagonal: bool) -> Tables:
    shape = shape_of(n, diagonal)
    index = {p: i for i, p in enumerate(shape.cells)}
    most = max(len(q) for q in shape.peers.values())
    peers = np.zeros((n * n, most), dtype=np.int32)
    npeers = np.zeros(n * n, dtype=np.int32)
    for p, qs in shape.peers.items():
        peers[index[p], : len(qs)] = [index[q] for q in qs]
        npeers[index[p]] = len(qs)
    units = np.array([[index[p] for p in unit.cells] for unit in shape.units], dtype=np.int32)
    masks = np.arange(1 << n)
    popc = np.bitwise_count(masks).astype(np.int32)
    low = np.zeros(1 << n, dtype=np.int32)
    low[1:] = np.bitwise_count((masks[1:] & -masks[1:]) - 1)
    return Tables(peers, npeers, units, popc, low, (1 << n) - 1)


@cache
def combos(n: int) -> np.ndarray:
    """combos[free, k, s]: the digits of every set of k distinct digits from `free` that adds up to s."""
    if n > KILLER_MAX:
        return np.zeros((1, 1, 1), dtype=np.int32)
    sets = np.arange(1 << n)
    sizes = np.bitwise_count(sets)
    sums = sum(((sets >> i) & 1) * (i + 1) for i in range(n))
    table = np.zeros((1 << n, n + 1, n * (n + 1) // 2 + 1), dtype=np.int32)
    for subset, size, total in zip(sets, sizes, sums):
        holders = np.nonzero((sets & subset) == subset)[0]
        table[holders, size, total] |= subset
    return table


def cage_arrays(board: Sudoku) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n, cages = board.n, board.cages
    cells = np.zeros((len(cages), max((len(c.cells) for c in cages), default=0)), dtype=np.int32)
    for k, cage in enumerate(cages):
        cells[k, : len(cage.cells)] = [r * n + c for r, c in cage.cells]
    lengths = np.array([len(c.cells) for c in cages], dtype=np.int32)
    totals = np.array([c.total for c in cages], dtype=np.int32)
    return cells, lengths, totals


# ---------------------------------------------------------------- the driver


@dataclass(frozen=True)
class Found:
    """What a search found: how many completions (at most `cap` + 1), the first few, and whether it finished."""

    count: int
    solutions: tuple[Grid, ...]
    finished: bool  # False: the budget ran out, so `count` is only a lower bound
    nodes: int


def search(board: Sudoku, *, limit: int, keep: int, deadline: Deadline) -> Found:
    """Count completions up to `limit` (stopping there), keeping the first `keep`, within `deadline`."""
    from puzzles.sudoku.kernel import COUNT, FINISHED

    n = board.n
    t = tables(n, board.diagonal)
    cage_cells, cage_len, cage_total = cage_arrays(board)
    table = combos(n) if board.cages else combos(KILLER_MAX + 1)
    fixed = (t.peers, t.npeers, t.units, t.popc, t.low, cage_cells, cage_len, cage_total, table, t.full)
    cells = n * n
    cand = np.zeros((cells + 1, cells), dtype=np.int32)
    done = np.zeros((cells + 1, cells), dtype=np.int8)
    queue = np.zeros(cells, dtype=np.int32)
    flat = np.array(board.grid, dtype=np.int32).ravel()
    cand[0] = np.where(flat > 0, 1 << np.maximum(flat - 1, 0), t.full)
    solutions = np.zeros((keep, cells), dtype=np.int32)
    by_python = BY_PYTHON if n <= SMALL else 0
    if not loop(by_python > 0).propagate(cand[0], done[0], queue, *fixed[:-1], t.full):
        return Found(0, (), True, 0)
    reg = np.zeros(4, dtype=np.int64)
    todo, branch = np.zeros(cells + 1, dtype=np.int32), np.zeros(cells + 1, dtype=np.int32)
    nodes, finished = 0, False
    while not finished:
        chunk = CHUNK if deadline.work_left is None else min(CHUNK, max(deadline.work_left, 0))
        if chunk == 0:
            break
        in_python = nodes < by_python
        chunk = min(chunk, by_python - nodes) if in_python else chunk
        spent = loop(in_python).run(cand, done, queue, todo, branch, reg, solutions, limit, chunk, *fixed)
        nodes += spent
        finished = bool(reg[FINISHED])
        if deadline.expired(spent) and not finished:
            break
    count = int(reg[COUNT])
    grids = tuple(
        tuple(tuple(int(v) for v in row) for row in solutions[i].reshape(n, n)) for i in range(min(count, keep))
    )
    return Found(count, grids, finished, nodes)


def every_completion(board: Sudoku, *, keep: int, deadline: Deadline) -> Found:
    """Count every completion (no cap), keeping the first `keep`: what `--count` asks, however many there are.

    Where the values a unit still lacks stand nowhere on the board (an empty
    board: all of them), swapping any two of them maps completions to
    completions, so each completion with those values in the unit in rising
    order stands for k! of them: the empty 6x6's 28,200,960 grids are 720
    times the 39,168 with row 1 reading 1..6.  Cages add up values, so a
    Killer board is counted in full.
    """
    unit, free = interchangeable(board)
    if len(free) < 2:
        return search(board, limit=UNCAPPED, keep=keep, deadline=deadline)
    fixed = board
    for position, value in zip((p for p in unit if board.grid[p[0]][p[1]] == 0), sorted(free)):
        fixed = fixed.with_cell(position, value)
    found = search(fixed, limit=UNCAPPED, keep=keep, deadline=deadline)
    return replace(found, count=found.count * factorial(len(free)))


def interchangeable(board: Sudoku) -> tuple[tuple[Position, ...], frozenset[int]]:
    """The unit missing the most values that stand nowhere on the board, and those values (none on a Killer board)."""
    placed = {v for row in board.grid for v in row if v}
    best: tuple[tuple[Position, ...], frozenset[int]] = ((), frozenset())
    for unit in () if board.cages else board.shape.units:
        missing = frozenset(range(1, board.n + 1)) - {board.grid[r][c] for r, c in unit.cells}
        if not missing & placed and len(missing) > len(best[1]):
            best = (unit.cells, missing)
    return best


def loop(in_python: bool) -> ModuleType:
    """The search loop as Python runs it, or compiled by numba (imported, and read from its cache, on first use)."""
    if in_python:
        from puzzles.sudoku import kernel

        return kernel
    from puzzles.sudoku import compiled

    return compiled
