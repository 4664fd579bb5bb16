"""What the rows entered so far prove, in words, and why the suggested guess is the best next question.

A fact is true of every code still possible; a person learns it from a few
rows.  Each fact is found from the codes some rows leave (their `Summary`:
per colour the fewest and most copies, per peg the colours left) and told
with the fewest rows that already imply it.  The ladder, cheapest first:

1. one row: what a single row's pegs prove ("row 1 scored 0 0: red is not in
   the code");
2. two rows: what two rows prove together and neither alone;
3. the rows together: what needs three rows or more (the fewest found by
   dropping rows while the fact still follows);
4. at most: the most copies of a colour all the rows allow, each count with
   the fewest rows it needs; told last, as it leaves most open;
5. the best next question: the suggested guess, with how it splits the codes
   left (its worst and expected part) against the runner-up.

Facts about a colour say how many copies the code has (not in the code, in
it, exactly, at least, at most); facts about a peg say its colour, or a colour
it does not have.  What is known is the game and the facts told so far: a fact
that follows from those told is not told again.  A step from two rows or more
says which pegs of each row force it (`why`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations

import numpy as np

from puzzles.core import Budget, Deadline, ShouldStop, never
from puzzles.mastermind import why
from puzzles.mastermind.analysis import BUDGET, SUGGESTION_SHARE, diagnose, explain, share
from puzzles.mastermind.codes import Alive, CodeSpace, code_space
from puzzles.mastermind.game import Code, Game, solved
from puzzles.mastermind.shared import (
    NEXT_GUESS,
    Summary,
    facts_of,
    follows,
    holds_on,
    row_summary,
    said_together,
    summary,
)
from puzzles.mastermind.strategies import Suggestion, best_guesses
from puzzles.steps import Check, Fact, Mistake, Path, Rung, Step, join_words, walk

MAX_LISTED = 2_000_000  # codes one row may leave and still be listed on its own (16 MB)
PAIR_WORK = 4_000_000  # codes looked at for the facts of pairs of rows: the same steps on every machine
TOGETHER_WORK = 4_000_000  # codes looked at while finding the fewest rows a fact needs


# ---------------------------------------------------------------- the evidence: what rows leave


@dataclass(eq=False)
class Evidence:
    """The codes single rows, pairs of rows and all rows leave, summarised once per hint or walk."""

    game: Game
    strategy: str = "entropy"
    budget: Budget | None = BUDGET
    should_stop: ShouldStop = never
    space: CodeSpace = field(init=False)

    def __post_init__(self) -> None:
        self.space = code_space(self.game)

    @cached_property
    def alone(self) -> list[np.ndarray | None]:
        """The codes each row leaves on its own; None past MAX_LISTED codes (`singles` then reads the halves)."""
        listed: list[np.ndarray | None] = []
        for row in self.game.rows:
            sizes = self.space.partition(row.guess, None, self.should_stop)
            if sizes[self.space.packed(row.feedback)] > MAX_LISTED:
                listed.append(None)
            else:
                listed.append(self.space.select(row.guess, row.feedback, None, self.should_stop))
        return listed

    @cached_property
    def singles(self) -> list[Summary | None]:
        """What each row proves alone: from its codes, or where they are too many to list, from the halves."""
        return [
            summary(self.space, codes, self.should_stop)
            if codes is not None
            else row_summary(self.space, row)
            if self.space.repeats
            else None
            for row, codes in zip(self.game.rows, self.alone)
        ]

    @cached_property
    def pairs(self) -> dict[tuple[int, int], Summary | None]:
        """The summaries of pairs of rows, while the work they take stays within PAIR_WORK codes."""
        found, work = {}, 0
        for pair in combinations(range(len(self.game.rows)), 2):
            work += min((len(self.alone[r]) for r in pair if self.alone[r] is not None), default=PAIR_WORK + 1)
            if work > PAIR_WORK:
                break
            found[pair] = summary(self.space, self.leave(pair), self.should_stop)
        return found

    @cached_property
    def left(self) -> Alive:
        return self.space.consistent(self.game, self.should_stop)

    @cached_property
    def count(self) -> int:
        return self.space.count(self.left)

    @cached_property
    def together(self) -> Summary | None:
        return summary(self.space, self.left, self.should_stop)

    @cached_property
    def suggestion(self) -> tuple[Suggestion, Suggestion | None]:
        """The suggested guess and the runner-up, each with its exact partition of the codes left."""
        played = [row.guess for row in self.game.rows]
        heuristic = "entropy" if self.strategy == "optimal" else self.strategy
        budget = share(self.budget, SUGGESTION_SHARE)
        guesses, sampled = best_guesses(
            self.space, heuristic, played, self.left, keep=2, budget=budget, should_stop=self.should_stop
        )
        told = [explain(self.space, g, self.left, heuristic, sampled, should_stop=self.should_stop) for g in guesses]
        return told[0], (told[1] if len(told) > 1 else None)

    def fewest_rows(self, facts: Sequence[Fact]) -> tuple[int, ...]:
        """The rows facts need: all of them, less each row (last first) without which they still follow.

        Each try looks at the codes the other rows leave; past TOGETHER_WORK codes the rest are kept.
        """
        rows, work = list(range(len(self.game.rows))), 0
        for row in reversed(range(len(self.game.rows))):
            fewer = [r for r in rows if r != row]
            if not fewer:
                break  # a fact the rules alone give is never told: one row at least
            listed = [len(self.alone[r]) for r in fewer if self.alone[r] is not None]
            work += len(fewer) * min(listed, default=TOGETHER_WORK + 1)
            if work > TOGETHER_WORK:
                break
            found = summary(self.space, self.leave(fewer), self.should_stop)
            if found is not None and all(holds_on(fact, found) for fact in facts):
                rows = fewer
        return tuple(rows)

    def leave(self, rows: Sequence[int]) -> np.ndarray:
        """The codes these rows leave together, from the fewest one of them leaves alone (one must be listed)."""
        start = min((r for r in rows if self.alone[r] is not None), key=lambda r: len(self.alone[r]))
        codes = self.alone[start]
        for other in rows:
            if other != start:
                row = self.game.rows[other]
                codes = self.space.select(row.guess, row.feedback, codes, self.should_stop)
        return codes


@dataclass(frozen=True)
class Known:
    """The evidence, and the facts told so far (the suggestion too, once told)."""

    evidence: Evidence
    told: frozenset[Fact] = frozenset()


# ---------------------------------------------------------------- words


def row_said(game: Game, index: int) -> str:
    """One row and what its pegs say at a glance, in the puzzle's words."""
    row = game.rows[index]
    black, white = row.feedback.black, row.feedback.white
    total = black + white
    if total == 0:
        gist = "none of its colours is in the code"
    elif total == game.pegs:
        gist = "the code has only its colours" + (", every one in place" if black == game.pegs else "")
    elif black == 0:
        gist = f"{total} of its pegs' colours {'is' if total == 1 else 'are'} in the code, none in its place"
    else:
        gist = f"{total} of its pegs' colours {'is' if total == 1 else 'are'} in the code, {black} in place"
    return f"row {index + 1} ({' '.join(game.name(row.guess))}) scored {black} black {white} white: {gist}"


