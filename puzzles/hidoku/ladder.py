"""How a person solves a Hidoku, one deduction at a time: the ladder, cheapest rung first.

1. between two numbers: k-1 and k+1 are placed and only one free cell touches both: k goes there;
2. next to a number: k-1 (or k+1) is placed and only one free cell touches it: k goes there;
3. only cell for a number (distance): k must lie within k-a steps of the nearest placed number a
   below it and b-k steps of the nearest placed b above it, moving through free cells only; when
   one free cell is that close to both, k goes there;
4. one number left for a cell: every free cell holds one of the missing numbers; when every other
   missing number is too far (as in 3) to reach a cell, the cell holds the one left (the placed
   numbers that keep the others away are named, as few as do it);
5. touching a neighbour's places: k touches k-1 and k+1, so a cell touching none of the few cells
   left for k-1 (or k+1) cannot hold k;
6. the ways a gap fills: the numbers between two placed ones (or before the lowest, after the
   highest) form a chain of free cells; when only a few chains fit, a cell every chain fills alike
   is placed, and a number no chain puts in a cell is ruled out there (the cells whose numbers
   ruled out before the chains need are named);
7. trial, said plainly: suppose k in a cell; the rungs above then run into a number with no cell or a
   cell with no number, so the cell does not hold k.

What is known is the board and the numbers ruled out of cells so far (`Known`);
a step places numbers (facts that hold) or rules a number out of a cell (facts
that do not).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, partial

from puzzles.core import Budget, Deadline, ShouldStop, never
from puzzles.hidoku.board import BUDGET, Geometry, Hidoku, conflicts, initial_places, propagate
from puzzles.numbergrid import BLOCKED, EMPTY, Position, cell_name, spans, supposition
from puzzles.steps import (
    Path,
    Rung,
    Step,
    cell_steps,
    ending_when,
    first_found,
    join_words,
    next_placement,
    on_board,
    walk,
)

LONGEST_GAP = 12  # numbers missing in a row beyond which chains are not listed: too many to follow
MOST_CHAINS = 200  # chains listed for one gap before it is given up as too open to tell
MOST_CHAINS_CHECKED = 5_000  # chains followed to tell whether a fact ruled out before is needed for a gap's step
TRIAL_DEPTH = 14  # steps followed after a supposition before it is given up as no help
TRIAL_WORK = 4_000  # suppositions tried, times the free cells each one looks at, before the ladder is stuck


@dataclass(frozen=True)
class Known:
    """The board and the numbers ruled out of cells so far, with what follows from them at a glance."""

    board: Hidoku
    ruled_out: frozenset[tuple[Position, int]] = frozenset()

    @cached_property
    def geometry(self) -> Geometry:
        return Geometry(self.board)

    @cached_property
    def placed(self) -> dict[int, Position]:
        return {v: (r, c) for r, row in enumerate(self.board.grid) for c, v in enumerate(row) if v > 0}

    @cached_property
    def missing(self) -> list[int]:
        return [k for k in range(1, self.board.size + 1) if k not in self.placed]

    @cached_property
    def free(self) -> int:
        """The open cells with no number yet, as a bitboard."""
        taken = 0
        for position in self.placed.values():
            taken |= self.geometry.bit(position)
        return self.geometry.open & ~taken

    @cached_property
    def ruled(self) -> dict[int, int]:
        """For each number, the cells it was ruled out of, as a bitboard."""
        found: dict[int, int] = {}
        for position, k in self.ruled_out:
            found[k] = found.get(k, 0) | self.geometry.bit(position)
        return found

    def free_for(self, k: int) -> int:
        return self.free & ~self.ruled.get(k, 0)

    def bit(self, k: int) -> int:
        return self.geometry.bit(self.placed[k])

    def around_number(self, k: int) -> int:
        return self.geometry.around(self.bit(k))

    def within(self, k: int, steps: int) -> int:
        """The cells at most `steps` moves from placed number k, moving through free cells only."""
        layers = self._layers.setdefault(k, [self.bit(k)])
        while len(layers) <= steps and (len(layers) < 2 or layers[-1] != layers[-2]):
            layers.append(layers[-1] | self.geometry.around(layers[-1]) & self.free)
        return layers[min(steps, len(layers) - 1)]

    @cached_property
    def _layers(self) -> dict[int, list[int]]:
        return {}

    def bounds(self, k: int) -> tuple[int | None, int | None]:
        """The nearest placed numbers below and above k (None where there is none)."""
        low = next((m for m in range(k - 1, 0, -1) if m in self.placed), None)
        high = next((m for m in range(k + 1, self.board.size + 1) if m in self.placed), None)
        return low, high

    @cached_property
    def places(self) -> dict[int, int]:
        """For each missing number, the free cells close enough to the placed numbers around it."""
        found = {}
        for k in self.missing:
            low, high = self.bounds(k)
            cells = self.free_for(k)
            if low is not None:
                cells &= self.within(low, k - low)
            if high is not None:
                cells &= self.within(high, high - k)
            found[k] = cells
        return found

    @cached_property
    def reach(self) -> tuple[int, int]:
        """The free cells some missing number can reach, and those more than one can."""
        once = twice = 0
        for cells in self.places.values():
            twice |= once & cells
            once |= cells
        return once, twice


def named(known: Known, k: int) -> str:
    return f"{k} ({cell_name(known.placed[k])})"


placing, ruling_out = cell_steps(cell_name)


def single(known: Known, cells: int) -> Position | None:
    return known.geometry.position(cells) if cells and not cells & (cells - 1) else None


def also_ruled(known: Known, k: int, cells: int) -> str:
    """What to add when cells ruled out before for k are part of why: " (... ruled out before)"."""
    gone = cells & known.ruled.get(k, 0) & known.free
    if not gone:
        return ""
    names = join_words([cell_name(p) for p in known.geometry.positions(gone)])
    return f" ({names} {'was' if gone & (gone - 1) == 0 else 'were'} ruled out for {k} before)"


# ---------------------------------------------------------------- the rungs


def between_two(known: Known) -> Iterator[Step]:
    for k in known.missing:
        if k - 1 in known.placed and k + 1 in known.placed:
            touching = known.around_number(k - 1) & known.around_number(k + 1) & known.free
            if (cell := single(known, touching & known.free_for(k))) is not None:
                text = (
                    f"{cell_name(cell)} must be {k}: the only free cell touching both "
                    f"{named(known, k - 1)} and {named(known, k + 1)}{also_ruled(known, k, touching)}."
                )
                where = (cell, known.placed[k - 1], known.placed[k + 1])
                yield placing("between two numbers", text, (str(k - 1), str(k + 1)), where, {cell: k})


def next_to(known: Known) -> Iterator[Step]:
    for k in known.missing:
        for other, order in ((k - 1, "after"), (k + 1, "before")):
            if other in known.placed:
                touching = known.around_number(other) & known.free
                if (cell := single(known, touching & known.free_for(k))) is not None:
                    text = (
                        f"{cell_name(cell)} must be {k}: it is the only free cell next to {named(known, other)}"
                        f"{also_ruled(known, k, touching)}, and {k} comes {order} it."
                    )
                    yield placing("next to a number", text, (str(other),), (cell, known.placed[other]), {cell: k})


def how_far(known: Known, k: int) -> str:
    low, high = known.bounds(k)
    parts = [f"{abs(k - m)} {'step' if abs(k - m) == 1 else 'steps'} of {named(known, m)}" for m in (low, high) if m]
    return f"within {' and '.join(parts)}" if parts else "anywhere"


def only_cell(known: Known) -> Iterator[Step]:
    for k in known.missing:
        if (cell := single(known, known.places[k])) is not None:
            low, high = known.bounds(k)
            text = (
                f"{cell_name(cell)} must be {k}: {k} lies {how_far(known, k)}, moving through free cells, "
                f"and {cell_name(cell)} is the only free cell that close{also_ruled(known, k, known.free)}."
            )
            where = (cell, *(known.placed[m] for m in (low, high) if m))
            uses = tuple(str(m) for m in (low, high) if m)
            yield placing("only cell for a number", text, uses, where, {cell: k})


def keeping_away(known: Known, far: list[int], bit: int) -> dict[int, list[int]]:
    """For each placed number that keeps some of `far` from the cell (too far from it), those numbers: as few placed
    numbers as do it, so each one named is needed."""
    options = {m: [a for a in known.bounds(m) if a is not None and not known.within(a, abs(m - a)) & bit] for m in far}
    chosen: list[int] = []
    for m in sorted(far, key=lambda m: len(options[m])):
        if not set(chosen) & set(options[m]):
            chosen.append(options[m][0])
    for a in list(chosen):
        if all(set(options[m]) & set(chosen) - {a} for m in far if a in options[m]):
            chosen.remove(a)
    kept: dict[int, list[int]] = {}
    for m in far:
        kept.setdefault(next(a for a in options[m] if a in chosen), []).append(m)
    return dict(sorted(kept.items()))


def one_number_left(known: Known) -> Iterator[Step]:
    once, twice = known.reach
    alone = once & ~twice
    for cell in known.geometry.positions(alone):
        bit = known.geometry.bit(cell)
        k = next(k for k in known.missing if known.places[k] & bit)
        ruled = [m for m in known.missing if m != k and (cell, m) in known.ruled_out]
        far = keeping_away(known, [m for m in known.missing if m != k and m not in ruled], bit)
        text = f"{cell_name(cell)} can only hold {k}: {others_kept_out(known, far, ruled)}."
        where = (cell, *(known.placed[a] for a in far))
        uses = (cell_name(cell), *map(str, far))
        yield placing("one number left for a cell", text, uses, where, {cell: k})


def others_kept_out(known: Known, far: dict[int, list[int]], ruled: list[int]) -> str:
    """Why no other missing number stands in the cell (the missing numbers fill the free cells, so one must):
    `every other missing number is too far to reach it: 2..6 from 1 (r10c1); 15 and 16 from 14 (r7c1)`, each
    number once, those ruled out here last."""
    if not far:
        return f"every other missing number, {spans(ruled)}, was ruled out here" if ruled else "no other is missing"
    kept = [f"{spans(numbers)} from {named(known, a)}" for a, numbers in far.items()]
    if ruled:
        kept.append(f"{spans(ruled)} {'was' if len(ruled) == 1 else 'were'} ruled out here")
    return f"every other missing number is too far to reach it{' or ruled out here' * bool(ruled)}: {'; '.join(kept)}"


def places_of(known: Known, k: int) -> int:
    """Where k is or may go."""
    return known.bit(k) if k in known.placed else known.places[k]


def where_said(known: Known, k: int) -> str:
    if k in known.placed:
        return f"{k} is at {cell_name(known.placed[k])}"
    cells = list(known.geometry.positions(known.places[k]))
    return f"{k} can only be at {join_words([cell_name(p) for p in cells], 'or')}"


def touching_neighbours(known: Known) -> Iterator[Step]:
    size = known.board.size
    for k in known.missing:
        for other in (k - 1, k + 1):
            if not 1 <= other <= size or other not in known.placed and known.places[other].bit_count() > 8:
                continue
            apart = known.places[k] & ~known.geometry.around(places_of(known, other))
            if apart:
                cells = list(known.geometry.positions(apart))
                text = (
                    f"{k} touches {other}, and {where_said(known, other)}: "
                    f"{join_words([cell_name(p) for p in cells])} {'touches' if len(cells) == 1 else 'touch'} "
                    f"no such cell, so {'it does' if len(cells) == 1 else 'they do'} not hold {k}."
                )
                where = (*cells, *known.geometry.positions(places_of(known, other)))
                yield ruling_out("touching a neighbour's places", text, (str(other),), where, [(p, k) for p in cells])


@dataclass(frozen=True)
class Gap:
    """Missing numbers in a row, from `first` to `last`, and the placed numbers at either end (None: open end)."""

    first: int
    last: int
    low: int | None
    high: int | None

    def said(self, known: Known) -> str:
        numbers = f"{self.first}..{self.last}" if self.last > self.first else str(self.first)
        if self.low is not None and self.high is not None:
            return f"{numbers} must join {named(known, self.low)} to {named(known, self.high)}"
        end = self.low if self.low is not None else self.high
        return f"{numbers} must lead on from {named(known, end)}"


def gaps(known: Known) -> list[Gap]:
    """The runs of missing numbers short enough to follow, shortest first."""
    found, start = [], None
    for k in range(1, known.board.size + 2):
        if k in known.placed or k > known.board.size:
            if start is not None:
                low, high = start - 1 or None, k if k <= known.board.size else None
                if k - start <= LONGEST_GAP and (low or high):
                    found.append(Gap(start, k - 1, low, high))
                start = None
        elif start is None:
            start = k
    return sorted(found, key=lambda gap: gap.last - gap.first)


def chains(known: Known, gap: Gap, most: int = MOST_CHAINS) -> list[tuple[int, ...]] | None:
    """Every way to put the gap's numbers in free cells, each touching the next (None: more than `most`)."""
    geometry, found = known.geometry, []
    ascending = gap.low is not None
    numbers = list(range(gap.first, gap.last + 1)) if ascending else list(range(gap.last, gap.first - 1, -1))
    start = known.bit(gap.low if ascending else gap.high)
    finish = known.bit(gap.high) if ascending and gap.high is not None else 0

    def extend(chain: list[int], used: int, at: int) -> bool:
        if len(chain) == len(numbers):
            if not finish or geometry.around(at) & finish:
                found.append(tuple(chain))
            return len(found) <= most
        options = geometry.around(at) & known.places[numbers[len(chain)]] & ~used
        while options:
            cell = options & -options
            options ^= cell
            if not extend([*chain, cell], used | cell, cell):
                return False
        return True

    if not extend([], 0, start):
        return None
    return [chain if ascending else chain[::-1] for chain in found]


