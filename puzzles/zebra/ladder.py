"""How a person solves a logic grid, one deduction at a time: the ladder, cheapest rung first.

What is known is the grid of marks: for every value of every category, the
objects (houses, or the key's values) it may still be at.  A step settles
facts "value v of category c is (or is not) at object o", names the clues it
uses, quotes them in the puzzle's own words, and says where to look.

1. one clue alone: what a clue says by itself, before anything else is known
   (`Milk is drunk in the middle house`: milk is in house 3; `the green house
   is right of the ivory house`: green is not in house 1);
2. each value once: a value placed leaves its object to no other value of its
   category; an object that only one value of a category can still take has it;
3. transitivity: a clue that pairs two values (`the Englishman lives in the
   red house`, or does not) carries what is known of one to the other;
4. one clue over the places left: next to, left of, between, more or less
   than (with amounts), read against what is known (`the Norwegian is in
   house 1 and lives next to the blue house`: house 1 has one neighbour);
5. two clues together: a place that two clues (or one), with each value
   once, cannot allow: "suppose jan were in house 1: then clue 2 puts the
   Japanese in house 2, then clue 3 puts June there too: a contradiction";
6. three clues together, and
7. four clues together: the same with three or four clues (the Einstein
   puzzle needs a few of these, and one trial);
8. trial, said plainly: suppose a value at an object; every clue's
   propagation then runs into a dead end, so it is not there (or, when
   propagation cannot show it, a search of the rest finds no way).

Rungs 1, 3 and 4 narrow one clue's tables (the solver's own propagation,
`solver.settle`) over the marks.  Rungs 5 to 8 start from the places all the
clues together refute (each supposed in turn and propagated), find the few
clues each refutation rests on, and tell the propagation of those clues alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import combinations
from typing import NamedTuple

from puzzles.core import Budget, Deadline, OutOfBudget, ShouldStop, never
from puzzles.steps import Path, Rung, Step, walk
from puzzles.zebra.count.search import satisfiable
from puzzles.zebra.model import Atom, Between, Category, Gap, HowMany, Place, Puzzle, Ref
from puzzles.zebra.reader.vocabulary import stem
from puzzles.zebra.solver import Apart, Constraint, Model, bits, model_of, revise, settle, single, watching
from puzzles.zebra.telling import (
    Spot,
    at_words,
    event_words,
    quoted,
    reason,
    settled,
    value_name,
    where_now,
)

GROUP_MOST = 3  # clues searched for the fewest that refute a place (four are found by leaving clues out)
GROUP_SEARCH = 12  # clues a refutation rests on, searched for the fewest that do it (up to GROUP_MOST of them)
TRIAL_SEARCH = Budget(work=2_000)  # search nodes per supposition, when propagation alone does not refute one
CHAIN_SHOWN = 12  # events of a propagation told in a supposition's sentence; more are cut in the middle


@dataclass(frozen=True)
class Setting:
    """The puzzle with what every step asks of it, made once: its model, each clue's part, what each clue says alone."""

    puzzle: Puzzle
    model: Model
    parts: tuple[Model, ...]  # per clue, the solver's constraints of that clue only
    alone: tuple[tuple[int, ...] | None, ...]  # per clue, each value's places by that clue alone (None: it cannot hold)
    aparts: tuple[Constraint, ...]  # each value once, per free category
    deadline: Deadline  # the walk's: its clock and cancel check are asked inside the costly rungs

    @property
    def values(self) -> int:
        return len(self.model.cells)


def setting_of(puzzle: Puzzle, deadline: Deadline) -> Setting:
    model = model_of(puzzle)
    parts = tuple(part(model, [c for c in model.constraints if c.clue == k]) for k in range(len(puzzle.clues)))
    aparts = tuple(c for c in model.constraints if isinstance(c, Apart))
    cells = len(model.cells)
    alone = tuple(narrowed_from(model, p, list(model.start[:cells])) for p in parts)
    return Setting(puzzle, model, parts, alone, aparts, deadline)


