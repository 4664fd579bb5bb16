"""The Sudoku board, its shapes (units and peers), its text format, and what breaks a rule as typed.

A board is n x n with n in 4, 6, 9, 16 (boxes 2x2, 2x3, 3x3, 4x4); the
diagonal variant adds both long diagonals as units, and Killer cages (up to
9x9) add sums over groups of cells whose digits do not repeat.

Text format, as people paste puzzles:

- one line of 16, 36, 81 or 256 cells, the size following from the length
  (a `.sdm` file holds many such lines, one puzzle each: see `collection`);
- or one line per row, with or without box separators (`|`, `-`, `+`, spaces),
  as the desktop solvers' `.ss` and `.sdk` files have them;
- any blank mark of `puzzles.pasted` (`.`, `0`, `_`, `-`, `*`, `x`, `?`);
  values above 9 (16x16) are the letters A..G;
- a line `diagonal` makes it diagonal Sudoku; lines `cage 15: r1c1 r1c2`
  make it Killer; `#` starts a comment line; prose around the grid is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache

from puzzles.core import PuzzleError, read_number, reads_text, shown
from puzzles.numbergrid import EMPTY, Grid, Position, cell_name, replace_cell
from puzzles.pasted import BLANKS_SHOWN, Form, Line, cell_tokens, find_board, is_blank_mark, numbered, span

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}
BY_LENGTH = {n * n: n for n in BOXES}
SYMBOLS = "123456789ABCDEFG"
KILLER_MAX = 9  # cage sums are looked up in a table over digit sets: 2^9 sets
CAGE = re.compile(r"cage\s+(\S+)\s*:(.*)", re.IGNORECASE)
CELL_REF = re.compile(r"r(\d+)c(\d+)", re.IGNORECASE)
TOKEN = re.compile(r"\S+")
DIAGONAL = ("diagonal", "variant: diagonal")


@dataclass(frozen=True)
class Cage:
    """Killer cage: its cells' digits differ and add up to `total`."""

    total: int
    cells: tuple[Position, ...]


@dataclass(frozen=True)
class Sudoku:
    grid: Grid
    givens: frozenset[Position] = field(default_factory=frozenset)
    diagonal: bool = False
    cages: tuple[Cage, ...] = ()

    @property
    def n(self) -> int:
        return len(self.grid)

    @property
    def largest(self) -> int:
        return self.n

    @property
    def box(self) -> tuple[int, int]:
        return BOXES[self.n]

    @property
    def shape(self) -> Shape:
        return shape_of(self.n, self.diagonal)

    @property
    def variant(self) -> str:
        """What the board is, in words: "9x9", "9x9 diagonal Killer"."""
        return " ".join(w for w in (f"{self.n}x{self.n}", "diagonal" * self.diagonal, "Killer" * bool(self.cages)) if w)

    def with_cell(self, position: Position, value: int) -> Sudoku:
        return replace(self, grid=replace_cell(self.grid, position, value), givens=self.givens - {position})


def blank(n: int = 9, *, diagonal: bool = False) -> Sudoku:
    if n not in BOXES:
        raise ValueError(f"a Sudoku is {', '.join(map(str, BOXES))} cells wide")
    return Sudoku(tuple((EMPTY,) * n for _ in range(n)), diagonal=diagonal)


# ---------------------------------------------------------------- shapes


@dataclass(frozen=True)
class Unit:
    """A row, a column, a box or a diagonal: n cells holding each value once."""

    name: str
    cells: tuple[Position, ...]


@dataclass(frozen=True)
class Shape:
    """The units of a board size (with or without diagonals), and each cell's peers."""

    n: int
    units: tuple[Unit, ...]
    peers: dict[Position, tuple[Position, ...]]
    units_of: dict[Position, tuple[Unit, ...]]

    @property
    def cells(self) -> tuple[Position, ...]:
        return tuple((r, c) for r in range(self.n) for c in range(self.n))

    def lines(self) -> tuple[Unit, ...]:
        return self.units[: 2 * self.n]

    def boxes(self) -> tuple[Unit, ...]:
        return self.units[2 * self.n : 3 * self.n]


