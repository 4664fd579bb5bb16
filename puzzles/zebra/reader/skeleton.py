"""A clue's skeleton, as the phrasing families read it: its values as `@` in order, its amounts, its words.

What every family shares: counts written as words, negation (two are refused,
never guessed), and the words any family may read beside its own (`NUMBERS`, `NOT`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.core import PuzzleError, read_number
from puzzles.zebra.model import Atom, HowMany, Puzzle, Ref
from puzzles.zebra.reader.amounts import Amount
from puzzles.zebra.reader.mentions import Mention
from puzzles.zebra.reader.quantities import NUMBER_WORDS


def how_many(word: str, line: int | None = None) -> int | None:
    """A count written as digits or as a word (`3`, `three`); None for any other word."""
    return read_number(word, line=line) if word.isdigit() else NUMBER_WORDS.get(word)


ORDINALS = dict(
    zip("first second third fourth fifth sixth seventh eighth ninth tenth".split(), range(1, 11), strict=True)
)


@dataclass
class Reading:
    """A clue being read: its values in order and its skeleton."""

    puzzle: Puzzle
    mentions: list[Mention]
    skeleton: str
    amounts: list[Amount]

    @property
    def amount(self) -> Amount | None:
        return self.amounts[0] if self.amounts else None

    @property
    def refs(self) -> list[Ref]:
        return [m.ref for m in self.mentions]

    def has(self, pattern: str) -> re.Match | None:
        return re.search(pattern, self.skeleton)

    def name(self, ref: Ref) -> str:
        return self.puzzle.name(ref)


Said = list[tuple[Atom | None, str]]
"""Atoms with their canonical text; None for a clue that only states a fact (`There are five houses`);
an empty text for an atom the text before it already says (the pairs of `all different`)."""


def negated(r: Reading) -> bool:
    """Whether the clue says `not`; two negatives are refused, never guessed (`does not not live`)."""
    found = re.findall(r"\b(?:not|never|no)\b|n't\b", r.skeleton)
    if len(found) > 1:
        raise PuzzleError("two negatives in one clue: say it without them ('is', or 'is not')", column=1)
    return bool(found)


def negate(said: Said) -> Said:
    """Not all of them: for one atom, its opposite."""
    (atom, text), *rest = said
    if rest:
        return [(HowMany(tuple(a for a, _ in said), 0, len(said) - 1), "not (" + "; ".join(t for _, t in said) + ")")]
    return [(HowMany((atom,), 0, 0), f"not ({text})")]


def need_positions(r: Reading, what: str) -> None:
    if r.puzzle.key is not None:
        key = r.puzzle.categories[r.puzzle.key].name
        raise PuzzleError(f"'{what}' needs objects in a row, but this puzzle's objects are {key}", column=1)


NUMBERS = " ".join(NUMBER_WORDS) + " # "
NOT = " not never no n't isn't doesn't don't wasn't aren't weren't didn't won't hasn't haven't hadn't "
