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
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static

from assistant.live import Job
from assistant.screens.base import PuzzleScreen
from assistant.sessions import Meaning, numbers
from assistant.settings import SettingsError, load_settings, save_setting
from assistant.widgets.grid import DIGITS, EditableGrid, GridCell
from assistant.widgets.live_panel import LivePanel
from assistant.widgets.marks import DEFAULT_LEVEL, LEVELS, SAYING, next_level, pencil_marks
from puzzles.core import PuzzleError
from puzzles.numbergrid import BLOCKED, EMPTY, cell_name

BOARD_HELP = """
## Editing
Arrows or the mouse move; digits type a number (keep typing for more digits);
backspace erases a digit, delete or space clears the cell.
Printed clues are **bold**, your entries are coloured; red cells break a rule.
Small grey marks in empty cells are live: **m** chooses how much they show,
remembered for next time: nothing, counts (how many numbers the cell has left,
as ₃; the default, so an example never looks solved) or candidates (the
numbers themselves, as superscripts ² ⁷, so a cell with one number left still
reads as a pencil mark, not an entry). `×` means no number fits; where your
entries leave no number for any cell, the marks are those of the printed clues. The panel
says how many completions remain (0: a mistake somewhere; 1: unique).
Paste a puzzle (your terminal's paste keys) to open it, the text around it
skipped; its numbers are the printed clues.

## Typing a printed puzzle
**t** switches to typing the givens: numbers typed are the puzzle's printed
clues (bold), not your entries, until **t** again; the line under the board says
so while it lasts. Type a puzzle from a page as printed, press **t**, then play:
f8 checks your entries against those clues. ctrl+z undoes a clue typed as any
other edit.

## Hints
**f4** gives the next easiest deduction a level at a time: where to look,
the rule, the deduction (a step a press where the entry rests on several;
**shift+f4** skips to its last page), then it makes the entry for you
(undoable); any edit
starts again. **f8** marks your entries that no completion has, and nothing else.
"""


BOARD_MIN_WIDTH = 28  # board.tcss: #board's min-width less its padding


