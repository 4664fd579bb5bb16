"""Counting logic-grid solutions by search over where each value sits.

Every value of every category is a variable: the set of objects it may
still occupy, a bitmask (n <= 8).  A category is a permutation (its values
all apart), an atom a small boolean table over the objects of the values it
names, so nothing grows with n!: an 8 x 8 puzzle has 64 variables of 8 bits.
Three steps do the work:

1. Propagation: each table keeps only the objects some choice of the others
   supports (arc consistency); each category keeps its values apart (a placed
   value leaves its object to no other, an object only one value can take is
   that value's).  Clue by clue, it says which clue ruled each cell out.
2. Counting: only the values some clue names are searched; the others of a
   category fill the objects left, (n - named)! ways, a factor.  Branch on
   the value most clues name, propagate, split what remains into parts no
   table joins and whose objects do not overlap; the count is the product of
   the parts', each remembered by its domains (the same part recurs under
   many branches).  A part no table touches is a matching count.  Per-cell
   counts ride along, for the marks and the question that splits.
3. Budget: each search node costs one unit of work; when it runs out the
   branches counted so far give an honest "at least".

A comparison in a numeric category (`Compare`) looks at which value of that
category shares an object with the values compared: that value is a variable
too (`Channel`), so the comparison itself is a table over two of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import reduce
from math import factorial, perm

import numpy as np

from puzzles.core import Deadline, OutOfBudget, PuzzleError
from puzzles.zebra.model import Atom, Compare, HowMany, Puzzle, Ref

LARGEST_TABLE = 1 << 22
"""Entries of the biggest table one clue may make (a clue naming 7 values at 8 objects is 2M)."""

Cell = tuple[int, int, int]
"""(category, value, object)."""


def bits(mask: int) -> list[int]:
    return [o for o in range(mask.bit_length()) if mask >> o & 1]


def single(mask: int) -> bool:
    return mask & (mask - 1) == 0


# ---------------------------------------------------------------- the model


@dataclass(frozen=True)
class Table:
    """A clue's atom: which objects its variables may take together."""

    clue: int
    scope: tuple[int, ...]
    allowed: np.ndarray = field(repr=False)
    supports: tuple[tuple[int, ...], tuple[int, ...]] | None = field(default=None, repr=False)
    """For two variables: per object of one, the mask of the other's objects that go with it."""
    seen: dict = field(default_factory=dict, compare=False, repr=False)  # domains -> revised domains
    entails: dict = field(default_factory=dict, compare=False, repr=False)  # domains -> holds whatever they take


@dataclass(frozen=True)
class Channel:
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
class Apart:
    """The values of one category sit at different objects, one each (`whole`: all its values, so every
    object is taken; else only those clues name, the others filling the objects left)."""

    scope: tuple[int, ...]
    clue: int = -1  # no clue's: kept by every prefix
    whole: bool = True
    seen: dict = field(default_factory=dict, compare=False, repr=False)


Constraint = Table | Channel | Apart


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
        named = {x for c in self.constraints if not isinstance(c, Apart) for x in c.scope}
        start = [d if x in named or x >= len(self.cells) else 1 for x, d in enumerate(self.start)]
        kept: list[Constraint] = [c for c in self.constraints if not isinstance(c, Apart)]
        for c in self.constraints:
            if isinstance(c, Apart) and (scope := tuple(x for x in c.scope if x in named)):
                kept.append(Apart(scope, whole=len(scope) == len(c.scope)))
        return Model(self.n, tuple(start), tuple(kept), self.cells, self.free, watching(kept, len(start)))

    def unnamed(self) -> dict[tuple[int, ...], tuple[int, ...]]:
        """Per free category (its variables), those no clue names."""
        named = {x for c in self.constraints if not isinstance(c, Apart) for x in c.scope}
        return {c.scope: tuple(x for x in c.scope if x not in named) for c in self.constraints if isinstance(c, Apart)}


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
    constraints += [Apart(tuple(c * n + v for v in range(n))) for c in puzzle.free]
    free = tuple(c * n + v for c in puzzle.free for v in range(n))
    return Model(n, tuple(start), tuple(constraints), cells, free, watching(constraints, len(start)))


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
    scope = constraint.scope
    before = tuple(domains[x] for x in scope)
    after = constraint.seen.get(before, MISSING)
    if after is MISSING:
        after = constraint.seen[before] = narrowed(model, constraint, list(before))
    if after is None:
        return None
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


def apart(before: list[int], whole: bool = True) -> tuple[int, ...] | None:
    """A category's values at different objects, each object taken: placed values and hidden singles."""
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
    return tuple(domains)


def settle(model: Model, domains: list[int], changed: list[int] | None = None) -> bool:
    """Propagate to a fixed point (all constraints, or those naming `changed`); False when nothing fits.

    A table or a category revised is at its own fixed point, so it is not asked again for the
    changes it made itself; a channel may be.
    """
    constraints, watch = model.constraints, model.watch
    if changed is None:
        agenda = list(range(len(constraints)))
    else:
        agenda = sorted({i for x in changed for i in watch[x]})
    waiting = set(agenda)
    while agenda:
        i = agenda.pop()
        waiting.discard(i)
        constraint = constraints[i]
        moved = revise(model, constraint, domains)
        if moved is None:
            return False
        again = isinstance(constraint, Channel)
        for x in moved:
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


