"""Autosave: every screen's puzzle and undo history survive a crash or a closed terminal.

After each change the screen's history is written, atomically, to one JSON file
per puzzle type in the user's data directory; the next start restores it.  A
file that cannot be read back is set aside (renamed, never deleted) and the
screen starts from its example with a message saying so.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import platformdirs

FORMAT = 1


def data_dir() -> Path:
    """Where sessions live; PUZZLE_ASSISTANT_HOME overrides (tests, portable use)."""
    override = os.environ.get("PUZZLE_ASSISTANT_HOME")
    return Path(override) if override else Path(platformdirs.user_data_dir("puzzle-assistant"))


@dataclass(frozen=True)
class Session:
    """A screen's undo history as file texts, the current index, and its file path."""

    states: tuple[str, ...]
    index: int
    path: str | None = None


class SessionError(Exception):
    """An autosave that could not be restored; it has been moved aside."""


def session_file(kind: str) -> Path:
    return data_dir() / "sessions" / f"{kind}.json"


def write_atomically(path: Path, content: str | bytes | Callable[[BinaryIO], object]) -> None:
    """Write to a temporary file (or let `content` write into it), flush it to disk, then rename over the target.

    A failed write (a full disk) leaves the old file and no temporary one.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as handle:
            if callable(content):
                content(handle)
            else:
                handle.write(content.encode("utf-8") if isinstance(content, str) else content)
            handle.flush()
            os.fsync(handle.fileno())
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)


def save_session(kind: str, session: Session) -> None:
    payload = {
        "format": FORMAT,
        "kind": kind,
        "states": list(session.states),
        "index": session.index,
        "path": session.path,
    }
    write_atomically(session_file(kind), json.dumps(payload))


def load_session(kind: str) -> Session | None:
    """The saved session, None when there is none; a bad one is set aside with SessionError."""
    path = session_file(kind)
    if not path.exists():
        return None
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
        states = tuple(payload["states"])
        index = payload["index"]
        if payload.get("kind") != kind or not states or not all(isinstance(s, str) for s in states):
            raise ValueError("not a session of this puzzle")
        if not isinstance(index, int) or not 0 <= index < len(states):
            raise ValueError("its undo position is out of range")
        return Session(states, index, payload.get("path"))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SessionError(set_aside(path, str(error))) from None


def set_aside(path: Path, reason: str) -> str:
    aside = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}.json")
    path.replace(aside)
    return f"The autosaved session could not be restored ({reason}); it was kept as {aside}."
