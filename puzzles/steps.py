"""Explanations as data: deductions a person can follow, found cheapest first.

A hint that teaches is one deduction, not a question that splits the
candidates.  Every puzzle type explains itself with the same few values:

- a `Step` is one deduction: the rule it applies (a rung of the type's
  ladder), what it used (clues, cells, rows, in the puzzle's words), where to
  look (the screen's own places, to highlight), what it settles (`Fact`s in
  the engine's own terms) and the sentence that says why;
- a type's ladder is an ordered table of `Rung`s, cheapest first, each a
  function from what is known to the steps it can make, so the easiest next
  step is the first rung that yields one (`easiest`), and a new rule is one
  function and one row;
- `walk` applies easiest step after easiest step: the explained solution
  that `solve KIND FILE --steps` prints;
- `Check` is what "check my board" finds: entries that no solution has, each
  with the rule it breaks, and nothing else revealed.

Screens only render steps: level 1 highlights `where` (a chain's `goal`),
level 2 names the `rule` and what it `uses`, level 3 shows the `text` (a
chain's `parts` one a level), the last applies `sets` as an ordinary
undoable edit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import count
from typing import Any, Generic, TypeVar

from puzzles.core import Budget, Deadline, OutOfBudget, Tone

Known = TypeVar("Known")


HINT_WORK = 300  # a hint's steps walked plus contexts weighed, on ladders whose rungs spend nothing themselves
PAGE = 450  # characters a page of a long step takes: what reads whole in the hint panel beside a board at 80x24
TRIAL_WEIGHT = 100  # the work of a trial found or weighed again, in steps: it follows suppositions, rung after rung


def hint_budget(budget: Budget | None, work: int = HINT_WORK) -> Budget:
    """The budget of `solve`'s hint: `work` in the ladder's units, on the caller's clock too (`--seconds`).

    A step walked or a context weighed may run a trial, so the hint has a work
    budget of its own, not the count's: `--count` lifts the count's limit, not
    the hint's, and a hint that runs out is the easiest step found so far.
    """
    return Budget(seconds=None if budget is None else budget.seconds, work=work)


@dataclass(frozen=True)
class Fact:
    """What a step settles: `at` holds `value`, or with `holds` False, cannot hold it.

    `at` and `value` are the engine's own terms (a cell (row, column) and a
    number; an object and a value); `said` is the fact in words ("r4c5 = 24").
    """

    at: Hashable
    value: Any
    holds: bool = True
    said: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"at": jsonable(self.at), "value": jsonable(self.value), "holds": self.holds, "text": self.said}


@dataclass(frozen=True)
class Step:
    """One deduction: its rule, what it used, where to look, what it settles, and why in words.

    `trial` marks the last rung of every ladder, said plainly in `text`:
    "suppose X; then ...: a contradiction, so not X".  `premises` are the
    earlier facts the step rests on (each named in `text`), for a checker to
    prove that they and the clues in `uses` give `sets`, none in excess.
    `parts` are the steps a hint told as one is made of (`told_as_one`), in
    order: a screen tells them one at a time, each whole beside the board.
    `pages` are a long step's `text` cut between links where each reads whole
    beside the board (`paged`), each after the first recalling the
    supposition it goes on with: read alone, a page still says what it rests on.
    """

    rule: str
    text: str
    uses: tuple[str, ...] = ()
    where: tuple[Hashable, ...] = ()
    sets: tuple[Fact, ...] = ()
    trial: bool = False
    premises: tuple[Fact, ...] = ()
    parts: tuple[Step, ...] = ()
    pages: tuple[str, ...] = ()

    @property
    def why(self) -> str:
        """Level 2 of a hint: the rule and what it uses, without the conclusion."""
        return f"{self.rule} ({'; '.join(self.uses)})" if self.uses else self.rule

    @property
    def goal(self) -> tuple[Hashable, ...]:
        """Where a hint points first: the places of the step that settles what it enters (a chain's last part)."""
        return self.parts[-1].where if self.parts else self.where

    @property
    def settles(self) -> str:
        """What the step settles, in words ("r4c5 = 24")."""
        return join_words([fact.said for fact in self.sets if fact.said])

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "uses": list(self.uses),
            "text": self.text,
            "sets": [fact.to_json() for fact in self.sets],
            "trial": self.trial,
        } | ({"premises": [fact.to_json() for fact in self.premises]} if self.premises else {})


