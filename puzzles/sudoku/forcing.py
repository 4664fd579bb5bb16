"""Forcing chains: every value of a cell, or every place of a value in a unit, leads by singles to one conclusion.

Each branch is a supposition followed as `puzzles.sudoku.chains` follows one,
cut to the links the common conclusion rests on; the step is marked `trial`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from puzzles.numbergrid import Position
from puzzles.steps import Step, join_words
from puzzles.sudoku.board import label, symbol
from puzzles.sudoku.chains import Candidate, Followed, Singles, as_array, supposing
from puzzles.sudoku.known import Known, placing, ruling_out, values

__all__ = ["forcing"]


def forcing(known: Known) -> Iterator[Step]:
    """Cell and unit forcing chains: every value of a cell, or every place of a value in a unit, leads by singles
    to the same placement (or rules out the same value): so it holds."""
    array, run = as_array(known, known.cands), Singles(known)
    for branches, said in forks(known):
        ends = [run.after(array, branch) for branch in branches]
        if any(end is None for end in ends):
            continue
        common = agreed(known, ends)
        if common is not None and (step := forced(known, branches, said, *common)) is not None:
            yield step
            return


def forks(known: Known) -> Iterator[tuple[list[Candidate], str]]:
    """The splits a forcing chain starts from: cells with two or three values, values with two or three places."""
    for size in (2, 3):
        for p, mask in sorted(known.cands.items()):
            if bin(mask).count("1") == size:
                yield [(p, v) for v in values(mask)], f"{label(p)} is {join_words(symbols(mask), 'or')}"
        for unit in known.shape.units:
            for v in known.missing(unit):
                places = known.places(unit, v)
                if len(places) == size:
                    said = f"{symbol(v)} goes in {unit.name} at {join_words([label(q) for q in places], 'or')}"
                    yield [(q, v) for q in places], said


def symbols(mask: int) -> list[str]:
    return [symbol(v) for v in values(mask)]


def agreed(known: Known, ends: list[np.ndarray]) -> tuple[Position, int, bool] | None:
    """A placement every branch makes, else a candidate every branch rules out: (cell, value, holds)."""
    n = known.board.n
    union = np.bitwise_or.reduce(np.stack(ends))
    out = None
    for p, mask in sorted(known.cands.items()):
        left = int(union[p[0] * n + p[1]])
        if left != mask:
            if left & (left - 1) == 0:
                return p, values(left)[0], True
            out = out or (p, values(mask & ~left)[0], False)
    return out


def reached(followed: Followed, at: Position, value: int, holds: bool) -> int | None:
    """The link that settles the conclusion in a branch: the placement at `at`, or what ruled `value` out there
    (None where the singles said in words do not get there, as a Killer cage read by the compiled ones may)."""
    if holds:
        return next((i for i, link in enumerate(followed.links) if link.at == at and link.holds), None)
    return followed.by.get((at, value))


def forced(known: Known, branches: list[Candidate], said: str, at: Position, value: int, holds: bool) -> Step | None:
    """Each branch followed to the common conclusion, cut to the links it uses."""
    told, reads, uses = [], [], []
    fact = f"{label(at)} is {symbol(value)}" if holds else f"{label(at)} is not {symbol(value)}"
    for p, v in branches:
        followed = supposing(known, p, v)
        followed.settle()
        if (end := reached(followed, at, value, holds)) is None:
            return None
        need = followed.needed(frozenset({0, end}))
        chain = "".join(f"{followed.links[i].text}, then " for i in need if i > 0 and not (holds and i == end))
        told.append(f"if {label(p)} is {symbol(v)}, then {chain}{fact}")
        reads += [q for i in need for q in followed.links[i].reads]
        uses += [u for i in need for u in followed.links[i].uses]
    text = f"{said[0].upper()}{said[1:]}: {'; '.join(told)}. Either way {fact}."
    rule = "forcing chain"
    where, uses_ = tuple(dict.fromkeys(reads)), tuple(dict.fromkeys(uses))
    step = (
        placing(rule, text, uses_, where, {at: value}) if holds else ruling_out(rule, text, uses_, where, [(at, value)])
    )
    return replace(step, trial=True)  # each branch is a supposition followed, as a trial's is
