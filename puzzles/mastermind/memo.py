"""The exact search's memo, compiled: sets of codes with their lower bounds, and when exact their totals and best guesses.

An open-addressing hash table (`slots`) of entries; an entry's set is a
slice of `pool`.  The arrays (`optimal.memo_arrays`, in the order of
`layout`) belong to the Python side, which grows them when `remember`
finds no room (`meta[FULL]`) and rehashes the entries into the bigger table.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from puzzles.mastermind.layout import ENTRIES, FULL, POOL_USED


@njit(cache=True)
def set_hash(codes: np.ndarray) -> np.uint64:
    h = np.uint64(1469598103934665603)
    for c in codes:
        h ^= np.uint64(c + 1)
        h *= np.uint64(1099511628211)
        h ^= h >> np.uint64(29)
    return h


@njit(cache=True)
def find(codes, memo) -> int:
    """The memo entry of this set, or -1."""
    slots, hashes, starts, lengths, _, _, _, pool = memo
    h = set_hash(codes)
    mask = len(slots) - 1
    i = np.int64(h & np.uint64(mask))
    n = len(codes)
    while True:
        e = slots[i]
        if e < 0:
            return -1
        if hashes[e] == h and lengths[e] == n:
            start = starts[e]
            same = True
            for j in range(n):
                if pool[start + j] != codes[j]:
                    same = False
                    break
            if same:
                return e
        i = (i + 1) & mask


@njit(cache=True)
def remember(codes, lower, total, guess, memo, meta) -> None:
    """Record a lower bound (total < 0) or an exact total for this set, if the memo has room."""
    slots, hashes, starts, lengths, lowers, totals, guesses, pool = memo
    e = find(codes, memo)
    if e >= 0:
        lowers[e] = max(lowers[e], lower)
        if total >= 0:
            totals[e], guesses[e] = total, guess
        return
    n = len(codes)
    count = meta[ENTRIES]
    if 4 * (count + 1) > 3 * len(slots) or count >= len(hashes) or meta[POOL_USED] + n > len(pool):
        meta[FULL] = 1
        return
    h = set_hash(codes)
    mask = len(slots) - 1
    i = np.int64(h & np.uint64(mask))
    while slots[i] >= 0:
        i = (i + 1) & mask
    slots[i] = count
    start = meta[POOL_USED]
    pool[start : start + n] = codes
    hashes[count], starts[count], lengths[count] = h, start, n
    lowers[count], totals[count], guesses[count] = lower, total, guess
    meta[ENTRIES] = count + 1
    meta[POOL_USED] = start + n


@njit(cache=True)
def rehash(slots, hashes, count) -> None:
    """Place the first `count` entries in a fresh (all -1) table of slots."""
    mask = len(slots) - 1
    for e in range(count):
        i = np.int64(hashes[e] & np.uint64(mask))
        while slots[i] >= 0:
            i = (i + 1) & mask
        slots[i] = e
