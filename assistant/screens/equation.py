"""The equation crossword drawn as printed: cells, operators and results, all editable."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static

from assistant.live import Job
from assistant.screens.base import PuzzleScreen
from assistant.widgets.grid import EditableGrid, GridCell, marks_text
from assistant.widgets.live_panel import LivePanel
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
take (**m** toggles); the panel counts the solutions.
"""

SIGNED = "-0123456789"
LABEL = GridCell("", "label", accepts="")


class EquationScreen(PuzzleScreen[engine.Crossword]):
    KIND = "equation"
    BUDGET = Budget(seconds=2.0)
    HELP = HELP
    CSS_PATH = "board.tcss"
    AUTO_FOCUS = "EditableGrid"
    BINDINGS = [Binding("m", "toggle_marks", "Marks")]

    def __init__(self) -> None:
        self.analysis: BoardAnalysis | None = None
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="board"):
                yield EditableGrid(min_cell_width=3)
                yield Static(id="cell-info")
            yield LivePanel()
        yield Footer(compact=True)

    @property
    def grid(self) -> EditableGrid:
        return self.query_one(EditableGrid)

    # ------------------------------------------------------------ the printed layout

    def printed_cells(self, puzzle: engine.Crossword, analysis: BoardAnalysis | None) -> list[list[GridCell]]:
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
        if value is not None:
            role = "given" if position in puzzle.givens else "entry"
            conflict = analysis is not None and position in analysis.conflicts
            return GridCell(str(value), role, conflict=conflict, accepts=SIGNED)
        marks = marks_text(analysis.candidates[position[0]][position[1]], 3) if analysis else ""
        return GridCell("", "empty", marks, accepts=SIGNED)

    def edit(self, puzzle: engine.Crossword, at: tuple[int, int], text: str) -> engine.Crossword:
        """What an edit at display position `at` means for the puzzle."""
        rows, cols = len(puzzle.cells), len(puzzle.cells[0])
        y, x = at
        if y < 2 * rows - 1 and y % 2 == 0:  # a value row
            r = y // 2
            if x == 2 * cols:
                return replace(puzzle, row_results=swap(puzzle.row_results, r, number(text, puzzle.row_results[r])))
            if x % 2 == 0:
                return puzzle.with_cell((r, x // 2), number(text, None))
            ops = swap(puzzle.row_ops[r], x // 2, operator(text, puzzle.row_ops[r][x // 2]))
            return replace(puzzle, row_ops=swap(puzzle.row_ops, r, ops))
        if y < 2 * rows - 1:  # an operator row between value rows
            i = y // 2
            ops = swap(puzzle.column_ops[i], x // 2, operator(text, puzzle.column_ops[i][x // 2]))
            return replace(puzzle, column_ops=swap(puzzle.column_ops, i, ops))
        c = x // 2  # the column results
        return replace(puzzle, column_results=swap(puzzle.column_results, c, number(text, puzzle.column_results[c])))

    # ------------------------------------------------------------ the flow

    def draw(self, puzzle: engine.Crossword) -> None:
        self.grid.show_cells(self.printed_cells(puzzle, None))
        self.describe_cell()

    def describe(self, puzzle: engine.Crossword) -> str:
        return f"unknowns in {puzzle.low}..{puzzle.high}"

    def compute(self, puzzle: engine.Crossword, job: Job) -> BoardAnalysis:
        return engine.analyse(puzzle, budget=self.BUDGET, should_stop=job.should_stop)

    def show_result(self, analysis: BoardAnalysis) -> None:
        self.analysis = analysis
        self.grid.show_cells(self.printed_cells(self.state, analysis))
        detail = Text(analysis.hint)
        for grid in analysis.solutions[:3]:
            detail.append("\n\n" + "\n".join(" ".join(f"{v:>3}" for v in row) for row in grid))
        self.panel.show_analysis(analysis, detail)
        self.describe_cell()

    @on(EditableGrid.Edited)
    def edited(self, event: EditableGrid.Edited) -> None:
        self.analysis = None
        self.change(self.edit(self.state, event.position, event.text))

    @on(EditableGrid.CursorMoved)
    def describe_cell(self) -> None:
        y, x = self.grid.cursor
        info = self.query_one("#cell-info", Static)
        rows = len(self.state.cells)
        if y % 2 or y >= 2 * rows - 1 or x % 2 or x >= 2 * len(self.state.cells[0]):
            info.update("")
            return
        position = (y // 2, x // 2)
        value = self.state.cells[position[0]][position[1]]
        if value is not None:
            info.update(f"{cell_name(position)}: {value}")
        elif self.analysis is not None:
            values = self.analysis.candidates[position[0]][position[1]]
            shown = ", ".join(map(str, values[:12])) + (" …" if len(values) > 12 else "")
            info.update(f"{cell_name(position)}: {len(values)} value(s) left: {shown}")

    def action_toggle_marks(self) -> None:
        self.grid.show_marks = not self.grid.show_marks

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
