"""A position on a board, its moves, and the text format.

Position text format: `board: triangle5`, then the board drawn with `X` for a
peg and `O` or `.` for an empty hole (indentation is free), and optionally
`finish: HOLE` for where the last peg must end.

A position may draw its own board: `board: square` or `board: triangular`,
then rows of cells separated by single spaces, `-` where there is no hole.
On a square board the rows have the same number of cells (indentation is
free); a triangular board is drawn as the triangles are, each row shifted by
one space from its neighbours, so indentation places the row.  At most
MAX_HOLES holes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from puzzles.core import PuzzleError, matched_number, reads_text, shown
from puzzles.numbergrid import Line, content_lines
from puzzles.peg.board import BOARDS, LATTICES, MAX_HOLES, Board, Hole, moves, shaped


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


BOARD_LINE = "a position starts with 'board: NAME' (" + ", ".join([*BOARDS, *LATTICES]) + ")"


@reads_text
def parse(text: str) -> Position:
    lines = content_lines(text)
    if not lines or not (match := re.match(r"\s*board\s*:\s*(\S+)\s*$", lines[0].text, re.IGNORECASE)):
        raise PuzzleError(BOARD_LINE, line=lines[0].number if lines else 1, column=1)
    name, rows = match.group(1).lower(), lines[1:]
    if name not in LATTICES and name not in BOARDS:
        raise PuzzleError(
            f"unknown board {shown(match.group(1))} (boards: {', '.join(BOARDS)}; or draw one: square, triangular)",
            line=lines[0].number,
            column=match.start(1) + 1,
        )
    finish, finish_column = None, 1
    if rows and (target := re.match(r"\s*finish\s*:\s*(\d+)\s*$", rows[-1].text, re.IGNORECASE)):
        finish, finish_column, rows = matched_number(target, 1, rows[-1].number), target.start(1) + 1, rows[:-1]
    board, pegs = drawn(name, rows, lines[0]) if name in LATTICES else on_named(BOARDS[name], rows, lines[0])
    if finish is not None and not 1 <= finish <= board.size:
        raise PuzzleError(f"finish must be a hole 1..{board.size}", line=lines[-1].number, column=finish_column)
    return Position(board.name, pegs, finish)


def cells(line: Line) -> list[re.Match]:
    """The row's cells, each checked: X a peg, O or . an empty hole, - no hole; one space between cells."""
    marks = marks_of(line, "XxOo.-", "a cell is X (peg), O or . (empty hole), or - (no hole)")
    for before, after in zip(marks, marks[1:]):
        if after.start() - before.start() != 2:
            raise PuzzleError("cells are separated by single spaces", line=line.number, column=before.end() + 1)
    return marks


def marks_of(line: Line, allowed: str, meaning: str) -> list[re.Match]:
    """The row's marks, each one of `allowed`; any other is refused with what a mark means."""
    marks = list(re.finditer(r"\S", line.text))
    for mark in marks:
        if mark.group() not in allowed:
            raise PuzzleError(f"{shown(mark.group())}: {meaning}", line=line.number, column=mark.start() + 1)
    return marks


def on_named(board: Board, rows: list[Line], header: Line) -> tuple[Board, int]:
    """The pegs of a drawing of a named board: its rows, each with its number of holes."""
    if len(rows) != len(board.rows):
        where = rows[len(board.rows)].number if len(rows) > len(board.rows) else (rows or [header])[-1].number
        raise PuzzleError(
            f"{board.name} has {len(board.rows)} rows, this drawing has {len(rows)}", line=where, column=1
        )
    pegs = 0
    for line, holes in zip(rows, board.rows):
        marks = marks_of(line, "XxOo.", "a hole is X (peg) or O / . (empty)")
        if len(marks) != len(holes):
            raise PuzzleError(
                f"this row of {board.name} has {len(holes)} holes, not {len(marks)}", line=line.number, column=1
            )
        for mark, hole in zip(marks, holes):
            if mark.group() in "Xx":
                pegs |= 1 << (hole - 1)
    return board, pegs


