"""What the assistant says about a clue list: count, marks, reasons, idle clues, conflicts.

Two layers of marks per (value, object): what propagation deduces clue by
clue, as a person marks a grid (`X` with the clue that did it, `O` when one
object is left), and what holds in every remaining solution (`x`: no
solution has it, though no single clue step shows it; `o`: in every
solution).  The second layer comes from witnesses (`witness`): a value is
left possible at an object only when some solution puts it there, so it is
exact even when the count is only "at least".  The count's search carries
per-cell counts along when it finishes, for the share of each cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import islice
from math import factorial

from puzzles.core import Budget, Count, Deadline, OutOfBudget, ShouldStop, Status, never
from puzzles.zebra.count import search
from puzzles.zebra.count.plan import Buffers
from puzzles.zebra.count.search import satisfiable, solutions
from puzzles.zebra.model import Puzzle
from puzzles.zebra.solver import Cell, Model, Propagated, model_of, propagate
from puzzles.zebra.witness import Witnessed, witnesses

RULED_OUT = "X"  # a clue rules it out (propagation)
NO_SOLUTION = "x"  # no solution has it, yet no clue alone shows it
DEDUCED = "O"  # the only object left by propagation
CERTAIN = "o"  # in every solution, though propagation leaves others
OPEN = "·"

BUDGET = Budget(work=20_000)  # search nodes: the same answer on every machine (the screens pass seconds)

Solution = tuple[tuple[str, ...], ...]
"""One row per object, one value name per category."""


@dataclass(frozen=True)
class ClueNote:
    canonical: str
    after: Count | None  # solutions with clues 1..i (None: not computed within the budget)
    idle: bool  # it changed nothing: a likely misreading
    in_conflict: bool


@dataclass(frozen=True)
class Analysis:
    puzzle: Puzzle
    count: Count
    marks: tuple[tuple[tuple[str, ...], ...], ...]  # [category][value][object]; the key's row is empty
    tally: tuple[tuple[tuple[int, ...], ...], ...] | None  # solutions with value at object, when exact
    reasons: dict[Cell, int]
    solutions: tuple[Solution, ...]
    notes: tuple[ClueNote, ...]
    conflict: tuple[int, ...]  # the smallest set of clues (indices) that cannot all hold
    split: Cell | None  # the question that best halves the solutions
    grid_exact: bool = False  # every mark is exact: a possible cell has a solution, a ruled-out one has none

    @property
    def status(self) -> Status:
        return Status.of(self.count)

    @property
    def headline(self) -> str:
        if self.status == Status.UNIQUE:
            return "Solved: one solution"
        return self.status.headline(self.count, "solution") or self.count.of("solution")

    def where(self, o: int) -> str:
        p = self.puzzle
        return f"position {o + 1}" if p.key is None else p.categories[p.key].values[o]

    def explain(self, c: int, v: int, o: int) -> str:
        """Why value v of category c can, must or cannot sit at object o."""
        p = self.puzzle
        value, at = p.name((c, v)), self.where(o)
        if c == p.key:
            return f"{value} names an object of this puzzle."
        mark = self.marks[c][v][o]
        if mark == RULED_OUT:
            k = self.reasons[(c, v, o)]
            return f"{value} is not at {at}: clue {k + 1} rules it out ({p.clues[k].canonical})."
        if mark == NO_SOLUTION:
            return (
                f"{value} is not at {at} in any solution, but no single clue shows it: "
                "it takes the clues together (count them out by trying it)."
            )
        if mark == DEDUCED:
            return f"{value} is at {at}: every other place is ruled out by the clues."
        if mark == CERTAIN:
            return f"{value} is at {at} in every solution, though the clues alone leave other places open."
        if self.tally is not None and self.count.value:
            share = self.tally[c][v][o]
            return f"{value} at {at}: possible, in {share:,} of {self.count.value:,} solutions."
        if self.grid_exact:
            return f"{value} at {at}: possible, some solution puts it there."
        return f"{value} at {at}: still possible."

    @property
    def hint(self) -> str:
        """The next thing to look at, in words."""
        p = self.puzzle
        if self.conflict:
            names = ", ".join(str(i + 1) for i in self.conflict)
            return f"Clues {names} cannot all hold: one of them is misread or mistyped."
        if self.count.value == 0:
            return "No solution."
        if self.status == Status.UNIQUE:
            text = "Solved: one solution."
        elif self.split is not None:
            c, v, o = self.split
            text = (
                f"{self.count.of('solution')}. Ask whether {p.name((c, v))} is at {self.where(o)}: "
                f"{self.tally[c][v][o]:,} of them say yes, the rest no."
            )
        else:
            text = f"{self.count.of('solution')}."
        return text + self.clue_warnings

    @property
    def clue_warnings(self) -> str:
        """Clues that changed nothing (a likely misreading) or are unread, as sentences after a space, or ""."""
        text = ""
        if idle := [i + 1 for i, note in enumerate(self.notes) if note.idle]:
            text += f" Clue{'s' * (len(idle) > 1)} {', '.join(map(str, idle))} changed nothing: redundant, or check how it reads."
        if unread := [i + 1 for i, clue in enumerate(self.puzzle.clues) if clue.unread]:
            several = len(unread) > 1
            text += (
                f" Clue{'s' * several} {', '.join(map(str, unread))} {'are' if several else 'is'} unread and left out"
                f" of the count: restate {'them' if several else 'it'}."
            )
        return text


def analyse(
    puzzle: Puzzle,
    *,
    limit: int = 10,
    budget: Budget | None = BUDGET,
    notes: bool = True,
    should_stop: ShouldStop = never,
    earlier: Analysis | None = None,
    marked: Callable[[Analysis], None] | None = None,
    buffers: Buffers | None = None,
) -> Analysis:
    """Count, marks and notes for the clue list.

    `earlier`, the analysis of the list before the last edit, lends the
    per-clue counts of the prefix both lists share: typing a clue then
    costs one new count, not one per clue.  `marked` is handed the exact
    grid as soon as the witnesses have it (`early`), before the count's
    search, which on a big grid takes the whole budget.  `buffers`, kept by
    the caller from analysis to analysis, spares big counts fresh buffers.
    """
    deadline = Deadline(budget, should_stop)
    model = model_of(puzzle)
    propagated = propagate(model, deadline)
    tally, found, witnessed = None, (), None
    if propagated.failed is not None:
        count = Count(0)
    else:
        witnessed = witnesses(model, propagated.domains, deadline)
        if marked is not None and witnessed.exact and not witnessed.unique and witnessed.some is not None:
            marked(early(puzzle, model, propagated, witnessed))
        count, tally, found = counted(puzzle, model, witnessed, deadline, limit, buffers)
    if count == Count(0):
        tally = tuple(nobody(puzzle.n) for _ in puzzle.categories)
    conflict = smallest_conflict(puzzle, deadline) if count == Count(0) else ()
    known = known_counts(puzzle, earlier)
    clue_notes = notes_of(puzzle, model, count, conflict, deadline, known, buffers) if notes else ()
    possible = witnessed.possible if witnessed is not None and witnessed.exact else None
    marks = marks_of(puzzle, model, propagated, tally, possible)
    exact = possible is not None or tally is not None  # tally: an exact count's per-cell shares
    return Analysis(
        puzzle, count, marks, tally, propagated.reasons, found, clue_notes, conflict, split_of(count, tally), exact
    )


def early(puzzle: Puzzle, model: Model, propagated: Propagated, witnessed: Witnessed) -> Analysis:
    """The exact grid before the count: at least 2 solutions (a cell has two witnessed objects), one shown."""
    marks = marks_of(puzzle, model, propagated, None, witnessed.possible)
    some = witness_shown(puzzle, model, witnessed)
    return Analysis(puzzle, Count(2, exact=False), marks, None, propagated.reasons, some, (), (), None, True)


def witness_shown(puzzle: Puzzle, model: Model, witnessed: Witnessed) -> tuple[Solution, ...]:
    """The witnesses' one solution as the app shows solutions, or none."""
    return () if witnessed.some is None else (solution_of(puzzle, model, [1 << o for o in witnessed.some]),)


