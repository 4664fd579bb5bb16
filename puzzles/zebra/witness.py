"""Exact marks by witnesses: a value is possible at an object only if some solution puts it there.

A SAT solver (CaDiCaL through python-sat) holds the puzzle as clauses
(`cnf`).  For each cell still open, neither seen in a solution found so far
nor proved empty, it is asked for a solution with that cell under an
assumption: a solution marks every cell it uses at once (and the solver is
told to prefer the cells still open, so each answer covers many), a refusal
proves the cell empty.  Cells propagation already ruled out are never asked.

Each call spends one unit of the work budget and may use at most
`CONFLICTS` conflicts, so the answer is the same on every machine; the
cancel check runs between calls.  What the budget leaves undecided stays
possible, and the result says it is not exact.
"""

from __future__ import annotations

from dataclasses import dataclass

from pysat.solvers import Solver

from puzzles.core import Deadline
from puzzles.zebra.cnf import cnf_of
from puzzles.zebra.solver import Model, bits, single

CONFLICTS = 20_000
"""Conflicts one call may use: generous for a logic grid (an 8 x 8 clue list needs a few hundred in all)."""
SOLVER = "cadical195"


@dataclass(frozen=True)
class Witnessed:
    """Per value of the puzzle (model variables 0..cells-1), the objects some solution puts it at."""

    possible: tuple[int, ...]
    exact: bool  # every other object is proved empty (not merely left undecided by the budget)
    some: tuple[int, ...] | None  # one solution, each variable's object, or None when none was found

    @property
    def solvable(self) -> bool | None:
        """Whether some solution exists (None: the budget ran out before either was shown)."""
        if self.some is not None:
            return True
        return False if self.exact else None

    @property
    def unique(self) -> bool:
        return self.exact and self.some is not None and all(single(d) for d in self.possible)


def witnesses(model: Model, domains: list[int], deadline: Deadline) -> Witnessed:
    """The exact objects of every value, asking the solver only about cells `domains` (propagated) leave open."""
    cnf = cnf_of(model)
    cells = cnf.cells
    open_ = {cnf.boolean(x, o) for x in range(cells) for o in bits(domains[x])}
    possible, some = [0] * cells, None
    with Solver(name=SOLVER, bootstrap_with=cnf.clauses) as solver:
        while open_ and not deadline.expired():
            cell = min(open_) if some else None  # the first call asks for any solution at all
            solver.set_phases(sorted(open_))
            solver.conf_budget(CONFLICTS)
            answer = solver.solve_limited(assumptions=[cell] if cell else [])
            if answer is None:
                break
            if not answer:
                if cell is None:  # no solution at all
                    return Witnessed(tuple(possible), True, None)
                open_.discard(cell)
                continue
            solution = [0] * cells
            for literal in solver.get_model()[: cells * cnf.n]:
                if literal > 0:
                    x, o = cnf.place(literal)
                    solution[x] = o
                    possible[x] |= 1 << o
                    open_.discard(literal)
            some = some or tuple(solution)
    for cell in open_:  # left undecided by the budget: shown possible
        x, o = cnf.place(cell)
        possible[x] |= 1 << o
    return Witnessed(tuple(possible), not open_, some)
