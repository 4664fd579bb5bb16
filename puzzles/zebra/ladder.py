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
   propagation alone cannot show it, suppositions inside it refuted the same
   way, in turn, until it does: never a search).

Rungs 1, 3 and 4 narrow one clue's tables (the solver's own propagation,
`solver.settle`) over the marks.  Rungs 5 to 8 start from the places all the
clues together refute (each supposed in turn and propagated), find the few
clues each refutation rests on, and tell the propagation of those clues alone,
link by link, each link one that a later link or the dead end needs (`traced`).

Every step names the earlier facts it rests on (`Step.premises`, `cited`): the
fewest marks from which its clues and each value once still give what it
settles, folded per value in its text; SAT (`cnf.Selected`) leaves out those the
others imply, and the supposition rungs before trial keep only steps citing
nothing spare.  tests/unit/zebra_entailment.py checks both ways.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import combinations
from typing import NamedTuple

from puzzles.core import Budget, Deadline, OutOfBudget, ShouldStop, never
from puzzles.steps import Fact, Path, Rung, Step, first_found, join_words, walk
from puzzles.zebra.cnf import Selected, boolean
from puzzles.zebra.model import Atom, Between, Category, Gap, HowMany, Place, Puzzle, Ref
from puzzles.zebra.reader.vocabulary import stem
from puzzles.zebra.solver import (
    Apart,
    Channel,
    Constraint,
    Model,
    bits,
    model_of,
    narrowed,
    revise,
    settle,
    single,
    variable,
    watching,
)
from puzzles.zebra.telling import (
    Spot,
    at_words,
    event_words,
    fact,
    quoted,
    reason,
    ruled_out,
    settled,
    value_name,
)

GROUP_MOST = 3  # clues searched for the fewest that refute a place (four are found by leaving clues out)
INNER_TRIES = 6  # suppositions inside another that propagation refutes, tried for one that ends the outer at once
NESTED_TRIES = 3  # suppositions that need others inside them, found for the one needing fewest
TRIAL_TRIES = 8  # refutations, fewest clues first, tried for one that cites nothing spare before the first is taken
GROUP_SEARCH = 12  # clues a refutation rests on, searched for the fewest that do it (up to GROUP_MOST of them)


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

    @cached_property
    def models(self) -> dict[tuple[int, ...], Model]:
        """The models of groups of clues (with each value once) made so far (`together`)."""
        return {}

    @cached_property
    def fixpoints(self) -> dict[tuple[int, int, tuple[int, ...]], tuple[tuple[int, ...], list[int], frozenset[int]]]:
        """Per place and group of clues that did not refute it, the marks it was supposed from, where its
        propagation stopped and the clues that narrowed on the way: from narrower marks, propagation goes on from
        there (`refutes`)."""
        return {}

    @cached_property
    def clauses(self) -> Selected:
        """The puzzle as clauses, each clue's behind a selector: what SAT says a step's clues and premises imply."""
        return Selected(self.model)


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
    because: tuple[frozenset[int], ...]  # per value, the clues of the last step that narrowed it (or of its premises)
    earlier: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    """Clues found to refute a place at earlier marks: they still do."""
    dead_ends: dict[tuple[int, int], list[frozenset[int]]] = field(default_factory=dict, compare=False, repr=False)
    """Per place, the clues that narrowed something in propagations that refuted it, at these marks or earlier:
    any group holding one of them refutes it too (`refutes`)."""

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
        every = [k for k, p in enumerate(self.setting.parts) if p.constraints]
        return tuple((x, o) for x, o in tries if (x, o) in self.earlier or refutes(self, every, x, o))

    @cached_property
    def refuting(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """The few clues found so far that refute a place (filled in as the group rungs ask)."""
        return {}

    @cached_property
    def apart_closed(self) -> tuple[int, ...]:
        """The marks as each value once leaves them (all of the model's variables; none left when it fails)."""
        domains = list(self.domains) + list(self.setting.model.start[self.setting.values :])
        return tuple(domains) if settle(together(self, []), domains) else (0,) * len(domains)

    @cached_property
    def unsettled(self) -> tuple[int, ...]:
        """The variables whose domains differ from the marks once each value once has its say, and the channels'."""
        values = self.setting.values
        return (
            *(x for x in range(values) if self.apart_closed[x] != self.domains[x]),
            *range(values, len(self.apart_closed)),
        )

    @cached_property
    def within(self) -> dict[int, tuple[tuple[int, ...], list[int] | None]]:
        """Per marks (by id, kept) a fixed point was propagated from (`Setting.fixpoints`), the variables these
        marks narrow further (None: they are not within them)."""
        return {}

    def narrowing_since(self, marks: tuple[int, ...]) -> list[int] | None:
        seen = self.within.get(id(marks))
        if seen is None or seen[0] is not marks:
            now = self.apart_closed
            within = all(not a & ~b for a, b in zip(now, marks, strict=True))
            seen = self.within[id(marks)] = (marks, [v for v, b in enumerate(marks) if now[v] != b] if within else None)
        return seen[1]

    @cached_property
    def facts(self) -> dict[int, list[Fact]]:
        """Per value, what the marks say of it (`known_facts`), as asked."""
        return {}

    @cached_property
    def searched(self) -> dict[tuple[int, int], tuple[list[int], int]]:
        """Per place, the clues its dead end rests on, and the size of group of them searched so far in vain."""
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
    rule: str,
    known: Known,
    clues: Sequence[int],
    spots: Sequence[Spot],
    after: dict[int, int],
    why: Callable[[str], str],
    premises: Sequence[Fact],
    placing: bool = True,
) -> Step:
    """A step that narrows values to `after`, told as `why` (given its premises in words) then what it settles
    (`placing`: a value left one object is said to be there)."""
    facts, said = settled(known.puzzle, known.domains, after, placing)
    ks = sorted(set(clues))
    uses = (*(f"clue {k + 1}" for k in ks), *(words for words, _ in premises_said(known, premises)))
    where = (*(("clue", k) for k in ks), *dict.fromkeys(spots))
    return Step(rule, f"{why(told(known, premises))}, so {said}.", uses, where, facts, premises=tuple(premises))


