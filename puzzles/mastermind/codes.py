"""Every code of a variant as one numpy array, and scoring against it in one go.

A code is a row of colour indices.  Scoring a guess against many codes is two
vectorised steps: blacks are equal positions; blacks + whites is the sum over
colours of min(count in code, count in guess), with each code's colour counts
computed once.  Feedback is packed into one small int, `black * (pegs + 1) +
white`, so a guess's partition of the codes is one `np.bincount`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

from puzzles.core import PuzzleError, ShouldStop, Stopped, never
from puzzles.mastermind.game import Code, Feedback, Game

MAX_CODES = 20_000_000
CHUNK = 65_536


def score(secret: Code, guess: Code) -> Feedback:
    """The key pegs for one guess, exactly as the seed describes them."""
    black = sum(s == g for s, g in zip(secret, guess))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return Feedback(black, common - black)


@dataclass(frozen=True, eq=False)
class CodeSpace:
    """All colours ** pegs codes, in colour order (code i is i written in base `colours`)."""

    pegs: int
    colours: int

    def __post_init__(self) -> None:
        if self.colours**self.pegs > MAX_CODES:
            raise PuzzleError(
                f"{self.colours} colours and {self.pegs} pegs make {self.colours**self.pegs:,} codes, "
                f"too many to list (at most {MAX_CODES:,})"
            )

    @property
    def size(self) -> int:
        return self.colours**self.pegs

    @property
    def feedbacks(self) -> int:
        return (self.pegs + 1) ** 2

    @cached_property
    def powers(self) -> np.ndarray:
        """Place values: code @ powers is the code's index."""
        return self.colours ** np.arange(self.pegs - 1, -1, -1, dtype=np.int64)

    @cached_property
    def codes(self) -> np.ndarray:
        """(size, pegs) uint8 array; read-only so it can be shared safely."""
        index = np.arange(self.size, dtype=np.int64)
        codes = ((index[:, None] // self.powers) % self.colours).astype(np.uint8)
        codes.flags.writeable = False
        return codes

    @cached_property
    def counts(self) -> np.ndarray:
        """(size, colours) uint8: how often each colour occurs in each code."""
        counts = (self.codes[:, :, None] == np.arange(self.colours, dtype=np.uint8)).sum(axis=1, dtype=np.uint8)
        counts.flags.writeable = False
        return counts

    def index_of(self, code: Code) -> int:
        value = 0
        for colour in code:
            value = value * self.colours + colour
        return value

    def packed(self, feedback: Feedback) -> int:
        return feedback.black * (self.pegs + 1) + feedback.white

    def unpacked(self, value: int) -> Feedback:
        return Feedback(*divmod(int(value), self.pegs + 1))

    @cached_property
    def by_position(self) -> np.ndarray:
        """(pegs, size): each position's colours contiguous, for fast column scans."""
        return np.ascontiguousarray(self.codes.T)

    @cached_property
    def by_colour(self) -> np.ndarray:
        """(colours, size): each colour's counts contiguous."""
        return np.ascontiguousarray(self.counts.T)

    def feedback_of(self, guess: Code, among: np.ndarray) -> np.ndarray:
        """Packed feedback of `guess` against the codes with these (sorted, distinct) indices.

        One pass per peg for blacks and one per distinct guess colour for
        blacks + whites: a few contiguous column scans instead of a 2-D
        reduction (about 4 ms for all 531,441 codes of 6x9).
        """
        everything = len(among) == self.size

        def column(table: np.ndarray, row: int) -> np.ndarray:
            return table[row] if everything else table[row][among]

        black = np.zeros(len(among), dtype=np.int16)
        for position, colour in enumerate(guess):
            black += column(self.by_position, position) == colour
        common = np.zeros(len(among), dtype=np.int16)
        for colour in set(guess):
            common += np.minimum(column(self.by_colour, colour), guess.count(colour))
        return black * (self.pegs + 1) + (common - black)

    def consistent(self, game: Game, should_stop: ShouldStop = never) -> np.ndarray:
        """Indices of the codes that would have given every row's feedback."""
        return self.survivors(game, should_stop)[-1]

    def survivors(self, game: Game, should_stop: ShouldStop = never) -> list[np.ndarray]:
        """The consistent codes before any row and after each row, in order."""
        alive = [np.arange(self.size, dtype=np.int64)]
        for row in game.rows:
            if should_stop():
                raise Stopped
            codes = alive[-1]
            alive.append(codes[self.feedback_of(row.guess, codes) == self.packed(row.feedback)])
        return alive


@cache
def space_of(pegs: int, colours: int) -> CodeSpace:
    """One shared, immutable CodeSpace per variant: its arrays are built once per process."""
    return CodeSpace(pegs, colours)


def code_space(game: Game) -> CodeSpace:
    return space_of(game.pegs, len(game.colours))
