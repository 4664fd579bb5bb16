"""What every puzzle screen shares: state, undo/redo, files, examples, help, live result.

A puzzle screen holds one immutable puzzle value.  Every edit makes a new value
and goes through `change()`: it is recorded for undo, drawn, and handed to the
live worker, whose newest result comes back through `show_result`.  Subclasses
say how to draw the puzzle (`draw`), what to compute (`compute`, run in a
thread) and how to show it (`show_result`); files and examples use the
engine's own `parse` and `format`.

Focus, the same on every screen: the screen's `AUTO_FOCUS` widget is its main
entry (a text box or the board), where the next natural input goes; actions
give the focus back to it.  Escape steps back towards it (a screen may stop
something first, such as a row being edited, in `step_back`), and from it goes
home.  A letter or digit that the focused list or panel does not take lands at
the end of a text-box entry, never nowhere (`on_key`).
"""

from __future__ import annotations

import io
import os
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import Console, RenderableType
from rich.style import Style
from textual.binding import Binding
from textual.events import Key
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from assistant.files import read_puzzle_file
from assistant.history import History
from assistant.kinds import BY_NAME, Kind
from assistant.live import Job, LiveResult
from assistant.screens.hinting import HINT_BINDINGS, GradedHints
from assistant.sessions import (
    Meaning,
    SessionError,
    claim,
    load_session,
    release,
    save_session,
    session_file,
    state_entry,
    unrestorable,
    window_session_file,
    write_atomically,
)
from assistant.settings import last_folder
from assistant.widgets.dialogs import (
    COMMON_KEYS,
    ChoiceDialog,
    ConfirmDialog,
    HelpDialog,
    path_dialog,
    remember_folder_of,
)
from assistant.widgets.keys import KeysFollowTheFocus
from assistant.widgets.live_panel import LivePanel
from puzzles.core import Budget
from puzzles.examples import examples

State = TypeVar("State")