def part(model: Model, constraints: Sequence[Constraint]) -> Model:
    """A model of some of the constraints only, over the same variables."""
    return Model(model.n, model.start, tuple(constraints), model.cells, model.free, watching(constraints, model.size))


def narrowed_from(model: Model, part_: Model, cells: list[int]) -> tuple[int, ...] | None:
    """Each value's places once `part_` has its say over `cells` (None: it cannot hold)."""
    domains = cells + list(model.start[len(cells) :])
    return tuple(domains[: len(cells)]) if settle(part_, domains) else None


@dataclass(frozen=True)
class Known:
    """The marks: per value (category * n + value) the objects it may still be at, and the clues that narrowed it."""

    setting: Setting
    domains: tuple[int, ...]
    because: tuple[frozenset[int], ...]  # per value, the clues of the last step that narrowed it

    @property
    def puzzle(self) -> Puzzle:
        return self.setting.puzzle

    @cached_property
    def refutable(self) -> tuple[tuple[int, int], ...]:
        """The places (value, object) all the clues together refute, fewest places first.

        No group of clues refutes a place that all of them do not (propagating fewer constraints
        leaves more), so the group rungs and trial only look at these.
        """
        by_choices = sorted(open_values(self), key=lambda x: self.domains[x].bit_count())
        tries = [(x, o) for x in by_choices for o in bits(self.domains[x])]
        return tuple((x, o) for x, o in tries if not settle(self.setting.model, supposed(self, x, o)))

    @cached_property
    def refuting(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """The few clues found so far that refute a place (filled in as the group rungs ask)."""
        return {}

    def clues_refuting(self, x: int, o: int) -> tuple[int, ...]:
        if (x, o) not in self.refuting:
            self.refuting[(x, o)] = fewest_refuting(self, x, o)
        return self.refuting[(x, o)]


def known_of(puzzle: Puzzle, told: Sequence[Step] = (), deadline: Deadline | None = None) -> Known:
    """The marks the clues start from, with the steps already `told` (hints taken) applied."""
    setting = setting_of(puzzle, deadline or Deadline(None))
    cells = setting.values
    known = Known(setting, setting.model.start[:cells], (frozenset(),) * cells)
    for step in told:
        known = apply(known, step)
    return known


def step_of(
    rule: str, known: Known, clues: Sequence[int], spots: Sequence[Spot], after: dict[int, int], why: str
) -> Step:
    """A step that narrows values to `after`, told as `why` followed by what it settles."""
    facts, said = settled(known.puzzle, known.domains, after)
    uses = tuple(f"clue {k + 1}" for k in sorted(set(clues)))
    where = (*(("clue", k) for k in sorted(set(clues))), *dict.fromkeys(spots))
    return Step(rule, f"{why}, so {said}.", uses, where, facts)


# ---------------------------------------------------------------- what clues name


def refs_of(atom: Atom) -> list[Ref]:
    if isinstance(atom, HowMany):
        return [ref for inner in atom.atoms for ref in refs_of(inner)]
    if isinstance(atom, Place):
        return [atom.a]
    if isinstance(atom, Between):
        return [atom.a, atom.b, atom.c]
    return [atom.a, atom.b]


def named(known: Known, k: int) -> list[int]:
    """The values clue k names, as variables, the key's left out (they name the objects)."""
    puzzle = known.puzzle
    refs = [ref for atom in puzzle.clues[k].atoms for ref in refs_of(atom) if ref[0] != puzzle.key]
    return list(dict.fromkeys(c * puzzle.n + v for c, v in refs))


def pairs_values(atom: Atom) -> bool:
    """Whether an atom only says two values are together (`same`) or apart (`differ`)."""
    if isinstance(atom, Gap):
        return atom.gaps == frozenset({0})
    return isinstance(atom, HowMany) and len(atom.atoms) == 1 and atom.high == 0 and pairs_values(atom.atoms[0])


def pairing(known: Known, k: int) -> bool:
    """Whether clue k only pairs values (transitivity) rather than placing or comparing them."""
    atoms = known.puzzle.clues[k].atoms
    return bool(atoms) and all(pairs_values(atom) for atom in atoms)


def context(known: Known, xs: Sequence[int]) -> tuple[str, list[int]]:
    """What the marks already say of these values, with the clues behind it: `the Norwegian is in house 1 (clue 10)`."""
    puzzle, full = known.puzzle, (1 << known.puzzle.n) - 1
    said, clues = [], []
    for x in xs:
        mask = known.domains[x]
        if mask != full:
            said.append(where_now(puzzle, x, mask) + reason(known.because[x]))
            clues += known.because[x]
    return "; ".join(said), clues


# ---------------------------------------------------------------- the grid's words


PERSON_WORDS = frozenset({"name", "person", "people", "who"})  # a key of these names people: `each person has one pet`
MASS_NOUNS = frozenset({"music", "food", "clothing", "jewelry", "jewellery", "furniture", "hair", "money", "art"})


def name_words(category: Category) -> list[str]:
    """A category's name as words of a sentence: lower case but acronyms, a note in brackets (`(dollars)`) left out."""
    words = re.sub(r"\s*\(.*?\)", "", category.name).split() or [category.name]
    return [w if w.isupper() and len(w) > 1 else w.lower() for w in words]


def noun(category: Category) -> str:
    """A category's name singular, as a sentence says it: `weights` is weight, `Cigarettes` cigarette."""
    *before, head = name_words(category)
    return " ".join([*before, head if head.isupper() else stem(head)])


def one_value(category: Category) -> str:
    """What one value of a category is (`each person has one weight`): a category named by its unit (`Days`: 2, 3,
    4) has a number of them, not a day; `Music` a kind of music."""
    one, head, scale = noun(category), name_words(category)[-1], category.scale
    if scale is not None and scale.kind == "number" and head in scale.unit.names and not one.endswith(head):
        return f"number of {head}"
    return f"kind of {one}" if one in MASS_NOUNS else one


def thing(puzzle: Puzzle) -> str:
    """What the objects are called, one of them: a house, or the key's noun (a person where it names people)."""
    if puzzle.key is None:
        return "house"
    one = noun(puzzle.categories[puzzle.key])
    return "person" if one.split()[-1] in PERSON_WORDS else one


def things(puzzle: Puzzle) -> str:
    """The objects, more than one: houses, people, customers."""
    one = thing(puzzle)
    if one == "person":
        return "people"
    if re.search(r"[^aeiou]y$", one):
        return one[:-1] + "ies"
    return one + ("es" if one.endswith(("s", "x", "ch", "sh")) else "s")


# ---------------------------------------------------------------- the rungs


def one_clue_alone(known: Known) -> Iterator[Step]:
    for k, alone in enumerate(known.setting.alone):
        if alone is None:
            continue
        after = {x: d & alone[x] for x, d in enumerate(known.domains) if d & ~alone[x]}
        if after:
            yield step_of("one clue alone", known, [k], values_spots(known, after), after, quoted(known.puzzle, k)[:-1])


def values_spots(known: Known, xs: Iterable[int]) -> list[Spot]:
    return [("value", *divmod(x, known.puzzle.n)) for x in xs]


def each_value_once(known: Known) -> Iterator[Step]:
    yield from placed_leaves_object(known)
    yield from only_taker(known)
    yield from shared_places(known)


def category_values(known: Known, c: int) -> range:
    n = known.puzzle.n
    return range(c * n, c * n + n)


def placed_leaves_object(known: Known) -> Iterator[Step]:
    puzzle = known.puzzle
    for c in puzzle.free:
        for x in category_values(known, c):
            mask = known.domains[x]
            others = [y for y in category_values(known, c) if y != x and known.domains[y] & mask]
            if mask and single(mask) and others:
                o = bits(mask)[0]
                said, clues = context(known, [x])
                why = f"{said[0].upper()}{said[1:]}, and each {thing(puzzle)} has one {one_value(puzzle.categories[c])}"
                after = {y: known.domains[y] & ~mask for y in others}
                yield step_of("each value once", known, clues, [("column", c, o)], after, why)


def only_taker(known: Known) -> Iterator[Step]:
    puzzle = known.puzzle
    for c in puzzle.free:
        for o in range(puzzle.n):
            takers = [x for x in category_values(known, c) if known.domains[x] >> o & 1]
            if len(takers) == 1 and not single(known.domains[takers[0]]):
                others = [y for y in category_values(known, c) if y != takers[0]]
                clues = sorted({k for y in others for k in known.because[y]})
                why = (
                    f"No {one_value(puzzle.categories[c])} but {value_name(puzzle, takers[0])} can still be "
                    f"{at_words(puzzle, 1 << o)}{reason(clues)}"
                )
                after = {takers[0]: 1 << o}
                yield step_of("each value once", known, clues, [("column", c, o)], after, why)


def shared_places(known: Known) -> Iterator[Step]:
    """Two or three values of a category that can only be in as many objects between them keep the others out."""
    puzzle = known.puzzle
    for c in puzzle.free:
        open_ = [x for x in category_values(known, c) if not single(known.domains[x])]
        for size in (2, 3):
            for group in combinations(open_, size):
                union = 0
                for x in group:
                    union |= known.domains[x]
                others = [y for y in open_ if y not in group and known.domains[y] & union]
                if union.bit_count() == size and others:
                    said, clues = context(known, group)
                    values = f"{size} {noun(puzzle.categories[c])} values for {size} {things(puzzle)}"
                    why = f"{said[0].upper()}{said[1:]}: {values}"
                    after = {y: known.domains[y] & ~union for y in others}
                    yield step_of("each value once", known, clues, values_spots(known, group), after, why)


def clue_over_marks(known: Known, k: int, rule: str) -> Iterator[Step]:
    setting = known.setting
    now = narrowed_from(setting.model, setting.parts[k], list(known.domains))
    if now is None:
        return
    after = {x: m for x, m in enumerate(now) if m != known.domains[x]}
    if after:
        xs = named(known, k)
        said, clues = context(known, xs)
        why = quoted(known.puzzle, k)[:-1] + (f". {said[0].upper()}{said[1:]}" if said else "")
        yield step_of(rule, known, [k, *clues], values_spots(known, [*xs, *after]), after, why)


def transitivity(known: Known) -> Iterator[Step]:
    for k in range(len(known.puzzle.clues)):
        if pairing(known, k):
            yield from clue_over_marks(known, k, "transitivity")


def one_clue_left(known: Known) -> Iterator[Step]:
    for k in range(len(known.puzzle.clues)):
        if not pairing(known, k):
            yield from clue_over_marks(known, k, "one clue over the places left")


def fewest_refuting(known: Known, x: int, o: int) -> tuple[int, ...]:
    """The fewest clues that, with each value once, refute value x at object o (up to three; else a few none
    of which can be left out).

    The clues the propagation's dead end rests on are searched for one, two or three that do it alone;
    failing that, each clue the rest can do without is left out.
    """
    setting = known.setting
    spent(setting.deadline)
    events = told_settle(setting, setting.model, supposed(known, x, o))[1]
    clues = sorted({event.clue for event in needed(events) if event.clue >= 0})
    if not refutes(known, clues, x, o):
        clues = [k for k, p in enumerate(setting.parts) if p.constraints]
    for size in range(1, min(len(clues), GROUP_MOST + 1)):
        for group in combinations(clues, size) if len(clues) <= GROUP_SEARCH else ():
            if refutes(known, group, x, o):
                return group
    for k in list(clues):
        if refutes(known, fewer := [c for c in clues if c != k], x, o):
            clues = fewer
    return tuple(clues)


def spent(deadline: Deadline) -> None:
    """Stop a costly rung when the walk is cancelled (`Stopped`) or its clock has run out (`OutOfBudget`)."""
    if deadline.expired(0):
        raise OutOfBudget


def together(known: Known, clues: Sequence[int]) -> Model:
    setting = known.setting
    return part(setting.model, [c for k in clues for c in setting.parts[k].constraints] + list(setting.aparts))


def refutes(known: Known, clues: Sequence[int], x: int, o: int) -> bool:
    return not settle(together(known, clues), supposed(known, x, o))


def clues_together(known: Known, fewest: int, most: int, rule: str) -> Iterator[Step]:
    """A place that a few clues, with each value once, cannot all allow: told as the supposition fails."""
    for x, o in known.refutable:
        clues = known.clues_refuting(x, o)
        if fewest <= len(clues) <= most:
            yield supposition_step(rule, known, x, o, clues)


def supposition_step(rule: str, known: Known, x: int, o: int, clues: Sequence[int]) -> Step:
    """Value x is not at object o: the clues quoted, then the supposition and its propagation to a dead end."""
    events = told_settle(known.setting, together(known, clues), supposed(known, x, o))[1]
    quotes = "".join(f"{quoted(known.puzzle, k)} " for k in clues)
    after = {x: known.domains[x] & ~(1 << o)}
    step = step_of(rule, known, clues, values_spots(known, [x]), after, quotes + chain(known, x, o, events))
    return replace(step, trial=rule == "trial")


def two_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 1, 2, "two clues together")


