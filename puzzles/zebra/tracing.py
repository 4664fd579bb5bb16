"""A propagation told event by event: what each constraint narrowed, traced back from a dead end, said as links.

`told_settle` propagates as `solver.settle` does, noting each narrowing;
`traced` keeps the events the dead end rests on (links nothing after uses
go); `links` tells them, each with its clue or rule, a supposition inside
another told in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from puzzles.zebra.known import (
    Known,
    Setting,
    needed_only,
)
from puzzles.zebra.solver import (
    Channel,
    Constraint,
    Model,
    bits,
    narrowed,
    revise,
)
from puzzles.zebra.telling import (
    at_words,
    event_words,
    noun,
    ruled_out,
    thing,
    value_name,
)


class Event(NamedTuple):
    """One narrowing in a propagation: by which clue (-1: each value once), of which value (-1: the constraint
    failed), to which places, and the variables the constraint looked at."""

    clue: int
    value: int
    places: int
    scope: tuple[int, ...]
    reads: tuple[int, ...] = ()  # the scope's domains the constraint read
    constraint: Constraint | None = None  # None: a supposition inside another, refuted (clue SUPPOSED)


SUPPOSED = -2  # an event's clue when a supposition inside another was refuted: its value then has its places left


def told_settle(setting: Setting, model: Model, domains: list[int]) -> tuple[bool, list[Event]]:
    """Propagate as `settle` does, noting each variable narrowed (a channel's too) and, last, the constraint that
    failed.  A constraint none of whose variables narrowed since it was asked is not asked again (it would narrow
    nothing: a table or a category is at its own fixed point once revised; a channel is asked after its own)."""
    events: list[Event] = []
    stale = [True] * len(model.constraints)  # whether a variable of the constraint narrowed since it was asked
    changed = True
    while changed:
        changed = False
        for i, constraint in enumerate(model.constraints):
            if not stale[i]:
                continue
            reads = tuple([domains[x] for x in constraint.scope])
            moved = revise(model, constraint, domains)
            if moved is None:
                events.append(Event(constraint.clue, -1, 0, constraint.scope, reads, constraint))
                return False, events
            if not moved:
                stale[i] = False
                continue
            changed = True
            events += [Event(constraint.clue, x, domains[x], constraint.scope, reads, constraint) for x in moved]
            for x in moved:
                for j in model.watch[x]:
                    stale[j] = True
            stale[i] = isinstance(constraint, Channel) and bool(moved)
    return True, events


def traced(model: Model, base: Sequence[int], events: list[Event]) -> tuple[list[Event], set[tuple[int, int]]]:
    """The events a dead end rests on, object by object: going back from it, each event that first ruled out an
    object of a value some kept event needed out, where the fewest such objects its constraint needed are found by
    putting back, value by value then object by object, those it does without.  Links nothing after uses go.
    With them, the objects already ruled out in `base` they need."""
    first: dict[tuple[int, int], int] = {}
    gone = list(base)
    for i, event in enumerate(events):
        if event.value >= 0:
            for p in bits(gone[event.value] & ~event.places):
                first.setdefault((event.value, p), i)
            gone[event.value] &= event.places
    needed_out = set(reasons(model, base, events[-1], ()))
    kept = [events[-1]]
    for i in range(len(events) - 2, -1, -1):
        wanted = tuple((v, p) for (v, p), j in first.items() if j == i and (v, p) in needed_out)
        if wanted and events[i].value >= 0:
            kept.append(events[i])
            needed_out.update(reasons(model, base, events[i], wanted))
    return kept[::-1], needed_out - first.keys()


def reasons(
    model: Model, base: Sequence[int], event: Event, wanted: tuple[tuple[int, int], ...]
) -> list[tuple[int, int]]:
    """The fewest objects ruled out before `event` (from `base`) that its constraint needs to fail (`wanted` empty)
    or to rule out the `wanted` (value, object) pairs; a refuted inner supposition needs all it reads as out."""
    out = [(x, p) for x, d in zip(event.scope, event.reads, strict=True) for p in bits(base[x] & ~d)]
    if event.constraint is None:
        return out
    scope, constraint = event.scope, event.constraint

    def enough(kept: list[tuple[int, int]]) -> bool:
        domains = [base[x] for x in scope]
        for x, p in kept:
            domains[scope.index(x)] &= ~(1 << p)
        after = narrowed(model, constraint, domains)
        return after is None or all(not after[scope.index(v)] >> p & 1 for v, p in wanted) and bool(wanted)

    for x in dict.fromkeys(x for x, _ in out):
        if enough(fewer := [(y, p) for y, p in out if y != x]):
            out = fewer
    return needed_only(out, enough)


def looked_back(events: list[Event]) -> list[Event]:
    """The events a dead end may rest on, found cheaply: going back from it, those that narrowed a variable a kept
    one looked at (`traced` finds those it does rest on, at more cost)."""
    looked, kept = set(events[-1].scope), [events[-1]]
    for event in reversed(events[:-1]):
        if event.value in looked:
            kept.append(event)
            looked.update(event.scope)
    return kept


def chain(known: Known, model: Model, x: int, o: int, base: list[int], events: list[Event], inner: Inner) -> str:
    """A supposition followed, link by link, by what propagation made of it that leads to its dead end."""
    supposing = f"Suppose {value_name(known.puzzle, x)} were {at_words(known.puzzle, 1 << o)}"
    return f"{supposing}: then {links(known, model, base, events, inner)}: a contradiction"


Inner = dict[tuple[int, int], tuple[list[int], list[Event]]]
"""A supposition inside another, refuted: the domains it started from and its propagation to a dead end."""


def links(known: Known, model: Model, base: list[int], events: list[Event], inner: Inner) -> str:
    """The links a dead end rests on, each with its clue or rule; a supposition inside, refuted, told in full;
    links in a row by which one rule rules values out of the same objects, told as one."""
    puzzle, said, folding, last = known.puzzle, [], [], None
    for event in traced(model, base, events)[0]:
        source = "each value once" if event.clue < 0 else f"clue {event.clue + 1}"
        if event.constraint is None:
            y, p = event.value, bits(event.reads[0] & ~event.places)[0]
            also = f"suppose also {value_name(puzzle, y)} were {at_words(puzzle, 1 << p)}"
            refuted = f"so {value_name(puzzle, y)} is {at_words(puzzle, 1 << p, False)}"
            said.append(f"{also}: then {links(known, model, *inner[(y, p)], {})}: a contradiction, {refuted}")
        elif event.value >= known.setting.values:
            continue  # a comparison's channel: its clue is told where it narrows a value
        elif event.value >= 0:
            before = event.reads[event.scope.index(event.value)]
            out = ruled_out(event.places, before)
            if out and last == (source, out):
                folding.append(event.value)
                said[-1] = event_words(puzzle, source, folding, event.places, before)
            else:
                folding = [event.value]
                said.append(event_words(puzzle, source, folding, event.places, before))
            last = (source, out) if out else None
            continue
        elif event.clue >= 0:
            said.append(f"{source} cannot hold")
        else:
            category = noun(puzzle.categories[min(event.scope) // puzzle.n])
            said.append(f"the {category} values no longer fit one to each {thing(puzzle)}")
        last = None
    return ", then ".join(said)
