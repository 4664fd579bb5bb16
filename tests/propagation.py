"""A checker for the boards' explained solutions: each step follows from what it cites, by propagation alone.

For a step of `solve KIND FILE --steps` on a magic board, an equation
crossword or a Jodici, the checker keeps every cell's values left (the board's
range, less what earlier steps settled) and, from the lines the step cites
alone, enumerates each line's completions consistent with those values: a
placement must be the only value any completion puts in its cell, a value ruled
out must be in none.  A cited cell ("one value left") must have that value
alone left; a cited value ("only place for a value") one cell alone.  Every
cited item must be named in the step's text, every bound said ("between 5 and
28") inside the board's values, and no list cut with "…".  A trial must be marked `trial`,
and its supposition must die by propagation over every line of the board (no
search): a step that only a search refutes is flagged as one.  Where every line adds up to one total (the
magic board), lines may be added up and others taken away: a step citing several lines also has the equations
their sums leave over three cells or fewer, and a trial's propagation has those of up to six lines.

The flower disks are checked alike (`disks_checked`): the turns of the cited
disks that cover nothing twice between them, a cited field bringing every
disk as its cover is theirs together.

Hidoku's steps are checked alike (`hidoku_checked`): the grid in view, a
number ruled out of a cell known only where the step cites the cell, a
placement by distance, a cell with one number left and the ways a gap fills
are replayed from the numbers and cells the step cites, and the last two
must need each one.

The checker shares no code with the ladders: it reads the board's rules (a
line's cells and sum, an equation's arithmetic, a disk's solid fields) and
nothing else.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from puzzles.steps import Fact, Step

Cell = tuple[int, int]
Values = dict[Cell, set[int]]


@dataclass
class Line:
    """A line of the board: its name, its cells, and which completions of its free cells its rule accepts."""

    name: str
    cells: tuple[Cell, ...]
    supports: Callable[[Values, Board, tuple[Cell, ...]], dict[Cell, set[int]]]


@dataclass
class Board:
    """What the checker knows: each cell's values left, the lines, how many times a value may stand (None: any)."""

    values: Values
    lines: dict[str, Line]
    name: Callable[[Cell], str]
    copies: int | None = 1
    stock: Counter = field(default_factory=Counter)  # how many times each value of the range may stand in all
    span: tuple[int, int] = (1, 9)  # the values a cell may hold
    total: int | None = None  # what every line adds up to, where they all add up to one total (lines may be summed)

    def placed(self, cell: Cell) -> int | None:
        left = self.values[cell]
        return next(iter(left)) if len(left) == 1 else None

    def room(self) -> Counter:
        """How many more times each value may still be placed (cells with one value left count as placed)."""
        used = Counter(v for cell in self.values if (v := self.placed(cell)) is not None)
        return Counter({v: n - used[v] for v, n in self.stock.items() if n > used[v]})

    def settle(self, fact: Fact) -> None:
        if fact.holds:
            self.values[fact.at] = {fact.value}
            self.drop_used()
        else:
            self.values[fact.at].discard(fact.value)

    def drop_used(self) -> None:
        """A value placed as often as it may stand is left in no other cell (the board's rule of copies)."""
        if self.copies is None:
            return
        changed = True
        while changed:
            changed = False
            used = Counter(v for cell in self.values if (v := self.placed(cell)) is not None)
            for left in self.values.values():
                if len(left) > 1 and (gone := {v for v in left if used[v] >= self.stock[v]}):
                    left -= gone
                    changed = True

    def copy(self) -> Board:
        values = {c: set(v) for c, v in self.values.items()}
        return Board(values, self.lines, self.name, self.copies, self.stock, self.span, self.total)

    def fill_stock(self) -> bool:
        """Where the board has as many cells as copies of its values, every copy stands somewhere: a value with as
        many cells left as copies to place takes them (False: one has too few)."""
        if self.copies is None or sum(self.stock.values()) != len(self.values):
            return True
        for value, room in self.room().items():
            cells = [c for c, left in self.values.items() if value in left and len(left) > 1]
            if len(cells) < room:
                return False
            if len(cells) == room:
                for cell in cells:
                    self.values[cell] = {value}
        self.drop_used()
        return True


