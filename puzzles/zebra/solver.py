"""Counting logic-grid solutions by search over where each value sits.

Every value of every category is a variable: the set of objects it may
still occupy, a bitmask (n <= 8).  A category is a permutation (its values
all apart), an atom a small boolean table over the objects of the values it
names, so nothing grows with n!: an 8 x 8 puzzle has 64 variables of 8 bits.
Three steps do the work; this module builds the model and propagates:

1. Propagation: each table keeps only the objects some choice of the others
   supports (arc consistency); each category keeps its values apart (a placed
   value leaves its object to no other, an object only one value can take is
   that value's).  Clue by clue, it says which clue ruled each cell out.
2. Counting (`count.search`): search over the values clues name, split into
   independent parts, each remembered; the rest are a factor.
3. Budget: each search node costs one unit of work; when it runs out the
   branches counted so far give an honest "at least".

A comparison in a numeric category (`Compare`) looks at which value of that
category shares an object with the values compared: that value is a variable
too (`Channel`), so the comparison itself is a table over two of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, reduce
from operator import itemgetter
from typing import NamedTuple

import numpy as np

from puzzles.core import Deadline, PuzzleError
from puzzles.zebra.model import MAX_VALUES, Atom, Compare, HowMany, Puzzle, Ref

LARGEST_TABLE = 1 << 22
"""Entries of the biggest table one clue may make (a clue naming 7 values at 8 objects is 2M)."""

Cell = tuple[int, int, int]
"""(category, value, object)."""


def bits(mask: int) -> tuple[int, ...]:
    """The objects of a domain, looked up: search asks this at every step."""
    return OBJECTS[mask]


OBJECTS = tuple(tuple(o for o in range(MAX_VALUES) if mask >> o & 1) for mask in range(1 << MAX_VALUES))


def single(mask: int) -> bool:
    return mask & (mask - 1) == 0


# ---------------------------------------------------------------- the model


class Asked(NamedTuple):
    """A constraint as `settle` asks it: its scope, how its domains are read (as `revise` keys them), what it
    remembers, its clue, and whether it is asked again for its own changes (a channel)."""

    constraint: Constraint
    scope: tuple[int, ...]
    read: Callable[[list[int]], tuple[int, ...]]
    seen: dict
    clue: int
    again: bool


class Asking:
    """A constraint's `Asked`, made once: a group's model shares its clues' constraints."""

    @cached_property
    def asked(self: Constraint) -> Asked:  # type: ignore[misc]
        scope = self.scope
        read = itemgetter(*scope) if len(scope) > 1 else lambda domains: tuple([domains[x] for x in scope])
        return Asked(self, scope, read, self.seen, self.clue, isinstance(self, Channel))


@dataclass(frozen=True)
class Table(Asking):
    """A clue's atom: which objects its variables may take together."""

    clue: int
    scope: tuple[int, ...]
    allowed: np.ndarray = field(repr=False)
    supports: tuple[tuple[int, ...], tuple[int, ...]] | None = field(default=None, repr=False)
    """For two variables: per object of one, the mask of the other's objects that go with it."""
    seen: dict = field(default_factory=dict, compare=False, repr=False)  # domains -> revised domains
    entails: dict = field(default_factory=dict, compare=False, repr=False)  # domains -> holds whatever they take


@dataclass(frozen=True)
class Channel(Asking):
    """Variable `which` names the value of a category (`values`) sharing an object with variable `a`."""

    clue: int
    a: int
    which: int
    values: tuple[int, ...]
    seen: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def scope(self) -> tuple[int, ...]:
        return (self.a, self.which, *self.values)


@dataclass(frozen=True)
class Apart(Asking):
    """The values of one category sit at different objects, one each (`whole`: all its values, so every
    object is taken; else only those clues name, the others filling the objects left)."""

    scope: tuple[int, ...]
    clue: int = -1  # no clue's: kept by every prefix
    whole: bool = True
    seen: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Inside(Asking):
    """A clue's table over values of one category, kept together with the category's values apart: a
    choice of objects the clue allows counts only if the category's other values still fit around it
    ("green right of ivory" leaves red out of the houses where no adjacent pair is free)."""

    table: Table
    scope: tuple[int, ...]  # the category's variables (those clues name, in a counting model)
    whole: bool = True
    seen: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def clue(self) -> int:
        return self.table.clue

    @property
    def at(self) -> tuple[int, ...]:
        """Where the table's variables sit in the category's scope."""
        return tuple(self.scope.index(x) for x in self.table.scope)


