"""Counting logic grids value by value, when every clue relates at most two values.

The search in `search` multiplies parts that nothing joins, but each
category keeps its values apart, and on a big grid that joins everything
until deep in the search: the middle clues of an 8 x 8 puzzle leave 10^7 and
more placements to walk.  Here the values are placed one at a time and
placements the values to come cannot tell apart are counted together, as
the `plan` says.  A state is one Python int, so a step is a mask, an `or`
and a dict update, and the counts are exact at any size.  Per-cell counts
come from a pass backwards.  Past IN_PYTHON successors `kernel` runs the
same passes compiled.
"""

from __future__ import annotations

from collections.abc import Iterator

from puzzles.core import OutOfBudget
from puzzles.zebra.count.plan import Buffers, Plan, Spend, Step, TooMany, nowhere

COMPILED_BITS = 128
"""The widest state the compiled passes hold: two machine words."""
IN_PYTHON = 50_000
"""Successors Python writes (30 ms or so; the generated 6 x 6 grids' counts write up to 23,000) before the
compiled passes (`kernel`) count again from the start: loading numba costs more than a small count."""
STATES_PER_NODE = 16
"""A state costs about a sixteenth of a search node: the work budget counts both in nodes."""


def placings(step: Step, layer: dict[int, int], spend: Spend) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Each state of the layer, its count, and the objects the step may place its unknown at; the layer's
    work charged first.  States alike where the step reads share one answer."""
    spend(1 + len(layer) // STATES_PER_NODE)
    read, known = step.read, {}
    for seen, (state, ways) in enumerate(layer.items()):
        if seen & 4095 == 4095:
            spend(0)  # the clock and the cancel check
        objects = known.get(state & read)
        if objects is None:
            objects = known[state & read] = step.objects_for(state)
        yield state, ways, objects


def layers_of(plan: Plan, spend: Spend, most: int) -> list[dict[int, int]]:
    """The states before each step and after the last, each with the placements it stands for (TooMany past
    `most` successors written: the count's work, and a bound on the states it keeps)."""
    layers, written = [{0: 1}], 0
    for step in plan.steps:
        after: dict[int, int] = {}
        keep, marks = step.keep, step.marks
        for state, ways, objects in placings(step, layers[-1], spend):
            written += len(objects)
            for o in objects:
                following = (state | marks[o]) & keep
                after[following] = after.get(following, 0) + ways
        layers.append(after)
        if written > most:
            raise TooMany
        if not after:
            break
    return layers


def margins_of(plan: Plan, layers: list[dict[int, int]], spend: Spend) -> dict[int, list[int]]:
    """Per value, per object, the placements with it there: forward counts times backward ones (a value
    no step places sits at its one object in all of them)."""
    value = sum(layers[-1].values())
    margins = {x: [value * (u.objects >> o & 1) for o in range(plan.n)] for u in plan.unknowns for x in u.members}
    behind = dict.fromkeys(layers[-1], 1)
    for step, layer in zip(reversed(plan.steps), reversed(layers[:-1]), strict=True):
        row, ahead = [0] * plan.n, {}
        for state, ways, objects in placings(step, layer, spend):
            total = 0
            for o in objects:
                if rest := behind.get((state | step.marks[o]) & step.keep):
                    total += rest
                    row[o] += ways * rest
            ahead[state] = total
        for x in plan.unknowns[step.unknown].members:
            margins[x] = row
        behind = ahead
    return margins


def count(
    plan: Plan, spend: Spend, margins: bool, buffers: Buffers | None, most: int, python_first: bool = True
) -> tuple[int, dict[int, list[int]] | None]:
    """The placements of the plan's values, and per value and object how many put it there (`margins`, when the
    budget lasts for them too): in Python while the states are few (unless not `python_first`: a case of a
    split count, likely big), else compiled (in `buffers`, when given).

    `spend(work)` charges the budget (each step, for the states it reads) and raises OutOfBudget when it is spent,
    as it does (TooMany) past `most` successors written: `splitting` then counts case by case.
    """
    if plan.bits > COMPILED_BITS or most <= IN_PYTHON:
        return counted(plan, spend, margins, most)
    if python_first:
        try:
            return counted(plan, spend, margins, IN_PYTHON)
        except TooMany:
            pass
    from puzzles.zebra.count import kernel  # numba loads only for a count that needs it

    return kernel.count(plan, spend, margins, buffers, most)


def counted(plan: Plan, spend: Spend, margins: bool, most: int) -> tuple[int, dict[int, list[int]] | None]:
    """`count` in Python."""
    layers = layers_of(plan, spend, most)
    if len(layers) <= len(plan.steps):
        return nowhere(plan, margins)
    value = sum(layers[-1].values())
    if not margins:
        return value, None
    try:
        return value, margins_of(plan, layers, spend)
    except OutOfBudget:
        return value, None  # the count stands; only the per-cell shares ran out
