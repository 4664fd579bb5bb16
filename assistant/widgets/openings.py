"""The openings dialog of a peg solitaire board: every start hole, its games, and where the last peg ends.

First a map: the board with each start hole shaded by how many games start
there, and beside it, for the start under the cursor, the board shaded by
where the last peg ends.  Counts span many powers of ten, so the shades are a
log scale.  Where the games are too many to count (the big boards), a start
is proved lost, searched (a win found), or unsettled, and the map says which.
The same figures as a table are one key away (`t`).

All shades come from the theme through component classes: `OpeningsTable`'s
heat for the table's text, `BoardMap`'s tiles for the map.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from assistant.live import Job, LiveResult
from assistant.widgets import ARROW_BINDINGS
from assistant.widgets.dialogs import Dialog
from puzzles import peg as engine

HEAT_CLASSES = ("openings--heat-1", "openings--heat-2", "openings--heat-3", "openings--heat-4")


class OpeningsTable(Static):
    """The openings as a table: start hole, games (or wins), and where the last peg ends."""

    DEFAULT_CSS = """
    OpeningsTable > .openings--heat-1 { color: $text-disabled; text-style: bold; }
    OpeningsTable > .openings--heat-2 { color: $text-warning; text-style: bold; }
    OpeningsTable > .openings--heat-3 { color: $warning; text-style: bold; }
    OpeningsTable > .openings--heat-4 { color: $error; text-style: bold; }
    OpeningsTable > .openings--found { color: $text-success; text-style: bold; }
    OpeningsTable > .openings--unsettled { color: $text-warning; }
    OpeningsTable > .openings--lost { color: $text-error; }
    OpeningsTable > .openings--games { color: $text-muted; }
    """
    COMPONENT_CLASSES = {
        *HEAT_CLASSES,
        "openings--found",
        "openings--unsettled",
        "openings--lost",
        "openings--games",
    }

    def show_openings(self, found: tuple[engine.Opening, ...]) -> None:
        counted = all(o.exact for o in found)
        style = self.get_component_rich_style
        table = Table(box=None, header_style="bold")
        table.add_column("start", justify="right")
        table.add_column("games" if counted else "wins", justify="right")
        table.add_column("last peg ends (heat)" if counted else "last peg can end in")
        for o in found:
            games = (
                (f"{o.games:,}" if counted else "yes") if o.winnable else Text("lost", style=style("openings--lost"))
            )
            table.add_row(str(o.hole), games, heat(o, style))
        self.update(table)


TILE_CLASSES = ("map--heat-1", "map--heat-2", "map--heat-3", "map--heat-4")
CELL = 4  # columns per hole: a tile of 3 and a gap
MAP_KEYS = "arrows or click: pick a start · t: table · esc: close"
TABLE_KEYS = "t: map · esc: close"


@dataclass(frozen=True)
class Shading:
    """A log scale of counts onto the four tile shades: the least count in the first, the greatest in the last."""

    least: int
    greatest: int

    @classmethod
    def of(cls, counts: list[int]) -> Shading:
        positive = [n for n in counts if n > 0] or [1]
        return cls(min(positive), max(positive))

    def shade(self, n: int) -> int:
        """0..3: which quarter of the log range from `least` to `greatest` holds `n`."""
        if self.greatest <= self.least:
            return 3
        spread = math.log(self.greatest) - math.log(self.least)
        return min(3, int(4 * (math.log(n) - math.log(self.least)) / spread))

    def steps(self) -> list[tuple[int, int]]:
        """Each shade in use with the least count it holds, for the legend."""
        if self.greatest <= self.least:
            return [(3, self.greatest)]
        ratio = (self.greatest / self.least) ** 0.25
        return [(0, self.least)] + [(i, math.ceil(self.least * ratio**i)) for i in range(1, 4)]


def start_tile(opening: engine.Opening, shading: Shading) -> str:
    """The tile class of a start hole: its games' shade; or what is known of it where they were not counted."""
    if not opening.winnable:
        return "map--unsettled" if opening.unsettled else "map--lost"
    return TILE_CLASSES[shading.shade(opening.games)] if opening.exact else "map--searched"


def finish_tiles(opening: engine.Opening) -> dict[int, str]:
    """Where the last peg ends from this start, as tile classes: shaded by games, or found / unsettled."""
    shading = Shading.of(list(opening.finishes.values()))
    tiles = {
        hole: TILE_CLASSES[shading.shade(games)] if opening.exact else "map--searched"
        for hole, games in opening.finishes.items()
    }
    return tiles | {hole: "map--unsettled" for hole in opening.unsettled}


def status(opening: engine.Opening) -> str:
    """One line about a start: its games, or what the search settled."""
    if opening.exact:
        return f"{opening.games:,} games" if opening.winnable else "proved lost: no game ends with one peg"
    if opening.winnable:
        return "searched: a win found (too many games to count)"
    return "unsettled: no win found, no loss proved"


