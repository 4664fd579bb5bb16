"""The exact search's inner loop, compiled: branch and bound over the feedback table, with a memo of sets.

A node is a sorted array of code positions (`codes`).  `search` returns the
exact total when it is below `limit`, else a lower bound at least `limit`,
or ABORTED when the work given to this call is spent (the caller then tries
again: the memo keeps every total already found, so little is redone).

Everything the search shares lives in plain arrays, owned by the Python side
(`optimal.ExactSearch`) so they outlast a call and can be grown or saved
between calls:

- the variant: the feedback table (guess x code, symmetric: the scan of
  every guess reads it code by code, along rows), the floor of each set
  size, each code's digits, the position reorderings to try, and `game`
  (pegs, colours, the win, outcomes, feedbacks, repeats);
- the memo (`memo`): sets of codes with their lower bounds, totals and best guesses;
- `meta`: counters (nodes, guesses tried, work, entries, pool used) and the
  work allowed to this call.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from puzzles.mastermind.layout import (
    COLOURS,
    FEEDBACKS,
    FULL,
    LOWERS,
    NEVER,
    NODES,
    OUTCOMES,
    REPEATS,
    STOP_AT,
    TOTALS,
    TRIES,
    WIN,
    WORK,
)
from puzzles.mastermind.memo import find, remember

ABORTED = -1
SEARCH = -2  # scan: the node needs searching
NO_VALUE = -3  # search: no child value waiting
DEPTH = 64  # frames on the stack: each holds a part of its parent, so sets shrink at every frame


@njit(cache=True)
def symmetries(history, played, perms, colours):
    """The symmetries that keep every guess played: reorderings of positions (`orders`), each with its renaming of
    the colours played (`maps`, -1 for a colour never played); and which colours were never played (`fresh`)."""
    pegs = perms.shape[1]
    maps = np.full((len(perms), colours), -1, dtype=np.int64)
    orders = np.empty_like(perms)
    back = np.empty(colours, dtype=np.int64)
    count = 0
    for p in range(len(perms)):
        maps[count, :] = -1
        back[:] = -1
        ok = True
        for k in range(played):
            for i in range(pegs):
                old, new = history[k, perms[p, i]], history[k, i]
                if maps[count, old] < 0 and back[new] < 0:
                    maps[count, old], back[new] = new, old
                elif maps[count, old] != new:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            orders[count] = perms[p]
            count += 1
    fresh = np.ones(colours, dtype=np.bool_)
    for k in range(played):
        for i in range(pegs):
            fresh[history[k, i]] = False
    return maps[:count], orders[:count], fresh


@njit(cache=True)
def is_lowest(digits, maps, orders, fresh, renamed) -> bool:
    """Whether no symmetry maps this guess onto a lower one.

    A symmetry reorders the positions (`orders`) and renames the colours
    played (`maps`) and those never played (`fresh`, renamed in order of use,
    which gives the lowest of those renamings); it keeps the guess's
    partition up to a renaming of the codes, so its total.  `renamed` is
    scratch room for a colour each.
    """
    for s in range(len(orders)):
        renamed[:] = -1
        unused = 0
        for i in range(len(digits)):
            c = digits[orders[s, i]]
            if fresh[c]:
                if renamed[c] < 0:
                    while not fresh[unused]:
                        unused += 1
                    renamed[c] = unused
                    unused += 1
                d = renamed[c]
            else:
                d = maps[s, c]
            if d < digits[i]:
                return False
            if d > digits[i]:
                break
    return True


@njit(cache=True)
def lowest_guesses(history, played, digits, perms, colours, out) -> int:
    """Fill `out` with the lowest guess of each class alike by the symmetries of the guesses played; how many.

    They depend on the guesses played only, so a node's children (one guess
    more) share one list.
    """
    maps, orders, fresh = symmetries(history, played, perms, colours)
    if trivial(maps, orders, fresh):
        out[:] = np.arange(len(out))
        return len(out)
    renamed = np.empty(colours, dtype=np.int64)
    spare = np.int64(0)
    for c in range(colours):
        spare |= np.int64(fresh[c]) << c
    quick = len(orders) == 1  # the colours never played are all the symmetry left: a quicker test, the same answer
    count = 0
    for g in range(len(out)):
        if in_order_of_use(digits[g], spare) if quick else is_lowest(digits[g], maps, orders, fresh, renamed):
            out[count] = g
            count += 1
    return count


@njit(cache=True, inline="always")
def in_order_of_use(digits, spare) -> bool:
    """Whether the colours of `spare` (a bit mask) that the code uses are the lowest of them, the first used first."""
    left = spare  # those not used yet: the next must be the lowest of them
    for c in digits:
        bit = np.int64(1) << c
        if left & bit:
            if bit != left & -left:
                return False
            left &= ~bit
    return True


@njit(cache=True)
def trivial(maps, orders, fresh) -> bool:
    """Whether the only symmetry left is the identity (so it is for every later node too)."""
    return len(orders) == 1 and fresh.sum() <= 1


@njit(cache=True)
def for_the_set(codes, guesses, digits, game, out):
    """The guesses worth scoring on these codes: of those alike but for the colours no code of the set holds
    (dead colours, which score nothing), only the one with the lowest dead colours in order of use (with repeats,
    the lowest dead colour alone).  Sound beside the symmetry of the guesses played: the lowest guess of a class
    under both is lowest under each."""
    alive = np.int64(0)
    for j in range(len(codes)):
        for c in digits[codes[j]]:
            alive |= np.int64(1) << c
    dead = ((np.int64(1) << game[COLOURS]) - 1) & ~alive
    if popcount(np.uint64(dead)) < 2:
        return guesses
    lowest = dead & -dead
    count = 0
    for i in range(len(guesses)):
        if game[REPEATS]:  # any dead colour scores as any other: the lowest stands for them all
            used = np.int64(0)
            for c in digits[guesses[i]]:
                used |= np.int64(1) << c
            ok = used & dead & ~lowest == 0
        else:
            ok = in_order_of_use(digits[guesses[i]], dead)
        if ok:
            out[count] = guesses[i]
            count += 1
    return out[:count]


@njit(cache=True)
def perfect_in_set(codes, table, counts):
    """A code of the set whose feedback tells every other apart (then 2n - 1 is the total), or -1; `counts` is
    scratch room, left all zero."""
    n = len(codes)
    for a in range(n):
        g = codes[a]
        counts[:] = 0
        perfect = True
        for j in range(n):
            f = table[g, codes[j]]
            counts[f] += 1
            if counts[f] > 1:
                perfect = False
                break
        if perfect:
            counts[:] = 0
            return g
    counts[:] = 0
    return -1


@njit(cache=True)
def bounds_by_matrix(codes, table, guesses, win, floor, feedbacks, room):
    """(bound, won, whole) of many guesses on many codes at once, into `room`'s (bounds, wins, wholes) rows: the
    bound counted part by part (a part of k codes adds floor[k]), the win's part left out; how many codes it wins;
    whether it leaves all the codes in one part.

    The counts (`matrix`) are a row per feedback with a column per guess,
    filled code by code along the code's row of the table (no increment
    waits for the one before), then summed a feedback's row at a time (a
    loop over guesses the compiler vectorises).  They are `room`'s, left
    all zero.
    """
    _, matrix, scored = room
    n, tried = len(codes), len(guesses)
    for j in range(n):
        row = table[codes[j]]
        for i in range(tried):
            matrix[row[guesses[i]] * tried + i] += 1
    bounds, wins, wholes = scored[0, :tried], scored[1, :tried], scored[2, :tried]
    bounds[:] = n
    for f in range(feedbacks):
        if f != win:
            part = matrix[f * tried : (f + 1) * tried]
            for i in range(tried):
                bounds[i] += floor[part[i]]
    wins[:] = matrix[win * tried : (win + 1) * tried]
    first = table[codes[0]]  # every code in one part: the first code's part has them all
    for i in range(tried):
        wholes[i] = matrix[first[guesses[i]] * tried + i] == n
    matrix[: feedbacks * tried] = 0


@njit(cache=True)
def scratch_room(universe, feedbacks):
    """What scoring guesses writes into, made once per search: a count per feedback (kept all zero), the count
    per feedback and guess of `bounds_by_matrix` (kept all zero), and a (bound, wins, whole) column per guess."""
    return (
        np.zeros(feedbacks, dtype=np.int64),
        np.zeros(universe * feedbacks, dtype=np.uint16),
        np.empty((3, universe), dtype=np.int64),
    )


@njit(cache=True, inline="always")
def small_bound(codes, table, g, win):
    """`bounds_by_matrix` of one guess on at most outcomes + 1 codes, where every part of c codes has the floor 2c - 1:
    the bound is n + 2 (n - won) - parts, so a bit mask of the feedbacks seen is all it needs."""
    n = len(codes)
    seen = np.uint64(0)
    for j in range(n):
        seen |= np.uint64(1) << np.uint64(table[codes[j], g])
    won = np.int64((seen >> np.uint64(win)) & np.uint64(1))
    parts = popcount(seen) - won
    return n + 2 * (n - won) - parts, won, parts == 1 and won == 0


@njit(cache=True, inline="always")
def popcount(x) -> int:
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def largest_part(codes, row, counts) -> int:
    """The size of the largest part, the win's left out (`counts` is scratch room, left all zero)."""
    largest = 0
    for j in range(len(codes)):
        counts[row[codes[j]]] += 1
    for j in range(len(codes)):
        largest = max(largest, counts[row[codes[j]]])
    for j in range(len(codes)):
        counts[row[codes[j]]] = 0
    return largest


