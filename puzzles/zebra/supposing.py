"""Suppositions: which few clues refute a place, suppositions inside others, and the steps that tell them.

A place all the clues together refute is searched for the fewest clues that
do it (`fewest_refuting`); one that propagation alone cannot refute is
followed into suppositions inside it, each refuted in turn (`nested`).  The
steps tell the supposition link by link to its dead end (`tracing`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations

from puzzles.steps import Fact, Step
from puzzles.zebra.citing import (
    Gives,
    capital,
    cited,
    domains_of,
    exact,
    implies,
    known_facts,
    narrowing,
    step_of,
    values_spots,
)
from puzzles.zebra.known import (
    Known,
    Setting,
    named,
    needed_only,
    open_values,
    refutes,
    spent,
    supposed,
    together,
)
from puzzles.zebra.solver import (
    Model,
    bits,
    settle,
    single,
)
from puzzles.zebra.telling import (
    quoted,
    settled,
)
from puzzles.zebra.tracing import SUPPOSED, Event, Inner, chain, looked_back, told_settle, traced

GROUP_MOST = 3  # clues searched for the fewest that refute a place (four are found by leaving clues out)
INNER_TRIES = 6  # suppositions inside another that propagation refutes, tried for one that ends the outer at once
NESTED_TRIES = 3  # suppositions that need others inside them, found for the one needing fewest
TRIAL_TRIES = 8  # refutations, fewest clues first, tried for one that cites nothing spare before the first is taken
GROUP_SEARCH = 12  # clues a refutation rests on, searched for the fewest that do it (up to GROUP_MOST of them)
SPARE_TRIES = 4  # clues or premises SAT finds a supposition can do without, each tried withheld for a chain without it

Stopped = dict[tuple[int, int], list[int]]  # per supposition propagation did not refute, where it stopped
Clues = Callable[[int, int], tuple[int, ...]]  # the few clues found to refute a place


def refuting(known: Known, model: Model, x: int, o: int, placing: bool, inner: Sequence[tuple[int, int]] = ()) -> Gives:
    """Whether supposing value x at object o runs into a dead end (once the `inner` suppositions are refuted in
    turn), and what the step then says of x follows."""
    rest, dead_end = narrowing(known, model, {x: known.domains[x] & ~(1 << o)}, placing), replayed(model, x, o, inner)

    def gives(domains: list[int]) -> bool:
        supposing = list(domains)
        domains[x] &= ~(1 << o)
        return dead_end(supposing) and rest(domains)

    return gives


def fewest_refuting(known: Known, x: int, o: int) -> tuple[int, ...]:
    """The fewest clues that, with each value once, refute value x at object o (up to three; else a few none
    of which can be left out): failing a group of up to three (`small_group`), each clue the rest can do
    without is left out."""
    found = small_group(known, x, o, GROUP_MOST)
    if found is not None:
        return found
    clues, _ = known.searched[(x, o)]
    before = known.earlier.get((x, o))
    if before is not None and len(before) < len(clues):
        clues = list(before)
    return trimmed(known, x, o, clues)


def trimmed(known: Known, x: int, o: int, clues: list[int]) -> tuple[int, ...]:
    """Those of these clues, refuting value x at object o, none of which can be left out; as trimmed at earlier
    marks where the groups that did not refute it then still do not (those that did still do: the same trimming).
    A group inside one of those that still does not refute it does not either: it is kept in its stead, not
    propagated (`inside_missed`)."""
    earlier = known.setting.trimmed.get((x, o))
    if earlier is not None and earlier[1] == clues and known.narrowing_since(earlier[0]) is not None:
        if not any(missed_refutes(known, x, o, i) for i in range(len(earlier[2]))):
            return earlier[3]
    missed: list[list[int]] = []

    def enough(fewer: list[int]) -> bool:
        within = inside_missed(known, x, o, fewer)
        if within is None and refutes(known, fewer, x, o):
            return True
        missed.append(fewer if earlier is None or within is None else earlier[2][within])
        return False

    kept = tuple(needed_only(clues, enough))
    known.setting.trimmed[(x, o)] = (known.apart_closed, list(clues), missed, kept)
    return kept


def missed_sets(known: Known, x: int, o: int) -> tuple[list[frozenset[int]], dict[int, bool]]:
    """The groups that did not refute x at o when it was last trimmed, and per one asked whether it refutes it at
    these marks (asked once per marks: `Known.missed`)."""
    earlier = known.setting.trimmed.get((x, o))
    wider = [] if earlier is None else earlier[2]
    seen = known.missed.get((x, o))
    if seen is None or seen[0] is not wider:
        seen = known.missed[(x, o)] = (wider, [frozenset(group) for group in wider], {})
    return seen[1], seen[2]


def missed_refutes(known: Known, x: int, o: int, i: int) -> bool:
    """Whether the i-th group that did not refute x at o when it was last trimmed refutes it at these marks."""
    groups, holds = missed_sets(known, x, o)
    if i not in holds:
        holds[i] = refutes(known, groups[i], x, o)
    return holds[i]


def inside_missed(known: Known, x: int, o: int, group: Sequence[int]) -> int | None:
    """Which group that did not refute x at o when it was last trimmed, and still does not, holds all of these clues
    (None: none): then they do not refute it either (fewer clues leave more), without propagating them."""
    clues, groups = set(group), missed_sets(known, x, o)[0]
    return next((i for i, g in enumerate(groups) if clues <= g and not missed_refutes(known, x, o, i)), None)


def clues_refuting(known: Known, x: int, o: int) -> tuple[int, ...]:
    """The fewest clues found to refute value x at object o, found once per marks (`Known.refuting`)."""
    if (x, o) not in known.refuting:
        known.refuting[(x, o)] = fewest_refuting(known, x, o)
    return known.refuting[(x, o)]


def small_group(known: Known, x: int, o: int, most: int) -> tuple[int, ...] | None:
    """The fewest clues, at most `most`, that refute value x at object o (None: no such few).

    The clues the propagation's dead end rests on are searched for one, two or three that do it alone, each size
    once per marks (`Known.searched`).  Clues that refuted the place before still do (the marks only narrow), so
    only fewer than those are searched.
    """
    if (x, o) in known.refuting:
        group = known.refuting[(x, o)]
        return group if len(group) <= most else None
    clues, done = known.searched.get((x, o)) or (dead_end_clues(known, x, o), 0)
    before = known.earlier.get((x, o))
    top = min(most, GROUP_MOST, len(clues) - 1, GROUP_MOST if before is None else len(before) - 1)
    for size in range(done + 1, top + 1):
        for group in combinations(clues, size) if len(clues) <= GROUP_SEARCH else ():
            if inside_missed(known, x, o, group) is None and refutes(known, group, x, o):
                known.refuting[(x, o)] = group
                return group
    known.searched[(x, o)] = (clues, done := max(done, top))
    fewest = [tuple(g) for g in (clues, before) if g is not None and len(g) <= min(most, done + 1)]
    if fewest:
        known.refuting[(x, o)] = group = min(fewest, key=len)
        return group
    return None


def dead_end_clues(known: Known, x: int, o: int) -> list[int]:
    """The clues the dead end of supposing x at o rests on (all of them, where those alone do not reach it)."""
    setting = known.setting
    spent(setting.deadline)
    events = told_settle(setting, setting.model, supposed(known, x, o))[1]
    clues = sorted({event.clue for event in looked_back(events) if event.clue >= 0})
    return clues if refutes(known, clues, x, o) else [k for k, p in enumerate(setting.parts) if p.constraints]


def supposition_step(rule: str, known: Known, places: Sequence[tuple[int, int]], clues_of: Clues) -> Step:
    """A value is not at an object: the clues quoted, the earlier facts they are read against, then the supposition
    and its propagation to a dead end, and so the value is at the one object left it, where that is so.  What SAT
    finds it can do without is withheld where propagation finds how (`spared_reading`): the first place's, else,
    where no chain is found for it without what is spare, another place's whose is, fewest suppositions inside it
    first (the fewest links to tell); failing all, the first place's as first found."""
    spared_at = lambda y, p: spared_reading(known, y, p, first_reading(known, y, p, clues_of(y, p)))  # noqa: E731
    (x, o), found = places[0], spared_at(*places[0])
    if found is None:
        others = [(y, p, f) for y, p in places[1:] if (f := spared_at(y, p)) is not None]
        x, o, found = min(others, key=lambda other: len(other[2][0][2]), default=(x, o, None))
    (clues, premises, inner), placing = found or (first_reading(known, x, o, clues_of(x, o))(True), True)
    return told_supposition(rule, known, x, o, clues, premises, placing, inner)


