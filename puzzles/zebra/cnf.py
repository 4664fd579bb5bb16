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

from dataclasses import dataclass
from functools import partial
from itertools import combinations

import numpy as np

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
