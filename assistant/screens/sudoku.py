"""Sudoku board editor: boxes drawn, the engine's candidates and your own pencil marks, live count and graded hints."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size

from assistant.screens.board import BoardScreen
from assistant.widgets.dialogs import AskDialog
from assistant.widgets.grid import EditableGrid, GridCell
from assistant.widgets.marks import own_marks
from puzzles import sudoku
from puzzles.numbergrid import EMPTY, Position
from puzzles.sudoku.board import SYMBOLS, symbol

HELP = """
Fill the grid so that every row, column and box holds each value once
(1..9 on 9x9; 1..4, 1..6, or 1..9 and A..G on 4x4, 6x6 and 16x16). A diagonal
Sudoku asks it of both long diagonals too; in a Killer Sudoku each cage's
values differ and add up to its sum (the line under the board names the
cage of the cell you are on).

| key | action |
| --- | --- |
| arrows, mouse | move |
| 1..9 (A..G) | enter a value; delete or space clears the cell |
| p | pencil mode: typing a value puts your own mark in the cell, or takes it away |
| m | the engine's marks: nothing, counts, candidates (remembered) |
| t | givens mode: values typed are the printed clues, until t again |
| paste | your terminal's paste keys open a pasted puzzle, the text around it skipped |

Printed clues are **bold**, your entries coloured; red cells break a rule.
On a Killer board each cage's first cell shows its sum while empty, and the
cells of the cage you are on are underlined. An empty cell shows your pencil
marks when it has any (small, underlined, in their own colour; `¹…` when more
than fit), otherwise the engine's marks at the level **m** chose, as on the
other boards: how many values the cell has left (`₃`, the default) or the
values themselves as superscripts (`²⁶`), so even a cell with one value left
never reads as an entry; `×` means none can go there (where your entries leave no
value for any cell, the marks are those of the printed clues). The line under the board
says while pencil or givens mode is on. To type a puzzle from a page, press
**t**, type its clues as printed, press **t** again and play: f8 checks your
entries against them. Your marks are yours alone: undo and the hints
leave them be. The panel counts the completions exactly up to 1,000 (0: a
mistake somewhere; 1: unique); f4 gives a hint one level at a time, from
full house and singles through Killer cage sums and the rule of 45, locked
candidates, pairs and triples, X-wing, swordfish, XY-wing, simple colouring
and the chains (X-chain, XY-chain, AIC); a supposition, followed link by link
to a cell or unit with nothing left, comes only when nothing else applies.
"""

CELL_WIDTH = {4: 4, 6: 3, 9: 2, 16: 1}  # at 80 columns the board leaves the panel room to talk


class SudokuGrid(EditableGrid):
    """The editable grid with its boxes drawn: a bar between box columns, a rule between box rows.

    A 16x16 board drops the space either side of each cell, as the shared grid
    does past ROOMY_WIDTH, so it fits 80 columns beside the panel.  On a Killer
    board each cage's first cell shows its sum while empty, and the cells of
    the cage under the cursor are underlined.
    """

    DEFAULT_CSS = """
    SudokuGrid > .sudoku-grid--line { color: $foreground-muted; }
    SudokuGrid > .sudoku-grid--pencil { color: $text-warning; text-style: italic underline; }
    SudokuGrid > .sudoku-grid--cage-sum { color: $text-success; text-style: italic; }
    SudokuGrid > .sudoku-grid--cage-mate { text-style: underline; }
    """
    COMPONENT_CLASSES = {"sudoku-grid--line", "sudoku-grid--pencil", "sudoku-grid--cage-sum", "sudoku-grid--cage-mate"}

    def __init__(self, box: tuple[int, int], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.box = box
        self.pencilled: set[Position] = set()
        self.cages: tuple[sudoku.Cage, ...] = ()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.cells) + max(len(self.cells) // self.box[0] - 1, 0)

    def render(self) -> Text:
        widths, pad = self.column_widths(), self.pad
        line = self.get_component_rich_style("sudoku-grid--line")
        rule = Text(
            "".join(
                ("┼" if c % self.box[1] == 0 else "─") * bool(c) + "─" * (w + 2 * pad) for c, w in enumerate(widths)
            ),
            style=line,
        )
        lines = []
        for r, row in enumerate(self.cells):
            if r and r % self.box[0] == 0:
                lines.append(rule)
            drawn = Text()
            for c, cell in enumerate(row):
                if c:
                    drawn.append("│" if c % self.box[1] == 0 else " ", style=line if c % self.box[1] == 0 else "")
                drawn.append(self._draw(cell, (r, c), widths[c], pad))
            lines.append(drawn)
        return Text("\n").join(lines)

    def _draw(self, cell: GridCell, position: Position, width: int, pad: int) -> Text:
        cage = self.cage_at(position)
        anchor = cage is not None and cage.cells[0] == position and not cell.text
        if anchor:
            cell = replace(cell, marks=str(cage.total))
        drawn = super()._draw(cell, position, width, pad)
        if anchor:
            drawn.stylize(self.get_component_rich_style("sudoku-grid--cage-sum"))
        elif position in self.pencilled and not cell.text and cell.marks:
            drawn.stylize(self.get_component_rich_style("sudoku-grid--pencil"))
        if cage is not None and position in cage.cells and self.cage_at(self.cursor) is cage:
            drawn.stylize(self.get_component_rich_style("sudoku-grid--cage-mate"))
        return drawn

    def cage_at(self, position: Position) -> sudoku.Cage | None:
        return next((cage for cage in self.cages if position in cage.cells), None)

    def on_click(self, event: Click) -> None:
        """The row under a click, the box rules not counted."""
        y = event.y - self.styles.padding.top
        band = self.box[0] + 1
        if y < 0 or y % band == self.box[0]:
            return
        row = y - y // band
        column = self._column_at(event.x - self.styles.padding.left)
        if column is not None and self._inside(row, column) and self.cells[row][column].editable:
            self.cursor = (row, column)


class SudokuScreen(BoardScreen):
    KIND = "sudoku"
    HELP = HELP
    CSS_PATH = ["board.tcss", "sudoku.tcss"]
    BINDINGS = [
        Binding("p", "toggle_pencil", "Pencil", tooltip="Pencil mode: typing puts or takes away your own marks"),
    ]
    TYPING = {**BoardScreen.TYPING, "pencil": "Pencil: typing marks; p ends"}
    SCREENSHOT_KEYS = ("right", "right", "p", "1", "2", "p", "down", "f4", "f4")

    def __init__(self) -> None:
        self.pencil: dict[Position, frozenset[int]] = {}
        super().__init__()

    @property
    def ACCEPTS(self) -> str:
        """What typing may put in a cell: the board's own symbols (the base reads this name)."""
        n = self.state.n
        return SYMBOLS[:n] + SYMBOLS[9:n].lower()

    def make_grid(self) -> EditableGrid:
        return SudokuGrid(self.state.box, min_cell_width=self.cell_width())

    def cell_width(self) -> int:
        return CELL_WIDTH[self.state.n]

    def cell_text(self, value: int) -> str:
        return "" if value == EMPTY else symbol(value)

    def spell(self, value: int) -> str:
        return symbol(value)

    def single_digits(self) -> bool:
        return True  # every value is one symbol: 1..9, A..G

    def read_cell(self, text: str) -> int:
        """A cell holds one value: the last one typed."""
        return SYMBOLS.index(text[-1].upper()) + 1 if text else EMPTY

    def describe(self, board: sudoku.Sudoku) -> str:
        return board.variant + (" · pencil mode" if self.typing == "pencil" else "")

    def new_state(self) -> AskDialog:
        def check(text: str) -> sudoku.Sudoku:
            words = text.lower().split()
            if (
                not words
                or not words[0].isdigit()
                or int(words[0]) not in sudoku.BOXES
                or words[1:] not in ([], ["diagonal"])
            ):
                raise ValueError("type 4, 6, 9 or 16, and `diagonal` after it for a diagonal Sudoku")
            return sudoku.blank(int(words[0]), diagonal=words[1:] == ["diagonal"])

        return AskDialog("New Sudoku: size (4, 6, 9 or 16), optionally `diagonal`", check, "9")

    def load(self, state: sudoku.Sudoku, path: Any = None) -> None:
        self.pencil = {}
        super().load(state, path)

    # ------------------------------------------------------------ drawing

    def draw(self, board: sudoku.Sudoku) -> None:
        grid = self.grid
        if isinstance(grid, SudokuGrid):
            grid.box, grid.min_cell_width, grid.cages = board.box, self.cell_width(), board.cages
        super().draw(board)

    def board_cells(self, board: sudoku.Sudoku, analysis: Any) -> list[list[GridCell]]:
        """The base's cells, the engine's marks at the level chosen; your pencil marks in their place where any."""
        rows = super().board_cells(board, analysis)
        pencilled = {(r, c) for (r, c), marks in self.pencil.items() if marks and board.grid[r][c] == EMPTY}
        for r, c in pencilled:
            rows[r][c] = replace(rows[r][c], marks=own_marks(sorted(self.pencil[(r, c)]), self.cell_width(), symbol))
        if isinstance(self.grid, SudokuGrid):
            self.grid.pencilled = pencilled
        return rows

    def cell_info(self, at: tuple[int, int]) -> str:
        r, c = self.board_position(at)
        board = self.state
        if not (0 <= r < board.n and 0 <= c < board.n):
            return ""
        value = board.grid[r][c]
        if value != EMPTY:
            detail = f"{symbol(value)} ({'clue' if (r, c) in board.givens else 'your entry'})"
        elif self.analysis is None:
            detail = "…"
        else:
            detail = self.cell_candidates(self.analysis.candidates[r][c])
        if marks := self.pencil.get((r, c)):
            detail += f" · your marks {' '.join(symbol(v) for v in sorted(marks))}"
        cage = next((cage for cage in board.cages if (r, c) in cage.cells), None)
        if cage is not None:
            so_far = sum(board.grid[p[0]][p[1]] for p in cage.cells)
            detail += f"\ncage of {cage.total}: {' '.join(sudoku.label(p) for p in cage.cells)} (so far {so_far})"
        return f"{sudoku.label((r, c))}: {detail}"

    # ------------------------------------------------------------ pencil marks

    def edit(self, board: sudoku.Sudoku, at: tuple[int, int], text: str) -> sudoku.Sudoku:
        """In pencil mode a value typed into an empty cell toggles your mark; the board stays as it is."""
        position = self.board_position(at)
        if self.typing != "pencil":
            return super().edit(board, at, text)
        if text and board.grid[position[0]][position[1]] == EMPTY:
            self.pencil[position] = self.pencil.get(position, frozenset()) ^ {self.read_cell(text)}
        return board

    def action_toggle_pencil(self) -> None:
        self.toggle_typing("pencil")
        self.notify("Pencil mode: typing marks a value" if self.typing else "Typing enters your values again")
