"""A scrollable list that renders only the rows on screen.

Half a million remaining Mastermind codes must not freeze anything: the list
keeps a sequence (a numpy array works) and a function that draws one row, and
asks for a row only when that line is painted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

RenderRow = Callable[[Any], Text]


class LazyList(ScrollView, can_focus=True):
    """Rows drawn on demand from a sequence, with a cursor; Enter or a click picks one."""

    DEFAULT_CSS = """
    LazyList { height: 1fr; }
    LazyList > .lazy-list--cursor { background: $accent 30%; }
    LazyList:focus > .lazy-list--cursor { background: $accent 60%; }
    """
    COMPONENT_CLASSES = {"lazy-list--cursor"}
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "pick", "Use this", show=False),
    ]

    cursor: reactive[int] = reactive(0)

    @dataclass
    class Picked(Message):
        """The person chose a row (Enter or click)."""

        lazy_list: LazyList
        index: int
        row: Any

        @property
        def control(self) -> LazyList:
            return self.lazy_list

    def __init__(
        self,
        render_row: RenderRow = lambda row: Text(str(row)),
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.render_row = render_row
        self.rows: Sequence[Any] = ()

    def show_rows(self, rows: Sequence[Any], render_row: RenderRow | None = None) -> None:
        """Replace the rows; the cursor goes back to the top."""
        self.rows = rows
        if render_row is not None:
            self.render_row = render_row
        self.virtual_size = Size(self.size.width, len(rows))
        self.cursor = 0
        self.scroll_to(y=0, animate=False)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if index >= len(self.rows):
            return Strip.blank(width, base)
        style = base + self.get_component_rich_style("lazy-list--cursor") if index == self.cursor else base
        text = self.render_row(self.rows[index])
        text.stylize_before(style)
        segments = list(text.render(self.app.console, end=""))
        return Strip(segments).crop_extend(self.scroll_offset.x, self.scroll_offset.x + width, style)

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh()
        self.scroll_to_region_of(new)

    def scroll_to_region_of(self, index: int) -> None:
        top = self.scroll_offset.y
        height = self.scrollable_content_region.height
        if index < top:
            self.scroll_to(y=index, animate=False)
        elif height and index >= top + height:
            self.scroll_to(y=index - height + 1, animate=False)

    def action_move(self, step: int) -> None:
        if self.rows:
            self.cursor = max(0, min(len(self.rows) - 1, self.cursor + step))

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(1, self.scrollable_content_region.height - 1))

    def action_jump(self, index: int) -> None:
        if self.rows:
            self.cursor = index % len(self.rows)

    def action_pick(self) -> None:
        if self.rows:
            self.post_message(self.Picked(self, self.cursor, self.rows[self.cursor]))

    def on_click(self, event: Click) -> None:
        index = self.scroll_offset.y + event.y
        if 0 <= index < len(self.rows):
            self.cursor = index
            self.action_pick()

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.rows))
