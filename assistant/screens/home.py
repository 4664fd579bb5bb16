"""The first screen: every puzzle type the assistant knows, one line each."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from assistant.kinds import KINDS

INTRO = (
    "Type what you know about the puzzle in front of you; the assistant keeps "
    "the remaining candidates live and says why."
)


class HomeScreen(Screen):
    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(INTRO, id="intro")
        yield OptionList(*(self.entry(kind) for kind in KINDS), id="kinds")
        yield Footer()

    @staticmethod
    def entry(kind) -> Option:
        label = Text.assemble((kind.title, "bold"), "\n", (kind.summary, "dim"))
        return Option(label, id=kind.name)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.switch_mode(event.option.id)
