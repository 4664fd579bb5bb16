"""The flower disk rotation puzzle: turn disks 2..k so every field is covered exactly once.

Each disk has m fields, solid (1) or hole (0).  Disk 1 stays put; rotating a
disk by r shifts its fields left by r (`row[r:] + row[:r]`, the seed's
convention).  With numpy every disk's m rotations are one (m, m) array, and all
m^(k-1) combinations are summed at once by broadcasting: 12^3 = 1,728 boards
for the seed's four disks, checked in a millisecond.

Text format: one disk per line, comma-separated 0/1.  Optional header lines:
`cover: at least one` (default `exactly one`) and `rotations: 0 0 5 11` (the
rotations turned by hand in the app).

`ladder` finds the turns as a person would, one deduction at a time, for
hints (`next_step`) and `solve --steps` (`steps`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from puzzles.core import Budget, Count, PuzzleError, ShouldStop, Status, never, read_number, reads_text, shown
from puzzles.disks import ladder
from puzzles.disks.ladder import LADDER, next_step, steps
from puzzles.numbergrid import content_lines
from puzzles.steps import Check

SOLVE_OPTIONS = ()
BUDGET: Budget | None = None  # always exact, and quick: nothing to limit
COVERS = ("exactly one", "at least one")
__all__ = ["LADDER", "Disks", "analyse", "check", "format", "next_step", "parse", "solve", "steps"]
MAX_CELLS = 40_000_000  # fields x rotations: analyse holds a few int8 arrays this big (7 disks x 12 fields: 36M)


@dataclass(frozen=True)
class Disks:
    rows: tuple[tuple[int, ...], ...]
    cover: str = "exactly one"
    rotations: tuple[int, ...] = ()

    @property
    def fields(self) -> int:
        return len(self.rows[0])

    @property
    def turned(self) -> tuple[int, ...]:
        """The hand rotations, disk 1 always 0."""
        return self.rotations or (0,) * len(self.rows)

    def rotated(self, disk: int) -> tuple[int, ...]:
        r = self.turned[disk]
        row = self.rows[disk]
        return row[r:] + row[:r]

    def turn(self, disk: int, step: int) -> Disks:
        if disk == 0:
            return self
        turned = list(self.turned)
        turned[disk] = (turned[disk] + step) % self.fields
        return replace(self, rotations=tuple(turned))

    def toggle(self, disk: int, field: int) -> Disks:
        """Flip the field shown at `field` (in the disk's turned position)."""
        original = (field + self.turned[disk]) % self.fields
        row = list(self.rows[disk])
        row[original] = 1 - row[original]
        rows = self.rows[:disk] + (tuple(row),) + self.rows[disk + 1 :]
        return replace(self, rows=rows)


HEADER = re.compile(r"\s*(cover|rotations)\s*:\s*(.*?)\s*$", re.IGNORECASE)


@reads_text
def parse(text: str) -> Disks:
    cover, rotations, rows, numbers = "exactly one", (), [], []
    for line in content_lines(text):
        if match := HEADER.match(line.text):
            key, value = match.group(1).lower(), match.group(2).lower()
            if key == "cover":
                if value not in COVERS:
                    raise PuzzleError(
                        "cover is 'exactly one' or 'at least one'", line=line.number, column=match.start(2) + 1
                    )
                cover = value
            else:
                if not re.fullmatch(r"[0-9\s,]*", value):
                    raise PuzzleError(
                        "rotations are whole numbers, disk 1 first", line=line.number, column=match.start(2) + 1
                    )
                rotations = tuple(
                    read_number(number.group(), line=line.number, column=match.start(2) + number.start() + 1)
                    for number in re.finditer(r"[0-9]+", value)
                )
                numbers.append(line.number)
            continue
        fields = []
        for match in re.finditer(r"[^,\s]+", line.text):
            if match.group() not in ("0", "1"):
                raise PuzzleError(
                    f"a field is 0 (hole) or 1 (solid), not {shown(match.group())}",
                    line=line.number,
                    column=match.start() + 1,
                )
            fields.append(int(match.group()))
        if rows and len(fields) != len(rows[0]):
            raise PuzzleError(
                f"this disk has {len(fields)} fields, disk 1 has {len(rows[0])}", line=line.number, column=1
            )
        if len(fields) < 2:
            raise PuzzleError("a disk has at least 2 fields", line=line.number, column=1)
        rows.append(tuple(fields))
        if len(fields) ** len(rows) > MAX_CELLS:
            raise PuzzleError(
                f"{len(rows)} disks of {len(fields)} fields make too many rotations to try", line=line.number, column=1
            )
    if len(rows) < 2:
        raise PuzzleError(f"the puzzle needs at least 2 disks, this file has {len(rows)}", line=1, column=1)
    if rotations:
        if len(rotations) != len(rows) or rotations[0] != 0 or max(rotations) >= len(rows[0]):
            raise PuzzleError(
                f"rotations: one per disk, disk 1 first and 0, each below {len(rows[0])}", line=numbers[-1], column=1
            )
    return Disks(tuple(rows), cover, rotations)


def format(disks: Disks) -> str:
    header = "" if disks.cover == "exactly one" else f"cover: {disks.cover}\n"
    if any(disks.turned):
        header += f"rotations: {' '.join(map(str, disks.turned))}\n"
    return header + "".join(",".join(map(str, row)) + "\n" for row in disks.rows)


# ---------------------------------------------------------------- analysis


def coverage(disks: Disks) -> np.ndarray:
    """(m,)*(k-1) + (m,) array: how many solid parts cover each field, for every rotation."""
    m, k = disks.fields, len(disks.rows)
    total = np.asarray(disks.rows[0], dtype=np.int8).reshape((1,) * (k - 1) + (m,))
    for disk in range(1, k):
        row = np.asarray(disks.rows[disk], dtype=np.int8)
        turns = np.stack([np.roll(row, -r) for r in range(m)])
        shape = [1] * (k - 1) + [m]
        shape[disk - 1] = m
        total = total + turns.reshape(shape)
    return total


def good(disks: Disks, fields: np.ndarray) -> np.ndarray:
    return fields == 1 if disks.cover == "exactly one" else fields >= 1


@dataclass(frozen=True)
class Analysis:
    count: Count
    solutions: tuple[tuple[int, ...], ...]
    explanation: str
    covered: tuple[int, ...]  # how many solid parts cover each field in the hand rotation
    solved: bool = False  # the disks as turned by hand are a solution

    @property
    def status(self) -> Status:
        return Status.SOLVED if self.solved else Status.of(self.count)

    @property
    def headline(self) -> str:
        if not self.count.value:
            return "No solution"
        return self.count.of("solution") + (" — solved as turned" if self.solved else "")


def analyse(
    disks: Disks, *, limit: int = 100, budget: Budget | None = BUDGET, should_stop: ShouldStop = never
) -> Analysis:
    """Every turn of every disk but the first is tried at once (numpy): always exact, so `budget` goes unused."""
    fields = coverage(disks)
    ok = good(disks, fields)
    solved = ok.all(axis=-1)
    solutions = tuple((0, *map(int, index)) for index in zip(*np.nonzero(solved)))
    hand = tuple(int(v) for v in sum(np.asarray(disks.rotated(d)) for d in range(len(disks.rows))))
    explanation = explain(disks, ok, solutions)
    return Analysis(Count(len(solutions)), solutions[:limit], explanation, hand, disks.turned in solutions)


def explain(disks: Disks, ok: np.ndarray, solutions: tuple) -> str:
    """Why there is no solution, or what the solutions are."""
    want = "exactly one solid part" if disks.cover == "exactly one" else "a solid part"
    if solutions:
        listing = "; ".join(" ".join(map(str, s)) for s in solutions[:3])
        return (
            f"{len(solutions)} way{'s' * (len(solutions) != 1)} to turn the disks (rotations, disk 1 first): {listing}."
        )
    never_ok = [j + 1 for j in range(disks.fields) if not ok[..., j].any()]
    if never_ok:
        return f"No solution: field {', '.join(map(str, never_ok))} can never be covered by {want}, however the disks turn."
    best = ok.sum(axis=-1)
    index = np.unravel_index(int(best.argmax()), best.shape)
    return (
        f"No solution: every field can be covered by {want} on its own, but not all at once; "
        f"the best turn (rotations 0 {' '.join(map(str, index))}) covers {int(best.max())} of {disks.fields} fields."
    )


def check(disks: Disks, *, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Check:
    """ "Check my board": each disk turned by hand against every solution (all turns tried at once)."""
    return ladder.check(disks, good(disks, coverage(disks)).all(axis=-1))


@dataclass(frozen=True)
class Report:
    analysis: Analysis

    def to_json(self) -> dict:
        a = self.analysis
        return {"count": a.count.value, "solutions": [list(s) for s in a.solutions], "explanation": a.explanation}

    def to_text(self) -> str:
        return f"{self.analysis.count.of('solution')}\n{self.analysis.explanation}"


def solve(disks: Disks, *, limit: int = 10, budget: Budget | None = BUDGET, should_stop: ShouldStop = never) -> Report:
    return Report(analyse(disks, limit=limit, should_stop=should_stop))
