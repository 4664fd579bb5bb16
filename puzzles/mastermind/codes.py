"""Every code of a variant by its index, and scoring a guess against many at once.

Code i is i written in base `colours`.  The largest variant (8 pegs, 10
colours) has 10**8 codes, too many to hold as rows, so codes are kept as
indices and never listed all at once.  Scoring goes by halves: an index is
`high * base + low`, where `low` is the last pegs.  Against one guess each half
contributes its blacks and, per guess colour, its count capped at the guess's
count (min(a + b, g) = min(min(a, g) + min(b, g), g)); halves that contribute
alike score alike, so a code's feedback is one lookup in a small table of
(high kind, low kind).  Feedback is packed into one small int,
`black * (pegs + 1) + white`, so a guess's partition is one `np.bincount`.

A set of codes still possible (`Alive`) is a sorted int64 index array, or None
for every code: before the first row nothing is listed, and keeping the codes
that fit the first row costs what it keeps, not the 10**8 it looks at.

Without repeated colours (Bulls and Cows) the codes keep their indices, and the
space lists them once (at most 10!/2! = 1,814,400, for 8 of 10 colours): it
stands for None wherever codes are read, and scoring is unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache

import numpy as np

from puzzles.core import ShouldStop, never, stop_if_asked
from puzzles.mastermind.game import Code, Feedback, Game, check_enough_colours

Alive = np.ndarray | None
CHUNK = 1 << 20  # listed codes scored at once: bounds the temporaries to a few MB


def score(secret: Code, guess: Code) -> Feedback:
    """The key pegs for one guess, exactly as the seed describes them."""
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return Feedback(black, common - black)


@dataclass(frozen=True)
class Scoring:
    """One guess's packed feedback against any code, by halves: `table[high_kind[high], low_kind[low]]`."""

    high_kind: np.ndarray  # (colours ** high pegs,) the kind of each high half
    low_kind: np.ndarray  # (base,) the kind of each low half
    table: np.ndarray  # (high kinds, low kinds) packed feedback, uint8

    @property
    def base(self) -> int:
        return len(self.low_kind)

    @cached_property
    def row_of_high(self) -> np.ndarray:
        """Where each high half's row starts in the flattened table."""
        return self.high_kind * self.table.shape[1]

    def of(self, indices: np.ndarray) -> np.ndarray:
        high, low = np.divmod(indices, self.base)
        return self.table.ravel()[self.row_of_high[high] + self.low_kind[low]]

    @cached_property
    def by_kind(self) -> np.ndarray:
        """(high kinds, base): the feedback of every low half against each kind of high half."""
        return self.table[:, self.low_kind]


