"""A pruned search, where counting is too big: which moves keep a win, without counting.

Beam searches find winning lines, a depth-first search with a memory of dead
positions proves losses, and both stop at an exact table of endgames built
backward from the finishes the position class allows (`searched`).
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, replace
from functools import cache, lru_cache

import numpy as np

from puzzles.core import Budget, Count, Deadline, ShouldStop, distinct, never
from puzzles.peg.board import BOARDS, jump_bits, moves, successors
from puzzles.peg.classes import reachable_finishes
from puzzles.peg.counting import TooBig, count_games, found_in, winning_line
from puzzles.peg.position import Position, start
from puzzles.peg.verdicts import BY_TABLE, SEARCHED, Analysis, MoveCount, searched_verdict
from puzzles.peg.winnable import WinnableTable

BUDGET = Budget(work=1_000_000)  # positions searched: the same answer on every machine
ENDGAME_LAYER = 250_000  # positions per layer of an endgame table
EFFORTS = ((500, 2_000), (5_000, 20_000), (30_000, 200_000))  # (beam width, proof nodes), tried in turn

WinningLine = tuple[tuple[int, int, int], ...]


class OutOfNodes(Exception):
    """A proof search used up its nodes: the position stays undecided."""


@dataclass(frozen=True)
class Endgame:
    """Every position of a few pegs that can still end with one peg in `finishes`.

    Undoing a move is playing one on the complement, so these are the
    complements of the first layers reachable from each finish's start.
    layers[p] holds those with p pegs, sorted, as deep as every finish's
    layer stays within ENDGAME_LAYER; `floor` is that depth.
    """

    layers: tuple[np.ndarray, ...]
    floor_set: frozenset[int]  # layers[floor] again, for the proof search's lookups

    @property
    def floor(self) -> int:
        return len(self.layers) - 1

    def wins(self, positions: np.ndarray, pegs: int) -> np.ndarray:
        return found_in(self.layers[pegs], positions)[0]


@lru_cache(maxsize=16)
def endgame(name: str, finishes: tuple[int, ...]) -> Endgame:
    full = BOARDS[name].full
    found: list[list[np.ndarray]] = []
    for hole in finishes:
        layer, reversed_layers = np.array([start(name, hole).pegs], dtype=np.int64), []
        while len(layer) and len(layer) <= ENDGAME_LAYER:
            reversed_layers.append(full ^ layer)
            layer = distinct(successors(name, layer)[1])
        found.append(reversed_layers)
    floor = min(len(layers) for layers in found)
    layers = [np.zeros(0, dtype=np.int64)]
    layers += [distinct(np.concatenate([f[p - 1] for f in found])) for p in range(1, floor + 1)]
    return Endgame(tuple(layers), frozenset(layers[floor].tolist()))


@cache
def promise_weights(name: str) -> tuple[np.ndarray, tuple[int, ...]]:
    """Per hole: its distance from the board's middle, and the bits of its neighbours."""
    board = BOARDS[name]
    rows, cols = zip(*board.holes)
    middle = (sum(rows) / len(rows), sum(cols) / len(cols))
    number = {hole: i for i, hole in enumerate(board.holes)}
    distance = np.array([abs(r - middle[0]) + abs(c - middle[1]) for r, c in board.holes])
    neighbours = tuple(
        sum(1 << number[(r + dr, c + dc)] for dr, dc in board.directions if (r + dr, c + dc) in number)
        for r, c in board.holes
    )
    return distance, neighbours


def promise(name: str, positions: np.ndarray) -> np.ndarray:
    """Lower is more promising: pegs far out, and pegs with no neighbour, are the hard ones to clear."""
    distance, neighbours = promise_weights(name)
    score = np.zeros(len(positions))
    for hole, around in enumerate(neighbours):
        peg = (positions >> hole & 1).astype(bool)
        score += peg * distance[hole] + 4 * (peg & ((positions & around) == 0))
    return score


