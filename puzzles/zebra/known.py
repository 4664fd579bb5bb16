"""What is known of a logic grid while it is explained, and setting a fact: the marks and the puzzle behind them.

`Setting` is the puzzle with what every step asks of it, made once per walk
(its model, each clue's part, the models of groups of clues, the fixed points
propagation reached); `Known` the marks, what each step narrowed them with,
and what earlier marks found of the places the clues refute (`refutes`);
`apply` sets a step's facts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from puzzles.core import Deadline, OutOfBudget
from puzzles.steps import Fact, Step
from puzzles.zebra.cnf import Selected
from puzzles.zebra.model import Atom, Between, HowMany, Place, Puzzle, Ref
from puzzles.zebra.solver import (
    Apart,
    Constraint,
    Model,
    bits,
    model_of,
    settle,
    single,
    variable,
    watching,
)


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
    def fixpoints(self) -> dict[tuple[int, int, tuple[int, ...]], tuple[tuple[int, ...], ...]]:
        """Per place and group of clues that did not refute it, the marks it was supposed from, where its
        propagation stopped and the clues that narrowed on the way: from narrower marks, propagation goes on from
        there (`refutes`).  All tuples of numbers, which the garbage collector stops tracking: thousands are kept."""
        return {}

    @cached_property
    def trimmed(self) -> dict[tuple[int, int], tuple[tuple[int, ...], list[int], list[list[int]], tuple[int, ...]]]:
        """Per place whose clues were trimmed one by one to those none can be left out (`fewest_refuting`): the marks
        it was done at, the clues trimmed, the groups found not to refute it and the clues kept.  At narrower marks
        the groups that refuted it still do, so where those that did not still do not, trimming keeps the same."""
        return {}

    @cached_property
    def inexact(self) -> set[tuple[int, int, tuple[int, ...], tuple[Fact, ...]]]:
        """The suppositions (place, clues, the facts of the values they name) found citing something SAT finds
        spare, where those facts were all they rested on (`exact_supposition`)."""
        return set()

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
    dead_ends: dict[tuple[int, int], tuple[frozenset[int], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
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
    def missed(self) -> dict[tuple[int, int], tuple[list[list[int]], list[frozenset[int]], dict[int, bool]]]:
        """Per place, the groups that did not refute it when it was last trimmed (`Setting.trimmed`, by identity),
        as sets, and per one asked whether it refutes it at these marks."""
        return {}

    @cached_property
    def searched(self) -> dict[tuple[int, int], tuple[list[int], int]]:
        """Per place, the clues its dead end rests on, and the size of group of them searched so far in vain."""
        return {}


def known_of(puzzle: Puzzle, told: Sequence[Step] = (), deadline: Deadline | None = None) -> Known:
    """The marks the clues start from, with the steps already `told` (hints taken) applied."""
    setting = setting_of(puzzle, deadline or Deadline(None))
    cells = setting.values
    known = Known(setting, setting.model.start[:cells], (frozenset(),) * cells)
    for step in told:
        known = apply(known, step)
    return known


def open_values(known: Known) -> list[int]:
    return [x for x, d in enumerate(known.domains) if d and not single(d)]


def supposed(known: Known, x: int, o: int) -> list[int]:
    domains = list(known.domains) + list(known.setting.model.start[known.setting.values :])
    domains[x] = 1 << o
    return domains


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
    found, group = known.dead_ends.get((x, o), ()), set(clues)
    if any(used <= group for used in found):
        return True
    domains, used = list(known.apart_closed), set()
    domains[x] &= 1 << o
    key, changed = (x, o, tuple(sorted(group))), [*known.unsettled, x]
    marks, stopped, before = known.setting.fixpoints.get(key, (None, (), ()))
    since = None if marks is None else known.narrowing_since(marks)
    if since is not None:
        changed = [v for v in since if stopped[v] & ~domains[v]]
        if not changed:
            return False  # the marks narrowed nothing the propagation had left
        domains, now = list(stopped), domains
        for v in changed:
            domains[v] &= now[v]
        used.update(before)
    if all(domains[v] for v in changed) and settle(together(known, clues), domains, changed, used):
        known.setting.fixpoints[key] = (known.apart_closed, tuple(domains), tuple(used))
        return False
    known.dead_ends[(x, o)] = (*found, frozenset(used - {-1}))  # a new tuple: the earlier marks keep theirs
    return True


def spent(deadline: Deadline) -> None:
    """Stop a costly rung when the walk is cancelled (`Stopped`) or its clock has run out (`OutOfBudget`)."""
    if deadline.expired(0):
        raise OutOfBudget


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
    return Known(known.setting, tuple(domains), tuple(because), known.earlier | known.refuting, dict(known.dead_ends))
