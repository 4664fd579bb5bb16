"""The Textual app: a home screen and one mode per puzzle type."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from assistant import __version__
from assistant.kinds import KINDS
from assistant.screens.home import HomeScreen


class PuzzleAssistant(App):
    """One mode per puzzle type, so each keeps its own game while you switch."""

    TITLE = "Puzzle Assistant"
    SUB_TITLE = f"v{__version__}"
    CSS_PATH = "app.tcss"
    MODES = {"home": HomeScreen}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, start: str = "home", *, restore_sessions: bool = True) -> None:
        super().__init__()
        self.restore_sessions = restore_sessions
        for kind in KINDS:
            self.add_mode(kind.name, kind.screen())
        self.start = start

    def on_mount(self) -> None:
        self.switch_mode(self.start)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Puzzles", "Back to the list of puzzle types", partial(self.switch_mode, "home"))
        for kind in KINDS:
            yield SystemCommand(kind.title, kind.summary, partial(self.switch_mode, kind.name))
        for active in screen.active_bindings.values():
            binding = active.binding
            if binding.show and binding.description and active.node is not self:
                help = binding.tooltip or binding.description
                yield SystemCommand(binding.description, help, partial(self.run_action, binding.action, active.node))