class PuzzleScreen(GradedHints, KeysFollowTheFocus, Screen, Generic[State]):
    """Base of the one screen per puzzle type."""

    KIND: ClassVar[str]
    HELP: ClassVar[str] = ""
    # Live answers come in time on any machine; the engines' own defaults count steps instead.
    BUDGET: ClassVar[Budget] = Budget(seconds=1.0)
    # Tones for what a screen writes into its own texts and tables, from the theme like every widget's colours.
    # "info" (an engine's plain tone, as in "No entries of yours to check yet.") keeps the text's own colour.
    COMPONENT_CLASSES = {"tone--info", "tone--good", "tone--bad", "tone--warning", "tone--accent"}
    DEFAULT_CSS = """
    PuzzleScreen > .tone--good { color: $text-success; }
    PuzzleScreen > .tone--bad { color: $text-error; }
    PuzzleScreen > .tone--warning { color: $text-warning; }
    PuzzleScreen > .tone--accent { color: $text-accent; }
    """
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", tooltip="Undo the last change"),
        # Redo is in help and the palette: at 80 columns the footer keeps its room for the screen's own keys
        Binding("ctrl+y", "redo", "Redo", tooltip="Redo what was undone", show=False),
        Binding("ctrl+o", "open", "Open", tooltip="Open a puzzle file", show=False),
        Binding("ctrl+s", "save", "Save", tooltip="Save the puzzle to a file", show=False),
        # priority: a text box would take ctrl+e as "end of line" and the examples would be out of reach
        Binding("ctrl+e", "examples", "Examples", tooltip="Load a bundled example", show=False, priority=True),
        Binding("ctrl+n", "new", "New", tooltip="Start a new puzzle"),
        Binding("f1,question_mark", "help", "Help", tooltip="Rules, keys and marks"),
        Binding("escape", "back", "Back", tooltip="Back to the entry line, then to the list of puzzles", show=False),
        Binding("f2", "app.switch_mode('home')", "Puzzles", tooltip="Back to the list of puzzles", show=False),
        Binding("f6", "copy", "Copy", tooltip="Copy the suggestion, the solution or the puzzle", show=False),
        *HINT_BINDINGS,
    ]

    def __init__(self) -> None:
        super().__init__()
        self.title = self.puzzle_type.title  # the header names the puzzle; its sub-title describes this one
        self.path: Path | None = None
        self._saved: dict[int, tuple[State, str, str]] = {}
        self.saving_to: Path | None = None  # the session file this window writes, once it has claimed one
        self.history: History[State] = History(self.example_state())
        self.clean: State = self.history.current  # as last opened, saved or started: nothing to lose
        self.live: LiveResult[Any, Any] = LiveResult(
            self,
            self.compute,
            self.show_result,
            on_error=lambda message: self.panel.show_error(message),
            on_busy=lambda busy: setattr(self.panel, "busy", busy),
            on_progress=self.show_progress,
        )
        self.solver = LiveResult(
            self,
            self.solution_text,
            lambda text: self.to_clipboard(text, "the solution"),
            on_error=lambda message: self.notify(f"No solution to copy: {message}", severity="error"),
            debounce=0,
            name="solution",
        )
        self.setup_hints()

    # ------------------------------------------------------------ for subclasses

    @property
    def puzzle_type(self) -> Kind:
        """This screen's entry in the registry: its title, examples and engine."""
        return BY_NAME[self.KIND]

    @property
    def engine(self) -> ModuleType:
        return self.puzzle_type.engine

    def draw(self, state: State) -> None:
        """Show `state` in the screen's input widgets."""
        raise NotImplementedError

    def live_input(self, state: State) -> Any:
        """What the live worker computes from: the state itself, unless a screen adds settings.

        A screen that does returns a frozen dataclass of its own named `LiveInput` (the state and the settings).
        """
        return state

    def compute(self, state: Any, job: Job) -> Any:
        """The expensive part, run in a worker thread on `live_input(state)`: no widget access here."""
        raise NotImplementedError

    def show_result(self, result: Any) -> None:
        """Show the newest result (called on the UI thread)."""
        raise NotImplementedError

    def show_progress(self, report: Any) -> None:
        """Show what the engine reports while it works: a line of text, unless a screen shows more."""
        self.panel.progress_text = report

    def tone(self, name: str) -> Style:
        """The theme's style for a tone ("info", "good", "bad", "warning", "accent") in a text the screen builds."""
        return self.get_component_rich_style(f"tone--{name}", partial=True)

    def describe(self, state: State) -> str:
        """One line about the puzzle for the header's sub-title; the base adds the file's path."""
        return ""

    def new_state(self) -> State | ModalScreen:
        """A blank puzzle for ctrl+n, or a dialog that asks how to make one.

        The dialog's dismiss value is the new puzzle, None (cancelled), or the next dialog to ask.
        """
        raise NotImplementedError

    def to_text(self, state: State) -> str:
        return self.engine.format(state)

    def suggestion_text(self) -> str:
        """What f6 copies as the suggestion: by default what the panel says, headline and detail."""
        parts = (plain(self.panel.query_one(f"#{part}", Static).content) for part in ("headline", "detail"))
        return "\n".join(part for part in parts if part)

    def solution_text(self, state: State, job: Job) -> str:
        """What f6 copies as the solution: what `puzzle-assistant solve` prints, with the engine's own budget."""
        return self.engine.solve(state, should_stop=job.should_stop).to_text()

    def from_text(self, text: str) -> State:
        return self.engine.parse(text)

    def meaning(self, state: State) -> dict[str, object]:
        """What a session keeps of `state` beyond its text: the person's entries, the moves played (JSON values)."""
        return {}

    def with_meaning(self, state: State, meaning: Meaning) -> State:
        """`state` as read from its text, given back what `meaning` says; ValueError if the two do not fit."""
        return state

    # ------------------------------------------------------------ the one data flow

    @property
    def state(self) -> State:
        return self.history.current

    @property
    def panel(self) -> LivePanel:
        return self.query_one(LivePanel)

    def on_mount(self) -> None:
        self.claim_session()
        if getattr(self.app, "restore_sessions", False):
            self.restore()
        self.refresh_all()

    def change(self, state: State) -> None:
        """Every edit ends here: record, draw, recompute, autosave."""
        self.history.push(state)
        self.refresh_all()

    def load(self, state: State, path: Path | None = None) -> None:
        """Start over from `state` (a file, an example, a new puzzle): no undo past it."""
        self.path = path
        self.history.reset(state)
        self.clean = state
        self.refresh_all()

    def refresh_all(self) -> None:
        self.told_notes = ()  # ctrl+z takes back this edit now, not a step noted before it
        self.forget_hint()
        self.show_sub_title()
        self.draw(self.state)
        self.live.request(self.live_input(self.state))
        self.autosave()

    def show_sub_title(self) -> None:
        """The header's sub-title: the screen's description of the puzzle, then the file it came from."""
        parts = (self.describe(self.state), str(self.path) if self.path else "")
        self.sub_title = " · ".join(part for part in parts if part)

    # ------------------------------------------------------------ sessions

    def claim_session(self) -> Path:
        """The file this window autosaves to: the puzzle type's session, or its own while another window has that."""
        if self.saving_to is None:
            holder = claim(self.KIND)
            self.saving_to = session_file(self.KIND) if holder is None else window_session_file(self.KIND)
            if holder is not None:
                self.notify(
                    f"Another window (process {holder}) has this {self.puzzle_type.title} open: "
                    f"this window's edits are autosaved to {self.saving_to}, not over that window's session.",
                    severity="warning",
                    timeout=20,
                )
        return self.saving_to

    def on_unmount(self) -> None:
        if self.saving_to == session_file(self.KIND):
            release(self.KIND)

    def autosave(self) -> None:
        entries = [self._saved_form(state)[1] for state in self.history.states]
        path = str(self.path) if self.path else None
        try:
            save_session(self.KIND, entries, self.history.index, path, self.claim_session())
        except OSError as error:
            self.notify(f"Autosave failed: {error}", severity="error")

    def _text_of(self, state: State) -> str:
        return self._saved_form(state)[0]

    def _saved_form(self, state: State) -> tuple[str, str]:
        """`to_text` and the session's entry, remembered per state object: the history is saved after every edit."""
        cached = self._saved.get(id(state))
        if cached is None or cached[0] is not state:
            text = self.to_text(state)
            cached = self._saved[id(state)] = (state, text, state_entry(text, self.meaning(state)))
        return cached[1:]

    def restore(self) -> None:
        """Reopen the autosaved session, meanings and all; a bad one is set aside and said so."""
        try:
            session = load_session(self.KIND)
            if session is None:
                return
            states = tuple(
                self.with_meaning(self.from_text(text), session.meaning(i)) for i, text in enumerate(session.states)
            )
        except SessionError as error:
            self.notify(str(error), severity="warning", timeout=10)
            return
        except ValueError as error:  # a PuzzleError, or a meaning that does not fit its text
            self.notify(unrestorable(session_file(self.KIND), error), severity="warning", timeout=10)
            return
        self.history = History.restore(states, session.index)
        self.path = Path(session.path) if session.path else None
        # Nothing to lose in the puzzle as its file holds it, or else as opened or started: where the history begins.
        saved = self.as_in_its_file()
        self.clean = states[0] if saved is None else saved

    def as_in_its_file(self) -> State | None:
        """The puzzle as its file holds it now; None without a file, or where it cannot be read."""
        if self.path is None:
            return None
        try:
            return self.from_text(read_puzzle_file(self.path))
        except ValueError:  # a PuzzleError: gone, unreadable, or no longer this puzzle type
            return None

    def example_state(self) -> State:
        return self.from_text(self.puzzle_type.first_example())

    # ------------------------------------------------------------ actions

    def action_undo(self) -> None:
        if self.take_back_note():
            return
        if self.history.undo() is None:
            self.notify("Nothing to undo.", severity="warning")
        else:
            self.refresh_all()

    def action_redo(self) -> None:
        if self.history.redo() is None:
            self.notify("Nothing to redo.", severity="warning")
        else:
            self.refresh_all()

    def action_open(self) -> None:
        def read(path: Path) -> tuple[State, Path]:
            return self.from_text(read_puzzle_file(path)), path

        def opened(result: tuple[State, Path] | None) -> None:
            if result is not None:
                self.load(*result)
                self.notify(f"Opened {result[1]}")
                remember_folder_of(self, "puzzles", result[1].parent)

        title = f"Open a {self.puzzle_type.title} file"
        folder = f"{last_folder('puzzles')}{os.sep}"  # the file's name typed after it
        self.discard_then(lambda: self.app.push_screen(path_dialog(title, read, folder), opened))

    def action_save(self) -> None:
        def write(path: Path) -> Path:
            write_atomically(path, self.to_text(self.state))
            return path

        def saved(path: Path | None) -> None:
            if path is not None:
                self.path, self.clean = path, self.state
                self.show_sub_title()
                self.notify(f"Saved {path}")
                remember_folder_of(self, "puzzles", path.parent)

        initial = self.path or last_folder("puzzles") / f"{self.KIND}.txt"
        self.app.push_screen(path_dialog(f"Save this {self.puzzle_type.title} to", write, str(initial)), saved)

    def action_examples(self) -> None:
        found = examples(self.KIND)

        def chosen(name: str | None) -> None:
            if name is not None:
                self.load(self.from_text(found[name]))
                self.notify(f"Loaded the example {name!r}")

        labels = {name: f"{name}: {first_comment(text)}" for name, text in found.items()}
        self.discard_then(lambda: self.app.push_screen(ChoiceDialog("Bundled examples", labels), chosen))

    def action_new(self) -> None:
        self.discard_then(lambda: self.start_new(self.new_state()))

    def start_new(self, made: State | ModalScreen | None) -> None:
        """Load what `new_state` made, asking its dialog (and the dialogs that follow) first."""
        if isinstance(made, ModalScreen):
            self.app.push_screen(made, self.start_new)
        elif made is not None:
            self.load(made)

    def discard_then(self, proceed: Callable[[], None]) -> None:
        """Go on to replace the puzzle, asking first when it has changes not saved to a file."""
        if self._text_of(self.state) == self._text_of(self.clean):
            proceed()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                proceed()

        question = f"Replace this {self.puzzle_type.title} puzzle? Its changes are not saved to a file (ctrl+s saves)."
        self.app.push_screen(ConfirmDialog(question), answered)

    def action_copy(self) -> None:
        """Ask what to copy: the suggestion, the solution, or the puzzle in its file format."""
        choices = {
            "suggestion": "The suggestion: " + textwrap.shorten(self.suggestion_text(), 44, placeholder=" …"),
            "solution": "The solution, as `puzzle-assistant solve` prints it",
            "puzzle": "The puzzle in its text format (as ctrl+s saves it)",
        }

        def chosen(what: str | None) -> None:
            if what == "suggestion":
                self.to_clipboard(self.suggestion_text(), "the suggestion")
            elif what == "solution":
                self.notify("Working out the solution to copy…")
                self.solver.request(self.state)
            elif what == "puzzle":
                self.to_clipboard(self.to_text(self.state), "the puzzle in its text format")

        self.app.push_screen(ChoiceDialog("Copy to the clipboard", choices), chosen)

    def to_clipboard(self, text: str, what: str) -> None:
        """Put `text` on the clipboard (the terminal's, by OSC 52) and say what it was."""
        self.app.copy_to_clipboard(text)
        lines = len(text.splitlines())
        self.notify(f"Copied {what} to the clipboard ({lines} line{'s' * (lines != 1)}).")

    def action_back(self) -> None:
        """Escape: one step back each press, to the entry line first, then to the list of puzzles."""
        if not self.step_back():
            self.app.switch_mode("home")

    def step_back(self) -> bool:
        """Escape's step short of leaving: focus the screen's main entry if it is elsewhere (True if it did)."""
        main = self.main_entry()
        if main is None or not main.focusable or self.focused is main:
            return False
        main.focus()
        return True

    def main_entry(self) -> Widget | None:
        """Where the next natural input goes: the widget the screen focuses first (AUTO_FOCUS)."""
        return self.query(self.AUTO_FOCUS).first() if self.AUTO_FOCUS else None

    def on_key(self, event: Key) -> None:
        """Typing that the focused widget did not take (a list, a panel) lands in the entry line, never nowhere."""
        main = self.main_entry()
        if not event.is_printable or event.key in self.active_bindings or self.focused is main:
            return
        if isinstance(main, Input) and main.focusable:
            event.stop()
            event.prevent_default()
            self.set_focus(main)  # now, not later: its Focus event (which selects it all) comes before the text
            main.call_later(type_at_end, main, event.character or "")

    def action_help(self) -> None:
        self.app.push_screen(HelpDialog(f"# {self.puzzle_type.title}\n{self.HELP}\n{COMMON_KEYS}"))


def type_at_end(box: Input, text: str) -> None:
    """Add `text` at the end of what the box holds, as if typed there."""
    box.cursor_position = len(box.value)
    box.insert_text_at_cursor(text)


def plain(renderable: RenderableType) -> str:
    """What a text, table or other Rich renderable reads as, without its styles."""
    console = Console(width=100, file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(renderable)
    return "\n".join(line.rstrip() for line in captured.get().strip().splitlines())


def first_comment(text: str) -> str:
    """The first `#` comment of an example file: its one-line description."""
    for line in text.splitlines():
        if line.startswith("#"):
            return line.lstrip("# ").strip()
    return ""
