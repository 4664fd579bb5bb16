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

from collections.abc import Iterator
from dataclasses import dataclass
from math import perm, prod

import numpy as np
from numba import njit

from puzzles.core import OutOfBudget
from puzzles.zebra import elimination
from puzzles.zebra.elimination import SLOT_MASK, Plan, Spend, Step, TooMany

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
"""The largest primes below 2^31, enough for 10 x 10 grids (10!^10 < 2^219 < their product)."""
STATES_PER_NODE = 64
"""A compiled state costs about a 64th of a search node (Python's a 16th): the work budget counts all in nodes."""
PART = 1 << 14
"""Successors per part, about: a part's table and states stay in the processor's cache."""
FINE = 12
"""The hash's top bits counted once; a step's parts are a power of two of at most 2^FINE."""
CHUNK = 1 << 16
"""Successors between two looks at the clock and the cancel flag (a few milliseconds)."""
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
    """Enough primes that their product passes the plan's most placements: per category, its values'
    arrangements over the objects (a placement is known by its categories')."""
    members = {}
    for u in plan.unknowns:
        for c in u.categories:
            members[c] = members.get(c, 0) + 1
    most = prod(perm(plan.n, m) for m in members.values())
    for many in range(1, len(PRIMES) + 1):
        if prod(PRIMES[:many]) > most:
            return np.array(PRIMES[:many], dtype=np.uint64)
    raise OutOfBudget  # past 10 x 10: the search counts


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
def histogram(lo, hi, objects, filled, tied, support, marks, keep):
    """How many successors the states have, by the top FINE bits of their hash."""
    counts = np.zeros(1 << FINE, dtype=np.int64)
    for i in range(lo.size):
        allowed = allowed_at(lo[i], hi[i], objects, filled, tied, support)
        o = 0
        while allowed:
            if allowed & ONE:
                counts[hashed((lo[i] | marks[o, 0]) & keep[0], (hi[i] | marks[o, 1]) & keep[1]) >> TOP] += 1
            allowed >>= ONE
            o += 1
    return counts


@njit(cache=True, nogil=True)
def successors(lo, hi, ways, objects, filled, tied, support, marks, keep, bounds, shift, records):
    """Every placing's successor, grouped by part, with the placements it carries: its two words, which
    placing (its number in the states' order, times 16, plus the object) and the placements per prime."""
    at = bounds[:-1].copy()
    placing = 0
    for i in range(lo.size):
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
            if table[h] < 0:
                table[h] = size
                lo[size], hi[size] = records[r, 0], records[r, 1]
                size += 1
            k = table[h]
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
def completions(lo, hi, objects, filled, tied, support, rests, primes):
    """Each state's completions: the sum over its placings, in order, of theirs."""
    ahead = np.zeros((lo.size, primes.size), dtype=np.uint64)
    placing = 0
    for i in range(lo.size):
        allowed = allowed_at(lo[i], hi[i], objects, filled, tied, support)
        while allowed:
            if allowed & ONE:
                for p in range(primes.size):
                    total = ahead[i, p] + rests[placing, p]
                    ahead[i, p] = total - primes[p] if total >= primes[p] else total
                placing += 1
            allowed >>= ONE
    return ahead


class Scratch:
    """Buffers kept from step to step, grown as needed: fresh memory costs a page fault each 4 KiB, more
    than the work done on it."""

    def __init__(self, primes: np.ndarray) -> None:
        self.primes = primes
        self.records = np.empty((0, WAYS + primes.size), dtype=np.uint64)
        self.lo, self.hi = np.empty(0, dtype=np.uint64), np.empty(0, dtype=np.uint64)
        self.ways = np.empty((0, primes.size), dtype=np.uint64)
        self.table = np.empty(0, dtype=np.int64)

    def room(self, successors: int, part: int) -> None:
        if successors > self.lo.size:
            room = max(successors, 2 * self.lo.size)
            self.records = np.empty((room, WAYS + self.primes.size), dtype=np.uint64)
            self.lo, self.hi = np.empty(room, dtype=np.uint64), np.empty(room, dtype=np.uint64)
            self.ways = np.empty((room, self.primes.size), dtype=np.uint64)
        if 2 * part > self.table.size:
            self.table = np.empty(2 << part.bit_length(), dtype=np.int64)

    def parted(self, src: Layer, step: Arrays, spend: Spend) -> tuple[np.ndarray, np.ndarray]:
        """The step's successors of the layer's states, in parts of about PART, and where each part starts;
        the layer's work charged first."""
        spend(1 + src.lo.size // STATES_PER_NODE)
        counts = histogram(src.lo, src.hi, *step.args())
        total = int(counts.sum())
        if total > elimination.MOST_STATES:
            raise TooMany
        spend(0)
        fine = counts.reshape(1 << min(FINE, max(0, (total // PART).bit_length())), -1).sum(axis=1)
        bounds = np.zeros(fine.size + 1, dtype=np.int64)
        np.cumsum(fine, out=bounds[1:])
        self.room(total, int(fine.max()))
        records = self.records[:total]
        successors(
            src.lo, src.hi, src.ways, *step.args(), bounds, np.uint64(FINE + 1 - fine.size.bit_length()), records
        )
        return records, bounds


def groups(bounds: np.ndarray, spend: Spend) -> Iterator[tuple[int, int]]:
    """Runs of parts of about CHUNK successors, the clock and the cancel flag looked at before each."""
    first = 0
    while first < bounds.size - 1:
        spend(0)
        last = int(np.searchsorted(bounds, bounds[first] + CHUNK, side="right")) - 1
        last = min(max(first + 1, last), bounds.size - 1)
        yield first, last
        first = last


def layers_of(steps: list[Arrays], scratch: Scratch, spend: Spend) -> list[Layer]:
    """The states before each step and after the last (`elimination.layers_of`)."""
    primes, nothing = scratch.primes, np.zeros(1, dtype=np.uint64)
    layers = [Layer(nothing, nothing, np.ones((1, primes.size), dtype=np.uint64), np.array([0, 1]))]
    kept = 1
    for step in steps:
        records, bounds = scratch.parted(layers[-1], step, spend)
        size, starts = 0, np.empty_like(bounds)
        scratch.ways[: records.shape[0]] = 0
        for first, last in groups(bounds, spend):
            size = merge(
                records, bounds, first, last, primes, scratch.lo, scratch.hi, scratch.ways, starts, size, scratch.table
            )
        layers.append(Layer(scratch.lo[:size].copy(), scratch.hi[:size].copy(), scratch.ways[:size].copy(), starts))
        kept += size
        if kept > elimination.MOST_STATES:
            raise TooMany
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
        rests, row = scratch.ways[: records.shape[0]], np.zeros((plan.n, primes.size), dtype=np.uint64)
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
        spend(0)
        behind = completions(src.lo, src.hi, *steps[at].args()[:4], rests, primes)
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


def count(plan: Plan, spend: Spend, margins: bool) -> tuple[int, dict[int, list[int]] | None]:
    """`elimination.count`, compiled."""
    scratch = Scratch(primes_for(plan))
    primes = scratch.primes
    steps = [Arrays.of(step, plan.n) for step in plan.steps]
    layers = layers_of(steps, scratch, spend)
    if len(layers) <= len(steps):
        return 0, ({x: [0] * plan.n for u in plan.unknowns for x in u.members} if margins else None)
    value = whole(ways_of(layers[-1], primes), primes)
    if not margins:
        return value, None
    try:
        residues = margins_of(plan, steps, layers, scratch, spend)
    except OutOfBudget:
        return value, None
    return value, {x: [whole(r, primes) for r in row] for x, row in residues.items()}
