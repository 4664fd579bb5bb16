"""Editing a puzzle typed as a list of rows: Mastermind's guesses, Zebra's clues.

Such a screen shows the rows in a list (a `DataTable` or an `OptionList`) and
has an entry line where a new row is typed.  Picking a row in the list (enter
or a click) puts it back in the entry line to be edited; enter saves it in
place and escape cancels.  In the list, delete removes the highlighted row and
shift+up / shift+down move it.  `RowEditing` is that behaviour, once; the
screen names its list and says how its puzzle loses or moves a row.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable, OptionList

ROW_BINDINGS = [
    Binding("shift+up", "move_row(-1)", "Row up", show=False),
    Binding("shift+down", "move_row(1)", "Row down", show=False),
    Binding("delete", "delete_row", "Delete row"),
]
"""The keys of row editing; a screen adds them to its BINDINGS (a mixin's own are not merged)."""


class RowEditing:
    """Mixin for a `PuzzleScreen` whose puzzle is a list of rows typed in an entry line."""

    ROW_LIST: ClassVar[str]  # selector of the list of rows: a DataTable or an OptionList
    ROWS: ClassVar[str] = "rows"  # the puzzle's field that holds the rows
    ROW_WORD: ClassVar[str] = "row"  # how messages name a row: "row 3", "clue 3"
    editing: int | None = None  # the row being edited in the entry line; None: typing a new one

    # ------------------------------------------------------------ what the screen says

    def fill_entry(self, index: int) -> None:
        """Put row `index` in the entry line and focus it."""
        raise NotImplementedError

    def clear_entry(self) -> None:
        raise NotImplementedError

    def say(self, text: Text | str) -> None:
        """Show a short message under the entry line."""
        raise NotImplementedError

    def without_row(self, index: int) -> Any:
        """The puzzle without row `index`."""
        raise NotImplementedError

    def with_row_moved(self, index: int, to: int) -> Any:
        """The puzzle with row `index` moved to `to`."""
        raise NotImplementedError

    # ------------------------------------------------------------ the behaviour

    @property
    def row_list(self) -> DataTable | OptionList:
        return self.query_one(self.ROW_LIST)  # type: ignore[attr-defined]

    def row_count(self) -> int:
        return len(getattr(self.state, self.ROWS))  # type: ignore[attr-defined]

    def entry_target(self) -> str:
        """How an error names what is being typed: 'new clue', or 'clue 3' while editing."""
        return f"new {self.ROW_WORD}" if self.editing is None else f"{self.ROW_WORD} {self.editing + 1}"

    def edit_row(self, index: int) -> None:
        self.editing = index
        self.fill_entry(index)
        self.say(Text(f"Editing {self.ROW_WORD} {index + 1}: enter saves, escape cancels", style="dim"))

    def row_saved(self) -> None:
        """The entry line was saved as a row: back to typing a new one."""
        self.editing = None
        self.clear_entry()

    def step_back(self) -> bool:
        """Escape stops editing a row first (the screen's `action_back` then goes on from there)."""
        if self.editing is None:
            return super().step_back()  # type: ignore[misc]
        self.row_saved()
        self.say("")
        return True

    def highlighted_row(self) -> int | None:
        """The row highlighted in the list while the list has focus, else None."""
        rows = self.row_list
        if not rows.has_focus or not self.row_count():
            return None
        index = rows.cursor_row if isinstance(rows, DataTable) else rows.highlighted
        return index if index is not None and 0 <= index < self.row_count() else None

    def highlight_row(self, index: int) -> None:
        rows = self.row_list
        if isinstance(rows, DataTable):
            rows.move_cursor(row=index)
        else:
            rows.highlighted = index

    def action_move_row(self, step: int) -> None:
        index = self.highlighted_row()
        if index is None or not 0 <= index + step < self.row_count():
            return
        self.change(self.with_row_moved(index, index + step))
        self.highlight_row(index + step)

    def action_delete_row(self) -> None:
        if (index := self.highlighted_row()) is not None:
            self.change(self.without_row(index))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Delete is the row list's key: elsewhere it is hidden and left to the focused text box."""
        if action == "delete_row":
            return self.row_list.has_focus
        return super().check_action(action, parameters)  # type: ignore[misc]
