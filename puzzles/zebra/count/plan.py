"""The plan an elimination follows, in Python (`elimination`) or compiled (`kernel`): what is placed, in what order,
and what a state holds between steps.

The values are placed one at a time, in an order chosen for it, and
placements the values to come cannot tell apart are counted together
(variable elimination).  What they can tell is little:

- per category with values still to place, the objects its placed values
  fill (only those its values to come could take);
- per placed value that a clue ties to a value to come, its object.

Values a clue puts at one object ("the Briton lives in the red house") are
one unknown.  A state has a slot per tied unknown and per category (slots
never in use together share bits); each step says what it reads of a state
and writes to it.  Beside the plan, what both passes share: the budget's
`Spend`, `TooMany`, and the `Buffers` a caller keeps between counts.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from math import comb, log2
from typing import Any

from puzzles.core import OutOfBudget, grouped
from puzzles.zebra.solver import OBJECTS, Apart, Constraint, Inside, Model, Table, bits, single

SLOT = 4
"""Bits per unknown's slot: its object + 1 (0: not placed, or no longer asked); objects are < 10."""
SLOT_MASK = (1 << SLOT) - 1
WORKERS = min(2, os.cpu_count() or 1)
"""Threads a big count runs its cases on, when only the clock bounds it (`splitting`): both cores of the
machines we run on, no more, as each holds buffers of a few hundred MB."""
Spend = Callable[[int], None]
"""Charges work to the budget; raises OutOfBudget once it is spent (`Deadline.spend`)."""
LOG_COMB = tuple(tuple(log2(max(comb(n, k), 1)) for k in range(17)) for n in range(17))
"""log2 of n choose k (0 where none), the guess's one sum, for every grid the format allows."""
WEIGHTS = (1.0, 1.5, 0.75, 2.0, 0.5, 1.25)
"""How much a category's filled objects weigh against a placed value's object in the guess of how
many states a step leaves; the order with the fewest states guessed is kept (no one weight suits all)."""


@dataclass(frozen=True)
class Unknown:
    members: tuple[int, ...]  # the model's variables, all at one object
    objects: int
    categories: tuple[int, ...]  # its members' categories (the model's `Apart`s, in order)


@dataclass(frozen=True)
class Step:
    """Placing one unknown: what it reads of a state, and how a state goes on."""

    unknown: int
    objects: int  # the unknown's
    categories: tuple[int, ...]  # bit offsets of its categories' filled objects
    ties: tuple[tuple[int, tuple[int, ...]], ...]  # (slot offset of a placed unknown, its objects -> ours)
    marks: tuple[int, ...]  # per object: the bits that record it in the state
    keep: int  # the bits of the state still asked after this step
    read: int  # the bits `objects_for` reads: states alike there have the same objects

    def objects_for(self, state: int) -> tuple[int, ...]:
        """The objects the unknown may take in this state: free in its categories, allowed by its ties."""
        allowed = self.objects
        for offset in self.categories:
            allowed &= ~(state >> offset)
        for offset, support in self.ties:
            allowed &= support[(state >> offset & SLOT_MASK) - 1]
        return OBJECTS[allowed]


@dataclass(frozen=True)
class Plan:
    n: int
    unknowns: tuple[Unknown, ...]
    steps: tuple[Step, ...]

    @property
    def bits(self) -> int:
        """The widest state's."""
        return max(((max(step.marks) | step.keep).bit_length() for step in self.steps), default=0)


class Buffers:
    """Buffers a caller keeps from count to count (the Zebra screen, clue after clue): on a big count, first
    touch of fresh memory costs about as much as the work.  A count takes one set while it runs (a split count
    one per worker), and finds fresh ones when none is free (a stale count still stopping).  At most WORKERS
    sets are kept, each of at most `kernel.RETAINED` bytes."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: list[Any] = []  # the kernel's Scratches not in use

    def take(self) -> Any:
        """A set no count is using, or None."""
        with self.lock:
            return self.kept.pop() if self.kept else None

    def give_back(self, scratch: Any) -> None:
        """A count's set, kept for the next unless WORKERS sets already are."""
        with self.lock:
            if len(self.kept) < WORKERS:
                self.kept.append(scratch)


class TooMany(OutOfBudget):
    """More successors than a count may write (`elimination.count`'s `most`)."""


class Unsupported(Exception):
    """A clue relates three values, compares through a category, or rules out objects of values it puts
    together that propagation left: the search counts such puzzles."""


def plan_of(model: Model, domains: list[int]) -> Plan:
    """The unknowns of a settled counting model (`Model.mentioned`) and an order to place them."""
    unknowns, ties, categories = tied_unknowns(model, domains)
    order = best_order(model.n, unknowns, ties, categories)
    return Plan(model.n, tuple(unknowns), steps_of(model.n, unknowns, ties, order, categories))


