"""Autosave: every screen's puzzle and undo history survive a crash or a closed terminal.

After each change the screen's history is written, atomically, to one JSON file
per puzzle type in the user's data directory; the next start restores it.  Each
state is kept as its text (what `puzzle-assistant solve` reads) plus what the
text cannot say: which numbers the person entered, the moves a game was played
with.  A file that cannot be read back (damaged, of the wrong shape, over the
1 MiB rule, nested past reason) is set aside (renamed, never deleted) and the
screen starts from its example with a message saying so.

One window at a time writes a puzzle type's session: it holds a lock file with
its process id.  A second window on the same type opens what the first saved,
but autosaves into a file of its own, and says so.
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import platformdirs

from assistant.history import History
from puzzles.core import MAX_TEXT

FORMAT = 2  # 1: states were bare texts; 2: each state is {"text": ..., and its meaning}
MAX_BYTES = MAX_TEXT  # the 1 MiB rule of puzzle files holds for saved sessions and settings too
MAX_DEPTH = 8  # a session nests 5 deep: {"states": [{"entries": [[r, c]]}]}
MAX_STATES = History.LIMIT + 1
Meaning = Mapping[str, object]


def data_dir() -> Path:
    """Where sessions live; PUZZLE_ASSISTANT_HOME overrides (tests, portable use)."""
    override = os.environ.get("PUZZLE_ASSISTANT_HOME")
    return Path(override) if override else Path(platformdirs.user_data_dir("puzzle-assistant"))


def documents_dir() -> Path:
    """The app's own folder among the person's documents, offered for files until they choose one.

    Never the folder the app was started in: that may be a checkout of its source.
    """
    override = os.environ.get("PUZZLE_ASSISTANT_HOME")
    return Path(override) / "documents" if override else Path(platformdirs.user_documents_dir()) / "Puzzle Assistant"


@dataclass(frozen=True)
class Session:
    """A screen's undo history as file texts with their meanings, the current index, and its file path."""

    states: tuple[str, ...]
    index: int
    path: str | None = None
    meanings: tuple[Meaning, ...] = field(default=())  # one per state; () when the file had none (format 1)

    def meaning(self, i: int) -> Meaning:
        return self.meanings[i] if self.meanings else {}


class SessionError(Exception):
    """An autosave that could not be restored; it has been moved aside."""


def session_file(kind: str) -> Path:
    return data_dir() / "sessions" / f"{kind}.json"


def window_session_file(kind: str) -> Path:
    """Where this window autosaves while another one holds the session of `kind`."""
    return data_dir() / "sessions" / f"{kind}.window-{os.getpid()}.json"


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


# ---------------------------------------------------------------- writing


def state_entry(text: str, meaning: Meaning) -> str:
    """One state as a session file holds it: a JSON object of its text and its meaning (ASCII only)."""
    return json.dumps({"text": text, **meaning}, separators=(",", ":"))


def save_session(kind: str, entries: Sequence[str], index: int, puzzle: str | None, path: Path | None = None) -> None:
    """Write a history of `state_entry`s at `index` (its puzzle file's path too), into `path` or the shared file.

    The undo steps furthest from the current state are dropped if the whole would pass 1 MiB;
    OSError when the current state alone is too big to keep.
    """
    head = {"format": FORMAT, "kind": kind, "path": puzzle}
    room = MAX_BYTES - len(json.dumps(head)) - 40  # the index and the brackets around the states
    first, last = fitting([len(entry) + 1 for entry in entries], index, room)
    if first == last:
        raise OSError(f"the puzzle is over {MAX_BYTES >> 20} MiB as a session")
    document = json.dumps(head | {"index": index - first})[:-1] + ', "states": ['
    write_atomically(path or session_file(kind), document + ",".join(entries[first:last]) + "]}")


def fitting(sizes: list[int], index: int, room: int) -> tuple[int, int]:
    """The states [first, last) kept in `room`: undo steps go oldest first, then redo steps newest first.

    (index, index) when the current state alone does not fit.
    """
    first, last, total = 0, len(sizes), sum(sizes)
    while total > room and first < index:
        total -= sizes[first]
        first += 1
    while total > room and last > index + 1:
        last -= 1
        total -= sizes[last]
    return (first, last) if total <= room else (index, index)


# ---------------------------------------------------------------- reading


def load_session(kind: str, path: Path | None = None) -> Session | None:
    """The saved session, None when there is none; a bad one is set aside with SessionError."""
    path = path or session_file(kind)
    try:
        return session_from(read_json(path), kind)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise SessionError(unrestorable(path, error)) from None


def unrestorable(path: Path, error: Exception) -> str:
    """Set a session that cannot be restored aside; the message that says why and where it went."""
    return f"The autosaved session could not be restored ({error}); {set_aside(path)}"


