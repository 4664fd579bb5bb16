"""Reading a puzzle file, for the CLI and the app alike: every failure is one line."""

from __future__ import annotations

from pathlib import Path

from puzzles.core import MAX_TEXT, PuzzleError, decode


def read_puzzle_file(path: Path) -> str:
    """The file's text; a missing, unreadable, binary or oversized file is a PuzzleError.

    At most MAX_TEXT + 1 bytes are read, so a huge file (or /dev/zero) is refused
    at once rather than loaded.
    """
    try:
        with path.open("rb") as file:
            data = file.read(MAX_TEXT + 1)
    except FileNotFoundError:
        raise PuzzleError("no such file") from None
    except OSError as error:
        raise PuzzleError(error.strerror or type(error).__name__) from None
    return decode(data)