def sum_line(total: int) -> Callable[[Values, Board, tuple[Cell, ...]], dict[Cell, set[int]]]:
    """A line whose cells add up to `total`, each value standing no more often than the board has copies left."""

    def supports(values: Values, board: Board, cells: tuple[Cell, ...]) -> dict[Cell, set[int]]:
        fixed = [c for c in cells if len(values[c]) == 1]
        free = sorted((c for c in cells if len(values[c]) > 1), key=lambda c: len(values[c]))
        room = board.room()
        need = total - sum(next(iter(values[c])) for c in fixed)
        found: dict[Cell, set[int]] = {c: set() for c in cells}
        lows = [min(values[c]) for c in free]
        highs = [max(values[c]) for c in free]
        chosen: list[int] = []

        def fill(i: int, rest: int, taken: Counter) -> None:
            if i == len(free):
                if rest == 0:
                    for c, v in zip(free, chosen):
                        found[c].add(v)
                return
            if not sum(lows[i:]) <= rest <= sum(highs[i:]):
                return
            for v in sorted(values[free[i]]):
                if taken[v] >= room[v]:
                    continue
                taken[v] += 1
                chosen.append(v)
                fill(i + 1, rest - v, taken)
                chosen.pop()
                taken[v] -= 1

        fill(0, need, Counter())
        if free and not any(found[c] for c in free):
            return {c: set() for c in cells}
        if not free and need != 0:
            return {c: set() for c in cells}
        for c in fixed:
            found[c] = set(values[c])
        return found

    return supports


SUMMED_LINES = 6  # the most lines added up and taken away at once
SUMMED_CELLS = 3  # the most unsettled cells an equation left by them may have


@cache
def signs_of(lines: int) -> np.ndarray:
    """Each way of adding up some of `lines` lines and taking others away, two to SUMMED_LINES in all (the first
    added), as a table of signs."""
    rows = []
    for k in range(2, min(lines, SUMMED_LINES) + 1):
        for chosen in itertools.combinations(range(lines), k):
            for flips in itertools.product((1, -1), repeat=k - 1):
                if -1 not in flips:
                    continue
                row = [0] * lines
                for i, sign in zip(chosen, (1, *flips)):
                    row[i] = sign
                rows.append(row)
    return np.array(rows, dtype=np.int64).reshape(-1, lines)


def sums_of(board: Board, lines: list[Line]) -> list[Line]:
    """The equations left by adding up some of `lines` and taking others away, over SUMMED_CELLS or fewer cells with
    more than one value left (the others' values moved to the total), each as a line of weighted cells."""
    if board.total is None or len(lines) < 2 or not all(board.values.values()):
        return []  # a cell with no value left: the lines alone say so
    cells = list(board.values)
    index = {c: i for i, c in enumerate(cells)}
    member = np.zeros((len(lines), len(cells)), dtype=np.int64)
    for j, line in enumerate(lines):
        member[j, [index[c] for c in line.cells]] = 1
    signs = signs_of(len(lines))
    counts = signs @ member
    unsettled = np.array([len(board.values[c]) > 1 for c in cells])
    settled = np.array([0 if open_ else next(iter(board.values[c])) for c, open_ in zip(cells, unsettled)])
    support = np.count_nonzero(counts[:, unsettled], axis=1)
    found = {}
    for i in np.flatnonzero((support >= 1) & (support <= SUMMED_CELLS)):
        weights = {cells[k]: int(counts[i, k]) for k in np.flatnonzero(counts[i] * unsettled)}
        total = int(signs[i].sum() * board.total - counts[i] @ settled)
        line = Line("a sum of lines", tuple(weights), weighted(weights, total))
        found.setdefault((tuple(weights.items()), total), line)
    return list(found.values())


