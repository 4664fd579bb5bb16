"""The solver's model as clauses, for a SAT solver (`witness`).

One boolean per (variable, object): value v of category c sits at object o.
Every variable takes exactly one object of its domain, every free category
puts exactly one of its values at each object, and every clue's table is
compiled from the allowed choices the solver already made for it, so each
kind of clue (same, next to, left of, between, comparisons, either-or,
amounts) means here exactly what it means to propagation and search:

- a table over two variables: for each object of one, the objects of the
  other that go with it (support clauses, n per side);
- over three: one clause per choice it forbids (at most n^3);
- over more: one new boolean per choice it allows, which fixes all its
  variables, and each variable's object needs one of those choices.
- a comparison's channel (`which` names the value at a's object):
  which = v and a at o put value v at o.

The extra booleans (a channel's value, a wide table's choice) are fixed by
the cells, so the clauses have exactly as many models as the puzzle has
solutions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations

import numpy as np
from pysat.solvers import Solver

from puzzles.zebra.solver import Apart, Channel, Inside, Model, Table, bits

Clause = tuple[int, ...]


def boolean(n: int, x: int, o: int) -> int:
    """The boolean (numbered from 1) of model variable x sitting at object o, with n objects."""
    return x * n + o + 1


@dataclass(frozen=True)
class Cnf:
    n: int
    clauses: tuple[Clause, ...]
    cells: int  # model variables 0..cells-1 are the puzzle's values (the rest are channels)

    def boolean(self, x: int, o: int) -> int:
        return boolean(self.n, x, o)

    def place(self, literal: int) -> tuple[int, int]:
        """(model variable, object) of a cell boolean."""
        return divmod(literal - 1, self.n)


def cnf_of(model: Model) -> Cnf:
    n = model.n
    at = partial(boolean, n)
    clauses: list[Clause] = []
    for x, domain in enumerate(model.start):
        clauses += exactly_one([at(x, o) for o in bits(domain)])
        clauses += [(-at(x, o),) for o in range(n) if not domain >> o & 1]
    extra = model.size * n
    for constraint in model.constraints:
        if isinstance(constraint, Apart):
            for o in range(n):
                clauses += exactly_one([at(x, o) for x in constraint.scope])
        elif isinstance(constraint, Channel):
            clauses += [
                (-at(constraint.which, v), -at(constraint.a, o), at(value, o))
                for v, value in enumerate(constraint.values)
                for o in range(n)
            ]
        else:
            table = constraint.table if isinstance(constraint, Inside) else constraint
            found, extra = table_clauses(table, at, extra)
            clauses += found
    return Cnf(n, tuple(clauses), len(model.cells))


def exactly_one(literals: list[int]) -> list[Clause]:
    return [tuple(literals), *((-a, -b) for a, b in combinations(literals, 2))]


def table_clauses(table: Table, at, extra: int) -> tuple[list[Clause], int]:
    """A clue's table as clauses, and the booleans used so far (wide tables add their own)."""
    scope, allowed = table.scope, table.allowed
    n = allowed.shape[0] if scope else 0
    if not scope:
        return ([] if allowed else [()]), extra
    if len(scope) == 1:
        return [(-at(scope[0], o),) for o in range(n) if not allowed[o]], extra
    if len(scope) == 2:
        a, b = scope
        return [(-at(a, o), *(at(b, p) for p in range(n) if allowed[o, p])) for o in range(n)] + [
            (-at(b, p), *(at(a, o) for o in range(n) if allowed[o, p])) for p in range(n)
        ], extra
    if len(scope) == 3:
        return [tuple(-at(x, int(o)) for x, o in zip(scope, choice)) for choice in np.argwhere(~allowed)], extra
    choices = np.argwhere(allowed)
    clauses: list[Clause] = []
    supports: dict[int, list[int]] = {}
    for choice in choices:
        extra += 1
        for x, o in zip(scope, choice):
            clauses.append((-extra, at(x, int(o))))
            supports.setdefault(at(x, int(o)), []).append(extra)
    for x in scope:
        for o in range(n):
            clauses.append((-at(x, o), *supports.get(at(x, o), ())))
    return clauses, extra


class Selected:
    """The puzzle's clauses in one SAT solver: the rules always, each clue's behind a selector boolean, so one
    solver answers what any few clues and facts imply (`implies`): which of a step's premises it can do without."""

    def __init__(self, model: Model) -> None:
        self.n = model.n
        rules = cnf_of(part_of(model, [c for c in model.constraints if isinstance(c, Apart)])).clauses
        bare = set(cnf_of(part_of(model, [])).clauses)
        cells = model.size * model.n  # the cells' and channels' booleans; a wide table's choices come after
        self.solver = Solver(name="minisat22", bootstrap_with=rules)
        self.selectors: list[int] = []
        free = cells + 1
        for k in range(1 + max((c.clue for c in model.constraints), default=-1)):
            clauses = cnf_of(part_of(model, [c for c in model.constraints if c.clue == k])).clauses
            for clause in clauses:
                if clause not in bare:
                    self.solver.add_clause([-free, *(renumbered(literal, cells, free) for literal in clause)])
            self.selectors.append(free)
            free += max(max((abs(literal) for c in clauses for literal in c), default=0) - cells, 0) + 1

    def implies(self, clues: Sequence[int], given: Sequence[int], wanted: Sequence[int]) -> bool:
        """Whether the rules, these clues and the `given` cell literals imply every `wanted` one."""
        assumed = [self.selectors[k] for k in clues if k < len(self.selectors)] + list(given)
        return all(not self.solver.solve(assumptions=[*assumed, -literal]) for literal in wanted)


def part_of(model: Model, constraints: list) -> Model:
    return Model(model.n, model.start, tuple(constraints), model.cells, model.free, ())


def renumbered(literal: int, cells: int, free: int) -> int:
    """A clue's literal in the shared solver: a wide table's own booleans moved above `free`, its selector."""
    if abs(literal) <= cells:
        return literal
    return literal - cells + free if literal > 0 else literal + cells - free