def first_reading(known: Known, x: int, o: int, clues: Sequence[int]) -> Callable[[bool], Reading]:
    """The supposition as first found: these clues, the earlier facts they refute x at o from, no inner ones."""
    return lambda placing: (list(clues), list(supposition_premises(known, x, o, clues, placing)), [])


def supposition_premises(known: Known, x: int, o: int, clues: Sequence[int], placing: bool) -> tuple[Fact, ...]:
    """The earlier facts from which these clues refute x at o (and, `placing`, place x at the one object left)."""
    focus = [y for k in clues for y in named(known, k)]
    return cited(known, [x, *focus], refuting(known, together(known, clues), x, o, placing))


def told_supposition(
    rule: str,
    known: Known,
    x: int,
    o: int,
    clues: Sequence[int],
    premises: Sequence[Fact],
    placing: bool,
    inner: Sequence[tuple[int, int]] = (),
) -> Step:
    """The supposition told link by link to its dead end, the `inner` suppositions inside it refuted in turn."""
    model = together(known, clues)
    base, events, told = nested_events(known, model, domains_of(known, premises), x, o, inner)
    said_chain = chain(known, model, x, o, base, events, told)
    quotes = "".join(f"{quoted(known.puzzle, k)} " for k in clues)
    after = {x: known.domains[x] & ~(1 << o)}
    why = lambda said: quotes + (f"{capital(said)}. " if said else "") + said_chain  # noqa: E731
    step = step_of(rule, known, clues, values_spots(known, [x]), after, why, premises, placing)
    return replace(step, trial=True)


