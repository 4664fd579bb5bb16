"""Exact counts of winning games, layer by layer over numpy arrays of positions.

Every move removes one peg, so the positions reachable from a start fall into
layers by peg count.  `count_games` goes in two sweeps: forward, collect each
layer (each move applied to a whole layer at once, duplicates merged with
np.unique); backward, from the one-peg finishes up, each position's number of
winning games is the sum over its moves of its successors' numbers.  Those
`GameCounts` answer everything the explorer asks: the games from here, every
move's count, the moment a position is lost, and a winning line.

Openings need only the games by finish hole, summed forward two layers at a
time (`finishing_games`), which counts triangle7 too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from puzzles.core import PuzzleError, ShouldStop, never, stop_if_asked
from puzzles.peg.board import successors
from puzzles.peg.position import Position, start

MAX_LAYER = 3_000_000  # positions in one layer before the exact count gives up


@dataclass(frozen=True)
class GameCounts:
    """Every position reachable from a root, by peg count, with its winning games (`count_games`)."""

    layers: tuple[np.ndarray, ...]  # layers[i]: sorted positions with (root pegs - i) pegs
    wins: tuple[np.ndarray, ...]  # games from each position that end in a win

    def games(self, pegs: int) -> int:
        for positions, wins in zip(self.layers, self.wins):
            at = np.searchsorted(positions, pegs)
            if at < len(positions) and positions[at] == pegs:
                return int(wins[at])
        return 0


def won(position_bits: np.ndarray, finish: int | None) -> np.ndarray:
    if finish is None:
        return np.ones(len(position_bits), dtype=bool)
    return position_bits == (1 << (finish - 1))


EXACT_FLOAT = 2**53


def summed(groups: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """Sum `values` by group; bincount is exact while totals stay below 2**53, else np.add.at."""
    if values.sum(dtype=np.float64) < EXACT_FLOAT:
        return np.bincount(groups, weights=values, minlength=size).astype(np.int64)
    out = np.zeros(size, dtype=np.int64)
    np.add.at(out, groups, values)
    return out


class TooBig(PuzzleError):
    """Counting from this position would need more than the allowed positions in one layer."""


def count_games(position: Position, should_stop: ShouldStop = never, limit: int = MAX_LAYER) -> GameCounts:
    """Reachable layers forward, winning games backward.

    The forward sweep remembers which parent led to which child, so the
    backward sweep is one gather and one sum per layer.
    """
    layers = [np.array([position.pegs], dtype=np.int64)]
    edges = []
    while True:
        stop_if_asked(should_stop)
        parents, children = successors(position.board, layers[-1])
        if not len(children):
            break
        following, inverse = np.unique(children, return_inverse=True)
        if len(following) > limit:
            raise TooBig(f"exact counts from this start would need more than {limit:,} positions in one layer")
        layers.append(following)
        edges.append((parents, inverse))
    wins = [np.zeros(len(layer), dtype=np.int64) for layer in layers]
    if bin(int(layers[-1][0])).count("1") == 1:
        wins[-1] = won(layers[-1], position.finish).astype(np.int64)
    for i in range(len(layers) - 2, -1, -1):
        parents, inverse = edges[i]
        wins[i] = summed(parents, wins[i + 1][inverse], len(layers[i]))
    return GameCounts(tuple(layers), tuple(wins))


def winning_line(position: Position, games: Callable[[int], int]) -> tuple[tuple[int, int, int], ...]:
    line = []
    while games(position.pegs) and position.legal_moves():
        move = max(position.legal_moves(), key=lambda m: games(position.play(m).pegs))
        line.append(move)
        position = position.play(move)
    return tuple(line)


def found_in(ordered: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """Which positions are in the sorted array, and where."""
    at = np.minimum(np.searchsorted(ordered, positions), max(len(ordered) - 1, 0))
    return (ordered[at] == positions) if len(ordered) else np.zeros(len(positions), dtype=bool), at


COUNT_CHUNK = 1_000_000  # positions expanded at once while counting forward


def finishing_games(name: str, hole: int, should_stop: ShouldStop = never, limit: int = MAX_LAYER) -> dict[int, int]:
    """Games from a start, by the hole the last peg ends in.

    The number of ways to reach each position is summed forward one layer at
    a time, so only two layers are ever held: about 1.4 GiB and 40 s for a
    triangle7 start, whose layers reach 7 million positions.
    """
    layer = np.array([start(name, hole).pegs], dtype=np.int64)
    ways = np.array([1], dtype=np.int64)
    while True:
        parts = []
        for first in range(0, len(layer), COUNT_CHUNK):
            stop_if_asked(should_stop)
            parents, children = successors(name, layer[first : first + COUNT_CHUNK])
            parts.append(merged(children, ways[first : first + COUNT_CHUNK][parents]))
        children = np.concatenate([c for c, _ in parts])
        if not len(children):
            break
        layer, ways = merged(children, np.concatenate([w for _, w in parts]))
        if len(layer) > limit:
            raise TooBig(f"counting from hole {hole} would pass {limit:,} positions in one layer")
    if layer[0].item().bit_count() != 1:
        return {}
    return {bits.bit_length(): n for bits, n in sorted(zip(layer.tolist(), ways.tolist()))}


def merged(positions: np.ndarray, ways: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct position once, with the ways to it added up (exact int64 sums, or TooBig)."""
    if not len(positions):
        return positions, ways
    order = np.argsort(positions, kind="stable")
    positions, ways = positions[order], ways[order]
    starts = np.flatnonzero(np.r_[True, positions[1:] != positions[:-1]])
    if np.add.reduceat(ways.astype(np.float64), starts).max() > 2**62:  # the int64 sums would wrap
        raise TooBig("these games are too many for 64-bit counts")
    return positions[starts], np.add.reduceat(ways, starts)
