"""The editable grid every board puzzle uses: Hidoku, Jodici, magic board, equations.

The grid is a view.  A screen hands it rows of `GridCell` values (text, role,
candidate marks, conflict) and listens for `Edited` messages; it never decides
what a cell means.  While the person types it shows their keystrokes at once
(so "4" then "2" makes 42 even before the screen answers), and the next
`show_cells` from the screen is the truth again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from rich.text import Text
from textual.binding import Binding
from textual.events import Click, Key
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from assistant.widgets import ARROW_BINDINGS
from assistant.widgets.keys import run_binding
from puzzles.numbergrid import Position

DIGITS = "0123456789"
ROOMY_WIDTH = 44  # the widest a board draws with a space either side of each cell: at 80 columns the panel keeps ~30
Role = Literal["given", "entry", "empty", "blocked", "label"]


@dataclass(frozen=True)
class GridCell:
    """One cell as the screen wants it drawn.

    `accepts` lists the characters typing may put into the cell ("" makes it
    read-only, as for labels and blocked cells); `marks` is the short text of
    candidate marks shown dimmed in an empty cell; `highlight` is what a hint
    ("hint") or a board check ("mistake") points at.
    """

    text: str = ""
    role: Role = "empty"
    marks: str = ""
    conflict: bool = False
    accepts: str = DIGITS
    highlight: Literal["", "hint", "mistake"] = ""

    @property
    def editable(self) -> bool:
        return bool(self.accepts)


def marks_text(values: Sequence[int], width: int) -> str:
    """Candidate marks that fit in `width` columns: the digits, the value, or a count."""
    if not values:
        return "×"
    joined = "".join(str(v) for v in values)
    if len(joined) <= width and all(0 <= v <= 9 for v in values):
        return joined
    if len(values) == 1:
        return str(values[0])
    return f"{len(values)}?"


class EditableGrid(Widget, can_focus=True):
    """A grid of cells with a cursor; digits type, arrows and the mouse move."""

    DEFAULT_CSS = """
    EditableGrid { width: auto; height: auto; padding: 0 1; }
    EditableGrid > .grid--given { text-style: bold; color: $text; background: $boost; }
    EditableGrid > .grid--entry { color: $text-accent; text-style: bold; }
    EditableGrid > .grid--empty { color: $text-muted; }
    EditableGrid > .grid--marks { color: $text-muted; text-style: italic; }
    EditableGrid > .grid--blocked { color: $panel-lighten-2; background: $panel-darken-1; }
    EditableGrid > .grid--label { color: $text-muted; }
    EditableGrid > .grid--conflict { background: $error 45%; }
    EditableGrid > .grid--hint { background: $warning 40%; text-style: underline; }
    EditableGrid > .grid--mistake { background: $error 70%; text-style: reverse; }
    EditableGrid > .grid--cursor { background: $accent 35%; }
    EditableGrid:focus > .grid--cursor { background: $accent 70%; color: $text; }
    """
    COMPONENT_CLASSES = {
        "grid--given",
        "grid--entry",
        "grid--empty",
        "grid--marks",
        "grid--blocked",
        "grid--label",
        "grid--conflict",
        "grid--hint",
        "grid--mistake",
        "grid--cursor",
    }
    BINDINGS = [
        *ARROW_BINDINGS,
        Binding("backspace", "erase", "Erase", show=False),
        Binding("delete,space", "clear", "Clear cell", show=False),
    ]

    cursor: reactive[Position] = reactive((0, 0))
    show_marks: reactive[bool] = reactive(True)

    @dataclass
    class Edited(Message):
        """The person changed a cell's text (already shown; the screen decides what it means)."""

        grid: EditableGrid
        position: Position
        text: str

        @property
        def control(self) -> EditableGrid:
            return self.grid

    @dataclass
    class CursorMoved(Message):
        grid: EditableGrid
        position: Position

        @property
        def control(self) -> EditableGrid:
            return self.grid

    def __init__(
        self, *, min_cell_width: int = 2, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.min_cell_width = min_cell_width
        self.cells: list[list[GridCell]] = []
        self._typing_at: Position | None = None

    # ------------------------------------------------------------ the screen's side

    def show_cells(self, cells: Sequence[Sequence[GridCell]]) -> None:
        """Draw these cells; the cursor stays where it was if it still fits.

        A column that widens (a longer number, a sum past 99) takes its room at once: the board is never cut.
        """
        reshaped = [len(row) for row in cells] != [len(row) for row in self.cells]
        widths = self.column_widths()
        self.cells = [list(row) for row in cells]
        if reshaped:
            self._typing_at = None
            self.cursor = self._first_editable()
        self.refresh(layout=reshaped or self.column_widths() != widths)

    def cell(self, position: Position) -> GridCell:
        row, col = position
        return self.cells[row][col]

    # ------------------------------------------------------------ layout

    def column_widths(self) -> list[int]:
        columns = max((len(row) for row in self.cells), default=0)
        widths = [self.min_cell_width] * columns
        for row in self.cells:
            for col, cell in enumerate(row):
                widths[col] = max(widths[col], len(cell.text))
        return widths

    def width_with(self, pad: int) -> int:
        """The grid's width with `pad` spaces either side of each cell, and one between cells."""
        widths = self.column_widths()
        return sum(w + 2 * pad for w in widths) + max(len(widths) - 1, 0)

    @property
    def pad(self) -> int:
        """A space either side of each cell while the board fits in ROOMY_WIDTH so; past that (a 10x10 Hidoku, a
        16x16 Sudoku) cells stand one space apart, and the panel beside the board keeps room to talk."""
        return 1 if self.width_with(1) <= ROOMY_WIDTH else 0

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.width_with(self.pad)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.cells)

    def render(self) -> Text:
        widths, pad = self.column_widths(), self.pad
        lines = []
        for r, row in enumerate(self.cells):
            line = Text()
            for c, cell in enumerate(row):
                if c:
                    line.append(" ")
                line.append(self._draw(cell, (r, c), widths[c], pad))
            lines.append(line)
        return Text("\n").join(lines)

    def _draw(self, cell: GridCell, position: Position, width: int, pad: int) -> Text:
        if cell.role == "blocked":
            body, role = "█" * width, "blocked"
        elif cell.role == "label" or cell.text:
            body, role = cell.text.rjust(width), cell.role
        elif self.show_marks and cell.marks:
            body, role = cell.marks[:width].center(width), "marks"
        else:
            body, role = "·".center(width), "empty"
        style = self.get_component_rich_style(f"grid--{role}")
        if cell.conflict:
            style += self.get_component_rich_style("grid--conflict")
        if cell.highlight:
            style += self.get_component_rich_style(f"grid--{cell.highlight}")
        if position == self.cursor:
            style += self.get_component_rich_style("grid--cursor")
        return Text(f"{' ' * pad}{body}{' ' * pad}", style=style)

    def _column_at(self, x: int) -> int | None:
        start, pad = 0, self.pad
        for col, width in enumerate(self.column_widths()):
            if start <= x < start + width + 2 * pad:
                return col
            start += width + 2 * pad + 1
        return None

    # ------------------------------------------------------------ moving

    def _first_editable(self) -> Position:
        for r, row in enumerate(self.cells):
            for c, cell in enumerate(row):
                if cell.editable:
                    return (r, c)
        return (0, 0)

    def _inside(self, r: int, c: int) -> bool:
        return 0 <= r < len(self.cells) and 0 <= c < len(self.cells[r])

    def action_move(self, dr: int, dc: int) -> None:
        """Step to the next editable cell in that direction, skipping labels and blocks."""
        r, c = self.cursor
        while self._inside(r + dr, c + dc):
            r, c = r + dr, c + dc
            if self.cells[r][c].editable:
                self.cursor = (r, c)
                return

    def watch_cursor(self, old: Position, new: Position) -> None:
        self._typing_at = None
        self.refresh()
        self.post_message(self.CursorMoved(self, new))

    def watch_show_marks(self) -> None:
        self.refresh()

    def on_click(self, event: Click) -> None:
        col = self._column_at(event.x - self.styles.padding.left)
        row = event.y - self.styles.padding.top
        if col is not None and self._inside(row, col) and self.cells[row][col].editable:
            self.cursor = (row, col)

    # ------------------------------------------------------------ typing

    async def on_key(self, event: Key) -> None:
        """Every key that reaches the grid takes effect here, one after the other, in the order keys came.

        Textual types a character here at once but runs a key's binding only
        once the key has bubbled up to the app, through a queue per widget: of
        keys that came in one read (a paste, fast typing, a link that batches
        keys) the digit of "right 5" went into the cell the cursor was leaving,
        and an undo could land after the digit typed behind it.  So the grid
        runs the bindings itself, its own at once and the screen's (undo) once
        the screen has taken in the edits sent before.
        """
        if not self.cells:
            return
        cell = self.cell(self.cursor)
        if event.character and event.character in cell.accepts:
            event.stop()
            keep = self._typing_at == self.cursor  # "4" then "2" is 42, a printed clue or a result as much as an entry
            self._edit(cell.text + event.character if keep else event.character)
            return
        active = self.screen.active_bindings.get(event.key)
        if active is None or not active.enabled:
            return
        event.stop()
        if active.node is self:
            await self.app.run_action(active.binding.action, self)  # the grid's own (arrows), at once
        else:
            await run_binding(self, active)  # the screen's and the app's: in order, a dialog given what follows

    def action_erase(self) -> None:
        if self.cells and self.cell(self.cursor).editable:
            self._edit(self.cell(self.cursor).text[:-1])

    def action_clear(self) -> None:
        if self.cells and self.cell(self.cursor).editable:
            self._edit("")

    def _edit(self, text: str) -> None:
        r, c = self.cursor
        self.cells[r][c] = replace(self.cells[r][c], text=text, role="entry" if text else "empty")
        self._typing_at = self.cursor
        self.refresh(layout=True)
        self.screen.post_message(self.Edited(self, (r, c), text))  # straight to the screen: see on_key