def weighted(weights: dict[Cell, int], total: int) -> Callable[[Values, Board, tuple[Cell, ...]], dict[Cell, set[int]]]:
    """Cells counted `weights` times each adding up to `total`, each holding a value of its own."""

    def supports(values: Values, board: Board, cells: tuple[Cell, ...]) -> dict[Cell, set[int]]:
        found: dict[Cell, set[int]] = {c: set() for c in cells}
        *first, last = cells
        for chosen in itertools.product(*(sorted(values[c]) for c in first)):
            value, odd = divmod(total - sum(weights[c] * v for c, v in zip(first, chosen)), weights[last])
            if not odd and value in values[last] and len({*chosen, value}) == len(cells):
                for c, v in zip(cells, (*chosen, value)):
                    found[c].add(v)
        return found

    return supports


def equation_line(ops: tuple[str, ...], result: int) -> Callable[[Values, Board, tuple[Cell, ...]], dict]:
    """A row or column of the crossword: the board's own arithmetic (`* /` first, exact division)."""
    from puzzles.equation.board import evaluate

    def supports(values: Values, board: Board, cells: tuple[Cell, ...]) -> dict[Cell, set[int]]:
        arrays = [np.array(sorted(values[c]), dtype=np.int64) for c in cells]
        grids = np.meshgrid(*arrays, indexing="ij", sparse=True)
        value, valid = evaluate(list(grids), ops)
        ok = valid & (value == result)
        out = {}
        for axis, c in enumerate(cells):
            others = tuple(i for i in range(len(cells)) if i != axis)
            out[c] = {int(v) for v in arrays[axis][ok.any(axis=others) if others else ok]}
        return out

    return supports


def narrowed(board: Board, lines: Iterable[Line]) -> Values | None:
    """Every cell's values once the `lines` alone are made consistent, to a fixed point (None: a line breaks)."""
    values = {c: set(v) for c, v in board.values.items()}
    lines = list(lines)
    changed = True
    while changed:
        changed = False
        for line in lines:
            for cell, kept in line.supports(values, board, line.cells).items():
                if not kept:
                    return None
                if kept != values[cell]:
                    values[cell] = kept
                    changed = True
    return values


def cited(board: Board, step: Step) -> tuple[list[Line], list[Cell], list[int]]:
    """The lines, cells and values a step's `uses` name."""
    cells = {board.name(c): c for c in board.values}
    lines = [board.lines[u] for u in step.uses if u in board.lines]
    named = [cells[u] for u in step.uses if u in cells]
    numbers = [int(u) for u in step.uses if re.fullmatch(r"-?\d+", u)]
    return lines, named, numbers


def follows(board: Board, step: Step) -> str | None:
    """Why `step` does not follow from what it cites (None: it does)."""
    unnamed = [u for u in step.uses if u.lower() not in step.text.lower()]
    if unnamed:
        return f"the text does not name {', '.join(unnamed)}"
    if "…" in step.text:
        return "a list cut with '…'"
    for low, high in re.findall(r"between (-?\d+) and (-?\d+)", step.text):
        if not board.span[0] <= int(low) <= int(high) <= board.span[1]:
            return f"between {low} and {high} is outside {board.span[0]}..{board.span[1]}"
    if step.rule == "trial" or step.text.startswith("Suppose"):
        return trial_follows(board, step)
    lines, cells, numbers = cited(board, step)
    values = narrowed(board, [*lines, *sums_of(board, lines)]) if lines else board.copy().values
    if values is None:
        return None  # the cited lines cannot be finished: anything follows
    counted = []  # placements the copies of a cited value force: the lines need not give them too
    for number in numbers:
        room = board.room()[number]
        places = [c for c, left in values.items() if number in left and len(left) > 1]
        for fact in step.sets:
            if fact.holds and fact.value == number:
                if fact.at not in places or len(places) != room:
                    return f"{number} can go in {len(places)} cells, not just the {room} it needs"
                counted.append(fact)
    for cell in cells:
        for fact in step.sets:
            if fact.at == cell and fact.holds and values[cell] != {fact.value}:
                return f"{board.name(cell)} still has {sorted(values[cell])} left"
    if not lines:
        return None
    for fact in (f for f in step.sets if f not in counted):
        others = [fact.value] if not fact.holds else sorted(values[fact.at] - {fact.value})
        for other in others:
            supposed = board.copy()
            supposed.settle(Fact(fact.at, other))
            if narrowed(supposed, [*lines, *sums_of(supposed, lines)]) is not None:
                return f"{fact.said} does not follow from {', '.join(step.uses)}: {board.name(fact.at)} = {other} fits"
    return None


