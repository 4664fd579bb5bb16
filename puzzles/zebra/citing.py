"""The facts a step rests on: the fewest earlier marks from which its clues give what it settles, and the step.

`cited` finds them by propagation, leaving out whole values then single
objects; SAT (`cnf.Selected`, `exact`) leaves out those the others imply.
`step_of` makes the step, its premises folded per value in its text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from puzzles.steps import Fact, Step, join_words
from puzzles.zebra.cnf import boolean
from puzzles.zebra.known import (
    Known,
    needed_only,
)
from puzzles.zebra.solver import (
    Model,
    bits,
    settle,
    single,
    variable,
)
from puzzles.zebra.telling import (
    Spot,
    at_words,
    fact,
    reason,
    settled,
    value_name,
)


def step_of(
    rule: str,
    known: Known,
    clues: Sequence[int],
    spots: Sequence[Spot],
    after: dict[int, int],
    why: Callable[[str], str],
    premises: Sequence[Fact],
    placing: bool = True,
) -> Step:
    """A step that narrows values to `after`, told as `why` (given its premises in words) then what it settles
    (`placing`: a value left one object is said to be there)."""
    facts, said = settled(known.puzzle, known.domains, after, placing)
    ks = sorted(set(clues))
    uses = (*(f"clue {k + 1}" for k in ks), *(words for words, _ in premises_said(known, premises)))
    where = (*(("clue", k) for k in ks), *dict.fromkeys(spots))
    return Step(rule, f"{why(told(known, premises))}, so {said}.", uses, where, facts, premises=tuple(premises))


def values_spots(known: Known, xs: Iterable[int]) -> list[Spot]:
    return [("value", *divmod(x, known.puzzle.n)) for x in xs]


def known_facts(known: Known, x: int) -> list[Fact]:
    """What the marks say of value x as facts: its object once placed, else each object ruled out."""
    if x not in known.facts:
        known.facts[x] = facts_of(known, x)
    return known.facts[x]


def facts_of(known: Known, x: int) -> list[Fact]:
    start, mask = known.setting.model.start[x], known.domains[x]
    if mask == start:
        return []
    if mask and single(mask):
        return [fact(known.puzzle, x, bits(mask)[0], True)]
    return [fact(known.puzzle, x, o, False) for o in bits(start & ~mask)]


def domains_of(known: Known, premises: Iterable[Fact]) -> list[int]:
    """The model's domains knowing only `premises` (and the rules' start: a key's values at their own objects)."""
    n, domains = known.puzzle.n, list(known.setting.model.start)
    for f in premises:
        x = f.at[0] * n + f.at[1]
        domains[x] = domains[x] & (1 << f.value) if f.holds else domains[x] & ~(1 << f.value)
    return domains


Gives = Callable[[list[int]], bool]  # whether a step's conclusion follows from these domains, propagated


def narrowing(known: Known, model: Model, after: dict[int, int], placing: bool = True) -> Gives:
    """Whether the facts of narrowing the marks to `after` follow: each object ruled out, each value placed."""
    n, facts = known.puzzle.n, settled(known.puzzle, known.domains, after, placing)[0]
    wanted = [(f.at[0] * n + f.at[1], f.value, f.holds) for f in facts]

    def said(domains: list[int]) -> bool:
        return all(domains[x] == 1 << o if holds else not domains[x] >> o & 1 for x, o, holds in wanted)

    def gives(domains: list[int]) -> bool:  # what holds before propagating holds after (or nothing fits)
        return said(domains) or not settle(model, domains) or said(domains)

    return gives


def cited(
    known: Known, focus: Sequence[int], gives: Gives, implied: tuple[Sequence[int], Sequence[Fact]] | None = None
) -> tuple[Fact, ...]:
    """The fewest earlier facts (none of which can be left out) from which `gives` still holds: first whole values
    are left out, those away from the `focus` first, then single objects ruled out.  With `implied` (a step's clues
    and facts, where its text tells no chain that needs more) those that SAT finds the others imply are left out."""
    values = list(dict.fromkeys([*focus, *range(known.setting.values)]))
    facts = {x: found for x in values if (found := known_facts(known, x))}
    near = {x: facts[x] for x in focus if x in facts}
    if gives(domains_of(known, flat(near))):
        facts = near
    enough = lambda xs: gives(domains_of(known, flat({x: facts[x] for x in xs})))  # noqa: E731
    kept = flat({x: facts[x] for x in needed_only(list(facts)[::-1], enough, halving=True)[::-1]})
    for f in reversed(kept[:]):
        if not f.holds and gives(domains_of(known, [g for g in kept if g != f])):
            kept.remove(f)
    if implied is not None:
        clues, wanted = implied
        for f in reversed(kept[:]):
            if implies(known, clues, [g for g in kept if g != f], wanted):
                kept.remove(f)
    return tuple(kept)


def literal(known: Known, f: Fact) -> int:
    """A fact as a boolean of the puzzle's clauses, negated where the value is not at the object."""
    at = boolean(known.puzzle.n, f.at[0] * known.puzzle.n + f.at[1], f.value)
    return at if f.holds else -at


def implies(known: Known, clues: Sequence[int], premises: Sequence[Fact], wanted: Sequence[Fact]) -> bool:
    lit = lambda facts: [literal(known, f) for f in facts]  # noqa: E731
    return known.setting.clauses.implies(clues, lit(premises), lit(wanted))


def exact(known: Known, clues: Sequence[int], premises: Sequence[Fact], wanted: Sequence[Fact]) -> bool:
    """Whether no clue and no premise of a step can be left out with what it settles still implied (SAT)."""
    return not any(implies(known, [c for c in clues if c != k], premises, wanted) for k in clues) and not any(
        implies(known, clues, [p for p in premises if p != f], wanted) for f in premises
    )


def flat(facts: dict[int, list[Fact]]) -> list[Fact]:
    return [f for found in facts.values() for f in found]


def premises_said(known: Known, premises: Sequence[Fact]) -> list[tuple[str, list[int]]]:
    """The premises folded into phrases, each with the values it names: `Iowa Falls is with Penny`, `Brownfield
    and Durham are not with Opal or Vicky` (the values with the same objects ruled out said together)."""
    puzzle, n = known.puzzle, known.puzzle.n
    placed = [
        (f"{value_name(puzzle, variable(puzzle, f.at))} is {at_words(puzzle, 1 << f.value)}", [variable(puzzle, f.at)])
        for f in premises
        if f.holds
    ]
    out: dict[int, int] = {}
    for f in premises:
        if not f.holds:
            x = f.at[0] * n + f.at[1]
            out[x] = out.get(x, 0) | 1 << f.value
    by_mask: dict[int, list[int]] = {}
    for x, mask in out.items():
        by_mask.setdefault(mask, []).append(x)
    ruled_out = [
        (
            f"{join_words([value_name(puzzle, x) for x in xs])} {'are' if len(xs) > 1 else 'is'} "
            f"{at_words(puzzle, mask, False)}",
            xs,
        )
        for mask, xs in by_mask.items()
    ]
    return placed + ruled_out


def told(known: Known, premises: Sequence[Fact]) -> str:
    """The premises in words, each phrase with the clues behind it: `Iowa Falls is with Penny (clue 3); ...`."""
    said = premises_said(known, premises)
    return "; ".join(words + reason(frozenset().union(*(known.because[x] for x in xs))) for words, xs in said)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
