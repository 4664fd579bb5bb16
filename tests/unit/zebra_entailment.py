"""An entailment checker for Zebra steps: what a step cites gives what it settles, and nothing cited is spare.

Independent of the ladder's propagation: the puzzle as clauses (`cnf`), one
selector boolean per clue, so a SAT solver decides for each step whether the
rules (each value at one object, each object one value per category), the
clues the step `uses` and its `premises` (earlier facts) imply every fact it
`sets`; and whether, without any one cited clue or premise, they still do
(then it was cited in excess).  A premise must also be known already: true
of the marks the earlier steps left.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pysat.solvers import Solver

from puzzles.steps import Fact, Path, Step
from puzzles.zebra.cnf import cnf_of
from puzzles.zebra.ladder import apply, known_of, part
from puzzles.zebra.model import Puzzle
from puzzles.zebra.solver import Apart, model_of


@dataclass
class Findings:
    """What the checker found over some walks: steps checked, and the texts of those citing too little or too much."""

    steps: int = 0
    too_little: list[str] = field(default_factory=list)
    too_much: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # a premise no earlier step settled

    def __iadd__(self, other: Findings) -> Findings:
        self.steps += other.steps
        self.too_little += other.too_little
        self.too_much += other.too_much
        self.unknown += other.unknown
        return self


class Grid:
    """The puzzle's clauses in one solver: the rules always, each clue's behind a selector assumed when cited."""

    def __init__(self, puzzle: Puzzle) -> None:
        model = model_of(puzzle)
        self.n = model.n
        rules = cnf_of(part(model, [c for c in model.constraints if isinstance(c, Apart)])).clauses
        bare = set(cnf_of(part(model, [])).clauses)
        cells = model.size * model.n  # the cells' and channels' booleans; a wide table's choices come after
        self.solver = Solver(name="minisat22", bootstrap_with=rules)
        self.selectors: list[int] = []
        free = cells + 1
        for k in range(len(puzzle.clues)):
            clauses = [c for c in cnf_of(part(model, [c for c in model.constraints if c.clue == k])).clauses]
            extra = max((abs(lit) for c in clauses for lit in c), default=0) - cells
            for clause in clauses:
                if clause not in bare:
                    self.solver.add_clause([-free, *(renumbered(lit, cells, free) for lit in clause)])
            self.selectors.append(free)
            free += max(extra, 0) + 1

    def literal(self, fact: Fact) -> int:
        c, v = fact.at
        at = (c * self.n + v) * self.n + fact.value + 1
        return at if fact.holds else -at

    def entails(self, clues: list[int], premises: list[Fact], facts: tuple[Fact, ...]) -> bool:
        """Whether the rules, these clues and premises imply every one of `facts`."""
        given = [self.selectors[k] for k in clues] + [self.literal(f) for f in premises]
        return all(not self.solver.solve(assumptions=[*given, -self.literal(f)]) for f in facts)


def renumbered(literal: int, cells: int, free: int) -> int:
    """A clue's literal in the shared solver: a wide table's own booleans moved above `free`, its selector."""
    if abs(literal) <= cells:
        return literal
    return literal - cells + free if literal > 0 else literal + cells - free


def cited_clues(step: Step) -> list[int]:
    """The clues a step uses (`clue 4`), numbered from 0."""
    return [int(m.group(1)) - 1 for use in step.uses if (m := re.fullmatch(r"clue (\d+)", use))]


def check(puzzle: Puzzle, path: Path, premises_of=lambda known, step: step.premises) -> Findings:
    """Each step of `path` checked: its cited clues and premises give its facts, and none of them is spare."""
    grid, known, found = Grid(puzzle), known_of(puzzle), Findings()
    try:
        for step in path.steps:
            clues, premises = cited_clues(step), list(premises_of(known, step))
            found.steps += 1
            if not all(holds(known, fact) for fact in premises):
                found.unknown.append(step.text)
            if not grid.entails(clues, premises, step.sets):
                found.too_little.append(step.text)
            elif any(grid.entails([c for c in clues if c != k], premises, step.sets) for k in clues) or any(
                grid.entails(clues, premises[:i] + premises[i + 1 :], step.sets) for i in range(len(premises))
            ):
                found.too_much.append(step.text)
            known = apply(known, step)
    finally:
        grid.solver.delete()
    return found


def holds(known, fact: Fact) -> bool:
    """Whether the marks already settle `fact`."""
    c, v = fact.at
    mask = known.domains[c * known.puzzle.n + v]
    return mask == 1 << fact.value if fact.holds else not mask >> fact.value & 1