def trial_follows(board: Board, step: Step) -> str | None:
    """A supposition must be marked a trial, said as one, and die by propagation over every line."""
    if not step.trial:
        return "a supposition not marked trial"
    if "every way" in step.text or "was tried" in step.text:
        return "a search said as a step"
    (fact,) = step.sets
    supposed = board.copy()
    supposed.settle(Fact(fact.at, fact.value))
    values = propagated(supposed)
    if values is not None and not split_dies(supposed, values, step.text):
        return f"supposing {fact.said.replace('≠', '=')} meets no contradiction by propagation"
    return None


def split_dies(supposed: Board, values: Values, text: str) -> bool:
    """Whether the supposition's text splits on a cell ("then r5c1 can only be 12, 14 or 26"), whose every value
    left after propagation meets a contradiction by propagation: one nested supposition a case."""
    split = [cell for cell in values if f"then {supposed.name(cell)} can only be " in text]
    if len(split) != 1 or text.count("Suppose ") < 2:
        return False
    for value in values[split[0]]:
        case = supposed.copy()
        case.settle(Fact(split[0], value))
        if propagated(case) is not None:
            return False
    return True


def propagated(board: Board) -> Values | None:
    """Every line made consistent, values placed as often as they may stand dropped elsewhere, to a fixed point."""
    while True:
        lines = list(board.lines.values())
        values = narrowed(board, [*lines, *sums_of(board, lines)])
        if values is None:
            return None
        before = {c: set(v) for c, v in board.values.items()}
        board.values = values
        board.drop_used()
        if any(not v for v in board.values.values()) or not board.fill_stock():
            return None
        if board.values == before:
            return board.values


def checked(board: Board, steps: Iterable[Step]) -> list[tuple[int, Step, str]]:
    """Each step that does not follow from what it cites, with its number and why."""
    found = []
    for n, step in enumerate(steps, 1):
        if reason := follows(board, step):
            found.append((n, step, reason))
        for fact in step.sets:
            board.settle(fact)
    return found


# ---------------------------------------------------------------- the boards' rules


def magic_board(puzzle) -> Board:
    from puzzles.magic.board import lines_of
    from puzzles.numbergrid import cell_name

    span = set(range(puzzle.low, puzzle.high + 1))
    values = {(r, c): ({v} if v else set(span)) for r, row in enumerate(puzzle.grid) for c, v in enumerate(row)}
    lines = {name: Line(name, cells, sum_line(puzzle.total)) for name, cells in lines_of(puzzle.n)}
    board = Board(values, lines, cell_name, 1, Counter(dict.fromkeys(span, 1)), (puzzle.low, puzzle.high), puzzle.total)
    board.drop_used()
    return board


