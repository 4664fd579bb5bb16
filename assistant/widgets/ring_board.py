"""A round board of six sectors and nested rings, drawn as concentric hexagons: the printed Jodici.

The board is the shared editable grid (typing, marks, conflicts, the cursor)
laid out as a picture.  The screen hands it a table: one row per ring, outer
ring first, of one cell per sector (clockwise from the top) and then the
ring's label; a last row holds each sector's label.  The fields sit in the
bands between the hexagons, each sector's label outside its wedge and each
ring's label on the right spoke, inside its own band.

Geometry, in character cells from the centre: band k (1 innermost) lies
between the hexagons of half-height 2k-1 and 2k+1; a flat-topped hexagon of
half-height h has its top edge on row -h and its side corners at column ±2h,
so its slanted edges and the two diagonal spokes step one column per row.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rich.text import Text
from textual.events import Click
from textual.geometry import Size

from assistant.widgets.canvas import Canvas, Point
from assistant.widgets.grid import EditableGrid, GridCell
from puzzles.numbergrid import Position

FIELD = 3  # columns per field: a digit or three candidate marks
# Where a sector's field lies from the centre for each band outward: (columns, rows), clockwise from the top.
SECTOR_STEPS = ((0, -2), (3, -1), (3, 1), (0, 2), (-3, 1), (-3, -1))


def hexagon(h: int) -> Iterator[tuple[Point, str]]:
    """The outline of the flat-topped hexagon of half-height h."""
    for x in range(-h + 1, h):
        yield (x, -h), "─"
        yield (x, h), "─"
    for y in range(-h, h + 1):
        if y:
            up = y < 0
            yield (2 * h - abs(y), y), "╲" if up else "╱"
            yield (abs(y) - 2 * h, y), "╱" if up else "╲"
    yield (2 * h, 0), "┤"
    yield (-2 * h, 0), "├"


def spokes(h: int) -> Iterator[tuple[Point, str]]:
    """The three diameters between the sectors, out to half-height h."""
    for d in range(1, h):
        yield (-d, -d), "╲"
        yield (d, d), "╲"
        yield (d, -d), "╱"
        yield (-d, d), "╱"
    for x in range(1, 2 * h):
        yield (x, 0), "─"
        yield (-x, 0), "─"
    yield (0, 0), "◆"


def lines(rings: int) -> dict[Point, str]:
    """Spokes and ring outlines; where an outline's corner meets a spoke the two cross."""
    outer = 2 * rings + 1
    drawn = dict(spokes(outer))
    for k in range(1, rings + 1):
        for point, char in hexagon(2 * k + 1):
            drawn[point] = "╳" if point in drawn and char in "╱╲" and drawn[point] in "╱╲" else char
    return drawn


def field_centre(ring: int, sector: int, rings: int) -> Point:
    """Ring 0 is the outermost band, sector 0 the top wedge."""
    band = rings - ring
    dx, dy = SECTOR_STEPS[sector]
    return band * dx, band * dy


def sector_label_centre(sector: int, rings: int) -> Point:
    """Just outside the wedge; a column further out on the slanted sides, clear of the edge."""
    dx, dy = SECTOR_STEPS[sector]
    return (rings + 1) * dx + (dx > 0) - (dx < 0), (rings + 1) * dy


def ring_label_centre(ring: int, rings: int) -> Point:
    """On the right spoke, between the band's two corners."""
    return 4 * (rings - ring), 0


class RingBoard(EditableGrid):
    """Six sectors of nested rings: left/right go round a ring, up/down go out/in across the rings."""

    DEFAULT_CSS = """
    RingBoard { width: auto; height: auto; padding: 0 1; }
    RingBoard > .ring-board--line { color: $foreground-muted; }
    """
    COMPONENT_CLASSES = {"ring-board--line"}

    @property
    def rings(self) -> int:
        return max(len(self.cells) - 1, 0)

    @property
    def sectors(self) -> int:
        return len(SECTOR_STEPS)

    def places(self) -> dict[Position, Point]:
        """Each table cell's centre on the board: fields, ring labels, sector labels."""
        rings = self.rings
        found = {}
        for r in range(rings):
            for s in range(self.sectors):
                found[(r, s)] = field_centre(r, s, rings)
            found[(r, self.sectors)] = ring_label_centre(r, rings)
        for s in range(self.sectors):
            found[(rings, s)] = sector_label_centre(s, rings)
        return found

    def half_size(self) -> Point:
        """Columns and rows from the centre to the edge of the picture."""
        return 4 * self.rings + 2, 2 * self.rings + 2

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 2 * self.half_size()[0] + 1 if self.cells else 0

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 2 * self.half_size()[1] + 1 if self.cells else 0

    def render(self) -> Text:
        if not self.cells:
            return Text()
        canvas = Canvas(*self.half_size())
        line = self.get_component_rich_style("ring-board--line")
        for point, char in lines(self.rings).items():
            canvas.put(point, char, line)
        for position, point in self.places().items():
            drawn = self._draw(self.cell(position), position, FIELD, self.pad)
            canvas.put(point, drawn.plain, drawn.style)
        return Text("\n").join(canvas.lines())

    @property
    def pad(self) -> int:
        """No space around a field: the lines of the board frame it."""
        return 0

    def _draw(self, cell: GridCell, position: Position, width: int, pad: int) -> Text:
        """A field three wide, its digit in the middle."""
        if cell.text and cell.role != "label":
            cell = replace(cell, text=cell.text.center(width))
        return super()._draw(cell, position, width, pad)

    def position_at(self, x: int, y: int) -> Position | None:
        """The editable cell drawn at (x, y) in the widget's content, if any."""
        half_x, half_y = self.half_size()
        for position, (cx, cy) in self.places().items():
            if y - half_y == cy and abs(x - half_x - cx) <= FIELD // 2 and self.cell(position).editable:
                return position
        return None

    def on_click(self, event: Click) -> None:
        position = self.position_at(event.x - self.styles.padding.left, event.y - self.styles.padding.top)
        if position is not None:
            self.cursor = position

    def action_move(self, dr: int, dc: int) -> None:
        """Round the ring (wrapping past the top), or out and in across the rings (stopping at the edges)."""
        r, c = self.cursor
        if dc:
            self.cursor = (r, (c + dc) % self.sectors)
        elif 0 <= r + dr < self.rings:
            self.cursor = (r + dr, c)
