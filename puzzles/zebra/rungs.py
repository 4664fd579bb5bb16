"""The rungs of the ladder, cheapest first: one clue alone, each value once, transitivity, one clue over the places
left, two, three and four clues together, and trial (`ladder` says what each does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import combinations

from puzzles.steps import Step, first_found
from puzzles.zebra.citing import (
    capital,
    cited,
    narrowing,
    step_of,
    values_spots,
)
from puzzles.zebra.known import (
    Known,
    named,
    narrowed_from,
    open_values,
    together,
)
from puzzles.zebra.model import Atom, Gap, HowMany
from puzzles.zebra.solver import (
    bits,
    single,
)
from puzzles.zebra.supposing import (
    GROUP_MOST,
    NESTED_TRIES,
    TRIAL_TRIES,
    clues_refuting,
    exact_supposition,
    nested,
    nested_step,
    small_group,
    supposition_step,
)
from puzzles.zebra.telling import (
    Spot,
    at_words,
    noun,
    one_value,
    quoted,
    settled,
    thing,
    things,
    value_name,
)


def pairs_values(atom: Atom) -> bool:
    """Whether an atom only says two values are together (`same`) or apart (`differ`)."""
    if isinstance(atom, Gap):
        return atom.gaps == frozenset({0})
    return isinstance(atom, HowMany) and len(atom.atoms) == 1 and atom.high == 0 and pairs_values(atom.atoms[0])


def pairing(known: Known, k: int) -> bool:
    """Whether clue k only pairs values (transitivity) rather than placing or comparing them."""
    atoms = known.puzzle.clues[k].atoms
    return bool(atoms) and all(pairs_values(atom) for atom in atoms)


def one_clue_alone(known: Known) -> Iterator[Step]:
    for k, alone in enumerate(known.setting.alone):
        if alone is None:
            continue
        after = {x: d & alone[x] for x, d in enumerate(known.domains) if d & ~alone[x]}
        if after:
            yield clue_step("one clue alone", known, k, list(after), after)


def clue_step(rule: str, known: Known, k: int, focus: Sequence[int], after: dict[int, int]) -> Step:
    """Clue k narrows values to `after`: the clue quoted, then the earlier facts it is read against."""
    wanted = settled(known.puzzle, known.domains, after)[0]
    premises = cited(known, focus, narrowing(known, together(known, [k]), after), ([k], wanted))
    quote = quoted(known.puzzle, k)[:-1]
    why = lambda said: f"{quote}. {capital(said)}" if said else quote  # noqa: E731
    return step_of(rule, known, [k], values_spots(known, [*focus, *after]), after, why, premises)


def each_value_once(known: Known) -> Iterator[Step]:
    yield from placed_leaves_object(known)
    yield from only_taker(known)
    yield from shared_places(known)


def category_values(known: Known, c: int) -> range:
    n = known.puzzle.n
    return range(c * n, c * n + n)


def placed_leaves_object(known: Known) -> Iterator[Step]:
    puzzle = known.puzzle
    for c in puzzle.free:
        for x in category_values(known, c):
            mask = known.domains[x]
            others = [y for y in category_values(known, c) if y != x and known.domains[y] & mask]
            if mask and single(mask) and others:
                o = bits(mask)[0]
                rule = f"each {thing(puzzle)} has one {one_value(puzzle.categories[c])}"
                after = {y: known.domains[y] & ~mask for y in others}
                why = lambda said, rule=rule: f"{capital(said)}, and {rule}"  # noqa: E731
                yield rules_step(known, [x, *others], [("column", c, o)], after, why)


def only_taker(known: Known) -> Iterator[Step]:
    puzzle = known.puzzle
    for c in puzzle.free:
        for o in range(puzzle.n):
            takers = [x for x in category_values(known, c) if known.domains[x] >> o & 1]
            if len(takers) == 1 and not single(known.domains[takers[0]]):
                others = [y for y in category_values(known, c) if y != takers[0]]
                only = (
                    f"no {one_value(puzzle.categories[c])} but {value_name(puzzle, takers[0])} can still be "
                    f"{at_words(puzzle, 1 << o)}"
                )
                after = {takers[0]: 1 << o}
                yield rules_step(
                    known, others, [("column", c, o)], after, lambda said, only=only: f"{capital(said)}: {only}"
                )


def shared_places(known: Known) -> Iterator[Step]:
    """Two or three values of a category that can only be in as many objects between them keep the others out."""
    puzzle = known.puzzle
    for c in puzzle.free:
        open_ = [x for x in category_values(known, c) if not single(known.domains[x])]
        for size in (2, 3):
            for group in combinations(open_, size):
                union = 0
                for x in group:
                    union |= known.domains[x]
                others = [y for y in open_ if y not in group and known.domains[y] & union]
                if union.bit_count() == size and others:
                    values = f"{size} {noun(puzzle.categories[c])} values for {size} {things(puzzle)}"
                    after = {y: known.domains[y] & ~union for y in others}
                    why = lambda said, values=values: f"{capital(said)}: {values}"  # noqa: E731
                    yield rules_step(known, [*group, *others], values_spots(known, group), after, why)


def rules_step(
    known: Known, focus: Sequence[int], spots: Sequence[Spot], after: dict[int, int], why: Callable[[str], str]
) -> Step:
    """A step of each value once alone: the earlier facts it rests on, then the rule."""
    wanted = settled(known.puzzle, known.domains, after)[0]
    premises = cited(known, focus, narrowing(known, together(known, []), after), ([], wanted))
    return step_of("each value once", known, [], spots, after, why, premises)


def clue_over_marks(known: Known, k: int, rule: str) -> Iterator[Step]:
    setting = known.setting
    now = narrowed_from(setting.model, setting.parts[k], list(known.domains))
    if now is None:
        return
    after = {x: m for x, m in enumerate(now) if m != known.domains[x]}
    if after:
        yield clue_step(rule, known, k, named(known, k), after)


def transitivity(known: Known) -> Iterator[Step]:
    for k in range(len(known.puzzle.clues)):
        if pairing(known, k):
            yield from clue_over_marks(known, k, "transitivity")


def one_clue_left(known: Known) -> Iterator[Step]:
    for k in range(len(known.puzzle.clues)):
        if not pairing(known, k):
            yield from clue_over_marks(known, k, "one clue over the places left")


def clues_together(known: Known, fewest: int, most: int, rule: str) -> Iterator[Step]:
    """A place that a few clues, with each value once, cannot all allow: told as the supposition fails.

    Only those whose clues and premises are all needed (SAT finds none of them spare): the others are left to trial.
    """
    for x, o in known.refutable:
        clues = small_group(known, x, o, most) if most <= GROUP_MOST else clues_refuting(known, x, o)
        if clues is not None and fewest <= len(clues) <= most and (step := exact_supposition(rule, known, x, o, clues)):
            yield step


def two_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 1, 2, "two clues together")


def three_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 3, 3, "three clues together")


def four_clues(known: Known) -> Iterator[Step]:
    return clues_together(known, 4, 4, "four clues together")


def trial(known: Known) -> Iterator[Step]:
    """The last rung: a supposition the clues refute, told as propagation unfolds it; failing that, one whose
    propagation reaches a dead end once suppositions inside it are refuted the same way (`nested`)."""
    refutable = sorted(known.refutable, key=lambda xo: len(clues_refuting(known, *xo)))
    if refutable:
        clues = partial(clues_refuting, known)
        step = first_found(refutable[:TRIAL_TRIES], lambda x, o: exact_supposition("trial", known, x, o, clues(x, o)))
        yield step or supposition_step("trial", known, refutable[:TRIAL_TRIES], clues)
        return
    by_choices = sorted(open_values(known), key=lambda x: known.domains[x].bit_count())
    places = [(x, o) for x in by_choices for o in bits(known.domains[x])]
    found = []
    for x, o in places:
        if (inner := nested(known, x, o, min((len(f[2]) for f in found), default=None))) is not None:
            found.append((x, o, inner))
            if len(inner) == 1 or len(found) == NESTED_TRIES:
                break
    if found:
        yield nested_step(known, *min(found, key=lambda f: len(f[2])))