def three_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 3, 3, "three clues together")


def four_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 4, 4, "four clues together")


def trial(known: Known) -> Iterator[Step]:
    """The last rung: a supposition the clues refute, told as propagation unfolds it (or, failing that, a search)."""
    if known.refutable:
        x, o = min(known.refutable, key=lambda xo: len(known.clues_refuting(*xo)))
        yield supposition_step("trial", known, x, o, known.clues_refuting(x, o))
        return
    setting = known.setting
    by_choices = sorted(open_values(known), key=lambda x: known.domains[x].bit_count())
    for x, o in ((value, o) for value in by_choices for o in bits(known.domains[value])):
        spent(setting.deadline)
        if satisfiable(replace(setting.model, start=tuple(supposed(known, x, o))), Deadline(TRIAL_SEARCH)) is False:
            supposing = f"Suppose {value_name(known.puzzle, x)} were {at_words(known.puzzle, 1 << o)}"
            text = f"{supposing}: a search of every way to fill the rest of the grid finds none that keeps every clue"
            after = {x: known.domains[x] & ~(1 << o)}
            yield replace(step_of("trial", known, (), values_spots(known, [x]), after, text), trial=True)
            return


def open_values(known: Known) -> list[int]:
    return [x for x, d in enumerate(known.domains) if d and not single(d)]