def guessed(model: Model, domains: list[int]) -> float:
    """The states a plan of the settled domains is guessed to visit, from one greedy order (not the best of
    several): a sixth of a plan's work, to weigh the cases of a split (`splitting`)."""
    unknowns, ties, categories = tied_unknowns(model, domains)
    order = greedy_order(Guess(model.n, unknowns, ties, categories, WEIGHTS[0]))
    return Guess(model.n, unknowns, ties, categories, WEIGHTS[0]).states(order)


def tied_unknowns(model: Model, domains: list[int]) -> tuple[list[Unknown], dict[tuple[int, int], list[int]], int]:
    """The unknowns, per pair a clue ties (each way) the objects one leaves the other, and the categories."""
    categories = [c.scope for c in model.constraints if isinstance(c, Apart)]
    category_of = {x: i for i, scope in enumerate(categories) for x in scope}
    tables = [two_valued(c, category_of, domains) for c in model.constraints if not isinstance(c, Apart)]
    tables = [t for t in tables if t is not None]
    unknowns, of = unknowns_of(tables, category_of, domains)
    ties: dict[tuple[int, int], list[int]] = {}
    full = (1 << model.n) - 1
    for table in tables:
        a, b = (of[x] for x in table.scope)
        from_a, from_b = table.supports
        if a == b:  # a second clue about values put together: it must allow each object they share
            if any(not from_a[o] >> o & 1 for o in bits(unknowns[a].objects)):
                raise Unsupported
            continue
        for p, q, support in ((a, b, from_a), (b, a, from_b)):
            row = ties.setdefault((p, q), [full] * model.n)
            ties[(p, q)] = [have & s for have, s in zip(row, support, strict=True)]
    placed = [single(u.objects) for u in unknowns]  # propagation kept their objects from the rest: settled
    ties = {pair: row for pair, row in ties.items() if not (placed[pair[0]] or placed[pair[1]])}
    return unknowns, ties, len(categories)


def two_valued(constraint: Constraint, category_of: dict[int, int], domains: list[int]) -> Table | None:
    """The constraint as a table over two values of the categories, None when it no longer says anything."""
    table = constraint.table if isinstance(constraint, Inside) else constraint
    if not isinstance(table, Table) or len(table.scope) > 2:
        raise Unsupported
    if len(table.scope) < 2 or any(single(domains[x]) and x not in category_of for x in table.scope):
        return None  # settled: a value alone, or a key's value (its object fixed) already narrowed the other
    if any(x not in category_of for x in table.scope):
        raise Unsupported
    return table


def unknowns_of(
    tables: list[Table], category_of: dict[int, int], domains: list[int]
) -> tuple[list[Unknown], dict[int, int]]:
    """The values grouped by the clues that put them at one object; per value, its group."""
    unknowns, of = [], {}
    for members in grouped(category_of, [table.scope for table in tables if puts_together(table, domains)]):
        for x in members:
            of[x] = len(unknowns)
        unknowns.append(Unknown(tuple(members), domains[members[0]], tuple(category_of[x] for x in members)))
    return unknowns, of


def puts_together(table: Table, domains: list[int]) -> bool:
    """The clue says its two values share an object (and propagation left them the same objects)."""
    a, b = table.scope
    return domains[a] == domains[b] and all(table.supports[0][o] & domains[b] == 1 << o for o in bits(domains[a]))


def best_order(n: int, unknowns: list[Unknown], ties: dict, categories: int) -> list[int]:
    """Of the greedy orders, one per weight, the one whose states are guessed fewest."""
    orders = [greedy_order(Guess(n, unknowns, ties, categories, weight)) for weight in WEIGHTS]
    return min(orders, key=lambda order: Guess(n, unknowns, ties, categories, WEIGHTS[0]).states(order))


class Guess:
    """How many bits a state has as unknowns are placed: a guess from the slots' sizes, to choose an order."""

    def __init__(self, n: int, unknowns: list[Unknown], ties: dict, categories: int, weight: float) -> None:
        self.unknowns, self.weight = unknowns, weight
        self.neighbours: list[set[int]] = [set() for _ in unknowns]
        for p, q in ties:
            self.neighbours[p].add(q)
        self.placed = [False] * len(unknowns)
        self.open = [u for u in range(len(unknowns)) if not single(unknowns[u].objects)]  # a placed one is settled
        waiting = [sum(c in unknowns[u].categories for u in self.open) for c in range(categories)]
        span = [0] * categories  # the objects a category's open unknowns may take
        for u in self.open:
            for c in unknowns[u].categories:
                span[c] |= unknowns[u].objects
        self.filled_bits = [  # per category, per objects filled: the bits recording them, while values wait
            [LOG_COMB[span[c].bit_count()][f] if f < waiting[c] else 0.0 for f in range(n + 1)]
            for c in range(categories)
        ]
        self.object_bits = [LOG_COMB[u.objects.bit_count()][1] for u in unknowns]  # log2 of its objects
        self.filled = [0] * categories
        self.untied = [len(self.neighbours[u]) for u in range(len(unknowns))]  # its neighbours not yet placed

    def change(self, u: int) -> float:
        """The bits placing u adds: its object if a tie waits on it, less the objects of neighbours whose
        last tie it was, plus its categories' filled objects (weighted)."""
        size = self.object_bits[u] if self.untied[u] else 0.0
        for v in self.neighbours[u]:
            if self.placed[v] and self.untied[v] == 1:
                size -= self.object_bits[v]
        for c in self.unknowns[u].categories:
            filled, bits = self.filled[c], self.filled_bits[c]
            size += self.weight * (bits[filled + 1] - bits[filled])
        return size

    def place(self, u: int) -> None:
        self.placed[u] = True
        for c in self.unknowns[u].categories:
            self.filled[c] += 1
        for v in self.neighbours[u]:
            self.untied[v] -= 1

    def states(self, order: list[int]) -> float:
        """The states the order is guessed to visit, summed over its steps."""
        total, size = 0.0, 0.0
        for u in order:
            size += self.change(u)
            total += 2.0**size
            self.place(u)
        return total


