"""What the app remembers between runs besides the puzzles: the chosen theme.

One small JSON file beside the sessions, written atomically.  A file that
cannot be read only costs the setting: it is ignored with a message, and the
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


def load_theme() -> str | None:
    """The theme chosen last time, None if none was; SettingsError if the file is unreadable."""
    path = settings_file()
    if not path.exists():
        return None
    try:
        theme = json.loads(path.read_text(encoding="utf-8"))["theme"]
        if not isinstance(theme, str):
            raise ValueError("the theme is not a name")
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SettingsError(f"The settings in {path} could not be read ({error}); using the default theme.") from None
    return theme


def save_theme(theme: str) -> None:
    write_atomically(settings_file(), json.dumps({"theme": theme}))