def counted(
    puzzle: Puzzle, model: Model, witnessed: Witnessed, deadline: Deadline, limit: int, buffers: Buffers | None
) -> tuple[Count, tuple | None, tuple[Solution, ...]]:
    """The count, the per-cell tally when the count is exact, and up to `limit` solutions.

    The witnesses settle the easy ends (no solution, exactly one) without a search; between them
    the counter searches, and where it runs out of budget a witness is still a solution to show.
    """
    if witnessed.solvable is False:
        return Count(0), None, ()
    some = witness_shown(puzzle, model, witnessed)
    if witnessed.unique:
        margins = {x: [int(o == at) for o in range(puzzle.n)] for x, at in enumerate(witnessed.some)}
        return Count(1), tally_of(puzzle, model, margins), some
    result = search.count(model, deadline, margins=True, buffers=buffers)
    count = Count(result.value, result.exact)
    if not result.exact or result.margins is None:  # out of budget: no count, or no per-cell shares
        return count, None, some
    used = [sum(1 << o for o, share in enumerate(result.margins.get(x, ())) if share) for x in range(model.size)]
    within = [used[x] if x in result.margins else d for x, d in enumerate(model.start)]
    shown = listed(puzzle, model, solutions(model, deadline, within=within), limit)
    return count, tally_of(puzzle, model, result.margins), shown or some


