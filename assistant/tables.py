"""Tables built once and kept in the user's cache directory: peg-solitaire tables
and the exact optimal Mastermind totals.

Peg tables come in two kinds, both named by a key (board, hole): Bell's table
of one centre game (the hole its game starts and ends in), and the bitsets
that tell every winnable position (hole None), which settle each move on the
English and European boards.  Building the English centre table takes a
quarter of a minute and over a gigabyte of memory, the European bitset two
minutes and 1 GiB, the optimal 4x6 Mastermind strategy about a minute.
Loading back takes a blink: the bitsets are memory-mapped, so a lookup reads
one page.  Writes are atomic (a temporary file renamed over the target, as for
sessions), and a file that cannot be read is moved aside and rebuilt, never
trusted.
"""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import platformdirs

from assistant.sessions import write_atomically
from puzzles.core import PuzzleError, ShouldStop, never

if TYPE_CHECKING:
    from puzzles import mastermind as mm
    from puzzles import peg

    Table = peg.WinTable | peg.WinnableTable

BIG_BOARDS = {"english": 17}
"""Boards too big to count from scratch on every move, and the start hole their table is for (the centre).

The hole is written out, not read from the peg engine, so that the Mastermind
screen, which keeps its totals here too, opens without importing peg
(tests/unit/test_tables.py checks it is the English board's centre).
"""

WINNABLE_BOARDS = ("english", "european")
"""Boards too big to search every move to the end live: their tables of winnable positions settle moves.

A table is a bit per position of a class (2^(holes - 4)): 64 MiB a class on
the English board, 1 GiB on the European (three of them when swept from every
start: `peg build european --every-start`); the bigger named boards would not fit.
"""

Key = tuple[str, int | None]


def cache_dir() -> Path:
    """PUZZLE_ASSISTANT_HOME/cache when that is set (tests, portable use), else the user's cache."""
    override = os.environ.get("PUZZLE_ASSISTANT_HOME")
    return Path(override) / "cache" if override else Path(platformdirs.user_cache_dir("puzzle-assistant"))


def table_file(board: str, hole: int | None) -> Path:
    return cache_dir() / (f"peg-{board}-winnable.npy" if hole is None else f"peg-{board}-{hole}.npz")


def table_for(position: peg.Position) -> tuple[str, int] | None:
    """The (board, hole) of the table that would answer for this game, if its board has one."""
    from puzzles import peg  # here, as in the functions below: the Mastermind screen reads this module too

    hole = BIG_BOARDS.get(position.board)
    return (position.board, hole) if hole is not None and peg.centred_on(position, hole) else None


def winnable_for(position: peg.Position) -> Key | None:
    """The key of the table of winnable positions for this position's board, if it has one."""
    return (position.board, None) if position.board in WINNABLE_BOARDS else None


def load_table(board: str, hole: int | None) -> Table | None:
    """The cached table, or None when there is none; an unreadable one is moved aside."""
    from puzzles import peg

    path = table_file(board, hole)
    if not path.exists():
        return None
    try:
        if hole is None:
            return peg.WinnableTable.from_bits(board, np.load(path, mmap_mode="r"))
        with np.load(path) as arrays:
            table = peg.WinTable.from_arrays(board, dict(arrays))
        if table.hole != hole:
            raise PuzzleError(f"it is the table for hole {table.hole}")
        return table
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        path.replace(path.with_name(path.name + ".unreadable"))
        raise PuzzleError(f"{path} could not be read ({error}); moved aside, build it again") from None


def build_table(
    board: str,
    hole: int | None,
    should_stop: ShouldStop = never,
    progress: Callable[[int, int], None] = lambda done, total: None,
    every_start: bool = False,
) -> Table:
    """Build the table and keep it in the cache for next time (`every_start`: see `peg.WinnableTable`)."""
    from puzzles import peg

    if hole is None:
        winnable = peg.winnable_table(board, should_stop, progress, every_start)
        path = table_file(board, None)
        write_atomically(path, lambda handle: np.save(handle, winnable.bits))
        path.with_suffix(".npz").unlink(missing_ok=True)  # the layered table it replaces (287 MB for English)
        return winnable
    table = peg.win_table(board, hole, should_stop, progress)
    packed = io.BytesIO()
    np.savez(packed, **table.arrays())
    write_atomically(table_file(board, hole), packed.getvalue())
    return table


# ---------------------------------------------------------------- the optimal Mastermind strategy


def optimal_file(space: mm.CodeSpace) -> Path:
    variant = f"{space.pegs}x{space.colours}" + ("" if space.repeats else "-no-repeats")
    return cache_dir() / f"mastermind-{variant}-optimal.npz"


def load_optimal(space: mm.CodeSpace) -> mm.OptimalSearch:
    """The optimal strategy for this variant, knowing the exact totals found before.

    It is only a cache: a file that cannot be read is moved aside and the
    search starts afresh.
    """
    from puzzles import mastermind as mm  # here: solving peg reads this module, and needs no Mastermind engine

    path = optimal_file(space)
    if space.size > mm.ExactSearch.MAX_SPACE or not path.exists():
        return mm.OptimalSearch(space)
    try:
        with np.load(path) as arrays:
            exact = mm.ExactSearch.from_arrays(space, dict(arrays))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        path.replace(path.with_name(path.name + ".unreadable"))
        return mm.OptimalSearch(space)
    return mm.OptimalSearch(space, exact=exact)


def save_optimal(search: mm.OptimalSearch) -> None:
    """Keep the exact totals found so far for the next session (nothing when there is no exact search)."""
    if search.exact_search is not None:
        packed = io.BytesIO()
        np.savez(packed, **search.exact_search.to_arrays())
        write_atomically(optimal_file(search.space), packed.getvalue())
