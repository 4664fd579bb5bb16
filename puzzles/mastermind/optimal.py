"""The exact optimal strategy: the least total number of guesses over every secret still possible.

`total(S)` is the number of guesses needed to find every code of S, each
counted once, the winning guess included; the expected number is total / |S|.
A guess g splits S by feedback, so

    total(S) = |S| + sum of total(part) over the parts other than the win,

minimised over every code as g (a probe that cannot win may be best).  The
search is a depth-first branch and bound (the idea of the published exact
solvers, written afresh here):

- every code's feedback against every code is one table lookup (the
  feedback table, codes x codes uint8, the variant's feedbacks numbered
  densely), so a guess's partition is counted code by code, and its bound
  with it;
- a part of k codes needs at least `floors(k)` guesses: one code can be found
  with the first guess, at most b (the feedbacks other than the win) with the
  second, b² with the third...; a guess's bound is |S| plus its parts' floors,
  and before a guess is searched each part's floor is raised to its own best
  guess's bound (one level looked ahead, kept in the memo as a lower bound);
  parts are raised and searched smallest first, so a guess that cannot win
  is mostly dropped before its big parts cost anything;
- guesses are tried in order of their bound (codes of S first among equals),
  and stop as soon as the bound reaches the best total found; a set with a
  code that tells all the others apart, or a guess whose parts all have at
  most two codes and whose bound nothing beats, is settled without search;
- renaming colours and reordering positions so that the guesses played stay
  the same makes guesses alike: at every node only the lowest of each class
  is tried (`kernel.lowest_guesses`, once for all the parts of a guess);
  colours no code of a set holds (dead) score nothing, so of the guesses
  alike but for them only the one with the lowest dead colours is tried
  (`kernel.for_the_set`);
- every exact total and lower bound is memoised by the set of codes, so
  positions shared by many games are solved once; `to_arrays` / `from_arrays`
  turn the exact totals into plain arrays for the app to keep on disk.

The search runs compiled (numba, `kernel`), on an explicit stack.  Work is
counted in nodes (sets whose guesses are scored) and guesses tried on them,
so a work budget ends the search at the same point on every machine.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import partial

import numpy as np

from puzzles.core import Budget, Deadline, OutOfBudget, ShouldStop, never
from puzzles.mastermind import layout as field
from puzzles.mastermind.codes import CodeSpace
from puzzles.mastermind.game import Code, Feedback

MAX_SPACE = 5_040  # codes x codes feedback table of at most 25 MB: 4x6, 4x7, 4x8, 5x5, Bulls and Cows...
MAX_CODES = MAX_SPACE  # every variant the table takes is searched exactly from the first guess
WORK = Budget(work=150_000)  # nodes and guesses tried from the first guess: 4x6 9,600, 5x5 119,000, 4 of 9 225,000
NEVER = field.NEVER
NO_GUESS = np.empty(0, dtype=np.int64)  # `total`'s `only`: every guess may come first
CHUNK = 50_000  # work given to the compiled search between two looks at the budget and the cancel
MEMO_START = 1 << 14  # slots of a fresh memo; it doubles when three quarters are taken
POOL_PER_ENTRY = 24  # codes kept per memo entry on average before the memo grows
PERMUTED_PEGS = 5  # variants with more pegs are not searched over reorderings of positions
PARALLEL_FROM = 2_000  # sets this big, searched without a budget, are searched by every core (`on_every_core`)
SPLIT_FROM = 300  # a part this big, bigger than the others together, is itself searched on every core
KEPT_FROM = 3  # memo entries of fewer codes are not worth keeping on disk


class TooBig(Exception):
    """The exact search does not apply to this variant or position."""


@dataclass(frozen=True)
class Value:
    """The optimum for a set of codes: its total guesses and a best guess (a code index)."""

    total: int
    guess: int
    codes: int

    @property
    def expected(self) -> float:
        return self.total / self.codes


def outcomes(space: CodeSpace) -> int:
    """How many parts a guess can make besides the win: every feedback but the win and (pegs-1, 1)."""
    return (space.pegs + 1) * (space.pegs + 2) // 2 - 2


def floors(space: CodeSpace, largest: int) -> np.ndarray:
    """floor[k]: the fewest guesses k codes can need, whatever they are (floor[0] = 0)."""
    out = np.zeros(largest + 1, dtype=np.int64)
    for k in range(1, largest + 1):
        left, depth, room, total = k, 1, 1, 0
        while left:
            found = min(left, room)
            total += depth * found
            left, depth, room = left - found, depth + 1, room * outcomes(space)
        out[k] = total
    return out


class ExactSearch:
    """Branch and bound over every guess, memoised by the set of codes still possible.

    Inside, a code is its position among the variant's codes (`universe`: all
    of them, or those without repeats, which are also the only guesses then).
    The search itself is compiled (`kernel.search`); this class owns its arrays,
    feeds it work a chunk at a time (checking the budget and the cancel between
    chunks) and grows its memo between chunks.
    """

    MAX_SPACE = MAX_SPACE

    def __init__(self, space: CodeSpace) -> None:
        if space.size > MAX_SPACE:
            raise TooBig(f"{space.pegs} pegs x {space.colours} colours have more than {MAX_SPACE:,} codes")
        self.space = space
        self.universe = space.listed(None, 0, space.size)
        from puzzles.mastermind import kernel  # numba, compiled on first use

        self.digits = space.digits(self.universe).astype(np.int64)
        packed = kernel.feedback_table(self.digits, space.colours)
        seen = np.bincount(packed.ravel(), minlength=space.feedbacks) > 0  # the feedbacks this variant has,
        dense = (np.cumsum(seen) - 1).astype(np.uint8)  # numbered densely: fewer counts per guess to keep
        self.table = dense[packed]
        self.win = int(dense[space.packed(Feedback(space.pegs, 0))])
        self.floor = floors(space, len(self.universe))
        pegs = range(space.pegs)
        orders = itertools.permutations(pegs) if space.pegs <= PERMUTED_PEGS else [tuple(pegs)]
        self.orders = np.array(list(orders), dtype=np.int64)
        self.game = np.array(
            [space.pegs, space.colours, self.win, outcomes(space), int(seen.sum()), space.repeats], dtype=np.int64
        )
        self.meta = np.zeros(7, dtype=np.int64)
        self.arrays = memo_arrays(MEMO_START)
        self.loaded = 0  # totals known before this session's search (from_arrays)

    @property
    def nodes(self) -> int:
        """Sets searched (each scores every guess on it)."""
        return int(self.meta[field.NODES])

    @property
    def tries(self) -> int:
        """Guesses whose parts were searched."""
        return int(self.meta[field.TRIES])

    @property
    def known(self) -> int:
        """How many exact totals the memo holds."""
        count = int(self.meta[field.ENTRIES])
        return int(np.count_nonzero(self.arrays[field.TOTALS][:count] >= 0))

    # ------------------------------------------------------------ asking

    def value(
        self,
        alive: np.ndarray,
        played: list[Code] | None,
        budget: Budget | None = WORK,
        should_stop: ShouldStop = never,
    ) -> Value:
        """The optimum for these codes (sorted indices); raises OutOfBudget or TooBig.

        `played` are the guesses that left exactly these codes, whose symmetry
        the search uses; None for any set of codes.
        """
        codes = self.positions(alive)
        if len(codes) > MAX_CODES:
            raise TooBig(f"more than {MAX_CODES:,} codes left")
        if budget is None and played is not None and len(codes) >= PARALLEL_FROM:
            self.on_every_core(codes, played)
        total = self.total(codes, played, NEVER, Deadline(budget, should_stop))
        return Value(int(total), int(self.universe[self.best_guess(codes)]), len(codes))

    def guess_total(
        self,
        alive: np.ndarray,
        guess: int,
        played: list[Code] | None,
        budget: Budget | None = WORK,
        should_stop: ShouldStop = never,
    ) -> int:
        """Total guesses when `guess` is played first, then the optimal strategy (`played` as for `value`)."""
        codes, (place,) = self.positions(alive), self.positions(np.array([guess]))
        code = self.space.code(guess)
        deadline = Deadline(budget, should_stop)
        return len(codes) + sum(
            self.total(part, None if played is None else [*played, code], NEVER, deadline)
            for part in self.parts(codes, self.table[place, codes])
        )

    def positions(self, indices: np.ndarray) -> np.ndarray:
        """Codes (sorted indices) as their positions in the universe; ValueError for a code outside it."""
        places = np.searchsorted(self.universe, indices)
        found = self.universe[places.clip(max=len(self.universe) - 1)]
        if np.any(found != indices):
            raise ValueError("not a code of this variant (a repeated colour where none may repeat?)")
        return places.astype(np.int32)

    def best_guess(self, codes: np.ndarray) -> int:
        if len(codes) <= 2:
            return int(codes[0])
        from puzzles.mastermind.memo import find

        return int(self.arrays[field.GUESSES][find(codes.astype(np.int32), self.arrays)])

    def parts(self, codes: np.ndarray, feedback: np.ndarray) -> list[np.ndarray]:
        """The codes split by feedback, the win left out, each part still sorted."""
        order = np.argsort(feedback, kind="stable")
        ordered = feedback[order]
        cuts = np.flatnonzero(np.diff(ordered)) + 1
        return [
            codes[piece] for piece, first in zip(np.split(order, cuts), ordered[np.r_[0, cuts]]) if first != self.win
        ]

    # ------------------------------------------------------------ the search

    @property
    def arguments(self) -> tuple[np.ndarray, ...]:
        """The arrays every compiled call reads after its own: the variant's, the memo and the counters."""
        return (self.table, self.floor, self.digits, self.orders, self.game, self.arrays, self.meta)

    def total(
        self, codes: np.ndarray, played: list[Code] | None, limit: int, deadline: Deadline, only: np.ndarray = NO_GUESS
    ) -> int:
        """The exact total for `codes` when it is below `limit`, else a lower bound at least `limit`.

        The compiled search gets CHUNK work at a time; between chunks the
        budget and the cancel are checked, and the memo grown when it filled
        up.  A chunk that ends mid-search is begun again from these codes: the
        memo keeps every total found, so only the path to where it stopped is
        walked again.
        """
        from puzzles.mastermind.kernel import ABORTED, search  # numba, compiled on the first search
        from puzzles.mastermind.memo import find

        codes = np.ascontiguousarray(codes, dtype=np.int32)
        if len(codes) <= 2:
            return 2 * len(codes) - 1
        known = find(codes, self.arrays)
        if known >= 0 and self.arrays[field.TOTALS][known] >= 0:  # answered without the search's buffers
            return int(self.arrays[field.TOTALS][known])
        history = self.history(played or [])
        while True:
            deadline.check()
            left = deadline.work_left
            chunk = CHUNK if left is None else max(0, min(CHUNK, left))  # a known total needs no work
            self.meta[field.STOP_AT] = self.meta[field.WORK] + chunk
            before = int(self.meta[field.WORK])
            result = search(codes, limit, history, len(played or []), played is not None, only, *self.arguments)
            spent = self.meta[field.WORK] > self.meta[field.STOP_AT]  # this chunk's work ran out
            expired = deadline.expired(int(self.meta[field.WORK]) - before) or (spent and chunk < CHUNK)
            if self.meta[field.FULL]:  # a total found was not kept: grow the memo, and again
                self.grow()
            elif result != ABORTED:
                return int(result)
            if expired:
                raise OutOfBudget

    def history(self, played: list[Code]) -> np.ndarray:
        """The guesses played as rows of digits, with room for the search's own."""
        history = np.zeros((len(self.universe) + 2, self.space.pegs), dtype=np.int64)
        for row, guess in enumerate(played):
            history[row] = guess
        return history

    def grow(self) -> None:
        """Twice the room in the memo, its entries kept."""
        from puzzles.mastermind.memo import rehash

        count, used = int(self.meta[field.ENTRIES]), int(self.meta[field.POOL_USED])
        bigger = memo_arrays(2 * len(self.arrays[field.SLOTS]))
        for old, new in zip(self.arrays[field.HASHES : field.POOL], bigger[field.HASHES : field.POOL]):
            new[:count] = old[:count]
        bigger[field.POOL][:used] = self.arrays[field.POOL][:used]
        rehash(bigger[field.SLOTS], bigger[field.HASHES], count)
        self.arrays = bigger
        self.meta[field.FULL] = 0

    # ------------------------------------------------------------ on every core

    def on_every_core(self, codes: np.ndarray, played: list[Code]) -> None:
        """Put the exact total of `codes` (left by `played`) and its best guess in the memo, searched in two
        rounds of tasks shared out to processes forked from this one (`parallel`), each starting with the memo
        as it stands:

        1. the parts of the guess the search tries first: nothing is known yet to beat, so each part is solved
           outright and the parts are independent (a part of SPLIT_FROM codes or more is searched this same way
           first, so one part cannot keep one core busy while the other waits);
        2. the other guesses, one task each, searched below the first guess's total.

        The least total found is the set's; the memo keeps the workers' totals of round 1 and, when a guess beat
        the first, those of round 2.  The workers' work is neither counted nor cancelled, which is why the app
        (always on a budget) never comes here.
        """
        from puzzles.mastermind import parallel  # multiprocessing, loaded only here
        from puzzles.mastermind.kernel import ranked_guesses
        from puzzles.mastermind.memo import remember

        self.meta[field.STOP_AT] = self.meta[field.WORK] + 1  # the scan of the codes: one node of work
        ranked = ranked_guesses(codes, self.history(played), len(played), True, *self.arguments)
        if not len(ranked):  # settled without a guess: the search answers at once
            return
        first = int(ranked[0])
        after_first = [*played, self.space.code(int(self.universe[first]))]
        parts = self.parts(codes, self.table[first, codes])
        self.parts_on_every_core(parts, after_first)
        limit = len(codes) + sum(self.total(part, after_first, NEVER, Deadline(None)) for part in parts)
        best, guess = limit, first
        others = [partial(self.beats, codes, played, int(g), limit) for g in ranked[1:]]
        totals, arrays = parallel.shared_out(others, self.meta, self.to_arrays)
        if min(totals, default=limit) < limit:
            best, guess = min(zip(totals, ranked[1:].tolist()))
            self.take(arrays)
        remember(codes, best, best, guess, self.arrays, self.meta)

    def parts_on_every_core(self, parts: list[np.ndarray], played: list[Code]) -> None:
        """Every part's exact total into the memo: each part of SPLIT_FROM codes or more in turn on every core,
        then the smaller ones shared out."""
        from puzzles.mastermind import parallel

        for part in parts:
            if len(part) >= SPLIT_FROM:
                self.on_every_core(part, played)
        small = [p for p in parts if len(p) < SPLIT_FROM]
        tasks = [partial(self.total, p, played, NEVER, Deadline(None)) for p in small]
        _, arrays = parallel.shared_out(tasks, self.meta, self.to_arrays)
        self.take(arrays)

    def beats(self, codes: np.ndarray, played: list[Code], guess: int, limit: int) -> int:
        """In a worker: the total of `codes` with `guess` first if below `limit`, else at least `limit`.

        What the search remembers of `codes` itself holds for this guess alone, so it is forgotten before and after.
        """
        self.forget(codes)
        total = self.total(codes, played, limit, Deadline(None), only=np.array([guess], dtype=np.int64))
        self.forget(codes)
        return total

    def forget(self, codes: np.ndarray) -> None:
        from puzzles.mastermind.memo import find

        entry = find(codes, self.arrays)
        if entry >= 0:
            self.arrays[field.LOWERS][entry], self.arrays[field.TOTALS][entry] = 0, -1

    # ------------------------------------------------------------ keeping it

    def to_arrays(self, since: int = 0) -> dict[str, np.ndarray]:
        """The exact totals worth keeping (sets of KEPT_FROM codes or more), as plain arrays; with `since`, only
        those of the sets remembered after the first `since` (a worker's own)."""
        count = int(self.meta[field.ENTRIES])
        _, _, starts, lengths, _, totals, guesses, pool = (a[:count] for a in self.arrays)
        kept = since + np.flatnonzero((totals[since:] >= 0) & (lengths[since:] >= KEPT_FROM))
        pieces = [self.arrays[field.POOL][start : start + length] for start, length in zip(starts[kept], lengths[kept])]
        return {
            "variant": np.array([self.space.pegs, self.space.colours, self.space.repeats]),
            "lengths": lengths[kept].astype(np.int32),
            "codes": np.concatenate(pieces).astype(self.key_dtype) if pieces else np.empty(0, dtype=self.key_dtype),
            "totals": totals[kept].astype(np.int64),
            "guesses": guesses[kept].astype(np.int32),
        }

    @classmethod
    def from_arrays(cls, space: CodeSpace, arrays: dict[str, np.ndarray]) -> ExactSearch:
        """The search with a memo kept by `to_arrays`; ValueError when the arrays are not for this variant."""
        if list(arrays["variant"]) != [space.pegs, space.colours, space.repeats]:
            pegs, colours, repeats = arrays["variant"]
            raise ValueError(f"it is for {pegs} pegs x {colours} colours" + ("" if repeats else " without repeats"))
        search = cls(space)
        search.take(arrays)
        search.loaded = search.known
        return search

    def take(self, arrays: dict[str, np.ndarray]) -> None:
        """Remember every exact total of `to_arrays`'s arrays (kept on disk, or a worker's); ValueError if they disagree."""
        from puzzles.mastermind.memo import remember

        codes = arrays["codes"].astype(np.int32)
        starts = np.r_[0, np.cumsum(arrays["lengths"])]
        if starts[-1] != len(codes) or not len(arrays["totals"]) == len(arrays["guesses"]) == len(starts) - 1:
            raise ValueError("its arrays do not agree in length")
        for i, (total, guess) in enumerate(zip(arrays["totals"].tolist(), arrays["guesses"].tolist())):
            piece = codes[starts[i] : starts[i + 1]]
            remember(piece, total, total, guess, self.arrays, self.meta)
            if self.meta[field.FULL]:  # no room left: grow the memo and keep it there
                self.grow()
                remember(piece, total, total, guess, self.arrays, self.meta)

    @property
    def key_dtype(self) -> type:
        return np.int16 if len(self.universe) < 2**15 else np.int32


