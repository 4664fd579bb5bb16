"""Counting logic-grid solutions without enumerating them.

A solution picks, for every free category, one of its n! arrangements; the
Zebra's five categories make 120^5 = 24.9 billion candidates.  Clues mention
few categories, so each atom is a small table over the arrangements of the
categories it mentions (120 x 120 for a two-category clue).  Two steps then
do all the work with numpy:

1. Propagation: every table keeps only the arrangements that some
   arrangement of the other categories supports (arc consistency), clue by
   clue until nothing changes.  What a value can no longer do is recorded
   with the clue that ruled it out: the explanation.
2. Counting: the number of solutions is the sum over all arrangements of the
   product of the tables, a tensor contraction done by variable elimination
   (`np.einsum`, one category at a time).  Where a table would grow too big,
   one category is fixed to each of its arrangements in turn (conditioning);
   when time runs out there, the partial sum is an honest "at least".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import factorial, prod
from typing import TypeVar

import numpy as np

from puzzles.core import Deadline
from puzzles.zebra.model import Atom, Puzzle, Ref, arrangements, occupants, placements

MOST_WORK = 300_000_000
"""Multiply-adds one elimination step may cost (the product of the sizes it touches)."""
LARGEST_TABLE = 4_000_000
"""Entries in the biggest table it may build; beyond either limit, condition instead."""

Domains = dict[int, np.ndarray]
Factor = tuple[tuple[int, ...], np.ndarray]
Cell = tuple[int, int, int]
"""(category, value, object)."""
T = TypeVar("T")


class Frame:
    """The atoms' view of a block of arrangements, one array axis per category."""

    def __init__(self, puzzle: Puzzle, categories: Sequence[int], domains: Domains) -> None:
        self.n = puzzle.n
        self.key = puzzle.key
        self.puzzle = puzzle
        self.index = {}
        for axis, c in enumerate(categories):
            shape = [1] * len(categories)
            shape[axis] = -1
            self.index[c] = domains[c].reshape(shape)

    def where(self, ref: Ref) -> np.ndarray:
        c, v = ref
        if c == self.key:
            return np.asarray(v)
        return arrangements(self.n)[self.index[c], v].astype(np.int16)

    def value(self, category: int, objects: np.ndarray) -> np.ndarray:
        numbers = np.asarray(self.puzzle.categories[category].numbers, dtype=np.int64)
        if category == self.key:
            return numbers[objects]
        return numbers[occupants(self.n)[self.index[category], objects]]


def table(puzzle: Puzzle, atom: Atom, domains: Domains) -> Factor:
    """The atom as a boolean table over the current arrangements of its free categories."""
    categories = tuple(sorted(atom.categories - {puzzle.key}))
    holds = atom.holds(Frame(puzzle, categories, domains))
    shape = tuple(len(domains[c]) for c in categories)
    return categories, np.broadcast_to(holds, shape)


def start(puzzle: Puzzle) -> Domains:
    return {c: np.arange(factorial(puzzle.n), dtype=np.int32) for c in puzzle.free}


def possible(puzzle: Puzzle, domains: Domains, category: int) -> np.ndarray:
    """(n, n) booleans: value v can still sit at object o."""
    if category == puzzle.key:
        return np.eye(puzzle.n, dtype=bool)
    return placements(puzzle.n)[domains[category]].any(axis=0)


@dataclass
class Propagated:
    domains: Domains
    reasons: dict[Cell, int]  # a ruled-out cell -> the clue that ruled it out
    failed: int | None = None  # the clue that left some category without an arrangement


def propagate(puzzle: Puzzle, atoms: Sequence[tuple[int, Atom]], deadline: Deadline) -> Propagated:
    """Arc consistency over the arrangements, clue by clue, to a fixed point."""
    domains = start(puzzle)
    marks = {c: possible(puzzle, domains, c) for c in puzzle.free}
    result = Propagated(domains, {})
    seen: dict[int, tuple[int, ...]] = {}
    changed = True
    while changed:
        changed = False
        for number, (clue, atom) in enumerate(atoms):
            deadline.check()
            sizes = tuple(len(domains[c]) for c in sorted(atom.categories - {puzzle.key}))
            if seen.get(number) == sizes:
                continue  # nothing it looks at shrank since it was last applied
            categories, holds = table(puzzle, atom, domains)
            if not holds.any():
                result.failed = clue
                return result
            for axis, c in enumerate(categories):
                others = tuple(i for i in range(holds.ndim) if i != axis)
                support = holds.any(axis=others) if others else holds
                if support.all():
                    continue
                domains[c] = domains[c][support]
                holds = np.compress(support, holds, axis=axis)
                now = possible(puzzle, domains, c)
                for v, o in zip(*np.nonzero(marks[c] & ~now), strict=True):
                    result.reasons[(c, int(v), int(o))] = clue
                marks[c] = now
                changed = True
            seen[number] = tuple(len(domains[c]) for c in categories)
    return result


