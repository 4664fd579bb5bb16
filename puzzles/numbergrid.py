"""Rows of number cells as people type them, shared by Hidoku, Jodici and the magic board.

A cell is a number (a given), a blank mark of `puzzles.pasted` (`_`, `0`, `-`,
`*`, `x`, `?`, `.`, an empty cell between commas) or, where the puzzle has
them, a blocked mark (`.` or `#`: there `.` is blocked).  Cells are separated
by commas, white space or `|`.  Every refusal names the line and column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from puzzles.core import Budget, Count, Deadline, PuzzleError, ShouldStop, Status, read_number, shown
from puzzles.pasted import Form, Line, cell_tokens, is_blank_mark, never
from puzzles.steps import (
    Check,
    Mistake,
    Path,
    Rung,
    Step,
    cell_steps,
    in_pages,
    join_words,
    next_placement,
    refuting,
    yields,
)

EMPTY = 0
BLOCKED = -1
BLOCKED_MARKS = {".", "#"}
EMPTY_SHOWN = "_ - 0 * x ?"

Grid = tuple[tuple[int, ...], ...]
Position = tuple[int, int]
"""A cell of a grid: (row, column), from 0."""


def content_lines(text: str) -> list[Line]:
    """Lines that are not blank and not comments.

    A comment starts with `#`; since `#` is also a blocked cell, a line made
    only of cell marks (`# # 3 _`) is a row, and anything else (`# the seed`)
    is a comment.
    """
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = Line(number, raw.rstrip())
        if line.text.strip() and not is_comment(line):
            lines.append(line)
    return lines


def is_cell(token: str) -> bool:
    return is_number(token) or token in BLOCKED_MARKS or is_blank_mark(token)


def is_comment(line: Line) -> bool:
    """A line starting with `#` that is not a row of cells (`# # 3 _` is one: `#` is a blocked cell)."""
    return line.text.lstrip().startswith("#") and not all(is_cell(t) for t, _ in cell_tokens(line.text))


def grid_form(read: Callable[[list[Line]], Grid], header: Callable[[Line], bool] = never) -> Form[Grid]:
    """How Hidoku, Jodici and the magic board find their grid in pasted text (see `puzzles.pasted`)."""
    return Form(read, lambda grid: len(grid) * len(grid[0]), header=header, comment=is_comment)


def is_number(token: str) -> bool:
    """ASCII digits only: str.isdigit() also takes '²', which int() refuses."""
    return token.isascii() and token.isdigit()


def read_row(
    line: Line, *, max_cells: int, blocked: bool = False, low: int = 1, high: int | None = None
) -> tuple[int, ...]:
    """One row of cells; numbers outside low..high are refused where they stand, and so is cell max_cells + 1.

    Where every value is one digit (high 9 or less), cells typed with nothing
    between them are read one by one: `37____` is six cells (a run longer than
    a row is read whole, and refused as the number it is).
    """
    cells = []
    tokens = cell_tokens(line.text)
    if high is not None and high <= 9:
        tokens = [
            (ch, column + i)
            for token, column in tokens
            for i, ch in enumerate([token] if is_blank_mark(token) or len(token) > max_cells else token)
        ]
    for token, column in tokens:
        if len(cells) == max_cells:
            raise PuzzleError(f"a row has at most {max_cells} cells", line=line.number, column=column)
        if blocked and token in BLOCKED_MARKS:
            cells.append(BLOCKED)
        elif is_blank_mark(token):
            cells.append(EMPTY)
        elif token in BLOCKED_MARKS:
            raise PuzzleError(f"{shown(token)}: this puzzle has no blocked cells", line=line.number, column=column)
        elif is_number(token):
            value = read_number(token, line=line.number, column=column)
            if value < low or (high is not None and value > high):
                span = f"{low}..{high}" if high is not None else f"at least {low}"
                raise PuzzleError(f"{value} is outside {span}", line=line.number, column=column)
            cells.append(value)
        else:
            raise PuzzleError(
                f"{shown(token)} is not a number, an empty mark ({EMPTY_SHOWN}) or a blocked mark (. or #)"
                if blocked
                else f"{shown(token)} is not a number or an empty mark ({EMPTY_SHOWN} .)",
                line=line.number,
                column=column,
            )
    return tuple(cells)


def read_rows(
    lines: list[Line],
    *,
    max_side: int,
    blocked: bool = False,
    low: int = 1,
    high: int | None = None,
    width: int | None = None,
) -> Grid:
    """Rows of equal length (or of `width`), refusing a ragged row at its line.

    A board over `max_side` rows or columns is refused before it is read, so a
    huge paste costs nothing.
    """
    if len(lines) > max_side:
        raise PuzzleError(f"a board has at most {max_side} rows", line=lines[max_side].number, column=1)
    rows = []
    for line in lines:
        row = read_row(line, max_cells=max_side, blocked=blocked, low=low, high=high)
        expected = width if width is not None else (len(rows[0]) if rows else len(row))
        if len(row) != expected:
            raise PuzzleError(
                f"this row has {len(row)} cells, the board is {expected} wide", line=line.number, column=1
            )
        rows.append(row)
    if not rows:
        raise PuzzleError("no rows of cells found", line=1, column=1)
    return tuple(rows)


def places_of(grid: Grid) -> dict[int, list[Position]]:
    """Every number on the board with the cells it stands in."""
    seen: dict[int, list[Position]] = {}
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value > 0:
                seen.setdefault(value, []).append((r, c))
    return seen


def repeats(grid: Grid) -> dict[Position, str]:
    """Cells whose number stands more than once, with what to say about them."""
    return {
        p: f"{value} stands twice ({', '.join(map(cell_name, places))})"
        for value, places in places_of(grid).items()
        if len(places) > 1
        for p in places
    }


def no_completion(
    grid: Grid, hint: str, conflicts: frozenset | dict = frozenset(), noun: str = "completion"
) -> BoardAnalysis:
    """Nothing left: no candidates, a count of 0, and why."""
    empty = tuple(tuple(() for _ in row) for row in grid)
    return BoardAnalysis(empty, Count(0), (), hint, frozenset(conflicts), noun)


def refused(grid: Grid, broken: dict[Position, str], name=None, noun: str = "completion") -> BoardAnalysis | None:
    """The analysis of a board that breaks a rule as typed (None when nothing is broken)."""
    if not broken:
        return None
    position, reason = sorted(broken.items())[0]
    return no_completion(grid, f"{(name or cell_name)(position)}: {reason}.", broken, noun)


def witness_deadline(budget: Budget | None, work: int, should_stop: ShouldStop) -> Deadline:
    """The share of a search for one solution once the count spent its budget finding none: `work` of its own
    steps where the count had work (the same answer on every machine), a quarter of its seconds where it had
    seconds (the screens)."""
    budget = budget or Budget()
    seconds = None if budget.seconds is None else budget.seconds / 4
    return Deadline(Budget(seconds, None if budget.work is None else work), should_stop)


def cell_name(position: Position) -> str:
    return f"r{position[0] + 1}c{position[1] + 1}"


def format_rows(grid: Grid, *, zero_is_empty: bool = True) -> str:
    """Rows with right-aligned columns, `_` for empty (as wide as the column), `#` for blocked."""
    width = max([len(str(v)) for row in grid for v in row if v] + [1])

    def show(value: int) -> str:
        return (
            "_" * width
            if value == EMPTY and zero_is_empty
            else "#".rjust(width)
            if value == BLOCKED
            else str(value).rjust(width)
        )

    return "\n".join(" ".join(show(v) for v in row) for row in grid) + "\n"


@dataclass(frozen=True)
class BoardAnalysis:
    """What a board editor shows: each empty cell's candidates, completions, status, hint, conflicts."""

    candidates: tuple[tuple[tuple[int, ...], ...], ...]
    count: Count
    solutions: tuple[Grid, ...]
    hint: str
    conflicts: frozenset[Position] = frozenset()
    noun: str = "completion"  # what a solution of this board is called

    @property
    def status(self) -> Status:
        return Status.of(self.count)

    @property
    def headline(self) -> str:
        if self.status == Status.UNIQUE:
            return f"Unique {self.noun}"
        return self.status.headline(self.count, self.noun) or self.count.of(self.noun)


