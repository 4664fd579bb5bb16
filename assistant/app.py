"""The Textual app: a home screen and one mode per puzzle type."""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.theme import Theme

from assistant import __version__
from assistant.hangup import exit_on_hangup
from assistant.kinds import KINDS
from assistant.screens.home import HomeScreen
from assistant.sessions import write_atomically
from assistant.settings import (
    SettingsError,
    last_folder,
    load_theme,
    save_theme,
)
from assistant.widgets.dialogs import path_dialog, remember_folder_of


class PuzzleAssistant(App):
    """One mode per puzzle type, so each keeps its own game while you switch."""

    TITLE = "Puzzle Assistant"
    SUB_TITLE = f"v{__version__}"
    CSS_PATH = "app.tcss"
    MODES = {"home": HomeScreen}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        # priority: a dialog (the openings map) is worth a picture too, and a modal screen hides the app's other keys
        Binding(
            "f5", "save_picture", "Save picture", tooltip="Save the screen as an SVG picture", show=False, priority=True
        ),
    ]

    def __init__(self, start: str = "home", *, restore_sessions: bool = True) -> None:
        super().__init__()
        self.restore_sessions = restore_sessions
        for kind in KINDS:
            self.add_mode(kind.name, kind.new_screen)  # its screen, and so its engine, is imported when first opened
        self.start = start

    def on_mount(self) -> None:
        if not self.is_headless:
            exit_on_hangup(self)
        self.restore_theme()
        self.theme_changed_signal.subscribe(self, self.remember_theme)
        self.switch_mode(self.start)

    def restore_theme(self) -> None:
        """Start in the theme chosen last time; an unreadable or unknown one is said, not fatal."""
        try:
            theme = load_theme()
        except SettingsError as error:
            self.notify(str(error), severity="warning", timeout=10)
            return
        if theme is None:
            return
        if theme not in self.available_themes:
            self.notify(f"The saved theme {theme!r} is not available; using the default.", severity="warning")
            return
        self.theme = theme

    def remember_theme(self, theme: Theme) -> None:
        """Save each theme chosen (the palette's "Theme" command, or any other way) for next time."""
        try:
            saved = load_theme()
        except SettingsError:
            saved = None  # written over with a good file
        if theme.name == saved:
            return
        try:
            save_theme(theme.name)
        except OSError as error:
            self.notify(f"The theme could not be saved: {error}", severity="error")

    def action_save_picture(self) -> None:
        """The screen as it is now, as an SVG, into a folder the person chooses (remembered for next time)."""
        picture = self.export_screenshot()  # now, before the folder dialog covers the screen
        name = f"{picture_name(self.screen)}-{time.strftime('%Y%m%d-%H%M%S')}.svg"

        def write(folder: Path) -> Path:
            if folder.exists() and not folder.is_dir():
                raise NotADirectoryError(f"not a folder: {folder}")
            write_atomically(folder / name, picture)
            return folder / name

        def saved(path: Path | None) -> None:
            if path is None:
                return
            self.notify(f"Saved a picture of the screen: {path}")
            remember_folder_of(self, "pictures", path.parent)

        title = f"Save a picture of this screen ({name}) into the folder"
        self.push_screen(path_dialog(title, write, str(last_folder("pictures")), "path/to/folder"), saved)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every command once: a key that runs one of the app's own (q for Quit) adds no second entry."""
        titles: set[str] = set()
        for command in self.palette_commands(screen):
            if command.title not in titles:
                titles.add(command.title)
                yield command

    def palette_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":  # ours asks where, and remembers
                yield command
        yield SystemCommand(
            "Save picture", "Save the screen as an SVG picture into a folder you choose (f5)", self.action_save_picture
        )
        if hasattr(screen, "action_copy"):
            yield SystemCommand(
                "Copy", "Copy the suggestion, the solution or the puzzle to the clipboard (f6)", screen.action_copy
            )
        yield SystemCommand(
            "Puzzles", "Back to the list of puzzle types (escape, f2)", partial(self.switch_mode, "home")
        )
        for kind in KINDS:
            yield SystemCommand(kind.title, kind.summary, partial(self.switch_mode, kind.name))
        yield from binding_commands(self, screen)


def binding_commands(app: App, screen: Screen) -> Iterable[SystemCommand]:
    """The screen's keys as palette entries: one per action, its help its tooltip and its keys.

    The screen's own keys are all offered, those the footer leaves out for room too (ctrl+s, ctrl+o, ctrl+y); a
    focused widget's, only those its footer shows. An action bound to two keys is one entry, and an entry never
    repeats its name as its help ("Hint / Hint").
    """
    keys: dict[tuple[int, str], list[str]] = {}
    for key, active in screen.active_bindings.items():
        offered = active.binding.show or active.node is screen
        if offered and active.binding.description and active.node is not app:
            keys.setdefault((id(active.node), active.binding.action), []).append(key)
    seen: set[tuple[int, str]] = set()
    for active in screen.active_bindings.values():
        binding, node = active.binding, active.node
        if (id(node), binding.action) not in keys or (id(node), binding.action) in seen:
            continue
        seen.add((id(node), binding.action))
        names = ", ".join(app.get_key_display(Binding(key, "")) for key in keys[(id(node), binding.action)])
        help = f"{binding.tooltip} ({names})" if binding.tooltip else f"key: {names}"
        yield SystemCommand(binding.description, help, partial(app.run_action, binding.action, node))


def picture_name(screen: Screen) -> str:
    """A picture's file name: the screen's puzzle type (or its own picture name), else the app's."""
    return getattr(screen, "picture_name", None) or getattr(screen, "KIND", None) or "puzzle-assistant"
