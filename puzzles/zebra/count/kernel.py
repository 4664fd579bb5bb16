"""Elimination's two passes (`elimination`) over arrays, compiled by numba, for the counts Python is too slow for.

The algorithm is `elimination`'s, step for step; only the state and the
counts change form, to what a machine word holds:

- a state is two 64-bit words (`Plan.bits` at most `COMPILED_BITS`, 128: the
  layout shares bits between fields never in use together, and none
  straddles a word);
- a count is kept modulo a few primes below 2^31, enough of them that their
  product passes every count the plan can have, and made whole again by the
  Chinese remainder theorem: a product of two stays below 2^62, so the
  backward pass multiplies without overflow.

A step's layers run to millions of states, and one hash table over them
would cost a cache miss at every placing.  So a step first writes each
placing's successor to a part chosen by the top bits of the successor's hash
(a streaming write), then merges each part, about PART successors, in a small
table that stays in the processor's cache.  The parts are called in runs and
return, so the caller looks at the clock and the cancel flag between runs;
`nogil` leaves the other threads (the app's screen) running meanwhile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from math import perm, prod

import numpy as np
from numba import njit

from puzzles.core import OutOfBudget
from puzzles.zebra.count.plan import SLOT_MASK, Buffers, Plan, Spend, Step, TooMany, Unknown, nowhere, steps_of

PRIMES = (
    2147483647,
    2147483629,
    2147483587,
    2147483579,
    2147483563,
    2147483549,
    2147483543,
    2147483497,
    2147483489,
    2147483477,
)
"""The largest primes below 2^31: their product passes 10!^10 (2^219), so every grid the format allows."""
STATES_PER_NODE = 64
"""A compiled state costs about a 64th of a search node (Python's a 16th): the work budget counts all in nodes."""
PART = 1 << 14
"""Successors per part, about: a part's table and states stay in the processor's cache."""
FINE = 12
"""The hash's top bits counted once; a step's parts are a power of two of at most 2^FINE."""
RETAINED = 768 << 20
"""Bytes of one set of buffers a `Buffers` keeps between counts: enough for the 5-6 million successors of a
step of the generated 8 x 8 middles (on those, fresh buffers made a count take half again as long or more)."""
CHUNK = 1 << 16
"""States, or successors, between two looks at the clock and the cancel flag (a few milliseconds)."""
ONE, TOP = np.uint64(1), np.uint64(64 - FINE)
WAYS = 3
"""A successor's record: its two words, its placing, then the placements it carries per prime."""
MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))


@dataclass(frozen=True)
class Arrays:
    """One step of the plan as the kernel reads it."""

    objects: np.uint64
    filled: np.ndarray  # bit offsets of its categories' filled objects
    tied: np.ndarray  # bit offsets of the slots of placed unknowns tied to it
    support: np.ndarray  # per tie, per object + 1 of the placed one: the objects it leaves ours
    marks: np.ndarray  # per object: the bits that record it, as (lo, hi)
    keep: np.ndarray  # (lo, hi)

    @classmethod
    def of(cls, step: Step, n: int) -> Arrays:
        support = np.zeros((len(step.ties), n), dtype=np.uint64)
        for t, (_, objects) in enumerate(step.ties):
            support[t] = objects
        return cls(
            np.uint64(step.objects),
            np.array(step.categories, dtype=np.uint64),
            np.array([offset for offset, _ in step.ties], dtype=np.uint64),
            support,
            np.array([words(mark) for mark in step.marks], dtype=np.uint64).reshape(n, 2),
            np.array(words(step.keep), dtype=np.uint64),
        )

    def args(self) -> tuple:
        return self.objects, self.filled, self.tied, self.support, self.marks, self.keep


def words(state: int) -> tuple[int, int]:
    return state & (1 << 64) - 1, state >> 64