Reading = tuple[list[int], list[Fact], list[tuple[int, int]]]  # a supposition's clues, premises, inner suppositions


def sparing(rule: str, known: Known, x: int, o: int, reading: Callable[[bool], Reading], placing: bool = True) -> Step:
    """The supposition told citing nothing SAT finds spare, where propagation finds how (`spared_reading`); failing
    that, as first found (a chain told partly spared would be longer and still cite too much)."""
    found = spared_reading(known, x, o, reading, placing)
    (clues, premises, inner), placing = found or (reading(placing), placing)
    return told_supposition(rule, known, x, o, clues, premises, placing, inner)


def spared_reading(
    known: Known, x: int, o: int, reading: Callable[[bool], Reading], placing: bool = True
) -> tuple[Reading, bool] | None:
    """The supposition's clues, premises and inner suppositions citing nothing SAT finds spare (`spared`), and
    whether it places x: placing x where that needs no more, else only ruling x out of o (a placement can rest on
    premises the dead end does not need); None: propagation finds no chain without what is spare."""
    readings = (True, False) if placing and single(known.domains[x] & ~(1 << o)) else (placing,)
    for each in readings:
        if (found := spared(known, x, o, *reading(each), each)) is not None:
            return found, each
    return None


def spared(
    known: Known, x: int, o: int, clues: list[int], premises: list[Fact], inner: list[tuple[int, int]], placing: bool
) -> Reading | None:
    """The clues, premises and inner suppositions of the supposition once each clue or premise the conclusion follows
    without (SAT) is withheld in turn and the same supposition followed without it, into suppositions inside it
    where it needs them (`withheld`); None: propagation finds no chain without one of them."""
    wanted = settled(known.puzzle, known.domains, {x: known.domains[x] & ~(1 << o)}, placing)[0]
    found: Reading | None = (list(clues), list(premises), list(inner))
    while found is not None and not exact(known, found[0], found[1], wanted):
        found = withheld(known, x, o, *found, placing, wanted)
    return found


def withheld(
    known: Known,
    x: int,
    o: int,
    clues: list[int],
    premises: list[Fact],
    inner: list[tuple[int, int]],
    placing: bool,
    wanted: Sequence[Fact],
) -> Reading | None:
    """The clues, premises and inner suppositions of the same supposition with one clue or premise SAT finds spare
    left out, the rest none of which propagation can do without (None: propagation, with suppositions inside it,
    reaches no dead end without any of the few tried)."""
    spare = [
        (fewer, premises) for k in clues if implies(known, fewer := [j for j in clues if j != k], premises, wanted)
    ]
    spare += [
        (clues, fewer) for f in premises if implies(known, clues, fewer := [g for g in premises if g != f], wanted)
    ]
    for fewer_clues, fewer_premises in spare[:SPARE_TRIES]:
        if (found := followed_with(known, x, o, fewer_clues, fewer_premises, placing)) is not None:
            return found
    return None


