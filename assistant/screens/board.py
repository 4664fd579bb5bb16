"""The screen shared by number-board puzzles: Hidoku, Jodici, the magic board.

Their engines agree on a shape: the puzzle value has `grid` (rows of ints,
`largest` (the largest value a cell takes),
`EMPTY` = 0, `BLOCKED` = -1), `givens` (positions of the printed clues) and
`with_cell(position, value)`; `analyse(board, budget=, should_stop=)` returns
per-cell `candidates`, a `count` (`Count`), a `status`, a `hint` and
`conflicts`.  So a board screen only says which engine it drives, what its
cells accept, and how it labels rows and columns.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static

from assistant.live import Job
from assistant.screens.base import PuzzleScreen
from assistant.sessions import Meaning, numbers
from assistant.widgets.grid import DIGITS, EditableGrid, GridCell, marks_text
from assistant.widgets.live_panel import LivePanel
from puzzles.numbergrid import BLOCKED, EMPTY, cell_name

BOARD_HELP = """
## Editing
Arrows or the mouse move; digits type a number (keep typing for more digits);
backspace erases a digit, delete or space clears the cell.
Printed clues are **bold**, your entries are coloured; red cells break a rule.
Small grey marks in empty cells are the numbers that cell can still take
(**m** hides or shows them); `×` means none can. The panel says how many
completions remain (0: a mistake somewhere; 1: unique) and the next deduction.
"""


class BoardScreen(PuzzleScreen):
    """A number board with live candidates, completion count and a worded hint."""

    CSS_PATH = "board.tcss"
    AUTO_FOCUS = "EditableGrid"
    ACCEPTS: ClassVar[str] = DIGITS
    BINDINGS = [Binding("m", "toggle_marks", "Marks", tooltip="Show or hide candidate marks")]

    def __init__(self) -> None:
        self.analysis: Any = None
        self.highlights: dict[tuple[int, int], str] = {}
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="board"):
                yield self.make_grid()
                yield Static(id="cell-info")
            yield LivePanel()
        yield Footer(compact=True)

    # ------------------------------------------------------------ what differs per puzzle

    def make_grid(self) -> EditableGrid:
        """The board's view: a plain grid here, a picture of the printed board where that reads better."""
        return EditableGrid(min_cell_width=self.cell_width())

    def cell_width(self) -> int:
        return max(2, len(str(self.state.largest)))

    def cell_text(self, value: int) -> str:
        return "" if value in (EMPTY, BLOCKED) else str(value)

    def read_cell(self, text: str) -> int:
        """What the person typed into a cell, as the engine's value."""
        if text in ("#", "."):
            return BLOCKED
        return int(text) if text.isdigit() else EMPTY

    def meaning(self, board: Any) -> dict[str, object]:
        """The cells the person filled in: the board's text alone reads every number as printed."""
        entries = self.from_text(self.to_text(board)).givens - board.givens
        return {"entries": [list(cell) for cell in sorted(entries)]} if entries else {}

    def with_meaning(self, board: Any, meaning: Meaning) -> Any:
        entries = frozenset(numbers(meaning.get("entries", []), 2, "entries"))
        if not entries <= board.givens:
            raise ValueError("an entry is marked where the board has no number")
        return replace(board, givens=board.givens - entries)

    # ------------------------------------------------------------ the flow

    @property
    def grid(self) -> EditableGrid:
        return self.query_one(EditableGrid)

    def draw(self, board: Any) -> None:
        self.grid.show_cells(self.cells(board, None))
        self.describe_cell()

    def headers(self, board: Any) -> tuple[list[str], list[str]] | None:
        """Row and column labels to draw around the board (None: no labels)."""
        return None

    def offset(self) -> int:
        """1 when labels take the grid's first row and column."""
        return 1 if self.headers(self.state) else 0

    def cells(self, board: Any, analysis: Any) -> list[list[GridCell]]:
        rows = self.board_cells(board, analysis)
        labels = self.headers(board)
        if labels is None:
            return rows
        row_labels, column_labels = labels
        top = [GridCell("", "label", accepts="")] + [GridCell(text, "label", accepts="") for text in column_labels]
        return [top] + [[GridCell(text, "label", accepts=""), *row] for text, row in zip(row_labels, rows)]

    def board_cells(self, board: Any, analysis: Any) -> list[list[GridCell]]:
        width = self.cell_width()
        rows = []
        for r, row in enumerate(board.grid):
            line = []
            for c, value in enumerate(row):
                position = (r, c)
                marks = ""
                if analysis is not None and value == EMPTY:
                    marks = marks_text(analysis.candidates[r][c], width)
                conflict = analysis is not None and position in analysis.conflicts
                if value == BLOCKED:
                    role = "blocked"
                elif value == EMPTY:
                    role = "empty"
                else:
                    role = "given" if position in board.givens else "entry"
                highlight = self.highlights.get(position, "")
                line.append(GridCell(self.cell_text(value), role, marks, conflict, self.ACCEPTS, highlight))
            rows.append(line)
        return rows

    def show_places(self, places: tuple, kind: str) -> None:
        self.highlights = dict.fromkeys(places, kind)
        self.grid.show_cells(self.cells(self.state, self.analysis))

    def place_names(self, places: tuple) -> list[str]:
        return [self.cell_label(place) for place in places]

    def compute(self, board: Any, job: Job) -> Any:
        return self.engine.analyse(board, budget=self.BUDGET, should_stop=job.should_stop)

    def show_result(self, analysis: Any) -> None:
        self.analysis = analysis
        self.grid.show_cells(self.cells(self.state, analysis))
        self.panel.show_analysis(analysis, self.detail(analysis))
        self.describe_cell()

    def detail(self, analysis: Any) -> Text:
        """What the panel says under its headline: what is wrong, if anything, never the next deduction unasked."""
        if not self.check_action("step_hint", ()):
            return Text(analysis.hint)
        return Text(analysis.hint or "f4: a hint, one level at a time · f8: check your entries")

    def board_position(self, position: tuple[int, int]) -> tuple[int, int]:
        return position[0] - self.offset(), position[1] - self.offset()

    def edit(self, board: Any, at: tuple[int, int], text: str) -> Any:
        """What typing `text` into the grid cell at `at` makes of the board."""
        return board.with_cell(self.board_position(at), self.read_cell(text))

    @on(EditableGrid.Edited)
    def edited(self, event: EditableGrid.Edited) -> None:
        self.analysis = None
        self.change(self.edit(self.state, event.position, event.text))

    @on(EditableGrid.CursorMoved)
    def describe_cell(self) -> None:
        self.query_one("#cell-info", Static).update(self.cell_info(self.grid.cursor))

    def cell_info(self, at: tuple[int, int]) -> str:
        """The line under the board about the grid cell at `at` ("" for none)."""
        position = self.board_position(at)
        r, c = position
        if not (0 <= r < len(self.state.grid) and 0 <= c < len(self.state.grid[r])):
            return ""
        value = self.state.grid[r][c]
        if self.analysis is None:
            detail = "…"
        elif value == EMPTY:
            values = self.analysis.candidates[r][c]
            detail = f"can be {', '.join(map(str, values))}" if values else "no number fits here"
        elif value == BLOCKED:
            detail = "blocked"
        else:
            detail = f"{value} ({'clue' if position in self.state.givens else 'your entry'})"
        return f"{self.cell_label(position)}: {detail}"

    def cell_label(self, position: tuple[int, int]) -> str:
        return cell_name(position)

    def action_toggle_marks(self) -> None:
        self.grid.show_marks = not self.grid.show_marks
