"""How a person finds the disks' turns, one deduction at a time: the ladder, cheapest rung first.

1. last turn left: every other turn of a disk is ruled out, so it is turned the one way left;
2. covered already (exactly one cover): a turn that puts a solid part on a field a settled disk
   (disk 1, or one whose turn is known) already covers is ruled out;
3. only disk for a field: a field nothing settled covers, that only one unsettled disk can still
   cover, rules out that disk's turns that leave it bare;
4. two disks (exactly one cover): a turn of one disk that leaves another disk no turn free of
   double cover with it is ruled out;
5. trial, said plainly: suppose a turn; the rungs above then reach a disk with no turn left or a
   field nothing can cover, so the disk is not turned that way.

A turn is the legend's number: turned r, a disk's fields move r places anticlockwise (the
engine's `row[r:] + row[:r]`).  What is known is which disks are settled and which turns are
ruled out; a step settles a turn (a fact that holds) or rules turns out (facts that do not).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property, partial
from typing import TYPE_CHECKING

import numpy as np

from puzzles.core import Budget, Deadline, ShouldStop, never
from puzzles.steps import (
    Check,
    Fact,
    Mistake,
    Path,
    Rung,
    Step,
    ending_when,
    first_found,
    in_pages,
    join_words,
    needed_steps,
    refuting,
    told_as_one,
    walk,
)

if TYPE_CHECKING:
    from puzzles.disks import Disks


@dataclass(frozen=True)
class Known:
    """The disks, the turns settled (disk 1's is 0) and the turns ruled out so far."""

    disks: Disks
    settled: tuple[int | None, ...]
    ruled_out: frozenset[tuple[int, int]] = frozenset()

    @classmethod
    def start(cls, disks: Disks) -> Known:
        return cls(disks, (0,) + (None,) * (len(disks.rows) - 1))

    @property
    def exactly(self) -> bool:
        return self.disks.cover == "exactly one"

    @cached_property
    def left(self) -> tuple[tuple[int, ...], ...]:
        """Each disk's turns still possible."""
        m = self.disks.fields
        return tuple(
            (turn,) if turn is not None else tuple(r for r in range(m) if (d, r) not in self.ruled_out)
            for d, turn in enumerate(self.settled)
        )

    def solid(self, disk: int, turn: int) -> frozenset[int]:
        """The fields a disk covers, turned so."""
        row, m = self.disks.rows[disk], self.disks.fields
        return frozenset(j for j in range(m) if row[(j + turn) % m])

    @cached_property
    def covers(self) -> dict[int, list[int]]:
        """For each field, the settled disks that cover it."""
        found: dict[int, list[int]] = {j: [] for j in range(self.disks.fields)}
        for d, turn in enumerate(self.settled):
            if turn is not None:
                for j in self.solid(d, turn):
                    found[j].append(d)
        return found

    @property
    def open(self) -> list[int]:
        return [d for d, turn in enumerate(self.settled) if turn is None]


def turned(disk: int, turn: int, holds: bool = True) -> Fact:
    return Fact(disk, turn, holds, f"disk {disk + 1} {'' if holds else 'is not '}turned {turn}")


def ruling_out(rule: str, text: str, uses: tuple[str, ...], where: tuple[int, ...], disk: int, turns) -> Step:
    return Step(rule, text, uses, where, tuple(turned(disk, r, False) for r in turns))


def fields(js) -> str:
    js = sorted(j + 1 for j in js)
    return ("field " if len(js) == 1 else "fields ") + join_words([str(j) for j in js])


def turns_said(turns) -> str:
    return join_words([str(r) for r in turns], "or")


# ---------------------------------------------------------------- the rungs


def last_turn(known: Known) -> Iterator[Step]:
    for d in known.open:
        if len(known.left[d]) == 1:
            (turn,) = known.left[d]
            m = known.disks.fields
            text = f"Disk {d + 1} has every turn but {turn} ruled out, so it is turned {turn}." if m > 1 else ""
            yield Step("last turn left", text, (f"disk {d + 1}",), (d,), (turned(d, turn),))


def covered_already(known: Known) -> Iterator[Step]:
    if not known.exactly:
        return
    for d in known.open:
        for e, turn in enumerate(known.settled):
            if turn is None:
                continue
            theirs = known.solid(e, turn)
            clashes = [r for r in known.left[d] if known.solid(d, r) & theirs]
            if clashes:
                settled = f"Disk {e + 1}" + (f" (turned {turn})" if e else "")
                text = (
                    f"{settled} covers {fields(theirs)}: turned {turns_said(clashes)}, disk {d + 1} would cover "
                    f"one of them too, so it is not."
                )
                uses = (f"disk {e + 1}", f"disk {d + 1}")
                yield ruling_out("covered already", text, uses, (d, e), d, clashes)


def only_disk(known: Known) -> Iterator[Step]:
    for j, by in known.covers.items():
        if by:
            continue
        can = {d: [r for r in known.left[d] if j in known.solid(d, r)] for d in known.open}
        can = {d: turns for d, turns in can.items() if turns}
        if len(can) != 1:
            continue
        ((d, turns),) = can.items()
        bare = [r for r in known.left[d] if r not in turns]
        if bare:
            text = (
                f"Nothing settled covers field {j + 1}, and of the disks not yet settled only disk {d + 1} can "
                f"(turned {turns_said(turns)}): so disk {d + 1} is not turned {turns_said(bare)}."
            )
            yield ruling_out("only disk for a field", text, (f"field {j + 1}", f"disk {d + 1}"), (d,), d, bare)


def two_disks(known: Known) -> Iterator[Step]:
    if not known.exactly:
        return
    for d in known.open:
        for e in known.open:
            if e == d:
                continue
            lonely = [r for r in known.left[d] if all(known.solid(d, r) & known.solid(e, s) for s in known.left[e])]
            if lonely:
                text = (
                    f"Turned {turns_said(lonely)}, disk {d + 1} would cover a field twice with disk {e + 1}, "
                    f"whichever turn still left to it ({turns_said(known.left[e])}) disk {e + 1} takes, so it is not."
                )
                uses = (f"disk {d + 1}", f"disk {e + 1}")
                yield ruling_out("two disks", text, uses, (d, e), d, lonely)


EASY: tuple[Rung[Known], ...] = (
    Rung("last turn left", "every other turn of a disk is ruled out", last_turn),
    Rung("covered already", "a turn that covers a field a settled disk covers is ruled out", covered_already),
    Rung("only disk for a field", "a bare field only one disk can cover rules out that disk's other turns", only_disk),
    Rung("two disks", "a turn that leaves another disk no turn free of double cover is ruled out", two_disks),
)


def dead_end(known: Known) -> str | None:
    """Why the disks cannot be turned to cover every field as they should, as the rungs see it."""
    for d in known.open:
        if not known.left[d]:
            return f"disk {d + 1} has no turn left"
    for j, by in known.covers.items():
        if known.exactly and len(by) > 1:
            return f"field {j + 1} is covered by disks {join_words([str(d + 1) for d in by])}"
        if not by and not any(j in known.solid(d, r) for d in known.open for r in known.left[d]):
            return f"nothing can cover field {j + 1} any more"
    return None


def link_said(step: Step) -> str:
    """One link of a supposition's chain, with its rule and what it used: "disk 3 turned 2 (last turn left: disk 3)"."""
    return f"{step.settles} ({step.rule}: {join_words(list(step.uses))})"


def refuted(known: Known, disk: int, turn: int) -> Step | None:
    """`disk` turned `turn` followed to a dead end, every link said (None: no dead end)."""
    words = (f"disk {disk + 1} were turned {turn}", f"disk {disk + 1} is not turned {turn}")
    supposed = Step("trial", "", sets=(turned(disk, turn),))
    pieces = refuting(
        known, supposed, EASY, apply=apply, dead_end=dead_end, depth=None, said=link_said, words=words, cutting=False
    )
    if pieces is None:
        return None
    step = Step("trial", "", (f"disk {disk + 1}",), (disk,), (turned(disk, turn, False),), trial=True)
    return in_pages(step, pieces, words[0])


def trial(known: Known) -> Iterator[Step]:
    tries = [(d, turn) for d in sorted(known.open, key=lambda d: len(known.left[d])) for turn in known.left[d]]
    if step := first_found(tries, partial(refuted, known)):
        yield step


LADDER: tuple[Rung[Known], ...] = (*EASY, Rung("trial", "suppose a turn and follow it to a contradiction", trial))


def apply(known: Known, step: Step) -> Known:
    settled, ruled_out = list(known.settled), set(known.ruled_out)
    for fact in step.sets:
        if fact.holds:
            settled[fact.at] = fact.value
        else:
            ruled_out.add((fact.at, fact.value))
    return Known(known.disks, tuple(settled), frozenset(ruled_out))


ending = ending_when(dead_end, lambda known: known.open)


def steps(
    disks: Disks, *, limit: int | None = None, budget: Budget | None = None, should_stop: ShouldStop = never
) -> Path:
    """The explained solution, easiest step first; `limit=1` gives the next step alone."""
    deadline = Deadline(budget, should_stop)
    return walk(LADDER, Known.start(disks), apply=apply, ended=ending, deadline=deadline, limit=limit, clash=dead_end)


def next_step(disks: Disks, *, budget: Budget | None = None, should_stop: ShouldStop = never) -> Path:
    """The hint: the next disk to turn (one not turned so already), with only the deductions it rests on.

    The disks as turned by hand are not taken as known: the walk starts from
    the puzzle, and the hint is its first settled turn that the hand turns
    do not already have.  No such turn, or a walk that ends in a
    contradiction (no turn is worth making): no step, and the walk's ending
    says why (solved as turned, no solution, or several).
    """
    known, deadline = Known.start(disks), Deadline(budget, should_stop)
    path = walk(LADDER, known, apply=apply, ended=ending, deadline=deadline)
    first = next((i for i, step in enumerate(path.steps) if new_turn(step, disks)), None)
    if path.ended == "contradiction" or first is None:
        return Path((), path.ended)
    needed = needed_steps(LADDER, known, path.steps[: first + 1], apply, deadline)
    hint = told_as_one(path.steps[: first + 1] if needed is None else needed)  # out of budget: every step on the way
    turns = tuple(fact for fact in hint.sets if fact.holds)  # what the hint enters: the turns, not what was ruled out
    return Path((replace(hint, sets=turns),), "more")


def new_turn(step: Step, disks: Disks) -> bool:
    """Whether a step settles a disk's turn that the hand turns do not have yet."""
    return any(fact.holds and disks.turned[fact.at] != fact.value for fact in step.sets)


def check(disks: Disks, solved: np.ndarray) -> Check:
    """The hand turns against every solution (`solved`: which turns of disks 2..k are one): a turn none has is marked.

    A disk at 0 counts as not turned yet.  With no solution the verdict says
    so instead of marking anything.
    """
    if not solved.any():
        return Check("The disks have no solution however they turn: nothing to check your turns against.", "bad")
    turns = {d: r for d, r in enumerate(disks.turned) if d and r}
    mistakes = tuple(
        Mistake(d, f"disk {d + 1} turned {r}: no way of turning the other disks then covers every field as it should")
        for d, r in turns.items()
        if not solved.take(r, axis=d - 1).any()
    )
    count = int(solved.sum())
    several = "" if count == 1 else f" (the disks have {count:,} solutions)"
    if mistakes:
        fit = "fits" if len(mistakes) == 1 else "fit"
        wrong = "Your turn fits" if len(turns) == 1 else f"{len(mistakes)} of your {len(turns)} turns {fit}"
        return Check(f"{wrong} no solution{several}.", "bad", mistakes)
    if not turns:
        return Check("No disk is turned yet: nothing to check.")
    if not solved[tuple(turns.get(d, slice(None)) for d in range(1, len(disks.rows)))].any():
        return Check(f"Each turn fits a solution, but not all of them together{several}.", "warning")
    return Check(f"Every turn you made fits a solution{several}.", "good")