@njit(cache=True)
def settle(codes, limit, bound_only, table, floor, game, memo, meta, room):
    """A node's first look, before any guess is scored: (its total, or a bound at least `limit`, when that is
    known at once; else SEARCH), and the least total it can have.

    Known at once: sets of one or two codes, a total (or a bound at least
    `limit`) in the memo, a code of the set that tells all the others apart,
    and the bound of a small set when only a bound is asked for.
    """
    n = len(codes)
    if n <= 2:
        return np.int64(2 * n - 1), np.int64(2 * n - 1)
    low = floor[n]
    e = find(codes, memo)
    if e >= 0:
        if memo[TOTALS][e] >= 0:
            return memo[TOTALS][e], memo[TOTALS][e]
        low = max(low, memo[LOWERS][e])
        if low >= limit:
            return low, low
    meta[NODES] += 1
    meta[WORK] += 1
    if meta[WORK] > meta[STOP_AT] or meta[FULL]:
        return np.int64(ABORTED), low
    if n <= game[OUTCOMES] + 1:
        g = perfect_in_set(codes, table, room[0])
        if g >= 0:
            remember(codes, 2 * n - 1, 2 * n - 1, g, memo, meta)
            return np.int64(2 * n - 1), np.int64(2 * n - 1)
        low = max(low, 2 * n)
        if low >= limit or bound_only:
            remember(codes, low, -1, -1, memo, meta)
            return low, low
    return np.int64(SEARCH), low