def jodici_board(puzzle) -> Board:
    from puzzles.jodici.board import RING_SUM, RINGS, SECTOR_SUM, SECTORS, USES, label

    values = {
        (r, c): ({v} if (v := puzzle.grid[r][c]) else set(range(1, 10))) for r in range(RINGS) for c in range(SECTORS)
    }
    lines = {
        **{
            f"sector {c + 1}": Line(f"sector {c + 1}", tuple((r, c) for r in range(RINGS)), sum_line(SECTOR_SUM))
            for c in range(SECTORS)
        },
        **{
            f"ring {r + 1}": Line(f"ring {r + 1}", tuple((r, c) for c in range(SECTORS)), sum_line(RING_SUM))
            for r in range(RINGS)
        },
    }
    board = Board(values, lines, label, USES, Counter(dict.fromkeys(range(1, 10), USES)))
    board.drop_used()
    return board


def equation_board(puzzle) -> Board:
    from puzzles.numbergrid import cell_name

    span = set(range(puzzle.low, puzzle.high + 1))
    values = {
        (r, c): ({v} if v is not None else set(span)) for r, row in enumerate(puzzle.cells) for c, v in enumerate(row)
    }
    lines = {
        name: Line(name, tuple(cells), equation_line(ops, result)) for name, cells, ops, result in puzzle.equations()
    }
    return Board(values, lines, cell_name, None, span=(puzzle.low, puzzle.high))


# ---------------------------------------------------------------- the flower disks


def disks_checked(disks, steps: Iterable[Step]) -> list[tuple[int, Step, str]]:
    """Each disk step that does not follow from what it cites: the turns of the cited disks (a cited field brings
    every disk, as its cover is theirs together) that keep the cited disks' fields covered as the rule says."""
    m, exactly = disks.fields, disks.cover == "exactly one"
    turns = [{0}] + [set(range(m)) for _ in disks.rows[1:]]
    found = []
    for n, step in enumerate(steps, 1):
        if reason := disk_step_follows(disks, turns, step, m, exactly):
            found.append((n, step, reason))
        for fact in step.sets:
            turns[fact.at] = {fact.value} if fact.holds else turns[fact.at] - {fact.value}
    return found


def disk_step_follows(disks, turns: list[set[int]], step: Step, m: int, exactly: bool) -> str | None:
    unnamed = [u for u in step.uses if u.lower() not in step.text.lower()]
    if unnamed:
        return f"the text does not name {', '.join(unnamed)}"
    if step.trial or step.text.startswith("Suppose"):
        return None if step.trial and "every way" not in step.text else "a search or an unmarked supposition"
    named = [int(u.split()[1]) - 1 for u in step.uses if u.startswith("disk ")]
    fields = [int(u.split()[1]) - 1 for u in step.uses if u.startswith("field ")]
    cited = list(range(len(disks.rows))) if fields else named
    solid = [[frozenset(j for j in range(m) if row[(j + r) % m]) for r in range(m)] for row in disks.rows]
    kept: dict[int, set[int]] = {d: set() for d in cited}
    for chosen in itertools.product(*(sorted(turns[d]) for d in cited)):
        covers = Counter(j for d, r in zip(cited, chosen) for j in solid[d][r])
        pair = Counter(j for d, r in zip(cited, chosen) if d in named for j in solid[d][r])
        if exactly and any(n > 1 for n in pair.values()):
            continue
        if any(covers[j] == 0 or (exactly and covers[j] != 1) for j in fields):
            continue
        for d, r in zip(cited, chosen):
            kept[d].add(r)
    for fact in step.sets:
        if fact.at not in kept:
            return f"{fact.said} is about a disk the step does not cite"
        left = kept[fact.at]
        if (fact.holds and left != {fact.value}) or (not fact.holds and fact.value in left):
            return f"{fact.said} does not follow from {', '.join(step.uses)}"
    return None


# ---------------------------------------------------------------- Hidoku

HIDOKU_DISTANCE_RULES = ("between two numbers", "next to a number", "only cell for a number")
HIDOKU_REPLAYED = ("one number left for a cell", "the ways a gap fills")
MOST_CHAINS = 5_000  # chains the checker follows through a gap before it calls the gap too open to tell