# ---------------------------------------------------------------- the facts a step rests on


def known_facts(known: Known, x: int) -> list[Fact]:
    """What the marks say of value x as facts: its object once placed, else each object ruled out."""
    if x not in known.facts:
        known.facts[x] = facts_of(known, x)
    return known.facts[x]


def facts_of(known: Known, x: int) -> list[Fact]:
    start, mask = known.setting.model.start[x], known.domains[x]
    if mask == start:
        return []
    if mask and single(mask):
        return [fact(known.puzzle, x, bits(mask)[0], True)]
    return [fact(known.puzzle, x, o, False) for o in bits(start & ~mask)]


def domains_of(known: Known, premises: Iterable[Fact]) -> list[int]:
    """The model's domains knowing only `premises` (and the rules' start: a key's values at their own objects)."""
    n, domains = known.puzzle.n, list(known.setting.model.start)
    for f in premises:
        x = f.at[0] * n + f.at[1]
        domains[x] = domains[x] & (1 << f.value) if f.holds else domains[x] & ~(1 << f.value)
    return domains


Gives = Callable[[list[int]], bool]  # whether a step's conclusion follows from these domains, propagated


def narrowing(known: Known, model: Model, after: dict[int, int], placing: bool = True) -> Gives:
    """Whether the facts of narrowing the marks to `after` follow: each object ruled out, each value placed."""
    n, facts = known.puzzle.n, settled(known.puzzle, known.domains, after, placing)[0]
    wanted = [(f.at[0] * n + f.at[1], f.value, f.holds) for f in facts]

    def said(domains: list[int]) -> bool:
        return all(domains[x] == 1 << o if holds else not domains[x] >> o & 1 for x, o, holds in wanted)

    def gives(domains: list[int]) -> bool:  # what holds before propagating holds after (or nothing fits)
        return said(domains) or not settle(model, domains) or said(domains)

    return gives