def memo_arrays(slots: int) -> tuple[np.ndarray, ...]:
    """An empty memo with room for 3/4 of `slots` sets, in the order of `layout` (SLOTS ... POOL)."""
    entries = 3 * slots // 4
    return (
        np.full(slots, -1, dtype=np.int64),
        np.zeros(entries, dtype=np.uint64),
        np.zeros(entries, dtype=np.int64),
        np.zeros(entries, dtype=np.int64),
        np.zeros(entries, dtype=np.int64),
        np.zeros(entries, dtype=np.int64),
        np.zeros(entries, dtype=np.int64),
        np.zeros(entries * POOL_PER_ENTRY, dtype=np.int32),
    )


def relabel_in_order(codes: np.ndarray, interchangeable: np.ndarray) -> np.ndarray:
    """Rename interchangeable colours so they first appear in increasing order."""
    if len(interchangeable) < 2:
        return codes
    rows = np.arange(len(codes))
    mapping = np.full((len(codes), int(codes.max()) + 1), -1, dtype=np.int64)
    taken = np.zeros(len(codes), dtype=np.int64)
    is_fresh = np.zeros(int(codes.max()) + 1, bool)
    is_fresh[interchangeable[interchangeable <= codes.max()]] = True
    out = codes.copy()
    for position in range(codes.shape[1]):
        colour = codes[:, position]
        fresh = is_fresh[colour]
        new = fresh & (mapping[rows, colour] < 0)
        mapping[rows[new], colour[new]] = interchangeable[taken[new]]
        taken[new] += 1
        out[:, position] = np.where(fresh, mapping[rows, colour], colour)
    return out


__all__ = ["MAX_CODES", "MAX_SPACE", "WORK", "ExactSearch", "OutOfBudget", "TooBig", "Value"]
