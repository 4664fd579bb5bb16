"""Playing a strategy against secrets, to measure it: games, average, worst, distribution.

A strategy is deterministic, so the guess it makes depends only on the codes
still possible and the guesses played; the `Codebreaker` remembers each
decision, and playing all 1,296 secrets of 4x6 visits each node of the
strategy's tree once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from puzzles.core import Budget, ShouldStop, never
from puzzles.mastermind.codes import Alive, CodeSpace, score
from puzzles.mastermind.game import Code, Feedback
from puzzles.mastermind.strategies import OptimalSearch, best_guess

MAX_GUESSES = 20


@dataclass(frozen=True)
class Results:
    games: int
    total: int
    worst: int
    distribution: dict[int, int]

    @property
    def average(self) -> float:
        return self.total / self.games

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "total": self.total,
            "average": round(self.average, 4),
            "worst": self.worst,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
        }


class Codebreaker:
    """One strategy on one variant, with its decisions remembered."""

    def __init__(
        self, space: CodeSpace, strategy: str, budget: Budget | None = None, optimal: OptimalSearch | None = None
    ) -> None:
        self.space = space
        self.strategy = strategy
        self.budget = budget
        self.optimal = (optimal or OptimalSearch(space)) if strategy == "optimal" else None
        self.decisions: dict[bytes, int] = {}

    def guess(self, alive: Alive, played: list[Code], should_stop: ShouldStop = never) -> int:
        key = b"every code" if alive is None else alive.tobytes()
        if key not in self.decisions:
            if self.optimal is not None:
                listed = self.space.listed(alive, 0, self.space.count(alive))
                self.decisions[key] = self.optimal.best(listed, played, should_stop)[1]
            else:
                guess, _ = best_guess(
                    self.space, self.strategy, played, alive, budget=self.budget, should_stop=should_stop
                )
                self.decisions[key] = guess
        return self.decisions[key]

    def line(self, secret: int, should_stop: ShouldStop = never) -> list[Code]:
        """The guesses this strategy plays against `secret`, the last one winning."""
        space = self.space
        alive: Alive = None
        played: list[Code] = []
        secret_code = space.code(secret)
        while len(played) < MAX_GUESSES:
            code = space.code(self.guess(alive, played, should_stop))
            played.append(code)
            feedback = score(secret_code, code)
            if feedback == Feedback(space.pegs, 0):
                return played
            alive = space.select(code, feedback, alive, should_stop)
        raise RuntimeError(f"strategy {self.strategy} did not find {secret_code} in {MAX_GUESSES} guesses")

    def play(self, secret: int, should_stop: ShouldStop = never) -> int:
        """How many guesses this strategy needs to find `secret`."""
        return len(self.line(secret, should_stop))

    def play_all(self, secrets: np.ndarray, should_stop: ShouldStop = never) -> Results:
        turns = [self.play(int(secret), should_stop) for secret in secrets]
        return Results(len(turns), sum(turns), max(turns), dict(Counter(turns)))


def sample_secrets(space: CodeSpace, sample: int | None, seed: int = 0) -> np.ndarray:
    """Every secret, or a seeded sample of them."""
    return space.sample(None, space.size if sample is None else sample, seed)