def primes_for(plan: Plan) -> np.ndarray:
    """Enough primes that their product passes the plan's most placements: no more than its unknowns' objects
    multiplied, nor than per category its values' arrangements over the objects (a placement is known by its
    categories').  The first bound is the smaller on a big grid's middle clues: three primes where four were."""
    members = Counter(c for u in plan.unknowns for c in u.categories)
    arrangements = prod(perm(plan.n, m) for m in members.values())
    most = min(arrangements, prod(u.objects.bit_count() for u in plan.unknowns))
    many = next(many for many in range(1, len(PRIMES) + 1) if prod(PRIMES[:many]) > most)
    return np.array(PRIMES[:many], dtype=np.uint64)


@njit(cache=True, inline="always")
def field(lo, hi, offset):
    return hi >> (offset - np.uint64(64)) if offset >= np.uint64(64) else lo >> offset


@njit(cache=True, inline="always")
def allowed_at(lo, hi, objects, filled, tied, support):
    """The objects the step's unknown may take in this state (`Step.objects_for`)."""
    allowed = objects
    for offset in filled:
        allowed &= ~field(lo, hi, offset)
    for t in range(tied.size):
        allowed &= support[t, np.int64(field(lo, hi, tied[t]) & np.uint64(SLOT_MASK)) - 1]
    return allowed


@dataclass(frozen=True)
class Layer:
    """The states before a step, in parts by their hash's top bits: two words each, placements per prime."""

    lo: np.ndarray
    hi: np.ndarray
    ways: np.ndarray
    bounds: np.ndarray  # where each part starts, and the end


@njit(cache=True, inline="always")
def hashed(lo, hi):
    """splitmix64's finaliser: every bit of the state moves the top bits (its part) and the low (its place)."""
    h = lo ^ hi * MIX[0]
    h = (h ^ h >> np.uint64(30)) * MIX[1]
    h = (h ^ h >> np.uint64(27)) * MIX[2]
    return h ^ h >> np.uint64(31)


@njit(cache=True, nogil=True)
def histogram(lo, hi, begin, end, objects, filled, tied, support, marks, keep, counts):
    """Counts the successors of the states begin to end by the top FINE bits of their hash."""
    for i in range(begin, end):
        allowed = allowed_at(lo[i], hi[i], objects, filled, tied, support)
        o = 0
        while allowed:
            if allowed & ONE:
                counts[hashed((lo[i] | marks[o, 0]) & keep[0], (hi[i] | marks[o, 1]) & keep[1]) >> TOP] += 1
            allowed >>= ONE
            o += 1


@njit(cache=True, nogil=True)
def successors(lo, hi, ways, begin, end, objects, filled, tied, support, marks, keep, shift, at, records, placing):
    """The successor of each placing of the states begin to end, written where its part is `at`, with the
    placements it carries: its two words, which placing (numbered in the states' order from `placing`, times
    16, plus the object) and the placements per prime.  Returns the next placing's number."""
    for i in range(begin, end):
        allowed = allowed_at(lo[i], hi[i], objects, filled, tied, support)
        o = 0
        while allowed:
            if allowed & ONE:
                key_lo, key_hi = (lo[i] | marks[o, 0]) & keep[0], (hi[i] | marks[o, 1]) & keep[1]
                part = hashed(key_lo, key_hi) >> TOP >> shift
                r = at[part]
                at[part] += 1
                records[r, 0], records[r, 1], records[r, 2] = key_lo, key_hi, np.uint64(placing * 16 + o)
                for p in range(ways.shape[1]):
                    records[r, WAYS + p] = ways[i, p]
                placing += 1
            allowed >>= ONE
            o += 1
    return placing


@njit(cache=True, inline="always")
def place_of(table, mask, lo, hi, key_lo, key_hi):
    """Where the state is in a part's table (its index in lo, hi), or the empty place it would take."""
    h = hashed(key_lo, key_hi) & mask
    while table[h] >= 0 and (lo[table[h]] != key_lo or hi[table[h]] != key_hi):
        h = (h + ONE) & mask
    return h


