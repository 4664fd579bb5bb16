"""Which positions of a big board can still end with one peg: everything the starts reach, one bit per position.

Undo a game and swap pegs and holes, and it is a game again: a position can
end with one peg in hole h exactly when its complement is reachable from the
start with only h empty.  So one set answers every position that can only
end in holes whose start is winnable (`WinnableTable.decides`): all the
positions the winnable starts reach.  That is every position of a game begun
at a start (a finish's start reaches that start back, so it is winnable),
and on the English board, where every start is, every position at all.
Swept from every start, hopeless ones too (`every_start`), it answers every
position of any board.

Moves keep Conway's position class, and within a class the pegs of a few
pivot holes follow from the others': a class of the 37-hole board is 2^33
positions, one bit each, 1 GiB.  The reach is swept over that bitset move by
move until nothing grows (`sweep.play_everywhere`), and classes that a
symmetry maps onto each other share one bitset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import NamedTuple

import numpy as np

from puzzles.core import PuzzleError, ShouldStop, never, stop_if_asked
from puzzles.peg.board import BOARDS, moves, symmetries
from puzzles.peg.classes import parity_checks, reachable_finishes
from puzzles.peg.position import Position, start

WORD_BITS = 6  # a bitset word holds 2^6 positions
Class = tuple[int, ...]


def rank(vectors: list[int]) -> int:
    """The rank of bit vectors over GF(2)."""
    basis: list[int] = []
    for v in vectors:
        for b in basis:
            v = min(v, v ^ b)
        if v:
            basis.append(v)
    return len(basis)


@dataclass(frozen=True)
class Layout:
    """How the positions of one class number a bitset: by the pegs of the free holes.

    Each check names one pivot hole and free holes only, so the pivots' pegs
    follow from the free holes' and the class.  The first six free holes pick
    the bit within a word.  A move that touches neither a pivot nor those six
    only visits the eighth of the words where its three holes are right, so
    they are holes few moves touch.
    """

    board: str
    checks: tuple[int, ...]
    pivots: tuple[int, ...]  # bit numbers, one per check
    free: tuple[int, ...]  # bit numbers in index order

    @property
    def within(self) -> int:
        """How many free holes pick the bit within a word."""
        return min(WORD_BITS, len(self.free))

    @property
    def words(self) -> int:
        return 1 << (len(self.free) - self.within)

    def class_of(self, pegs: int) -> Class:
        return tuple((check & pegs).bit_count() & 1 for check in self.checks)

    def index(self, pegs: int) -> int:
        return sum((pegs >> bit & 1) << i for i, bit in enumerate(self.free))


@cache
def layout(name: str) -> Layout:
    """Pivots and the in-word holes chosen greedily where they cost the fewest unskippable words."""
    size, jumps = BOARDS[name].size, [{a - 1, b - 1, c - 1} for a, b, c in moves(name)]
    checks = list(parity_checks(name))
    need = rank(checks)

    def cost(chosen: list[int]) -> int:
        return sum(1 << len(jump.intersection(chosen)) for jump in jumps)

    def column(bit: int) -> int:
        return sum((check >> bit & 1) << row for row, check in enumerate(checks))

    pivots: list[int] = []
    while len(pivots) < need:
        usable = [b for b in range(size) if b not in pivots and rank([column(p) for p in [*pivots, b]]) > len(pivots)]
        pivots.append(min(usable, key=lambda b: cost([*pivots, b])))
    within: list[int] = []
    while len(within) < min(WORD_BITS, size - need):
        within.append(
            min((b for b in range(size) if b not in pivots + within), key=lambda b: cost(pivots + within + [b]))
        )
    reduced = reduce_checks(checks, pivots)
    free = within + [b for b in range(size) if b not in pivots + within]
    return Layout(name, tuple(reduced), tuple(pivots), tuple(free))


def reduce_checks(checks: list[int], pivots: list[int]) -> list[int]:
    """Independent checks, the j-th touching pivots[j] and no other pivot (Gauss-Jordan on the pivot columns)."""
    rows = list(checks)
    reduced: list[int] = []
    for pivot in pivots:
        row = next(r for r in rows if r >> pivot & 1)
        rows = [r ^ row if r >> pivot & 1 else r for r in rows if r != row]
        reduced = [r ^ row if r >> pivot & 1 else r for r in reduced] + [row]
    return reduced


def renumbered(pegs: int, image: tuple[int, ...]) -> int:
    """The position moved by a symmetry given as where each bit goes."""
    return sum(1 << image[bit] for bit in range(len(image)) if pegs >> bit & 1)


@cache
def onto(name: str, every_start: bool = False) -> dict[Class, tuple[Class, tuple[int, ...]]]:
    """For each class the swept starts reach: the class kept for it and a symmetry mapping it there.

    Of classes a symmetry maps onto each other, the smallest is kept.
    """
    shape = layout(name)
    images = [tuple(image[h] - 1 for h in sorted(image)) for image in symmetries(name)]
    found: dict[Class, tuple[Class, tuple[int, ...]]] = {}
    for pegs in swept_starts(name, every_start):
        found.setdefault(shape.class_of(pegs), min((shape.class_of(renumbered(pegs, i)), i) for i in images))
    return found


def kept_classes(name: str, every_start: bool = False) -> list[Class]:
    """The classes that have a row in the table, in row order."""
    return sorted({kept for kept, _ in onto(name, every_start).values()})


@cache
def routes(name: str, every_start: bool = False) -> dict[Class, tuple[tuple[int, ...], int]]:
    """For each class the swept starts reach: the symmetry into its kept class, and that class's row."""
    rows = {kept: row for row, kept in enumerate(kept_classes(name, every_start))}
    return {c: (image, rows[kept]) for c, (kept, image) in onto(name, every_start).items()}


