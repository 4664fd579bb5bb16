"""What the app remembers between runs besides the puzzles: the theme, the last folders used.

One small JSON object of texts beside the sessions, written atomically.  A
file that cannot be read (damaged, over 1 MiB, nested past reason, a value that
is not a text) only costs the settings: it is set aside with a message, and the
defaults apply until a change writes a good one.
"""

from __future__ import annotations

import json
from pathlib import Path

from assistant.sessions import data_dir, documents_dir, read_json, set_aside, write_atomically
from puzzles.core import shown


class SettingsError(Exception):
    """The settings file could not be read; the defaults apply."""


def settings_file() -> Path:
    return data_dir() / "settings.json"


def load_settings() -> dict[str, str]:
    """Every setting saved ({} if none); SettingsError if the file is unreadable (it is then set aside)."""
    path = settings_file()
    try:
        settings = read_json(path)
        if not isinstance(settings, dict):
            raise ValueError("it is not a JSON object")
        for name, value in settings.items():
            if not isinstance(value, str) or "\0" in value:
                raise ValueError(f"the setting {shown(name)} is not a text")
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        raise SettingsError(
            f"The settings in {path} could not be read ({error}); using the defaults; {set_aside(path)}"
        ) from None
    return settings


def save_setting(name: str, value: str) -> None:
    """Remember one setting, keeping the others; an unreadable file is written over."""
    try:
        settings = load_settings()
    except SettingsError:
        settings = {}
    write_atomically(settings_file(), json.dumps(settings | {name: value}))


def load_theme() -> str | None:
    """The theme chosen last time, None if none was; SettingsError if the file is unreadable."""
    return load_settings().get("theme")


def save_theme(theme: str) -> None:
    save_setting("theme", theme)


def last_folder(use: str) -> Path:
    """The folder last used for `use` ("pictures", "puzzles"); at first, the app's own folder in the documents."""
    try:
        folder = load_settings().get(use)
    except SettingsError:
        folder = None
    return Path(folder) if folder else documents_dir()


def remember_folder(use: str, folder: Path) -> None:
    save_setting(use, str(folder))
