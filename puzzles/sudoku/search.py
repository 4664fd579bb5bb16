"""Exact counting of completions: bitmask candidates, propagation, and a depth-first search by fewest candidates.

Each cell holds its candidates as a bitmask (bit v-1 for value v).  After a
guess, propagation repeats until nothing changes: a placed value leaves its
peers, a value with one place in a unit goes there, and a Killer cage keeps
in each open cell only the digits of the sets of distinct digits that make
its remaining sum (looked up in a table by free digits, open cells, sum).
The search then branches on a cell with the fewest candidates (MRV).

The loop is compiled by numba, since a Python search node costs more than the
whole 1 ms a 17-clue puzzle may take.  It is resumable: all of its state
lives in arrays the caller owns, so it runs a chunk of search nodes, returns,
and the caller checks the cancel flag and the budget (work counted in search
nodes, so the same puzzle gives the same answer on every machine) before
running the next chunk.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit

from puzzles.core import Deadline
from puzzles.numbergrid import Grid
from puzzles.sudoku.board import KILLER_MAX, Sudoku, shape_of

CHUNK = 4096  # search nodes between two looks at the cancel flag and the clock

# reg: the search's registers, kept between chunks
DEPTH, PHASE, COUNT, FINISHED = range(4)
EXPAND, NEXT_BRANCH = 0, 1


@njit(cache=True, nogil=True)
def propagate(cand, done, queue, peers, npeers, units, popc, low, cage_cells, cage_len, cage_total, combos, full):
    """Narrow `cand` in place until nothing changes; False when a cell or a unit has nothing left.

    done[c]: 0 open, 1 single and queued, 2 single and taken from its peers.
    """
    n_cells = cand.shape[0]
    head = 0
    tail = 0
    for c in range(n_cells):
        if done[c] == 0 and popc[cand[c]] == 1:
            done[c] = 1
            queue[tail] = c
            tail += 1
    max_sum = combos.shape[2] - 1
    while True:
        while head < tail:
            c = queue[head]
            head += 1
            v = cand[c]
            done[c] = 2
            for k in range(npeers[c]):
                p = peers[c, k]
                if cand[p] & v:
                    m = cand[p] & ~v
                    if m == 0:
                        return False
                    cand[p] = m
                    if done[p] == 0 and popc[m] == 1:
                        done[p] = 1
                        queue[tail] = p
                        tail += 1
        for u in range(units.shape[0]):
            once = 0
            twice = 0
            for i in range(units.shape[1]):
                m = cand[units[u, i]]
                twice |= once & m
                once |= m
            if once != full:
                return False
            hidden = once & ~twice
            while hidden:
                b = hidden & -hidden
                hidden ^= b
                for i in range(units.shape[1]):
                    c = units[u, i]
                    if cand[c] & b:
                        if cand[c] != b:
                            cand[c] = b
                            if done[c] == 0:
                                done[c] = 1
                                queue[tail] = c
                                tail += 1
                        break
        for k in range(cage_len.shape[0]):
            placed = 0
            placed_sum = 0
            open_cells = 0
            for i in range(cage_len[k]):
                m = cand[cage_cells[k, i]]
                if popc[m] == 1:
                    if placed & m:
                        return False
                    placed |= m
                    placed_sum += low[m] + 1
                else:
                    open_cells += 1
            rest = cage_total[k] - placed_sum
            if open_cells == 0:
                if rest != 0:
                    return False
                continue
            if rest <= 0 or rest > max_sum:
                return False
            allowed = combos[full & ~placed, open_cells, rest]
            for i in range(cage_len[k]):
                c = cage_cells[k, i]
                m = cand[c]
                if popc[m] > 1 and m & ~allowed:
                    m &= allowed
                    if m == 0:
                        return False
                    cand[c] = m
                    if done[c] == 0 and popc[m] == 1:
                        done[c] = 1
                        queue[tail] = c
                        tail += 1
        if head == tail:
            return True


@njit(cache=True, nogil=True)
def run(cand, done, queue, todo, branch, reg, solutions, limit, max_nodes, peers, npeers, units, popc, low,
        cage_cells, cage_len, cage_total, combos, full):  # fmt: skip
    """Search on from where `reg` says for up to `max_nodes` guesses; returns the guesses made.

    cand[d], done[d] are the board at depth d; branch[d] the cell guessed
    there and todo[d] its values not tried yet.  Stops for good (reg[FINISHED])
    when the tree is done or `limit` completions are found.
    """
    n_cells = cand.shape[1]
    d = reg[DEPTH]
    phase = reg[PHASE]
    count = reg[COUNT]
    spent = 0
    while True:
        if phase == EXPAND:
            best = -1
            fewest = 99
            for c in range(n_cells):
                k = popc[cand[d, c]]
                if 1 < k < fewest:
                    fewest = k
                    best = c
                    if k == 2:
                        break
            if best < 0:
                if count < solutions.shape[0]:
                    for c in range(n_cells):
                        solutions[count, c] = low[cand[d, c]] + 1
                count += 1
                if count >= limit:
                    reg[FINISHED] = 1
                    break
                d -= 1
                phase = NEXT_BRANCH
            else:
                branch[d] = best
                todo[d] = cand[d, best]
                phase = NEXT_BRANCH
        else:
            if d < 0:
                reg[FINISHED] = 1
                break
            t = todo[d]
            if t == 0:
                d -= 1
                continue
            b = t & -t
            todo[d] = t ^ b
            cand[d + 1, :] = cand[d, :]
            done[d + 1, :] = done[d, :]
            cand[d + 1, branch[d]] = b
            spent += 1
            if propagate(cand[d + 1], done[d + 1], queue, peers, npeers, units, popc, low,
                         cage_cells, cage_len, cage_total, combos, full):  # fmt: skip
                d += 1
                phase = EXPAND
            if spent >= max_nodes:
                break
    reg[DEPTH] = d
    reg[PHASE] = phase
    reg[COUNT] = count
    return spent


# ---------------------------------------------------------------- tables


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
    if not propagate(cand[0], done[0], queue, *fixed[:-1], t.full):
        return Found(0, (), True, 0)
    reg = np.zeros(4, dtype=np.int64)
    todo, branch = np.zeros(cells + 1, dtype=np.int32), np.zeros(cells + 1, dtype=np.int32)
    nodes, finished = 0, False
    while not finished:
        chunk = CHUNK if deadline.work_left is None else min(CHUNK, max(deadline.work_left, 0))
        if chunk == 0:
            break
        spent = run(cand, done, queue, todo, branch, reg, solutions, limit, chunk, *fixed)
        nodes += spent
        finished = bool(reg[FINISHED])
        if deadline.expired(spent) and not finished:
            break
    count = int(reg[COUNT])
    grids = tuple(
        tuple(tuple(int(v) for v in row) for row in solutions[i].reshape(n, n)) for i in range(min(count, keep))
    )
    return Found(count, grids, finished, nodes)
