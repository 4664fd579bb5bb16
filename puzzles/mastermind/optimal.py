"""The exact optimal strategy: the least total number of guesses over every secret still possible.

`total(S)` is the number of guesses needed to find every code of S, each
counted once, the winning guess included; the expected number is total / |S|.
A guess g splits S by feedback, so

    total(S) = |S| + sum of total(part) over the parts other than the win,

minimised over every code as g (a probe that cannot win may be best).  The
search is a depth-first branch and bound (the idea of the published exact
solvers, written afresh here):

- every code's feedback against every code is one table lookup (`feedback
  table`, codes x codes uint8), so a node's partitions for all guesses are one
  gather and one bincount;
- a part of k codes needs at least `floors(k)` guesses: one code can be found
  with the first guess, at most b (the feedbacks other than the win) with the
  second, b² with the third...; a guess's bound is |S| plus its parts' floors,
  and before a guess is searched each part's floor is raised to its own best
  guess's bound (kept in `lower`);
- guesses are tried in order of their bound, and stop as soon as the bound
  reaches the best total found; guesses that split S identically are tried once;
- renaming colours and reordering positions so that the guesses played stay
  the same makes guesses alike: on big sets only the lowest of each class is
  tried (`symmetry_classes`);
- every exact total is memoised by the set of codes, so positions shared by
  many games are solved once; `to_arrays` / `from_arrays` turn the memo into
  plain arrays for the app to keep on disk.

Work is counted in nodes (sets whose partitions are computed) and guesses
tried on them, so a work budget ends the search at the same point on every
machine.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from puzzles.core import Budget, Deadline, OutOfBudget, ShouldStop, never
from puzzles.mastermind.codes import CodeSpace
from puzzles.mastermind.game import Code, Feedback

MAX_SPACE = 5_040  # codes x codes feedback table of at most 25 MB: 4x6, 4x7, 4x8, 5x5, Bulls and Cows...
MAX_CODES = 1_300  # positions with more codes left are not searched exactly
WORK = Budget(work=300_000)  # nodes and guesses tried: 4x6 from the first guess takes about 7,500
SYMMETRY_FROM = 20  # sets at least this big have their guesses reduced by interchangeable colours
NEVER = np.iinfo(np.int64).max // 4  # the bound of a guess that splits nothing
PERMUTED_PEGS = 5  # variants with more pegs are not searched over reorderings of positions
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


def feedback_table(space: CodeSpace, codes: np.ndarray) -> np.ndarray:
    """(codes, codes) uint8: packed feedback of the i-th code as guess against the j-th, a block of guesses at a time."""
    digits = space.digits(codes)
    counts = space.colour_counts(digits)
    out = np.empty((len(codes), len(codes)), dtype=np.uint8)
    step = max(1, 2**22 // (len(codes) * space.colours))
    for start in range(0, len(codes), step):
        block = slice(start, start + step)
        black = (digits[block, None, :] == digits[None, :, :]).sum(axis=2, dtype=np.uint8)
        common = np.minimum(counts[block, None, :], counts[None, :, :]).sum(axis=2, dtype=np.uint8)
        out[block] = black * (space.pegs + 1) + common - black
    return out


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
    """

    MAX_SPACE = MAX_SPACE

    def __init__(self, space: CodeSpace) -> None:
        if space.size > MAX_SPACE:
            raise TooBig(f"{space.pegs} pegs x {space.colours} colours have more than {MAX_SPACE:,} codes")
        self.space = space
        self.universe = space.listed(None, 0, space.size)
        self.table = feedback_table(space, self.universe)
        self.win = space.packed(Feedback(space.pegs, 0))
        self.feedbacks = space.feedbacks
        self.floor = floors(space, len(self.universe))
        self.outcomes = outcomes(space)
        self.bits = np.left_shift(np.uint64(1), np.arange(self.feedbacks, dtype=np.uint64))
        self.win_bit = self.bits[self.win]
        self.memo: dict[bytes, tuple[int, int]] = {}  # exact (total, best guess) by the set's bytes
        self.loaded = 0  # totals known before this session's search (from_arrays)
        self.lower: dict[bytes, int] = {}  # lower bounds of totals not known exactly
        self.nodes = self.tries = 0  # the work done: sets searched, and guesses tried on them

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
        total = self.total(codes, played, np.iinfo(np.int64).max, Deadline(budget, should_stop))
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
            self.total(part, None if played is None else [*played, code], np.iinfo(np.int64).max, deadline)
            for part in self.parts(codes, self.table[place, codes])
        )

    def positions(self, indices: np.ndarray) -> np.ndarray:
        """Codes (sorted indices) as their positions in the universe; ValueError for a code outside it."""
        places = np.searchsorted(self.universe, indices)
        found = self.universe[places.clip(max=len(self.universe) - 1)]
        if np.any(found != indices):
            raise ValueError("not a code of this variant (a repeated colour where none may repeat?)")
        return places.astype(self.key_dtype)

    def best_guess(self, codes: np.ndarray) -> int:
        if len(codes) <= 2:
            return int(codes[0])
        return self.memo[codes.tobytes()][1]

    # ------------------------------------------------------------ the search

    def parts(self, codes: np.ndarray, feedback: np.ndarray) -> list[np.ndarray]:
        """The codes split by feedback, the win left out, each part still sorted."""
        order = np.argsort(feedback, kind="stable")
        ordered = feedback[order]
        cuts = np.flatnonzero(np.diff(ordered)) + 1
        return [
            codes[piece] for piece, first in zip(np.split(order, cuts), ordered[np.r_[0, cuts]]) if first != self.win
        ]

    def total(self, codes: np.ndarray, played: list[Code] | None, limit: int, deadline: Deadline) -> int:
        """The exact total for `codes` when it is below `limit`, else a lower bound at least `limit`.

        The memo keeps what was found even when the deadline ends the search,
        and two searches may share it (each has its own deadline).
        """
        n = len(codes)
        if n <= 2:
            return 2 * n - 1
        key = codes.tobytes()
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        low = self.lower.get(key, 0)
        if low >= limit:
            return low
        deadline.spend()
        self.nodes += 1
        guesses, rows = self.distinct_guesses(codes)
        bounds = self.guess_bounds(rows)
        if n >= SYMMETRY_FROM and played is not None:
            bounds[~self.symmetry_classes(codes, played)[guesses]] = NEVER
        low = max(low, int(bounds.min()))
        self.lower[key] = low
        if low >= limit:
            return low
        candidates = np.flatnonzero(bounds < limit)
        may_win = np.isin(guesses[candidates], codes, invert=True)
        order = candidates[np.lexsort((candidates, may_win, bounds[candidates]))]
        best, best_guess = limit, -1
        for row in order.tolist():
            if bounds[row] >= best:
                break
            guess = int(guesses[row])
            later = None if played is None or n < SYMMETRY_FROM else [*played, self.space.code(self.universe[guess])]
            total = self.try_guess(codes, rows, row, later, best, deadline)
            if total < best:
                best, best_guess = total, guess
        if best_guess < 0:
            self.lower[key] = limit
            return limit
        self.memo[key] = (best, best_guess)
        self.lower.pop(key, None)
        return best

    def distinct_guesses(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The lowest guess of each way of splitting these codes, and its feedback row (guesses alike split alike)."""
        every = np.ascontiguousarray(self.table[:, codes])
        _, first = np.unique(every.view(np.dtype((np.void, len(codes)))).ravel(), return_index=True)
        guesses = np.sort(first)
        return guesses, every[guesses]

    def try_guess(
        self, codes: np.ndarray, rows: np.ndarray, guess: int, later: list[Code] | None, best: int, deadline: Deadline
    ) -> int:
        """This guess's (a row of `rows`) total if below `best`, else something at least `best`.

        The parts' floors are raised to their own best guess's bound, the big
        parts first (where the floor is weakest), the small ones together;
        only if room is left are the parts searched, largest first, each
        within what the others' bounds leave.
        """
        deadline.spend()
        self.tries += 1
        feedback = rows[guess]
        values, label = np.unique(feedback, return_inverse=True)
        label = label.ravel()
        lengths = np.bincount(label, minlength=len(values))
        order = np.argsort(label, kind="stable")
        starts = np.r_[0, np.cumsum(lengths)[:-1]]
        columns = [order[start : start + length] for start, length in zip(starts, lengths)]
        keep = values != self.win
        floors = np.where(keep, self.floor[lengths], 0)
        total = len(codes) + int(floors.sum())
        by_size = sorted(np.flatnonzero(keep).tolist(), key=lambda i: -lengths[i])
        for part in by_size:
            if total >= best or lengths[part] <= self.outcomes:
                break
            bound = self.part_bound(codes[columns[part]], rows[:, columns[part]])
            total, floors[part] = total + bound - floors[part], bound
        small = keep & (lengths > 1) & (lengths <= self.outcomes)
        if total < best and small.any():
            parts = np.flatnonzero(small)
            raised = self.small_part_bounds(rows[:, np.concatenate([columns[p] for p in parts])], lengths[parts])
            raised = np.maximum(raised, floors[parts])
            total += int((raised - floors[parts]).sum())
            floors[parts] = raised
        for part in by_size:
            if total >= best:
                break
            floor = int(floors[part])
            total += self.total(codes[columns[part]], later, best - total + floor, deadline) - floor
        return total

    def part_bound(self, codes: np.ndarray, rows: np.ndarray) -> int:
        """A lower bound on a part's total: known already, or the least bound of any guess on it."""
        key = codes.tobytes()
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        if key not in self.lower:
            self.lower[key] = int(self.guess_bounds(rows).min())
        return self.lower[key]

    def small_part_bounds(self, rows: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """For parts whose columns follow each other in `rows`: the least bound of any guess on each.

        A guess's feedbacks on a part are a bit mask (one or-reduce per part);
        with c feedbacks other than the win its bound is k + 2 (k - won) - c,
        as long as no feedback holds more than `outcomes` codes.
        """
        starts = np.r_[0, np.cumsum(lengths)[:-1]]
        masks = np.bitwise_or.reduceat(self.bits[rows], starts, axis=1)
        won = (masks & self.win_bit) != 0
        cells = popcount(masks & ~self.win_bit)
        bounds = lengths + 2 * (lengths - won) - cells
        bounds[(cells == 1) & ~won] = NEVER
        return bounds.min(axis=0)

    def guess_bounds(self, rows: np.ndarray) -> np.ndarray:
        """Each guess's bound on the codes of these columns: n + its parts' floors (NEVER if it splits nothing)."""
        n = rows.shape[1]
        sizes = bincount_rows(rows, self.feedbacks)
        sizes[:, self.win] = 0
        bounds = n + self.floor[sizes].sum(axis=1)
        bounds[sizes.max(axis=1) == n] = NEVER
        return bounds

    def symmetry_classes(self, codes: np.ndarray, played: list[Code]) -> np.ndarray:
        """(codes,) bool: the lowest guess of each class of guesses alike by symmetry.

        Renaming colours and reordering positions so that every guess played
        stays the same keeps their feedbacks, so it maps the codes still
        possible onto themselves and a guess onto one just as good.  The
        colours no guess has used may be renamed freely: writing them in order
        of first appearance picks the lowest of those renamings.  Positions
        are reordered only up to PERMUTED_PEGS pegs (5! = 120 orders).
        """
        space = self.space
        digits = space.digits(self.universe).astype(np.int64)
        fresh = np.setdiff1d(np.arange(space.colours), np.array(played, dtype=np.int64).ravel())
        lowest = self.universe.copy()
        orders = itertools.permutations(range(space.pegs)) if space.pegs <= PERMUTED_PEGS else [range(space.pegs)]
        for positions in orders:
            renaming = colour_renaming(played, positions, space.colours)
            if renaming is not None:
                alike = relabel_in_order(renaming[digits[:, positions]], fresh) @ space.powers
                lowest = np.minimum(lowest, alike)
        return lowest == self.universe

    # ------------------------------------------------------------ keeping it

    def to_arrays(self) -> dict[str, np.ndarray]:
        """The exact totals worth keeping (sets of KEPT_FROM codes or more), as plain arrays."""
        kept = [(key, value) for key, value in self.memo.items() if len(key) >= KEPT_FROM * self.key_width]
        keys = [np.frombuffer(key, dtype=self.key_dtype) for key, _ in kept]
        return {
            "variant": np.array([self.space.pegs, self.space.colours, self.space.repeats]),
            "lengths": np.array([len(k) for k in keys], dtype=np.int32),
            "codes": np.concatenate(keys) if keys else np.empty(0, dtype=self.key_dtype),
            "totals": np.array([v[0] for _, v in kept], dtype=np.int64),
            "guesses": np.array([v[1] for _, v in kept], dtype=np.int32),
        }

    @classmethod
    def from_arrays(cls, space: CodeSpace, arrays: dict[str, np.ndarray]) -> ExactSearch:
        """The search with a memo kept by `to_arrays`; ValueError when the arrays are not for this variant."""
        if list(arrays["variant"]) != [space.pegs, space.colours, space.repeats]:
            pegs, colours, repeats = arrays["variant"]
            raise ValueError(f"it is for {pegs} pegs x {colours} colours" + ("" if repeats else " without repeats"))
        search = cls(space)
        codes = arrays["codes"].astype(search.key_dtype)
        starts = np.r_[0, np.cumsum(arrays["lengths"])]
        if starts[-1] != len(codes) or not len(arrays["totals"]) == len(arrays["guesses"]) == len(starts) - 1:
            raise ValueError("its arrays do not agree in length")
        for i, (total, guess) in enumerate(zip(arrays["totals"].tolist(), arrays["guesses"].tolist())):
            search.memo[codes[starts[i] : starts[i + 1]].tobytes()] = (total, guess)
        search.loaded = len(search.memo)
        return search

    @property
    def key_dtype(self) -> type:
        return np.int16 if len(self.universe) < 2**15 else np.int32

    @property
    def key_width(self) -> int:
        return np.dtype(self.key_dtype).itemsize


def colour_renaming(played: list[Code], positions: tuple[int, ...], colours: int) -> np.ndarray | None:
    """The renaming of played colours that, with the positions reordered, keeps every guess played; None if none does."""
    renaming = np.arange(colours)
    taken: dict[int, int] = {}
    for guess in played:
        for here, there in enumerate(positions):
            old, new = guess[there], guess[here]
            if taken.setdefault(old, new) != new:
                return None
            renaming[old] = new
    return renaming if len(set(taken.values())) == len(taken) else None


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


POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def popcount(masks: np.ndarray) -> np.ndarray:
    """Bits set in each uint64 (numpy 2 counts them itself)."""
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(masks).astype(np.int64)
    return POPCOUNT[masks[..., None].view(np.uint8)].sum(axis=-1)


def bincount_rows(rows: np.ndarray, length: int) -> np.ndarray:
    """(len(rows), length): np.bincount of each row."""
    offsets = rows.astype(np.int64) + (np.arange(len(rows)) * length)[:, None]
    return np.bincount(offsets.ravel(), minlength=len(rows) * length).reshape(len(rows), length)


__all__ = ["MAX_CODES", "MAX_SPACE", "WORK", "ExactSearch", "OutOfBudget", "TooBig", "Value"]