def refuting(known: Known, model: Model, x: int, o: int, placing: bool, inner: Sequence[tuple[int, int]] = ()) -> Gives:
    """Whether supposing value x at object o runs into a dead end (once the `inner` suppositions are refuted in
    turn), and what the step then says of x follows."""
    rest, dead_end = narrowing(known, model, {x: known.domains[x] & ~(1 << o)}, placing), replayed(model, x, o, inner)

    def gives(domains: list[int]) -> bool:
        supposing = list(domains)
        domains[x] &= ~(1 << o)
        return dead_end(supposing) and rest(domains)

    return gives


def cited(
    known: Known, focus: Sequence[int], gives: Gives, implied: tuple[Sequence[int], Sequence[Fact]] | None = None
) -> tuple[Fact, ...]:
    """The fewest earlier facts (none of which can be left out) from which `gives` still holds: first whole values
    are left out, those away from the `focus` first, then single objects ruled out.  With `implied` (a step's clues
    and facts, where its text tells no chain that needs more) those that SAT finds the others imply are left out."""
    values = list(dict.fromkeys([*focus, *range(known.setting.values)]))
    facts = {x: found for x in values if (found := known_facts(known, x))}
    near = {x: facts[x] for x in focus if x in facts}
    if gives(domains_of(known, flat(near))):
        facts = near
    enough = lambda xs: gives(domains_of(known, flat({x: facts[x] for x in xs})))  # noqa: E731
    kept = flat({x: facts[x] for x in needed_only(list(facts)[::-1], enough, halving=True)[::-1]})
    for f in reversed(kept[:]):
        if not f.holds and gives(domains_of(known, [g for g in kept if g != f])):
            kept.remove(f)
    if implied is not None:
        clues, wanted = implied
        for f in reversed(kept[:]):
            if implies(known, clues, [g for g in kept if g != f], wanted):
                kept.remove(f)
    return tuple(kept)


def literal(known: Known, f: Fact) -> int:
    """A fact as a boolean of the puzzle's clauses, negated where the value is not at the object."""
    at = boolean(known.puzzle.n, f.at[0] * known.puzzle.n + f.at[1], f.value)
    return at if f.holds else -at


def implies(known: Known, clues: Sequence[int], premises: Sequence[Fact], wanted: Sequence[Fact]) -> bool:
    lit = lambda facts: [literal(known, f) for f in facts]  # noqa: E731
    return known.setting.clauses.implies(clues, lit(premises), lit(wanted))


def exact(known: Known, clues: Sequence[int], premises: Sequence[Fact], wanted: Sequence[Fact]) -> bool:
    """Whether no clue and no premise of a step can be left out with what it settles still implied (SAT)."""
    return not any(implies(known, [c for c in clues if c != k], premises, wanted) for k in clues) and not any(
        implies(known, clues, [p for p in premises if p != f], wanted) for f in premises
    )


def flat(facts: dict[int, list[Fact]]) -> list[Fact]:
    return [f for found in facts.values() for f in found]


def premises_said(known: Known, premises: Sequence[Fact]) -> list[tuple[str, list[int]]]:
    """The premises folded into phrases, each with the values it names: `Iowa Falls is with Penny`, `Brownfield
    and Durham are not with Opal or Vicky` (the values with the same objects ruled out said together)."""
    puzzle, n = known.puzzle, known.puzzle.n
    placed = [
        (f"{value_name(puzzle, variable(puzzle, f.at))} is {at_words(puzzle, 1 << f.value)}", [variable(puzzle, f.at)])
        for f in premises
        if f.holds
    ]
    out: dict[int, int] = {}
    for f in premises:
        if not f.holds:
            x = f.at[0] * n + f.at[1]
            out[x] = out.get(x, 0) | 1 << f.value
    by_mask: dict[int, list[int]] = {}
    for x, mask in out.items():
        by_mask.setdefault(mask, []).append(x)
    ruled_out = [
        (
            f"{join_words([value_name(puzzle, x) for x in xs])} {'are' if len(xs) > 1 else 'is'} "
            f"{at_words(puzzle, mask, False)}",
            xs,
        )
        for mask, xs in by_mask.items()
    ]
    return placed + ruled_out