def holds_still(known: Known, gap: Gap, fixed: dict[Position, int], unused: list[tuple[Position, int]]) -> bool:
    """Whether the chains that fit the gap, as `known` sees it, still put `fixed` and leave out `unused`."""
    found = chains(known, gap, MOST_CHAINS_CHECKED)
    if not found:
        return False
    put = [{(known.geometry.position(cell), k) for k, cell in zip(range(gap.first, gap.last + 1), c)} for c in found]
    return all(set(fixed.items()) <= each and not each & set(unused) for each in put)


def ruled_before(
    known: Known, gap: Gap, fixed: dict[Position, int], unused: list[tuple[Position, int]]
) -> dict[Position, list[int]]:
    """The cells whose numbers ruled out before the chains need (as few as do it), with those numbers."""
    numbers = range(gap.first, gap.last + 1)
    cells = sorted({p for p, k in known.ruled_out if k in numbers and known.geometry.bit(p) & known.free})
    dropped: set[Position] = set()
    for p in cells:
        fewer = frozenset(fact for fact in known.ruled_out if fact[0] not in dropped | {p})
        if holds_still(Known(known.board, fewer), gap, fixed, unused):
            dropped.add(p)
    return {p: [k for k in numbers if (p, k) in known.ruled_out] for p in cells if p not in dropped}


