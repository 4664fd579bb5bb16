"""Peg solitaire: which moves keep a one-peg finish, and how many winning games follow.

A board is a few lines of description: its holes and its jump directions.
Holes are numbered 1..N row by row from the top, left to right; a position is
a bitboard (bit h-1 set when hole h has a peg), and a move is three holes in a
line: a peg jumps over a peg into an empty hole.

Every move removes one peg, so the positions reachable from a start fall into
layers by peg count.  Counting goes in two sweeps over numpy arrays of
positions: forward, collect each layer (each move applied to a whole layer at
once, duplicates merged with np.unique); backward, from the one-peg finishes
up, each position's number of winning games is the sum over its moves of its
successors' numbers.  That single table answers everything the explorer asks:
the games from here, every move's count, the moment a position is lost, and a
winning line.

On the English board those sweeps are too big, and George Bell's table takes
over (`win_table`): only positions both reachable and still winnable, kept up
to symmetry, built once and answering every position of the game after that.

Where no table fits (other English starts, the European board, triangle7
while playing), a search says which moves keep a win without counting
(`searched`): beam searches find winning lines, a depth-first search with a
memory of dead positions proves losses, and both stop at an exact table of
endgames built backward from the finishes the position class allows.
Openings need only the games by finish hole, summed forward two layers at a
time (`finishing_games`), which counts triangle7 too.

Position text format: `board: triangle5`, then the board drawn with `X` for a
peg and `O` or `.` for an empty hole (indentation is free).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

import numpy as np

from puzzles.core import (
    Budget,
    Count,
    Deadline,
    PuzzleError,
    ShouldStop,
    Stopped,
    distinct,
    matched_number,
    never,
    reads_text,
    shown,
)
from puzzles.numbergrid import content_lines

TITLE = "Peg solitaire"
SUMMARY = "Explore openings on the classic boards: every move annotated with the winning games that follow."
SOLVE_OPTIONS = ()
MAX_LAYER = 3_000_000  # positions in one layer before the exact count gives up
LIVE_LAYER = 400_000  # the same while a person plays: past it, a pruned search answers at once
COUNT_LAYER = 10_000_000  # positions per layer an openings count may hold when asked to count (about 2 GiB)
BUDGET = Budget(work=1_000_000)  # positions searched: the same answer on every machine
LIVE_BUDGET = Budget(seconds=1.5)  # while a person plays, counting attempts included
MIN_SEARCH = 0.5  # seconds a timed search gets however long the counting attempts took

Hole = tuple[int, int]  # (row, column) in the board's own drawing grid


@dataclass(frozen=True)
class Board:
    name: str
    holes: tuple[Hole, ...]  # in numbering order
    directions: tuple[tuple[int, int], ...]
    center: int | None = None  # hole number
    offsets: tuple[int, ...] = ()  # indentation of each drawn row, in holes (triangles: centred)

    @property
    def size(self) -> int:
        return len(self.holes)

    @property
    def rows(self) -> list[list[int]]:
        """Hole numbers by drawn row."""
        out: dict[int, list[int]] = {}
        for number, (r, _) in enumerate(self.holes, 1):
            out.setdefault(r, []).append(number)
        return [out[r] for r in sorted(out)]

    @property
    def full(self) -> int:
        return (1 << self.size) - 1


def triangle(side: int) -> Board:
    holes = tuple((r, c) for r in range(side) for c in range(r + 1))
    directions = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
    return Board(f"triangle{side}", holes, directions, None, tuple(side - 1 - r for r in range(side)))


def cross(name: str, extra: tuple[Hole, ...]) -> Board:
    holes = tuple((r, c) for r in range(7) for c in range(7) if (2 <= r <= 4 or 2 <= c <= 4 or (r, c) in extra))
    center = holes.index((3, 3)) + 1
    return Board(name, holes, ((0, 1), (0, -1), (1, 0), (-1, 0)), center)


BOARDS = {
    **{f"triangle{n}": triangle(n) for n in range(4, 8)},
    "english": cross("english", ()),
    "european": cross("european", ((1, 1), (1, 5), (5, 1), (5, 5))),
}


@cache
def moves(name: str) -> tuple[tuple[int, int, int], ...]:
    """(from, over, to) hole numbers of every jump on the board."""
    board = BOARDS[name]
    number = {hole: i + 1 for i, hole in enumerate(board.holes)}
    found = []
    for (r, c), start in number.items():
        for dr, dc in board.directions:
            over, to = number.get((r + dr, c + dc)), number.get((r + 2 * dr, c + 2 * dc))
            if over and to:
                found.append((start, over, to))
    return tuple(found)


@cache
def jump_bits(name: str) -> tuple[tuple[int, int, int], ...]:
    """`move_masks` as plain ints per move (need, empty, flip), for searches one position at a time."""
    return tuple(zip(*(m.tolist() for m in move_masks(name))))


@cache
def move_masks(name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every move: the bits that must be pegs, the bit that must be empty, the bits it flips."""
    jumps = moves(name)
    need = np.array([(1 << (a - 1)) | (1 << (b - 1)) for a, b, _ in jumps], dtype=np.int64)
    empty = np.array([1 << (c - 1) for _, _, c in jumps], dtype=np.int64)
    return need, empty, need | empty