def told(known: Known, premises: Sequence[Fact]) -> str:
    """The premises in words, each phrase with the clues behind it: `Iowa Falls is with Penny (clue 3); ...`."""
    said = premises_said(known, premises)
    return "; ".join(words + reason(frozenset().union(*(known.because[x] for x in xs))) for words, xs in said)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


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
            yield clue_step("one clue alone", known, k, list(after), after)


def clue_step(rule: str, known: Known, k: int, focus: Sequence[int], after: dict[int, int]) -> Step:
    """Clue k narrows values to `after`: the clue quoted, then the earlier facts it is read against."""
    wanted = settled(known.puzzle, known.domains, after)[0]
    premises = cited(known, focus, narrowing(known, together(known, [k]), after), ([k], wanted))
    quote = quoted(known.puzzle, k)[:-1]
    why = lambda said: f"{quote}. {capital(said)}" if said else quote  # noqa: E731
    return step_of(rule, known, [k], values_spots(known, [*focus, *after]), after, why, premises)


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
                rule = f"each {thing(puzzle)} has one {one_value(puzzle.categories[c])}"
                after = {y: known.domains[y] & ~mask for y in others}
                why = lambda said, rule=rule: f"{capital(said)}, and {rule}"  # noqa: E731
                yield rules_step(known, [x, *others], [("column", c, o)], after, why)


def only_taker(known: Known) -> Iterator[Step]:
    puzzle = known.puzzle
    for c in puzzle.free:
        for o in range(puzzle.n):
            takers = [x for x in category_values(known, c) if known.domains[x] >> o & 1]
            if len(takers) == 1 and not single(known.domains[takers[0]]):
                others = [y for y in category_values(known, c) if y != takers[0]]
                only = (
                    f"no {one_value(puzzle.categories[c])} but {value_name(puzzle, takers[0])} can still be "
                    f"{at_words(puzzle, 1 << o)}"
                )
                after = {takers[0]: 1 << o}
                yield rules_step(
                    known, others, [("column", c, o)], after, lambda said, only=only: f"{capital(said)}: {only}"
                )


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
                    values = f"{size} {noun(puzzle.categories[c])} values for {size} {things(puzzle)}"
                    after = {y: known.domains[y] & ~union for y in others}
                    why = lambda said, values=values: f"{capital(said)}: {values}"  # noqa: E731
                    yield rules_step(known, [*group, *others], values_spots(known, group), after, why)


def rules_step(
    known: Known, focus: Sequence[int], spots: Sequence[Spot], after: dict[int, int], why: Callable[[str], str]
) -> Step:
    """A step of each value once alone: the earlier facts it rests on, then the rule."""
    wanted = settled(known.puzzle, known.domains, after)[0]
    premises = cited(known, focus, narrowing(known, together(known, []), after), ([], wanted))
    return step_of("each value once", known, [], spots, after, why, premises)


