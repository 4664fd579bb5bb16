"""What the codebreaker wants after each row: codes left, next guess, and what went wrong.

`analyse` is the one call the live screen makes.  When no code fits, the
commonest cause is a mistyped row: `diagnose` tries each row without its
feedback, finds the feedbacks that would fit, and proposes the likeliest
correction (closest to what was typed, then most codes kept).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from puzzles.core import ShouldStop, Stopped, never
from puzzles.mastermind.codes import CodeSpace, code_space
from puzzles.mastermind.game import Code, Feedback, Game
from puzzles.mastermind.strategies import (
    OPTIMAL_MAX_CODES,
    OptimalSearch,
    Suggestion,
    best_guess,
    partition_sizes,
)

DEFAULT_BUDGET = 2.0


@dataclass(frozen=True)
class Correction:
    """Row `row` (0-based) was probably `feedback`; then `fits` codes remain."""

    row: int
    typed: Feedback
    feedback: Feedback
    fits: int

    def __str__(self) -> str:
        return (
            f"row {self.row + 1} was probably {self.feedback.black} black {self.feedback.white} white, "
            f"not {self.typed.black} {self.typed.white} (then {self.fits:,} code{'s' * (self.fits != 1)} fit)"
        )


@dataclass(frozen=True)
class Analysis:
    count: int
    codes: np.ndarray
    suggestion: Suggestion | None
    left_after: tuple[int, ...] = ()
    corrections: tuple[Correction, ...] = ()
    rating: str | None = None

    @property
    def diagnosis(self) -> str | None:
        if self.count:
            return None
        if not self.corrections:
            return "No code fits, and no single row's feedback explains it: check the colours of the guesses."
        first, *others = self.corrections
        also = "; or ".join(str(c) for c in others[:2])
        return f"No code fits; {first}." + (f" Otherwise: {also}." if also else "")


def analyse(
    game: Game,
    *,
    strategy: str = "entropy",
    budget: float | None = DEFAULT_BUDGET,
    should_stop: ShouldStop = never,
    optimal: OptimalSearch | None = None,
) -> Analysis:
    """Codes still possible, the suggested next guess with its explanation, and repairs.

    `budget` bounds the whole call (roughly): most of it goes to the suggestion,
    a third to rating the last row against what would have been suggested.
    """
    space = code_space(game)
    survivors = space.survivors(game, should_stop)
    alive = survivors[-1]
    left_after = tuple(len(codes) for codes in survivors[1:])
    if len(alive) == 0:
        return Analysis(0, space.codes[alive], None, left_after, diagnose(space, game, should_stop))
    played = [row.guess for row in game.rows]
    start = time.monotonic()
    # Leave a tenth of the budget for the exact partitions of the explanation.
    suggestion_deadline = None if budget is None else start + budget * 0.6
    deadline = None if budget is None else start + budget * 0.9
    suggestion = suggest(space, strategy, played, alive, suggestion_deadline, should_stop, optimal)
    rating = rate_last_row(space, game, survivors[-2], strategy, deadline, should_stop, optimal) if game.rows else None
    return Analysis(len(alive), space.codes[alive], suggestion, left_after, (), rating)


def suggest(
    space: CodeSpace,
    strategy: str,
    played: list[Code],
    alive: np.ndarray,
    deadline: float | None,
    should_stop: ShouldStop,
    optimal: OptimalSearch | None,
) -> Suggestion:
    expected_guesses = None
    if strategy == "optimal" and len(alive) <= OPTIMAL_MAX_CODES:
        search = optimal or OptimalSearch(space)
        total, guess = search.best(alive, played, should_stop)
        expected_guesses, best_so_far = total / len(alive), False
    else:
        heuristic = "entropy" if strategy == "optimal" else strategy
        guess, best_so_far = best_guess(space, heuristic, played, alive, deadline=deadline, should_stop=should_stop)
    return explain(space, guess, alive, strategy, best_so_far, expected_guesses)


def explain(
    space: CodeSpace,
    guess: int,
    alive: np.ndarray,
    strategy: str,
    best_so_far: bool = False,
    expected_guesses: float | None = None,
) -> Suggestion:
    """The exact partition of all codes still possible by `guess`, as a Suggestion."""
    sizes = partition_sizes(space, np.array([guess]), alive)[0]
    parts = tuple(sorted(((space.unpacked(f), int(n)) for f, n in enumerate(sizes) if n), key=lambda p: -p[1]))
    code = tuple(int(c) for c in space.codes[guess])
    return Suggestion(code, strategy, parts, len(alive), bool(np.isin(guess, alive)), best_so_far, expected_guesses)


def rate_last_row(
    space: CodeSpace,
    game: Game,
    alive: np.ndarray,
    strategy: str,
    deadline: float | None,
    should_stop: ShouldStop,
    optimal: OptimalSearch | None,
) -> str | None:
    """How the last guess played compares with what the assistant would have suggested.

    `alive` is what was still possible before the last row.
    """
    if len(alive) <= 1:
        return None
    played = [row.guess for row in game.rows[:-1]]
    best = suggest(space, strategy, played, alive, deadline, should_stop, optimal)
    mine = explain(space, space.index_of(game.rows[-1].guess), alive, strategy)
    if mine.guess == best.guess:
        return f"Row {len(game.rows)} was the assistant's own suggestion."
    difference = mine.expected - best.expected
    verdict = "better than" if difference < 0 else "as good as" if difference == 0 else "worse than"
    return (
        f"Row {len(game.rows)} left {mine.expected:.1f} codes expected; the suggestion "
        f"would have left {best.expected:.1f} ({verdict} it by {abs(difference):.1f})."
    )


def diagnose(space: CodeSpace, game: Game, should_stop: ShouldStop = never) -> tuple[Correction, ...]:
    """Single-row feedback corrections that make the game consistent, likeliest first."""
    corrections = []
    for index, row in enumerate(game.rows):
        if should_stop():
            raise Stopped
        others = space.consistent(game.without_row(index), should_stop)
        if len(others) == 0:
            continue
        fits = np.bincount(space.feedback_of(row.guess, others), minlength=space.feedbacks)
        corrections += [Correction(index, row.feedback, space.unpacked(f), int(n)) for f, n in enumerate(fits) if n]
    return tuple(sorted(corrections, key=lambda c: (distance(c.typed, c.feedback), -c.fits, c.row)))


def distance(typed: Feedback, fitting: Feedback) -> int:
    return abs(typed.black - fitting.black) + abs(typed.white - fitting.white)