# ---------------------------------------------------------------- positions


@dataclass(frozen=True)
class Position:
    board: str
    pegs: int  # bitboard
    finish: int | None = None  # the hole the last peg must end in, if any
    played: tuple[tuple[int, int, int], ...] = field(default=())

    def has_peg(self, hole: int) -> bool:
        return bool(self.pegs >> (hole - 1) & 1)

    def legal_moves(self) -> list[tuple[int, int, int]]:
        return [
            (a, b, c) for a, b, c in moves(self.board) if self.has_peg(a) and self.has_peg(b) and not self.has_peg(c)
        ]

    def play(self, move: tuple[int, int, int]) -> Position:
        if move not in self.legal_moves():
            a, b, c = move
            raise PuzzleError(f"{a} over {b} into {c} is not a legal jump here")
        flip = sum(1 << (h - 1) for h in move)
        return replace(self, pegs=self.pegs ^ flip, played=(*self.played, move))

    def play_all(self, moves: Iterable[tuple[int, int, int]]) -> Position:
        position = self
        for move in moves:
            position = position.play(move)
        return position


def start(board: str, hole: int) -> Position:
    """The full board with one hole empty."""
    size = BOARDS[board].size
    if not 1 <= hole <= size:
        raise PuzzleError(f"{board} has holes 1..{size}, not {hole}")
    return Position(board, BOARDS[board].full & ~(1 << (hole - 1)))


@reads_text
def parse(text: str) -> Position:
    lines = content_lines(text)
    if not lines or not (match := re.match(r"\s*board\s*:\s*(\S+)\s*$", lines[0].text, re.IGNORECASE)):
        raise PuzzleError(
            "a position starts with 'board: NAME' (" + ", ".join(BOARDS) + ")",
            line=lines[0].number if lines else 1,
            column=1,
        )
    name = match.group(1).lower()
    if name not in BOARDS:
        raise PuzzleError(
            f"unknown board {shown(match.group(1))} (boards: {', '.join(BOARDS)})",
            line=lines[0].number,
            column=match.start(1) + 1,
        )
    board, rows = BOARDS[name], lines[1:]
    finish = None
    if rows and (target := re.match(r"\s*finish\s*:\s*(\d+)\s*$", rows[-1].text, re.IGNORECASE)):
        finish, rows = matched_number(target, 1, rows[-1].number), rows[:-1]
        if not 1 <= finish <= board.size:
            raise PuzzleError(
                f"finish must be a hole 1..{board.size}", line=lines[-1].number, column=target.start(1) + 1
            )
    if len(rows) != len(board.rows):
        where = (
            rows[len(board.rows)].number
            if len(rows) > len(board.rows)
            else (rows[-1].number if rows else lines[0].number)
        )
        raise PuzzleError(f"{name} has {len(board.rows)} rows, this drawing has {len(rows)}", line=where, column=1)
    pegs = 0
    for line, holes in zip(rows, board.rows):
        marks = list(re.finditer(r"\S", line.text))
        for mark in marks:
            if mark.group() not in "XxOo.":
                raise PuzzleError(
                    f"{shown(mark.group())}: a hole is X (peg) or O / . (empty)",
                    line=line.number,
                    column=mark.start() + 1,
                )
        if len(marks) != len(holes):
            raise PuzzleError(
                f"this row of {name} has {len(holes)} holes, not {len(marks)}", line=line.number, column=1
            )
        for mark, hole in zip(marks, holes):
            if mark.group() in "Xx":
                pegs |= 1 << (hole - 1)
    return Position(name, pegs, finish)