def clue_over_marks(known: Known, k: int, rule: str) -> Iterator[Step]:
    setting = known.setting
    now = narrowed_from(setting.model, setting.parts[k], list(known.domains))
    if now is None:
        return
    after = {x: m for x, m in enumerate(now) if m != known.domains[x]}
    if after:
        yield clue_step(rule, known, k, named(known, k), after)


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
    of which can be left out): failing a group of up to three (`small_group`), each clue the rest can do
    without is left out."""
    found = small_group(known, x, o, GROUP_MOST)
    if found is not None:
        return found
    clues, _ = known.searched[(x, o)]
    before = known.earlier.get((x, o))
    if before is not None and len(before) < len(clues):
        clues = list(before)
    return tuple(needed_only(clues, lambda fewer: refutes(known, fewer, x, o)))


def needed_only(items: Sequence, enough: Callable[[list], bool], halving: bool = False) -> list:
    """Items none of which can be left out with `enough` still true of the rest, each tried in turn (`halving`:
    first halves of them, then quarters, ..., where most are expected to go)."""
    kept, chunk = list(items), max(1, len(items) // 2) if halving else 1
    while True:
        i = 0
        while i < len(kept):
            if enough(fewer := kept[:i] + kept[i + chunk :]):
                kept = fewer
            else:
                i += chunk
        if chunk == 1:
            return kept
        chunk //= 2


def small_group(known: Known, x: int, o: int, most: int) -> tuple[int, ...] | None:
    """The fewest clues, at most `most`, that refute value x at object o (None: no such few).

    The clues the propagation's dead end rests on are searched for one, two or three that do it alone, each size
    once per marks (`Known.searched`).  Clues that refuted the place before still do (the marks only narrow), so
    only fewer than those are searched.
    """
    if (x, o) in known.refuting:
        group = known.refuting[(x, o)]
        return group if len(group) <= most else None
    clues, done = known.searched.get((x, o)) or (dead_end_clues(known, x, o), 0)
    before = known.earlier.get((x, o))
    top = min(most, GROUP_MOST, len(clues) - 1, GROUP_MOST if before is None else len(before) - 1)
    for size in range(done + 1, top + 1):
        for group in combinations(clues, size) if len(clues) <= GROUP_SEARCH else ():
            if refutes(known, group, x, o):
                known.refuting[(x, o)] = group
                return group
    known.searched[(x, o)] = (clues, done := max(done, top))
    fewest = [tuple(g) for g in (clues, before) if g is not None and len(g) <= min(most, done + 1)]
    if fewest:
        known.refuting[(x, o)] = group = min(fewest, key=len)
        return group
    return None


def dead_end_clues(known: Known, x: int, o: int) -> list[int]:
    """The clues the dead end of supposing x at o rests on (all of them, where those alone do not reach it)."""
    setting = known.setting
    spent(setting.deadline)
    events = told_settle(setting, setting.model, supposed(known, x, o))[1]
    clues = sorted({event.clue for event in looked_back(events) if event.clue >= 0})
    return clues if refutes(known, clues, x, o) else [k for k, p in enumerate(setting.parts) if p.constraints]


def spent(deadline: Deadline) -> None:
    """Stop a costly rung when the walk is cancelled (`Stopped`) or its clock has run out (`OutOfBudget`)."""
    if deadline.expired(0):
        raise OutOfBudget


def together(known: Known, clues: Sequence[int]) -> Model:
    """The model of these clues and each value once (made once per walk: the group rungs ask again and again)."""
    setting, key = known.setting, tuple(sorted(set(clues)))
    if key not in setting.models:
        constraints = [c for k in key for c in setting.parts[k].constraints] + list(setting.aparts)
        setting.models[key] = part(setting.model, constraints)
    return setting.models[key]


def refutes(known: Known, clues: Sequence[int], x: int, o: int) -> bool:
    """Whether these clues, with each value once, refute x at o: propagated from the marks each value once leaves,
    starting from what differs from the marks (every clue is at its fixed point there once the one-clue rungs
    have found nothing: the group rungs come after them).  A group holding the clues an earlier refutation of the
    place used refutes it without propagating (`Known.dead_ends`)."""
    found, group = known.dead_ends.setdefault((x, o), []), set(clues)
    if any(used <= group for used in found):
        return True
    domains, used = list(known.apart_closed), set()
    domains[x] &= 1 << o
    key, changed = (x, o, tuple(sorted(group))), [*known.unsettled, x]
    marks, stopped, before = known.setting.fixpoints.get(key, (None, [], frozenset()))
    since = None if marks is None else known.narrowing_since(marks)
    if since is not None:
        changed = [v for v in since if stopped[v] & ~domains[v]]
        if not changed:
            return False  # the marks narrowed nothing the propagation had left
        domains, now = list(stopped), domains
        for v in changed:
            domains[v] &= now[v]
        used.update(before)
    if settle(together(known, clues), domains, changed, used):
        known.setting.fixpoints[key] = (known.apart_closed, domains, frozenset(used))
        return False
    found.append(frozenset(used - {-1}))
    return True


def clues_together(known: Known, fewest: int, most: int, rule: str) -> Iterator[Step]:
    """A place that a few clues, with each value once, cannot all allow: told as the supposition fails.

    Only those whose clues and premises are all needed (SAT finds none of them spare): the others are left to trial.
    """
    for x, o in known.refutable:
        clues = small_group(known, x, o, most) if most <= GROUP_MOST else known.clues_refuting(x, o)
        if clues is not None and fewest <= len(clues) <= most and (step := exact_supposition(rule, known, x, o, clues)):
            yield step


def supposition_step(rule: str, known: Known, x: int, o: int, clues: Sequence[int], placing: bool = True) -> Step:
    """Value x is not at object o: the clues quoted, the earlier facts they are read against, then the supposition
    and its propagation to a dead end; `placing`: and so x is at the one object left it, where that is so."""
    model = together(known, clues)
    focus = [y for k in clues for y in named(known, k)]
    premises = cited(known, [x, *focus], refuting(known, model, x, o, placing))
    domains = domains_of(known, premises)
    domains[x] = 1 << o
    base = list(domains)
    said_chain = chain(known, model, x, o, base, told_settle(known.setting, model, domains)[1], {})
    quotes = "".join(f"{quoted(known.puzzle, k)} " for k in clues)
    after = {x: known.domains[x] & ~(1 << o)}
    why = lambda said: quotes + (f"{capital(said)}. " if said else "") + said_chain  # noqa: E731
    step = step_of(rule, known, clues, values_spots(known, [x]), after, why, premises, placing)
    return replace(step, trial=True)


def exact_supposition(rule: str, known: Known, x: int, o: int, clues: Sequence[int]) -> Step | None:
    """The supposition step citing nothing SAT finds spare: placing x where that needs no more, else only ruling
    x out of o (a placement can rest on premises the dead end does not need)."""
    for placing in (True, False):
        step = supposition_step(rule, known, x, o, clues, placing)
        if exact(known, clues, step.premises, step.sets):
            return step
    return None


def two_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 1, 2, "two clues together")


def three_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 3, 3, "three clues together")


def four_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 4, 4, "four clues together")


def trial(known: Known) -> Iterator[Step]:
    """The last rung: a supposition the clues refute, told as propagation unfolds it; failing that, one whose
    propagation reaches a dead end once suppositions inside it are refuted the same way (`nested`)."""
    refutable = sorted(known.refutable, key=lambda xo: len(known.clues_refuting(*xo)))
    if refutable:
        clues = known.clues_refuting
        step = first_found(refutable[:TRIAL_TRIES], lambda x, o: exact_supposition("trial", known, x, o, clues(x, o)))
        yield step or supposition_step("trial", known, *refutable[0], clues(*refutable[0]))
        return
    by_choices = sorted(open_values(known), key=lambda x: known.domains[x].bit_count())
    places = [(x, o) for x in by_choices for o in bits(known.domains[x])]
    found = []
    for x, o in places:
        if (inner := nested(known, x, o, min((len(f[2]) for f in found), default=None))) is not None:
            found.append((x, o, inner))
            if len(inner) == 1 or len(found) == NESTED_TRIES:
                break
    if found:
        yield nested_step(known, *min(found, key=lambda f: len(f[2])))


def nested(known: Known, x: int, o: int, fewer_than: int | None = None) -> list[tuple[int, int]] | None:
    """The suppositions inside `x at o` that propagation refutes, in turn, until propagation refutes x at o itself
    (None: it never does, or not with `fewer_than` of them)."""
    setting = known.setting
    domains = supposed(known, x, o)
    settle(setting.model, domains)
    inner: list[tuple[int, int]] = []
    while True:
        spent(setting.deadline)
        refuted = ending_first(setting.model, domains, open_among(setting, domains))
        if refuted is None:
            return None
        inner.append(refuted)
        if fewer_than is not None and len(inner) >= fewer_than:
            return None
        y, p = refuted
        domains[y] &= ~(1 << p)
        if not settle(setting.model, domains):
            return inner


def ending_first(model: Model, domains: list[int], values: list[int]) -> tuple[int, int] | None:
    """The first of a few suppositions (`INNER_TRIES`) that propagation refutes whose refutation leads the outer one
    to its dead end at once (one link less to tell), else the first (None: none is refuted)."""
    refuted = []
    for y, p in ((x, q) for x in values for q in bits(domains[x])):
        if not refuted_in(model, domains, y, p):
            continue
        refuted.append((y, p))
        trying = list(domains)
        trying[y] &= ~(1 << p)
        if not settle(model, trying):
            return y, p
        if len(refuted) == INNER_TRIES:
            break
    return refuted[0] if refuted else None


def open_among(setting: Setting, domains: list[int]) -> list[int]:
    return sorted((y for y in range(setting.values) if not single(domains[y])), key=lambda y: domains[y].bit_count())


def replayed(model: Model, x: int, o: int, inner: Sequence[tuple[int, int]]) -> Gives:
    """Whether, from these domains, supposing x at o and refuting each inner supposition in turn by propagation
    reaches a dead end."""

    def gives(domains: list[int]) -> bool:
        domains[x] = 1 << o
        if not settle(model, domains):
            return True
        for y, p in inner:
            if not refuted_in(model, domains, y, p):
                return False
            domains[y] &= ~(1 << p)
            if not settle(model, domains):
                return True
        return False

    return gives


def refuted_in(model: Model, domains: list[int], y: int, p: int) -> bool:
    trying = list(domains)
    trying[y] = 1 << p
    return not settle(model, trying)


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
            reads = tuple(domains[x] for x in constraint.scope)
            moved = revise(model, constraint, domains)
            if moved is None:
                events.append(Event(constraint.clue, -1, 0, constraint.scope, reads, constraint))
                return False, events
            changed = changed or bool(moved)
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


def nested_events(
    known: Known, model: Model, domains: list[int], x: int, o: int, inner: Sequence[tuple[int, int]]
) -> tuple[list[int], list[Event], Inner]:
    """The propagation of `x at o` (the domains it starts from, its events), each inner supposition's refutation
    one event (its own propagation kept apart) that needs what the outer one ruled out and its dead end uses."""
    setting, domains = known.setting, list(domains)
    domains[x] = 1 << o
    base = list(domains)
    ok, events = told_settle(setting, model, domains)
    told: Inner = {}
    for y, p in inner:
        if not ok:
            break
        trying = list(domains)
        trying[y] = 1 << p
        told[(y, p)] = (list(trying), told_settle(setting, model, trying)[1])
        needs = [(v, q) for v, q in traced(model, *told[(y, p)])[1] if v != y]
        scope = (y, *sorted({v for v, _ in needs}))
        reads = (domains[y], *(base[v] & ~sum(1 << q for w, q in needs if w == v) for v in scope[1:]))
        domains[y] &= ~(1 << p)
        events.append(Event(SUPPOSED, y, domains[y], scope, reads))
        ok, more = told_settle(setting, model, domains)
        events += more
    return base, events, told


def nested_step(known: Known, x: int, o: int, inner: Sequence[tuple[int, int]]) -> Step:
    """Value x is not at object o: supposed there, suppositions inside it refuted in turn lead to a dead end."""
    setting = known.setting
    clues = [k for k, p in enumerate(setting.parts) if p.constraints]
    clues = needed_only(clues, lambda fewer: replayed(together(known, fewer), x, o, inner)(supposed(known, x, o)))
    model = together(known, clues)
    premises = cited(known, [x], refuting(known, model, x, o, True, inner))
    base, events, told = nested_events(known, model, domains_of(known, premises), x, o, inner)
    quotes = "".join(f"{quoted(known.puzzle, k)} " for k in clues)
    after = {x: known.domains[x] & ~(1 << o)}
    said_chain = chain(known, model, x, o, base, events, told)
    why = lambda said: quotes + (f"{capital(said)}. " if said else "") + said_chain  # noqa: E731
    return replace(step_of("trial", known, clues, values_spots(known, [x]), after, why, premises), trial=True)


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
    reasons = (known.because[variable(known.puzzle, f.at)] for f in step.premises)
    clues = frozenset(clues_of(step)) or frozenset().union(*reasons)
    for f in step.sets:
        x = f.at[0] * n + f.at[1]
        domains[x] = domains[x] & (1 << f.value) if f.holds else domains[x] & ~(1 << f.value)
        because[x] = clues
    dead_ends = {place: list(used) for place, used in known.dead_ends.items()}  # the earlier marks keep theirs
    return Known(known.setting, tuple(domains), tuple(because), known.earlier | known.refuting, dead_ends)


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