@cache
def shape_of(n: int, diagonal: bool = False) -> Shape:
    rows, columns = BOXES[n]
    units = [Unit(f"row {r + 1}", tuple((r, c) for c in range(n))) for r in range(n)]
    units += [Unit(f"column {c + 1}", tuple((r, c) for r in range(n))) for c in range(n)]
    units += [
        Unit(
            f"box {b + 1}",
            tuple((b // rows * rows + i, b % rows * columns + j) for i in range(rows) for j in range(columns)),
        )
        for b in range(n)
    ]
    if diagonal:
        units.append(Unit("the main diagonal", tuple((i, i) for i in range(n))))
        units.append(Unit("the anti-diagonal", tuple((i, n - 1 - i) for i in range(n))))
    cells = [(r, c) for r in range(n) for c in range(n)]
    units_of = {p: tuple(u for u in units if p in u.cells) for p in cells}
    peers = {p: tuple(sorted({q for u in units_of[p] for q in u.cells} - {p})) for p in cells}
    return Shape(n, tuple(units), peers, units_of)


# ---------------------------------------------------------------- text in


def symbol(value: int) -> str:
    return SYMBOLS[value - 1] if value else "."


@reads_text
def parse(text: str) -> Sudoku:
    grid, headers = find_board(text, FORM)
    board = Sudoku(grid, frozenset((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v))
    cage_lines: list[tuple[int, int, re.Match[str]]] = []  # line number, indent, the match
    for line in headers:
        if line.text.strip().lower() in DIAGONAL:
            board = replace(board, diagonal=True)
        elif match := CAGE.fullmatch(line.text.strip()):
            cage_lines.append((line.number, len(line.text) - len(line.text.lstrip()), match))
        else:
            raise PuzzleError("a cage is written `cage 15: r1c1 r1c2`", line=line.number, column=1)
    if cage_lines:
        board = replace(board, cages=read_cages(board.n, cage_lines))
    return board


@reads_text
def collection(text: str) -> tuple[tuple[int, str], ...]:
    """The puzzles of a collection, one per line as in a `.sdm` file, each as (line number, its text); or just
    (1, text) for one puzzle.

    A collection is two or more rows, each of more than 16 cells: 6x6, 9x9
    and 16x16 Sudokus in one line (a 4x4 one's 16 cells are also a row of a
    16x16 grid, so it is read on its own).  A puzzle's text keeps the lines
    above it blank, so a refusal names its line in the file.
    """
    rows = [line for line in numbered(text) if FORM.kind_of(line) == "row"]
    if len(rows) < 2 or min(len(cell_tokens(line.text, chars=True)) for line in rows) <= 16:
        return ((1, text),)
    return tuple((line.number, "\n" * (line.number - 1) + line.text + "\n") for line in rows)


def is_header(line: Line) -> bool:
    """`diagonal` and the cages: a line starting with "cage" that names a cell or a total (a wrong one is refused)."""
    text = line.text.strip()
    if text.lower() in DIAGONAL:
        return True
    total = CAGE.fullmatch(text)
    return text.lower().startswith("cage") and bool(CELL_REF.search(text) or (total and re.search(r"\d", total[1])))


def read_grid(rows: list[Line]) -> Grid:
    if not rows:
        raise PuzzleError("no grid found: give one line of 81 cells, or one line per row", line=1, column=1)
    if len(rows) == 1:
        cells = read_cells(rows[0])
        n = BY_LENGTH.get(len(cells))
        if n is None:
            raise PuzzleError(
                f"one line of {len(cells)} cells: a Sudoku in one line has 16, 36, 81 or 256",
                line=rows[0].number,
                column=1,
            )
        cells = read_cells(rows[0], top=n)  # again, now that the largest value is known
        return tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))
    n = len(rows)
    if n not in BOXES:
        raise PuzzleError(
            f"{n} rows ({span(rows)}): a Sudoku has 4, 6, 9 or 16 rows", line=rows[min(n, 17) - 1].number, column=1
        )
    widths = {len(cell_tokens(line.text, chars=True)) for line in rows}
    if len(widths) == 1 and n not in widths:
        raise PuzzleError(
            f"found no {n}-line grid: {span(rows)} have {widths.pop()} cells", line=rows[0].number, column=1
        )
    grid = []
    for line in rows:
        cells = read_cells(line, top=n, width=n)
        if len(cells) != n:
            raise PuzzleError(f"this row has {len(cells)} cells, the grid is {n} wide", line=line.number, column=1)
        grid.append(tuple(cells))
    return tuple(grid)


def read_cells(line: Line, *, top: int = 16, width: int | None = None) -> list[int]:
    """The values of a row (blanks as EMPTY) up to `top`, at most `width` of them (256 in one line); a stranger is
    refused where it stands."""
    cells = []
    for token, column in cell_tokens(line.text, chars=True):
        if is_blank_mark(token):
            value = EMPTY
        else:
            value = SYMBOLS.find(token.upper()) + 1
            if value == 0:
                raise PuzzleError(
                    f"{shown(token)} is not a value (1..{symbol(top)}) or a blank ({BLANKS_SHOWN})",
                    line=line.number,
                    column=column,
                )
        if value > top:
            raise PuzzleError(
                f"{token} is more than {symbol(top)}, the largest value here", line=line.number, column=column
            )
        if width is not None and len(cells) == width:
            raise PuzzleError(
                f"a row of this grid has {width} cells; this is one more", line=line.number, column=column
            )
        if len(cells) == 256:
            raise PuzzleError("more than 256 cells in one line", line=line.number, column=column)
        cells.append(value)
    return cells


FORM = Form(read_grid, lambda grid: len(grid) ** 2, header=is_header, letters="abcdefgx")


def read_cages(n: int, cage_lines: list[tuple[int, int, re.Match[str]]]) -> tuple[Cage, ...]:
    if n > KILLER_MAX:
        raise PuzzleError(f"Killer cages go on boards up to {KILLER_MAX}x{KILLER_MAX}", line=cage_lines[0][0], column=1)
    owner: dict[Position, int] = {}
    cages = []
    for number, indent, match in cage_lines:
        total_column = indent + match.start(1) + 1
        total = read_total(match.group(1), number, total_column)
        cells = []
        for token in TOKEN.finditer(match.group(2)):
            column = indent + match.start(2) + token.start() + 1
            position = read_cell_ref(token.group(), n, number, column)
            if position in owner:
                where = "this cage" if owner[position] == number else f"the cage on line {owner[position]}"
                raise PuzzleError(f"{token.group()} is already in {where}", line=number, column=column)
            owner[position] = number
            cells.append(position)
        if not cells:
            raise PuzzleError("a cage needs at least one cell", line=number, column=indent + len(match.string) + 1)
        low, high = sum(range(1, len(cells) + 1)), sum(range(n - len(cells) + 1, n + 1))
        if len(cells) > n or not low <= total <= high:
            span = f"{low}..{high}" if len(cells) <= n else "nothing"
            raise PuzzleError(
                f"a cage of {len(cells)} cells sums to {span}, not {total}", line=number, column=total_column
            )
        cages.append(Cage(total, tuple(cells)))
    return tuple(cages)


def read_total(token: str, number: int, column: int) -> int:
    total = read_number(token, line=number, column=column)
    if total < 1:
        raise PuzzleError(f"a cage sums to at least 1, not {total}", line=number, column=column)
    return total


def read_cell_ref(token: str, n: int, number: int, column: int) -> Position:
    match = CELL_REF.fullmatch(token)
    if not match:
        raise PuzzleError(f"{shown(token)} is not a cell (write r1c1 for row 1, column 1)", line=number, column=column)
    r, c = int(match.group(1)), int(match.group(2))
    if not (1 <= r <= n and 1 <= c <= n):
        raise PuzzleError(f"{token} is outside the {n}x{n} grid", line=number, column=column)
    return r - 1, c - 1


# ---------------------------------------------------------------- text out


def format(board: Sudoku) -> str:
    """Rows with box separators, then `diagonal` and the cages: what `parse` reads back."""
    rows, columns = board.box
    groups, width = board.n // columns, 2 * columns - 1
    rule = "+".join("-" * (width + 1 + (0 < g < groups - 1)) for g in range(groups))
    lines = []
    for r, row in enumerate(board.grid):
        if r and r % rows == 0:
            lines.append(rule)
        groups = [" ".join(symbol(v) for v in row[b : b + columns]) for b in range(0, board.n, columns)]
        lines.append(" | ".join(groups))
    if board.diagonal:
        lines.append("diagonal")
    for cage in board.cages:
        lines.append(f"cage {cage.total}: {' '.join(cell_name(p) for p in cage.cells)}")
    return "\n".join(lines) + "\n"


def solution_text(grid: Grid) -> str:
    """A completed grid as one line of symbols per row."""
    return "\n".join("".join(symbol(v) for v in row) for row in grid)


# ---------------------------------------------------------------- rules


def conflicts(board: Sudoku) -> dict[Position, str]:
    """Cells breaking a rule by themselves: a value twice in a unit or a cage, a cage past its sum."""
    found: dict[Position, str] = {}
    for unit in board.shape.units:
        seen: dict[int, list[Position]] = {}
        for r, c in unit.cells:
            if board.grid[r][c]:
                seen.setdefault(board.grid[r][c], []).append((r, c))
        for value, places in seen.items():
            if len(places) > 1:
                for p in places:
                    found.setdefault(p, f"{symbol(value)} stands twice in {unit.name}")
    for cage in board.cages:
        values = [board.grid[r][c] for r, c in cage.cells if board.grid[r][c]]
        total = sum(values)
        if len(set(values)) < len(values):
            why = "the cage of {cage.total} repeats a digit"
        elif total > cage.total or (len(values) == len(cage.cells) and total != cage.total):
            why = f"the cage of {cage.total} adds up to {total}"
        else:
            continue
        for p in cage.cells:
            found.setdefault(p, why.format(cage=cage))
    return found


def label(position: Position) -> str:
    return cell_name(position)
