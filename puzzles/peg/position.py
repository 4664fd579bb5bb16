"""A position on a board, its moves, and the text format.

Position text format: `board: triangle5`, then the board drawn with `X` for a
peg and `O` or `.` for an empty hole (indentation is free), and optionally
`finish: HOLE` for where the last peg must end.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from puzzles.core import PuzzleError, matched_number, reads_text, shown
from puzzles.numbergrid import content_lines
from puzzles.peg.board import BOARDS, moves


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


def opening_position(position: Position) -> Position:
    """The position before any of `played`: every move undone."""
    pegs = position.pegs
    for move in position.played:
        pegs ^= sum(1 << (h - 1) for h in move)
    return Position(position.board, pegs, position.finish)


def centred_on(position: Position, hole: int) -> bool:
    """Whether the game began with only `hole` empty and may end with its last peg there."""
    return position.finish in (None, hole) and opening_position(position).pegs == start(position.board, hole).pegs
