"""What the app remembers between runs besides the puzzles: the theme, the folder for pictures.

One small JSON object beside the sessions, written atomically.  A file that
cannot be read only costs the settings: it is ignored with a message, and the
next change writes a good one over it.
"""

from __future__ import annotations

import json
from pathlib import Path

from assistant.sessions import data_dir, write_atomically


class SettingsError(Exception):
    """The settings file could not be read; the defaults apply."""


def settings_file() -> Path:
    return data_dir() / "settings.json"


def load_settings() -> dict[str, str]:
    """Every setting saved ({} if none); SettingsError if the file is unreadable."""
    path = settings_file()
    if not path.exists():
        return {}
    try:
        settings = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(settings, dict) or not all(isinstance(v, str) for v in settings.values()):
            raise ValueError("not an object of names")
    except (OSError, ValueError) as error:
        raise SettingsError(f"The settings in {path} could not be read ({error}); using the defaults.") from None
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


def pictures_folder() -> Path:
    """Where the last picture of a screen was saved; at first, the folder the app was started in."""
    try:
        folder = load_settings().get("pictures")
    except SettingsError:
        folder = None
    return Path(folder) if folder else Path.cwd()


def remember_pictures_folder(folder: Path) -> None:
    save_setting("pictures", str(folder))