def drawn(lattice: str, rows: list[Line], header: Line) -> tuple[Board, int]:
    """A board drawn cell by cell, and its pegs."""
    if not rows:
        raise PuzzleError(f"draw the {lattice} board's rows under this line", line=header.number, column=1)
    found: list[tuple[Hole, bool, Line, int]] = []  # (hole, has a peg, where it is drawn)
    width = shift = 0
    for r, line in enumerate(rows):
        marks = cells(line)
        if lattice == "square":
            width = len(marks) if r == 0 else width
            if len(marks) != width:
                column = marks[width].start() + 1 if len(marks) > width else marks[-1].end() + 2
                raise PuzzleError(
                    f"ragged rows: this row has {len(marks)} cells, the first has {width}",
                    line=line.number,
                    column=column,
                )
            sites = [((r, k), mark) for k, mark in enumerate(marks)]
        else:
            shift = marks[0].start() % 2 if r == 0 else shift  # the first row's cells set the columns
            for mark in marks:
                if (mark.start() + r) % 2 != shift:
                    raise PuzzleError(
                        "a triangular board's rows are drawn shifted by one space from the row above",
                        line=line.number,
                        column=mark.start() + 1,
                    )
            sites = [((r, (mark.start() + r) // 2), mark) for mark in marks]
        found += [(hole, mark.group() in "Xx", line, mark.start() + 1) for hole, mark in sites if mark.group() != "-"]
        if len(found) > MAX_HOLES:
            where = found[MAX_HOLES]
            raise PuzzleError(f"too big: a board has at most {MAX_HOLES} holes", line=where[2].number, column=where[3])
    if not found:
        raise PuzzleError("no holes: draw at least one X, O or .", line=rows[0].number, column=1)
    top, left = min(r for (r, _), *_ in found), min(k for (_, k), *_ in found)
    holes = {(r - top, k - left): peg for (r, k), peg, *_ in found}
    board = shaped(lattice, list(holes))
    return board, sum(1 << i for i, hole in enumerate(board.holes) if holes[hole])


def format(position: Position) -> str:
    """The position as text: a named board's holes in its rows; a drawn board's with - where there is none."""
    board = BOARDS[position.board]
    lines = [f"board: {board.name if board.named else board.lattice}"]
    spots = {(r, x): number for number, ((r, _), x) in enumerate(zip(board.holes, board.columns), 1)}
    width = max(board.columns)
    for r in range(board.holes[-1][0] + 1):
        xs = sorted(x for row, x in spots if row == r)
        if board.named or board.lattice == "triangular":
            first, last = (xs[0], xs[-1]) if xs else (first_site(board, r), first_site(board, r))
        else:
            first, last = 0, width
        marks = [mark(position, spots.get((r, x))) for x in range(first, last + 1, 2)]
        lines.append(" " * first + " ".join(marks))
    if position.finish:
        lines.append(f"finish: {position.finish}")
    return "\n".join(lines) + "\n"


def first_site(board: Board, r: int) -> int:
    """The first drawing column of row `r`'s lattice points: its half-cell parity follows the row's."""
    r0, x0 = board.holes[0][0], board.columns[0]
    return (x0 + r - r0) % 2


def mark(position: Position, hole: int | None) -> str:
    return "-" if hole is None else ("X" if position.has_peg(hole) else "O")


def opening_position(position: Position) -> Position:
    """The position before any of `played`: every move undone."""
    pegs = position.pegs
    for move in position.played:
        pegs ^= sum(1 << (h - 1) for h in move)
    return Position(position.board, pegs, position.finish)


def start_hole(position: Position) -> int | None:
    """The hole the game began with empty, when it began at a start (the full board less one hole)."""
    empty = BOARDS[position.board].full ^ opening_position(position).pegs
    return empty.bit_length() if empty.bit_count() == 1 else None


def centred_on(position: Position, hole: int) -> bool:
    """Whether the game began with only `hole` empty and may end with its last peg there."""
    return position.finish in (None, hole) and start_hole(position) == hole
