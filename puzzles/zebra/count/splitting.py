"""Counting a big grid case by case: one value at each object it may take, each case counted by elimination.

On the middle clues of an 8 x 8 grid one elimination writes 10^7 successors
and more, some more than memory holds.  Put one well-chosen value at each of
its objects in turn and propagate: the cases' eliminations are smaller, often
by far, and their counts add up to the whole's (cutset conditioning).

How much an elimination writes is known only by running it: the order's guess
(`plan.guessed`) runs 10 to 10^6 times too high, by more on some clue
lists than on others.  So each count is tried with a cap of TRIED successors
and split only past it; the guess only weighs the cases of one value against
another's.

The cases are independent, and the compiled passes let go of the GIL: on a
budget of time alone they are tried on `plan.WORKERS` threads, and the
whole's try races its own cases (once it has run RACE seconds, its cases are
weighed and begun beside it; whichever ends first gives the count).  On a work
budget one try runs at a time, in one order, so that what the budget affords
is the same on every machine.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from math import inf

from puzzles.core import OutOfBudget
from puzzles.zebra.count import elimination
from puzzles.zebra.count.plan import Buffers, Plan, Spend, TooMany, guessed, nowhere, plan_of
from puzzles.zebra.solver import Model, bits, settle

TRIED = 4_000_000
"""Successors an elimination may write before its count is split instead: about 0.4 s compiled."""
RACE = 0.05
"""Seconds the whole's try runs alone before its cases begin beside it: most counts that fit are done by then,
and the weighing would only slow them."""

Shares = dict[int, list[int]]


def count(
    model: Model, domains: list[int], spend: Spend, margins: bool, buffers: Buffers | None = None, workers: int = 1
) -> tuple[int, Shares | None]:
    """`elimination.count` of the settled domains, case by case where one elimination would write too much,
    the cases tried on `workers` threads (more than one only where the order of the work cannot matter).

    Split, the count comes first and the per-value shares after, case by case again, with what the budget
    leaves: the count stands whether or not the shares are counted in time.
    """
    with Split(model, spend, buffers, workers) as split:
        return split.count(plan_of(model, domains), domains, margins)


@dataclass
class Siblings:
    """The cases of one value: once one of them passed TRIED, those guessed as big are split without a try
    (a failed try costs as much as a count)."""

    failed: float = inf


@dataclass(frozen=True)
class Case:
    """A value put at one of its objects: the domains propagated, their plan and its guess."""

    domains: list[int]
    plan: Plan
    guessed: float
    siblings: Siblings


class Split:
    """One count's tries, on `workers` threads; the calling thread weighs the values, splits and adds up."""

    def __init__(self, model: Model, spend: Spend, buffers: Buffers | None, workers: int) -> None:
        self.model, self.budget, self.buffers, self.workers = model, spend, buffers, workers
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="zebra-count")
        self.done = threading.Event()
        self.counted = threading.Event()  # by cases: the whole's try, if still running, lost the race
        self.waiting: deque[Case] = deque()  # the cases to try, in turn
        self.trying: dict[Future, Case | None] = {}  # None: the whole's try
        self.value = 0
        self.leaves: list[Plan] = []  # the plans counted whole, for the shares

    def __enter__(self) -> Split:
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()  # the tries still running stop at their next look at the budget
        self.pool.shutdown(wait=True, cancel_futures=True)

    def spend(self, work: int) -> None:
        """The budget's, and OutOfBudget for the tries still running once the count is done."""
        if self.done.is_set():
            raise OutOfBudget
        self.budget(work)

    def pause(self, work: int) -> None:
        """`spend` for this thread's own Python (weighing, planning), called often: it hands the GIL to the
        workers, which take it between their compiled runs and would otherwise wait up to 5 ms each time (a
        count beside a busy Python thread took five to seven times as long)."""
        time.sleep(0)
        self.spend(work)

    def whole_spend(self, work: int) -> None:
        """`spend`, and OutOfBudget once the cases have counted first."""
        if self.counted.is_set():
            raise OutOfBudget
        self.spend(work)

    def tried(self, plan: Plan, margins: bool) -> tuple[int, Shares | None]:
        """A case's try: compiled at once (it is big, or it would not be a case)."""
        return elimination.count(plan, self.spend, margins, self.buffers, TRIED, python_first=False)

    def count(self, plan: Plan, domains: list[int], margins: bool) -> tuple[int, Shares | None]:
        """The whole's try, then (or, racing it, beside it) its cases', and their shares."""
        whole = self.pool.submit(elimination.count, plan, self.whole_spend, margins, self.buffers, TRIED)
        self.trying[whole] = None
        if self.workers == 1 or not wait([whole], timeout=RACE).not_done:
            try:
                return whole.result()
            except TooMany:
                del self.trying[whole]
        self.split(plan, domains)
        while self.waiting or any(case is not None for case in self.trying.values()):
            self.begin()
            finished, _ = wait(self.trying, return_when=FIRST_COMPLETED)
            for future in finished:
                case = self.trying.pop(future)
                if case is None:  # the whole's try, raced
                    try:
                        return future.result()
                    except TooMany:
                        continue
                self.add(future, case)
        self.counted.set()
        if not margins:
            return self.value, None
        try:
            return self.value, self.shares_of(plan)
        except OutOfBudget:
            return self.value, None

    def split(self, plan: Plan, domains: list[int]) -> None:
        """The cases of the plan's best value, next in turn, the smallest guess first."""
        siblings, cases = Siblings(), []
        for guess, case in best_cases(plan, self.model, domains, self.pause):
            cases.append(Case(case, plan_of(self.model, case), guess, siblings))
            self.pause(0)
        self.waiting.extendleft(reversed(cases))

    def begin(self) -> None:
        """Tries for the workers left free, from the cases in turn; a case guessed as big as a failed sibling is
        split in its place."""
        while self.waiting and len(self.trying) < self.workers:
            case = self.waiting.popleft()
            if case.guessed >= case.siblings.failed:
                self.split(case.plan, case.domains)
            else:
                self.trying[self.pool.submit(self.tried, case.plan, False)] = case

    def add(self, future: Future, case: Case) -> None:
        """A finished try's count, or its case split."""
        try:
            self.value += future.result()[0]
            self.leaves.append(case.plan)
        except TooMany:
            case.siblings.failed = min(case.siblings.failed, case.guessed)
            self.split(case.plan, case.domains)

    def shares_of(self, plan: Plan) -> Shares:
        """Per value and object, the placements with it there: the sum of the leaves' (OutOfBudget if they run
        out)."""
        _, shares = nowhere(plan, True)
        assert shares is not None
        for _, leaf_shares in self.pool.map(lambda leaf: self.tried(leaf, True), self.leaves):
            if leaf_shares is None:
                raise OutOfBudget
            for x, row in leaf_shares.items():
                shares[x] = [a + b for a, b in zip(shares[x], row, strict=True)]
        return shares


def best_cases(plan: Plan, model: Model, domains: list[int], spend: Spend) -> list[tuple[float, list[int]]]:
    """The cases of the value, of those the plan places, whose cases are guessed the fewest states in all:
    each with its guess, the smallest first.  A value is given up once its cases so far pass the best's.
    `spend` is charged a unit per case made and per case weighed."""
    best: list[tuple[float, list[int]]] = []
    least = inf
    for step in plan.steps:
        cases = cases_of(model, domains, plan.unknowns[step.unknown].members[0])
        spend(1 + len(cases))
        weighed, total = [], 0.0
        for case in cases:
            spend(1)
            guess = guessed(model, case)
            total += guess
            if total >= least:
                break
            weighed.append((guess, case))
        else:
            best, least = sorted(weighed, key=lambda pair: pair[0]), total
    return best


def cases_of(model: Model, domains: list[int], x: int) -> list[list[int]]:
    """The domains with x at each of its objects in turn, propagated; those where nothing fits left out."""
    cases = []
    for o in bits(domains[x]):
        case = list(domains)
        case[x] = 1 << o
        if settle(model, case, [x]):
            cases.append(case)
    return cases