def greedy_order(guess: Guess) -> list[int]:
    """Each time, the unknown after which the state is guessed smallest (ties: the most tied)."""
    order: list[int] = []
    left = set(guess.open)
    while left:
        best = min(left, key=lambda u: (guess.change(u), -len(guess.neighbours[u]), u))
        guess.place(best)
        order.append(best)
        left.discard(best)
    return order


def steps_of(n: int, unknowns: list[Unknown], ties: dict, order: list[int], categories: int) -> tuple[Step, ...]:
    """What each step reads of a state and writes to it, in the layout `fields_of` gives."""
    position = {u: i for i, u in enumerate(order)}
    last_tie = [max((position[q] for (p, q) in ties if p == u), default=-1) for u in range(len(unknowns))]
    members = [[position[u] for u in order if c in unknowns[u].categories] for c in range(categories)]
    slot_at, filled_at = fields_of(n, order, last_tie, members)
    full = (1 << n) - 1
    steps = []
    for i, u in enumerate(order):
        offsets = tuple(filled_at[c] for c in unknowns[u].categories)
        tied = tuple((slot_at[p], tuple(ties[(p, u)])) for p in order[:i] if (p, u) in ties)
        marks = []
        for o in range(n):
            mark = sum(1 << (offset + o) for offset in offsets)
            if last_tie[u] > i:
                mark |= (o + 1) << slot_at[u]
            marks.append(mark)
        keep = 0
        for p in order[: i + 1]:
            if last_tie[p] > i:
                keep |= SLOT_MASK << slot_at[p]
        for c, places in enumerate(members):
            to_come = 0
            for j in places:
                if j > i:
                    to_come |= unknowns[order[j]].objects
            if to_come and places[0] <= i:  # before its first value the bits may be another field's
                keep |= to_come << filled_at[c]
        read = sum(full << offset for offset in offsets) | sum(SLOT_MASK << offset for offset, _ in tied)
        steps.append(Step(u, unknowns[u].objects, offsets, tied, tuple(marks), keep, read))
    return tuple(steps)


def fields_of(n: int, order: list[int], last_tie: list[int], members: list[list[int]]) -> tuple[dict, dict]:
    """Bit offsets of each tied unknown's slot and of each category's filled objects.

    A field is in use from the step that first writes it to the last that reads it; fields never in use
    together share bits, and none straddles a 64-bit word, so the compiled passes can hold a state in two
    machine words (48 to 80 bits on 8 x 8 grids; `Plan.bits` says how many)."""
    fields = [(i, last_tie[u], SLOT, ("slot", u)) for i, u in enumerate(order) if last_tie[u] > i]
    fields += [(places[0], places[-1], n, ("filled", c)) for c, places in enumerate(members) if places]
    placed: list[tuple[int, int, int]] = []  # (first step, last step, bits)
    at: dict[tuple[str, int], int] = {}
    for first, last, width, name in sorted(fields, key=lambda field: (field[0], -field[2])):
        busy = 0
        for other_first, other_last, other_bits in placed:
            if other_first <= last and first <= other_last:
                busy |= other_bits
        offset = 0
        while ((1 << width) - 1) << offset & busy or offset // 64 != (offset + width - 1) // 64:
            offset += 1
        at[name] = offset
        placed.append((first, last, ((1 << width) - 1) << offset))
    slot_at = {u: offset for (kind, u), offset in at.items() if kind == "slot"}
    filled_at = {c: offset for (kind, c), offset in at.items() if kind == "filled"}
    return slot_at, filled_at


def nowhere(plan: Plan, margins: bool) -> tuple[int, dict[int, list[int]] | None]:
    """The count when some step had nowhere to go: no placement, so no value at any object."""
    return 0, ({x: [0] * plan.n for u in plan.unknowns for x in u.members} if margins else None)
