"""Choosing the next guess: the classic one-step strategies and an optimal search.

Every strategy looks at how a guess would split the codes still possible
(its partition by feedback) and prefers:

- minimax (Knuth): the smallest largest part;
- expected-size (Irving): the smallest expected part, sum(n²)/N;
- entropy (Neuwirth): the most information, -sum p log p;
- most-parts (Kooi): the most parts;
- optimal: the least expected number of guesses, exact by branch and bound
  (`optimal.ExactSearch`) up to MAX_CODES codes on variants of up to
  MAX_SPACE codes (4x6 included), else a narrow search over the best
  candidates at every node.

Guesses are drawn from all codes.  Ties go to a code that may be the secret,
then to the lowest code in colour order, so results are reproducible.  Colours
that no guess has used yet are interchangeable, and so are colours known to be
absent: only one code per class of equivalent guesses is scored, which makes
the first guess cheap (6 pegs x 9 colours: 11 classes).  On variants of more
than 7x8's 2,097,152 codes the classes are not all listed: a seeded sample of
the codes still possible and of all codes stands for them, and the suggestion
says it is sampled.

A budget's work is counted in guesses scored (each against at most
SECRET_SAMPLE codes), so a work budget gives the same guess on every machine.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import numpy as np

from puzzles.core import Budget, Deadline, ShouldStop, distinct, never, stop_if_asked
from puzzles.mastermind.codes import CHUNK, Alive, CodeSpace
from puzzles.mastermind.game import Code, Feedback
from puzzles.mastermind.optimal import MAX_CODES, MAX_SPACE, WORK, ExactSearch, OutOfBudget, Value, relabel_in_order

STRATEGIES = ("entropy", "minimax", "expected-size", "most-parts", "optimal")
SECRET_SAMPLE = 4_000
BATCH_ELEMENTS = 4_000_000
SMALL_WORK = 2_000_000
OPTIMAL_MAX_CODES = 1_296
SEED = 20_14
MAX_SCANNED = 8**7  # codes whose guess classes are all listed; beyond, sampled
SAMPLED_GUESSES = 10_000  # codes drawn (from those still possible, then from all) when sampling


@dataclass(frozen=True)
class Suggestion:
    """A guess and why: its partition of the remaining codes and the figures of merit."""

    guess: Code
    strategy: str
    parts: tuple[tuple[Feedback, int], ...]
    remaining: int
    consistent: bool
    best_so_far: bool = False
    expected_guesses: float | None = None

    @property
    def expected(self) -> float:
        """Expected number of codes left after this guess."""
        return sum(n * n for _, n in self.parts) / self.remaining

    @property
    def worst(self) -> int:
        return max(n for _, n in self.parts)

    @property
    def entropy(self) -> float:
        sizes = np.array([n for _, n in self.parts], dtype=float) / self.remaining
        return float(-(sizes * np.log2(sizes)).sum()) + 0.0  # + 0.0: one part is 0 bits, not "-0.00"

    @property
    def win_chance(self) -> float:
        return (1 / self.remaining) if self.consistent else 0.0


# ---------------------------------------------------------------- partitions


def partition_sizes(
    space: CodeSpace, guesses: np.ndarray, secrets: np.ndarray, should_stop: ShouldStop = never
) -> np.ndarray:
    """(len(guesses), feedbacks) counts: how each guess splits the secrets."""
    feedbacks = space.feedbacks
    codes = space.digits(secrets)
    counts = space.colour_counts(codes)
    batch = max(1, BATCH_ELEMENTS // max(1, len(secrets) * space.colours))
    out = np.empty((len(guesses), feedbacks), dtype=np.int64)
    for start in range(0, len(guesses), batch):
        stop_if_asked(should_stop)
        chunk = guesses[start : start + batch]
        guess_codes = space.digits(chunk)
        guess_counts = space.colour_counts(guess_codes)
        black = (codes[None, :, :] == guess_codes[:, None, :]).sum(axis=2, dtype=np.int16)
        common = np.minimum(counts[None, :, :], guess_counts[:, None, :]).sum(axis=2, dtype=np.int16)
        packed = black * (space.pegs + 1) + (common - black)
        offsets = packed.astype(np.int64) + np.arange(len(chunk))[:, None] * feedbacks
        out[start : start + len(chunk)] = np.bincount(offsets.ravel(), minlength=len(chunk) * feedbacks).reshape(
            len(chunk), feedbacks
        )
    return out


def badness(strategy: str, sizes: np.ndarray) -> np.ndarray:
    """Lower is better, one value per guess (rows of partition sizes)."""
    if strategy == "minimax":
        return sizes.max(axis=1).astype(float)
    if strategy == "expected-size":
        return (sizes.astype(np.int64) ** 2).sum(axis=1).astype(float)
    if strategy == "most-parts":
        return -(sizes > 0).sum(axis=1).astype(float)
    # entropy, and the heuristic that orders candidates for the optimal search:
    # minimising sum n log n is maximising entropy for a fixed number of codes.
    ordered = np.sort(sizes, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(ordered > 0, ordered * np.log2(np.maximum(ordered, 1)), 0.0)
    return np.round(terms.sum(axis=1), 9)


# ---------------------------------------------------------------- symmetry


def candidate_guesses(
    space: CodeSpace, played: list[Code], alive: Alive, should_stop: ShouldStop = never
) -> tuple[np.ndarray, bool]:
    """One code (the lowest) per class of guesses that split the codes alike, and whether all classes are there.

    Colours absent from every code still possible all act the same, as do
    colours not yet played; before the first guess every position is alike too,
    so a guess is just how many pegs of each colour it has.  Past MAX_SCANNED
    codes only the classes of a seeded sample are listed (False).
    """
    if not played:
        return first_guesses(space), True
    present = space.present(alive, should_stop)
    used = np.zeros(space.colours, bool)
    for guess in played:
        used[list(guess)] = True
    absent, fresh = ~present, present & ~used
    if space.size > MAX_SCANNED:
        drawn = np.concatenate([space.sample(alive, SAMPLED_GUESSES, SEED), space.sample(None, SAMPLED_GUESSES, SEED)])
        return lowest_alike(space, drawn, absent, fresh), False
    if absent.sum() < 2 and fresh.sum() < 2:
        return space.listed(None, 0, space.size), True
    classes = []
    for start in range(0, space.size, CHUNK):
        stop_if_asked(should_stop)
        classes.append(lowest_alike(space, space.listed(None, start, start + CHUNK), absent, fresh))
    return distinct(np.concatenate(classes)), True


def lowest_alike(space: CodeSpace, indices: np.ndarray, absent: np.ndarray, fresh: np.ndarray) -> np.ndarray:
    """The lowest code alike to each of these: absent colours all become the first, fresh ones appear in order.

    Without repeats a code holds each absent colour once at most, so absent colours appear in order too.
    """
    codes = space.digits(indices).astype(np.int64)
    if absent.any() and space.repeats:
        codes = np.where(absent[codes], np.flatnonzero(absent)[0], codes)
    elif absent.any():
        codes = relabel_in_order(codes, np.flatnonzero(absent))
    return distinct(relabel_in_order(codes, np.flatnonzero(fresh)) @ space.powers)


def first_guesses(space: CodeSpace) -> np.ndarray:
    """The lowest code of each partition of the pegs into colours: 0011 for 4x6 (Knuth's 1122); 0123 without repeats."""
    guesses = []
    for sizes in partitions(space.pegs, space.colours, None if space.repeats else 1):
        code = [colour for colour, size in enumerate(sizes) for _ in range(size)]
        guesses.append(space.index_of(tuple(code)))
    return np.array(sorted(guesses), dtype=np.int64)


def partitions(total: int, parts: int, largest: int | None = None) -> list[tuple[int, ...]]:
    """Ways to write `total` as at most `parts` sizes, largest first."""
    largest = total if largest is None else largest
    if total == 0:
        return [()]
    if parts == 0:
        return []
    return [
        (first, *rest)
        for first in range(min(total, largest), 0, -1)
        for rest in partitions(total - first, parts - 1, first)
    ]


# ---------------------------------------------------------------- one-step strategies


def best_guess(
    space: CodeSpace,
    strategy: str,
    played: list[Code],
    alive: Alive,
    *,
    budget: Budget | None = None,
    should_stop: ShouldStop = never,
) -> tuple[int, bool]:
    """The index of the best guess and whether it is only the best of those scored."""
    best, sampled = best_guesses(space, strategy, played, alive, budget=budget, should_stop=should_stop)
    return best[0], sampled


def best_guesses(
    space: CodeSpace,
    strategy: str,
    played: list[Code],
    alive: Alive,
    *,
    keep: int = 1,
    budget: Budget | None = None,
    should_stop: ShouldStop = never,
) -> tuple[list[int], bool]:
    """The indices of the `keep` best guesses, best first, and whether they are only the best of those scored.

    With a bounded `budget` the consistent codes are scored first and then a
    seeded shuffle of the others, until the budget is spent; each guess scored
    is one unit of work.  Cheap positions are scored in full whatever the budget.
    With two codes or fewer left, the codes themselves are the guesses.
    """
    if space.count(alive) <= 2:
        return [int(code) for code in space.listed(alive, 0, keep)], False
    candidates, complete = candidate_guesses(space, played, alive, should_stop)
    secrets = space.sample(alive, SECRET_SAMPLE, SEED)
    consistent = space.contains(candidates, alive)
    deadline = Deadline(None if len(candidates) * len(secrets) <= SMALL_WORK else budget, should_stop)
    order = candidate_order(candidates, consistent, space.count(alive), deadline.bounded)
    step = max(1, BATCH_ELEMENTS // max(1, len(secrets) * space.colours))
    scored = 0
    best: list[tuple[float, bool, int]] = []
    for start in range(0, len(order), step):
        chunk = order[start : start + step]
        keys = badness(strategy, partition_sizes(space, candidates[chunk], secrets, should_stop))
        # least badness, then a code that may win, then the lowest code: literally, not argmin's tie-breaking
        ranked = zip(keys.tolist(), (~consistent[chunk]).tolist(), candidates[chunk].tolist())
        best = heapq.nsmallest(keep, [*best, *ranked])
        scored += len(chunk)
        if deadline.expired(len(chunk)):
            break
    return [int(guess) for _, _, guess in best], not complete or scored < len(order)


def candidate_order(candidates: np.ndarray, consistent: np.ndarray, alive: int, bounded: bool) -> np.ndarray:
    """Score order: all in code order when unbounded; else consistent codes first, then a seeded shuffle."""
    index = np.arange(len(candidates))
    if not bounded:
        return index
    rng = np.random.default_rng(SEED + alive)
    return np.concatenate([rng.permutation(index[consistent]), rng.permutation(index[~consistent])])


# ---------------------------------------------------------------- the optimal search


class OptimalSearch:
    """The optimal strategy: exact (`ExactSearch`) where it applies and finishes within its work budget.

    Past that (variants over MAX_SPACE codes, positions over MAX_CODES, or a
    search that runs out of work) it falls back to a narrow search: at each
    node only the `width` guesses the entropy heuristic likes best, plus the
    consistent ones among them; its totals are then only upper bounds.  Both
    memoise by the set of codes, and the memos survive a cancel.
    """

    def __init__(
        self, space: CodeSpace, width: int = 6, exact: ExactSearch | None = None, budget: Budget | None = WORK
    ) -> None:
        self.space = space
        self.width = width
        self.budget = budget  # of the exact search, for each suggestion
        self.should_stop: ShouldStop = never
        self.memo: dict[bytes, tuple[int, int]] = {}
        self.win = space.packed(Feedback(space.pegs, 0))
        self.exact_search = exact

    @property
    def exact(self) -> ExactSearch | None:
        """The exact search, built on first use (its feedback table takes a moment); None past MAX_SPACE."""
        if self.exact_search is None and self.space.size <= MAX_SPACE:
            self.exact_search = ExactSearch(self.space)
        return self.exact_search

    @property
    def known(self) -> int:
        """How many exact totals the search knows (to tell when they are worth keeping again)."""
        return 0 if self.exact_search is None else self.exact_search.known

    def value(
        self, alive: np.ndarray, played: list[Code], budget: Budget | None = WORK, should_stop: ShouldStop = never
    ) -> Value | None:
        """The exact optimum for these codes, or None when the exact search does not apply or runs out of work."""
        if self.exact is None or len(alive) > MAX_CODES:
            return None
        try:
            return self.exact.value(alive, played, budget, should_stop)
        except OutOfBudget:
            return None

    def row_cost(
        self,
        alive: np.ndarray,
        guess: int,
        played: list[Code],
        budget: Budget | None = WORK,
        should_stop: ShouldStop = never,
    ) -> float | None:
        """Expected extra guesses of playing `guess` from `alive` (then optimally) over the optimum; None if unknown."""
        deadline = Deadline(budget, should_stop)
        best = self.value(alive, played, deadline.left(), should_stop)
        if best is None:
            return None
        if guess == best.guess:
            return 0.0
        try:
            total = self.exact.guess_total(alive, guess, played, deadline.left(), should_stop)
        except OutOfBudget:
            return None
        return (total - best.total) / best.codes

    def best(self, alive: np.ndarray, played: list[Code], should_stop: ShouldStop = never) -> tuple[int, int]:
        """(total guesses, best guess index) for the codes `alive`: exact when `value` answers."""
        exact = self.value(alive, played, self.budget, should_stop)
        if exact is not None:
            return exact.total, exact.guess
        self.should_stop = should_stop
        try:
            return self.solve(alive, played)
        finally:
            self.should_stop = never

    def solve(self, alive: np.ndarray, played: list[Code]) -> tuple[int, int]:
        n = len(alive)
        if n == 1:
            return 1, int(alive[0])
        if n == 2:
            return 3, int(alive[0])
        key = alive.tobytes()
        if key in self.memo:
            return self.memo[key]
        stop_if_asked(self.should_stop)
        candidates, _ = candidate_guesses(self.space, played, alive, self.should_stop)
        sizes = partition_sizes(self.space, candidates, alive, self.should_stop)
        consistent = self.space.contains(candidates, alive)
        if np.any((sizes.max(axis=1) == 1)):
            perfect = np.flatnonzero(sizes.max(axis=1) == 1)
            choice = perfect[np.argsort(~consistent[perfect], kind="stable")][0]
            result = (2 * n - int(consistent[choice]), int(candidates[choice]))
            self.memo[key] = result
            return result
        keys = badness("entropy", sizes)
        splits = sizes.max(axis=1) < n  # a guess that splits nothing only wastes a turn
        ranked = [i for i in np.lexsort((candidates, ~consistent, keys)) if splits[i]]
        width = self.width if n > 30 else max(3, self.width // 2)
        best = None
        for index in ranked[:width]:
            guess = int(candidates[index])
            lower = 2 * n - int(consistent[index])
            if best is not None and lower >= best[0]:
                continue
            code = self.space.code(guess)
            feedback = self.space.feedback_of(code, alive)
            total = n
            for part in np.unique(feedback):
                if part == self.win:
                    continue
                total += self.solve(alive[feedback == part], [*played, code])[0]
                if best is not None and total >= best[0]:
                    break
            if best is None or total < best[0]:
                best = (total, guess)
        self.memo[key] = best
        return best
