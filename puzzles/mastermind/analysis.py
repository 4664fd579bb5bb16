"""What the codebreaker wants after each row: codes left, next guess, and what went wrong.

`analyse` is the one call the live screen makes.  When no code fits, the
commonest cause is a mistyped row: `diagnose` tries each row without its
feedback, finds the feedbacks that would fit, and proposes the likeliest
correction: by the kind of slip (black and white swapped, then one count off
by one, then the rest, nearest first), then by most codes kept.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzles.core import Budget, Count, ShouldStop, Status, never, stop_if_asked
from puzzles.mastermind.codes import Alive, CodeList, CodeSpace, code_space
from puzzles.mastermind.game import Code, Feedback, Game, solved
from puzzles.mastermind.optimal import MAX_CODES, MAX_SPACE
from puzzles.mastermind.optimal import WORK as OPTIMAL_WORK
from puzzles.mastermind.strategies import MAX_SCANNED, OPTIMAL_MAX_CODES, OptimalSearch, Suggestion, best_guess

BUDGET = Budget(work=5_000)  # guesses scored: the same answer on every machine (the CLI, the tests)
LIVE_BUDGET = Budget(seconds=2.0)  # the screen's: answers in time, whatever the machine
COST_WORK = Budget(
    work=100_000
)  # rows scored under another strategy: enough for 4x6 from scratch (about 30,000), not for big searches
SUGGESTION_SHARE, RATING_SHARE = 0.6, 0.3  # of the budget; the rest is for the exact partitions shown


SLIPS = ("swapped", "off by one", "other")  # a person's slips with the key pegs, commonest first
SAYING = {
    "swapped": "you may have swapped black and white:",
    "off by one": "you may have miscounted one peg:",
    "other": "the pegs were probably",
}


@dataclass(frozen=True)
class Correction:
    """Row `row` (0-based) was probably `feedback`; then `fits` codes remain."""

    row: int
    typed: Feedback
    feedback: Feedback
    fits: int

    @property
    def slip(self) -> str:
        """What kind of slip turns the right feedback into what was typed."""
        typed, right = self.typed, self.feedback
        if (typed.black, typed.white) == (right.white, right.black):
            return "swapped"
        return "off by one" if distance(typed, right) == 1 else "other"

    def __str__(self) -> str:
        return (
            f"row {self.row + 1}: {SAYING[self.slip]} {self.feedback}, not {self.typed} "
            f"(then {self.fits:,} {'code fits' if self.fits == 1 else 'codes fit'})"
        )


@dataclass(frozen=True)
class Analysis:
    count: Count  # codes still possible: always exact
    codes: CodeList
    suggestion: Suggestion | None
    left_after: tuple[int, ...] = ()
    corrections: tuple[Correction, ...] = ()
    rating: str | None = None
    row_costs: tuple[float | None, ...] = ()  # expected extra guesses of each row over the optimum; None: unknown
    solved_in: int | None = None  # guesses it took, once a row's pegs were all black: nothing left to suggest
    all_codes: int = 0  # codes possible before any row: where `left_after` starts from

    @property
    def status(self) -> Status:
        return Status.SOLVED if self.solved_in else Status.of(self.count)

    @property
    def headline(self) -> str:
        if self.solved_in:
            return f"Solved in {self.solved_in} guess{'es' * (self.solved_in != 1)}"
        # "Solved" waits for the all-black row: one code left may rest on a mistyped row
        return {Status.CONTRADICTION: "No code fits", Status.UNIQUE: "One code left"}.get(
            self.status, f"{self.count} codes remain"
        )

    @property
    def diagnosis(self) -> str | None:
        if self.count.value:
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
    budget: Budget | None = BUDGET,
    should_stop: ShouldStop = never,
    optimal: OptimalSearch | None = None,
) -> Analysis:
    """Codes still possible, the suggested next guess with its explanation, and repairs.

    Most of `budget` goes to the suggestion, a third to rating the last row
    against what would have been suggested; None scores every guess.  Each
    row is scored against the exact optimum when the `optimal` search (or the
    optimal strategy) can find it within its own work budget.  A game whose
    last row is all black is over: it gets no suggestion.
    """
    space = code_space(game)
    survivors = space.survivors(game, should_stop)
    alive = survivors[-1]
    count = space.count(alive)
    left_after = tuple(space.count(codes) for codes in survivors[1:])
    all_codes = space.count(survivors[0])
    if strategy == "optimal" and optimal is None and space.size <= MAX_SPACE:
        optimal = OptimalSearch(space)
    costs = row_costs(
        space, game, survivors, optimal, OPTIMAL_WORK if strategy == "optimal" else COST_WORK, should_stop
    )
    if count == 0:
        corrections = diagnose(space, game, should_stop)
        cut = suspect(left_after, corrections)
        costs = costs[:cut] + (None,) * (len(costs) - cut)
        return Analysis(
            Count(0), CodeList(space, alive), None, left_after, corrections, None, costs, all_codes=all_codes
        )
    if solved(game):
        return Analysis(
            Count(count), CodeList(space, alive), None, left_after, (), None, costs, len(game.rows), all_codes
        )
    played = [row.guess for row in game.rows]
    suggestion = suggest(space, strategy, played, alive, share(budget, SUGGESTION_SHARE), should_stop, optimal)
    rating = None
    if game.rows:
        rating = rate_last_row(space, game, survivors[-2], strategy, share(budget, RATING_SHARE), should_stop, optimal)
    return Analysis(
        Count(count), CodeList(space, alive), suggestion, left_after, (), rating, costs, all_codes=all_codes
    )


def row_costs(
    space: CodeSpace,
    game: Game,
    survivors: list[Alive],
    optimal: OptimalSearch | None,
    budget: Budget,
    should_stop: ShouldStop,
) -> tuple[float | None, ...]:
    """Each row's expected extra guesses over the optimal guess from the position before it (None: not known).

    Each row has `budget` (work), so a row's cost is known or not alike on every machine.
    """
    if optimal is None:
        return (None,) * len(game.rows)
    costs = []
    for index, (row, alive) in enumerate(zip(game.rows, survivors)):
        count = space.count(alive)
        if not 0 < count <= MAX_CODES:
            costs.append(None)
            continue
        played = [r.guess for r in game.rows[:index]]
        listed = space.listed(alive, 0, count)
        costs.append(optimal.row_cost(listed, space.index_of(row.guess), played, budget, should_stop))
    return tuple(costs)


def suspect(left_after: tuple[int, ...], corrections: tuple[Correction, ...]) -> int:
    """When no code fits, the first row whose pegs are in doubt: the likeliest mistyped one, or the one that left none.

    That row and the ones after it get no cost: their positions rest on pegs that are probably wrong.
    """
    emptied = next(index for index, left in enumerate(left_after) if left == 0)
    return min(emptied, corrections[0].row) if corrections else emptied


def share(budget: Budget | None, fraction: float) -> Budget | None:
    """A fixed part of a budget, so the suggestion and the rating split it alike on every run."""
    if budget is None:
        return None
    seconds = None if budget.seconds is None else budget.seconds * fraction
    return Budget(seconds, None if budget.work is None else max(1, round(budget.work * fraction)))


def suggest(
    space: CodeSpace,
    strategy: str,
    played: list[Code],
    alive: Alive,
    budget: Budget | None,
    should_stop: ShouldStop,
    optimal: OptimalSearch | None,
) -> Suggestion:
    expected_guesses = None
    count = space.count(alive)
    if strategy == "optimal" and count <= OPTIMAL_MAX_CODES and space.size <= MAX_SCANNED:
        search = optimal or OptimalSearch(space)
        total, guess = search.best(space.listed(alive, 0, count), played, should_stop)
        expected_guesses, best_so_far = total / count, False
    else:
        heuristic = "entropy" if strategy == "optimal" else strategy
        guess, best_so_far = best_guess(space, heuristic, played, alive, budget=budget, should_stop=should_stop)
    return explain(space, guess, alive, strategy, best_so_far, expected_guesses, should_stop)


def explain(
    space: CodeSpace,
    guess: int,
    alive: Alive,
    strategy: str,
    best_so_far: bool = False,
    expected_guesses: float | None = None,
    should_stop: ShouldStop = never,
) -> Suggestion:
    """The exact partition of all codes still possible by `guess`, as a Suggestion."""
    code = space.code(guess)
    sizes = space.partition(code, alive, should_stop)
    parts = tuple(sorted(((space.unpacked(f), int(n)) for f, n in enumerate(sizes) if n), key=lambda p: -p[1]))
    may_win = bool(space.contains(np.array([guess]), alive)[0])
    return Suggestion(code, strategy, parts, space.count(alive), may_win, best_so_far, expected_guesses)


def rate_last_row(
    space: CodeSpace,
    game: Game,
    alive: Alive,
    strategy: str,
    budget: Budget | None,
    should_stop: ShouldStop,
    optimal: OptimalSearch | None,
) -> str | None:
    """How the last guess played compares with what the assistant would have suggested.

    `alive` is what was still possible before the last row.
    """
    if space.count(alive) <= 1:
        return None
    played = [row.guess for row in game.rows[:-1]]
    best = suggest(space, strategy, played, alive, budget, should_stop, optimal)
    mine = explain(space, space.index_of(game.rows[-1].guess), alive, strategy, should_stop=should_stop)
    if mine.guess == best.guess:
        return f"Row {len(game.rows)} was the assistant's own suggestion."
    mine_left, best_left = round(mine.expected, 1), round(best.expected, 1)  # the figures shown, so the parts agree
    difference = round(mine_left - best_left, 1)
    if difference == 0:
        return f"Row {len(game.rows)} left {mine_left:,.1f} codes expected, as the suggestion would have."
    verdict = "better than" if difference < 0 else "worse than"
    return (
        f"Row {len(game.rows)} left {mine_left:,.1f} codes expected; the suggestion "
        f"would have left {best_left:,.1f} ({verdict} it by {abs(difference):,.1f})."
    )


def diagnose(space: CodeSpace, game: Game, should_stop: ShouldStop = never) -> tuple[Correction, ...]:
    """Single-row feedback corrections that make the game consistent, likeliest first."""
    corrections = []
    for index, row in enumerate(game.rows):
        stop_if_asked(should_stop)
        others = space.consistent(game.without_row(index), should_stop)
        fits = space.partition(row.guess, others, should_stop)
        corrections += [Correction(index, row.feedback, space.unpacked(f), int(n)) for f, n in enumerate(fits) if n]
    return tuple(sorted(corrections, key=likelihood))


def likelihood(correction: Correction) -> tuple[int, int, int, int]:
    """Sort key, likeliest first: the kind of slip, how far from what was typed, most codes kept, earliest row."""
    return (
        SLIPS.index(correction.slip),
        distance(correction.typed, correction.feedback),
        -correction.fits,
        correction.row,
    )


def distance(typed: Feedback, fitting: Feedback) -> int:
    return abs(typed.black - fitting.black) + abs(typed.white - fitting.white)
