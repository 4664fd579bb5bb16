"""How a person fills a magic board, one deduction at a time: the ladder, cheapest rung first.

1. last cell of a line: a row, column or diagonal with one free cell takes the sum minus the others;
2. one value left: every other value of the range is used already or was ruled out for the cell;
3. only place for a value: when the range has exactly as many values as cells, every value is used,
   and a value that only one free cell can still take goes there;
4. sum bounds: a line needing r more from f free cells: any f-1 other unused values add up to at
   least the f-1 smallest and at most the f-1 largest, so a free cell of the line holds between
   r minus that most and r minus that least;
5. the sums that fit: the ways a line's last two or three free cells make its sum with the values
   they still allow; a cell every way fills alike is placed, a value no way puts in a cell is ruled out;
6. lines added and taken away: some lines added up less others, each side a number of times the sum,
   where every other free cell cancels out, leave an equation over two or three free cells
   (2 × r1c1 + r1c3 + 2 × r5c5 = 80 on the seed: r1c3 is even), whose ways rule values out alike;
7. trial, said plainly: suppose a value in a cell; the rungs above then run into a cell with no value
   left or a line that cannot reach its sum, so the cell does not hold it.  Where no short chain
   does, a value no completion has is followed as far as the rungs go, and told link by link, a page
   at a time where it is long: the search only chooses which value to follow, it is never a step.

What is known is the board and the values ruled out of cells so far (`Known`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache, partial
from itertools import combinations, islice, product
from math import gcd, prod

import numpy as np

from puzzles.core import Budget, Deadline, OutOfBudget, ShouldStop, never
from puzzles.magic.board import BUDGET, Magic, Search, conflicts, lines_of
from puzzles.magic.known import Known, Line, board_lines
from puzzles.numbergrid import (
    EMPTY,
    Grid,
    Position,
    cell_name,
    link_said,
    placement_hint,
    spans,
    supposition,
    within,
)
from puzzles.steps import (
    Path,
    Rung,
    Step,
    cell_steps,
    chained,
    cut,
    easiest,
    join_words,
    knowing,
    on_board,
    paged,
    refuting,
    walk,
)

LISTED_WAYS = 6  # ways of finishing a line said one by one; more are said as each cell's values
MOST_WAYS = 20_000  # value combinations a line's last cells are tried with before it is too open to list
TRIAL_DEPTH = 6  # steps followed after a supposition before it is given up as no help
TRIAL_WORK = 600  # suppositions tried, times the values they look at, before the ladder is stuck
SPLIT_TRIES = 24  # suppositions no chain refutes tried with a split on one cell the chain leaves few values
SPLIT_CELLS = 2  # cells with the fewest values left tried for that split
SPLIT_VALUES = (3, 4)  # and never one with more values than these, the fewest first: each is a case told link by link
SEARCHED_TRIES = 24  # suppositions handed to the search, where the completions are not all known
ANSWERS_WORK = Budget(work=50_000)  # the search's budget for every completion of a board
MOST_ANSWERS = 16  # completions kept: a board with more has its false suppositions found by the search one by one
SEARCH_WORK = Budget(work=5_000)  # the search's budget for one supposition
MOST_SUMS = 100_000  # ways of adding and taking away lines weighed: as many lines at once as keeps them under this
SUMMED_LINES = 6  # and never more lines at once than this: a person adds up a few
SUMMED_CELLS = 3  # the most free cells an equation left by adding and taking away lines may have


placing, ruling_out = cell_steps(cell_name)


# ---------------------------------------------------------------- the rungs


def last_cell(known: Known) -> Iterator[Step]:
    for line in known.lines:
        free = known.free_of(line)
        value = known.need(line)
        if len(free) == 1 and value in known.allowed[free[0]]:
            (position,) = free
            text = (
                f"{cell_name(position)} must be {value}: {line.name} needs {value} more "
                f"to reach {known.board.total} and only this cell is free."
            )
            yield placing("last cell of a line", text, (line.name,), line.cells, {position: value})


def one_value_left(known: Known) -> Iterator[Step]:
    for position in known.empty:
        allowed = known.allowed[position]
        if len(allowed) == 1:
            out = sorted(v for p, v in known.ruled_out if p == position and v in known.unused)
            why = f"; {spans(out)} {'was' if len(out) == 1 else 'were'} ruled out here" if out else ""
            text = (
                f"{cell_name(position)} must be {allowed[0]}: every other value of "
                f"{known.board.low}..{known.board.high} is used already{why}."
            )
            yield placing("one value left", text, (cell_name(position),), (position,), {position: allowed[0]})


def only_place(known: Known) -> Iterator[Step]:
    if not known.full:
        return
    for value in known.unused:
        cells = [p for p in known.empty if value in known.allowed[p]]
        if len(cells) == 1:
            (position,) = cells
            text = (
                f"{cell_name(position)} must be {value}: every value of {known.board.low}..{known.board.high} "
                f"is used once, and every other free cell has {value} ruled out."
            )
            yield placing("only place for a value", text, (str(value),), (position,), {position: value})


def sum_bounds(known: Known) -> Iterator[Step]:
    for line in known.lines:
        free = known.free_of(line)
        if len(free) < 2:
            continue
        need = known.need(line)
        low, high = known.reach(len(free) - 1)
        lowest, highest = need - high, need - low
        out = [(p, v) for p in free for v in known.allowed[p] if not lowest <= v <= highest]
        if out:
            others = "other unused value" if len(free) == 2 else f"{len(free) - 1} other unused values"
            text = (
                f"{line.name} needs {need} more from {join_words([cell_name(p) for p in free])}; any {others} "
                f"{'is' if len(free) == 2 else 'add up to'} {low} at least and {high} at most, so each of these "
                f"cells holds {within(lowest, highest, known.board.low, known.board.high)}: "
                f"not {spans(sorted({v for _, v in out}))}."
            )
            yield ruling_out("sum bounds", text, (line.name,), line.cells, out)


@lru_cache(maxsize=1 << 16)
def weighted_ways(
    total: int, times: tuple[int, ...], allowed: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """The distinct values, one of each cell's `allowed`, that counted `times` each add up to `total`: worked
    out once for every chain and cut that meets the same cells with the same values left."""
    *first, last = allowed
    begun = [((), total)]  # the distinct values of the first cells so far, and what the rest must make
    for times_counted, cell in zip(times, first):
        begun = [((*values, v), rest - times_counted * v) for values, rest in begun for v in cell if v not in values]
    found = []
    for values, rest in begun:
        value, odd = divmod(rest, times[-1])
        if not odd and value in last and value not in values:
            found.append((*values, value))
    return tuple(found)


def sums_that_fit(known: Known) -> Iterator[Step]:
    for line in known.lines:
        free = known.free_of(line)
        if 2 <= len(free) <= 3 and (
            step := line_fit(line, known.need(line), tuple((p, tuple(known.allowed[p])) for p in free))
        ):
            yield step


@lru_cache(maxsize=1 << 12)
def line_fit(line: Line, need: int, cells: tuple[tuple[Position, tuple[int, ...]], ...]) -> Step | None:
    """What the sums that fit settle on a line that needs `need` from free cells still allowing these values (None:
    nothing, or too many ways to weigh): worked out once for every chain and cut that meets the line so."""
    if prod(len(values) for _, values in cells[:-1]) > MOST_WAYS:
        return None
    found = weighted_ways(need, (1,) * len(cells), tuple(values for _, values in cells))
    if not found:
        return None
    free, allowed = [p for p, _ in cells], dict(cells)
    columns = [{way[i] for way in found} for i in range(len(free))]
    narrowed = [(p, values) for p, values in zip(free, columns) if len(values) < len(allowed[p])]
    fixed = {p: w for p, w in zip(free, columns) if len(w) == 1}
    out = [(p, v) for p, kept in zip(free, columns) for v in allowed[p] if v not in kept]
    if not fixed and not out:
        return None
    said = f"{line.name} needs {need} more from {join_words([cell_name(p) for p in free])}; {fits(found, narrowed)}"
    if fixed:
        sets = {p: next(iter(w)) for p, w in fixed.items()}
        text = f"{said}, so {join_words([f'{cell_name(p)} is {v}' for p, v in sets.items()])}."
        return placing("the sums that fit", text, (line.name,), line.cells, sets)
    gone = "; ".join(
        f"{cell_name(p)} is not {spans([v for q, v in out if q == p])}" for p in dict.fromkeys(p for p, _ in out)
    )
    return ruling_out("the sums that fit", f"{said}: {gone}.", (line.name,), line.cells, out)


def fits(found: Sequence[tuple[int, ...]], narrowed: list[tuple[Position, set[int]]]) -> str:
    """The ways that make a line's sum, said in full: listed when few, else the values they put in the cells
    they narrow, as ranges."""
    if len(found) <= LISTED_WAYS:
        listed = join_words([" + ".join(map(str, way)) for way in found], "or")
        return f"with the values they still allow only {listed} {'fits' if len(found) == 1 else 'fit'}"
    held = join_words([f"{spans(sorted(values))} in {cell_name(p)}" for p, values in narrowed])
    return f"the {len(found)} ways to make it with the values they still allow put only {held}"


@cache
def sums_of_lines(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every way of adding up some lines and taking others away (the first one added), fewest lines first: each
    line's sign (1 added, -1 taken away, 0 left out) and how many times each cell is counted, as tables."""
    lines = len(lines_of(n))
    cells = np.array([[(r, c) in line for r in range(n) for c in range(n)] for _, line in lines_of(n)], dtype=np.int16)
    blocks, size = [], 0
    for k in range(2, min(lines, SUMMED_LINES) + 1):
        chosen = np.array(list(combinations(range(lines), k)))
        flips = np.array([(1, *f) for f in product((1, -1), repeat=k - 1) if -1 in f], dtype=np.int16)
        size += len(chosen) * len(flips)
        if size > MOST_SUMS:
            break
        block = np.zeros((len(chosen), len(flips), lines), dtype=np.int16)
        where = np.repeat(chosen[:, None, :], len(flips), axis=1)
        np.put_along_axis(block, where, np.repeat(flips[None], len(chosen), axis=0), axis=2)
        blocks.append(block.reshape(-1, lines))
    table = np.concatenate(blocks) if blocks else np.zeros((0, lines), dtype=np.int16)
    return table, table @ cells


