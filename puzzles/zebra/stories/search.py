"""Brute force over the answers a page allows: one permutation per non-key category, clues as predicates.

Categories are filled one at a time (those the clues tie to the filled ones
first), object by object; after each placement every clue touching the
category is tested, and one that needs a value not placed yet waits
(`Unknown`).  At the end every clue is tested on the whole assignment.  A
`budget` of placements bounds the work deterministically: past it the search
stops with `TooHard` (the generator then adds a clue rather than wait).
Nothing here knows how a clue is worded.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from puzzles.zebra.stories.clues import Assignment, Clue, Unknown


class TooHard(Exception):
    """The search used its whole budget of placements without a verdict."""


def fill_order(k: int, clues: Sequence[Clue]) -> list[int]:
    """The non-key categories in the order that lets the clues bite earliest."""
    filled: set[int] = {0}
    order: list[int] = []
    while len(order) < k - 1:
        best = max(
            (c for c in range(k) if c not in filled),
            key=lambda c: (sum(clue.categories <= filled | {c} for clue in clues), -c),
        )
        order.append(best)
        filled.add(best)
    return order


def possible(clues: Sequence[Clue], at: Assignment) -> bool:
    """No clue is already broken by the values placed so far."""
    for clue in clues:
        try:
            if not clue.holds(at):
                return False
        except Unknown:
            pass
    return True


def solutions(
    n: int, k: int, clues: Sequence[Clue], limit: int | None = None, budget: int | None = None
) -> Iterator[Assignment]:
    """Every assignment of n objects in k categories that satisfies all the clues (at most `limit`)."""
    order = fill_order(k, clues)
    touching = {c: [clue for clue in clues if c in clue.categories] for c in order}
    at = [list(range(n))] + [[-1] * n for _ in range(k - 1)]
    found = placed = 0

    def fill(step: int, obj: int) -> Iterator[Assignment]:
        nonlocal found, placed
        if step == len(order):
            if all(clue.holds(at) for clue in clues):
                found += 1
                yield tuple(tuple(row) for row in at)
            return
        c = order[step]
        row, following = at[c], (step, obj + 1) if obj + 1 < n else (step + 1, 0)
        for value in range(n):
            if value in row:
                continue
            placed += 1
            if budget is not None and placed > budget:
                raise TooHard
            row[obj] = value
            if possible(touching[c], at):
                yield from fill(*following)
            row[obj] = -1
            if limit is not None and found >= limit:
                return

    yield from fill(0, 0)


def count(n: int, k: int, clues: Sequence[Clue], limit: int | None = None, budget: int | None = None) -> int:
    """How many assignments the clues allow (counting stops at `limit`); `TooHard` past the budget."""
    return sum(1 for _ in solutions(n, k, clues, limit, budget))