@njit(cache=True, inline="always")
def emptied(table, entries):
    """The table's first places, enough for `entries` at half load, emptied; their mask."""
    size = 2
    while size < 2 * entries:
        size *= 2
    table[:size] = -1
    return np.uint64(size - 1)


@njit(cache=True, nogil=True)
def merge(records, bounds, first, last, primes, lo, hi, ways, starts, size, table):
    """Forward: each part's successors merged into states, their placements added up (`elimination.layers_of`)."""
    for part in range(first, last):
        mask = emptied(table, bounds[part + 1] - bounds[part])
        starts[part] = size
        for r in range(bounds[part], bounds[part + 1]):
            h = place_of(table, mask, lo, hi, records[r, 0], records[r, 1])
            k = table[h]
            if k < 0:
                table[h] = k = size
                lo[k], hi[k] = records[r, 0], records[r, 1]
                size += 1
                for p in range(primes.size):
                    ways[k, p] = records[r, WAYS + p]
                continue
            for p in range(primes.size):
                total = ways[k, p] + records[r, WAYS + p]
                ways[k, p] = total - primes[p] if total >= primes[p] else total
    starts[last] = size
    return size


@njit(cache=True, nogil=True)
def gather(records, bounds, first, last, primes, lo, hi, starts, behind, rests, row, table):
    """Backward: per part, each successor's completions (`behind`), kept per placing (`rests`) and added, times
    the placements it carries, to its object (`row`; `elimination.margins_of`)."""
    for part in range(first, last):
        mask = emptied(table, starts[part + 1] - starts[part])
        for k in range(starts[part], starts[part + 1]):
            table[place_of(table, mask, lo, hi, lo[k], hi[k])] = k
        for r in range(bounds[part], bounds[part + 1]):
            k = table[place_of(table, mask, lo, hi, records[r, 0], records[r, 1])]
            placing, o = records[r, 2] >> np.uint64(4), records[r, 2] & np.uint64(15)
            for p in range(primes.size):
                rests[placing, p] = rest = behind[k, p]
                row[o, p] = (row[o, p] + records[r, WAYS + p] * rest) % primes[p]


@njit(cache=True, nogil=True)
def completions(lo, hi, begin, end, objects, filled, tied, support, rests, primes, ahead, placing):
    """The completions of the states begin to end: the sum over their placings, numbered from `placing`, of
    theirs.  Returns the next placing's number."""
    for i in range(begin, end):
        allowed = allowed_at(lo[i], hi[i], objects, filled, tied, support)
        while allowed:
            if allowed & ONE:
                for p in range(primes.size):
                    total = ahead[i, p] + rests[placing, p]
                    ahead[i, p] = total - primes[p] if total >= primes[p] else total
                placing += 1
            allowed >>= ONE
    return placing