@dataclass(frozen=True)
class Summed:
    """Lines added up less lines taken away: the few free cells left with how many times each counts, and what
    they add up to once every other cell cancels out or is placed."""

    plus: tuple[Line, ...]
    minus: tuple[Line, ...]
    cells: tuple[Position, ...]
    times: tuple[int, ...]
    total: int

    @property
    def equation(self) -> str:
        """The equation as left, and divided by what its cells all count, where that divides its total too."""
        said = equation_said(self.pairs, self.total)
        times = gcd(*self.times)
        if times == 1 or self.total % times:
            return f"{said} is left"
        fewer = [(p, t // times) for p, t in self.pairs]
        return f"{said} is left, or divided by {times}, {equation_said(fewer, self.total // times)}"

    @property
    def pairs(self) -> list[tuple[Position, int]]:
        return list(zip(self.cells, self.times))


def equation_said(pairs: list[tuple[Position, int]], total: int) -> str:
    """Cells counted so many times adding up to a total: "2 × r1c1 + r1c3 - r5c5 = 80"."""
    terms = [f"{'-' if t < 0 else '+'} {f'{abs(t)} × ' if abs(t) > 1 else ''}{cell_name(p)}" for p, t in pairs]
    return f"{' '.join([terms[0].removeprefix('+ ').replace('- ', '-', 1), *terms[1:]])} = {total}"


def sums_left(known: Known) -> tuple[Summed, ...]:
    """The sums of lines that leave two or three free cells, each equation once (by the fewest lines)."""
    return equations_left(known.board.grid, known.board.total)


@lru_cache(maxsize=1 << 12)
def equations_left(grid: Grid, total: int) -> tuple[Summed, ...]:
    """`sums_left` of a board: they rest on its placed values alone, so every chain and cut that reaches the same
    placements shares them."""
    n = len(grid)
    lines = board_lines(n)
    signs, times = sums_of_lines(n)
    cells = [(r, c) for r in range(n) for c in range(n)]
    placed = np.array([grid[r][c] for r, c in cells], dtype=np.int64)  # EMPTY (0) where free
    free = placed == EMPTY
    left = times[:, free]
    counts = np.count_nonzero(left, axis=1)
    positions = [p for p, f in zip(cells, free) if f]
    seen, found = set(), []
    for i in np.flatnonzero((counts >= 2) & (counts <= SUMMED_CELLS)):
        row = left[i] * (1 if left[i][np.flatnonzero(left[i])[0]] > 0 else -1)
        if (key := row.tobytes()) in seen:
            continue
        seen.add(key)
        sign = 1 if (row == left[i]).all() else -1
        kept = np.flatnonzero(row)
        found.append(
            Summed(
                tuple(lines[j] for j in np.flatnonzero(signs[i] * sign > 0)),
                tuple(lines[j] for j in np.flatnonzero(signs[i] * sign < 0)),
                tuple(positions[j] for j in kept),
                tuple(int(row[j]) for j in kept),
                int(sign * (signs[i].sum() * total - times[i] @ placed)),
            )
        )
    return tuple(found)


def lines_added(known: Known) -> Iterator[Step]:
    """Values an equation left by adding and taking away lines cannot take, ruled out with every way it allows."""
    for summed in sums_left(known):
        if step := equation_fit(summed, tuple(tuple(known.allowed[p]) for p in summed.cells), known.board.total):
            yield step


@lru_cache(maxsize=1 << 12)
def equation_fit(summed: Summed, allowed: tuple[tuple[int, ...], ...], total: int) -> Step | None:
    """The values an equation's cells, still `allowed` these, cannot take (None: none), its lines adding up to
    `total` each: worked out once for every chain and cut that meets the equation so."""
    found = weighted_ways(summed.total, summed.times, allowed)
    columns = [{way[i] for way in found} for i in range(len(summed.cells))]
    out = [(p, v) for p, kept, values in zip(summed.cells, columns, allowed) for v in values if v not in kept]
    if not out:
        return None
    narrowed = [(p, kept) for p, kept, values in zip(summed.cells, columns, allowed) if len(kept) < len(values)]
    gone = "; ".join(
        f"{cell_name(p)} is not {spans([v for q, v in out if q == p])}" for p in dict.fromkeys(p for p, _ in out)
    )
    text = (
        f"{side(summed.plus, total)}, and {side(summed.minus, total)}; taking the second "
        f"from the first, the cells counted as often in each cancel out, and with the values placed "
        f"{summed.equation}; {fits(found, narrowed) if found else 'no values they allow fit'}: {gone}."
    )
    uses = tuple(line.name for line in (*summed.plus, *summed.minus))
    return ruling_out("lines added and taken away", text, uses, summed.cells, out)


def side(lines: tuple[Line, ...], total: int) -> str:
    """Lines and what they add up to together: "row 3 adds up to 85", "rows 1 and 5 add up to 2 × 85 = 170"."""
    names = join_words([line.name for line in lines])
    if len(lines) == 1:
        return f"{names} adds up to {total}"
    return f"{names} add up to {len(lines)} × {total} = {len(lines) * total}"


EASY: tuple[Rung[Known], ...] = (
    Rung("last cell of a line", "a line with one free cell takes the sum minus the others", last_cell),
    Rung("one value left", "every other value is used or ruled out for the cell", one_value_left),
    Rung("only place for a value", "every value is used once, and only one cell can take this one", only_place),
    Rung("sum bounds", "the rest of a line can add only so little and so much", sum_bounds),
    Rung("the sums that fit", "the ways a line's last cells make its sum decide a cell", sums_that_fit),
    Rung("lines added and taken away", "lines added up less others leave an equation over a few cells", lines_added),
)


@lru_cache(maxsize=1 << 12)
def first_conflict(board: Magic) -> str | None:
    """The first of the board's values that break a rule, said: the boards a chain and its cut meet repeat."""
    if broken := conflicts(board):
        position, reason = sorted(broken.items())[0]
        return f"{cell_name(position)}: {reason}"
    return None


def dead_end(known: Known) -> str | None:
    """Why the board cannot be finished, as the rungs see it."""
    if broken := first_conflict(known.board):
        return broken
    for position in known.empty:
        if not known.allowed[position]:
            return f"{cell_name(position)} has no value left"
    for line in known.lines:
        free, need = known.free_of(line), known.need(line)
        low, high = known.reach(len(free))
        if free and not low <= need <= high:
            cells = "1 free cell" if len(free) == 1 else f"{len(free)} free cells"
            if need <= 0 < low:  # a person sees the line full already, not that it needs -5 more
                more = f", more than {known.board.total}," if need else ""
                return f"{line.name} already adds up to {known.board.total - need}{more} with {cells} left"
            can = "which can hold" if len(free) == 1 else "and they can make"
            return f"{line.name} needs {need} more from {cells}, {can} only {low} to {high}"
        if len(free) == 1 and need not in known.allowed[free[0]]:
            return f"{line.name} needs {need} in {cell_name(free[0])}, which cannot take it"
    if known.full:
        for value in known.unused:
            if not any(value in known.allowed[p] for p in known.empty):
                return f"{value} has no free cell left"
    return None


def trial(known: Known) -> Iterator[Step]:
    """A supposition refuted by a chain of the rungs: the first that a chain of up to TRIAL_DEPTH links refutes,
    else the first false one (`false_values`) the rungs followed as far as they go refute, told a page at a time
    where it is long (`in_pages`).  A value some completion has is never refuted: it is not tried."""
    cells = sorted(known.empty, key=lambda p: len(known.allowed[p]))
    tries = [(p, v) for p in cells for v in known.allowed[p]]
    for position, value in tries[: max(1, TRIAL_WORK // max(1, len(known.unused)))]:
        if not answered(known, position, value) and (
            step := supposition(known, position, value, EASY, apply=on_board, dead_end=dead_end, depth=TRIAL_DEPTH)
        ):
            yield step
            return
    false = list(false_values(known, tries))
    for position, value in false:
        if step := supposition(known, position, value, EASY, apply=on_board, dead_end=dead_end, depth=None):
            yield step
            return
    for most in SPLIT_VALUES:
        for position, value in false[:SPLIT_TRIES]:
            if step := split_supposition(known, position, value, most):
                yield step
                return


def split_supposition(known: Known, position: Position, value: int, most: int) -> Step | None:
    """A supposition the rungs follow to no dead end, then split on a cell it leaves two to `most` values: each
    value followed to a dead end, so the supposition leaves the cell none.  Every section is told link by link, the
    links nothing after them uses cut (None: no cell splits so)."""
    supposed = supposing(position, value)
    base = on_board(known, supposed)
    links = followed(base)
    after = knowing(base, [(0, fact) for link in links for fact in link.sets], on_board)
    for cell in sorted((c for c in after.empty if 2 <= len(after.allowed[c]) <= most), key=after.allowed.get)[
        :SPLIT_CELLS
    ]:
        if not split_end(cell, most, after):
            continue
        kept = cut(known, supposed, links, EASY, apply=on_board, dead_end=partial(split_end, cell, most))
        narrowed = knowing(base, [(0, fact) for link in kept for fact in link.sets], on_board)
        values = narrowed.allowed[cell]
        said = [link_said(link) for link in kept]
        outer = [
            f"then {piece}"
            for piece in [*said, f"{cell_name(cell)} can only be {join_words([str(v) for v in values], 'or')}."]
        ]
        supposed_words = f"{cell_name(position)} were {value}"
        case_words = [f"{cell_name(cell)} were {case}" for case in values]
        cases = [
            refuting(
                narrowed,
                supposing(cell, case),
                EASY,
                apply=on_board,
                dead_end=dead_end,
                depth=None,
                said=link_said,
                words=(words, f"{cell_name(cell)} is not {case}"),
            )
            for case, words in zip(values, case_words)
        ]
        told = [  # each sentence's pieces (split_end saw each case die), and what its later pages recall it supposes
            ([f"Suppose {supposed_words}: {outer[0]}", *outer[1:]], supposed_words),
            *((pieces, f"{supposed_words} and {words}") for pieces, words in zip(cases, case_words) if pieces),
            ([f"So {cell_name(cell)} has no value left. That cannot be, so {cell_name(position)} is not {value}."], ""),
        ]
        text = " ".join(", ".join(pieces) for pieces, _ in told)
        step = ruling_out("trial", text, (cell_name(position),), (position,), [(position, value)])
        return replace(step, pages=tuple(page for pieces, under in told for page in paged(pieces, under)))
    return None


def supposing(position: Position, value: int) -> Step:
    """A supposition as a chain's first link: `value` placed at `position`."""
    return placing("trial", "", (), (), {position: value})


def followed(known: Known) -> list[Step]:
    """The links the rungs find, easiest first, until none applies (a supposition with no dead end)."""
    links: list[Step] = []
    while not dead_end(known) and (step := easiest(EASY, known)):
        links.append(step)
        known = on_board(known, step)
    return links


def split_end(cell: Position, most: int, known: Known) -> str | None:
    """The dead end the rungs reach, or where `cell` is free with `most` or fewer values left, that every one of
    them leads to one."""
    if reason := dead_end(known):
        return reason
    if cell not in known.allowed or len(known.allowed[cell]) > most:
        return None
    for case in known.allowed[cell]:
        if chained(known, supposing(cell, case), EASY, apply=on_board, dead_end=dead_end, depth=None) is None:
            return None
    return f"{cell_name(cell)} has no value left"


def answered(known: Known, position: Position, value: int) -> bool:
    """Whether a completion of the board (where all are known) has `value` at `position`."""
    return known.answers is not None and any(answer[position[0]][position[1]] == value for answer in known.answers)


def false_values(known: Known, tries: list[tuple[Position, int]]) -> Iterator[tuple[Position, int]]:
    """The suppositions no completion has, worth following far: those the board's completions (`Known.answers`)
    leave out, or where they are not all known, those the search refutes within its small budget."""
    if known.answers is not None:
        yield from ((p, v) for p, v in tries if not answered(known, p, v))
    else:
        yield from ((p, v) for p, v in tries[:SEARCHED_TRIES] if not completable(known.board.with_cell(p, v)))


def completable(board: Magic) -> bool:
    """Whether the search finds a completion, or cannot tell within its small budget."""
    if conflicts(board):
        return False
    try:
        return next(Search(board).solutions(Deadline(SEARCH_WORK)), None) is not None
    except OutOfBudget:
        return True


def known_of(board: Magic) -> Known | None:
    """What is known of the board at the start, its completions with it where the search finds them all (None: the
    search proves it has none; where it finds too many it asks once more for any)."""
    answers = completions(board)
    if answers == () or (answers is None and not completable(board)):
        return None
    return Known(board, answers=answers)


def completions(board: Magic) -> tuple[Grid, ...] | None:
    """Every completion of the board, where the search finds them all within its budget (None: more than
    MOST_ANSWERS, or not found in time)."""
    if conflicts(board):
        return ()
    try:
        found = tuple(islice(Search(board).solutions(Deadline(ANSWERS_WORK)), MOST_ANSWERS + 1))
    except OutOfBudget:
        return None
    return found if len(found) <= MOST_ANSWERS else None


LADDER: tuple[Rung[Known], ...] = (*EASY, Rung("trial", "suppose a value and follow it to a contradiction", trial))


def ending(known: Known) -> str | None:
    if dead_end(known):
        return "contradiction"
    return None if known.empty else "solved"


def steps(
    board: Magic, *, limit: int | None = None, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> Path:
    """The explained solution, easiest step first; `limit=1` gives the next step alone."""
    if (known := known_of(board)) is None:
        return Path((), "contradiction")
    deadline = Deadline(budget, should_stop)
    return walk(
        LADDER,
        known,
        apply=on_board,
        ended=ending,
        deadline=deadline,
        limit=limit,
        clash=dead_end,
    )


def next_step(board: Magic, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Path:
    """The hint: the next value a person can place, with the deductions it rests on.

    None where the search proves there is no solution: a deduction about a dead board teaches nothing.
    """
    if (known := known_of(board)) is None:
        return Path((), "contradiction")
    deadline = Deadline(budget, should_stop)
    return placement_hint(LADDER, known, apply=on_board, ended=ending, deadline=deadline)


def printed_only(board: Magic) -> Magic:
    grid = tuple(
        tuple(v if (r, c) in board.givens else EMPTY for c, v in enumerate(row)) for r, row in enumerate(board.grid)
    )
    return Magic(grid, board.low, board.high, board.total, board.givens)
