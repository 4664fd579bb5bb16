"""George Bell's table for the big boards, and its file format.

On the English board the exact sweeps are too big, and this table takes over
(`win_table`): only positions both reachable and still winnable, kept up to
symmetry, built once and answering every position of the game after that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from puzzles.core import PuzzleError, ShouldStop, distinct, never, stop_if_asked
from puzzles.peg.board import BOARDS, successors, symmetries
from puzzles.peg.counting import found_in
from puzzles.peg.position import Position, centred_on, start

CHUNK = 11  # bits per lookup when a symmetry moves the pegs of many positions at once


@cache
def symmetry_lookups(name: str, hole: int | None) -> tuple[tuple[np.ndarray, ...], ...]:
    """For each symmetry that keeps `hole` in place (every one when None): per 11-bit chunk, where its pegs go."""
    size = BOARDS[name].size
    lookups = []
    for image in symmetries(name):
        if hole is not None and image[hole] != hole:
            continue
        chunks = []
        for first in range(0, size, CHUNK):
            moved_bits = np.zeros(1 << CHUNK, dtype=np.int64)
            for bit in range(min(CHUNK, size - first)):
                moved = np.int64(1) << (image[first + bit + 1] - 1)
                moved_bits[np.arange(1 << CHUNK) >> bit & 1 == 1] |= moved
            chunks.append(moved_bits)
        lookups.append(tuple(chunks))
    return tuple(lookups)


def images(name: str, hole: int | None, positions: np.ndarray) -> list[np.ndarray]:
    chunks = [positions >> first & ((1 << CHUNK) - 1) for first in range(0, BOARDS[name].size, CHUNK)]
    out = []
    for lookup in symmetry_lookups(name, hole):
        image = lookup[0][chunks[0]]
        for moved_bits, chunk in zip(lookup[1:], chunks[1:], strict=True):
            image |= moved_bits[chunk]
        out.append(image)
    return out


def canonical(name: str, hole: int | None, positions: np.ndarray) -> np.ndarray:
    """Each position's representative among its symmetric images: the smallest bitboard."""
    return np.minimum.reduce(images(name, hole, positions))


def complement_canonical(name: str, hole: int | None, positions: np.ndarray) -> np.ndarray:
    """The representative of each position's complement (pegs and holes swapped), without building it."""
    return BOARDS[name].full ^ np.maximum.reduce(images(name, hole, positions))


@dataclass(frozen=True)
class WinTable:
    """Every position both reachable from the start and still winnable, with its winning games.

    The start is the full board less one hole, the finish one peg in that hole
    (the English centre-to-centre game).  Positions are kept up to the
    symmetries that fix the hole; layers[p] holds those with p pegs, sorted.
    Games are int64: the English total, 4.1e16, is far inside 9.2e18.
    """

    board: str
    hole: int
    layers: tuple[np.ndarray, ...]
    wins: tuple[np.ndarray, ...]

    def covers(self, position: Position) -> bool:
        """Whether the table answers for this game: its board, start and finish."""
        return position.board == self.board and centred_on(position, self.hole)

    def games(self, pegs: int) -> int:
        """Winning games from a position of this game (0 for one that is lost)."""
        layer = self.layers[pegs.bit_count()]
        here, at = found_in(layer, canonical(self.board, self.hole, np.array([pegs], dtype=np.int64)))
        return int(self.wins[pegs.bit_count()][at[0]]) if here[0] else 0

    @property
    def size(self) -> int:
        return sum(len(layer) for layer in self.layers)

    def arrays(self) -> dict[str, np.ndarray]:
        """The table as named arrays, for np.savez."""
        named = {"hole": np.array([self.hole])}
        for p, (layer, wins) in enumerate(zip(self.layers, self.wins, strict=True)):
            named[f"layer{p}"], named[f"wins{p}"] = layer, wins
        return named

    @classmethod
    def from_arrays(cls, board: str, arrays: dict[str, np.ndarray]) -> WinTable:
        """The table back from `arrays()`; a file that does not fit the board raises PuzzleError."""
        size = BOARDS[board].size
        try:
            hole = int(arrays["hole"][0])
            layers = tuple(np.asarray(arrays[f"layer{p}"], dtype=np.int64) for p in range(size))
            wins = tuple(np.asarray(arrays[f"wins{p}"], dtype=np.int64) for p in range(size))
        except (KeyError, IndexError, ValueError, TypeError) as error:
            raise PuzzleError(f"not a {board} table ({error})") from None
        if not 1 <= hole <= size or any(len(a) != len(b) for a, b in zip(layers, wins, strict=True)):
            raise PuzzleError(f"not a {board} table (its layers do not match)")
        return cls(board, hole, layers, wins)


def win_table(
    name: str,
    hole: int,
    should_stop: ShouldStop = never,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> WinTable:
    """Bell's method: keep only positions reachable from the start that can still reach the finish.

    Undoing a move on a position is making a move on its complement, and the
    finish is the start's complement, so a position can reach the finish
    exactly when its complement is reachable from the start.  One forward
    sweep down to half the pegs therefore gives both sides: the reachable
    positions with p pegs that are winnable are those whose complement is
    among the reachable ones with N - p.  The winning games are then summed
    backward over that much smaller set.
    """
    size = BOARDS[name].size
    half = size // 2
    steps, done = 2 * size - 4, 0  # forward, downward and counting layers

    def step() -> None:
        nonlocal done
        stop_if_asked(should_stop)
        done += 1
        progress(done, steps)

    def expand(layer: np.ndarray) -> np.ndarray:
        parts = []
        for first in range(0, len(layer), 1_000_000):
            stop_if_asked(should_stop)
            parts.append(distinct(canonical(name, hole, successors(name, layer[first : first + 1_000_000])[1])))
        return distinct(np.concatenate(parts)) if parts else layer[:0]

    def winnable(candidates: np.ndarray, pegs: int) -> np.ndarray:
        """Those whose complement is reachable: they can still reach the finish."""
        return candidates[found_in(reachable[size - pegs], complement_canonical(name, hole, candidates))[0]]

    reachable = {size - 1: canonical(name, hole, np.array([start(name, hole).pegs], dtype=np.int64))}
    for pegs in range(size - 2, half - 1, -1):
        reachable[pegs] = expand(reachable[pegs + 1])
        step()
    layers = {half: winnable(reachable[half], half)}
    for pegs in range(half - 1, 0, -1):
        layers[pegs] = winnable(expand(layers[pegs + 1]), pegs)
        step()
    reachable.clear()
    for pegs in range(half + 1, size):
        layers[pegs] = distinct(complement_canonical(name, hole, layers[size - pegs]))
    wins = {1: np.ones(len(layers[1]), dtype=np.int64)}
    for pegs in range(2, size):
        parents, children = successors(name, layers[pegs])
        here, at = found_in(layers[pegs - 1], canonical(name, hole, children))
        wins[pegs] = np.zeros(len(layers[pegs]), dtype=np.int64)
        np.add.at(wins[pegs], parents[here], wins[pegs - 1][at[here]])
        step()
    empty = np.zeros(0, dtype=np.int64)
    return WinTable(
        name,
        hole,
        tuple(layers.get(p, empty) for p in range(size)),
        tuple(wins.get(p, empty) for p in range(size)),
    )