def format(position: Position) -> str:
    board = BOARDS[position.board]
    lines = [f"board: {board.name}"]
    for index, holes in enumerate(board.rows):
        # Triangles are centred (one space per missing hole); crosses keep their columns (two).
        indent = board.offsets[index] if board.offsets else 2 * board.holes[holes[0] - 1][1]
        lines.append(" " * indent + " ".join("X" if position.has_peg(h) else "O" for h in holes))
    if position.finish:
        lines.append(f"finish: {position.finish}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- position classes


@cache
def class_functions(name: str) -> tuple[tuple[int, int], ...]:
    """Linear maps (a, b): (r, c) -> a*r + b*c mod 3 that no jump direction sends to 0.

    Along such a map a jump's three holes fall in the three different residues,
    so every jump flips the parity of the pegs in all three residue classes at
    once: the parities' differences never change (Conway's position classes).
    """
    board = BOARDS[name]
    return tuple(
        (a, b)
        for a in range(3)
        for b in range(3)
        if (a, b) != (0, 0) and all((a * dr + b * dc) % 3 for dr, dc in board.directions)
    )


def position_class(name: str, pegs: int) -> tuple[int, ...]:
    board = BOARDS[name]
    signature = []
    for a, b in class_functions(name):
        counts = [0, 0, 0]
        for number, (r, c) in enumerate(board.holes, 1):
            if pegs >> (number - 1) & 1:
                counts[(a * r + b * c) % 3] += 1
        signature += [(counts[0] + counts[1]) % 2, (counts[1] + counts[2]) % 2]
    return tuple(signature)


def reachable_finishes(position: Position) -> list[int]:
    """The holes a last peg could end in, as far as position classes allow."""
    board = BOARDS[position.board]
    here = position_class(position.board, position.pegs)
    holes = [position.finish] if position.finish else range(1, board.size + 1)
    return [h for h in holes if position_class(position.board, 1 << (h - 1)) == here]


# ---------------------------------------------------------------- counting


@dataclass(frozen=True)
class Table:
    """Every position reachable from a root, by peg count, with its winning games."""

    layers: tuple[np.ndarray, ...]  # layers[i]: sorted positions with (root pegs - i) pegs
    wins: tuple[np.ndarray, ...]  # games from each position that end in a win

    def games(self, pegs: int) -> int:
        for positions, wins in zip(self.layers, self.wins):
            at = np.searchsorted(positions, pegs)
            if at < len(positions) and positions[at] == pegs:
                return int(wins[at])
        return 0


def successors(name: str, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """All (parent index, child position) pairs of one layer: each move over the whole layer at once."""
    need, empty, flip = move_masks(name)
    if len(positions) * len(need) < 200_000:  # small layers: one 2-D test beats a loop over moves
        legal = ((positions[:, None] & need) == need) & ((positions[:, None] & empty) == 0)
        parents, which = np.nonzero(legal)
        return parents, positions[parents] ^ flip[which]
    parents, children = [], []
    for n, e, f in zip(need.tolist(), empty.tolist(), flip.tolist()):
        index = np.flatnonzero(((positions & n) == n) & ((positions & e) == 0))
        parents.append(index)
        children.append(positions[index] ^ f)
    return np.concatenate(parents), np.concatenate(children)


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


def table(position: Position, should_stop: ShouldStop = never, limit: int = MAX_LAYER) -> Table:
    """Reachable layers forward, winning games backward.

    The forward sweep remembers which parent led to which child, so the
    backward sweep is one gather and one sum per layer.
    """
    layers = [np.array([position.pegs], dtype=np.int64)]
    edges = []
    while True:
        if should_stop():
            raise Stopped
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
    return Table(tuple(layers), tuple(wins))


# ---------------------------------------------------------------- analysis


@dataclass(frozen=True)
class MoveCount:
    move: tuple[int, int, int]
    games: int
    exact: bool = True  # False when searched, not counted: then games is a lower bound (1: a win found)

    @property
    def keeps_win(self) -> bool:
        return self.games > 0

    @property
    def decided(self) -> bool:
        return self.exact or self.games > 0

    def __str__(self) -> str:
        """The games as the move list shows them: a count, ≥1 for a win found, ? for undecided."""
        return f"{self.games:,}" if self.exact else ("≥1" if self.games else "?")


@dataclass(frozen=True)
class Analysis:
    count: Count
    moves: tuple[MoveCount, ...]  # every legal move, best first
    line: tuple[tuple[int, int, int], ...]  # one winning line from here (empty if lost)
    verdict: str
    survival: tuple[int, ...]  # winning games at the start and after each move played
    source: str = "Counted from this game's start."


FROM_HERE = "Counted from this position: the whole game is too big to count live."


def opening_position(position: Position) -> Position:
    """The position before any of `played`: every move undone."""
    pegs = position.pegs
    for move in position.played:
        pegs ^= sum(1 << (h - 1) for h in move)
    return Position(position.board, pegs, position.finish)


def centred_on(position: Position, hole: int) -> bool:
    """Whether the game began with only `hole` empty and may end with its last peg there."""
    return position.finish in (None, hole) and opening_position(position).pegs == start(position.board, hole).pegs


def analyse(
    position: Position,
    *,
    should_stop: ShouldStop = never,
    known: WinTable | None = None,
    budget: Budget | None = BUDGET,
) -> Analysis:
    """Games from here, each legal move's games, a winning line, and the survival line.

    One table answers all of it, since every position of the game so far and
    every move from here are in it: Bell's table when one covers this game
    (`known`), else one counted now from the opening position, or from here
    when the whole game is too big.  Past that, a pruned search (`searched`)
    says which moves keep a win without counting.  `budget` bounds the
    search (a timed one includes the counting attempt); None lets counting
    use all the memory it may and the search run to the end.
    """
    if not reachable_finishes(position):
        where = f"in hole {position.finish}" if position.finish else "anywhere"
        reason = (
            f"No one-peg finish {where}: this position's class (Conway) matches no such finish, whatever is played."
        )
        moves = tuple(MoveCount(m, 0) for m in position.legal_moves())
        return Analysis(Count(0), moves, (), reason, (), "Position classes settle it: nothing to count.")
    began = time.monotonic()
    if known is not None and known.covers(position):
        games, source = known.games, f"From the cached {known.board} table: games ending in hole {known.hole}."
        root, history = opening_position(position), position.played
        position = replace(position, finish=known.hole)
    else:
        limit = LIVE_LAYER if budget is not None else MAX_LAYER
        counted = counted_game(position, should_stop, limit)
        if counted is None:
            return searched(position, should_stop, less_time(budget, time.monotonic() - began))
        games, source, root, history = counted
    annotated = sorted(
        (MoveCount(move, games(position.play(move).pegs)) for move in position.legal_moves()),
        key=lambda m: (-m.games, m.move),
    )
    survival, step = [games(root.pegs)], root
    for move in history:
        step = step.play(move)
        survival.append(games(step.pegs))
    here = games(position.pegs)
    line = winning_line(position, games)
    return Analysis(Count(here), tuple(annotated), line, verdict(position, here, annotated), tuple(survival), source)


def less_time(budget: Budget | None, spent: float) -> Budget | None:
    """A timed budget less what counting took (but never under MIN_SEARCH); a work budget as it was."""
    if budget is None or budget.seconds is None:
        return budget
    return replace(budget, seconds=max(budget.seconds - spent, MIN_SEARCH))


def counted_game(
    position: Position, should_stop: ShouldStop, limit: int
) -> tuple[Callable[[int], int], str, Position, tuple[tuple[int, int, int], ...]] | None:
    """Games counted from the game's opening, else from here: (games, source, root, moves since root)."""
    root = opening_position(position)
    with suppress(TooBig):
        return table(root, should_stop, limit).games, Analysis.source, root, position.played
    if position.played:
        here = replace(position, played=())
        with suppress(TooBig):
            return table(here, should_stop, limit).games, FROM_HERE, here, ()
    return None


def winning_line(position: Position, games: Callable[[int], int]) -> tuple[tuple[int, int, int], ...]:
    line = []
    while games(position.pegs) and position.legal_moves():
        move = max(position.legal_moves(), key=lambda m: games(position.play(m).pegs))
        line.append(move)
        position = position.play(move)
    return tuple(line)


def verdict(position: Position, games: int, annotated: list[MoveCount]) -> str:
    pegs = bin(position.pegs).count("1")
    target = f" at hole {position.finish}" if position.finish else ""
    if pegs == 1:
        return (
            "Won: one peg left"
            + (target if won(np.array([position.pegs]), position.finish)[0] else f", but not{target}")
            + "."
        )
    if games == 0:
        return f"No one-peg finish{target} from here: undo to the last position that had one."
    keeping = sum(m.keeps_win for m in annotated)
    return f"{games:,} winning games{target} from here; {keeping} of {len(annotated)} moves keep the win."


@dataclass(frozen=True)
class Opening:
    hole: int
    games: int
    finishes: dict[int, int]  # last hole -> games ending there
    exact: bool = True  # False when searched: games and finishes are then lower bounds (1: a win found)
    unsettled: tuple[int, ...] = ()  # finishes its class allows that no search settled

    @property
    def winnable(self) -> bool:
        return self.games > 0

    def seen_by(self, image: dict[int, int]) -> Opening:
        """The same opening under a symmetry of the board."""
        finishes = dict(sorted((image[f], n) for f, n in self.finishes.items()))
        unsettled = tuple(sorted(image[f] for f in self.unsettled))
        return replace(self, hole=image[self.hole], finishes=finishes, unsettled=unsettled)


@cache
def symmetries(name: str) -> tuple[dict[int, int], ...]:
    """The board's symmetries as hole renumberings (the triangle's 6, the cross's 8)."""
    board = BOARDS[name]
    number = {hole: i + 1 for i, hole in enumerate(board.holes)}
    if name.startswith("triangle"):
        n = len(board.rows)
        corners = {hole: (hole[0] - hole[1], hole[1], n - 1 - hole[0]) for hole in board.holes}
        maps = []
        for order in ((0, 1, 2), (1, 2, 0), (2, 0, 1), (1, 0, 2), (0, 2, 1), (2, 1, 0)):
            image = {}
            for hole, abc in corners.items():
                a, b, d = (abc[i] for i in order)
                image[number[hole]] = number[(n - 1 - d, b)]
            maps.append(image)
        return tuple(maps)
    turns = (
        lambda r, c: (r, c),
        lambda r, c: (c, 6 - r),
        lambda r, c: (6 - r, 6 - c),
        lambda r, c: (6 - c, r),
        lambda r, c: (r, 6 - c),
        lambda r, c: (6 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (6 - c, 6 - r),
    )
    return tuple({number[h]: number[turn(*h)] for h in board.holes} for turn in turns)


def openings(name: str, should_stop: ShouldStop = never, limit: int = LIVE_LAYER) -> tuple[Opening, ...]:
    """For every start hole: winning games, and where the last peg ends how often.

    Only one start per class of symmetric starts is worked out; the others are
    its images.  Starts whose layers pass `limit` positions are searched
    instead: which finishes a winning line was found to.
    """
    found: dict[int, Opening] = {}
    for hole in range(1, BOARDS[name].size + 1):
        if hole in found:
            continue
        try:
            opening = counted_opening(name, hole, should_stop, limit)
        except TooBig:
            opening = searched_opening(name, hole, should_stop)
        for image in symmetries(name):
            found.setdefault(image[hole], opening.seen_by(image))
    return tuple(found[hole] for hole in sorted(found))


def counted_opening(name: str, hole: int, should_stop: ShouldStop, limit: int = LIVE_LAYER) -> Opening:
    if not reachable_finishes(start(name, hole)):
        return Opening(hole, 0, {})
    finishes = finishing_games(name, hole, should_stop, limit)
    return Opening(hole, sum(finishes.values()), finishes)


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
            if should_stop():
                raise Stopped
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


def searched_opening(name: str, hole: int, should_stop: ShouldStop) -> Opening:
    """Each finish its class allows, tried by beam searches of growing width."""
    pegs, finishes, unsettled = start(name, hole).pegs, {}, []
    deadline = Deadline(None, should_stop)
    for finish in reachable_finishes(start(name, hole)):
        ends = endgame(name, (finish,))
        if any(beam_line(name, pegs, ends, width, deadline) for width, _ in EFFORTS):
            finishes[finish] = 1
        else:
            unsettled.append(finish)
    return Opening(hole, int(bool(finishes)), finishes, exact=False, unsettled=tuple(unsettled))


# ---------------------------------------------------------------- Bell's table for the big boards


CHUNK = 11  # bits per lookup when a symmetry moves the pegs of many positions at once


@cache
def symmetry_lookups(name: str, hole: int) -> tuple[tuple[np.ndarray, ...], ...]:
    """For each symmetry that keeps `hole` in place: per 11-bit chunk, where that chunk's pegs go."""
    size = BOARDS[name].size
    lookups = []
    for image in symmetries(name):
        if image[hole] != hole:
            continue
        chunks = []
        for first in range(0, size, CHUNK):
            table = np.zeros(1 << CHUNK, dtype=np.int64)
            for bit in range(min(CHUNK, size - first)):
                moved = np.int64(1) << (image[first + bit + 1] - 1)
                table[np.arange(1 << CHUNK) >> bit & 1 == 1] |= moved
            chunks.append(table)
        lookups.append(tuple(chunks))
    return tuple(lookups)


def images(name: str, hole: int, positions: np.ndarray) -> list[np.ndarray]:
    chunks = [positions >> first & ((1 << CHUNK) - 1) for first in range(0, BOARDS[name].size, CHUNK)]
    out = []
    for lookup in symmetry_lookups(name, hole):
        image = lookup[0][chunks[0]]
        for table, chunk in zip(lookup[1:], chunks[1:], strict=True):
            image |= table[chunk]
        out.append(image)
    return out


def canonical(name: str, hole: int, positions: np.ndarray) -> np.ndarray:
    """Each position's representative among its symmetric images: the smallest bitboard."""
    return np.minimum.reduce(images(name, hole, positions))


def complement_canonical(name: str, hole: int, positions: np.ndarray) -> np.ndarray:
    """The representative of each position's complement (pegs and holes swapped), without building it."""
    return BOARDS[name].full ^ np.maximum.reduce(images(name, hole, positions))


def found_in(ordered: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """Which positions are in the sorted array, and where."""
    at = np.minimum(np.searchsorted(ordered, positions), max(len(ordered) - 1, 0))
    return (ordered[at] == positions) if len(ordered) else np.zeros(len(positions), dtype=bool), at


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
        if should_stop():
            raise Stopped
        done += 1
        progress(done, steps)

    def expand(layer: np.ndarray) -> np.ndarray:
        parts = []
        for first in range(0, len(layer), 1_000_000):
            if should_stop():
                raise Stopped
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


# ---------------------------------------------------------------- pruned search, where counting is too big

ENDGAME_LAYER = 250_000  # positions per layer of an endgame table
EFFORTS = ((500, 2_000), (5_000, 20_000), (30_000, 200_000))  # (beam width, proof nodes), tried in turn

Line = tuple[tuple[int, int, int], ...]


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


def line_through(name: str, positions: list[int], ends: Endgame) -> Line:
    """The moves along `positions`, then on through the endgame table to one peg."""
    line = [move_between(name, a, b) for a, b in zip(positions, positions[1:])]
    here = positions[-1]
    for pegs in range(here.bit_count() - 1, 0, -1):
        following = successors(name, np.array([here], dtype=np.int64))[1]
        after = int(following[ends.wins(following, pegs)][0])
        line.append(move_between(name, here, after))
        here = after
    return tuple(line)


def beam_line(name: str, pegs: int, ends: Endgame, width: int, deadline: Deadline) -> Line | None:
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


def most_promising(scores: np.ndarray, width: int) -> np.ndarray:
    """The indices of the `width` lowest scores, ties going to the lowest index.

    argpartition alone would break ties as its selection algorithm happens
    to, which a numpy release may change; the answer must not.
    """
    worst_kept = np.partition(scores, width - 1)[width - 1]
    better = np.flatnonzero(scores < worst_kept)
    tied = np.flatnonzero(scores == worst_kept)
    return np.concatenate([better, tied[: width - len(better)]])


def proof_line(name: str, pegs: int, ends: Endgame, dead: set[int], nodes: int, deadline: Deadline) -> Line | None:
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


def searched(position: Position, should_stop: ShouldStop = never, budget: Budget | None = BUDGET) -> Analysis:
    """Which moves keep a one-peg finish, by beam search for wins and exhaustive search for losses.

    Each move is a win found (with its line), a loss proved, or undecided when
    the budget ran out; the efforts grow until every move is decided.  With no
    budget the efforts all run, and each move still undecided is then counted
    outright when its games fit in memory.
    """
    deadline = Deadline(budget, should_stop)
    ends = endgame(position.board, tuple(reachable_finishes(position)))
    lines: dict[tuple[int, int, int], Line] = {}
    lost: set[tuple[int, int, int]] = set()
    dead: set[int] = set()
    legal = position.legal_moves()

    def undecided() -> list[tuple[int, int, int]]:
        return [m for m in legal if m not in lines and m not in lost]

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
    counted = {} if budget is not None else counted_after(position, undecided(), should_stop)
    annotated = sorted(
        (counted[m][0] if m in counted else MoveCount(m, int(m in lines), m in lost) for m in legal),
        key=lambda m: (-m.games, not m.exact, m.move),
    )
    lines |= {m: line for m, (_, line) in counted.items() if line}
    best = next((m.move for m in annotated if m.move in lines), None)
    count = Count(sum(m.games for m in annotated), exact=all(m.exact for m in annotated))
    line = (best, *lines[best]) if best else ()
    return Analysis(count, tuple(annotated), line, searched_verdict(position, count, annotated), (), SEARCHED)


def counted_after(
    position: Position, moves: list[tuple[int, int, int]], should_stop: ShouldStop
) -> dict[tuple[int, int, int], tuple[MoveCount, Line]]:
    """Each move's games counted from the position it leaves, where that fits in memory."""
    found = {}
    for move in moves:
        after = replace(position.play(move), played=())
        with suppress(TooBig):
            games = table(after, should_stop).games
            found[move] = (MoveCount(move, games(after.pegs)), winning_line(after, games))
    return found


SEARCHED = "Searched, not counted: too many games to count live. ≥1 = a winning line found, ? = undecided."


def searched_verdict(position: Position, count: Count, annotated: list[MoveCount]) -> str:
    target = f" at hole {position.finish}" if position.finish else ""
    undecided = sum(not m.decided for m in annotated)
    if count.value:
        keeping = sum(m.keeps_win for m in annotated)
        rest = f", {undecided} undecided" if undecided else ""
        return f"{keeping} of {len(annotated)} moves keep a one-peg finish{target}{rest}."
    if not undecided:
        return f"No one-peg finish{target} from here: every move was searched to the end."
    return f"No winning line found{target} within the search budget; no loss proved either."


@dataclass(frozen=True)
class Report:
    position: Position
    analysis: Analysis

    def to_json(self) -> dict:
        a = self.analysis
        return {
            "count": a.count.value,
            "exact": a.count.exact,
            "solutions": [list(map(list, a.line))] if a.line else [],
            "moves": [
                {"from": m.move[0], "over": m.move[1], "to": m.move[2], "games": m.games, "exact": m.exact}
                for m in a.moves
            ],
            "verdict": a.verdict,
        }

    def to_text(self) -> str:
        a = self.analysis
        lines = [format(self.position).rstrip(), "", a.verdict, a.source]
        lines += [f"  {m.move[0]:>2} over {m.move[1]:>2} to {m.move[2]:>2}: {m} games" for m in a.moves]
        if a.line:
            lines += ["", "A winning line: " + ", ".join(f"{x}-{z}" for x, _, z in a.line)]
        return "\n".join(lines)


def solve(
    position: Position, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> Report:
    return Report(position, analyse(position, should_stop=should_stop, budget=budget))