class Rows:
    """A buffer of rows kept from step to step and grown as needed, its new rows touched in runs first.

    Fresh memory costs a page fault on first touch, here more than the work done on it, and a step's
    successors land all over the buffer at once: touched first, between looks at the clock, a step that
    outgrows the budget stops on time.  The rows' width is the count's (its primes), so one buffer serves
    counts of every width."""

    def __init__(self, extra: int) -> None:
        self.flat = np.empty(0, dtype=np.uint64)
        self.extra = extra  # columns besides one per prime
        self.touched = 0

    def first(self, rows: int, primes: int, spend: Spend) -> np.ndarray:
        """The buffer's first `rows` rows of `extra + primes` columns, grown and touched as needed."""
        columns = self.extra + primes
        size = rows * columns
        if size > self.flat.size:
            self.flat = np.empty(max(size, 2 * self.flat.size), dtype=np.uint64)
            self.touched = 0
        for begin, end in runs(-(-max(size - self.touched, 0) // columns), spend):
            self.flat[self.touched + begin * columns : self.touched + end * columns : columns] = 0
        self.touched = max(self.touched, size)
        return self.flat[:size].reshape(rows, columns)


class Scratch:
    """What the passes keep from step to step: the successors, their completions (backward) and a part's table;
    `primes` is the count's (set by `scratch_in`)."""

    def __init__(self, primes: np.ndarray) -> None:
        self.primes = primes
        self.records, self.rests = Rows(WAYS), Rows(0)
        self.table = np.empty(0, dtype=np.int64)

    @property
    def nbytes(self) -> int:
        return self.records.flat.nbytes + self.rests.flat.nbytes + self.table.nbytes

    def parted(self, src: Layer, step: Arrays, spend: Spend, most: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The step's successors of the layer's states, in parts of about PART, and where each part starts;
        the layer's work charged first (TooMany past `most` successors, when given)."""
        spend(1 + src.lo.size // STATES_PER_NODE)
        counts = np.zeros(1 << FINE, dtype=np.int64)
        for begin, end in runs(src.lo.size, spend):
            histogram(src.lo, src.hi, begin, end, *step.args(), counts)
        total = int(counts.sum())
        if most is not None and total > most:
            raise TooMany
        fine = counts.reshape(1 << min(FINE, max(0, (total // PART).bit_length())), -1).sum(axis=1)
        bounds = np.zeros(fine.size + 1, dtype=np.int64)
        np.cumsum(fine, out=bounds[1:])
        records, at, placing = self.records.first(total, self.primes.size, spend), bounds[:-1].copy(), 0
        if 2 * int(fine.max()) > self.table.size:
            self.table = np.empty(2 << int(fine.max()).bit_length(), dtype=np.int64)
        shift = np.uint64(FINE + 1 - fine.size.bit_length())
        for begin, end in runs(src.lo.size, spend):
            placing = successors(src.lo, src.hi, src.ways, begin, end, *step.args(), shift, at, records, placing)
        return records, bounds


def runs(states: int, spend: Spend) -> Iterator[tuple[int, int]]:
    """The states in runs of CHUNK, the clock and the cancel flag looked at before each."""
    for begin in range(0, states, CHUNK):
        spend(0)
        yield begin, min(begin + CHUNK, states)


def groups(bounds: np.ndarray, spend: Spend) -> Iterator[tuple[int, int]]:
    """Runs of parts of about CHUNK successors, the clock and the cancel flag looked at before each."""
    first = 0
    while first < bounds.size - 1:
        spend(0)
        last = int(np.searchsorted(bounds, bounds[first] + CHUNK, side="right")) - 1
        last = min(max(first + 1, last), bounds.size - 1)
        yield first, last
        first = last


def layers_of(steps: list[Arrays], scratch: Scratch, spend: Spend, most: int) -> list[Layer]:
    """The states before each step and after the last (`elimination.layers_of`; TooMany past `most` successors
    written)."""
    primes, nothing = scratch.primes, np.zeros(1, dtype=np.uint64)
    layers = [Layer(nothing, nothing, np.ones((1, primes.size), dtype=np.uint64), np.array([0, 1]))]
    written = 0
    for step in steps:
        records, bounds = scratch.parted(layers[-1], step, spend, most - written)
        written += records.shape[0]
        room = records.shape[0]  # pages never written take no memory
        lo, hi, ways = np.empty(room, np.uint64), np.empty(room, np.uint64), np.empty((room, primes.size), np.uint64)
        size, starts = 0, np.empty_like(bounds)
        for first, last in groups(bounds, spend):
            size = merge(records, bounds, first, last, primes, lo, hi, ways, starts, size, scratch.table)
        layers.append(Layer(lo[:size], hi[:size], ways[:size], starts))
        if not size:
            break
    return layers


def margins_of(
    plan: Plan, steps: list[Arrays], layers: list[Layer], scratch: Scratch, spend: Spend
) -> dict[int, list[np.ndarray]]:
    """Per value, per object, the placements with it there, per prime (`elimination.margins_of`)."""
    primes = scratch.primes
    total = ways_of(layers[-1], primes)
    margins = {
        x: [total * np.uint64(u.objects >> o & 1) for o in range(plan.n)] for u in plan.unknowns for x in u.members
    }
    behind = np.ones_like(layers[-1].ways)
    for at in range(len(steps) - 1, -1, -1):
        src, after = layers[at], layers[at + 1]
        records, bounds = scratch.parted(src, steps[at], spend)  # the parts `after` was merged in
        rests = scratch.rests.first(records.shape[0], primes.size, spend)
        row = np.zeros((plan.n, primes.size), dtype=np.uint64)
        for first, last in groups(bounds, spend):
            gather(
                records,
                bounds,
                first,
                last,
                primes,
                after.lo,
                after.hi,
                after.bounds,
                behind,
                rests,
                row,
                scratch.table,
            )
        behind, placing = np.zeros_like(src.ways), 0
        for begin, end in runs(src.lo.size, spend):
            placing = completions(src.lo, src.hi, begin, end, *steps[at].args()[:4], rests, primes, behind, placing)
        for x in plan.unknowns[plan.steps[at].unknown].members:
            margins[x] = list(row)
    return margins


def ways_of(layer: Layer, primes: np.ndarray) -> np.ndarray:
    """The layer's placements, per prime."""
    return layer.ways.sum(axis=0) % primes


def whole(residues: np.ndarray, primes: np.ndarray) -> int:
    """The number with these residues (Chinese remainder theorem), below the primes' product."""
    value, modulus = 0, 1
    for residue, p in zip(residues.tolist(), primes.tolist(), strict=True):
        value += modulus * ((residue - value) * pow(modulus, -1, p) % p)
        modulus *= p
    return value


@contextmanager
def scratch_in(buffers: Buffers | None, primes: np.ndarray) -> Iterator[Scratch]:
    """A kept scratch when one is free (a fresh one when not), kept again after the count if small enough."""
    kept = buffers.take() if buffers is not None else None
    scratch = kept or Scratch(primes)
    scratch.primes = primes
    try:
        yield scratch
    finally:
        if buffers is not None and scratch.nbytes <= RETAINED:
            buffers.give_back(scratch)


def count(
    plan: Plan, spend: Spend, margins: bool, buffers: Buffers | None, most: int
) -> tuple[int, dict[int, list[int]] | None]:
    """`elimination.count`, compiled."""
    with scratch_in(buffers, primes_for(plan)) as scratch:
        return counted(plan, scratch, spend, margins, most)


def counted(
    plan: Plan, scratch: Scratch, spend: Spend, margins: bool, most: int
) -> tuple[int, dict[int, list[int]] | None]:
    """`count` in the scratch's buffers."""
    primes = scratch.primes
    steps = [Arrays.of(step, plan.n) for step in plan.steps]
    layers = layers_of(steps, scratch, spend, most)
    if len(layers) <= len(steps):
        return nowhere(plan, margins)
    value = whole(ways_of(layers[-1], primes), primes)
    if not margins:
        return value, None
    try:
        residues = margins_of(plan, steps, layers, scratch, spend)
    except OutOfBudget:
        return value, None
    return value, {x: [whole(r, primes) for r in row] for x, row in residues.items()}


def warm() -> None:
    """Loads every compiled pass (from numba's cache; compiled on the very first run) by counting two values
    of one category over two objects, with the same array types a real count passes."""
    unknowns = [Unknown((0,), 0b11, (0,)), Unknown((1,), 0b11, (0,))]
    steps = steps_of(2, unknowns, {(0, 1): [0b10, 0b01], (1, 0): [0b10, 0b01]}, [0, 1], 1)
    count(Plan(2, tuple(unknowns), steps), lambda work: None, margins=True, buffers=None, most=4)
