"""How a person solves a Jodici, one deduction at a time: the ladder, cheapest rung first.

1. last field of a sector: a sector's other two digits fix the third (15 minus their sum);
2. last field of a ring: likewise with 30 and the other five;
3. one digit left: every other digit is used twice already, ruled out before, or would leave the
   field's sector or ring a sum its other fields cannot make with the digits still free;
4. only field for a digit: a digit still needed k times has exactly k fields that can take it;
5. the sums that fit: the ways a sector's or a ring's last two or three fields make its sum with the
   digits still free; a field every way fills alike is placed, a digit no way puts in a field is
   ruled out there;
6. last copies: when every way a line can be finished uses up the copies of a digit still free, no
   field outside that line can hold it;
7. trial, said plainly: suppose a digit; the rungs above then run into a field with no digit left,
   so the field does not hold it.

What is known is the board and the digits ruled out so far (`Known`); a step
places digits (facts that hold) or rules digits out (facts that do not).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property, partial
from itertools import product

from puzzles.core import Budget, Deadline, ShouldStop, never
from puzzles.jodici.board import (
    EMPTY,
    RING_SUM,
    RINGS,
    SECTOR_SUM,
    SECTORS,
    USES,
    Jodici,
    conflicts,
    counted,
    label,
)
from puzzles.numbergrid import Position, supposition
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

DIGITS = range(1, 10)
TRIAL_DEPTH = 6  # steps followed after a supposition before it is given up as no help


@dataclass(frozen=True)
class Line:
    """A sector or a ring: its name, its fields, and the sum they make."""

    name: str
    fields: tuple[Position, ...]
    total: int


SECTOR_LINES = tuple(Line(f"sector {c + 1}", tuple((r, c) for r in range(RINGS)), SECTOR_SUM) for c in range(SECTORS))
RING_LINES = tuple(Line(f"ring {r + 1}", tuple((r, c) for c in range(SECTORS)), RING_SUM) for r in range(RINGS))
LINES = SECTOR_LINES + RING_LINES


def lines_through(position: Position) -> tuple[Line, Line]:
    return SECTOR_LINES[position[1]], RING_LINES[position[0]]


@dataclass(frozen=True)
class Known:
    """The board and the digits ruled out so far, with what follows from them at a glance."""

    board: Jodici
    ruled_out: frozenset[tuple[Position, int]] = frozenset()

    def at(self, position: Position) -> int:
        return self.board.grid[position[0]][position[1]]

    @cached_property
    def free(self) -> Counter[int]:
        """How many more times each digit may still be placed."""
        used = Counter(v for row in self.board.grid for v in row if v)
        return Counter({d: USES - used[d] for d in DIGITS if used[d] < USES})

    @cached_property
    def empty(self) -> tuple[Position, ...]:
        return tuple((r, c) for r in range(RINGS) for c in range(SECTORS) if self.board.grid[r][c] == EMPTY)

    @cached_property
    def excluded(self) -> dict[Position, dict[int, str]]:
        """For each empty field, the digits it cannot take and why."""
        return {p: self._exclusions(p) for p in self.empty}

    def allowed(self, position: Position) -> list[int]:
        return self.left[position]

    @cached_property
    def left(self) -> dict[Position, list[int]]:
        """For each empty field, the digits it can still take."""
        return {p: [d for d in DIGITS if d not in ruled_out] for p, ruled_out in self.excluded.items()}

    def open_to(self, position: Position) -> list[int]:
        """The digits an empty field can take as far as the line being finished knows: still free, not ruled out
        (the other line's sum is that line's step to cite)."""
        return [d for d in DIGITS if self.free[d] and (position, d) not in self.ruled_out]

    def needed(self, line: Line) -> int:
        return line.total - sum(self.at(p) for p in line.fields)

    def _exclusions(self, position: Position) -> dict[int, str]:
        found = {}
        for digit in DIGITS:
            if not self.free[digit]:
                found[digit] = "used twice already"
            elif (position, digit) in self.ruled_out:
                found[digit] = "ruled out before"
            else:
                reason = next(
                    (r for line in lines_through(position) if (r := self._sum_reason(line, position, digit))), None
                )
                if reason:
                    found[digit] = reason
        return found

    def _sum_reason(self, line: Line, position: Position, digit: int) -> str | None:
        """Why `digit` at `position` leaves `line` a sum its other empty fields cannot make (None: it can)."""
        others = [p for p in line.fields if p != position and self.at(p) == EMPTY]
        rest = self.needed(line) - digit
        low, high = reach(self.free - Counter({digit: 1}), len(others))
        if low <= rest <= high:
            return None
        if not others:
            return f"{line.name} would make {line.total - rest}, not {line.total}"
        fields = "field" if len(others) == 1 else f"{len(others)} fields"
        return f"{line.name}'s other {fields} would need {rest}, and can make only {low} to {high}"

    @cached_property
    def ways(self) -> dict[Line, list[tuple[int, ...]]]:
        """For each line with two or three empty fields, the digits that finish it, field by field."""
        found = {}
        for line in LINES:
            empty = [p for p in line.fields if self.at(p) == EMPTY]
            if 2 <= len(empty) <= 3:
                needed, digits = self.needed(line), product(*(self.open_to(p) for p in empty))
                found[line] = [w for w in digits if sum(w) == needed and not Counter(w) - self.free]
        return found


def reach(free: Counter[int], fields: int) -> tuple[int, int]:
    """The least and the most `fields` more digits can add up to, drawn from the digits still free."""
    pool = sorted(free.elements())
    if len(pool) < fields:
        return 1, 0  # nothing can fill them
    return sum(pool[:fields]), sum(pool[len(pool) - fields :]) if fields else 0


def empty_of(known: Known, line: Line) -> list[Position]:
    return [p for p in line.fields if known.at(p) == EMPTY]


placing, ruling_out = cell_steps(label)


def plus(digits) -> str:
    return " + ".join(map(str, digits))


# ---------------------------------------------------------------- the rungs


def last_fields(known: Known, lines: tuple[Line, ...], rule: str) -> Iterator[Step]:
    for line in lines:
        empty = empty_of(known, line)
        digit = known.needed(line)
        if len(empty) == 1 and 1 <= digit <= 9:
            (position,) = empty
            have = plus(known.at(p) for p in line.fields if p != position)
            text = f"{line.name} has {have}; its last field, {label(position)}, must be {digit} to make {line.total}."
            yield placing(rule, text, (line.name,), line.fields, {position: digit})


def last_in_sector(known: Known) -> Iterator[Step]:
    return last_fields(known, SECTOR_LINES, "last field of a sector")


def last_in_ring(known: Known) -> Iterator[Step]:
    return last_fields(known, RING_LINES, "last field of a ring")


def one_digit_left(known: Known) -> Iterator[Step]:
    for position in known.empty:
        left = known.allowed(position)
        if len(left) == 1:
            why: dict[str, list[int]] = {}
            for digit, reason in known.excluded[position].items():
                why.setdefault(reason, []).append(digit)
            reasons = "; ".join(f"{join_words([str(d) for d in ds])}: {reason}" for reason, ds in why.items())
            text = f"{label(position)} can only be {left[0]}. {reasons[0].upper()}{reasons[1:]}."
            uses = (label(position), *(line.name for line in lines_through(position)))
            yield placing("one digit left", text, uses, (position,), {position: left[0]})


def only_field(known: Known) -> Iterator[Step]:
    for digit in sorted(known.free):
        fields = [p for p in known.empty if digit not in known.excluded[p]]
        if fields and len(fields) == known.free[digit]:
            times = "once more" if len(fields) == 1 else "twice more"
            broken = {p: known.excluded[p][digit] for p in known.empty if p not in fields}
            broken = {p: reason for p, reason in broken.items() if reason != "ruled out before"}
            sums = [line.name for p in broken for line in lines_through(p) if known._sum_reason(line, p, digit)]
            why = "; ".join(f"{label(p)}: {reason}" for p, reason in broken.items())
            text = (
                f"{digit} is needed {times}, and only {join_words([label(p) for p in fields])} can still take it: "
                f"every other empty field has it ruled out{f' ({why})' if why else ''}."
            )
            uses = (str(digit), *dict.fromkeys(sums))
            yield placing("only field for a digit", text, uses, tuple(fields), dict.fromkeys(fields, digit))


def ways_text(known: Known, line: Line) -> str:
    empty = empty_of(known, line)
    ways = ", ".join(plus(w) for w in known.ways[line])
    fit = "fits" if len(known.ways[line]) == 1 else "fit"
    return (
        f"{line.name} needs {known.needed(line)} more from {join_words([label(p) for p in empty])}; "
        f"with the digits still free only {ways} {fit}"
    )


def sums_that_fit(known: Known) -> Iterator[Step]:
    for line, ways in known.ways.items():
        empty = empty_of(known, line)
        if not ways:
            continue
        for i, position in enumerate(empty):
            digits = {w[i] for w in ways}
            if len(digits) == 1:
                (digit,) = digits
                text = f"{ways_text(known, line)}, so {label(position)} is {digit}."
                yield placing("the sums that fit", text, (line.name,), tuple(empty), {position: digit})
        unused = [(p, d) for i, p in enumerate(empty) for d in known.open_to(p) if d not in {w[i] for w in ways}]
        if unused:
            gone = "; ".join(
                f"{label(p)} is not {join_words([str(d) for q, d in unused if q == p], 'or')}"
                for p in dict.fromkeys(p for p, _ in unused)
            )
            yield ruling_out(
                "the sums that fit", f"{ways_text(known, line)}: {gone}.", (line.name,), tuple(empty), unused
            )


def last_copies(known: Known) -> Iterator[Step]:
    for line, ways in known.ways.items():
        for digit in sorted(known.free):
            if not ways or any(w.count(digit) != known.free[digit] for w in ways):
                continue
            outside = [(p, digit) for p in known.empty if p not in line.fields and digit not in known.excluded[p]]
            if outside:
                copies = "copy" if known.free[digit] == 1 else "two copies"
                text = (
                    f"{ways_text(known, line)}: every way uses the last {copies} of {digit}, "
                    f"so no field outside {line.name} can hold {digit}."
                )
                yield ruling_out("last copies", text, (line.name, str(digit)), line.fields, outside)


EASY: tuple[Rung[Known], ...] = (
    Rung("last field of a sector", "a sector's last field is 15 minus the other two", last_in_sector),
    Rung("last field of a ring", "a ring's last field is 30 minus the other five", last_in_ring),
    Rung("one digit left", "every other digit is used twice, ruled out, or breaks a sum", one_digit_left),
    Rung("only field for a digit", "a digit still needed k times fits in exactly k fields", only_field),
    Rung("the sums that fit", "the ways a line's last fields make its sum decide a field", sums_that_fit),
    Rung("last copies", "a line that must use up a digit's copies keeps it from every other field", last_copies),
)


def dead_end(known: Known) -> str | None:
    """Why the board cannot be finished, as the rungs see it: a broken rule or a field with no digit."""
    if broken := conflicts(known.board):
        position, reason = sorted(broken.items())[0]
        return f"{label(position)}: {reason}"
    for position in known.empty:
        if not known.allowed(position):
            return f"{label(position)} has no digit left"
    for line, ways in known.ways.items():
        if not ways:
            return f"no digits still free finish {line.name}"
    return None


def trial(known: Known) -> Iterator[Step]:
    tries = [(p, d) for p in sorted(known.empty, key=lambda p: len(known.allowed(p))) for d in known.allowed(p)]
    refute = partial(supposition, known, easy=EASY, apply=on_board, dead_end=dead_end, depth=TRIAL_DEPTH, name=label)
    if step := first_found(tries, refute):
        yield step


LADDER: tuple[Rung[Known], ...] = (*EASY, Rung("trial", "suppose a digit and follow it to a contradiction", trial))


ending = ending_when(lambda known: dead_end(known) or not counted(known.board, never)[0], lambda known: known.empty)


def steps(
    board: Jodici,
    *,
    limit: int | None = None,
    budget: Budget | None = None,
    should_stop: ShouldStop = never,
) -> Path:
    """The explained solution, easiest step first; `limit=1` gives the next step alone."""
    deadline = Deadline(budget, should_stop)
    return walk(LADDER, Known(board), apply=on_board, ended=ending, deadline=deadline, limit=limit, clash=dead_end)


def next_step(board: Jodici, *, budget: Budget | None = None, should_stop: ShouldStop = never) -> Path:
    """The hint: the next digit a person can place, with the deductions it rests on."""
    deadline = Deadline(budget, should_stop)
    return next_placement(LADDER, Known(board), apply=on_board, ended=ending, deadline=deadline)


def printed_only(board: Jodici) -> Jodici:
    grid = tuple(
        tuple(v if (r, c) in board.givens else EMPTY for c, v in enumerate(row)) for r, row in enumerate(board.grid)
    )
    return replace(board, grid=grid)
