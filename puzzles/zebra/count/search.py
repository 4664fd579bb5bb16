"""Counting logic-grid solutions by search over the model `solver` propagates.

Only the values some clue names are searched; the others of a category fill
the objects left, (n - named)! ways, a factor.  Branch on the value most
clues name, propagate, split what remains into parts no table joins and whose
objects do not overlap; the count is the product of the parts', each
remembered by its domains and members (the same part recurs under many
branches).  A part no table touches is a matching count.  Per-cell counts
ride along, for the marks and the question that splits.  Each search node
costs one unit of work; when the budget runs out the branches counted so far
give an honest "at least".

The search gets only a short first go (`SEARCH_FIRST`): it ends the counts of
the first clues and of the last.  In between, each category keeps its values
apart and so joins everything into one part; there `elimination` counts,
value by value, whenever every clue relates at most two values.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from math import factorial, perm

import numpy as np

from puzzles.core import Budget, Deadline, OutOfBudget, grouped
from puzzles.zebra.count import plan, splitting
from puzzles.zebra.model import Puzzle
from puzzles.zebra.solver import Apart, Constraint, Inside, Model, Table, bits, model_of, settle, single

SEARCH_FIRST = 500
"""Search nodes the count tries before elimination (15 ms or so): enough for the first clues and the last."""


@dataclass
class Counted:
    value: int
    exact: bool
    margins: dict[int, list[int]] | None  # per free variable and object: the solutions with it there (None: not
    # asked, or the budget ended before them)


class Counter:
    """Counts the solutions of one model by search, parts and memory; `margins` adds per-cell counts."""

    def __init__(self, model: Model, deadline: Deadline, margins: bool, buffers: plan.Buffers | None) -> None:
        self.whole, self.unnamed = model, model.unnamed()
        model = model.mentioned()
        self.model, self.deadline, self.margins, self.buffers = model, deadline, margins, buffers
        self.memory: dict[tuple, tuple[int, dict | None]] = {}
        self.apart_of = {x: c.scope for c in model.constraints if isinstance(c, Apart) for x in c.scope}
        self.clue_degree = [sum(not isinstance(model.constraints[i], Apart) for i in w) for w in model.watch]
        self.clues = [(c, tuple(dict.fromkeys(c.scope))) for c in model.constraints if not isinstance(c, Apart)]
        self.categories = [c.scope for c in model.constraints if isinstance(c, Apart)]
        relations = [[relation(model.constraints[i]) for i in w] for w in model.watch]
        self.wide = [[scope for scope in scopes if len(scope) > 2] for scopes in relations]  # see `key`

    def count(self) -> Counted:
        domains = list(self.model.start)
        if not settle(self.model, domains):
            return Counted(0, True, self.zeros() if self.margins else None)
        open_ = [x for x in range(self.model.size) if not single(domains[x])]
        value, margins, exact = self.counted(domains, open_)
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

    def counted(self, domains: list[int], open_: list[int]) -> tuple[int, dict | None, bool]:
        """The search, briefly: it ends the easy counts (few clues, or nearly solved).  In between, where the
        categories keep everything joined, elimination counts (case by case where big: `splitting`); the
        search keeps the puzzles elimination cannot take (a clue over three values) and goes on where it
        runs out (the larger floor is kept)."""
        whole = self.deadline
        self.deadline = whole.portion(SEARCH_FIRST)
        value, margins, exact = self.product(domains, open_)
        whole.charge(self.deadline)
        self.deadline = whole
        if exact:
            return value, margins, exact
        workers = plan.WORKERS if whole.work_left is None else 1  # a work budget: one order everywhere
        try:
            return (*splitting.count(self.model, domains, whole.spend, self.margins, self.buffers, workers), True)
        except plan.Unsupported:
            return self.product(domains, open_)
        except OutOfBudget:  # of time: the search goes on, and the larger floor is kept
            again = self.product(domains, open_)
            return again if again[2] or again[0] > value else (value, margins, exact)

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
        present, links = set(open_), []
        for constraint, scope in self.clues:
            link = [y for y in scope if y in present]
            if len(link) > 1 and not self.entailed(constraint, domains):
                links.append(link)
        for scope in self.categories:
            clusters: list[tuple[int, int]] = []  # (objects, a member): a category's open values sharing objects
            for y in scope:
                if y not in present:
                    continue
                objects, apart = domains[y], []
                for mask, member in clusters:
                    if mask & objects:
                        objects |= mask
                        links.append((member, y))
                    else:
                        apart.append((mask, member))
                clusters = [*apart, (objects, y)]
        return grouped(open_, links)

    def entailed(self, constraint: Constraint, domains: list[int]) -> bool:
        """Whatever objects are left, it holds: it no longer joins its variables."""
        if isinstance(constraint, Inside):
            constraint = constraint.table  # the category stays apart in any case
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
        x = min(group, key=lambda y: (-self.clue_degree[y], domains[y].bit_count(), y))
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
            for scope in self.wide[x]:
                if sum(y in members for y in scope) > 1:
                    outside.update(y for y in scope if y not in members)
        return tuple((x, domains[x], x in members) for x in sorted(members | outside))  # two groups may share variables

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


def relation(constraint: Constraint) -> tuple[int, ...]:
    """The variables whose objects a constraint relates: a category's values kept apart relate none
    outside a group (their objects are not the group's), so only a clue's own table counts."""
    if isinstance(constraint, Apart):
        return ()
    return constraint.table.scope if isinstance(constraint, Inside) else constraint.scope


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


def count(model: Model, deadline: Deadline, margins: bool = False, buffers: plan.Buffers | None = None) -> Counted:
    """The model's solutions (and per cell, with `margins`); `buffers` are lent to elimination."""
    return Counter(model, deadline, margins, buffers).count()


# ---------------------------------------------------------------- solutions


def solutions(
    model: Model, deadline: Deadline, spend: bool = False, within: list[int] | None = None
) -> Iterator[list[int]]:
    """Each solution as every variable's single object, in order; `spend` counts nodes against the work
    budget (without it the search still stops, with OutOfBudget, when the clock runs out).

    `within`: domains known to hold every solution (the cells some solution uses), to search less.
    """
    domains = list(model.start if within is None else within)
    if settle(model, domains):
        yield from _search(model, domains, deadline, spend)


def _search(model: Model, domains: list[int], deadline: Deadline, spend: bool) -> Iterator[list[int]]:
    deadline.spend(1 if spend else 0)  # without `spend`, only the clock and the cancel check
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


def up_to_two(puzzle: Puzzle, work: int) -> int:
    """0, 1 or 2 (two or more) solutions, within `work` search nodes; a search out of its budget counts as two."""
    found = 0
    try:
        for _ in solutions(model_of(puzzle), Deadline(Budget(work=work)), spend=True):
            found += 1
            if found == 2:
                break
    except OutOfBudget:
        return 2
    return found


def satisfiable(model: Model, deadline: Deadline) -> bool | None:
    """Whether some solution exists (None: the budget ran out first)."""
    try:
        return next(solutions(model, deadline, spend=True), None) is not None
    except OutOfBudget:
        return None