@dataclass(frozen=True)
class BoardReport:
    """What `solve` prints for a board puzzle: count, status, completions, hint."""

    analysis: BoardAnalysis
    separator: str = " "
    zero_is_empty: bool = True  # False where 0 is a value (the equation crossword)

    def to_json(self) -> dict:
        a = self.analysis

        def cell(value: int) -> int | None:
            return None if value == BLOCKED else value

        return {
            "count": a.count.value,
            "exact": a.count.exact,
            "status": a.status.value,
            "solutions": [[[cell(v) for v in row] for row in grid] for grid in a.solutions],
            "hint": a.hint,
        }

    def to_text(self) -> str:
        a = self.analysis
        lines = [f"{a.count.of(a.noun)} ({a.status.said(a.count)})"]
        for grid in a.solutions:
            lines += ["", format_rows(grid, zero_is_empty=self.zero_is_empty).replace(" ", self.separator).rstrip()]
        return "\n".join([*lines, "", a.hint])


def replace_cell(grid: Grid, position: Position, value: int) -> Grid:
    r, c = position
    return grid[:r] + (grid[r][:c] + (value,) + grid[r][c + 1 :],) + grid[r + 1 :]


def check_entries(
    board, printed: BoardAnalysis, together: Count, broken: dict[Position, str], name=cell_name, blank=(EMPTY, BLOCKED)
) -> Check:
    """ "Check my board": the person's entries against every completion of the printed clues.

    `printed` is the analysis of the board with the entries taken out; its
    candidates are what some completion puts in each cell.  An entry outside
    them is marked, with the rule it breaks where it breaks one; nothing else
    is revealed.  `together` counts the completions of the board as it stands:
    entries that each fit some completion may still not fit one together.
    With no completion, or a count cut short, the verdict says so instead of
    guessing.  `blank` are the cell values that are no entry
    (the equation crossword's unknown is None, and 0 is a value there).
    """
    entries = {
        (r, c): v
        for r, row in enumerate(board.grid)
        for c, v in enumerate(row)
        if v not in blank and (r, c) not in board.givens
    }
    if printed.count.value == 0:
        if printed.count.exact:
            return Check("The printed clues alone have no completion: the puzzle itself cannot be solved.", "bad")
        return Check("Could not check: no completion of the printed clues was found within the budget.", "warning")
    if not printed.count.exact:
        return Check("Could not check: the printed clues have too many completions to go through in time.", "warning")
    mistakes = tuple(
        Mistake(p, f"{name(p)} = {v}: {broken.get(p) or f'no completion of the printed clues has {v} here'}")
        for p, v in sorted(entries.items())
        if v not in printed.candidates[p[0]][p[1]]
    )
    several = "" if printed.count.value == 1 else f" (the printed clues allow {printed.count} completions)"
    if mistakes:
        k, n = len(mistakes), len(entries)
        wrong = "Your entry fits" if n == 1 else f"{k} of your {n} entries {'fits' if k == 1 else 'fit'}"
        return Check(f"{wrong} no solution{several}.", "bad", mistakes)
    if not entries:
        return Check(f"No entries of yours to check yet{several}.", "info")
    if together.value == 0 and together.exact:
        return Check("Each entry fits some completion, but not all of them together: one is wrong.", "warning")
    fit = "Your entry fits" if len(entries) == 1 else f"All {len(entries)} of your entries fit"
    return Check(f"{fit} a solution{several}.", "good")