def followed_with(
    known: Known, x: int, o: int, clues: list[int], premises: list[Fact], placing: bool
) -> Reading | None:
    """The supposition followed from these clues and premises only, into suppositions inside it where propagation
    needs them, then the clues and premises it does without left out (None: propagation finds no dead end)."""
    model, domains = together(known, clues), domains_of(known, premises)
    inside = [] if replayed(model, x, o, ())(list(domains)) else nested(known, x, o, None, model, domains)
    if inside is None or not refuting(known, model, x, o, placing, inside)(list(domains)):
        return None
    gives = lambda cs, fs: refuting(known, together(known, cs), x, o, placing, inside)(domains_of(known, fs))  # noqa: E731
    kept = needed_only(premises, lambda fs: gives(clues, fs))
    return needed_only(clues, lambda cs: gives(cs, kept)), kept, inside


def exact_supposition(rule: str, known: Known, x: int, o: int, clues: Sequence[int]) -> Step | None:
    """The supposition step citing nothing SAT finds spare: placing x where that needs no more, else only ruling
    x out of o (a placement can rest on premises the dead end does not need).  Exactness is asked before the
    chain is told (the costly part), and the second reading only where x is left one object (else both are one).
    Found not exact where the facts of x and the values the clues name were enough (`cited` then looks no further),
    it is not asked again while those facts stay the same (`Setting.inexact`)."""
    after = {x: known.domains[x] & ~(1 << o)}
    near = [f for y in dict.fromkeys([x, *(y for k in clues for y in named(known, k))]) for f in known_facts(known, y)]
    key = (x, o, tuple(clues), tuple(near))
    if key in known.setting.inexact:
        return None
    nearby = True
    for placing in (True, False) if single(after[x]) else (True,):
        premises = supposition_premises(known, x, o, clues, placing)
        if exact(known, clues, premises, settled(known.puzzle, known.domains, after, placing)[0]):
            return told_supposition(rule, known, x, o, clues, premises, placing)
        nearby = nearby and refuting(known, together(known, clues), x, o, placing)(domains_of(known, near))
    if nearby:
        known.setting.inexact.add(key)
    return None


def nested(
    known: Known,
    x: int,
    o: int,
    fewer_than: int | None = None,
    model: Model | None = None,
    domains: list[int] | None = None,
) -> list[tuple[int, int]] | None:
    """The suppositions inside `x at o` that propagation refutes, in turn, until propagation refutes x at o itself
    (None: it never does, or not with `fewer_than` of them); by all the clues from the marks, or by `model` from
    `domains`."""
    setting, model = known.setting, model or known.setting.model
    stopped = alone_stopped(known) if model is setting.model else {}
    domains = supposed(known, x, o) if domains is None else [*domains[:x], 1 << o, *domains[x + 1 :]]
    settle(model, domains)
    inner: list[tuple[int, int]] = []
    while True:
        spent(setting.deadline)
        refuted = ending_first(model, domains, open_among(setting, domains), stopped)
        if refuted is None:
            return None
        inner.append(refuted)
        if fewer_than is not None and len(inner) >= fewer_than:
            return None
        y, p = refuted
        domains[y] &= ~(1 << p)
        if not settle(model, domains):
            return inner


def alone_stopped(known: Known) -> Stopped:
    """Per place, where propagating it by all the clues from these marks or wider ones stopped (`refutes`, asked of
    every place by `Known.refutable`): a supposition inside another goes on from there (`refuted_in`)."""
    every = tuple(k for k, p in enumerate(known.setting.parts) if p.constraints)
    found: Stopped = {}
    for x, o in ((x, o) for x in open_values(known) for o in bits(known.domains[x])):
        marks, stopped, _ = known.setting.fixpoints.get((x, o, every), (None, None, None))
        if marks is not None and known.narrowing_since(marks) is not None:
            found[(x, o)] = stopped
    return found


def ending_first(
    model: Model, domains: list[int], values: list[int], stopped: Stopped | None = None
) -> tuple[int, int] | None:
    """The first of a few suppositions (`INNER_TRIES`) that propagation refutes whose refutation leads the outer one
    to its dead end at once (one link less to tell), else the first (None: none is refuted)."""
    refuted = []
    for y, p in ((x, q) for x in values for q in bits(domains[x])):
        if not refuted_in(model, domains, y, p, stopped):
            continue
        refuted.append((y, p))
        trying = list(domains)
        trying[y] &= ~(1 << p)
        if not settle(model, trying):
            return y, p
        if len(refuted) == INNER_TRIES:
            break
    return refuted[0] if refuted else None


