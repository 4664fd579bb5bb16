"""Mastermind for the codebreaker: which secret codes are still possible, and what to guess.

Public API (what the screen and the CLI use):

- `Game(pegs, colours, rows)`, `Row(guess, feedback)`, `Feedback(black, white)`:
  immutable values; `Game.with_row`, `replace_row`, `without_row` make new games.
- `parse(text)`, `format(game)`: the game file (see `puzzles.mastermind.game`).
- `parse_guess(game, text)`, `parse_feedback(pegs, text)`, `colour_keys(colours)`.
- `score(secret, guess)`: the key pegs.
- `analyse(game, *, strategy, budget, should_stop, optimal) -> Analysis`: the
  remaining codes (numpy array), the suggestion with its partition table, the
  corrections when no code fits, and how the last row compares.
- `next_step(game)`, `steps(game)`: what the rows prove, easiest fact first,
  then why the suggested guess is the best next question; `check(game)`:
  whether the rows fit some code, else the likeliest mistyped rows (`facts`).
- `STRATEGIES`; `OptimalSearch` keeps the optimal strategy's memo between calls;
  its `ExactSearch` turns its memo into plain arrays (`to_arrays`, `from_arrays`)
  for the app to keep on disk.
- `Analysis.row_costs`: each row's expected extra guesses over the optimum.
- Practice (`Game.codemaker` set): `answer(game, guess)` gives the computer
  codemaker's pegs, `solved(game)`, and `review(game)` compares a finished game
  with the best line for the same secret.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.core import Budget, Option, ShouldStop, never
from puzzles.mastermind.analysis import BUDGET, LIVE_BUDGET, Analysis, Correction, analyse, diagnose
from puzzles.mastermind.codes import CodeList, CodeSpace, code_space, score, space_of
from puzzles.mastermind.facts import LADDER, NEXT_GUESS, check, guessed, next_step, said_together, steps
from puzzles.mastermind.game import (
    CLASSIC_COLOURS,
    CODEMAKERS,
    SEED_COLOURS,
    Code,
    Codemaker,
    Feedback,
    Game,
    Row,
    check_feedback,
    colour_keys,
    format,
    parse,
    parse_feedback,
    parse_guess,
    solved,
)
from puzzles.mastermind.optimal import ExactSearch, Value
from puzzles.mastermind.practice import Review, answer, review
from puzzles.mastermind.strategies import STRATEGIES, OptimalSearch, Suggestion

SAMPLED = "sampled: the best of the guesses scored within the budget, not of all"
SOLVE_OPTIONS = (Option("strategy", "how to choose the next guess", default="entropy", choices=STRATEGIES),)


@dataclass(frozen=True)
class Report:
    game: Game
    analysis: Analysis
    limit: int

    def to_json(self) -> dict:
        game, analysis = self.game, self.analysis
        suggestion = analysis.suggestion
        data = {
            "count": analysis.count.value,
            "status": analysis.status,
            "solutions": [game.name(code) for code in analysis.codes[: self.limit]],
            "suggestion": game.name(suggestion.guess) if suggestion else None,
        }
        if suggestion:
            data["strategy"] = suggestion.strategy
            data["explanation"] = {
                "parts": [{"black": f.black, "white": f.white, "codes": n} for f, n in suggestion.parts],
                "expected": round(suggestion.expected, 4),
                "worst": suggestion.worst,
                "entropy": round(suggestion.entropy, 4),
                "win_chance": round(suggestion.win_chance, 4),
                "consistent": suggestion.consistent,
                "best_so_far": suggestion.best_so_far,
            }
        if analysis.diagnosis:
            data["diagnosis"] = analysis.diagnosis
        data["rows"] = [
            {
                "guess": game.name(row.guess),
                "feedback": {"black": row.feedback.black, "white": row.feedback.white},
                "left": left,
                "cost": None if cost is None else round(cost, 4),
            }
            for row, left, cost in zip(game.rows, analysis.left_after, analysis.row_costs)
        ]
        return data

    def to_text(self) -> str:
        game, analysis = self.game, self.analysis
        left = analysis.count.value
        lines = [f"{analysis.count} code{'s' * (left != 1)} remain"]
        lines += ["  " + " ".join(game.name(code)) for code in analysis.codes[: self.limit]]
        if left > self.limit:
            lines.append(f"  … and {left - self.limit:,} more")
        if analysis.diagnosis:
            lines.append(analysis.diagnosis)
        lines += [
            f"Row {number}: {'optimal' if cost == 0 else f'+{cost:.2f} guesses against the optimum'}"
            for number, cost in enumerate(analysis.row_costs, 1)
            if cost is not None
        ]
        suggestion = analysis.suggestion
        if suggestion and left > 1:
            kind = "may be the secret" if suggestion.consistent else "a probe: cannot be the secret"
            lines.append(
                f"Suggested next guess ({suggestion.strategy}): {' '.join(game.name(suggestion.guess))} ({kind})"
            )
            lines.append(
                f"  expected left {suggestion.expected:.2f}, worst {suggestion.worst}, "
                f"{suggestion.entropy:.2f} bits, wins now {suggestion.win_chance:.1%}"
                + (f" ({SAMPLED})" if suggestion.best_so_far else "")
            )
            for feedback, size in suggestion.parts:
                lines.append(f"  {feedback.black} black {feedback.white} white -> {size:,}")
        return "\n".join(lines)


def solve(
    game: Game,
    *,
    limit: int = 10,
    budget: Budget | None = BUDGET,
    should_stop: ShouldStop = never,
    strategy: str = "entropy",
) -> Report:
    """Everything the CLI prints; the default work budget gives the same answer on every machine, None scores every guess."""
    return Report(game, analyse(game, strategy=strategy, budget=budget, should_stop=should_stop), limit)


__all__ = [
    "LADDER",
    "LIVE_BUDGET",
    "NEXT_GUESS",
    "SAMPLED",
    "BUDGET",
    "CLASSIC_COLOURS",
    "CODEMAKERS",
    "SEED_COLOURS",
    "STRATEGIES",
    "Analysis",
    "Code",
    "Codemaker",
    "CodeList",
    "CodeSpace",
    "Correction",
    "ExactSearch",
    "Feedback",
    "Game",
    "OptimalSearch",
    "Review",
    "Row",
    "Value",
    "Suggestion",
    "analyse",
    "answer",
    "check",
    "check_feedback",
    "code_space",
    "colour_keys",
    "diagnose",
    "format",
    "guessed",
    "next_step",
    "parse",
    "parse_feedback",
    "parse_guess",
    "review",
    "said_together",
    "score",
    "solve",
    "solved",
    "space_of",
    "steps",
]
