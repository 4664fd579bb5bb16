"""The logic-grid model: categories, the objects they are spread over, and clues.

Every category has n values and every value belongs to exactly one of n
objects.  The objects are positions 1..n from left to right (houses in a row)
unless a `key` category names them (people in a logic grid, with no order).

A clue is a conjunction of atoms.  An atom is a small predicate over where
values sit, written so that numpy can evaluate it for every choice of objects
at once: the solver hands it a `Frame` in which `where(ref)` is an array of
objects (one axis per value named) and `value(category, objects)` an array of
numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

import numpy as np

from puzzles.zebra.reader.quantities import Scale, scale_of

MAX_VALUES = 10  # puzzle books and sites print 4 to 10 values per category; the solver's object masks have 10 bits
MAX_CATEGORIES = 8  # printed grids have 3 to 6; at 10 the count of solutions no longer fits 64 bits

Ref = tuple[int, int]
"""A value of the puzzle: (category index, value index)."""


@dataclass(frozen=True)
class Category:
    """A category's name, its values, and how the page described it (`People use unique phone models`), if it did.

    The description's words may describe a person in a clue (`the person who uses @`).
    """

    name: str
    values: tuple[str, ...]
    description: str = ""

    @cached_property
    def scale(self) -> Scale | None:
        """The values as quantities of one kind (money, times, dates, ...): such a category is ordered."""
        return scale_of(self.name, self.values)

    @property
    def numbers(self) -> tuple[int, ...] | None:
        """The values' magnitudes in the scale's smallest step (cents, minutes): what comparisons subtract."""
        return None if self.scale is None else self.scale.magnitudes


class Frame(Protocol):
    """What an atom sees of a batch of arrangements (`solver.Grid` is one)."""

    n: int

    def where(self, ref: Ref) -> np.ndarray: ...

    def value(self, category: int, objects: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True)
class Gap:
    """where(a) - where(b) is one of `gaps`: same object (0), left of (-1), next to (±1), ..."""

    a: Ref
    b: Ref
    gaps: frozenset[int]

    @property
    def categories(self) -> frozenset[int]:
        return frozenset((self.a[0], self.b[0]))

    def holds(self, s: Frame) -> np.ndarray:
        return np.isin(s.where(self.a) - s.where(self.b), list(self.gaps))


@dataclass(frozen=True)
class Place:
    """a sits at one of the objects in `places` (0-based positions)."""

    a: Ref
    places: frozenset[int]

    @property
    def categories(self) -> frozenset[int]:
        return frozenset((self.a[0],))

    def holds(self, s: Frame) -> np.ndarray:
        return np.isin(s.where(self.a), list(self.places))


@dataclass(frozen=True)
class Between:
    """a sits between b and c, in either order; `immediate`: right beside both."""

    a: Ref
    b: Ref
    c: Ref
    immediate: bool

    @property
    def categories(self) -> frozenset[int]:
        return frozenset((self.a[0], self.b[0], self.c[0]))

    def holds(self, s: Frame) -> np.ndarray:
        a, b, c = s.where(self.a), s.where(self.b), s.where(self.c)
        if self.immediate:
            return ((b + 1 == a) & (a + 1 == c)) | ((c + 1 == a) & (a + 1 == b))
        return ((b < a) & (a < c)) | ((c < a) & (a < b))


@dataclass(frozen=True)
class Compare:
    """In a numeric category, a's value minus b's is `amount`, or just has `sign`."""

    a: Ref
    b: Ref
    category: int
    sign: int
    amount: int | None = None

    @property
    def categories(self) -> frozenset[int]:
        return frozenset((self.a[0], self.b[0], self.category))

    def holds(self, s: Frame) -> np.ndarray:
        difference = s.value(self.category, s.where(self.a)) - s.value(self.category, s.where(self.b))
        if self.amount is not None:
            return difference == self.sign * self.amount
        return np.sign(difference) == self.sign


@dataclass(frozen=True)
class HowMany:
    """How many of the atoms hold: between `low` and `high`. Or (1, k), xor (1, 1), not (0, 0), and (k, k).

    (Not `puzzles.core.Count`, which is a number of solutions.)
    """

    atoms: tuple[Atom, ...]
    low: int
    high: int

    @property
    def categories(self) -> frozenset[int]:
        return frozenset().union(*(atom.categories for atom in self.atoms))

    def holds(self, s: Frame) -> np.ndarray:
        true = sum(atom.holds(s).astype(np.int8) for atom in self.atoms)
        return (true >= self.low) & (true <= self.high)


Atom = Gap | Place | Between | Compare | HowMany


def same(a: Ref, b: Ref) -> Gap:
    return Gap(a, b, frozenset({0}))


def differ(a: Ref, b: Ref) -> HowMany:
    return HowMany((same(a, b),), 0, 0)


@dataclass(frozen=True)
class Clue:
    """A clue as typed, how it was understood, and the atoms that must all hold.

    An unread clue (`unread` says why) is kept as the person typed it, with no
    atoms: the rest of the puzzle counts on while they restate it.
    """

    text: str
    canonical: str
    atoms: tuple[Atom, ...] = field(repr=False)
    unread: str = ""
    doubt: str = ""  # a reading chosen because it alone leaves the page one solution (`doubts`)


@dataclass(frozen=True)
class Puzzle:
    categories: tuple[Category, ...]
    clues: tuple[Clue, ...] = ()
    key: int | None = None
    questions: tuple[str, ...] = ()  # the page's closing questions (`Who owns the zebra?`)

    @property
    def n(self) -> int:
        return len(self.categories[0].values) if self.categories else 0

    @property
    def objects(self) -> tuple[str, ...]:
        """The names of the objects: positions 1..n, or the key's values."""
        if self.key is None:
            return tuple(str(i + 1) for i in range(self.n))
        return self.categories[self.key].values

    @property
    def free(self) -> tuple[int, ...]:
        """The categories whose arrangement is unknown (all but the key)."""
        return tuple(c for c in range(len(self.categories)) if c != self.key)

    def name(self, ref: Ref) -> str:
        category = self.categories[ref[0]]
        return f"{category.name}:{category.values[ref[1]]}"