# ---------------------------------------------------------------- counting


def factors(puzzle: Puzzle, atoms: Sequence[Atom], domains: Domains) -> list[Factor]:
    """Every atom's table as numbers, plus a ones vector per category so each one is summed."""
    dtype = np.float64 if prod(len(d) for d in domains.values()) < 2**53 else np.int64
    found: dict[tuple[int, ...], np.ndarray] = {(c,): np.ones(len(domains[c]), dtype) for c in domains}
    for atom in atoms:
        categories, holds = table(puzzle, atom, domains)
        if categories in found:
            found[categories] = found[categories] * holds
        else:
            found[categories] = holds.astype(dtype)
    return merged(found)


def merged(found: dict[tuple[int, ...], np.ndarray]) -> list[Factor]:
    """Multiply each table into one over more categories where there is one: fewer, no bigger, tables."""
    for cats in sorted(found, key=len):
        wider = next((w for w in found if len(w) > len(cats) and set(cats) <= set(w)), None)
        if wider is not None:
            found[wider] = np.einsum(found[wider], list(wider), found.pop(cats), list(cats), list(wider))
    return list(found.items())


@dataclass
class Total:
    value: np.ndarray  # over the kept categories' arrangements
    exact: bool


def sizes_of(factors: list[Factor]) -> dict[int, int]:
    """How many arrangements each category has in these tables."""
    return {c: t.shape[i] for cats, t in factors for i, c in enumerate(cats)}


def contract(factors: list[Factor], keep: tuple[int, ...], deadline: Deadline) -> Total:
    """Sum the product of the factors over every category not in `keep`."""
    sizes = sizes_of(factors)
    factors, alive = restrict(factors)
    shape = tuple(sizes[c] for c in keep)
    if alive is None:
        return Total(np.zeros(shape), True)
    total = eliminate(factors, keep, deadline)
    value = np.zeros(shape, dtype=total.value.dtype)
    value[np.ix_(*(alive[c] for c in keep))] = total.value
    return Total(value, total.exact)


def restrict(factors: list[Factor]) -> tuple[list[Factor], dict[int, np.ndarray] | None]:
    """Drop the arrangements some factor gives no support (arc consistency on the tables).

    Returns the smaller factors and, per category, which of its arrangements
    are still alive; None when some category has none left (no solution).
    """
    factors = list(factors)
    if any(not cats and not t for cats, t in factors):
        return factors, None
    alive = {c: np.arange(size) for c, size in sizes_of(factors).items()}
    while True:
        support = {c: np.ones(len(a), dtype=bool) for c, a in alive.items()}
        for cats, t in factors:
            nonzero = t != 0
            for axis, c in enumerate(cats):
                others = tuple(i for i in range(len(cats)) if i != axis)
                support[c] &= nonzero.any(axis=others) if others else nonzero
        shrunk = {c: s for c, s in support.items() if not s.all()}
        if not shrunk:
            return factors, alive
        if any(not s.any() for s in shrunk.values()):
            return factors, None
        for c, s in shrunk.items():
            alive[c] = alive[c][s]
        factors = [
            (cats, t[np.ix_(*(support[c] for c in cats))] if shrunk.keys() & set(cats) else t) for cats, t in factors
        ]


Scope = set[int]


def step(scopes: list[Scope], sizes: dict[int, int], keep: tuple[int, ...]) -> tuple[str, int, Scope]:
    """The next move of variable elimination: ("done"), ("eliminate", c, its scope) or ("condition", c)."""
    summed = set().union(*scopes) - set(keep)
    if not summed:
        return "done", -1, set()
    touched = {c: set().union(*(s for s in scopes if c in s)) for c in summed}
    work = {c: prod(sizes[u] for u in touched[c]) for c in summed}
    best = min(summed, key=lambda c: (work[c], c))
    if work[best] > MOST_WORK or work[best] // sizes[best] > LARGEST_TABLE:
        return "condition", max(summed, key=lambda c: (sum(c in s for s in scopes), -c)), set()
    return "eliminate", best, touched[best]


def pivot_for(factors: list[Factor], keep: tuple[int, ...]) -> int | None:
    """The category elimination would have to condition on, found from the shapes alone (None: none)."""
    sizes = sizes_of(factors)
    scopes = [set(cats) for cats, _ in factors]
    while True:
        move, c, touched = step(scopes, sizes, keep)
        if move == "done":
            return None
        if move == "condition":
            return c
        scopes = [s for s in scopes if c not in s] + [touched - {c}]