def nobody(n: int) -> tuple[tuple[int, ...], ...]:
    """A tally block of zeros: the key's (its values name the objects) or every block when nothing solves."""
    return ((0,) * n,) * n


def listed(puzzle: Puzzle, model: Model, found: Iterator[list[int]], limit: int) -> tuple[Solution, ...]:
    """Up to `limit` solutions, as many as the time left allows (the count already says how many there are)."""
    shown: list[Solution] = []
    try:
        for domains in islice(found, limit):
            shown.append(solution_of(puzzle, model, domains))
    except OutOfBudget:
        pass
    return tuple(shown)


def tally_of(puzzle: Puzzle, model: Model, margins: dict[int, list[int]]) -> tuple:
    """Per category, value and object: how many solutions put the value there."""
    n = puzzle.n
    return tuple(
        nobody(n) if c == puzzle.key else tuple(tuple(margins[c * n + v]) for v in range(n))
        for c in range(len(puzzle.categories))
    )


def marks_of(
    puzzle: Puzzle, model: Model, propagated: Propagated, tally: tuple | None, possible: tuple[int, ...] | None
) -> tuple:
    """Per category, value and object, its mark; `possible` (exact witnesses) or else `tally` decide `x` and `o`."""
    n, result = puzzle.n, []
    for c in range(len(puzzle.categories)):
        if c == puzzle.key:
            result.append(())
            continue
        rows = []
        for v in range(n):
            deduced = propagated.domains[c * n + v]
            if possible is not None:
                exact = possible[c * n + v] & deduced
            elif tally is not None:
                exact = sum(1 << o for o in range(n) if tally[c][v][o])
            else:
                exact = deduced
            row = []
            for o in range(n):
                if not deduced >> o & 1:
                    row.append(RULED_OUT if (c, v, o) in propagated.reasons else OPEN)
                elif not exact >> o & 1:
                    row.append(NO_SOLUTION)
                elif deduced.bit_count() == 1:
                    row.append(DEDUCED)
                elif exact.bit_count() == 1:
                    row.append(CERTAIN)
                else:
                    row.append(OPEN)
            rows.append(tuple(row))
        result.append(tuple(rows))
    return tuple(result)


def solution_of(puzzle: Puzzle, model: Model, domains: list[int]) -> Solution:
    n = puzzle.n
    table = [[""] * len(puzzle.categories) for _ in range(n)]
    for c, category in enumerate(puzzle.categories):
        for v, value in enumerate(category.values):
            table[domains[c * n + v].bit_length() - 1][c] = value
    return tuple(tuple(row) for row in table)


def split_of(count: Count, tally: tuple | None) -> Cell | None:
    if tally is None or count.value < 2:
        return None
    best = None
    for c, rows in enumerate(tally):
        for v, row in enumerate(rows):
            for o, share in enumerate(row):
                if 0 < share < count.value and (best is None or abs(2 * share - count.value) < best[0]):
                    best = (abs(2 * share - count.value), (c, v, o))
    return None if best is None else best[1]


def without(puzzle: Puzzle, k: int, skip: frozenset[int]) -> Puzzle:
    """The first k clues, leaving out `skip` (an atomless clue keeps the numbering)."""
    clues = tuple(replace(clue, atoms=()) if i in skip else clue for i, clue in enumerate(puzzle.clues[:k]))
    return replace(puzzle, clues=clues)


