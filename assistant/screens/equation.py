"""The equation crossword drawn as printed: cells, operators and results, all editable.

A number board whose grid is the printed page: value rows with their operators
and results, operator rows between them, then `=` and the column results.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from assistant.screens.board import BoardScreen
from assistant.widgets.grid import GridCell
from puzzles import equation as engine
from puzzles.core import Budget
from puzzles.numbergrid import BoardAnalysis, cell_name

HELP = """
Every row and every column is an equation, read left to right and top to
bottom, with the usual precedence (* and / before + and -; / only where it
divides exactly). Fill the unknowns with whole numbers from the range
(default -9..99).

Move with the arrows or the mouse. Type a number (a leading `-` for negative)
into a cell, an operator (+ - * /) over an operator, or change a result.
Backspace erases, delete clears. Grey marks are the values a cell can still
take (**m** toggles); the panel counts the solutions. A pasted puzzle opens,
the text around it skipped. **t** switches to typing the printed clues
(numbers typed are givens until **t** again), then you play on them.
"""

SIGNED = "-0123456789"
LABEL = GridCell("", "label", accepts="")


class EquationScreen(BoardScreen):
    KIND = "equation"
    BUDGET = Budget(seconds=2.0)
    BLANK = None  # an unknown: 0 is a value here
    HELP = HELP

    def cell_width(self) -> int:
        return 3

    def single_digits(self) -> bool:
        return False  # signed values of any size

    # ------------------------------------------------------------ the printed layout

    def cells(self, puzzle: engine.Crossword, analysis: BoardAnalysis | None) -> list[list[GridCell]]:
        """Value rows with their operators and results, operator rows between, then = and results."""
        rows, cols = len(puzzle.cells), len(puzzle.cells[0])
        shown = []
        for r in range(rows):
            line = []
            for c in range(cols):
                if c:
                    line.append(GridCell(puzzle.row_ops[r][c - 1], "given", accepts=engine.OPERATORS))
                line.append(self.value_cell(puzzle, analysis, (r, c)))
            line += [GridCell("=", "label", accepts=""), GridCell(str(puzzle.row_results[r]), "given", accepts=SIGNED)]
            shown.append(line)
            if r < rows - 1:
                ops = [GridCell(puzzle.column_ops[r][c], "given", accepts=engine.OPERATORS) for c in range(cols)]
                shown.append(spread(ops))
        shown.append(spread([GridCell("=", "label", accepts="") for _ in range(cols)]))
        shown.append(spread([GridCell(str(v), "given", accepts=SIGNED) for v in puzzle.column_results]))
        return shown

    def value_cell(
        self, puzzle: engine.Crossword, analysis: BoardAnalysis | None, position: tuple[int, int]
    ) -> GridCell:
        value = puzzle.cells[position[0]][position[1]]
        highlight = self.highlights.get(position, "")
        if value is not None:
            role = "given" if position in puzzle.givens else "entry"
            conflict = analysis is not None and position in analysis.conflicts
            return GridCell(str(value), role, conflict=conflict, accepts=SIGNED, highlight=highlight)
        marks = self.marks(analysis.candidates[position[0]][position[1]], 3) if analysis else ""
        return GridCell("", "empty", marks, accepts=SIGNED, highlight=highlight)

    def edit(self, puzzle: engine.Crossword, at: tuple[int, int], text: str) -> engine.Crossword:
        """What an edit at display position `at` means for the puzzle."""
        rows, cols = len(puzzle.cells), len(puzzle.cells[0])
        y, x = at
        if y < 2 * rows - 1 and y % 2 == 0:  # a value row
            r = y // 2
            if x == 2 * cols:
                return replace(puzzle, row_results=swap(puzzle.row_results, r, number(text, puzzle.row_results[r])))
            if x % 2 == 0:
                return self.typed(puzzle, (r, x // 2), number(text, None))
            ops = swap(puzzle.row_ops[r], x // 2, operator(text, puzzle.row_ops[r][x // 2]))
            return replace(puzzle, row_ops=swap(puzzle.row_ops, r, ops))
        if y < 2 * rows - 1:  # an operator row between value rows
            i = y // 2
            ops = swap(puzzle.column_ops[i], x // 2, operator(text, puzzle.column_ops[i][x // 2]))
            return replace(puzzle, column_ops=swap(puzzle.column_ops, i, ops))
        c = x // 2  # the column results
        return replace(puzzle, column_results=swap(puzzle.column_results, c, number(text, puzzle.column_results[c])))

    # ------------------------------------------------------------ what the screen says

    def describe(self, puzzle: engine.Crossword) -> str:
        return f"unknowns in {puzzle.low}..{puzzle.high}"

    def detail(self, analysis: BoardAnalysis) -> Text:
        """What is wrong (or how to ask for a hint), then, where several remain, the first solutions as grids.

        One solution is not shown: it would give away what f4 teaches a step at a time (f6 copies it).
        """
        detail = super().detail(analysis)
        for grid in analysis.solutions[:3] if analysis.count.value > 1 else ():
            detail.append("\n\n" + "\n".join(" ".join(f"{v:>3}" for v in row) for row in grid))
        return detail

    def cell_info(self, at: tuple[int, int]) -> str:
        y, x = at
        rows = len(self.state.cells)
        if y % 2 or y >= 2 * rows - 1 or x % 2 or x >= 2 * len(self.state.cells[0]):
            return ""
        position = (y // 2, x // 2)
        value = self.state.cells[position[0]][position[1]]
        if value is not None:
            return f"{cell_name(position)}: {value}"
        if self.analysis is None:
            return f"{cell_name(position)}: …"
        return f"{cell_name(position)}: {self.cell_candidates(self.analysis.candidates[position[0]][position[1]])}"

    def new_state(self) -> engine.Crossword:
        return engine.parse("_ + _ = 0\n+   +\n_ + _ = 0\n=   =\n0   0\n")


def spread(cells: list[GridCell]) -> list[GridCell]:
    """Cells under the value columns, with blank labels under operators, '=' and results."""
    line = []
    for cell in cells:
        line += [cell, LABEL]
    return line + [LABEL]


def swap(values: tuple, index: int, value: object) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def number(text: str, default: int | None) -> int | None:
    """A typed whole number; a lone '-' (half typed) or nothing keeps `default`."""
    try:
        return int(text)
    except ValueError:
        return default


def operator(text: str, default: str) -> str:
    return text[-1] if text and text[-1] in engine.OPERATORS else default