@cache
def jumps_by_flip(name: str) -> dict[int, tuple[tuple[int, int, int], ...]]:
    """The moves that change a given set of three holes (one each way along the line)."""
    out: dict[int, tuple[tuple[int, int, int], ...]] = {}
    for move in moves(name):
        flip = sum(1 << (h - 1) for h in move)
        out[flip] = (*out.get(flip, ()), move)
    return out


def move_between(name: str, before: int, after: int) -> tuple[int, int, int]:
    return next(m for m in jumps_by_flip(name)[before ^ after] if before >> (m[0] - 1) & 1)


def line_through(name: str, positions: list[int], ends: Endgame) -> WinningLine:
    """The moves along `positions`, then on through the endgame table to one peg."""
    line = [move_between(name, a, b) for a, b in zip(positions, positions[1:])]
    here = positions[-1]
    for pegs in range(here.bit_count() - 1, 0, -1):
        following = successors(name, np.array([here], dtype=np.int64))[1]
        after = int(following[ends.wins(following, pegs)][0])
        line.append(move_between(name, here, after))
        here = after
    return tuple(line)


def beam_line(name: str, pegs: int, ends: Endgame, width: int, deadline: Deadline) -> WinningLine | None:
    """A winning line, looked for by keeping only the `width` most promising positions of each layer.

    It finds wins fast but cannot prove a loss: it may drop the only way on.
    None also when the deadline passes.
    """
    layers, parents = [np.array([pegs], dtype=np.int64)], []
    for _ in range(pegs.bit_count() - max(ends.floor, 1)):
        if deadline.expired(len(layers[-1])):
            return None
        parent, children = successors(name, layers[-1])
        children, first = np.unique(children, return_index=True)
        parent = parent[first]
        if len(children) > width:
            keep = most_promising(promise(name, children), width)
            children, parent = children[keep], parent[keep]
        layers.append(children)
        parents.append(parent)
    last = layers[-1]
    hits = np.flatnonzero(ends.wins(last, int(last[0]).bit_count())) if len(last) else ()
    if not len(hits):
        return None
    at, path = int(hits[0]), []
    for layer, parent in zip(reversed(layers[1:]), reversed(parents)):
        path.append(int(layer[at]))
        at = int(parent[at])
    return line_through(name, [pegs, *reversed(path)], ends)


def beam_finds(name: str, pegs: int, ends: Endgame, deadline: Deadline) -> bool:
    """Whether a beam search of one of the EFFORTS widths, tried in turn, finds a winning line."""
    return any(beam_line(name, pegs, ends, width, deadline) for width, _ in EFFORTS)


def most_promising(scores: np.ndarray, width: int) -> np.ndarray:
    """The indices of the `width` lowest scores, ties going to the lowest index.

    argpartition alone would break ties as its selection algorithm happens
    to, which a numpy release may change; the answer must not.
    """
    worst_kept = np.partition(scores, width - 1)[width - 1]
    better = np.flatnonzero(scores < worst_kept)
    tied = np.flatnonzero(scores == worst_kept)
    return np.concatenate([better, tied[: width - len(better)]])


def proof_line(
    name: str, pegs: int, ends: Endgame, dead: set[int], nodes: int, deadline: Deadline
) -> WinningLine | None:
    """Depth first down to the endgame table, remembering dead positions: a line, or None when lost.

    Raises OutOfNodes when `nodes` positions, or the time left, were not enough to decide.
    """
    jumps = jump_bits(name)
    left = nodes

    def path_from(here: int, count: int) -> list[int] | None:
        nonlocal left
        if count == ends.floor:
            return [here] if here in ends.floor_set else None
        if here in dead:
            return None
        left -= 1
        if left < 0 or (left % 4096 == 0 and deadline.expired(4096)):
            raise OutOfNodes
        for n, e, f in jumps:
            if here & n == n and not here & e and (rest := path_from(here ^ f, count - 1)) is not None:
                return [here, *rest]
        dead.add(here)
        return None

    path = path_from(pegs, pegs.bit_count())
    return None if path is None else line_through(name, path, ends)


