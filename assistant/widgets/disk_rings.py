"""The flower disks as printed: concentric rings of fields, turned as the person turned them.

Disk 1 is the outer ring and the others lie inside it, each with its fields
round a circle, clockwise from the top; around the outside stands how many
solid parts cover each field as the disks lie now.  Colours come from the
theme through component classes: solid fields and holes, the chosen disk and
the others (dimmed), and each coverage count as right or wrong.

When the disks jump by more than one field (a solution applied, an undo of
one), the rings turn into place a field per frame on a timer, so the eye can
follow; input is never held up, any new drawing finishes the turn at once,
and with the app's animations off the disks land in place straight away.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

from assistant.widgets import ARROW_BINDINGS
from assistant.widgets.canvas import Canvas, Point
from assistant.widgets.keys import KeysInOrder
from puzzles import disks as engine

FRAME = 1 / 15  # seconds per field turned
STEP = 2  # rows between neighbouring rings
LEGEND = 12  # columns for "▸disk 1 ↻ 0" beside the rings (▸ the chosen disk)


def nearest(value: float) -> int:
    """Rounded half away from zero, so the top and bottom halves of a ring mirror each other."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


@cache
def radii(disks: int, fields: int) -> tuple[int, ...]:
    """Each disk's ring radius in rows, disk 1 outermost; the innermost roomy enough for its fields."""
    inner = max(2, math.ceil(fields / (2 * math.pi)))
    return tuple(inner + STEP * (disks - 1 - d) for d in range(disks))


def spot(radius: float, field: int, fields: int) -> Point:
    """Field `field` of a ring, clockwise from the top; a row is about two columns tall."""
    angle = 2 * math.pi * field / fields
    return nearest(2 * radius * math.sin(angle)), nearest(-radius * math.cos(angle))


@cache
def layout(disks: int, fields: int) -> tuple[dict[tuple[int, int], Point], tuple[Point, ...]]:
    """Where each (disk, field) and each field's coverage count is drawn."""
    rings = radii(disks, fields)
    places = {(d, f): spot(rings[d], f, fields) for d in range(disks) for f in range(fields)}
    counts = tuple(spot(rings[0] + 1, f, fields) for f in range(fields))
    return places, counts


@cache
def tracks(disks: int, fields: int) -> tuple[tuple[Point, ...], ...]:
    """Each disk's circle between its fields: the ring the fields sit on."""
    places, _ = layout(disks, fields)
    taken = set(places.values())
    found = []
    for radius in radii(disks, fields):
        steps = 16 * radius
        points = {spot(radius, i, steps) for i in range(steps)} - taken
        found.append(tuple(sorted(points)))
    return tuple(found)