class BoardMap(Widget):
    """A board drawn as tiles, one per hole, each numbered and shaded by its tile class.

    The start map is focusable: its cursor picks a start and posts `Picked`.
    """

    DEFAULT_CSS = """
    BoardMap { width: auto; height: auto; }
    BoardMap > .map--none { color: $text-disabled; }
    BoardMap > .map--heat-1 { color: $text; background: $primary 25%; }
    BoardMap > .map--heat-2 { color: $text; background: $primary 50%; }
    BoardMap > .map--heat-3 { color: $text; background: $primary 75%; }
    BoardMap > .map--heat-4 { color: $text; background: $primary; text-style: bold; }
    BoardMap > .map--searched { color: $text-success; background: $success 25%; text-style: bold; }
    BoardMap > .map--unsettled { color: $text-warning; background: $warning 25%; text-style: bold; }
    BoardMap > .map--lost { color: $text-error; }
    BoardMap > .map--cursor { text-style: reverse bold; }
    """
    COMPONENT_CLASSES = {"map--none", *TILE_CLASSES, "map--searched", "map--unsettled", "map--lost", "map--cursor"}
    BINDINGS = ARROW_BINDINGS
    cursor: reactive[int | None] = reactive(None)

    @dataclass
    class Picked(Message):
        map: BoardMap
        hole: int

        @property
        def control(self) -> BoardMap:
            return self.map

    def __init__(self, board: str, *, id: str | None = None, can_focus: bool = False) -> None:
        super().__init__(id=id)
        self.board = engine.BOARDS[board]
        self.can_focus = can_focus
        self.tiles: dict[int, str] = {}  # hole -> tile class; holes not listed are "map--none"

    def show(self, tiles: dict[int, str]) -> None:
        self.tiles = tiles
        self.refresh()

    def places(self) -> dict[int, tuple[int, int]]:
        """Hole -> (line, column) of its tile, laid out as the board is drawn (`Board.columns`, in half cells)."""
        holes, columns = self.board.holes, self.board.columns
        return {number: (r, x * CELL // 2) for number, ((r, _), x) in enumerate(zip(holes, columns), 1)}

    def get_content_width(self, container, viewport) -> int:
        return max(x for _, x in self.places().values()) + CELL - 1

    def get_content_height(self, container, viewport, width) -> int:
        return self.board.holes[-1][0] + 1

    def render(self) -> Text:
        lines = [Text() for _ in range(self.board.holes[-1][0] + 1)]
        for hole, (line, x) in sorted(self.places().items(), key=lambda item: item[1]):
            text = lines[line]
            text.append(" " * (x - len(text.plain)))
            style = self.get_component_rich_style(self.tiles.get(hole, "map--none"))
            if hole == self.cursor:
                style += self.get_component_rich_style("map--cursor", partial=True)
            text.append(f"{hole:^3}", style=style)
        return Text("\n").join(lines)

    def watch_cursor(self, hole: int | None) -> None:
        self.refresh()
        if hole is not None:
            self.post_message(self.Picked(self, hole))

    def action_move(self, dr: int, dc: int) -> None:
        """Go to the nearest hole that way: along the row, or to the row above or below."""
        spots = self.places()
        line, x = spots[self.cursor or 1]
        ahead = [
            (abs(l - line) * 100 + abs(c - x), hole)
            for hole, (l, c) in spots.items()
            if (dr and l == line + dr) or (dc and l == line and (c - x) * dc > 0)
        ]
        if ahead:
            self.cursor = min(ahead)[1]

    def on_click(self, event) -> None:
        for hole, (line, x) in self.places().items():
            if event.y == line and x <= event.x < x + CELL - 1:
                self.cursor = hole


class OpeningsDialog(Dialog):
    """Every start hole of the board: a map of its games, where the last peg ends, and the same as a table."""

    DEFAULT_CSS = """
    OpeningsDialog > Vertical { width: 90; max-width: 100%; overflow-y: auto; }  /* 9-row boards at 24 rows scroll */
    OpeningsDialog ContentSwitcher { height: auto; }
    OpeningsDialog #map-view { height: auto; }
    OpeningsDialog #maps { height: auto; align-horizontal: left; margin-top: 0; }
    OpeningsDialog #maps > Vertical { width: auto; height: auto; margin-right: 2; }
    OpeningsDialog .caption { color: $text-muted; width: auto; }
    OpeningsDialog #legend { margin: 1 0; }
    OpeningsDialog #table-view { height: auto; max-height: 14; }  /* the keys stay in view at 24 rows */
    """
    BINDINGS = [
        Binding("escape,o,q", "dismiss(None)", "Close"),
        Binding("t", "toggle_view", "Map/table", tooltip="Show the openings as a map or as a table"),
    ]

    def __init__(self, board: str, start: int | None = None) -> None:
        super().__init__()
        self.board = board
        self.board_title = engine.BOARDS[board].title  # a drawn board's name is its whole shape: not for reading
        self.picture_name = f"peg-openings-{board if engine.BOARDS[board].named else 'drawn'}"  # f5's file name
        self.start = start or engine.BOARDS[board].center or 1
        self.found: tuple[engine.Opening, ...] = ()
        self.openings = LiveResult(
            self, find_openings, self.show_openings, on_error=self.show_failure, debounce=0, name="openings"
        )

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.board_title}: openings (computing…)", classes="title", id="title")
            with ContentSwitcher(initial="map-view"):
                with Vertical(id="map-view"):
                    with Horizontal(id="maps"):
                        with Vertical():
                            yield Static("games from each start", classes="caption")
                            yield BoardMap(self.board, id="starts", can_focus=True)
                        with Vertical():
                            yield Static("where the last peg ends", classes="caption", id="finish-caption")
                            yield BoardMap(self.board, id="finishes")
                    yield Static(id="legend")
                    yield Static(id="start")
                with VerticalScroll(id="table-view"):
                    yield OpeningsTable(id="table")
            yield Static(MAP_KEYS, classes="caption", id="keys")

    def on_mount(self) -> None:
        self.openings.request(self.board)

    def show_failure(self, message: str) -> None:
        self.query_one("#title", Static).update(f"{self.board_title}: {message}")

    def show_openings(self, found: tuple[engine.Opening, ...]) -> None:
        self.found = found
        counted = all(o.exact for o in found)
        self.query_one("#title", Static).update(
            f"{self.board_title}: {sum(o.games for o in found):,} winning games over all starts"
            if counted
            else f"{self.board_title}: {sum(o.winnable for o in found)} of {len(found)} starts win "
            "(searched: too many games to count)"
        )
        self.query_one(OpeningsTable).show_openings(found)
        starts = self.query_one("#starts", BoardMap)
        shading = Shading.of([o.games for o in found if o.exact])
        starts.show({o.hole: start_tile(o, shading) for o in found})
        self.query_one("#legend", Static).update(self.legend(shading))
        starts.cursor = self.start
        starts.focus()

    def legend(self, shading: Shading) -> Text:
        """What the start map's shades and marks mean, drawn in the map's own tiles."""
        starts = self.query_one("#starts", BoardMap)

        def tile(name: str, label: str) -> Text:
            return Text.assemble((f" {label} ", starts.get_component_rich_style(name)), " ")

        kinds = {start_tile(o, shading) for o in self.found}
        text = Text()
        if any(o.exact and o.winnable for o in self.found):
            text.append("games (log): ")
            for shade, least in shading.steps():
                text.append_text(tile(TILE_CLASSES[shade], f"{least:,}+"))
        for name, label, meaning in (
            ("map--searched", "✓", "searched: a win found"),
            ("map--unsettled", "?", "unsettled"),
            ("map--lost", "×", "proved lost"),
        ):
            if name in kinds:
                text.append_text(tile(name, label))
                text.append(f"{meaning}  ")
        return text

    @on(BoardMap.Picked, "#starts")
    def picked(self, event: BoardMap.Picked) -> None:
        opening = next((o for o in self.found if o.hole == event.hole), None)
        if opening is None:
            return
        self.start = event.hole
        self.query_one("#finishes", BoardMap).show(finish_tiles(opening))
        self.query_one("#finish-caption", Static).update(f"from {event.hole}: where the last peg ends")
        self.query_one("#start", Static).update(self.about(opening))

    def about(self, opening: engine.Opening) -> Text:
        """The picked start's games, and each hole its last peg ends in, drawn in the finish map's tiles."""
        style = self.query_one("#finishes", BoardMap).get_component_rich_style
        text = Text.assemble((f"start {opening.hole}: ", "bold"), status(opening), "\nlast peg ends in: ")
        for hole, tile in finish_tiles(opening).items():
            games = opening.finishes.get(hole)
            text.append(f"{hole:^3}", style=style(tile))
            text.append(f" {games:,}  " if opening.exact else "  ")
        if not opening.finishes and not opening.unsettled:
            text.append("no hole")
        return text

    def action_toggle_view(self) -> None:
        switcher = self.query_one(ContentSwitcher)
        on_map = switcher.current == "table-view"
        switcher.current = "map-view" if on_map else "table-view"
        self.query_one("#keys", Static).update(MAP_KEYS if on_map else TABLE_KEYS)
        if on_map:
            self.query_one("#starts").focus()


def find_openings(board: str, job: Job) -> tuple[engine.Opening, ...]:
    """The openings table, computed off the event loop; closing the dialog stops it."""
    return engine.openings(board, should_stop=job.should_stop)


def heat(opening: engine.Opening, style: Callable[[str], Style]) -> Text:
    """Where the last peg ends, hotter for more games; searched boards list the finishes found.

    `style` gives the rich style of a component class (`OpeningsTable.get_component_rich_style`).
    """
    text = Text()
    top = max(opening.finishes.values(), default=1)
    for hole, games in opening.finishes.items():
        shade = HEAT_CLASSES[min(3, int(4 * games / top - 1e-9))] if opening.exact else "openings--found"
        text.append(f"{hole}", style=style(shade))
        text.append(f":{games:,} " if opening.exact else " ", style=style("openings--games"))
    for hole in opening.unsettled:
        text.append(f"{hole}? ", style=style("openings--unsettled"))
    return text
