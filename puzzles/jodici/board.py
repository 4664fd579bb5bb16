"""The Jodici board, its text format, and exact counting.

A sector is a column of three digits summing to 15: only 61 ordered triples
exist.  Filling sectors left to right, all that matters about the sectors done
is how often each digit was used and what the first two rings add up to (the
third follows), so completions are counted by dynamic programming over those
states instead of by search: an empty board counts in well under a second.
Counting forward and backward and joining the two halves at each sector gives
every cell's candidates exactly (the values it takes in some completion).

Text format (the seed's): three lines, one per ring, of six comma-separated
cells (sectors), `_` (or another blank mark of `puzzles.pasted`) for empty;
prose around them is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import product

import numpy as np

from puzzles.core import PuzzleError, ShouldStop, reads_text, stop_if_asked
from puzzles.numbergrid import EMPTY, Grid, Position, format_rows, grid_form, read_rows, replace_cell
from puzzles.pasted import Line, find_board

RINGS, SECTORS = 3, 6
SECTOR_SUM, RING_SUM, USES = 15, 30, 2

Triple = tuple[int, int, int]


@dataclass(frozen=True)
class Jodici:
    grid: Grid  # rows are rings, columns are sectors
    givens: frozenset[Position] = field(default_factory=frozenset)

    largest = 9

    def with_cell(self, position: Position, value: int) -> Jodici:
        return replace(self, grid=replace_cell(self.grid, position, value), givens=self.givens - {position})


@reads_text
def parse(text: str) -> Jodici:
    grid, _ = find_board(text, FORM)
    givens = frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v)
    return Jodici(grid, givens)


def read_rings(lines: list[Line]) -> Grid:
    if len(lines) != RINGS:
        where = lines[RINGS].number if len(lines) > RINGS else (lines[-1].number if lines else 1)
        raise PuzzleError(f"a Jodici has {RINGS} rings (lines), found {len(lines)}", line=where, column=1)
    return read_rows(lines, max_side=SECTORS, high=9, width=SECTORS)


FORM = grid_form(read_rings)


def format(board: Jodici) -> str:
    return format_rows(board.grid).replace(" ", ",")


def blank() -> Jodici:
    return Jodici(tuple((EMPTY,) * SECTORS for _ in range(RINGS)))


# ---------------------------------------------------------------- counting


@cache
def sector_triples() -> tuple[Triple, ...]:
    """The 61 ordered (ring 1, ring 2, ring 3) digit triples that sum to 15."""
    return tuple(t for t in product(range(1, 10), repeat=3) if sum(t) == SECTOR_SUM)


def fits(triple: Triple, column: tuple[int, ...]) -> bool:
    return all(given in (EMPTY, value) for given, value in zip(column, triple))


# A state packs into one int64: 4 bits of uses per digit (bits 0..35), then the
# running sums of ring 1 and ring 2 in 6 bits each.  Adding a sector is then one
# addition, and "a digit used three times" is one mask test: 3 + 5 sets bit 3.
RING1, RING2 = 36, 42
USES_MASK = (1 << RING1) - 1
FIVES = sum(5 << (4 * d) for d in range(9))
EIGHTS = sum(8 << (4 * d) for d in range(9))
START = 0


def delta(triple: Triple) -> int:
    return sum(1 << (4 * (d - 1)) for d in triple) + (triple[0] << RING1) + (triple[1] << RING2)


def advance(states: np.ndarray, triple: Triple) -> tuple[np.ndarray, np.ndarray]:
    """The states after adding `triple`, and which of them are still legal."""
    after = states + delta(triple)
    legal = (((after & USES_MASK) + FIVES) & EIGHTS) == 0
    legal &= ((after >> RING1) & 63) <= RING_SUM
    legal &= ((after >> RING2) & 63) <= RING_SUM
    return after, legal


COMPLETE = sum(2 << (4 * d) for d in range(9)) + (RING_SUM << RING1) + (RING_SUM << RING2)


def options(column: tuple[int, ...]) -> list[Triple]:
    return [t for t in sector_triples() if fits(t, column)]


def forward(board: Jodici, should_stop: ShouldStop) -> list[tuple[np.ndarray, np.ndarray]]:
    """layers[i]: (sorted states, ways) after filling sectors 0..i-1."""
    layers = [(np.array([START], dtype=np.int64), np.array([1], dtype=np.int64))]
    for column in zip(*board.grid):
        stop_if_asked(should_stop)
        states, ways = layers[-1]
        reached, counts = [], []
        for triple in options(column):
            after, legal = advance(states, triple)
            reached.append(after[legal])
            counts.append(ways[legal])
        merged = np.concatenate(reached) if reached else np.array([], dtype=np.int64)
        keys, inverse = np.unique(merged, return_inverse=True)
        total = np.bincount(inverse, weights=np.concatenate(counts) if counts else None, minlength=len(keys))
        layers.append((keys, total.astype(np.int64)))
    return layers


def lookup(keys: np.ndarray, values: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """values[keys == wanted], 0 where a wanted key is missing (keys sorted)."""
    if len(keys) == 0:
        return np.zeros(len(wanted), dtype=np.int64)
    at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    return np.where(keys[at] == wanted, values[at], 0)


def backward(
    board: Jodici, ahead: list[tuple[np.ndarray, np.ndarray]], should_stop: ShouldStop
) -> list[tuple[np.ndarray, np.ndarray]]:
    """layers[i]: (states before sector i, how many ways sectors i..5 finish from each)."""
    columns = list(zip(*board.grid))
    final = ahead[SECTORS][0]
    layers = [(np.array([], dtype=np.int64), np.array([], dtype=np.int64))] * (SECTORS + 1)
    done = final[final == COMPLETE]
    layers[SECTORS] = (done, np.ones(len(done), dtype=np.int64))
    for i in range(SECTORS - 1, -1, -1):
        stop_if_asked(should_stop)
        states = ahead[i][0]
        total = np.zeros(len(states), dtype=np.int64)
        later_keys, later_ways = layers[i + 1]
        for triple in options(columns[i]):
            after, legal = advance(states, triple)
            total += np.where(legal, lookup(later_keys, later_ways, after), 0)
        keep = total > 0
        layers[i] = (states[keep], total[keep])
    return layers


def conflicts(board: Jodici) -> dict[Position, str]:
    """Cells breaking a rule by themselves: a digit three times, a full line with a wrong sum."""
    found: dict[Position, str] = {}
    cells = [((r, c), v) for r, row in enumerate(board.grid) for c, v in enumerate(row) if v]
    for digit in range(1, 10):
        places = [p for p, v in cells if v == digit]
        if len(places) > USES:
            for p in places:
                found[p] = f"{digit} is used {len(places)} times (twice allowed)"
    for c, column in enumerate(zip(*board.grid)):
        if sum(column) > SECTOR_SUM or (all(column) and sum(column) != SECTOR_SUM):
            for r in range(RINGS):
                found.setdefault((r, c), f"sector {c + 1} sums to {sum(column)}, not {SECTOR_SUM}")
    for r, row in enumerate(board.grid):
        if sum(row) > RING_SUM or (all(row) and sum(row) != RING_SUM):
            for c in range(SECTORS):
                found.setdefault((r, c), f"ring {r + 1} sums to {sum(row)}, not {RING_SUM}")
    return found


def counted(
    board: Jodici, should_stop: ShouldStop
) -> tuple[int, tuple[tuple[tuple[int, ...], ...], ...], list[tuple[np.ndarray, np.ndarray]]]:
    """The number of completions, each empty cell's exact candidates, and the layers that list completions."""
    behind = backward(board, forward(board, should_stop), should_stop)
    return int(behind[0][1].sum()), exact_candidates(board, behind), behind


