"""The flower disks as rows of petals, turned as the person turned them, with the coverage line below.

Colours come from the theme through component classes: solid fields and
holes, the chosen disk's row and the others (dimmed), and each coverage count
as right or wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from assistant.widgets import ARROW_BINDINGS
from puzzles import disks as engine

PETAL = 3  # columns per field
LABEL = 11  # "disk 1 ↻ 0 " before the petals


class DiskRows(Widget, can_focus=True):
    """Every disk as a row of petals, turned as the person turned it, plus the coverage line."""

    DEFAULT_CSS = """
    DiskRows { height: auto; width: auto; padding: 1 1; }
    DiskRows > .disk-rows--chosen { text-style: bold; }
    DiskRows > .disk-rows--other { text-style: dim; }
    DiskRows > .disk-rows--coverage { text-style: dim; }
    DiskRows > .disk-rows--solid { color: $text-primary; text-style: bold; }
    DiskRows > .disk-rows--hole { color: $text-muted; }
    DiskRows > .disk-rows--right { color: $text-success; text-style: bold; }
    DiskRows > .disk-rows--wrong { color: $text-error; text-style: bold; }
    DiskRows > .disk-rows--cursor { text-style: reverse; }
    """
    COMPONENT_CLASSES = {
        "disk-rows--chosen",
        "disk-rows--other",
        "disk-rows--coverage",
        "disk-rows--solid",
        "disk-rows--hole",
        "disk-rows--right",
        "disk-rows--wrong",
        "disk-rows--cursor",
    }
    BINDINGS = [*ARROW_BINDINGS]
    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    @dataclass
    class Picked(Message):
        disk: int
        field: int

    def __init__(self) -> None:
        super().__init__()
        self.disks: engine.Disks | None = None

    def show_disks(self, disks: engine.Disks) -> None:
        self.disks = disks
        disk, field = self.cursor
        self.cursor = (min(disk, len(disks.rows) - 1), min(field, disks.fields - 1))
        self.refresh(layout=True)

    def render(self) -> Text:
        disks = self.disks
        if disks is None:
            return Text()
        style = self.get_component_rich_style
        lines = []
        for d in range(len(disks.rows)):
            row = "disk-rows--chosen" if d == self.cursor[0] else "disk-rows--other"
            line = Text(f"disk {d + 1} ↻{disks.turned[d]:>2} ", style=style(row, partial=True))
            for f, solid in enumerate(disks.rotated(d)):
                petal = style("disk-rows--solid" if solid else "disk-rows--hole")
                if (d, f) == self.cursor:
                    petal += style("disk-rows--cursor", partial=True)
                line.append(f" {'●' if solid else '○'} ", style=petal)
            lines.append(line)
        cover = Text("covered    ", style=style("disk-rows--coverage", partial=True))
        for count in sum_columns(disks):
            right = count == 1 if disks.cover == "exactly one" else count >= 1
            cover.append(f" {count} ", style=style("disk-rows--right" if right else "disk-rows--wrong"))
        lines.append(cover)
        return Text("\n").join(lines)

    def action_move(self, dd: int, df: int) -> None:
        if self.disks:
            disk, field = self.cursor
            self.cursor = ((disk + dd) % len(self.disks.rows), (field + df) % self.disks.fields)

    def watch_cursor(self) -> None:
        self.refresh()

    def on_click(self, event: Click) -> None:
        if self.disks is None:
            return
        disk, field = event.y - 1, (event.x - 1 - LABEL) // PETAL
        if 0 <= disk < len(self.disks.rows) and 0 <= field < self.disks.fields:
            self.cursor = (disk, field)
            self.post_message(self.Picked(disk, field))


def sum_columns(disks: engine.Disks) -> list[int]:
    return [sum(column) for column in zip(*(disks.rotated(d) for d in range(len(disks.rows))))]