@dataclass(frozen=True, eq=False)
class CodeSpace:
    """All colours ** pegs codes, in colour order (code i is i written in base `colours`), or those without repeats."""

    pegs: int
    colours: int
    repeats: bool = True

    def __post_init__(self) -> None:
        if not self.repeats:
            check_enough_colours(self.pegs, self.colours)

    @property
    def size(self) -> int:
        return self.colours**self.pegs if self.repeats else math.perm(self.colours, self.pegs)

    @cached_property
    def without_repeats(self) -> np.ndarray:
        """The sorted indices of the codes without a repeated colour: pairs of such halves with no colour in common."""
        high, low = self.halves
        high_colours, low_colours = colour_sets(high), colour_sets(low)
        distinct_high, distinct_low = np.flatnonzero(high_colours >= 0), np.flatnonzero(low_colours >= 0)
        apart = (high_colours[distinct_high, None] & low_colours[None, distinct_low]) == 0
        highs, lows = np.nonzero(apart)
        return distinct_high[highs] * len(low) + distinct_low[lows]

    def explicit(self, alive: Alive) -> Alive:
        """`alive` with None listed where "every code" is not every index (no repeats)."""
        return self.without_repeats if alive is None and not self.repeats else alive

    @property
    def feedbacks(self) -> int:
        return (self.pegs + 1) ** 2

    @cached_property
    def powers(self) -> np.ndarray:
        """Place values: code @ powers is the code's index."""
        return self.colours ** np.arange(self.pegs - 1, -1, -1, dtype=np.int64)

    def digits(self, indices: np.ndarray) -> np.ndarray:
        """(len(indices), pegs) uint8: the colours of these codes."""
        return ((np.asarray(indices, dtype=np.int64)[:, None] // self.powers) % self.colours).astype(np.uint8)

    def colour_counts(self, digits: np.ndarray) -> np.ndarray:
        """(len(digits), colours) uint8: how often each colour occurs in each code."""
        return (digits[:, :, None] == np.arange(self.colours, dtype=np.uint8)).sum(axis=1, dtype=np.uint8)

    def code(self, index: int) -> Code:
        return tuple(int(c) for c in self.digits(np.array([index]))[0])

    def index_of(self, code: Code) -> int:
        value = 0
        for colour in code:
            value = value * self.colours + colour
        return value

    def packed(self, feedback: Feedback) -> int:
        return feedback.black * (self.pegs + 1) + feedback.white

    def unpacked(self, value: int) -> Feedback:
        return Feedback(*divmod(int(value), self.pegs + 1))

    # ------------------------------------------------------------ scoring by halves

    @cached_property
    def halves(self) -> tuple[np.ndarray, np.ndarray]:
        """Digits of every high half and every low half (the low half is the last pegs // 2 pegs)."""
        low = self.pegs // 2
        return space_of(self.pegs - low, self.colours).every_digit, space_of(low, self.colours).every_digit

    @cached_property
    def every_digit(self) -> np.ndarray:
        """Digits of all codes: only ever asked of half-length spaces (at most 10**4 codes)."""
        return self.digits(np.arange(self.size))

    @lru_cache(maxsize=256)  # noqa: B019 - spaces live for the whole process (space_of)
    def scoring(self, guess: Code) -> Scoring:
        """The lookup table that scores `guess` against any code."""
        high, low = self.halves
        cut = high.shape[1]
        wanted = {colour: guess.count(colour) for colour in sorted(set(guess))}
        high_black, high_caps, high_kind = half_kinds(high, guess[:cut], wanted)
        low_black, low_caps, low_kind = half_kinds(low, guess[cut:], wanted)
        black = high_black[:, None] + low_black[None, :]
        limit = np.array(list(wanted.values()))
        common = np.minimum(high_caps[:, None, :] + low_caps[None, :, :], limit).sum(axis=2)
        return Scoring(high_kind, low_kind, (black * (self.pegs + 1) + common - black).astype(np.uint8))

    def feedback_of(self, guess: Code, among: np.ndarray) -> np.ndarray:
        """Packed feedback of `guess` against the codes with these indices."""
        scoring = self.scoring(tuple(guess))
        out = np.empty(len(among), dtype=np.uint8)
        for start in range(0, len(among), CHUNK):
            out[start : start + CHUNK] = scoring.of(among[start : start + CHUNK])
        return out

    def partition(self, guess: Code, alive: Alive, should_stop: ShouldStop = never) -> np.ndarray:
        """(feedbacks,) counts: how `guess` splits the codes still possible."""
        scoring, alive = self.scoring(tuple(guess)), self.explicit(alive)
        if alive is None:
            highs = np.bincount(scoring.high_kind, minlength=len(scoring.by_kind))
            return highs @ bincount_rows(scoring.by_kind, self.feedbacks)
        sizes = np.zeros(self.feedbacks, dtype=np.int64)
        for start in range(0, len(alive), CHUNK):
            stop_if_asked(should_stop)
            sizes += np.bincount(scoring.of(alive[start : start + CHUNK]), minlength=self.feedbacks)
        return sizes

    def select(self, guess: Code, feedback: Feedback, alive: Alive, should_stop: ShouldStop = never) -> np.ndarray:
        """The codes still possible that would have given `feedback` to `guess`."""
        scoring, wanted, alive = self.scoring(tuple(guess)), self.packed(feedback), self.explicit(alive)
        if alive is None:
            lows = [np.flatnonzero(row == wanted) for row in scoring.by_kind]
            base = scoring.base
            pieces = [lows[kind] + high * base for high, kind in enumerate(scoring.high_kind) if len(lows[kind])]
            return np.concatenate(pieces) if pieces else np.empty(0, dtype=np.int64)
        kept = []
        for start in range(0, len(alive), CHUNK):
            stop_if_asked(should_stop)
            chunk = alive[start : start + CHUNK]
            kept.append(chunk[scoring.of(chunk) == wanted])
        return np.concatenate(kept) if kept else alive

    # ------------------------------------------------------------ sets of codes still possible

    def count(self, alive: Alive) -> int:
        return self.size if alive is None else len(alive)

    def contains(self, indices: np.ndarray, alive: Alive) -> np.ndarray:
        """Which of these codes are still possible."""
        alive = self.explicit(alive)
        if alive is None:
            return np.ones(len(indices), dtype=bool)
        at = np.searchsorted(alive, indices).clip(max=max(len(alive) - 1, 0))
        return alive[at] == indices if len(alive) else np.zeros(len(indices), dtype=bool)

    def listed(self, alive: Alive, start: int, stop: int) -> np.ndarray:
        """Indices of the codes still possible from position `start` to `stop`, in order."""
        stop, alive = min(stop, self.count(alive)), self.explicit(alive)
        return np.arange(start, stop, dtype=np.int64) if alive is None else alive[start:stop]

    def sample(self, alive: Alive, size: int, seed: int) -> np.ndarray:
        """All the codes still possible, or a seeded sample of `size` of them, sorted."""
        count = self.count(alive)
        if count <= size:
            return self.listed(alive, 0, count)
        picked, alive = np.random.default_rng(seed).choice(count, size, replace=False), self.explicit(alive)
        return np.sort(picked if alive is None else alive[picked])

    def present(self, alive: Alive, should_stop: ShouldStop = never) -> np.ndarray:
        """(colours,) bool: which colours occur in some code still possible.

        A code's colours are those of its two halves, so it is enough to mark
        which halves occur: one pass of divmod, not a decoding of every code.
        """
        high, low = self.halves
        alive = self.explicit(alive)
        seen_high, seen_low = np.zeros(len(high), bool), np.zeros(len(low), bool)
        if alive is None:
            seen_high[:] = seen_low[:] = True
        for start in range(0, 0 if alive is None else len(alive), CHUNK):
            stop_if_asked(should_stop)
            h, l = np.divmod(alive[start : start + CHUNK], len(low))
            seen_high[h] = seen_low[l] = True
        return self.colour_counts(high[seen_high]).any(axis=0) | self.colour_counts(low[seen_low]).any(axis=0)

    def survivors(self, game: Game, should_stop: ShouldStop = never) -> list[Alive]:
        """The codes still possible before any row (None: all of them) and after each row, in order."""
        alive: list[Alive] = [None]
        for row in game.rows:
            stop_if_asked(should_stop)
            alive.append(self.select(row.guess, row.feedback, alive[-1], should_stop))
        return alive

    def consistent(self, game: Game, should_stop: ShouldStop = never) -> Alive:
        """The codes that would have given every row's feedback."""
        return self.survivors(game, should_stop)[-1]


def half_kinds(digits: np.ndarray, part: Code, wanted: dict[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each half code's kind against one half of a guess: (blacks per kind, capped counts per kind, kind per half)."""
    black = (digits == np.array(part, dtype=np.uint8)).sum(axis=1)
    caps = np.stack([np.minimum((digits == c).sum(axis=1), n) for c, n in wanted.items()], axis=1)
    pegs = digits.shape[1] + 1
    key = black
    for column in caps.T:
        key = key * pegs + column
    _, first, kind = np.unique(key, return_index=True, return_inverse=True)
    return black[first], caps[first], kind.ravel()


def colour_sets(digits: np.ndarray) -> np.ndarray:
    """Each code's colours as a bit set, or -1 where a colour repeats (then the bits overlap)."""
    bits = 1 << digits.astype(np.int64)
    union = np.bitwise_or.reduce(bits, axis=1)
    return np.where(union == bits.sum(axis=1), union, -1)


def bincount_rows(rows: np.ndarray, length: int) -> np.ndarray:
    """(len(rows), length): np.bincount of each row."""
    offsets = rows.astype(np.int64) + np.arange(len(rows))[:, None] * length
    return np.bincount(offsets.ravel(), minlength=len(rows) * length).reshape(len(rows), length)


class CodeList(Sequence):
    """The codes still possible as rows of colours, decoded only when read (there may be 10**8)."""

    def __init__(self, space: CodeSpace, alive: Alive) -> None:
        self.space = space
        self.alive = alive

    def __len__(self) -> int:
        return self.space.count(self.alive)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CodeList) or self.space is not other.space:
            return NotImplemented
        if self.alive is None or other.alive is None:
            return self.alive is other.alive
        return np.array_equal(self.alive, other.alive)

    __hash__ = None  # type: ignore[assignment]  # equal by value, and mutable arrays inside

    def __getitem__(self, item):
        if isinstance(item, slice):
            start, stop, step = item.indices(len(self))
            return self.space.digits(self.space.listed(self.alive, start, stop))[::step]
        if not -len(self) <= item < len(self):
            raise IndexError(item)
        return self.space.code(int(self.space.listed(self.alive, item % len(self), item % len(self) + 1)[0]))


@cache
def space_of(pegs: int, colours: int, repeats: bool = True) -> CodeSpace:
    """One shared, immutable CodeSpace per variant: its tables are built once per process."""
    return CodeSpace(pegs, colours, repeats)


def code_space(game: Game) -> CodeSpace:
    return space_of(game.pegs, len(game.colours), game.repeats)