def fact_step(known: Known, rule: str, rows: tuple[int, ...], facts: list[Fact]) -> Step:
    game = known.evidence.game
    said = said_together(game, facts)
    readings = "; ".join(row_said(game, r) for r in rows)
    if len(rows) == 1:
        text = f"{readings[0].upper()}{readings[1:]}. So {said}."
    elif accounted(game, rows) and all(kind(fact) == 0 for fact in facts):
        text = (
            f"{readings[0].upper()}{readings[1:]}. Between them their colours make up all {game.pegs} pegs "
            f"of the code, so {said}."
        )
    else:
        rows_said = "both" if len(rows) == 2 else f"all {len(rows)}"
        why = why_only(known, rows, facts)
        text = f"{readings[0].upper()}{readings[1:]}. Only codes in which {said} score {rows_said} so{why}."
    return Step(rule, text, tuple(f"row {r + 1}" for r in rows), rows, tuple(facts))


def why_only(known: Known, rows: tuple[int, ...], facts: list[Fact]) -> str:
    """Why only codes with the facts score the rows so (`why`), from the codes each row's other rows leave."""
    evidence = known.evidence
    left = []
    for row in rows:
        others = tuple(r for r in rows if r != row)
        if any(evidence.alone[r] is not None for r in others):
            left.append((row, others, evidence.leave(others)))
    return why.why_only(evidence.space, evidence.game, facts, left)