@dataclass(frozen=True)
class Rung(Generic[Known]):
    """One rule of a ladder: its name, what it says (for help and docs), and how it finds steps."""

    name: str
    says: str
    find: Callable[[Known], Iterable[Step]]


def ending_when(
    dead_end: Callable[[Known], object], unsettled: Callable[[Known], object]
) -> Callable[[Known], str | None]:
    """`walk`'s `ended` for a ladder: "contradiction" at a dead end, "solved" once nothing is `unsettled`."""

    def ended(known: Known) -> str | None:
        if dead_end(known):
            return "contradiction"
        return None if unsettled(known) else "solved"

    return ended


def first_found(tries: Iterable[tuple], find: Callable[..., Step | None]) -> Step | None:
    """A trial rung's step: `find` for each of `tries` in turn (the cheapest first), the first it finds."""
    return next(filter(None, (find(*tried) for tried in tries)), None)


def easiest(ladder: Sequence[Rung[Known]], known: Known, deadline: Deadline | None = None) -> Step | None:
    """The first step of the cheapest rung that has one; None when no rule applies."""
    for rung in ladder:
        if deadline is not None:
            deadline.check()
        for step in rung.find(known):
            return step
    return None


@dataclass(frozen=True)
class Path:
    """An explained solution: the steps in order, and how it ended.

    `ended` says why the walk stopped: "solved", "stuck" (no rule applies:
    the puzzle has several solutions or needs more than the ladder knows),
    "contradiction" (nothing fits), "budget", or "more" (cut at the walk's limit).
    """

    steps: tuple[Step, ...]
    ended: str

    @property
    def solved(self) -> bool:
        return self.ended == "solved"

    @property
    def first_said(self) -> str:
        """The first step in words, or why there is none: what a one-line hint says (and that it is only the
        easiest step found, where the budget ran out before the next placement was worked out)."""
        if not self.steps:
            return ENDINGS[self.ended]
        return f"{self.steps[0].text} {WITHIN_BUDGET}" if self.ended == "budget" else self.steps[0].text

    @property
    def trials(self) -> int:
        return sum(step.trial for step in self.steps)

    def to_json(self) -> dict[str, Any]:
        return {"steps": [step.to_json() for step in self.steps], "ended": self.ended}

    def to_text(self) -> str:
        width = len(str(len(self.steps)))
        lines = [f"{n:>{width}}. [{step.rule}] {step.text}" for n, step in enumerate(self.steps, 1)]
        return "\n".join([*lines, ENDINGS.get(self.ended, self.ended)])


WITHIN_BUDGET = "(The easiest step found within the work budget: the next placement takes more working out.)"
ENDINGS = {
    "solved": "Solved.",
    "stuck": "No rule of the ladder applies any more: the puzzle has several solutions or needs guessing.",
    "contradiction": "Nothing fits: the puzzle as given has no solution.",
    "budget": "Stopped: the work budget ran out before the end.",
    "more": "",
}


