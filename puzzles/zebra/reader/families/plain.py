"""The plainest clues: `There are five houses`, and two values with no other relation word, one object."""

from __future__ import annotations

from puzzles.core import PuzzleError, shown
from puzzles.zebra.model import differ, same
from puzzles.zebra.reader.amounts import DIRECTION
from puzzles.zebra.reader.skeleton import NOT, NUMBERS, Reading, Said, how_many, negated


def declaration(r: Reading) -> Said | None:
    """`There are five houses.`: checked against the puzzle, adds nothing."""
    match = r.has(r"\bthere (?:are|is) (\w+)")
    if match is None or r.refs:
        return None
    word = match.group(1)
    number = how_many(word)
    if number != r.puzzle.n:
        raise PuzzleError(f"this puzzle has {r.puzzle.n} objects, not {shown(word)}", column=1)
    return [(None, f"there are {number} objects")]


def same_object(r: Reading) -> Said | None:
    """Two values and no other relation word: they belong to the same object."""
    if len(r.refs) != 2:
        return None
    a, b = r.refs
    if r.has(r"\bthan\b"):
        words = ", ".join(list(DIRECTION)[:8])
        raise PuzzleError(f"which way does it compare? Before 'than' write one of: {words}, ...", column=1)
    if negated(r):
        return [(differ(a, b), f"{r.name(a)} != {r.name(b)}")]
    return [(same(a, b), f"{r.name(a)} == {r.name(b)}")]


WORDS = {
    declaration: NUMBERS + "there are is house object people",
    same_object: NOT + "exactly",
}
