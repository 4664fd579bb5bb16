"""The boards: their holes, their jumps as bit masks, and their symmetries.

Holes are numbered 1..N row by row from the top, left to right; a position is
a bitboard (bit h-1 set when hole h has a peg), and a move is three holes in a
line: a peg jumps over a peg into an empty hole.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

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