def eliminate(factors: list[Factor], keep: tuple[int, ...], deadline: Deadline) -> Total:
    """Variable elimination, cheapest category first; condition when a table would grow too big."""
    sizes = sizes_of(factors)
    while True:
        deadline.check()
        move, c, touched = step([set(cats) for cats, _ in factors], sizes, keep)
        if move == "done":
            return Total(einsum(factors, keep), True)
        if move == "condition":
            return condition(factors, keep, c, deadline)
        bucket = [f for f in factors if c in f[0]]
        factors = [f for f in factors if c not in f[0]]
        out = tuple(sorted(touched - {c}))
        factors.append((out, einsum(bucket, out)))


def marginals(factors: list[Factor], deadline: Deadline) -> tuple[dict[int, np.ndarray], bool]:
    """Per category, the solutions through each of its arrangements, and whether all are exact.

    Where counting needs conditioning, one pass over the pivot's arrangements
    serves every category at once, rather than one pass per category.
    """
    sizes = sizes_of(factors)
    factors, alive = restrict(factors)
    if alive is None:
        return {c: np.zeros(size) for c, size in sizes.items()}, True
    pivot, exact = pivot_for(factors, ()), True
    if pivot is None:
        totals = {c: eliminate(factors, (c,), deadline) for c in alive}
        values = {c: t.value for c, t in totals.items()}
        exact = all(t.exact for t in totals.values())
    else:
        values = {c: np.zeros(len(a)) for c, a in alive.items()}
        parts, exact = conditioned(factors, pivot, deadline, lambda fixed: marginals(fixed, deadline))
        for i, part in enumerate(parts):
            for c, value in part.items():
                values[c] += value
            values[pivot][i] = (
                next(iter(part.values())).sum() if part else prod(float(t) for _, t in fix(factors, pivot, i))
            )
    expanded = {c: np.zeros(size) for c, size in sizes.items()}
    for c, value in values.items():
        expanded[c][alive[c]] = value
    return expanded, exact


def einsum(factors: list[Factor], out: tuple[int, ...]) -> np.ndarray:
    operands = [x for cats, t in factors for x in (t, list(cats))]
    big = len(factors) > 1 and sum(t.size for _, t in factors) > 10_000
    return np.einsum(*operands, list(out), optimize="greedy" if big else False)


def condition(factors: list[Factor], keep: tuple[int, ...], pivot: int, deadline: Deadline) -> Total:
    """Sum over the arrangements of `pivot`, fixed one at a time."""

    def total(fixed: list[Factor]) -> tuple[np.ndarray, bool]:
        part = contract(fixed, keep, deadline)
        return part.value, part.exact

    parts, exact = conditioned(factors, pivot, deadline, total)
    return Total(sum(parts[1:], parts[0]), exact)


def conditioned(
    factors: list[Factor], pivot: int, deadline: Deadline, part: Callable[[list[Factor]], tuple[T, bool]]
) -> tuple[list[T], bool]:
    """`part` of the factors with `pivot` fixed to each arrangement in turn, and whether all are exact.

    When time runs out before the last arrangement, the parts so far come back, inexact.
    """
    size = sizes_of(factors)[pivot]
    parts, exact = [], True
    for i in range(size):
        value, part_exact = part(fix(factors, pivot, i))
        parts.append(value)
        exact &= part_exact
        if deadline.expired() and i + 1 < size:
            return parts, False
    return parts, exact


def fix(factors: list[Factor], category: int, i: int) -> list[Factor]:
    """The factors with `category` fixed to its i-th arrangement."""
    fixed = []
    for cats, t in factors:
        if category in cats:
            axis = cats.index(category)
            cats, t = cats[:axis] + cats[axis + 1 :], np.take(t, i, axis=axis)
        fixed.append((cats, np.asarray(t)))
    return fixed


def solutions(factors: list[Factor], domains: Domains, deadline: Deadline) -> Iterator[dict[int, int]]:
    """Each solution as {category: arrangement}: fix the most constrained category, restrict, repeat."""
    yield from _search(factors, dict(domains), {}, deadline)


def _search(
    factors: list[Factor], names: Domains, fixed: dict[int, int], deadline: Deadline
) -> Iterator[dict[int, int]]:
    deadline.check()
    factors, alive = restrict(factors)
    if alive is None:
        return
    if not names:
        yield dict(fixed)
        return
    names = {c: names[c][alive[c]] for c in names}
    c = min(names, key=lambda c: (len(names[c]), c))
    rest = {u: a for u, a in names.items() if u != c}
    for i, arrangement in enumerate(names[c]):
        yield from _search(fix(factors, c, i), rest, {**fixed, c: int(arrangement)}, deadline)
