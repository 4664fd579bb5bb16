"""Reading a puzzle file, for the CLI and the app alike: every failure is one line."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from puzzles.core import MAX_TEXT, PuzzleError, decode

NOT_FILES = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_puzzle_file(path: Path) -> str:
    """The file's text; a missing, unreadable, binary or oversized file, or one that is no file, is a PuzzleError.

    At most MAX_TEXT + 1 bytes are read, so a huge file is refused at once
    rather than loaded.  What is not a plain file is refused before it is
    opened: opening a FIFO with no writer waits for ever, and a device such as
    /dev/zero never ends.  The open itself does not wait either, and what was
    opened is checked again, in case the path changed in between.
    """
    try:
        refuse_unless_plain(os.stat(path).st_mode)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with open(descriptor, "rb") as file:
            refuse_unless_plain(os.fstat(descriptor).st_mode)
            data = file.read(MAX_TEXT + 1)
    except FileNotFoundError:
        raise PuzzleError("no such file") from None
    except OSError as error:
        raise PuzzleError(error.strerror or type(error).__name__) from None
    return decode(data)


def refuse_unless_plain(mode: int) -> None:
    """A PuzzleError naming what the path is when it is not a plain file."""
    if stat.S_ISREG(mode):
        return
    what = next((name for test, name in NOT_FILES if test(mode)), None)
    raise PuzzleError(f"this is {what}, not a puzzle file" if what else "this is not a plain file")