# ---------------------------------------------------------------- counting


@dataclass
class Counted:
    value: int
    exact: bool
    margins: dict[int, list[int]] | None  # per free variable and object: the solutions with it there


class Counter:
    """Counts the solutions of one model by search, parts and memory; `margins` adds per-cell counts."""

    def __init__(self, model: Model, deadline: Deadline, margins: bool) -> None:
        self.whole, self.unnamed = model, model.unnamed()
        model = model.mentioned()
        self.model, self.deadline, self.margins = model, deadline, margins
        self.memory: dict[tuple, tuple[int, dict | None]] = {}
        self.apart_of = {x: c.scope for c in model.constraints if isinstance(c, Apart) for x in c.scope}
        self.clue_degree = [sum(not isinstance(model.constraints[i], Apart) for i in w) for w in model.watch]

    def count(self) -> Counted:
        domains = list(self.model.start)
        if not settle(self.model, domains):
            return Counted(0, True, self.zeros() if self.margins else None)
        open_ = [x for x in range(self.model.size) if not single(domains[x])]
        value, margins, exact = self.product(domains, open_)
        n, factor = self.model.n, 1
        for unnamed in self.unnamed.values():
            factor *= factorial(len(unnamed))
        value *= factor
        if margins is None:
            return Counted(value, exact, None)
        for x in self.model.free:
            if x in margins:
                margins[x] = [m * factor for m in margins[x]]
            else:
                margins[x] = [value if domains[x] >> o & 1 else 0 for o in range(n)]
        for scope, unnamed in self.unnamed.items():
            for x in unnamed:  # they share evenly the objects the named ones leave
                used = [sum(margins[y][o] for y in scope if y not in unnamed) for o in range(n)]
                margins[x] = [(value - used[o]) // len(unnamed) for o in range(n)]
        return Counted(value, exact, {x: margins[x] for x in self.model.free})

    def zeros(self) -> dict[int, list[int]]:
        return {x: [0] * self.model.n for x in self.model.free}

    def product(self, domains: list[int], open_: list[int]) -> tuple[int, dict | None, bool]:
        """The count of the open variables, part by part."""
        parts = self.parts(domains, open_)
        results = []
        for part in parts:
            value, margins, exact = self.part(domains, part)
            results.append((value, margins, exact))
            if value == 0 and exact:
                return 0, ({x: [0] * self.model.n for x in open_} if self.margins else None), True
        total = 1
        for value, _, _ in results:
            total *= value
        exact = all(e for _, _, e in results)
        if not self.margins:
            return total, None, exact
        margins: dict[int, list[int]] = {}
        for i, (_, part_margins, _) in enumerate(results):
            others = 1
            for j, (v, _, _) in enumerate(results):
                if j != i:
                    others *= v
            for x, row in part_margins.items():
                margins[x] = [m * others for m in row]
        return total, margins, exact

    def parts(self, domains: list[int], open_: list[int]) -> list[list[int]]:
        """The open variables in groups no live constraint joins."""
        parent = {x: x for x in open_}

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        def join(group: list[int]) -> None:
            root = find(group[0])
            for x in group[1:]:
                parent[find(x)] = root

        seen_constraints: set[int] = set()
        for x in open_:
            for i in self.model.watch[x]:
                if i in seen_constraints:
                    continue
                seen_constraints.add(i)
                constraint = self.model.constraints[i]
                if isinstance(constraint, Apart):
                    continue
                group = [y for y in dict.fromkeys(constraint.scope) if y in parent]
                if len(group) > 1 and not self.entailed(constraint, domains):
                    join(group)
        done: set[tuple[int, ...]] = set()
        for x in open_:
            scope = self.apart_of.get(x)
            if scope is None or scope in done:
                continue
            done.add(scope)
            owner: dict[int, int] = {}  # object -> the first open value of the category that may take it
            for y in scope:
                if y in parent:
                    for o in bits(domains[y]):
                        if o in owner:
                            join([owner[o], y])
                        else:
                            owner[o] = y
        groups: dict[int, list[int]] = {}
        for x in open_:
            groups.setdefault(find(x), []).append(x)
        return list(groups.values())

    def entailed(self, constraint: Constraint, domains: list[int]) -> bool:
        """Whatever objects are left, it holds: it no longer joins its variables."""
        if not isinstance(constraint, Table):
            return False
        before = tuple(domains[x] for x in constraint.scope)
        known = constraint.entails.get(before)
        if known is None:
            index = [bits(d) for d in before]
            known = constraint.entails[before] = bool(constraint.allowed[np.ix_(*index)].all())
        return known

    def part(self, domains: list[int], group: list[int]) -> tuple[int, dict | None, bool]:
        key = self.key(domains, group)
        if key in self.memory:
            value, margins = self.memory[key]
            return value, margins, True
        if self.only_apart(domains, group):
            value, margins = matchings(tuple(domains[x] for x in group), self.model.n)
            result = value, (dict(zip(group, margins, strict=True)) if self.margins else None)
            self.memory[key] = result
            return (*result, True)
        x = min(
            group,
            key=lambda y: (-self.clue_degree[y], domains[y].bit_count(), y),
        )
        total, exact = 0, True
        margins = {y: [0] * self.model.n for y in group} if self.margins else None
        for o in bits(domains[x]):
            try:
                self.deadline.spend()
            except OutOfBudget:
                exact = False
                break
            branch = list(domains)
            branch[x] = 1 << o
            if not settle(self.model, branch, [x]):
                continue
            open_ = [y for y in group if not single(branch[y])]
            value, branch_margins, branch_exact = self.product(branch, open_)
            exact &= branch_exact
            total += value
            if margins is not None and value:
                for y in group:
                    if y in branch_margins:
                        row, add = margins[y], branch_margins[y]
                        for i in range(self.model.n):
                            row[i] += add[i]
                    else:
                        margins[y][branch[y].bit_length() - 1] += value
            if not branch_exact:
                break
        if exact:
            self.memory[key] = (total, margins)
        return total, margins, exact

    def key(self, domains: list[int], group: list[int]) -> tuple:
        """What the group's count depends on: its domains, and those of the variables outside it that
        shape a relation among its members (the third of a `between`, a channel's chosen value)."""
        members = set(group)
        outside: set[int] = set()
        for x in group:
            for i in self.model.watch[x]:
                scope = self.model.constraints[i].scope
                if len(scope) > 2 and sum(y in members for y in scope) > 1:
                    outside.update(y for y in scope if y not in members)
        return tuple((x, domains[x]) for x in sorted(members | outside))

    def only_apart(self, domains: list[int], group: list[int]) -> bool:
        """No live clue constraint among the group: it is values of one category kept apart."""
        members = set(group)
        for x in group:
            if x not in self.apart_of:
                return False
            for i in self.model.watch[x]:
                constraint = self.model.constraints[i]
                if isinstance(constraint, Apart):
                    continue
                others = [y for y in constraint.scope if y in members and y != x]
                if others and not self.entailed(constraint, domains):
                    return False
        return True


def matchings(domains: tuple[int, ...], n: int) -> tuple[int, list[list[int]]]:
    """Ways to put each variable at a different object of its domain, and per variable and object how many put it there."""
    union = reduce(int.__or__, domains, 0)
    k = len(domains)
    if all(d == domains[0] for d in domains):
        size = union.bit_count()
        each = perm(size - 1, k - 1) if size >= k else 0
        return perm(size, k), [[each if d >> o & 1 else 0 for o in range(n)] for d in domains]
    # forward[j][mask]: the first j variables fill exactly mask; backward[j][mask]: the rest avoid mask
    forward = [{0: 1}]
    for d in domains:
        step: dict[int, int] = {}
        for mask, ways in forward[-1].items():
            for o in bits(d & ~mask):
                step[mask | 1 << o] = step.get(mask | 1 << o, 0) + ways
        forward.append(step)
    backward_cache: dict[tuple[int, int], int] = {}

    def backward(j: int, mask: int) -> int:
        if j == k:
            return 1
        if (j, mask) not in backward_cache:
            backward_cache[(j, mask)] = sum(backward(j + 1, mask | 1 << o) for o in bits(domains[j] & ~mask))
        return backward_cache[(j, mask)]

    margins = []
    for j, d in enumerate(domains):
        row = [0] * n
        for mask, ways in forward[j].items():
            for o in bits(d & ~mask):
                row[o] += ways * backward(j + 1, mask | 1 << o)
        margins.append(row)
    return sum(forward[k].values()), margins


def count(model: Model, deadline: Deadline, margins: bool = False) -> Counted:
    return Counter(model, deadline, margins).count()


# ---------------------------------------------------------------- solutions


def solutions(
    model: Model, deadline: Deadline, spend: bool = False, within: list[int] | None = None
) -> Iterator[list[int]]:
    """Each solution as every variable's single object, in order; `spend` counts nodes against the budget.

    `within`: domains known to hold every solution (the cells some solution uses), to search less.
    """
    domains = list(model.start if within is None else within)
    if settle(model, domains):
        yield from _search(model, domains, deadline, spend)


def _search(model: Model, domains: list[int], deadline: Deadline, spend: bool) -> Iterator[list[int]]:
    if spend:
        deadline.spend()
    else:
        deadline.check()
    open_ = [x for x in range(model.size) if not single(domains[x])]
    if not open_:
        yield domains
        return
    x = min(open_, key=lambda y: (domains[y].bit_count(), y))
    for o in bits(domains[x]):
        branch = list(domains)
        branch[x] = 1 << o
        if settle(model, branch, [x]):
            yield from _search(model, branch, deadline, spend)


def satisfiable(model: Model, deadline: Deadline) -> bool | None:
    """Whether some solution exists (None: the budget ran out first)."""
    try:
        return next(solutions(model, deadline, spend=True), None) is not None
    except OutOfBudget:
        return None