KINDS = ("not in the code", "how many", "a peg's colour", "not on a peg", "at most")  # the order facts are told in
TELLING = range(4)  # the kinds that narrow the next guess: told first, from one row, two rows, then all


def kind(fact: Fact) -> int:
    """Where a fact stands in KINDS: the most telling first, the bounds that leave most open last."""
    if fact.at[0] == "peg":
        return 2 if fact.holds else 3
    low, high = fact.value
    return 0 if high == 0 else 4 if low == 0 else 1


def grouped(facts: list[Fact]) -> Iterator[tuple[int, list[Fact]]]:
    """Facts told together: those of one kind, with their kind."""
    for rank in range(len(KINDS)):
        if same := [fact for fact in facts if kind(fact) == rank]:
            yield rank, same


def accounted(game: Game, rows: Sequence[int]) -> bool:
    """Whether rows of no colour in common have colours in the code for every peg (their black + white add up)."""
    colours = [set(game.rows[r].guess) for r in rows]
    apart = sum(map(len, colours)) == len(set().union(*colours))
    return apart and sum(game.rows[r].feedback.black + game.rows[r].feedback.white for r in rows) == game.pegs


def new_facts(known: Known, found: Summary | None) -> list[Fact]:
    return [] if found is None else [f for f in facts_of(known.evidence.game, found) if not follows(f, known.told)]


# ---------------------------------------------------------------- the rungs


def rows_steps(known: Known, rule: str, sources: Iterable[tuple[tuple[int, ...], Summary | None]]) -> Iterator[Step]:
    """The steps these rows' summaries give, the most telling kind first, then in the order of the rows (bounds
    at most are told last, by `at_most`); each worded only when asked for (a hint wants the first alone)."""
    found = [
        (rank, rows, facts)
        for rows, found in sources
        for rank, facts in grouped(new_facts(known, found))
        if rank in TELLING
    ]
    return (fact_step(known, rule, rows, facts) for _, rows, facts in sorted(found, key=lambda item: item[:2]))


def one_row(known: Known) -> Iterator[Step]:
    return rows_steps(known, "one row", (((index,), found) for index, found in enumerate(known.evidence.singles)))


def two_rows(known: Known) -> Iterator[Step]:
    return rows_steps(known, "two rows", known.evidence.pairs.items())


def rows_together(known: Known) -> Iterator[Step]:
    evidence = known.evidence
    for rank, facts in grouped(new_facts(known, evidence.together)):
        if rank in TELLING:
            yield fact_step(known, "rows together", evidence.fewest_rows(facts), facts)


def at_most(known: Known) -> Iterator[Step]:
    """The most copies of colours all the rows allow, fewest first, each count with the fewest rows it needs.

    They leave most open, so they come after all that narrows the next guess;
    the looser bounds single rows give follow from them and are not told.
    """
    evidence = known.evidence
    bounds = [fact for fact in new_facts(known, evidence.together) if kind(fact) == KINDS.index("at most")]
    for most in sorted({fact.value[1] for fact in bounds}):
        facts = [fact for fact in bounds if fact.value[1] == most]
        yield fact_step(known, "at most", evidence.fewest_rows(facts), facts)


def best_question(known: Known) -> Iterator[Step]:
    evidence = known.evidence
    if evidence.count == 0 or any(f.at == NEXT_GUESS for f in known.told):
        return
    best, runner_up = evidence.suggestion
    game = evidence.game
    guess = " ".join(game.name(best.guess))
    if evidence.count <= 2:
        codes = [" ".join(game.name(c)) for c in evidence.space.digits(evidence.space.listed(evidence.left, 0, 2))]
        text = (
            f"Only {guess} is left: play it, it wins."
            if evidence.count == 1
            else f"Only {join_words(codes)} are left: play {guess}; it wins, or its pegs leave the other."
        )
    else:
        text = f"Guess {guess} next: its pegs split the {best.remaining:,} codes left {split_said(best)}"
        text += runner_up_said(game, best, runner_up)
        if best.consistent:
            text += " It may be the code itself."
        if best.best_so_far:
            text += " (The best of the guesses scored within the budget, not of all.)"
    sets = (Fact(NEXT_GUESS, tuple(best.guess), said=f"next guess: {guess}"),)
    yield Step("the best next question", text, (f"{evidence.count:,} codes left", best.strategy), (NEXT_GUESS,), sets)