@dataclass
class HidokuSeen:
    """What a person following a Hidoku step sees: the whole grid (numbers placed, free cells), and the numbers ruled
    out of a cell only where the step cites that cell."""

    size: int
    king: bool
    placed: dict[int, Cell]
    free: set[Cell]
    ruled: set[tuple[Cell, int]]
    far: dict[Cell, dict[Cell, int]] = field(default_factory=dict)  # moves from a cell to each free one, as now

    def settle(self, fact: Fact) -> None:
        if fact.holds:
            self.placed[fact.value] = fact.at
            self.free.discard(fact.at)
            self.far.clear()
        else:
            self.ruled.add((fact.at, fact.value))

    def open_for(self, cell: Cell, k: int, cited: set[Cell]) -> bool:
        return cell in self.free and not (cell in cited and (cell, k) in self.ruled)

    def nearest(self, a: int, k: int) -> bool:
        """Whether no number between a and k is placed: k's path to a runs through free cells alone."""
        return not any(m in self.placed for m in range(min(a, k) + 1, max(a, k)))

    def neighbours(self, cell: Cell) -> set[Cell]:
        r, c = cell
        return {
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0) and (self.king or 0 in (dr, dc))
        }


def hidoku_checked(puzzle, steps: Iterable[Step]) -> list[tuple[int, Step, str]]:
    """Each Hidoku step that does not follow from what it cites.

    A placement by distance: k must stand within |k - a| moves of each cited a, through free cells (king or rook
    moves as the board says).  One number left for a cell: every other missing number is ruled out of the cited cell
    or too far from a cited number to reach it.  The ways a gap fills: the chains of free cells joining the cited
    numbers (or leading on from one), each number kept out of the cited cells it was ruled out of, agree on what the
    step settles.  Those two rules must need every number and cell they cite but their own cell.  Trials are checked
    only for naming what they cite."""
    from puzzles.numbergrid import EMPTY, cell_name

    grid = {(r, c): v for r, row in enumerate(puzzle.grid) for c, v in enumerate(row)}
    placed = {v: p for p, v in grid.items() if v > 0}
    seen = HidokuSeen(
        puzzle.size, puzzle.adjacency == "king", placed, {p for p, v in grid.items() if v == EMPTY}, set()
    )
    names = {cell_name(p): p for p in grid}
    found = []
    for n, step in enumerate(steps, 1):
        unnamed = [u for u in step.uses if u.lower() not in step.text.lower()]
        if unnamed:
            found.append((n, step, f"the text does not name {', '.join(unnamed)}"))
        elif reason := hidoku_step_follows(seen, step, names):
            found.append((n, step, reason))
        for fact in step.sets:
            seen.settle(fact)
    return found


def hidoku_step_follows(seen: HidokuSeen, step: Step, names: dict[str, Cell]) -> str | None:
    """Why a Hidoku step does not follow from what it cites, or cites more than it needs (None: it follows)."""
    if step.rule not in (*HIDOKU_DISTANCE_RULES, *HIDOKU_REPLAYED):
        return None
    if not hidoku_replays(seen, step, step.uses, names):
        return f"{', '.join(f.said for f in step.sets)} does not follow from {', '.join(step.uses)}"
    if step.rule in HIDOKU_REPLAYED:
        own = {name for name, cell in names.items() if cell in {f.at for f in step.sets}}
        for use in step.uses:
            if use not in own and hidoku_replays(seen, step, tuple(u for u in step.uses if u != use), names):
                return f"it cites {use}, which it does not need"
    return None