Constraint = Table | Channel | Apart | Inside


def named(constraints: Sequence[Constraint]) -> set[int]:
    """The variables some clue names."""
    return {x for c in constraints if not isinstance(c, Apart) for x in (c.table if isinstance(c, Inside) else c).scope}


@dataclass(frozen=True)
class Model:
    n: int
    start: tuple[int, ...]  # every variable's objects before any clue
    constraints: tuple[Constraint, ...]  # the clues' in clue order, then each free category's Apart
    cells: tuple[Ref, ...]  # variable i < len(cells) is the value cells[i]; the rest are `Channel.which`
    free: tuple[int, ...]  # the variables a solution decides (the free categories' values)
    watch: tuple[tuple[int, ...], ...] = field(repr=False)  # variable -> the constraints that name it

    @property
    def size(self) -> int:
        return len(self.start)

    @cached_property
    def asked(self) -> tuple[Asked, ...]:
        """Per constraint, what `settle` reads of it at every revision, looked up once per model."""
        return tuple(constraint.asked for constraint in self.constraints)

    def prefix(self, clues: int) -> Model:
        """The model of the first `clues` clues only, sharing the constraints (and what they remember)."""
        kept = tuple(c for c in self.constraints if c.clue < clues)
        start = list(self.start)
        for c in self.constraints:
            if isinstance(c, Channel) and c.clue >= clues:
                start[c.which] = 1  # a comparison not yet typed: its variable is settled, counted once
        return Model(self.n, tuple(start), kept, self.cells, self.free, watching(kept, len(start)))

    def mentioned(self) -> Model:
        """The model counting needs: only the values some clue names are variables.

        The others of a category fill the objects its named values leave, in (n - named)! ways
        whatever the named ones do: a factor, not a search (`unnamed`).
        """
        names = named(self.constraints)
        start = [d if x in names or x >= len(self.cells) else 1 for x, d in enumerate(self.start)]
        kept: list[Constraint] = []
        for c in self.constraints:
            scope = tuple(x for x in c.scope if x in names)
            if isinstance(c, Inside):
                kept.append(Inside(c.table, scope, len(scope) == len(c.scope)))
            elif not isinstance(c, Apart):
                kept.append(c)
        for c in self.constraints:
            if isinstance(c, Apart) and (scope := tuple(x for x in c.scope if x in names)):
                kept.append(Apart(scope, whole=len(scope) == len(c.scope)))
        return Model(self.n, tuple(start), tuple(kept), self.cells, self.free, watching(kept, len(start)))

    def unnamed(self) -> dict[tuple[int, ...], tuple[int, ...]]:
        """Per free category (its variables), those no clue names."""
        names = named(self.constraints)
        return {c.scope: tuple(x for x in c.scope if x not in names) for c in self.constraints if isinstance(c, Apart)}


def variable(puzzle: Puzzle, ref: Ref) -> int:
    return ref[0] * puzzle.n + ref[1]


def model_of(puzzle: Puzzle) -> Model:
    """The puzzle as variables and constraints (`Model.prefix` for its first clues)."""
    n, count = puzzle.n, len(puzzle.categories)
    cells = tuple((c, v) for c in range(count) for v in range(n))
    start = [1 << v if c == puzzle.key else (1 << n) - 1 for c, v in cells]
    constraints: list[Constraint] = []
    for k, clue in enumerate(puzzle.clues):
        for atom in clue.atoms:
            constraints += constraints_of(puzzle, k, atom, start)
    categories = {c: tuple(c * n + v for v in range(n)) for c in puzzle.free}
    constraints = [inside(constraint, categories, n) for constraint in constraints]
    constraints += [Apart(scope) for scope in categories.values()]
    free = tuple(c * n + v for c in puzzle.free for v in range(n))
    return Model(n, tuple(start), tuple(constraints), cells, free, watching(constraints, len(start)))