def before_said(needed: dict[Position, list[int]]) -> str:
    """What was ruled out before that the chains rest on: " (ruled out before: 20 at r2c2; 21 at r1c1 and r1c2)"."""
    if not needed:
        return ""
    by = {}
    for p, numbers in needed.items():
        for k in numbers:
            by.setdefault(k, []).append(cell_name(p))
    return f" (ruled out before: {'; '.join(f'{k} at {join_words(names)}' for k, names in sorted(by.items()))})"


def gap_fills(known: Known) -> Iterator[Step]:
    for gap in gaps(known):
        found = chains(known, gap)
        if found is None or not found:
            continue
        numbers = range(gap.first, gap.last + 1)
        used = {k: {chain[i] for chain in found} for i, k in enumerate(numbers)}
        ends = tuple(known.placed[m] for m in (gap.low, gap.high) if m)
        ways = "only one way fits" if len(found) == 1 else f"only {len(found)} ways fit"
        fixed = {known.geometry.position(next(iter(cells))): k for k, cells in used.items() if len(cells) == 1}
        left_out = (known.geometry.positions(known.places[k] & ~sum(used[k])) for k in numbers)
        unused = [] if fixed else [(p, k) for k, cells in zip(numbers, left_out) for p in cells]
        if not fixed and not unused:
            continue
        needed = ruled_before(known, gap, fixed, unused)
        uses = (*(str(m) for m in (gap.low, gap.high) if m), *map(cell_name, needed))
        through = f"{gap.said(known)} through free cells{before_said(needed)}, and {ways}"
        if fixed:
            said = join_words([f"{k} at {cell_name(p)}" for p, k in fixed.items()])
            yield placing(
                "the ways a gap fills", f"{through}; every one puts {said}.", uses, (*ends, *fixed, *needed), fixed
            )
            continue
        gone = "; ".join(
            f"{k} at {join_words([cell_name(p) for p, m in unused if m == k], 'or')}"
            for k in dict.fromkeys(k for _, k in unused)
        )
        where = (*ends, *dict.fromkeys(p for p, _ in unused), *needed)
        yield ruling_out("the ways a gap fills", f"{through}: none puts {gone}.", uses, where, unused)