def walk(
    ladder: Sequence[Rung[Known]],
    known: Known,
    *,
    apply: Callable[[Known, Step], Known],
    ended: Callable[[Known], str | None],
    deadline: Deadline,
    limit: int | None = None,
    until: Callable[[Step], bool] = lambda step: False,
    clash: Callable[[Known], str | None] = lambda known: None,
) -> Path:
    """Easiest step after easiest step until `ended(known)` names an ending or no rung applies.

    The walk also stops, ending "more", after `limit` steps (`limit=1`: a hint)
    or after a step that `until` accepts.  `deadline.expired()` is asked once
    per step, so a budget in work counts steps; a rung that runs out of it
    (OutOfBudget: a hint's trial, `affordable`) ends the walk "budget" too.  A walk that ends in a
    contradiction has its last step say what clashes (`clash(known)`, the
    ladder's dead end): "Nothing fits" then follows from it.
    """
    steps: list[Step] = []
    while (ending := ended(known)) is None:
        if (limit is not None and len(steps) >= limit) or (steps and until(steps[-1])):
            return Path(tuple(steps), "more")
        if deadline.expired():
            return Path(tuple(steps), "budget")
        try:
            step = easiest(ladder, known, deadline)
        except OutOfBudget:
            return Path(tuple(steps), "budget")
        if step is None:
            return Path(tuple(steps), "stuck")
        steps.append(step)
        known = apply(known, step)
    if ending == "contradiction" and steps and (reason := clash(known)):
        steps[-1] = replace(steps[-1], text=f"{steps[-1].text} Now {reason}.")
    return Path(tuple(steps), ending)


def on_board(known: Known, step: Step) -> Known:
    """`apply` for a board's ladder: `known` (a dataclass with `board` and `ruled_out`) after `step`.

    Placements are entered on the board (`board.with_cell`), exclusions remembered in `ruled_out`.
    """
    board, ruled_out = known.board, set(known.ruled_out)  # type: ignore[attr-defined]
    for fact in step.sets:
        if fact.holds:
            board = board.with_cell(fact.at, fact.value)
        else:
            ruled_out.add((fact.at, fact.value))
    return replace(known, board=board, ruled_out=frozenset(ruled_out))  # type: ignore[type-var]


def cell_steps(
    cell: Callable[[Any], str], value: Callable[[Any], str] = str
) -> tuple[Callable[..., Step], Callable[..., Step]]:
    """`placing` and `ruling_out` for a board's ladder, saying cells and values its own way (`r4c5 = 24`).

    placing(rule, text, uses, where, {cell: value}) and ruling_out(rule, text, uses, where, [(cell, value)]);
    a step of the rule "trial" is marked as one.
    """

    def placing(rule: str, text: str, uses: tuple[str, ...], where: tuple, sets: dict) -> Step:
        facts = tuple(Fact(p, v, said=f"{cell(p)} = {value(v)}") for p, v in sets.items())
        return Step(rule, text, uses, where, facts, trial=rule == "trial")

    def ruling_out(rule: str, text: str, uses: tuple[str, ...], where: tuple, pairs: Iterable[tuple]) -> Step:
        facts = tuple(Fact(p, v, holds=False, said=f"{cell(p)} ≠ {value(v)}") for p, v in pairs)
        return Step(rule, text, uses, where, facts, trial=rule == "trial")

    return placing, ruling_out


def chained(
    known: Known,
    supposed: Step,
    rungs: Sequence[Rung[Known]],
    *,
    apply: Callable[[Known, Step], Known],
    dead_end: Callable[[Known], str | None],
    depth: int | None,
) -> tuple[list[Step], str] | None:
    """The links a supposition leads to by `rungs`, easiest first, and the dead end they reach (None: none
    within `depth` links; no `depth`: as many as the rungs find)."""
    known, links = apply(known, supposed), []
    for _ in count() if depth is None else range(depth):
        if reason := dead_end(known):
            return links, reason
        step = easiest(rungs, known)
        if step is None:
            return None
        links.append(step)
        known = apply(known, step)
    return None


Item = TypeVar("Item", bound=Hashable)


