"""The panel beside every puzzle: the live count, its status, and why.

A headline ("2 codes remain", "unique", "no completion"), coloured by tone, a
spinner while the worker runs (the last result stays readable meanwhile), the
hint or board check the person asked for (f4, f8), and a detail area for the
explanation.  Errors replace the headline with
what went wrong, never silently.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from puzzles.core import Analysis, Tone

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class LivePanel(VerticalScroll):
    """Headline, progress and detail of the newest live result."""

    DEFAULT_CSS = """
    LivePanel { height: auto; max-height: 100%; padding: 0 1; scrollbar-size-vertical: 1; }
    LivePanel #top { height: auto; dock: top; }
    LivePanel #headline { text-style: bold; width: 1fr; }
    LivePanel #headline.-good { color: $text-success; }
    LivePanel #headline.-warning { color: $text-warning; }
    LivePanel #headline.-bad { color: $text-error; }
    LivePanel #progress { color: $text-muted; width: auto; max-width: 50%; }
    LivePanel #hint { margin-bottom: 1; border-left: outer $accent; padding-left: 1; }
    LivePanel #hint.-empty { display: none; }
    """

    busy: reactive[bool] = reactive(False, init=False)
    progress_text: reactive[str] = reactive("", init=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._frame = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static(id="headline")
            yield Static(id="progress")
        yield Static(id="hint", classes="-empty")
        yield Static(id="detail")

    def on_mount(self) -> None:
        self._timer = self.set_interval(0.1, self._spin, pause=True)

    def show(self, headline: str, tone: Tone = "info", detail: RenderableType = "") -> None:
        """Show a fresh result; the spinner stops."""
        heading = self.query_one("#headline", Static)
        heading.update(headline)
        heading.set_classes(f"-{tone}")
        self.query_one("#detail", Static).update(detail)
        self.busy = False

    def show_analysis(self, analysis: Analysis, detail: RenderableType = "") -> None:
        """An engine's result: its headline, in its status's tone."""
        self.show(analysis.headline, analysis.status.tone, detail)

    def show_hint(self, hint: RenderableType) -> None:
        """The hint or board check the person asked for, above the detail; "" hides it."""
        box = self.query_one("#hint", Static)
        if not hint and box.has_class("-empty"):
            return  # nothing shown, nothing to hide: every edit asks, and a layout each time would be wasted
        box.update(hint)
        box.set_class(not hint, "-empty")
        self.set_class(bool(hint), "-hinted")
        if hint:
            self.scroll_to_widget(box, animate=False)

    def show_error(self, message: str) -> None:
        self.show("Cannot compute", "bad", Text(message))

    def watch_busy(self, busy: bool) -> None:
        if busy:
            self._timer.resume()
        else:
            self._timer.pause()
            self.progress_text = ""
        self._draw_progress()

    def watch_progress_text(self) -> None:
        self._draw_progress()

    def _spin(self) -> None:
        self._frame += 1
        self._draw_progress()

    def _draw_progress(self) -> None:
        line = f"{SPINNER[self._frame % len(SPINNER)]} computing… {self.progress_text}" if self.busy else ""
        self.query_one("#progress", Static).update(line)