def hidoku_replays(seen: HidokuSeen, step: Step, uses: tuple[str, ...], names: dict[str, Cell]) -> bool:
    numbers = [int(u) for u in uses if u.isdigit()]
    cells = {names[u] for u in uses if u in names}
    if any(a not in seen.placed for a in numbers):
        return False
    if step.rule == "one number left for a cell":
        return all(one_number_left_replays(seen, fact, numbers, cells) for fact in step.sets)
    if step.rule == "the ways a gap fills":
        return gap_replays(seen, step, numbers, cells)
    return all(
        {p for p in seen.free if (p, f.value) not in seen.ruled}
        & set.intersection(*(within_moves(seen, seen.placed[a], abs(f.value - a)) for a in numbers), seen.free)
        == {f.at}
        for f in step.sets
    )


def one_number_left_replays(seen: HidokuSeen, fact: Fact, numbers: list[int], cells: set[Cell]) -> bool:
    """Every free cell holds a missing number: each other one is ruled out of the cell or too far from a cited one."""
    cell = fact.at
    if cell not in cells:
        return False
    left = {
        k
        for k in range(1, seen.size + 1)
        if k not in seen.placed
        and seen.open_for(cell, k, cells)
        and not any(seen.nearest(a, k) and cell not in within_moves(seen, seen.placed[a], abs(k - a)) for a in numbers)
    }
    return left == {fact.value}


def gap_replays(seen: HidokuSeen, step: Step, numbers: list[int], cells: set[Cell]) -> bool:
    """The chains through the gap the cited numbers bound agree on every fact the step settles."""
    values = {f.value for f in step.sets}
    if len(numbers) == 2:
        low, high = sorted(numbers)
        gap = list(range(low + 1, high))
    elif len(numbers) == 1 and values and all(v > numbers[0] for v in values):
        low, high, gap = numbers[0], None, list(range(numbers[0] + 1, seen.size + 1))
    elif len(numbers) == 1 and values and all(v < numbers[0] for v in values):
        low, high, gap = numbers[0], None, list(range(numbers[0] - 1, 0, -1))
    else:
        return False
    if not gap or any(k in seen.placed for k in gap) or not values <= set(gap):
        return False
    chains = gap_chains(seen, gap, seen.placed[low], seen.placed[high] if high else None, cells)
    if not chains:
        return False
    return all((chain[f.value] == f.at) == f.holds for chain in chains for f in step.sets)


def gap_chains(seen: HidokuSeen, gap: list[int], start: Cell, finish: Cell | None, cells: set[Cell]) -> list[dict]:
    """Every chain of free cells putting the gap's numbers in order from `start`, each touching the next and the last
    touching `finish` (where there is one); empty when there are more than the checker follows."""
    far = distances(seen, finish) if finish else {}
    found: list[dict] = []

    def extend(chain: dict[int, Cell], at: Cell) -> bool:
        if len(chain) == len(gap):
            if finish is None or finish in seen.neighbours(at):
                found.append(dict(chain))
            return len(found) <= MOST_CHAINS
        k = gap[len(chain)]
        for cell in sorted(seen.neighbours(at)):
            if seen.open_for(cell, k, cells) and cell not in chain.values():
                if finish and far.get(cell, len(gap) + 1) > len(gap) - len(chain):
                    continue
                chain[k] = cell
                if not extend(chain, cell):
                    return False
                del chain[k]
        return True

    return found if extend({}, start) else []


def distances(seen: HidokuSeen, start: Cell) -> dict[Cell, int]:
    """How many moves each free cell is from `start`, through free cells."""
    if start not in seen.far:
        far, frontier, moves = {}, {start}, 0
        while frontier:
            moves += 1
            frontier = {p for q in frontier for p in seen.neighbours(q) if p in seen.free and p not in far}
            far.update(dict.fromkeys(frontier, moves))
        seen.far[start] = far
    return seen.far[start]


def within_moves(seen: HidokuSeen, start: Cell, moves: int) -> set[Cell]:
    """The free cells `moves` or fewer moves from `start`, every step onto a free cell."""
    return {p for p, d in distances(seen, start).items() if d <= moves}