EASY: tuple[Rung[Known], ...] = (
    Rung("between two numbers", "k-1 and k+1 are placed and only one free cell touches both", between_two),
    Rung("next to a number", "k-1 or k+1 is placed and only one free cell touches it", next_to),
    Rung("only cell for a number", "one free cell is close enough to the numbers placed around k", only_cell),
    Rung("one number left for a cell", "every other missing number is too far to reach the cell", one_number_left),
    Rung(
        "touching a neighbour's places",
        "k touches k-1 and k+1: a cell touching none of their places is out",
        touching_neighbours,
    ),
    Rung("the ways a gap fills", "the few chains of free cells that join two numbers agree", gap_fills),
)


def dead_end(known: Known) -> str | None:
    """Why the board cannot be finished, as the rungs see it: a broken rule, a number or a cell left with nothing."""
    if broken := conflicts(known.board):
        position, reason = sorted(broken.items())[0]
        return f"{cell_name(position)}: {reason}"
    for k, cells in known.places.items():
        if not cells:
            return f"{k} has no free cell {how_far(known, k)}"
    if lost := known.free & ~known.reach[0]:
        return f"{cell_name(known.geometry.position(lost & -lost))} is too far for every missing number"
    for gap in gaps(known):
        if gap.last - gap.first < 3 and chains(known, gap) == []:
            return f"{gap.said(known)}, and no chain of free cells does"
    return None