def searched(
    position: Position,
    should_stop: ShouldStop = never,
    budget: Budget | None = BUDGET,
    table: WinnableTable | None = None,
) -> Analysis:
    """Which moves keep a one-peg finish, by beam search for wins and exhaustive search for losses.

    Each move is a win found (with its line), a loss proved, or undecided when
    the budget ran out; the efforts grow until every move is decided.  With no
    budget the efforts all run, and each move still undecided is then counted
    outright when its games fit in memory.  A table of winnable positions
    (`table`) settles the moves it knows first (`table_verdicts`).
    """
    deadline = Deadline(budget, should_stop)
    lines: dict[tuple[int, int, int], WinningLine] = {}
    won, lost = table_verdicts(position, table)
    dead: set[int] = set()
    legal = position.legal_moves()

    def undecided() -> list[tuple[int, int, int]]:
        return [m for m in legal if m not in lines and m not in lost and m not in won]

    if undecided():  # a table may have settled every move: then no endgame table (a second to build)
        ends = endgame(position.board, tuple(reachable_finishes(position)))
        for width, nodes in EFFORTS:
            for move in undecided():
                after = position.play(move).pegs
                if (line := beam_line(position.board, after, ends, width, deadline)) is not None:
                    lines[move] = line
                    continue
                with suppress(OutOfNodes):
                    if (line := proof_line(position.board, after, ends, dead, nodes, deadline)) is None:
                        lost.add(move)
                    else:
                        lines[move] = line
            if not undecided() or deadline.expired():
                break
    counted = {} if deadline.bounded else counted_after(position, undecided(), should_stop)
    annotated = sorted(
        (counted[m][0] if m in counted else MoveCount(m, int(m in lines or m in won), m in lost) for m in legal),
        key=lambda m: (-m.games, not m.exact, m.move),
    )
    lines |= {m: line for m, (_, line) in counted.items() if line}
    best = next((m.move for m in annotated if m.move in lines or m.move in won), None)
    if best in won and best not in lines:
        lines[best] = line_by_table(position.board, position.play(best).pegs, table)
    count = Count(sum(m.games for m in annotated), exact=all(m.exact for m in annotated))
    line = (best, *lines[best]) if best else ()
    source = SEARCHED if table is None or not (won or lost) else BY_TABLE.format(board=position.board)
    return Analysis(count, tuple(annotated), line, searched_verdict(position, count, annotated), (), source)


Moves = set[tuple[int, int, int]]


def table_verdicts(position: Position, table: WinnableTable | None) -> tuple[Moves, Moves]:
    """The moves a table of winnable positions settles: (kept wins, proved losses).

    A hit is a win only when any finish will do; a miss is a loss only where
    the table decides the position (`WinnableTable.decides`): on the English
    board everywhere, history or none.
    """
    if table is None or table.board != position.board:
        return set(), set()
    won, lost = set(), set()
    decides = table.decides(position)
    for move in position.legal_moves():
        after = position.play(move).pegs
        if table.wins(after):
            if position.finish is None:
                won.add(move)
        elif decides:
            lost.add(move)
    return won, lost


def line_by_table(name: str, pegs: int, table: WinnableTable) -> WinningLine:
    """A winning line from a position the table says wins: each step to a position it says still wins."""
    path = [pegs]
    while path[-1].bit_count() > 1:
        following = successors(name, np.array([path[-1]], dtype=np.int64))[1].tolist()
        path.append(next(p for p in following if table.wins(p)))
    return tuple(move_between(name, a, b) for a, b in zip(path, path[1:]))


def counted_after(
    position: Position, moves: list[tuple[int, int, int]], should_stop: ShouldStop
) -> dict[tuple[int, int, int], tuple[MoveCount, WinningLine]]:
    """Each move's games counted from the position it leaves, where that fits in memory."""
    found = {}
    for move in moves:
        after = replace(position.play(move), played=())
        with suppress(TooBig):
            games = count_games(after, should_stop).games
            found[move] = (MoveCount(move, games(after.pegs)), winning_line(after, games))
    return found