@cache
def winnable_holes(name: str) -> frozenset[int]:
    """The holes whose start (only that hole empty) can end with one peg, as far as position classes allow."""
    return frozenset(h for h in range(1, BOARDS[name].size + 1) if reachable_finishes(start(name, h)))


def swept_starts(name: str, every_start: bool) -> list[int]:
    """The starts a table sweeps from: the winnable ones, or every one (hopeless ones too)."""
    holes = range(1, BOARDS[name].size + 1) if every_start else sorted(winnable_holes(name))
    return [start(name, h).pegs for h in holes]


@dataclass(frozen=True, eq=False)
class WinnableTable:
    """Every position the board's winnable starts reach, a bitset per class kept (`routes`): who still wins.

    `bits` may be memory-mapped from the cache: a lookup reads one word.
    Swept from `every_start`, hopeless ones too, it decides every position,
    for the rows those add: two on the European board (3 GiB in all), none
    on the English, where every start is winnable.
    """

    board: str
    bits: np.ndarray  # (classes kept, layout.words) uint64
    every_start: bool = False

    def reached(self, pegs: int) -> bool:
        route = routes(self.board, self.every_start).get(layout(self.board).class_of(pegs))
        if route is None:
            return False
        image, row = route
        index = layout(self.board).index(renumbered(pegs, image))
        return bool(int(self.bits[row, index >> WORD_BITS]) >> (index & (1 << WORD_BITS) - 1) & 1)

    def wins(self, pegs: int) -> bool:
        """Whether a one-peg finish (anywhere) is still possible: the complement is reached from a start."""
        return self.reached(BOARDS[self.board].full ^ pegs)

    def decides(self, position: Position) -> bool:
        """Whether a miss proves a loss here: every finish the position's class allows has a winnable start.

        A position P ends with one peg in h exactly when its complement is
        reached from the start with only h empty (the module's note).  The
        table holds all that the winnable starts reach, so it holds the
        complement of P whenever P can end in a hole whose start is winnable:
        for such finishes a miss is a proof, with or without the game's
        history.  Moves keep the class, and the finishes one class allows
        have starts of one class (the complement's), so either all of them
        are winnable or none: the rule holds for P and every position after
        it.  A game begun at a start always passes (its finishes' starts
        reach that start back), and so does a position whose class allows
        no finish.  What fails is a position that can only end in holes
        whose start is hopeless (the European centre's class): no start
        reaches it, and only a table swept from every start knows it.  A hit
        proves a win wherever the game began.
        """
        if position.board != self.board:
            return False
        return self.every_start or winnable_holes(self.board).issuperset(
            reachable_finishes(replace(position, finish=None))
        )

    def settles(self, position: Position) -> bool:
        """Whether the table settles every move from here: it decides the position, and any finish will do."""
        return self.decides(position) and position.finish is None

    @property
    def size(self) -> int:
        """How many positions the starts reach, up to symmetry between classes."""
        return int(np.bitwise_count(self.bits).sum(dtype=np.int64))

    @classmethod
    def from_bits(cls, board: str, bits: np.ndarray) -> WinnableTable:
        """The table from its saved bitsets; ones that do not fit the board raise PuzzleError.

        Its rows tell which starts it was swept from: a hopeless start's class
        is never a winnable one's, so sweeping them too adds rows or nothing.
        """
        words = layout(board).words
        every_start = bits.ndim == 2 and bits.shape[0] == len(kept_classes(board, every_start=True))
        if bits.dtype != np.uint64 or bits.shape != (len(kept_classes(board, every_start)), words):
            raise PuzzleError(f"not a {board} table of winnable positions ({bits.dtype} {bits.shape})")
        table = cls(board, bits, every_start)
        if not all(table.reached(pegs) for pegs in swept_starts(board, every_start)):
            raise PuzzleError(f"not a {board} table of winnable positions (a start is missing)")
        return table