@njit(cache=True)
def scan(codes, limit, bound_only, low, guesses, table, floor, game, memo, meta, keys, room):
    """A node's guesses scored, once `settle` could not answer: its total when a guess settles it (its parts all
    have at most two codes and its bound nothing can beat) or the least bound of any guess is at least `limit`,
    else SEARCH with `keys` (returned, a prefix of the buffer) holding (bound, not in the set, guess) of each of
    `guesses` that splits the codes, in no order; the least bound is kept in the memo.
    """
    n = len(codes)
    win, feedbacks = game[WIN], game[FEEDBACKS]
    counts, _, scored = room
    universe = table.shape[0]
    m, least, cutoff = 0, NEVER, limit
    tried = len(guesses)
    few = n <= game[OUTCOMES] + 1 and feedbacks <= 64  # one guess at a time: the first to settle the node ends it
    if not few:
        bounds_by_matrix(codes, table, guesses, win, floor, feedbacks, room)
    for i in range(tried):
        g = guesses[i]
        if few:
            bound, won, whole = small_bound(codes, table, g, win)
        else:
            bound, won, whole = scored[0, i], scored[1, i], scored[2, i]
        if bound >= cutoff:
            least = min(least, bound)
            continue
        if whole:
            continue
        if bound <= low and largest_part(codes, table[g], counts) <= 2:  # exact, and nothing does better: settled
            remember(codes, bound, bound, g, memo, meta)
            return bound, keys[:0]
        least = min(least, bound)
        if bound_only:  # only the least bound is asked for: the others need only reach it
            cutoff = least
        else:
            keys[m] = (bound * 2 + 1 - won) * universe + g
            m += 1
    low = max(low, least)
    if low >= limit or bound_only:
        remember(codes, low, -1, -1, memo, meta)
        return low, keys[:0]
    return np.int64(SEARCH), keys[:m]