def shed(items: Iterable[Item], holds: Callable[[list[Item]], bool]) -> list[Item]:
    """`items` less each one, latest first, without which `holds` still holds.

    Where more items never break what fewer give, that is dropping them one
    by one; but a block is tried at once and halved only where it fails, so
    the few facts a dead end rests on, of a long chain's hundreds, are found
    in a few tries, not one per fact.
    """
    kept = list(items)

    def drop(block: list[Item]) -> None:
        dropped = set(block)
        fewer = [item for item in kept if item not in dropped]
        if holds(fewer):
            kept[:] = fewer
        elif len(block) > 1:
            drop(block[len(block) // 2 :])
            drop(block[: len(block) // 2])

    if kept:
        drop(kept[:])
    return kept


def cut(
    known: Known,
    supposed: Step,
    links: Sequence[Step],
    rungs: Sequence[Rung[Known]],
    *,
    apply: Callable[[Known, Step], Known],
    dead_end: Callable[[Known], str | None],
) -> list[Step]:
    """The links of a supposition's chain its dead end rests on, each keeping only the facts that are used.

    Going back from the dead end, a fact it is still reached without is dropped
    (latest first, `shed`); then, last link first, a link keeps the earlier
    links without which its rung no longer finds its kept facts (one by one:
    a link rests on a third or so of those before it, too many for blocks to
    save work).  A person reads no link that nothing after it uses.
    """
    base, links = apply(known, supposed), list(links)
    items = [(i, fact) for i, link in enumerate(links) for fact in link.sets]
    needed = set(shed(items, lambda fewer: bool(dead_end(knowing(base, fewer, apply)))))
    for i in reversed(range(len(links))):
        facts = [fact for j, fact in items if j == i and (j, fact) in needed]
        if not facts:
            continue
        support = set(range(i))
        for j in reversed(range(i)):
            fewer = support - {j}
            context = knowing(base, [item for item in items if item[0] in fewer], apply)
            if found := found_again(rungs, links[i], context, facts):
                support, links[i] = fewer, found
        needed.update(item for item in items if item[0] in support)
    return [
        replace(link, sets=kept)
        for i, link in enumerate(links)
        if (kept := tuple(fact for fact in link.sets if (i, fact) in needed))
    ]


def refuting(
    known: Known,
    supposed: Step,
    rungs: Sequence[Rung[Known]],
    *,
    apply: Callable[[Known, Step], Known],
    dead_end: Callable[[Known], str | None],
    depth: int | None,
    said: Callable[[Step], str],
    words: tuple[str, str],
    cutting: bool = True,
) -> list[str] | None:
    """A supposition followed by `rungs` link by link to a dead end, the links nothing after them uses cut, said
    plainly a link a piece, the pieces joined by ", " the sentence: "Suppose r3c3 were 6: then ...", "then ...",
    "then <dead end>. That cannot be, so r3c3 is not 6." (`words`: the supposition and its denial).  None when no
    dead end is reached within `depth` links.  Without `cutting` every link is said, as found."""
    found = chained(known, supposed, rungs, apply=apply, dead_end=dead_end, depth=depth)
    if found is None:
        return None
    links, reason = found
    if cutting:
        kept = cut(known, supposed, links, rungs, apply=apply, dead_end=dead_end)
        if kept_end := dead_end(knowing(apply(known, supposed), [(0, f) for link in kept for f in link.sets], apply)):
            links, reason = kept, kept_end
    pieces = [f"then {piece}" for piece in [*map(said, links), f"{reason}. That cannot be, so {words[1]}."]]
    return [f"Suppose {words[0]}: {pieces[0]}", *pieces[1:]]


def paged(pieces: Sequence[str], supposing: str = "", most: int = PAGE) -> tuple[str, ...]:
    """A sentence's pieces (joined by ", ") as pages of at most `most` characters where the pieces allow, each
    page but the last ending in ",", each but the first beginning "Still supposing {supposing}: " where a
    supposition is given.  Less that, joined by spaces they are the sentence.  One page where it fits whole."""
    resumed = f"Still supposing {supposing}: " if supposing else ""
    pages: list[list[str]] = [[]]
    for piece in pieces:
        room = most - (len(resumed) if len(pages) > 1 else 0)
        if pages[-1] and len(", ".join([*pages[-1], piece])) + 1 > room:
            pages.append([])
        pages[-1].append(piece)
    said = [", ".join(page) + ("," if i < len(pages) - 1 else "") for i, page in enumerate(pages)]
    return (said[0], *(resumed + page for page in said[1:]))


def in_pages(step: Step, pieces: Sequence[str], supposing: str) -> Step:
    """`step` said by `refuting`'s pieces, its text cut into pages where it is too long to read whole at once, each
    after the first recalling what it goes on `supposing` ("r1c3 were 16")."""
    pages = paged(pieces, supposing)
    return replace(step, text=", ".join(pieces), pages=pages if len(pages) > 1 else ())


def places(step: Step) -> bool:
    """Whether a step puts something on the board (not only rules things out)."""
    return any(fact.holds for fact in step.sets)


def needed_steps(
    ladder: Sequence[Rung[Known]],
    known: Known,
    steps: Sequence[Step],
    apply: Callable[[Known, Step], Known],
    deadline: Deadline | None = None,
) -> tuple[Step, ...] | None:
    """The few steps the last one rests on, each told again in the smallest context that still yields it.

    A walk rules out many things on the way to its next placement; a hint
    tells only what that placement needs.  Going back from the last step, each
    fact it needs keeps only the earlier facts without which its rule no
    longer finds it (dropped latest first); the steps that settled a needed
    fact are then found again from the needed facts before them alone, so
    their sentences speak of that context.  Each context weighed spends a
    unit of the work `deadline` has left (a rung run again; a trial's
    TRIAL_WEIGHT): None when it runs out first.
    """
    weighing = deadline and deadline.rest()
    settled = [(i, fact) for i, step in enumerate(steps) for fact in step.sets]
    needed = {(len(steps) - 1, fact) for fact in steps[-1].sets}
    queue = sorted(needed, key=lambda item: item[0], reverse=True)
    while queue:
        i, fact = queue.pop(0)
        support = [item for item in settled if item[0] < i]
        for item in reversed(support[:]):
            if weighing is not None and weighing.expired(TRIAL_WEIGHT if steps[i].trial else 1):
                return None
            fewer = [other for other in support if other != item]
            if yields(ladder, steps[i].rule, knowing(known, fewer, apply), fact):
                support = fewer
        fresh = [item for item in support if item not in needed]
        needed.update(fresh)
        queue = sorted([*queue, *fresh], key=lambda item: item[0], reverse=True)
    told = []
    for i, step in enumerate(steps):
        facts = [fact for j, fact in needed if j == i]
        if facts:
            context = knowing(known, [item for item in needed if item[0] < i], apply)
            told.append(found_again(ladder, step, context, facts) or step)
    return tuple(told)


def knowing(known: Known, facts: Sequence[tuple[int, Fact]], apply: Callable[[Known, Step], Known]) -> Known:
    """What is known once `facts` are settled."""
    return apply(known, Step("", "", sets=tuple(fact for _, fact in facts)))


def yields(ladder: Sequence[Rung[Known]], rule: str, known: Known, fact: Fact) -> bool:
    """Whether the rung named `rule` finds, from `known`, a step that settles `fact`."""
    return any(fact in found.sets for rung in ladder if rung.name == rule for found in rung.find(known))


def found_again(ladder: Sequence[Rung[Known]], step: Step, known: Known, facts: Sequence[Fact]) -> Step | None:
    """`step` as its rung finds it from `known`: a step settling all of `facts` (None: none does).  It may be the
    very step (a rung that memoises its steps), so callers test for None, never for a new object."""
    for rung in ladder:
        if rung.name == step.rule:
            for found in rung.find(known):
                if all(fact in found.sets for fact in facts):
                    return found
    return None


def next_placement(
    ladder: Sequence[Rung[Known]],
    known: Known,
    *,
    apply: Callable[[Known, Step], Known],
    ended: Callable[[Known], str | None],
    deadline: Deadline,
    resting: Callable[..., Sequence[Step] | None] = needed_steps,
) -> Path:
    """The next step that places something, with only the steps it rests on (`resting`), told as one.

    For screens that keep no record of what was ruled out (number boards):
    their hint must end in something the person can enter.  When the ladder
    finds no placement, the first step found is the hint; so it is when the
    budget runs out first (the path then ends "budget").
    """
    path = walk(
        affordable(ladder, deadline),
        known,
        apply=weighed(apply, deadline),
        ended=ended,
        deadline=deadline,
        until=places,
    )
    if not path.steps:
        return path
    if not places(path.steps[-1]):
        return Path(path.steps[:1], "budget" if path.ended == "budget" else "more")
    needed = resting(ladder, known, path.steps, apply, deadline)
    return Path(path.steps[:1], "budget") if needed is None else Path((told_as_one(needed),), "more")


def affordable(ladder: Sequence[Rung[Known]], deadline: Deadline) -> tuple[Rung[Known], ...]:
    """The ladder with its trial begun only where `deadline` has the work one weighs (TRIAL_WEIGHT) left, else
    OutOfBudget: a hint cut by its budget shows its first step, so a trial it could not pay for is not worked out."""

    def afforded(find: Callable[[Known], Iterable[Step]], known: Known) -> Iterable[Step]:
        if deadline.work_left is not None and deadline.work_left < TRIAL_WEIGHT:
            raise OutOfBudget
        return find(known)

    return tuple(replace(rung, find=partial(afforded, rung.find)) if rung.name == "trial" else rung for rung in ladder)


def weighed(apply: Callable[[Known, Step], Known], deadline: Deadline) -> Callable[[Known, Step], Known]:
    """`apply` that also spends TRIAL_WEIGHT of `deadline`'s work for a trial: it was found by following
    suppositions, dozens of rung runs where another step takes one."""

    def applying(known: Known, step: Step) -> Known:
        if step.trial:
            deadline.expired(TRIAL_WEIGHT)
        return apply(known, step)

    return applying


def told_as_one(steps: Sequence[Step]) -> Step:
    """A chain of steps as one hint: every rule, use and place, the sentences in order, what they settle, and the
    steps themselves (`parts`), for a screen to tell one at a time."""
    if len(steps) == 1:
        return steps[0]
    rules = tuple(dict.fromkeys(step.rule for step in steps))
    uses = tuple(dict.fromkeys(use for step in steps for use in step.uses))
    where = tuple(dict.fromkeys(place for step in steps for place in step.where))
    text = " ".join(f"({n}) {step.text}" for n, step in enumerate(steps, 1))
    sets = tuple(dict.fromkeys(fact for step in steps for fact in step.sets))
    return Step(" then ".join(rules), text, uses, where, sets, any(step.trial for step in steps), parts=tuple(steps))


@dataclass(frozen=True)
class Mistake:
    """An entry no solution has: where it stands, and the rule it breaks or why it cannot be."""

    at: Hashable
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"at": jsonable(self.at), "text": self.text}


@dataclass(frozen=True)
class Check:
    """What "check my board" finds: a one-line verdict, its tone, and the entries no solution has.

    Where the puzzle has several solutions or none, the verdict says so instead
    of guessing which entries are wrong.
    """

    verdict: str
    tone: Tone = "info"
    mistakes: tuple[Mistake, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "mistakes": [m.to_json() for m in self.mistakes]}


def join_words(words: Sequence[str], last: str = "and") -> str:
    """A list as a sentence says it: "a", "a and b", "a, b and c" (or "a, b or c")."""
    words = list(words)
    if len(words) <= 2:
        return f" {last} ".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def jsonable(value: Any) -> Any:
    """Tuples become lists (a cell (3, 4) is [3, 4] in JSON); other values stay as they are."""
    if isinstance(value, tuple):
        return [jsonable(v) for v in value]
    return value
