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

from puzzles.steps import Fact, Path, Step
from puzzles.zebra.cnf import Selected, boolean
from puzzles.zebra.known import apply, known_of
from puzzles.zebra.model import Puzzle
from puzzles.zebra.solver import model_of


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


def literal(puzzle: Puzzle, fact: Fact) -> int:
    """A fact as the cell boolean of `cnf` (negated when the value is not at the object)."""
    c, v = fact.at
    at = boolean(puzzle.n, c * puzzle.n + v, fact.value)
    return at if fact.holds else -at


def cited_clues(step: Step) -> list[int]:
    """The clues a step uses (`clue 4`), numbered from 0."""
    return [int(m.group(1)) - 1 for use in step.uses if (m := re.fullmatch(r"clue (\d+)", use))]


def check(puzzle: Puzzle, path: Path, premises_of=lambda known, step: step.premises) -> Findings:
    """Each step of `path` checked: its cited clues and premises give its facts, and none of them is spare."""
    grid, known, found = Selected(model_of(puzzle)), known_of(puzzle), Findings()
    entails = lambda clues, premises, facts: grid.implies(  # noqa: E731
        clues, [literal(puzzle, f) for f in premises], [literal(puzzle, f) for f in facts]
    )
    try:
        for step in path.steps:
            clues, premises = cited_clues(step), list(premises_of(known, step))
            found.steps += 1
            if not all(holds(known, fact) for fact in premises):
                found.unknown.append(step.text)
            if not entails(clues, premises, step.sets):
                found.too_little.append(step.text)
            elif any(entails([c for c in clues if c != k], premises, step.sets) for k in clues) or any(
                entails(clues, premises[:i] + premises[i + 1 :], step.sets) for i in range(len(premises))
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