@njit(cache=True)
def next_key(keys) -> int:
    """The least key, swapped to the front: most nodes try one or two guesses, so sorting them all would not pay."""
    least = 0
    for i in range(1, len(keys)):
        if keys[i] < keys[least]:
            least = i
    keys[0], keys[least] = keys[least], keys[0]
    return keys[0]


@njit(cache=True)
def split(codes, g, table, win, parts, counts, offsets, order) -> None:
    """The codes by their feedback to guess g, into `parts` (each part at offsets[f], still sorted); `order` lists
    the feedbacks by the size of their part, smallest first, from three codes up (smaller parts and the win's
    come last: their totals are their floors)."""
    row = table[g]
    counts[:] = 0
    for j in range(len(codes)):
        counts[row[codes[j]]] += 1
    offsets[0] = 0
    for f in range(len(counts)):
        offsets[f + 1] = offsets[f] + counts[f]
    fill = offsets[:-1].copy()
    for j in range(len(codes)):
        f = row[codes[j]]
        parts[fill[f]] = codes[j]
        fill[f] += 1
    counts[win] = 0
    order[:] = np.argsort(np.where(counts > 2, counts, NEVER), kind="mergesort")


@njit(cache=True)
def guess_list(history, played, sym, digits, perms, colours, out) -> int:
    """`lowest_guesses`, or every guess when no symmetry is known (a set not reached by these guesses)."""
    if sym:
        return lowest_guesses(history, played, digits, perms, colours, out)
    out[:] = np.arange(len(out))
    return len(out)


