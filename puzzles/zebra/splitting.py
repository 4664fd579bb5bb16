"""Counting a big grid case by case: one value at each object it may take, each case counted by elimination.

On the middle clues of an 8 x 8 grid one elimination writes 10^7 successors
and more, some more than memory holds.  Put one well-chosen value at each of
its objects in turn and propagate: the cases' eliminations are smaller, often
by far, and their counts add up to the whole's (cutset conditioning).

How much an elimination writes is known only by running it: the order's guess
(`elimination.guessed`) runs 10 to 10^6 times too high, by more on some clue
lists than on others.  So each count is tried with a cap of TRIED successors
and split only past it; the guess only weighs the cases of one value against
another's.
"""

from __future__ import annotations

from math import inf

from puzzles.core import OutOfBudget
from puzzles.zebra import elimination
from puzzles.zebra.elimination import Buffers, Plan, Spend, TooMany
from puzzles.zebra.solver import Model, bits, settle

TRIED = 4_000_000
"""Successors an elimination may write before its count is split instead: about 0.4 s compiled."""


def count(
    model: Model, domains: list[int], spend: Spend, margins: bool, buffers: Buffers | None = None
) -> tuple[int, dict[int, list[int]] | None]:
    """`elimination.count` of the settled domains, case by case where one elimination would write too much.

    Split, the count comes first and the per-value shares after, case by case again, with what the budget
    leaves: the count stands whether or not the shares are counted in time.
    """
    plan = elimination.plan_of(model, domains)
    try:
        return elimination.count(plan, spend, margins, buffers, TRIED)
    except TooMany:
        pass
    leaves: list[Plan] = []
    value = by_cases(plan, model, domains, spend, buffers, leaves)
    if not margins:
        return value, None
    try:
        return value, shares_of(plan, leaves, spend, buffers)
    except OutOfBudget:
        return value, None


def by_cases(
    plan: Plan, model: Model, domains: list[int], spend: Spend, buffers: Buffers | None, leaves: list[Plan]
) -> int:
    """The plan's count, the sum over the cases of its best value, each case split again while too big; the
    plans counted whole are added to `leaves`.  The cases go from the smallest guess up, and once one passed
    TRIED those guessed as big are split without a try (a failed try costs as much as a count)."""
    value, failed = 0, inf
    for guessed, case in best_cases(plan, model, domains, spend):
        case_plan = elimination.plan_of(model, case)
        if guessed < failed:
            try:
                value += elimination.count(case_plan, spend, False, buffers, TRIED, python_first=False)[0]
                leaves.append(case_plan)
                continue
            except TooMany:
                failed = guessed
        value += by_cases(case_plan, model, case, spend, buffers, leaves)
    return value


def shares_of(plan: Plan, leaves: list[Plan], spend: Spend, buffers: Buffers | None) -> dict[int, list[int]]:
    """Per value and object, the placements with it there: the sum of the leaves' (OutOfBudget if they run out)."""
    _, shares = elimination.nowhere(plan, True)
    assert shares is not None
    for leaf in leaves:
        _, leaf_shares = elimination.count(leaf, spend, True, buffers, TRIED, python_first=False)
        if leaf_shares is None:
            raise OutOfBudget
        for x, row in leaf_shares.items():
            shares[x] = [a + b for a, b in zip(shares[x], row, strict=True)]
    return shares


def best_cases(plan: Plan, model: Model, domains: list[int], spend: Spend) -> list[tuple[float, list[int]]]:
    """The cases of the value, of those the plan places, whose cases are guessed the fewest states in all:
    each with its guess, the smallest first.  A value is given up once its cases so far pass the best's."""
    best: list[tuple[float, list[int]]] = []
    least = inf
    for step in plan.steps:
        cases = cases_of(model, domains, plan.unknowns[step.unknown].members[0])
        spend(1 + len(cases))
        weighed, total = [], 0.0
        for case in cases:
            guessed = elimination.guessed(model, case)
            total += guessed
            if total >= least:
                break
            weighed.append((guessed, case))
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