def open_among(setting: Setting, domains: list[int]) -> list[int]:
    return sorted((y for y in range(setting.values) if not single(domains[y])), key=lambda y: domains[y].bit_count())


def replayed(model: Model, x: int, o: int, inner: Sequence[tuple[int, int]]) -> Gives:
    """Whether, from these domains, supposing x at o and refuting each inner supposition in turn by propagation
    reaches a dead end.  The supposition's propagation from the model's start, found once, is where any domains'
    goes on from (they are narrower: the same end), not from the start again."""
    alone: list[list[int] | None] = []

    def gives(domains: list[int]) -> bool:
        if not alone:
            alone.append(supposed_alone(model, x, o))
        domains[x] = 1 << o
        changed = None if alone[0] is None else narrowed_to(domains, alone[0])
        if changed is None or not settle(model, domains, changed):
            return True
        for y, p in inner:
            if not refuted_in(model, domains, y, p):
                return False
            domains[y] &= ~(1 << p)
            if not settle(model, domains):
                return True
        return False

    return gives


def supposed_alone(model: Model, x: int, o: int) -> list[int] | None:
    """Supposing x at o propagated from the model's start (None: it reaches a dead end)."""
    domains = list(model.start)
    domains[x] &= 1 << o
    return domains if settle(model, domains) else None


def narrowed_to(domains: list[int], fixed: list[int]) -> list[int] | None:
    """These domains narrowed to a fixed point of the model from wider ones: the variables that then differ from it,
    whose constraints alone are not at that fixed point (None: a variable is left no object)."""
    changed = []
    for v, (d, f) in enumerate(zip(domains, fixed, strict=True)):
        domains[v] = d & f
        if d & f != f:
            if not d & f:
                return None
            changed.append(v)
    return changed


def refuted_in(model: Model, domains: list[int], y: int, p: int, stopped: Stopped | None = None) -> bool:
    """Whether propagation refutes y at p from these domains.  Where `stopped` holds where propagating y at p from
    wider domains stopped, it goes on from there (the same end: the domains only narrowed), and keeps where it
    stops now."""
    trying, changed = list(domains), None
    trying[y] = 1 << p
    before = None if stopped is None else stopped.get((y, p))
    if before is not None:
        changed = [v for v, d in enumerate(trying) if before[v] & ~d]
        if not changed:
            return False  # the domains narrowed nothing the propagation had left
        trying = [a & b for a, b in zip(before, trying, strict=True)]
        if not all(trying[v] for v in changed):
            return True  # a value left no object (a category's values apart does not fail on that)
    if not settle(model, trying, changed):
        return True
    if stopped is not None:
        stopped[(y, p)] = trying
    return False


def nested_events(
    known: Known, model: Model, domains: list[int], x: int, o: int, inner: Sequence[tuple[int, int]]
) -> tuple[list[int], list[Event], Inner]:
    """The propagation of `x at o` (the domains it starts from, its events), each inner supposition's refutation
    one event (its own propagation kept apart) that needs what the outer one ruled out and its dead end uses."""
    setting, domains = known.setting, list(domains)
    domains[x] = 1 << o
    base = list(domains)
    ok, events = told_settle(setting, model, domains)
    told: Inner = {}
    for y, p in inner:
        if not ok:
            break
        trying = list(domains)
        trying[y] = 1 << p
        told[(y, p)] = (list(trying), told_settle(setting, model, trying)[1])
        needs = [(v, q) for v, q in traced(model, *told[(y, p)])[1] if v != y]
        scope = (y, *sorted({v for v, _ in needs}))
        reads = (domains[y], *(base[v] & ~sum(1 << q for w, q in needs if w == v) for v in scope[1:]))
        domains[y] &= ~(1 << p)
        events.append(Event(SUPPOSED, y, domains[y], scope, reads))
        ok, more = told_settle(setting, model, domains)
        events += more
    return base, events, told


def nested_step(known: Known, x: int, o: int, inner: Sequence[tuple[int, int]]) -> Step:
    """Value x is not at object o: supposed there, suppositions inside it refuted in turn lead to a dead end."""
    setting = known.setting
    clues = [k for k, p in enumerate(setting.parts) if p.constraints]
    clues = needed_only(clues, lambda fewer: replayed(together(known, fewer), x, o, inner)(supposed(known, x, o)))
    model = together(known, clues)
    reading = lambda placing: (clues, list(cited(known, [x], refuting(known, model, x, o, placing, inner))), [*inner])  # noqa: E731
    return sparing("trial", known, x, o, reading)