@njit(cache=True)
def search(codes, limit, history, played, sym, only, table, floor, digits, perms, game, memo, meta) -> int:
    """The exact total of `codes` when below `limit`, else a lower bound at least `limit`; ABORTED when out of work.

    With `only` (not empty) the first guess is one of those: the answer, and
    what is remembered of the root codes, are then for those first guesses
    alone (`ExactSearch.on_every_core` shares a root's guesses between processes this way).

    A depth-first branch and bound on an explicit stack (numba cannot cache a
    recursive function).  Frame d searches a set of codes (a slice of
    `buffer`): it tries its ranked guesses in turn; for each it splits the
    codes into parts (in `buffer` after the set), first raises each part's
    floor to its best guess's bound (a child frame with `bound_only`), then
    searches the parts, smallest first, each within what the others leave.
    `history[:played]` are the guesses that left the root codes; frame d's
    guess is history row played + d.
    """
    universe, feedbacks, win = table.shape[0], game[FEEDBACKS], game[WIN]
    buffer = np.empty(universe * (DEPTH + 2), dtype=np.int32)  # the root, and each frame a part smaller
    keys = np.empty(universe * DEPTH, dtype=np.int64)
    start = np.zeros(DEPTH + 1, dtype=np.int64)  # where each frame's codes begin in buffer
    below = np.zeros(DEPTH + 1, dtype=np.int64)  # where its parts begin: after its parent's parts
    size = np.zeros(DEPTH + 1, dtype=np.int64)
    ranked = np.zeros(DEPTH + 1, dtype=np.int64)  # how many keys (at keys[d * universe])
    tried = np.zeros(DEPTH + 1, dtype=np.int64)
    limits = np.zeros(DEPTH + 1, dtype=np.int64)
    best = np.zeros(DEPTH + 1, dtype=np.int64)
    best_guess = np.zeros(DEPTH + 1, dtype=np.int64)
    guess = np.zeros(DEPTH + 1, dtype=np.int64)
    total = np.zeros(DEPTH + 1, dtype=np.int64)
    stage = np.zeros(DEPTH + 1, dtype=np.int64)  # 1 raising the parts' floors, 2 searching them
    at = np.zeros(DEPTH + 1, dtype=np.int64)  # which part (index into order)
    counts = np.zeros((DEPTH + 1, feedbacks), dtype=np.int64)
    offsets = np.zeros((DEPTH + 1, feedbacks + 1), dtype=np.int64)
    raised = np.zeros((DEPTH + 1, feedbacks), dtype=np.int64)
    order = np.zeros((DEPTH + 1, feedbacks), dtype=np.int64)
    symmetric = np.zeros(DEPTH + 1, dtype=np.bool_)
    n = len(codes)
    buffer[:n] = codes
    lists = np.empty((DEPTH + 1, universe), dtype=np.int64)  # frame d's guesses: lowest of each class
    listed = np.zeros(DEPTH + 1, dtype=np.int64)
    listed[0] = guess_list(history, played, sym, digits, perms, game[COLOURS], lists[0])
    kept = np.empty((DEPTH + 1, universe), dtype=np.int64)  # frame d's guesses for its own codes
    room = scratch_room(universe, feedbacks)
    value, low = settle(codes, limit, False, table, floor, game, memo, meta, room)
    if value != SEARCH:
        return value
    root_guesses = only if len(only) else for_the_set(codes, lists[0, : listed[0]], digits, game, kept[0])
    value, got = scan(codes, limit, False, low, root_guesses, table, floor, game, memo, meta, keys, room)
    if value != SEARCH:
        return value
    size[0], ranked[0], limits[0], best[0], best_guess[0], below[0] = n, len(got), limit, limit, -1, n
    symmetric[0] = sym
    d = 0
    value = np.int64(NO_VALUE)
    while True:
        # a child's value comes back: add it to the guess being tried
        if value != NO_VALUE:
            f = order[d, at[d]]
            if stage[d] == 1:
                raised[d, f] = value
                total[d] += value - floor[counts[d, f]]
            else:
                total[d] += value - raised[d, f]
            at[d] += 1
            value = np.int64(NO_VALUE)
        if stage[d] == 0:  # the next guess, or the frame's answer
            k = tried[d]
            bound = NEVER
            if k < ranked[d]:
                key = next_key(keys[d * universe + k : d * universe + ranked[d]])
                bound = (key // universe) >> 1
            if bound >= best[d]:
                here = start[d]
                mine = buffer[here : here + size[d]]
                if best_guess[d] < 0:
                    remember(mine, limits[d], -1, -1, memo, meta)
                    value = limits[d]
                else:
                    remember(mine, best[d], best[d], best_guess[d], memo, meta)
                    value = best[d]
                if d == 0:
                    return value
                d -= 1
                continue
            tried[d] = k + 1
            g = key % universe
            meta[TRIES] += 1
            meta[WORK] += 1
            here = start[d]
            split(
                buffer[here : here + size[d]],
                g,
                table,
                win,
                buffer[below[d] : below[d] + size[d]],
                counts[d],
                offsets[d],
                order[d],
            )
            history[played + d] = digits[g]
            listed[d + 1] = -1  # listed when a part needs it
            guess[d] = g
            total[d], stage[d], at[d] = bound, 1, 0
        # the next part to raise or to search, or on to the next stage
        f = order[d, at[d]] if at[d] < feedbacks else 0
        if at[d] >= feedbacks or counts[d, f] <= 2 or total[d] >= best[d]:
            if stage[d] == 1 and total[d] < best[d]:
                stage[d], at[d] = 2, 0
                continue
            if total[d] < best[d]:
                best[d], best_guess[d] = total[d], guess[d]
            stage[d] = 0
            continue
        if d + 1 >= DEPTH:
            raise RuntimeError("the exact search went deeper than its stack")
        child = d + 1
        start[child] = below[d] + offsets[d, f]
        size[child] = counts[d, f]
        below[child] = below[d] + size[d]
        bound_only = stage[d] == 1
        floor_here = floor[counts[d, f]] if bound_only else raised[d, f]
        limits[child] = best[d] - total[d] + floor_here
        here = start[child]
        mine = buffer[here : here + size[child]]
        value, low = settle(mine, limits[child], bound_only, table, floor, game, memo, meta, room)
        if value == SEARCH:
            if listed[child] < 0:
                listed[child] = guess_list(
                    history, played + child, symmetric[d], digits, perms, game[COLOURS], lists[child]
                )
            value, got = scan(
                mine,
                limits[child],
                bound_only,
                low,
                for_the_set(mine, lists[child, : listed[child]], digits, game, kept[child]),
                table,
                floor,
                game,
                memo,
                meta,
                keys[child * universe : (child + 1) * universe],
                room,
            )
        if value == ABORTED:
            return value
        if value != SEARCH:
            continue
        d = child
        ranked[d], tried[d], best[d], best_guess[d], stage[d] = len(got), 0, limits[d], -1, 0
        symmetric[d] = symmetric[d - 1]
        value = np.int64(NO_VALUE)


@njit(cache=True)
def feedback_table(digits, colours) -> np.ndarray:
    """(codes, codes) uint8: the packed feedback, black * (pegs + 1) + white, of each code as guess against each."""
    codes, pegs = digits.shape
    counts = np.zeros((codes, colours), dtype=np.int64)
    for i in range(codes):
        for c in digits[i]:
            counts[i, c] += 1
    out = np.empty((codes, codes), dtype=np.uint8)
    for i in range(codes):
        for j in range(codes):
            black = 0
            for p in range(pegs):
                black += digits[i, p] == digits[j, p]
            common = 0
            for c in range(colours):
                common += min(counts[i, c], counts[j, c])
            out[i, j] = black * (pegs + 1) + common - black
    return out


@njit(cache=True)
def ranked_guesses(codes, history, played, sym, table, floor, digits, perms, game, memo, meta):
    """The guesses `search` tries on these codes, in its order (none when it settles them without one)."""
    universe = table.shape[0]
    guesses = np.empty(universe, dtype=np.int64)
    count = guess_list(history, played, sym, digits, perms, game[COLOURS], guesses)
    keys = np.empty(universe, dtype=np.int64)
    room = scratch_room(universe, game[FEEDBACKS])
    value, low = settle(codes, NEVER, False, table, floor, game, memo, meta, room)
    if value != SEARCH:
        return keys[:0]
    mine = for_the_set(codes, guesses[:count], digits, game, np.empty(universe, dtype=np.int64))
    value, ranked = scan(codes, NEVER, False, low, mine, table, floor, game, memo, meta, keys, room)
    if value != SEARCH:
        return ranked[:0]
    return np.sort(ranked) % universe