def trial(known: Known) -> Iterator[Step]:
    geometry = known.geometry
    tries = [
        (p, k)
        for k in sorted(known.missing, key=lambda k: known.places[k].bit_count())
        for p in geometry.positions(known.places[k])
    ]
    refute = partial(supposition, known, easy=EASY, apply=on_board, dead_end=dead_end, depth=TRIAL_DEPTH)
    if step := first_found(tries[: max(1, TRIAL_WORK // max(1, known.free.bit_count()))], refute):
        yield step


LADDER: tuple[Rung[Known], ...] = (*EASY, Rung("trial", "suppose a number and follow it to a contradiction", trial))


ending = ending_when(dead_end, lambda known: known.free)


def joinable(board: Hidoku) -> bool:
    """Whether the solver's propagation leaves every number a place: a board it refutes gets no hint."""
    if conflicts(board):
        return False
    geometry = Geometry(board)
    return propagate(initial_places(board, geometry), geometry)


def steps(
    board: Hidoku, *, limit: int | None = None, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> Path:
    """The explained solution, easiest step first; `limit=1` gives the next step alone."""
    if not joinable(board):
        return Path((), "contradiction")
    deadline = Deadline(budget, should_stop)
    return walk(LADDER, Known(board), apply=on_board, ended=ending, deadline=deadline, limit=limit, clash=dead_end)


def next_step(board: Hidoku, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Path:
    """The hint: the next number a person can place, with the deductions it rests on."""
    if not joinable(board):
        return Path((), "contradiction")
    deadline = Deadline(budget, should_stop)
    return next_placement(LADDER, Known(board), apply=on_board, ended=ending, deadline=deadline)


def printed_only(board: Hidoku) -> Hidoku:
    grid = tuple(
        tuple(v if (r, c) in board.givens or v in (EMPTY, BLOCKED) else EMPTY for c, v in enumerate(row))
        for r, row in enumerate(board.grid)
    )
    return Hidoku(grid, board.givens, board.adjacency)