def count_of(model: Model, k: int, deadline: Deadline, buffers: Buffers | None) -> Count:
    """Solutions with the first k clues."""
    counted = search.count(model.prefix(k), deadline, buffers=buffers)
    return Count(counted.value, counted.exact)


def smallest_conflict(puzzle: Puzzle, deadline: Deadline) -> tuple[int, ...]:
    """Drop clues one at a time while the rest still have no solution: a minimal conflicting set."""
    out: set[int] = set()
    for i in range(len(puzzle.clues)):
        if deadline.expired():
            break
        if satisfiable(model_of(without(puzzle, len(puzzle.clues), frozenset(out | {i}))), deadline) is False:
            out.add(i)
    return tuple(i for i in range(len(puzzle.clues)) if i not in out)


def known_counts(puzzle: Puzzle, earlier: Analysis | None) -> dict[int, Count]:
    """The counts (exact or "at least") of the clue prefixes `earlier` shares with `puzzle`, by prefix length."""
    if earlier is None or (earlier.puzzle.categories, earlier.puzzle.key) != (puzzle.categories, puzzle.key):
        return {}
    known = {}
    for k, (old, new, note) in enumerate(zip(earlier.puzzle.clues, puzzle.clues, earlier.notes, strict=False), 1):
        if old.atoms != new.atoms:
            break
        if note.after is not None:
            known[k] = note.after  # an "at least" too: asking again would most likely run out again
    return known


def notes_of(
    puzzle: Puzzle,
    model: Model,
    count: Count,
    conflict: tuple[int, ...],
    deadline: Deadline,
    known: dict[int, Count],
    buffers: Buffers | None,
) -> tuple[ClueNote, ...]:
    """How many solutions each clue leaves, so a clue that changes nothing stands out; the prefixes counted while
    the budget lasts (the last clue's is the count itself), the rest left for `notes_completed`."""
    counts = dict(known)
    if puzzle.clues:
        counts.setdefault(len(puzzle.clues), count)
    for k in range(1, len(puzzle.clues)):
        if k not in counts and (k == 1 or k - 1 in counts) and not deadline.expired():
            counts[k] = count_of(model, k, deadline, buffers)
    return notes_told(puzzle, counts, conflict)


def notes_completed(
    analysis: Analysis,
    *,
    budget: Budget | None = BUDGET,
    should_stop: ShouldStop = never,
    buffers: Buffers | None = None,
    noted: Callable[[Analysis], None] = lambda analysis: None,
) -> Analysis:
    """`analysis` with the clue notes its one budget left uncounted counted, each on a `budget` of its own, so
    no note stays unfinished (a restart counts every prefix afresh); `noted` is handed each note as it lands."""
    puzzle = analysis.puzzle
    model = model_of(puzzle)
    counts = known_counts(puzzle, analysis)
    for k in range(1, len(puzzle.clues) + 1):
        if k not in counts:
            counts[k] = count_of(model, k, Deadline(budget, should_stop), buffers)
            analysis = replace(analysis, notes=notes_told(puzzle, counts, analysis.conflict))
            noted(analysis)
    return analysis


def notes_told(puzzle: Puzzle, counts: dict[int, Count], conflict: tuple[int, ...]) -> tuple[ClueNote, ...]:
    """Each clue's note from the counts of the prefixes (by length) known so far."""
    before: Count | None = Count(factorial(puzzle.n) ** len(puzzle.free))
    result = []
    for k, clue in enumerate(puzzle.clues, 1):
        after = counts.get(k)
        idle = bool(before and after and before.exact and after.exact and after.value == before.value and clue.atoms)
        result.append(ClueNote(clue.canonical, after, idle, k - 1 in conflict))
        before = after
    return floors_carried_back(result)


def floors_carried_back(notes: list[ClueNote]) -> tuple[ClueNote, ...]:
    """A clue only removes solutions, so a prefix has at least as many as any longer one: an "at least" note
    counted on the time left over (its floor can be 0) takes the count of the next clue when that is larger."""
    floor, carried = 0, []
    for note in reversed(notes):
        after = note.after
        if after is not None:
            if not after.exact and after.value < floor:
                after = Count(floor, exact=False)
            floor = after.value
        carried.append(replace(note, after=after))
    return tuple(reversed(carried))
