"""The first screen: every puzzle type the assistant knows, one line each.

Each line is the type's title and the start of its summary; the highlighted
type's whole summary shows under the list, so all nine fit at 80x24 and a
smaller terminal scrolls the list, whose title says how many there are.
"""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from assistant.kinds import BY_NAME, KINDS, Kind
from assistant.widgets.dialogs import COMMON_KEYS, HelpDialog

INTRO = (
    "Type what you know about the puzzle in front of you; the assistant keeps "
    "the remaining candidates live and says why."
)
TITLE_WIDTH = 23  # the longest title and two spaces
LINE_WIDTH = 72  # the list's inner width at 80 columns

HELP = f"""# Puzzle Assistant
{INTRO}

Pick a puzzle type with the arrows and **enter** (or a click). Each type keeps
its own puzzle while you switch: **escape** (or **f2**) comes back here.
{COMMON_KEYS}"""


class HomeScreen(Screen):
    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("f1,question_mark", "help", "Help", tooltip="What the assistant does and the keys on every screen"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(INTRO, id="intro")
        kinds = OptionList(*(self.entry(kind) for kind in KINDS), id="kinds")
        kinds.border_title = f"{len(KINDS)} puzzle types"
        kinds.border_subtitle = "↑↓ choose · enter opens"
        yield kinds
        yield Static(id="about")
        yield Footer()

    @staticmethod
    def entry(kind: Kind) -> Option:
        """The title, then as much of the summary as fits the line (all of it shows under the list)."""
        summary = textwrap.shorten(kind.summary, LINE_WIDTH - TITLE_WIDTH, placeholder=" …")
        label = Text.assemble((kind.title.ljust(TITLE_WIDTH), "bold"), (summary, "dim"))
        return Option(label, id=kind.name)

    @on(OptionList.OptionHighlighted, "#kinds")
    def show_about(self, event: OptionList.OptionHighlighted) -> None:
        kind = BY_NAME[str(event.option.id)]
        self.query_one("#about", Static).update(Text.assemble((kind.title, "bold"), ": ", kind.summary))

    @on(OptionList.OptionSelected, "#kinds")
    def open_kind(self, event: OptionList.OptionSelected) -> None:
        self.app.switch_mode(str(event.option.id))

    def action_help(self) -> None:
        self.app.push_screen(HelpDialog(HELP))