def read_json(path: Path) -> object:
    """A small JSON document, refused before reading when it is past the size rule.

    FileNotFoundError when there is none; ValueError for a file that is not a regular one, too big, not UTF-8,
    nested too deep or not JSON.
    """
    found = os.stat(path)
    if not stat.S_ISREG(found.st_mode):
        raise ValueError("it is not a regular file")
    if found.st_size > MAX_BYTES:
        raise ValueError(f"it is over {MAX_BYTES >> 20} MiB")
    with open(path, "rb") as handle:
        data = handle.read(MAX_BYTES + 1)  # it may have grown since
    if len(data) > MAX_BYTES:
        raise ValueError(f"it is over {MAX_BYTES >> 20} MiB")
    text = data.decode("utf-8")
    check_nesting(text)
    return json.loads(text)


JSON_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]', re.DOTALL)  # a string (to skip), or a bracket


def check_nesting(text: str) -> None:
    """ValueError when arrays and objects nest past MAX_DEPTH: checked in one pass, before the parser recurses."""
    depth = 0
    for token in JSON_TOKEN.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ValueError(f"it nests over {MAX_DEPTH} levels deep")
        elif bracket in "]}":
            depth -= 1


def session_from(payload: object, kind: str) -> Session:
    """The session a document holds, every field checked for its type and range (ValueError if one is wrong)."""
    if not isinstance(payload, dict):
        raise ValueError("it is not a JSON object")
    version = payload.get("format")
    if type(version) is not int or version < 1:
        raise ValueError(f"its format is not a number 1..{FORMAT}")
    if version > FORMAT:
        raise ValueError(f"it was written by a newer version of the app (format {version})")
    if payload.get("kind") != kind:
        raise ValueError("it is not a session of this puzzle")
    states = payload.get("states")
    if not isinstance(states, list) or not 1 <= len(states) <= MAX_STATES:
        raise ValueError(f"its states are not a list of 1 to {MAX_STATES} states")
    texts, meanings = zip(*(state_from(state, version) for state in states))
    index = payload.get("index")
    if type(index) is not int or not 0 <= index < len(states):
        raise ValueError("its undo position is out of range")
    path = payload.get("path")
    if path is not None and (not isinstance(path, str) or not path or "\0" in path):
        raise ValueError("its file path is not a path")
    return Session(texts, index, path, meanings if version > 1 else ())


def state_from(state: object, version: int) -> tuple[str, Meaning]:
    """One state's text and meaning: a bare text in format 1, {"text": ..., more} in format 2."""
    if version == 1 and isinstance(state, str):
        return state, {}
    if version > 1 and isinstance(state, dict) and isinstance(state.get("text"), str):
        return state["text"], {name: value for name, value in state.items() if name != "text"}
    raise ValueError("a state is not a puzzle text" + (" with its meaning" if version > 1 else ""))


def numbers(value: object, width: int, what: str) -> tuple[tuple[int, ...], ...]:
    """A meaning's list of `width` whole numbers each (cells, moves), as tuples; ValueError naming `what` if not."""
    if not isinstance(value, list) or not all(
        isinstance(item, list) and len(item) == width and all(type(n) is int for n in item) for item in value
    ):
        raise ValueError(f"its {what} are not lists of {width} whole numbers")
    return tuple(tuple(item) for item in value)


def set_aside(path: Path) -> str:
    """Rename a file that cannot be read, so that nothing writes over it; where it went, to tell the person."""
    aside = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    try:
        path.replace(aside)
    except OSError as error:
        return f"it could not be moved aside ({error.strerror or error}) and will be written over."
    return f"it was kept as {aside}."


# ---------------------------------------------------------------- one writer per puzzle type


def lock_file(kind: str) -> Path:
    return data_dir() / "sessions" / f"{kind}.lock"


def claim(kind: str) -> int | None:
    """Take the session of `kind` for this window: None once it is ours, else the id of the live window holding it.

    A lock left by a window that is gone (killed, crashed) is taken over.
    """
    lock = lock_file(kind)
    lock.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(2):
        try:
            handle = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            holder = lock_holder(lock)
            if holder == os.getpid():
                return None
            if holder is not None:
                return holder
            lock.unlink(missing_ok=True)  # stale: its window is gone
            continue
        with os.fdopen(handle, "w") as opened:
            opened.write(f"{os.getpid()}\n")
        return None
    return lock_holder(lock) or 0  # another window took it between our two tries


def release(kind: str) -> None:
    """Give the session of `kind` back, if this window holds it."""
    lock = lock_file(kind)
    if lock_holder(lock) == os.getpid():
        lock.unlink(missing_ok=True)


def lock_holder(lock: Path) -> int | None:
    """The id of the live process a lock names; None when there is no lock, or it is unreadable or stale."""
    try:
        with open(lock, "rb") as handle:
            pid = int(handle.read(32))
    except (OSError, ValueError):
        return None
    return pid if pid > 0 and alive(pid) else None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    except (OverflowError, OSError):
        return False
    return True
