"""The boards: their holes, their jumps as bit masks, and their symmetries.

Holes are numbered 1..N row by row from the top, left to right; a position is
a bitboard (bit h-1 set when hole h has a peg), and a move is three holes in a
line: a peg jumps over a peg into an empty hole.

A board is a set of holes on a lattice.  On the square lattice pegs jump
along rows and columns; on the triangular one also along one diagonal, which
is a triangle's third side when its rows are drawn centred.  The named
boards are a few well-known shapes; any other shape is a drawn board, named
by its shape (`Board.shape`), so that `BOARDS` finds it from the name alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import product

import numpy as np

Hole = tuple[int, int]  # (row, column) on the board's lattice
SQUARE = ((0, 1), (0, -1), (1, 0), (-1, 0))
TRIANGULAR = (*SQUARE, (1, 1), (-1, -1))
LATTICES = {"square": SQUARE, "triangular": TRIANGULAR}
MAX_HOLES = 63  # positions are int64 bitboards, whose top bit is the sign


@dataclass(frozen=True)
class Board:
    name: str
    holes: tuple[Hole, ...]  # in numbering order, the top row and the leftmost column at 0
    directions: tuple[tuple[int, int], ...]
    center: int | None = None  # hole number

    @property
    def size(self) -> int:
        return len(self.holes)

    @property
    def rows(self) -> list[list[int]]:
        """Hole numbers by drawn row (rows without holes left out)."""
        out: dict[int, list[int]] = {}
        for number, (r, _) in enumerate(self.holes, 1):
            out.setdefault(r, []).append(number)
        return [out[r] for r in sorted(out)]

    @property
    def full(self) -> int:
        return (1 << self.size) - 1

    @property
    def lattice(self) -> str:
        return next(name for name, directions in LATTICES.items() if directions == self.directions)

    @property
    def named(self) -> bool:
        return self.name in NAMED

    @property
    def title(self) -> str:
        return self.name if self.named else f"drawn {self.lattice} board of {self.size} holes"

    @property
    def columns(self) -> tuple[int, ...]:
        """Each hole's column in a drawing, in half cells: a triangular row shifts half a cell from the last."""
        slant = self.lattice == "triangular"
        xs = [2 * c - slant * r for r, c in self.holes]
        return tuple(x - min(xs) for x in xs)

    @property
    def shape(self) -> str:
        """The name a drawn board of these holes has: the lattice, then rows of `o` (hole) and `-` by column."""
        rows = [""] * (self.holes[-1][0] + 1)
        for r, c in self.holes:
            rows[r] += "-" * (c - len(rows[r])) + "o"
        return f"{self.lattice}:{'/'.join(rows)}"


def triangle(side: int) -> Board:
    return Board(f"triangle{side}", tuple((r, c) for r in range(side) for c in range(r + 1)), TRIANGULAR)


def cross(name: str, side: int, corners: tuple[Hole, ...] = ()) -> Board:
    """A plus sign of arms three holes wide (and the holes in `corners`), centred."""
    middle = side // 2
    holes = tuple(
        (r, c)
        for r in range(side)
        for c in range(side)
        if abs(r - middle) <= 1 or abs(c - middle) <= 1 or (r, c) in corners
    )
    return Board(name, holes, SQUARE, holes.index((middle, middle)) + 1)


def diamond(side: int) -> Board:
    """Rows of 1, 3, 5 ... side ... 5, 3, 1 holes, centred."""
    middle = side // 2
    holes = tuple((r, c) for r in range(side) for c in range(side) if abs(r - middle) + abs(c - middle) <= middle)
    return Board("diamond", holes, SQUARE, holes.index((middle, middle)) + 1)


NAMED = {
    **{f"triangle{n}": triangle(n) for n in range(4, 8)},
    "english": cross("english", 7),
    "european": cross("european", 7, ((1, 1), (1, 5), (5, 1), (5, 5))),
    "wiegleb": cross("wiegleb", 9),
    "diamond": diamond(9),
}
BY_SHAPE = {board.shape: board for board in NAMED.values()}


def shaped(lattice: str, holes: list[Hole]) -> Board:
    """The board of these holes (its top row and leftmost column at 0): a named one if it has that shape."""
    holes = tuple(sorted(holes))
    drawn = Board("", holes, LATTICES[lattice])
    if (named := BY_SHAPE.get(drawn.shape)) is not None:
        return named
    fixed = [
        h for h in range(1, len(holes) + 1) if all(image[h] == h for image in renumberings(holes, drawn.directions))
    ]
    return Board(drawn.shape, holes, drawn.directions, fixed[0] if len(fixed) == 1 else None)


@cache
def from_shape(name: str) -> Board:
    """The drawn board a `Board.shape` names; KeyError for any other text."""
    lattice, _, picture = name.partition(":")
    holes = [(r, c) for r, row in enumerate(picture.split("/")) for c, mark in enumerate(row) if mark == "o"]
    if lattice not in LATTICES or not 1 <= len(holes) <= MAX_HOLES or set(picture) - set("o-/"):
        raise KeyError(name)
    board = shaped(lattice, holes)
    if board.shape != name:
        raise KeyError(name)
    return board


class Boards(Mapping[str, Board]):
    """The named boards, which are what iterating gives; looking up also finds a drawn board by its shape."""

    def __getitem__(self, name: str) -> Board:
        return NAMED[name] if name in NAMED else from_shape(name)

    def __iter__(self) -> Iterator[str]:
        return iter(NAMED)

    def __len__(self) -> int:
        return len(NAMED)


BOARDS = Boards()


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
    """The board's symmetries as hole renumberings, the identity first (a triangle's 6, a cross's 8)."""
    board = BOARDS[name]
    return renumberings(board.holes, board.directions)


@cache
def lattice_maps(directions: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int, int], ...]:
    """The lattice's turns and reflections: the linear maps (a, b, c, d): (r, k) -> (a*r + b*k, c*r + d*k)
    that only shuffle the jump directions (the square lattice's 8, the triangular one's 12), the identity first.
    """
    found = [
        m
        for m in product((1, 0, -1), repeat=4)
        if abs(m[0] * m[3] - m[1] * m[2]) == 1
        and {(m[0] * r + m[1] * k, m[2] * r + m[3] * k) for r, k in directions} == set(directions)
    ]
    return tuple(sorted(found, key=lambda m: m != (1, 0, 0, 1)))


def renumberings(holes: tuple[Hole, ...], directions: tuple[tuple[int, int], ...]) -> tuple[dict[int, int], ...]:
    """Each lattice map that takes the holes onto themselves (after a shift), as a renumbering; no repeats."""
    number = {hole: i + 1 for i, hole in enumerate(holes)}
    found: list[dict[int, int]] = []
    for a, b, c, d in lattice_maps(directions):
        image = [(a * r + b * k, c * r + d * k) for r, k in holes]
        top, left = min(r for r, _ in image), min(k for _, k in image)
        moved = [(r - top, k - left) for r, k in image]
        renumbered = {number[h]: number.get(m) for h, m in zip(holes, moved, strict=True)}
        if None not in renumbered.values() and renumbered not in found:
            found.append(renumbered)
    return tuple(found)