def supposed(known: Known, x: int, o: int) -> list[int]:
    domains = list(known.domains) + list(known.setting.model.start[known.setting.values :])
    domains[x] = 1 << o
    return domains


class Event(NamedTuple):
    """One narrowing in a propagation: by which clue (-1: each value once), of which value (-1: the constraint
    failed), to which places, and the variables the constraint looked at."""

    clue: int
    value: int
    places: int
    scope: tuple[int, ...]


def told_settle(setting: Setting, model: Model, domains: list[int]) -> tuple[bool, list[Event]]:
    """Propagate as `settle` does, noting each value narrowed and, last, the constraint that failed."""
    events: list[Event] = []
    changed = True
    while changed:
        changed = False
        for constraint in model.constraints:
            before = list(domains)
            moved = revise(model, constraint, domains)
            if moved is None:
                events.append(Event(constraint.clue, -1, 0, constraint.scope))
                return False, events
            changed = changed or bool(moved)
            events += [
                Event(constraint.clue, x, domains[x], constraint.scope)
                for x in moved
                if x < setting.values and domains[x] != before[x]
            ]
    return True, events


def needed(events: list[Event]) -> list[Event]:
    """The events the failure rests on: going back from it, those that narrowed a value a kept one looked at."""
    looked, kept = set(events[-1].scope), [events[-1]]
    for event in reversed(events[:-1]):
        if event.value in looked:
            kept.append(event)
            looked.update(event.scope)
    kept.reverse()
    return [e for i, e in enumerate(kept) if not any(later.value == e.value for later in kept[i + 1 :])]