def placement_hint(ladder: Sequence[Rung[Any]], known: Any, *, apply, ended, deadline: Deadline) -> Path:
    """The next step that places a value, with the earlier steps it rests on found whole (`whole_steps_needed`),
    told as one: `steps.next_placement` for boards whose rungs rule out many values at once."""
    return next_placement(ladder, known, apply=apply, ended=ended, deadline=deadline, resting=whole_steps_needed)


def whole_steps_needed(
    ladder: Sequence[Rung[Any]], known: Any, steps: Sequence[Step], apply, deadline: Deadline
) -> list[Step] | None:
    """The steps a placement (the last step) rests on, found whole, latest first: a step is left out when the
    placement is still found without it.

    Boards whose rungs rule out many values at once (line bounds) would
    otherwise weigh each ruled-out value on its own (`steps.needed_steps`), at
    a cost that grows with their square.  Each context weighed is a rung run
    again, a unit of the work `deadline` has left: None when it runs out first.
    """
    *before, last = steps
    placed = [fact for fact in last.sets if fact.holds]
    kept, weighing = list(before), deadline.rest()
    for step in reversed(before):
        if weighing.expired():
            return None
        fewer = [other for other in kept if other is not step]
        after = known
        for other in fewer:
            after = apply(after, other)
        if all(yields(ladder, last.rule, after, fact) for fact in placed):
            kept = fewer
    return [*kept, last]


