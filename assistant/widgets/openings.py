"""The openings dialog of a peg solitaire board: every start hole, its games, and where the last peg ends.

The heat map's shades come from the theme through `OpeningsTable`'s component
classes, coldest (`openings--heat-1`) to hottest (`openings--heat-4`).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from assistant.live import Job, LiveResult
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


class OpeningsDialog(Dialog):
    """Every start hole of the board: winnable, games, and a heat map of where the last peg ends."""

    DEFAULT_CSS = (
        "OpeningsDialog > Vertical { width: 90; max-width: 100%; } "
        "OpeningsDialog VerticalScroll { height: auto; max-height: 24; }"
    )
    BINDINGS = [Binding("escape,o,q", "dismiss(None)", "Close")]

    def __init__(self, board: str) -> None:
        super().__init__()
        self.board = board
        self.openings = LiveResult(
            self, find_openings, self.show_openings, on_error=self.show_failure, debounce=0, name="openings"
        )

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.board}: openings (computing…)", classes="title", id="title")
            with VerticalScroll():
                yield OpeningsTable(id="table")

    def on_mount(self) -> None:
        self.openings.request(self.board)

    def show_failure(self, message: str) -> None:
        self.query_one("#title", Static).update(f"{self.board}: {message}")

    def show_openings(self, found: tuple[engine.Opening, ...]) -> None:
        counted = all(o.exact for o in found)
        self.query_one("#title", Static).update(
            f"{self.board}: {sum(o.games for o in found):,} winning games over all starts"
            if counted
            else f"{self.board}: {sum(o.winnable for o in found)} of {len(found)} starts can end with one peg "
            "(searched: too many games to count)"
        )
        self.query_one(OpeningsTable).show_openings(found)


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