def chain(known: Known, x: int, o: int, events: list[Event]) -> str:
    """A supposition followed by what propagation made of it that leads to its dead end."""
    puzzle = known.puzzle
    said = []
    for event in needed(events):
        source = "each value once" if event.clue < 0 else f"clue {event.clue + 1}"
        if event.value >= 0:
            said.append(event_words(puzzle, source, event.value, event.places))
        elif event.clue >= 0:
            said.append(f"{source} cannot hold")
        else:
            category = noun(puzzle.categories[min(event.scope) // puzzle.n])
            said.append(f"the {category} values no longer fit one to each {thing(puzzle)}")
    if len(said) > CHAIN_SHOWN:
        said = [*said[: CHAIN_SHOWN - 2], "…", *said[-2:]]
    supposing = f"Suppose {value_name(puzzle, x)} were {at_words(puzzle, 1 << o)}"
    return f"{supposing}: then {', then '.join(said)}: a contradiction"


LADDER: tuple[Rung[Known], ...] = (
    Rung("one clue alone", "what a clue says by itself, before anything else is known", one_clue_alone),
    Rung("each value once", "a placed value keeps others off its object; a lone taker has it", each_value_once),
    Rung("transitivity", "a clue pairing two values carries what is known of one to the other", transitivity),
    Rung("one clue over the places left", "next to, left of, between, more or less, against the marks", one_clue_left),
    Rung("two clues together", "a place two clues cannot both allow, each value once", two_clues),
    Rung("three clues together", "a place three clues cannot all allow, each value once", three_clues),
    Rung("four clues together", "a place four clues cannot all allow, each value once", four_clues),
    Rung("trial", "suppose a place and follow the clues to a contradiction", trial),
)


# ---------------------------------------------------------------- walking


def clues_of(step: Step) -> list[int]:
    return [spot[1] for spot in step.where if spot[0] == "clue"]


def apply(known: Known, step: Step) -> Known:
    n, domains, because = known.puzzle.n, list(known.domains), list(known.because)
    clues = frozenset(clues_of(step))
    for f in step.sets:
        x = f.at[0] * n + f.at[1]
        domains[x] = domains[x] & (1 << f.value) if f.holds else domains[x] & ~(1 << f.value)
        because[x] = clues
    return Known(known.setting, tuple(domains), tuple(because))


def ending(known: Known) -> str | None:
    model = known.setting.model
    if not settle(model, list(known.domains) + list(model.start[known.setting.values :])):
        return "contradiction"
    return None if open_values(known) else "solved"


def steps(
    puzzle: Puzzle,
    *,
    told: Sequence[Step] = (),
    limit: int | None = None,
    budget: Budget | None = None,
    should_stop: ShouldStop = never,
) -> Path:
    """The explained solution, easiest step first, after the steps already `told`; `limit=1` gives the next step."""
    deadline = Deadline(budget, should_stop)
    known, taken = known_of(puzzle, told, deadline), []

    def taking(known: Known, step: Step) -> Known:
        taken.append(step)
        return apply(known, step)

    try:
        return walk(LADDER, known, apply=taking, ended=ending, deadline=deadline, limit=limit)
    except OutOfBudget:
        return Path(tuple(taken), "budget")  # the clock ran out inside a step: the steps before it still hold


def next_step(
    puzzle: Puzzle, *, told: Sequence[Step] = (), budget: Budget | None = None, should_stop: ShouldStop = never
) -> Path:
    """The hint: the easiest deduction from the clues and the steps already told."""
    return steps(puzzle, told=told, limit=1, budget=budget, should_stop=should_stop)