def inside(constraint: Constraint, categories: dict[int, tuple[int, ...]], n: int) -> Constraint:
    """A table over two or more values of one free category, as an `Inside` of that category."""
    if not isinstance(constraint, Table) or len(constraint.scope) < 2:
        return constraint
    category = {x // n for x in constraint.scope}
    if len(category) > 1 or (c := category.pop()) not in categories:
        return constraint
    return Inside(constraint, categories[c])


def watching(constraints: Sequence[Constraint], size: int) -> tuple[tuple[int, ...], ...]:
    """Per variable, the constraints that name it."""
    watch: list[list[int]] = [[] for _ in range(size)]
    for i, constraint in enumerate(constraints):
        for x in set(constraint.scope):
            watch[x].append(i)
    return tuple(map(tuple, watch))


def conjuncts(atom: Atom) -> list[Atom]:
    """An atom that is an `and` of others, as its parts: smaller tables, stronger propagation."""
    if isinstance(atom, HowMany) and atom.low == atom.high == len(atom.atoms):
        return [part for inner in atom.atoms for part in conjuncts(inner)]
    return [atom]


def constraints_of(puzzle: Puzzle, clue: int, atom: Atom, start: list[int]) -> list[Constraint]:
    found: list[Constraint] = []
    for part in conjuncts(atom):
        grid = Grid(puzzle, clue, start)
        allowed = grid.table(part)
        found += grid.channels
        found.append(table(clue, tuple(grid.axes), allowed))
    return found


def table(clue: int, scope: tuple[int, ...], allowed: np.ndarray) -> Table:
    if len(scope) != 2:
        return Table(clue, scope, allowed)
    n = allowed.shape[0]
    masks = lambda rows: tuple(sum(1 << o for o in range(n) if row[o]) for row in rows)
    return Table(clue, scope, allowed, (masks(allowed), masks(allowed.T)))


class Grid:
    """An atom evaluated at once for every choice of objects of the variables it names (numpy axes).

    It stands in for `model.Frame`: `where(ref)` is an axis of objects.
    """

    def __init__(self, puzzle: Puzzle, clue: int, start: list[int]) -> None:
        self.puzzle, self.n, self.clue, self.start = puzzle, puzzle.n, clue, start
        self.axes: list[int] = []
        self.channels: list[Channel] = []
        self.which: dict[tuple[Ref, int], int] = {}

    def axis(self, x: int) -> np.ndarray:
        if x not in self.axes:
            self.axes.append(x)
        return np.arange(self.n).reshape((-1,) + (1,) * (self.axes.index(x)))

    def where(self, ref: Ref) -> np.ndarray:
        return self.axis(variable(self.puzzle, ref))

    def value(self, category: int, objects: np.ndarray) -> np.ndarray:
        raise AssertionError("comparisons are read by `compared`")  # pragma: no cover

    def value_of(self, ref: Ref, category: int) -> np.ndarray:
        """The index of `category`'s value at ref's object."""
        if ref[0] == category:
            return np.asarray(ref[1])
        if category == self.puzzle.key:
            return self.where(ref)
        if (ref, category) not in self.which:
            x = len(self.start)
            self.start.append((1 << self.n) - 1)
            self.which[(ref, category)] = x
            values = tuple(variable(self.puzzle, (category, v)) for v in range(self.n))
            self.channels.append(Channel(self.clue, variable(self.puzzle, ref), x, values))
        return self.axis(self.which[(ref, category)])

    def holds(self, atom: Atom) -> np.ndarray:
        if isinstance(atom, HowMany):
            true = sum(self.holds(inner).astype(np.int8) for inner in atom.atoms)
            return (true >= atom.low) & (true <= atom.high)
        if isinstance(atom, Compare):
            return self.compared(atom)
        return np.asarray(atom.holds(self))

    def compared(self, atom: Compare) -> np.ndarray:
        numbers = np.asarray(self.puzzle.categories[atom.category].numbers, dtype=np.int64)
        difference = numbers[self.value_of(atom.a, atom.category)] - numbers[self.value_of(atom.b, atom.category)]
        if atom.amount is not None:
            return difference == atom.sign * atom.amount
        return np.sign(difference) == atom.sign

    def table(self, atom: Atom) -> np.ndarray:
        """The atom over its axes, in the axes' order, with two values of one category never together."""
        holds = self.holds(atom)
        k = len(self.axes)
        if self.n**k > LARGEST_TABLE:
            raise PuzzleError(f"a clue naming {k} values is too big to check: split it into shorter clues")
        # axis i was made as shape (n, 1, ..., 1) with i ones: flip to numpy order (axis i first is last)
        holds = np.broadcast_to(holds, (self.n,) * k) if k else holds
        holds = np.transpose(holds, tuple(reversed(range(k)))) if k else holds
        allowed = np.array(holds, dtype=bool)
        cells = len(self.puzzle.categories) * self.n
        for i, x in enumerate(self.axes):
            for j, y in enumerate(self.axes[:i]):
                if x < cells and y < cells and x // self.n == y // self.n:
                    shape = [1] * k
                    shape[i] = shape[j] = self.n
                    eye = np.eye(self.n, dtype=bool).reshape(shape)
                    allowed &= ~eye
        return allowed


# ---------------------------------------------------------------- propagation


def revise(model: Model, constraint: Constraint, domains: list[int]) -> list[int] | None:
    """Narrow the constraint's variables to what it supports: the ones that changed, or None (none left).

    The answer depends only on the scope's domains, so each constraint remembers it: search meets
    the same few domains again and again.
    """
    _, scope, read, seen, _, _ = constraint.asked
    before = read(domains)
    after = seen.get(before, MISSING)
    if after is MISSING:
        after = seen[before] = narrowed(model, constraint, list(before))
    if after is None:
        return None
    if after == before:
        return []
    changed = []
    for x, old, new in zip(scope, before, after, strict=True):
        if old != new:
            domains[x] = new
            changed.append(x)
    return changed


MISSING = object()


def narrowed(model: Model, constraint: Constraint, before: list[int]) -> tuple[int, ...] | None:
    """The scope's domains after the constraint has its say (None: nothing fits)."""
    if isinstance(constraint, Apart):
        return apart(before, constraint.whole)
    if isinstance(constraint, Channel):
        return channel(before)
    if isinstance(constraint, Inside):
        return within(constraint, before)
    if constraint.supports is not None:
        return pair(constraint.supports, *before)
    if not before:
        return None if not constraint.allowed else ()
    index = [bits(d) for d in before]
    sub = constraint.allowed[np.ix_(*index)]
    if not sub.any():
        return None
    everything = tuple(range(len(before)))
    return tuple(
        sum(1 << o for o, ok in zip(index[axis], sub.any(axis=everything[:axis] + everything[axis + 1 :])) if ok)
        for axis in everything
    )


def pair(supports: tuple[tuple[int, ...], tuple[int, ...]], da: int, db: int) -> tuple[int, int] | None:
    from_a, from_b = supports
    na = sum(1 << o for o in bits(da) if from_a[o] & db)
    if not na:
        return None
    return na, sum(1 << o for o in bits(db) if from_b[o] & na)


def channel(before: list[int]) -> tuple[int, ...] | None:
    """Domains (a, which, *values): a sits where the value `which` names does."""
    da, dw, *values = before
    nw = sum(1 << v for v in bits(dw) if values[v] & da)
    if not nw:
        return None
    na = da & reduce(int.__or__, (values[v] for v in bits(nw)))
    if single(nw):
        v = nw.bit_length() - 1
        values[v] &= na
        na = values[v]
    if single(na):
        for v in range(len(values)):  # the values `which` cannot name are not at a's object
            if not nw >> v & 1:
                values[v] &= ~na
                if not values[v]:
                    return None
    return (na, nw, *values)


def within(constraint: Inside, before: list[int]) -> tuple[int, ...] | None:
    """Per choice of objects the table allows, the category kept apart around it; the union of what fits."""
    at, result = constraint.at, [0] * len(before)
    for choice in choices(constraint.table, [before[i] for i in at]):
        trial = list(before)
        for i, o in zip(at, choice, strict=True):
            trial[i] = 1 << o
        fitted = apart(trial, constraint.whole)
        if fitted is not None:
            result = [r | f for r, f in zip(result, fitted, strict=True)]
    return tuple(result) if result[0] else None


def choices(table: Table, domains: list[int]) -> list[tuple[int, ...]]:
    """The objects the table lets its variables take together, within their domains."""
    if table.supports is not None:
        da, db = domains
        return [(a, b) for a in bits(da) for b in bits(table.supports[0][a] & db)]
    index = [bits(d) for d in domains]
    allowed = np.argwhere(table.allowed[np.ix_(*index)])
    return [tuple(axis[k] for axis, k in zip(index, choice, strict=True)) for choice in allowed]


def apart(before: list[int], whole: bool = True) -> tuple[int, ...] | None:
    """A category's values at different objects, each object taken: singles both ways, then Hall sets.

    Together they leave every object of every value that some way of keeping them all apart uses
    (all-different made arc consistent), as a person's grid does with "these two values share these
    two houses, so no other value is there".
    """
    domains: list[int] | None = before
    while (domains := singles(domains, whole)) is not None:
        changed = hall_sets(domains, whole)
        if changed is None:
            return None
        if not changed:
            return tuple(domains)
    return None


def hall_sets(domains: list[int], whole: bool) -> bool | None:
    """Keep the values outside a Hall set (k values that share only k objects) off those objects.

    Whether anything changed; None when k values share fewer than k objects.  Only values with few
    objects can be in a set that says more than `singles` does (one of m open values, or m - 1 of
    them when the category is whole: those are hidden singles).
    """
    open_ = [i for i, d in enumerate(domains) if d & (d - 1)]
    most = len(open_) - 1 - whole
    few = [i for i in open_ if domains[i].bit_count() <= most]
    unions = [0] * (1 << len(few))
    changed = False
    for subset in range(1, len(unions)):
        low = subset & -subset
        union = unions[subset] = unions[subset ^ low] | domains[few[low.bit_length() - 1]]
        size = subset.bit_count()
        if size < 2 or union.bit_count() > size:
            continue
        if union.bit_count() < size:
            return None
        members = {few[j] for j in range(len(few)) if subset >> j & 1}
        for i in open_:
            if i not in members and domains[i] & union:
                domains[i] &= ~union
                if not domains[i]:
                    return None
                changed = True
    return changed


def singles(before: list[int], whole: bool) -> list[int] | None:
    """Placed values leave their object to no other; an object only one value can take is that value's."""
    domains = before
    everything = (1 << len(domains)) - 1 if whole else 0
    again = True
    while again:
        again = False
        placed = once = twice = 0
        for d in domains:
            if d & (d - 1) == 0:
                if placed & d:
                    return None
                placed |= d
            twice |= once & d
            once |= d
        if once & everything != everything:
            return None
        hidden = once & ~twice & ~placed & everything
        for i, d in enumerate(domains):
            if d & (d - 1) == 0:
                continue
            if d & hidden:
                d &= hidden
                if not single(d):
                    return None  # one value would have to take two objects
                domains[i] = d
                again = True
            elif d & placed:
                d &= ~placed
                if not d:
                    return None
                domains[i] = d
                again = again or single(d)
    return domains


def settle(model: Model, domains: list[int], changed: list[int] | None = None, used: set[int] | None = None) -> bool:
    """Propagate to a fixed point (all constraints, or those naming `changed`); False when nothing fits.

    A table or a category revised is at its own fixed point, so it is not asked again for the
    changes it made itself; a channel may be.  `used` gathers the clues of the constraints that
    narrowed a domain or failed: those alone, in the same order, reach the same end.  Each revision
    is `revise` written out (this loop is most of the ladder's time).
    """
    constraints, watch = model.asked, model.watch
    if changed is None:
        agenda = list(range(len(constraints)))
    else:
        agenda = sorted({i for x in changed for i in watch[x]})
    waiting = set(agenda)
    while agenda:
        i = agenda.pop()
        waiting.discard(i)
        constraint, scope, read, seen, clue, again = constraints[i]
        before = read(domains)
        after = seen.get(before, MISSING)
        if after is MISSING:
            after = seen[before] = narrowed(model, constraint, list(before))
        if after is None:
            if used is not None:
                used.add(clue)
            return False
        if after == before:
            continue
        if used is not None:
            used.add(clue)
        for x, old, new in zip(scope, before, after):
            if old != new:
                domains[x] = new
                for j in watch[x]:
                    if j not in waiting and (again or j != i):
                        waiting.add(j)
                        agenda.append(j)
    return True


@dataclass
class Propagated:
    domains: list[int]
    reasons: dict[Cell, int]  # a ruled-out cell -> the clue that ruled it out
    failed: int | None = None  # the clue that left some value without an object


def propagate(model: Model, deadline: Deadline) -> Propagated:
    """Clue by clue, as a person marks a grid: each clue, then what keeping values apart adds, until nothing changes."""
    domains = list(model.start)
    result = Propagated(domains, {})
    aparts = {x: i for i, c in enumerate(model.constraints) if isinstance(c, Apart) for x in c.scope}
    clues = [c for c in model.constraints if not isinstance(c, Apart)]
    seen: dict[int, tuple[int, ...]] = {}
    changed = True
    while changed:
        changed = False
        for number, constraint in enumerate(clues):
            deadline.check()
            now = tuple(domains[x] for x in constraint.scope)
            if seen.get(number) == now:
                continue
            before = list(domains)
            moved = revise(model, constraint, domains)
            ok = moved is not None
            for i in sorted({aparts[x] for x in moved or () if x in aparts}):
                ok = ok and revise(model, model.constraints[i], domains) is not None
            if not ok:
                result.failed = constraint.clue
                return result
            for x in range(len(model.cells)):
                for o in bits(before[x] & ~domains[x]):
                    result.reasons[(*model.cells[x], o)] = constraint.clue
                changed = changed or before[x] != domains[x]
            seen[number] = tuple(domains[x] for x in constraint.scope)
    return result