class BoardScreen(PuzzleScreen):
    """A number board with live candidates, its completion count, and graded hints on asking."""

    CSS_PATH = "board.tcss"
    AUTO_FOCUS = "EditableGrid"
    ACCEPTS: ClassVar[str] = DIGITS
    BLANK: ClassVar[object] = EMPTY  # what an empty cell holds in the engine's board
    BINDINGS = [
        Binding("m", "next_marks", "Marks", tooltip="Marks: nothing, counts, candidates (remembered)"),
        Binding("t", "toggle_givens", "Givens", tooltip="Type the printed clues: numbers typed are givens until t"),
    ]
    # What typing puts in a cell besides the person's entries, as the line under the board says while it lasts.
    TYPING: ClassVar[dict[str, str]] = {"givens": "Givens: typing clues; t ends"}

    def __init__(self) -> None:
        self.analysis: Any = None
        self.highlights: dict[tuple[int, int], str] = {}
        self.typing = ""  # "": the person's entries; else a key of TYPING
        super().__init__()
        self.marks_level = self.saved_marks_level()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="board"):
                yield self.make_grid()
                yield Static(id="typing")
                yield Static(id="cell-info")
            yield LivePanel()
        yield Footer(compact=True)

    # ------------------------------------------------------------ what differs per puzzle

    def make_grid(self) -> EditableGrid:
        """The board's view: a plain grid here, a picture of the printed board where that reads better."""
        return EditableGrid(min_cell_width=self.cell_width())

    def cell_width(self) -> int:
        """Room for the largest value, and for two candidate marks ("² ⁷") where values have two digits."""
        return max(2 if self.state.largest <= 9 else 3, len(str(self.state.largest)))

    def cell_text(self, value: int) -> str:
        return "" if value in (EMPTY, BLOCKED) else str(value)

    def read_cell(self, text: str) -> int:
        """What the person typed into a cell, as the engine's value."""
        if text in ("#", "."):
            return BLOCKED
        return int(text) if text.isdigit() else EMPTY

    def printed(self, board: Any) -> frozenset[tuple[int, int]]:
        """The cells that hold a number: the board's text alone reads every number as printed."""
        return self.from_text(self.to_text(board)).givens

    def meaning(self, board: Any) -> dict[str, object]:
        """The cells the person filled in."""
        entries = self.printed(board) - board.givens
        return {"entries": [list(cell) for cell in sorted(entries)]} if entries else {}

    def has_entries(self, board: Any) -> bool:
        return bool(self.meaning(board))

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
                    marks = self.marks(analysis.candidates[r][c], width)
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
        analysis = self.engine.analyse(board, budget=self.BUDGET, should_stop=job.should_stop)
        if has_marks(analysis) or not self.has_entries(board):
            return analysis
        return replace(analysis, candidates=self.marks_past_a_slip(board, analysis, job))

    def marks_past_a_slip(self, board: Any, analysis: Any, job: Job) -> Any:
        """The marks of a board whose entries leave no number for any cell: a wrong entry is the person's slip, so
        the cells keep the candidates of the printed clues and the entries that break no rule (of the printed clues
        alone, where those entries too leave none), rather than "×" everywhere."""
        kept = board
        for position in set(analysis.conflicts) - board.givens:
            kept = kept.with_cell(position, self.BLANK)
        for marked in (kept, self.engine.printed_only(board)):
            other = self.engine.analyse(marked, budget=self.BUDGET, should_stop=job.should_stop)
            if has_marks(other):
                return other.candidates
        return analysis.candidates

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
        return self.typed(board, self.board_position(at), self.read_cell(text))

    def typed(self, board: Any, position: tuple[int, int], value: Any) -> Any:
        """The board with `value` typed at `position`: the person's entry, or while typing the givens a clue."""
        board = board.with_cell(position, value)
        if self.typing == "givens":
            return replace(board, givens=board.givens | ({position} & self.printed(board)))
        return board

    def action_toggle_givens(self) -> None:
        self.toggle_typing("givens")
        self.notify(
            "Numbers typed are the printed clues; t again to play" if self.typing else "Typing enters your values again"
        )

    def toggle_typing(self, mode: str) -> None:
        """Typing puts what `mode` says into cells until asked again (or another mode is); said under the board."""
        self.typing = "" if self.typing == mode else mode
        self.query_one("#typing", Static).update(self.TYPING.get(self.typing, ""))
        self.show_sub_title()

    def on_paste(self, event: events.Paste) -> None:
        """A puzzle pasted from a page, a chat or a file opens as the printed clues, the text around it skipped
        (asking first, as opening a file does, when there are unsaved changes); what cannot be read is said."""
        try:
            board = self.from_text(event.text)
        except PuzzleError as error:
            self.notify(f"Pasted text: {error}", severity="error")
            return

        def opened() -> None:
            self.load(board)
            self.notify(f"Opened the pasted {self.puzzle_type.title}")

        self.discard_then(opened)

    @on(EditableGrid.Edited)
    def edited(self, event: EditableGrid.Edited) -> None:
        self.analysis = None
        self.change(self.edit(self.state, event.position, event.text))

    @on(EditableGrid.CursorMoved)
    def describe_cell(self) -> None:
        """The line under the board, wrapped to the board's width: the board and the panel never shift sideways."""
        info = self.query_one("#cell-info", Static)
        grid = self.grid
        board_width = grid.get_content_width(self.size, self.size) + grid.styles.gutter.width
        info.styles.max_width = max(board_width, BOARD_MIN_WIDTH)
        info.update(self.cell_info(grid.cursor))

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
            detail = self.cell_candidates(self.analysis.candidates[r][c])
        elif value == BLOCKED:
            detail = "blocked"
        else:
            detail = f"{value} ({'clue' if position in self.state.givens else 'your entry'})"
        return f"{self.cell_label(position)}: {detail}"

    def cell_label(self, position: tuple[int, int]) -> str:
        return cell_name(position)

    # ------------------------------------------------------------ marks, at the level chosen

    def marks(self, values: tuple[int, ...], width: int) -> str:
        return pencil_marks(values, width, self.marks_level, single_digits=self.single_digits(), spell=self.spell)

    def spell(self, value: int) -> str:
        """A value as the board writes it."""
        return str(value)

    def single_digits(self) -> bool:
        """Whether every value is one digit, so that marks may run together ("¹⁴⁷") and still read apart."""
        return self.state.largest <= 9

    def cell_candidates(self, values: tuple[int, ...]) -> str:
        """The line under the board tells no more than the marks do: with none shown, not even that none fits."""
        if self.marks_level == "nothing":
            return "empty"
        if not values:
            return "no number fits here"
        if self.marks_level == "candidates":
            return f"can be {', '.join(map(self.spell, values[:12]))}{' …' if len(values) > 12 else ''}"
        return f"{len(values)} number{'s' * (len(values) != 1)} left (m: show them)"

    def saved_marks_level(self) -> str:
        """The level chosen last time on this screen; the default if none (or the settings cannot be read)."""
        try:
            level = load_settings().get(f"marks-{self.KIND}", DEFAULT_LEVEL)
        except SettingsError:
            return DEFAULT_LEVEL
        return level if level in LEVELS else DEFAULT_LEVEL

    def action_next_marks(self) -> None:
        """m: nothing, counts, candidates, and round again; remembered for this screen."""
        self.marks_level = next_level(self.marks_level)
        self.grid.show_cells(self.cells(self.state, self.analysis))
        self.describe_cell()
        self.notify(f"Marks: {self.marks_level} ({SAYING[self.marks_level]}).", timeout=3)
        try:
            save_setting(f"marks-{self.KIND}", self.marks_level)
        except OSError as error:
            self.notify(f"The marks level could not be saved: {error}", severity="warning")


def has_marks(analysis: Any) -> bool:
    """Whether some cell has a number left: none anywhere (every cell "×") says only that something is wrong."""
    return any(values for row in analysis.candidates for values in row)