def runner_up_said(game: Game, best: Suggestion, runner_up: Suggestion | None) -> str:
    """The runner-up and how it splits the codes; a split as good is said to be one, with why the tie went so."""
    if runner_up is None:
        return "."
    named = " ".join(game.name(runner_up.guess))
    if split_said(runner_up) == split_said(best):
        may_win = best.consistent and not runner_up.consistent
        tie = "this one may be the code" if may_win else "this one comes first in colour order"
        return f"; the runner-up, {named}, splits them just as well: either will do, and {tie}."
    return f"; the runner-up, {named}, splits them {split_said(runner_up)}."


def split_said(suggestion: Suggestion) -> str:
    """How a guess splits the codes left: into how many groups, the largest, the average left."""
    return (
        f"into {len(suggestion.parts)} groups, the largest of {suggestion.worst:,}, "
        f"{suggestion.expected:.1f} codes left on average"
    )


LADDER: tuple[Rung[Known], ...] = (
    Rung("one row", "what one row's pegs prove on their own", one_row),
    Rung("two rows", "what two rows prove together and neither alone", two_rows),
    Rung("rows together", "what needs three rows or more, with the fewest rows it needs", rows_together),
    Rung("at most", "the most copies of a colour the rows allow, once nothing else is left to tell", at_most),
    Rung("the best next question", "the guess whose pegs split the codes left best, and the runner-up", best_question),
)


def apply(known: Known, step: Step) -> Known:
    return Known(known.evidence, known.told | frozenset(step.sets))


def ending(known: Known) -> str | None:
    if known.evidence.count == 0:
        return "contradiction"
    if solved(known.evidence.game):
        return "solved"  # the code is found: nothing left to prove or ask
    if any(fact.at == NEXT_GUESS for fact in known.told):
        return "solved" if known.evidence.count == 1 else "stuck"
    return None


def steps(
    game: Game,
    *,
    limit: int | None = None,
    budget: Budget | None = BUDGET,
    should_stop: ShouldStop = never,
    strategy: str = "entropy",
    told: frozenset[Fact] = frozenset(),
    ask: bool = True,
) -> Path:
    """What the rows prove, easiest first, then the best next question; `limit=1` gives the next step alone.

    With `ask` False (practice, where the suggestion is kept back) the walk
    ends with the facts.
    """
    known = Known(Evidence(game, strategy, budget, should_stop), told)
    ladder = LADDER if ask else LADDER[:-1]
    return walk(ladder, known, apply=apply, ended=ending, deadline=Deadline(None, should_stop), limit=limit)


def next_step(
    game: Game,
    *,
    budget: Budget | None = BUDGET,
    should_stop: ShouldStop = never,
    strategy: str = "entropy",
    told: frozenset[Fact] = frozenset(),
    ask: bool = True,
) -> Path:
    """The hint: the easiest fact not yet told, or once all are, the best next question (if `ask`)."""
    return steps(game, limit=1, budget=budget, should_stop=should_stop, strategy=strategy, told=told, ask=ask)


def check(game: Game, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Check:
    """ "Check my board": whether some code scores every row as typed; if none does, the likeliest mistyped rows."""
    space = code_space(game)
    count = space.count(space.consistent(game, should_stop))
    if count:
        codes = f"{count:,} code{'s' * (count != 1)} score{'s' * (count == 1)}"
        return Check(f"Every row fits: {codes} them all so.", "good")
    corrections = diagnose(space, game, should_stop)
    if not corrections:
        return Check("No code scores every row so, and no single row's pegs explain it: check the guesses.", "bad")
    mistakes = tuple(Mistake(c.row, str(c)) for c in corrections[:3])
    slip = f"the likeliest slip is in row {corrections[0].row + 1}"
    return Check(f"No code scores every row so; {slip}.", "bad", mistakes)


def guessed(step: Step) -> Code | None:
    """The guess a step suggests (None for a fact about the code)."""
    return next((fact.value for fact in step.sets if fact.at == NEXT_GUESS), None)
