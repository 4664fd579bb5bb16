"""Which positions of a big board can still end with one peg: a table built once, meeting in the middle.

The positions a game can show are reachable from a start (the full board less
one hole).  A position can end with one peg in hole h exactly when its
complement is reachable from the start with only h empty, and the finishes of
winning games are themselves starts of winning games.  So one forward sweep,
out of every start whose class allows a finish and down to half the pegs,
gives both sides: at the middle layer the winnable positions are the reached ones
with a move to a position whose complement is reached too; above it, a
reached position is winnable when one move leads into the winnable layer
below (found by undoing moves from that layer: undoing a move is playing one
on the complement).  Positions are kept up to every symmetry of the board.

Below the middle the pruned search is quick (few pegs) and answers as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from puzzles.core import PuzzleError, ShouldStop, distinct, never, stop_if_asked
from puzzles.peg.bell import canonical, complement_canonical
from puzzles.peg.board import BOARDS, successors
from puzzles.peg.classes import reachable_finishes
from puzzles.peg.counting import found_in
from puzzles.peg.position import Position, opening_position, start

CHUNK = 1_000_000  # positions expanded at once


@dataclass(frozen=True)
class WinnableTable:
    """Every position with `floor` pegs or more, reachable from a start, that can still end with one peg.

    layers[p] holds them with p pegs, sorted, each as the smallest of its
    symmetric images; below `floor` the layers are empty and the table says
    nothing.
    """

    board: str
    floor: int
    layers: tuple[np.ndarray, ...]

    def knows(self, pegs: int) -> bool:
        return pegs.bit_count() >= self.floor

    def wins(self, pegs: int) -> bool:
        """Whether a one-peg finish (anywhere) is still possible; only where `knows`."""
        here = canonical(self.board, None, np.array([pegs], dtype=np.int64))
        return bool(found_in(self.layers[pegs.bit_count()], here)[0][0])

    def decides(self, position: Position) -> bool:
        """Whether a miss in the table proves a loss: the game began at a start, so its positions are reachable.

        (A hit proves a win wherever the game began.)
        """
        opening = opening_position(position).pegs
        full = BOARDS[self.board].full
        return position.board == self.board and (full ^ opening).bit_count() == 1

    def settles(self, position: Position) -> bool:
        """Whether the table settles every move from here: a game begun at a start, any finish, above the floor."""
        return self.decides(position) and position.finish is None and position.pegs.bit_count() > self.floor

    @property
    def size(self) -> int:
        return sum(len(layer) for layer in self.layers)

    def arrays(self) -> dict[str, np.ndarray]:
        """The table as named arrays, for np.savez."""
        named = {"floor": np.array([self.floor])}
        named |= {f"layer{p}": layer for p, layer in enumerate(self.layers) if p >= self.floor}
        return named

    @classmethod
    def from_arrays(cls, board: str, arrays: dict[str, np.ndarray]) -> WinnableTable:
        """The table back from `arrays()`; a file that does not fit the board raises PuzzleError."""
        size = BOARDS[board].size
        try:
            floor = int(arrays["floor"][0])
            if not 1 <= floor < size:
                raise ValueError(f"floor {floor}")
            kept = {p: np.asarray(arrays[f"layer{p}"], dtype=np.int64) for p in range(floor, size)}
        except (KeyError, IndexError, ValueError, TypeError) as error:
            raise PuzzleError(f"not a {board} table of winnable positions ({error})") from None
        empty = np.zeros(0, dtype=np.int64)
        return cls(board, floor, tuple(kept.get(p, empty) for p in range(size + 1)))


def in_chunks(layer: np.ndarray, step: Callable[[np.ndarray], np.ndarray], should_stop: ShouldStop) -> np.ndarray:
    """`step` over the layer a chunk at a time, each chunk's results (canonical) merged: the distinct results."""
    parts = []
    for first in range(0, len(layer), CHUNK):
        stop_if_asked(should_stop)
        parts.append(distinct(step(layer[first : first + CHUNK])))
    return distinct(np.concatenate(parts)) if parts else layer[:0]


def winnable_middle(name: str, layer: np.ndarray, beyond: np.ndarray, should_stop: ShouldStop) -> np.ndarray:
    """The positions of `layer` with a move to a winnable position: one whose complement is in `beyond`.

    Looking one move ahead spares sweeping the biggest layer, the one below the middle.
    """
    keep = []
    for first in range(0, len(layer), CHUNK):
        stop_if_asked(should_stop)
        parents, children = successors(name, layer[first : first + CHUNK])
        # Sorted, the lookups walk `beyond` in order instead of jumping about it (many times faster).
        wanted, back = np.unique(complement_canonical(name, None, children), return_inverse=True)
        meets = found_in(beyond, wanted)[0][back]
        keep.append(first + np.unique(parents[meets]))
    return layer[np.concatenate(keep)] if keep else layer


def winnable_table(
    name: str,
    should_stop: ShouldStop = never,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> WinnableTable:
    """Sweep forward from every start down to the middle, then keep the winnable positions going back up."""
    size, full = BOARDS[name].size, BOARDS[name].full
    middle = (size + 1) // 2  # one move below it, the complements land among the reached positions of this layer
    steps, done = 2 * (size - 1 - middle) + 1, 0

    def step() -> None:
        nonlocal done
        done += 1
        progress(done, steps)

    def forward(layer: np.ndarray) -> np.ndarray:
        return canonical(name, None, successors(name, layer)[1])

    def backward(layer: np.ndarray) -> np.ndarray:
        return canonical(name, None, full ^ successors(name, full ^ layer)[1])

    starts = [start(name, h) for h in range(1, size + 1)]
    first = [p.pegs for p in starts if reachable_finishes(p)]
    reached = {size - 1: distinct(canonical(name, None, np.array(first, dtype=np.int64)))}
    for pegs in range(size - 2, middle - 1, -1):
        reached[pegs] = in_chunks(reached[pegs + 1], forward, should_stop)
        step()
    layers = {middle: winnable_middle(name, reached[middle], reached[size - middle + 1], should_stop)}
    step()
    for pegs in range(middle + 1, size):
        undone = in_chunks(layers[pegs - 1], backward, should_stop)
        layers[pegs] = undone[found_in(reached[pegs], undone)[0]]
        step()
    empty = np.zeros(0, dtype=np.int64)
    return WinnableTable(name, middle, tuple(layers.get(p, empty) for p in range(size + 1)))
