"""Uniqueness as the last check: a published page has one solution, so a clue with two readings takes the one
that leaves it one.

The reader refuses a comparison it cannot place (`Ann stayed a shorter time
than Bo`, with both nights and room numbers ordered) rather than guess.  On a
whole page there is one more witness: the page's single solution.  Each such
clue is read once per category it may compare in; where exactly one choice
of readings, over all the page's doubtful clues, leaves exactly one
solution, that choice is the page's, and each clue says so.  Otherwise the
clue is refused as before, with the question which category.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from puzzles.core import PuzzleError
from puzzles.zebra.count.search import up_to_two
from puzzles.zebra.model import Clue, Puzzle
from puzzles.zebra.reader.clue import clue_body, read_clue

WORK = 50_000
"""Search nodes a choice of readings may take to show it leaves one solution (a few ms on a 5 x 5 page)."""
MOST = 16
"""Choices of readings tried at most: four clues in doubt between two categories each."""


def readings(puzzle: Puzzle, text: str) -> tuple[Clue, ...]:
    """The readings of a clue refused for want of a category: one per ordered category it reads in."""
    body, _ = clue_body(text)
    found = []
    for category in puzzle.categories:
        if category.scale is None:
            continue
        try:
            clue = read_clue(puzzle, f"{body} in {category.name}")
        except PuzzleError:
            continue
        found.append(replace(clue, text=body, doubt=f"in {category.name}"))
    return tuple(found) if len(found) > 1 else ()


def settled(puzzle: Puzzle, doubtful: dict[int, tuple[Clue, ...]]) -> Puzzle | None:
    """The puzzle with each doubtful clue (by index) read the one way that leaves one solution; None when no
    single choice of readings does, or there are too many choices to try."""
    choices = list(itertools.product(*doubtful.values()))
    if len(choices) > MOST:
        return None
    unique = []
    for choice in choices:
        clues = list(puzzle.clues)
        for index, clue in zip(doubtful, choice, strict=True):
            clues[index] = clue
        trial = replace(puzzle, clues=tuple(clues))
        if up_to_two(trial, WORK) == 1:
            unique.append(trial)
    if len(unique) != 1:
        return None
    (found,) = unique
    note = "the only reading that leaves one solution"
    clues = tuple(
        replace(clue, doubt=f"{clue.doubt}: {note}") if i in doubtful else clue for i, clue in enumerate(found.clues)
    )
    return replace(found, clues=clues)
