"""Conway's position classes: which finish holes a position can still reach, whatever is played."""

from __future__ import annotations

from functools import cache

from puzzles.peg.board import BOARDS
from puzzles.peg.position import Position


@cache
def class_functions(name: str) -> tuple[tuple[int, int], ...]:
    """Linear maps (a, b): (r, c) -> a*r + b*c mod 3 that no jump direction sends to 0.

    Along such a map a jump's three holes fall in the three different residues,
    so every jump flips the parity of the pegs in all three residue classes at
    once: the parities' differences never change (Conway's position classes).
    Only the lattice's directions matter, so this holds on any drawn shape.
    """
    board = BOARDS[name]
    return tuple(
        (a, b)
        for a in range(3)
        for b in range(3)
        if (a, b) != (0, 0) and all((a * dr + b * dc) % 3 for dr, dc in board.directions)
    )


@cache
def parity_checks(name: str) -> tuple[int, ...]:
    """The position class as bitboards whose pegs' parity never changes: per map, residues {0, 1} and {1, 2}."""
    board = BOARDS[name]
    checks = []
    for a, b in class_functions(name):
        residues = [(a * r + b * c) % 3 for r, c in board.holes]
        checks += [sum(1 << bit for bit, x in enumerate(residues) if x in pair) for pair in ((0, 1), (1, 2))]
    return tuple(checks)


def position_class(name: str, pegs: int) -> tuple[int, ...]:
    return tuple((check & pegs).bit_count() & 1 for check in parity_checks(name))


def reachable_finishes(position: Position) -> list[int]:
    """The holes a last peg could end in, as far as position classes allow."""
    board = BOARDS[position.board]
    here = position_class(position.board, position.pegs)
    holes = [position.finish] if position.finish else range(1, board.size + 1)
    return [h for h in holes if position_class(position.board, 1 << (h - 1)) == here]