def exact_candidates(board: Jodici, behind: list[tuple[np.ndarray, np.ndarray]]) -> tuple:
    """The digits each empty cell takes in at least one completion."""
    seen = [[set() for _ in range(SECTORS)] for _ in range(RINGS)]
    for i, column in enumerate(zip(*board.grid)):
        states, later = behind[i][0], behind[i + 1][0]
        for triple in options(column):
            if all(triple[r] in seen[r][i] for r in range(RINGS)):
                continue
            after, legal = advance(states, triple)
            if np.isin(after[legal], later).any():
                for r in range(RINGS):
                    seen[r][i].add(triple[r])
    return tuple(
        tuple(tuple(sorted(seen[r][c])) if board.grid[r][c] == EMPTY else () for c in range(SECTORS))
        for r in range(RINGS)
    )


def completions(board: Jodici, behind: list[tuple[np.ndarray, np.ndarray]], limit: int) -> Iterator[Grid]:
    """Up to `limit` completions, walking only through states that still finish."""
    columns = list(zip(*board.grid))
    finishing = [set(keys.tolist()) for keys, _ in behind]

    def walk(i: int, state: int, chosen: list[Triple]) -> Iterator[Grid]:
        if i == SECTORS:
            yield tuple(tuple(t[r] for t in chosen) for r in range(RINGS))
            return
        for triple in options(columns[i]):
            after = state + delta(triple)
            if after in finishing[i + 1]:
                yield from walk(i + 1, after, [*chosen, triple])

    for n, grid in enumerate(walk(0, START, [])):
        if n >= limit:
            return
        yield grid


def label(position: Position) -> str:
    return f"ring {position[0] + 1}, sector {position[1] + 1}"