def frames(start: Sequence[int], end: Sequence[int], fields: int) -> list[tuple[int, ...]]:
    """The rotations seen on the way from `start` to `end`: every disk a field per frame, the short way round."""
    now, seen = list(start), []
    while now != list(end):
        for d, (at, goal) in enumerate(zip(now, end)):
            ahead = (goal - at) % fields
            if ahead:
                now[d] = (at + (1 if ahead <= fields // 2 else -1)) % fields
        seen.append(tuple(now))
    return seen


def covered(disks: engine.Disks) -> list[int]:
    """How many solid parts lie over each field as the disks are turned."""
    return [sum(column) for column in zip(*(disks.rotated(d) for d in range(len(disks.rows))))]


def field_mark(solid: bool, at_cursor: bool) -> str:
    """A field as drawn: solid or a hole, the cursor's in a shape of its own, so it shows without colour."""
    return ("◉" if solid else "◎") if at_cursor else ("●" if solid else "○")


class DiskRings(KeysInOrder, Widget, can_focus=True):
    """Every disk as a ring of fields, turned as the person turned it, with the coverage around it."""

    DEFAULT_CSS = """
    DiskRings { height: auto; width: auto; padding: 1 1 0 1; }
    DiskRings > .disk-rings--chosen { text-style: bold; }
    DiskRings > .disk-rings--other { text-style: dim; }
    DiskRings > .disk-rings--solid { color: $text-primary; text-style: bold; }
    DiskRings > .disk-rings--hole { color: $text-muted; }
    DiskRings > .disk-rings--right { color: $text-success; text-style: bold; }
    DiskRings > .disk-rings--wrong { color: $text-error; text-style: bold; }
    DiskRings > .disk-rings--cursor { background: $accent 70%; color: $text; }
    DiskRings > .disk-rings--legend { color: $text-muted; }
    DiskRings > .disk-rings--track { color: $panel-lighten-2; }
    DiskRings > .disk-rings--track-chosen { color: $accent 80%; }
    """
    COMPONENT_CLASSES = {
        "disk-rings--chosen",
        "disk-rings--other",
        "disk-rings--solid",
        "disk-rings--hole",
        "disk-rings--right",
        "disk-rings--wrong",
        "disk-rings--cursor",
        "disk-rings--legend",
        "disk-rings--track",
        "disk-rings--track-chosen",
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
        self.shown: tuple[int, ...] = ()  # the rotations drawn: the disks' own, or on the way there
        self.coming: list[tuple[int, ...]] = []
        self.timer: Timer | None = None

    # ------------------------------------------------------------ the screen's side

    def show_disks(self, disks: engine.Disks) -> None:
        """Draw these disks; the same disks turned by more than a field turn into place."""
        same_disks = self.disks is not None and self.disks.rows == disks.rows
        self.finish()
        way = frames(self.shown, disks.turned, disks.fields) if same_disks else []
        self.disks = disks
        disk, field = self.cursor
        self.cursor = (min(disk, len(disks.rows) - 1), min(field, disks.fields - 1))
        if len(way) > 1 and self.app.animation_level != "none":
            self.coming = way
            self.timer = self.set_interval(FRAME, self.next_frame)
        else:
            self.shown = disks.turned
        self.refresh(layout=True)

    def next_frame(self) -> None:
        self.shown = self.coming.pop(0)
        if not self.coming:
            self.finish()
        self.refresh()

    def finish(self) -> None:
        """End a turn under way: the disks lie where they are going."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.coming = []
        if self.disks is not None:
            self.shown = self.disks.turned

    @property
    def turning(self) -> bool:
        return bool(self.coming)

    # ------------------------------------------------------------ drawing

    def half_size(self) -> Point:
        """Columns and rows from the centre to the edge of the rings and their counts."""
        if self.disks is None:
            return 0, 0
        outer = radii(len(self.disks.rows), self.disks.fields)[0] + 1
        return 2 * outer, outer

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return LEGEND + 2 * self.half_size()[0] + 1 if self.disks else 0

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 2 * self.half_size()[1] + 1 if self.disks else 0  # the list of disks is shorter than the rings

    def render(self) -> Text:
        disks = self.disks
        if disks is None:
            return Text()
        style = self.get_component_rich_style
        canvas = Canvas(*self.half_size())
        places, count_places = layout(len(disks.rows), disks.fields)
        for d, track in enumerate(tracks(len(disks.rows), disks.fields)):
            ring = style("disk-rings--track-chosen" if d == self.cursor[0] else "disk-rings--track")
            for point in track:
                canvas.put(point, "·", ring)
        shown = replace(disks, rotations=self.shown)
        for d in range(len(disks.rows)):
            ring = style("disk-rings--chosen" if d == self.cursor[0] else "disk-rings--other", partial=True)
            for f, solid in enumerate(shown.rotated(d)):
                look = style("disk-rings--solid" if solid else "disk-rings--hole") + ring
                at_cursor = (d, f) == self.cursor
                if at_cursor:
                    look += style("disk-rings--cursor")
                canvas.put(places[(d, f)], field_mark(solid, at_cursor), look)
        for point, count in zip(count_places, covered(shown)):
            right = count == 1 if disks.cover == "exactly one" else count >= 1
            canvas.put(point, str(count), style("disk-rings--right" if right else "disk-rings--wrong"))
        lines = [
            Text(self.legend_line(i).ljust(LEGEND), style=self.legend_style(i)) + line
            for i, line in enumerate(canvas.lines())
        ]
        picture = Text("\n").join(lines)
        picture.no_wrap = True  # cropped, never folded, where the board is narrower than the rings
        return picture

    def legend_line(self, i: int) -> str:
        """Line i of the list of disks beside the rings: each disk's turn so far."""
        if not self.disks or i >= len(self.disks.rows):
            return ""
        return f"{'▸' if i == self.cursor[0] else ' '}disk {i + 1} ↻{self.shown[i]:>2}"

    def legend_style(self, i: int) -> Style:
        chosen = "disk-rings--chosen" if i == self.cursor[0] else "disk-rings--other"
        return self.get_component_rich_style("disk-rings--legend") + self.get_component_rich_style(chosen, partial=True)

    # ------------------------------------------------------------ moving and picking

    def action_move(self, dd: int, df: int) -> None:
        """Up and down go out and in across the disks; left and right round the ring (anticlockwise, clockwise)."""
        if self.disks:
            disk, field = self.cursor
            self.cursor = (min(max(disk + dd, 0), len(self.disks.rows) - 1), (field + df) % self.disks.fields)

    def watch_cursor(self) -> None:
        self.refresh()

    def picked_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The (disk, field) drawn at (x, y) in the widget's content, if any."""
        if self.disks is None:
            return None
        half_x, half_y = self.half_size()
        places, _ = layout(len(self.disks.rows), self.disks.fields)
        for place, (px, py) in places.items():
            if (px + half_x + LEGEND, py + half_y) == (x, y):
                return place
        return None

    def on_click(self, event: Click) -> None:
        """A click on a field picks it (and the screen flips it); on a disk's line in the list, chooses that disk."""
        x, y = event.x - self.styles.padding.left, event.y - self.styles.padding.top
        place = self.picked_at(x, y)
        if place is not None:
            self.cursor = place
            self.post_message(self.Picked(*place))
        elif self.disks is not None and 0 <= x < LEGEND and 0 <= y < len(self.disks.rows):
            self.cursor = (y, self.cursor[1])
