"""The computer as codemaker, so a person can practise alone; and the review at the end.

A practice game is an ordinary `Game` whose `codemaker` is set: the random
codemaker's secret is drawn from the game's own seed (a saved or restored game
keeps it), and the adversary commits to nothing: it answers each guess with the
feedback that leaves the most codes, so every code still possible stays a
secret it could claim.  The person types guesses; `answer` gives the pegs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzles.core import Budget, ShouldStop, never
from puzzles.mastermind.analysis import OPTIMAL_WORK, row_costs
from puzzles.mastermind.codes import code_space, score
from puzzles.mastermind.game import Code, Feedback, Game
from puzzles.mastermind.optimal import MAX_SPACE
from puzzles.mastermind.play import Codebreaker, sample_secrets
from puzzles.mastermind.strategies import MAX_SCANNED, OPTIMAL_MAX_CODES, OptimalSearch

REVIEW_SECRETS = (10, 100)  # the fewest and most secrets the average is measured over where the optimum is out of reach
REVIEW_CODES = 2_000_000  # bigger spaces cost more a game: this // codes secrets, within REVIEW_SECRETS
REVIEW_BUDGET = Budget(work=5_000)  # per guess of the heuristic line: the same review on every machine


def secret(game: Game) -> int:
    """The random codemaker's secret (its index), drawn from the game's seed."""
    space = code_space(game)
    drawn = int(np.random.default_rng(game.codemaker.seed).integers(space.size))
    return int(space.listed(None, drawn, drawn + 1)[0])


def answer(game: Game, guess: Code, should_stop: ShouldStop = never) -> Feedback:
    """The computer codemaker's pegs for `guess`, the next row of `game`."""
    space = code_space(game)
    if game.codemaker.kind == "random":
        return score(space.code(secret(game)), guess)
    sizes = space.partition(guess, space.consistent(game, should_stop), should_stop)
    win = space.packed(Feedback(game.pegs, 0))
    # most codes left; on a tie not the win, then the fewest pegs: the same answer every time
    best = min(range(len(sizes)), key=lambda f: (-sizes[f], f == win, f))
    return space.unpacked(best)


@dataclass(frozen=True)
class Review:
    """A finished practice game beside the best play for the same secret."""

    secret: Code
    guesses: tuple[Code, ...]  # the person's
    costs: tuple[float | None, ...]  # each row's expected extra guesses versus the optimum; None: not known
    strategy: str  # the best strategy the engine plays here
    line: tuple[Code, ...]  # its guesses against the same secret
    average: float  # its guesses per secret on average
    secrets: int  # over how many secrets: all of them for the optimum, else a seeded sample


def review(game: Game, should_stop: ShouldStop = never, optimal: OptimalSearch | None = None) -> Review:
    """The person's guesses, their costs, and the best strategy's line and average for the solved game's secret.

    `optimal` is the variant's optimal search, if the caller keeps one (with the totals it already knows).
    """
    space = code_space(game)
    found = game.rows[-1].guess
    if optimal is None and space.size <= MAX_SPACE:
        optimal = OptimalSearch(space)
    exact = space.size <= OPTIMAL_MAX_CODES and space.size <= MAX_SCANNED
    breaker = Codebreaker(space, "optimal", optimal=optimal) if exact else Codebreaker(space, "entropy", REVIEW_BUDGET)
    line = breaker.line(space.index_of(found), should_stop)
    if exact:
        total, _ = breaker.optimal.best(space.listed(None, 0, space.size), [], should_stop)
        average, secrets = total / space.size, space.size
    else:
        fewest, most = REVIEW_SECRETS
        sample = max(fewest, min(most, REVIEW_CODES // space.size))
        results = breaker.play_all(sample_secrets(space, sample), should_stop)
        average, secrets = results.average, results.games
    guesses = tuple(row.guess for row in game.rows)
    costs = row_costs(space, game, space.survivors(game, should_stop), optimal, OPTIMAL_WORK, should_stop)
    return Review(found, guesses, costs, breaker.strategy, tuple(line), average, secrets)