def within(lowest: int, highest: int, low: int, high: int) -> str:
    """Bounds worked out for a cell, clipped to the values it can hold (low..high) and said as a range:
    "between 5 and 26", "26 only", or "no value of 5..29" (a bound past the puzzle's range is no help to check)."""
    lowest, highest = max(lowest, low), min(highest, high)
    if lowest > highest:
        return f"no value of {low}..{high}"
    return f"{lowest} only" if lowest == highest else f"between {lowest} and {highest}"


def spans(values: list[int]) -> str:
    """Values as a person lists them, runs of three or more shortened: "5..8, 12, 30 and 31"."""
    runs: list[list[int]] = []
    for v in sorted(values):
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return join_words([item for run in runs for item in ([f"{run[0]}..{run[-1]}"] if len(run) > 2 else map(str, run))])


def link_said(step: Step, name: Callable[[Position], str] = cell_name) -> str:
    """One link of a supposition's chain, with the rule and lines that make it:
    "r4c3 = 20 (last cell of a line: row 4)", "r1c2 is not 7 and 8 (sum bounds: column 2)"."""
    placed = [f"{name(fact.at)} = {fact.value}" for fact in step.sets if fact.holds]
    out: dict[Position, list[int]] = {}
    for fact in step.sets:
        if not fact.holds:
            out.setdefault(fact.at, []).append(fact.value)
    facts = join_words([*placed, *(f"{name(at)} is not {spans(values)}" for at, values in out.items())])
    return f"{facts} ({step.rule}: {join_words(list(step.uses))})"


def supposition(
    known: Any,
    position: Position,
    value: int,
    easy: Sequence[Rung[Any]],
    *,
    apply: Callable[[Any, Step], Any],
    dead_end: Callable[[Any], str | None],
    depth: int,
    name: Callable[[Position], str] = cell_name,
) -> Step | None:
    """A board's trial: `value` at `position` followed by the easy rungs to a dead end, each link with its rule and
    line, the links nothing after them uses cut (None: no dead end within `depth` links)."""
    placing, ruling_out = cell_steps(name)
    words = (f"{name(position)} were {value}", f"{name(position)} is not {value}")
    supposed = placing("trial", "", (), (), {position: value})
    said = partial(link_said, name=name)
    pieces = refuting(known, supposed, easy, apply=apply, dead_end=dead_end, depth=depth, said=said, words=words)
    if pieces is None:
        return None
    return in_pages(ruling_out("trial", "", (name(position),), (position,), [(position, value)]), pieces, words[0])