class SweptMove(NamedTuple):
    """One move as `play_everywhere` takes it (its arguments after the bitset; they are explained there)."""

    fixed: np.ndarray
    need: int
    flip: int
    able: np.uint64
    shift: int
    check_words: np.ndarray
    check_bits: np.ndarray
    check_wanted: np.ndarray


def jump_masks(shape: Layout, jump: tuple[int, int, int], kept: Class) -> SweptMove:
    """One move split by where its holes' bits sit, for the positions of class `kept`."""
    slot = {bit: i for i, bit in enumerate(shape.free)}
    fixed, need, flip, able_need, able_empty, checks = [], 0, 0, 0, 0, []
    for bit, peg in zip(jump, (1, 1, 0), strict=True):
        if bit in shape.pivots:
            row = shape.pivots.index(bit)
            odd = shape.index(shape.checks[row] & ~(1 << bit))  # the check's free holes, as index bits
            wanted = peg ^ kept[row]
            slots = sum(1 << x for x in range(64) if (odd & x).bit_count() & 1)
            checks.append((odd >> shape.within, slots, wanted))
        elif slot[bit] < shape.within:
            able_need |= peg << slot[bit]
            able_empty |= (1 - peg) << slot[bit]
        else:
            fixed.append(slot[bit] - shape.within)
            need |= peg << fixed[-1]
            flip |= 1 << fixed[-1]
    able = sum(1 << x for x in range(1 << shape.within) if x & able_need == able_need and not x & able_empty)
    words, slots, wanted = (list(column) for column in zip(*checks)) if checks else ([], [], [])
    return SweptMove(
        np.array(sorted(fixed), dtype=np.int64),
        need,
        flip,
        np.uint64(able),
        able_empty - able_need,
        np.array(words, dtype=np.int64),
        np.array(slots, dtype=np.uint64),
        np.array(wanted, dtype=np.int64),
    )


def winnable_table(
    name: str,
    should_stop: ShouldStop = never,
    progress: Callable[[int, int], None] = lambda done, total: None,
    every_start: bool = False,
) -> WinnableTable:
    """Sweep every move over each kept class's bitset until nothing grows; a bar of passes, their number guessed.

    From the winnable starts, or from `every_start` (`WinnableTable`).
    """
    from puzzles.peg.sweep import play_everywhere  # compiled on first use: only a build pays for it

    shape, kept = layout(name), kept_classes(name, every_start)
    bits = np.zeros((len(kept), shape.words), dtype=np.uint64)
    table = WinnableTable(name, bits, every_start)
    guess = len(kept) * (BOARDS[name].size // 2)
    done = 0
    for row, c in enumerate(kept):
        for pegs in swept_starts(name, every_start):
            if shape.class_of(pegs) == c:
                index = shape.index(pegs)
                bits[row, index >> WORD_BITS] |= np.uint64(1 << (index & (1 << WORD_BITS) - 1))
        jumps = [jump_masks(shape, (a - 1, b - 1, to - 1), c) for a, b, to in moves(name)]
        grown = 1
        while grown:
            grown = 0
            for jump in jumps:
                stop_if_asked(should_stop)
                grown += play_everywhere(bits[row], *jump)
            done += 1
            progress(done, max(guess, done + 1))
    progress(done, done)
    return table
