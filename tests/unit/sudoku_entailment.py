"""A Sudoku step checker: what a step cites, with the rules, entails what it concludes.

A person sees the whole grid (every value placed) but knows a cell's ruled-out
candidates only where the step points to it: the cells in its `where`, the
units and cells it names in `uses` and its text, the cells it settles.  Every
other empty cell keeps every value its peers leave.  From that alone,
supposing the opposite of each fact the step settles must reach a dead end
by naked and hidden singles (and cage sums), ruling out on the way every
cited candidate whose own supposition reaches a dead end by singles
(`with_inner_suppositions`): that is how a subset, a fish, a chain, a forcing
chain or a nested supposition is followed, one level deep.  The rule of 45
adds cages up, which propagation does not: its step is checked by sums
(`added_up`), the cited unit less any of the cages reaching into it leaving
one open cell a value.

Propagation is the search's own compiled loop (`puzzles.sudoku.kernel`).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import numpy as np

from puzzles import sudoku
from puzzles.core import Deadline
from puzzles.numbergrid import Position
from puzzles.steps import Step
from puzzles.sudoku.known import Known, bit
from puzzles.sudoku.search import cage_arrays, combos, loop, search, tables

CELL = re.compile(r"\br(\d+)c(\d+)\b")


def cited_cells(known: Known, step: Step) -> set[Position]:
    """The cells whose candidates the step points to."""
    names = {unit.name: unit.cells for unit in known.shape.units}
    cited = {p for p in step.where if isinstance(p, tuple)} | {fact.at for fact in step.sets}
    for use in step.uses:
        cited |= set(names.get(use, ()))
    for text in (step.text, *step.uses):
        cited |= {(int(r) - 1, int(c) - 1) for r, c in CELL.findall(text)}
    return cited


def cited_board(known: Known, cited: set[Position]) -> np.ndarray:
    """Candidates as the person following the step knows them: ruled-out values only in cited cells."""
    n, grid = known.board.n, known.board.grid
    out = np.zeros(n * n, dtype=np.int32)
    for r in range(n):
        for c in range(n):
            if grid[r][c]:
                out[r * n + c] = bit(grid[r][c])
            elif (r, c) in cited:
                out[r * n + c] = known.cands[(r, c)]
            else:
                out[r * n + c] = known.full & ~sum(bit(v) for q in known.shape.peers[(r, c)] if (v := known.at(q)))
    return out


def singles(known: Known, state: np.ndarray) -> np.ndarray | None:
    """Naked and hidden singles and cage sums to a fixpoint; None at a dead end (a cell with nothing left too)."""
    board = known.board
    t = tables(board.n, board.diagonal)
    table = combos(board.n) if board.cages else combos(10)
    if not state.all():
        return None
    state = state.copy()
    done = np.zeros(len(state), dtype=np.int8)
    queue = np.zeros(len(state), dtype=np.int32)
    fixed = (t.peers, t.npeers, t.units, t.popc, t.low, *cage_arrays(board), table, t.full)
    return state if loop(False).propagate(state, done, queue, *fixed) else None


def with_inner_suppositions(known: Known, state: np.ndarray, cited: set[Position]) -> np.ndarray | None:
    """Singles, then every cited candidate whose supposition dies by singles ruled out, until nothing changes."""
    n = known.board.n
    while (state := singles(known, state)) is not None:
        dead = [
            (i, b)
            for i in (r * n + c for r, c in cited)
            for b in (1 << k for k in range(n))
            if state[i] & b and state[i] != b and singles(known, supposed(state, i, b)) is None
        ]
        if not dead:
            return state
        for i, b in dead:
            state[i] &= ~b
    return None


def supposed(state: np.ndarray, i: int, mask: int) -> np.ndarray:
    trying = state.copy()
    trying[i] = mask
    return trying


def added_up(known: Known, step: Step) -> list[str]:
    """The facts of a rule-of-45 step its cited unit and the cages reaching into it do not settle: the unit adds up
    to 1 + ... + n, each cage to its total, so the unit less some of those cages is a sum too; where it leaves one
    open cell (the placed values known), that cell is the difference."""
    units = {unit.name: unit for unit in known.shape.units}
    settled: dict[Position, set[int]] = {}
    for unit in (units[use] for use in step.uses if use in units):
        n = known.board.n
        touching = [cage for cage in known.board.cages if set(cage.cells) & set(unit.cells)]
        for chosen in itertools.product((False, True), repeat=len(touching)):
            weights, made = Counter(dict.fromkeys(unit.cells, 1)), n * (n + 1) // 2
            for cage in itertools.compress(touching, chosen):
                weights.subtract(dict.fromkeys(cage.cells, 1))
                made -= cage.total
            made -= sum(w * known.at(p) for p, w in weights.items() if known.at(p))
            open_cells = [(p, w) for p, w in weights.items() if w and not known.at(p)]
            if len(open_cells) == 1 and open_cells[0][1] in (1, -1):
                ((p, w),) = open_cells
                settled.setdefault(p, set()).add(made * w)
    return [fact.said for fact in step.sets if not fact.holds or settled.get(fact.at) != {fact.value}]


def entailed(known: Known, step: Step) -> list[str]:
    """The facts of `step` that its citations do not entail (empty: the step checks)."""
    if step.rule == "rule of 45":
        return added_up(known, step)
    cited = cited_cells(known, step)
    board = cited_board(known, cited)
    n, missing = known.board.n, []
    for fact in step.sets:
        i = fact.at[0] * n + fact.at[1]
        opposite = supposed(board, i, (board[i] & ~bit(fact.value)) if fact.holds else bit(fact.value))
        if with_inner_suppositions(known, opposite, cited) is not None:
            missing.append(fact.said)
    return missing


def generated(seed: int, clues: int = 0) -> sudoku.Sudoku:
    """A seeded 9x9 with one solution: a shuffled solved grid, clues taken away (down to `clues`) while the solution
    stays unique."""
    rng = random.Random(seed)
    base = search(sudoku.blank(9), limit=1, keep=1, deadline=Deadline()).solutions[0]
    board = shuffled(sudoku.parse("".join(str(v) for row in base for v in row)), rng)
    cells = [(r, c) for r in range(9) for c in range(9)]
    rng.shuffle(cells)
    for p in cells:
        if sum(v > 0 for row in board.grid for v in row) <= clues:
            break
        fewer = board.with_cell(p, 0)
        if search(fewer, limit=2, keep=0, deadline=Deadline()).count == 1:
            board = fewer
    return board


def shuffled(board: sudoku.Sudoku, rng: random.Random) -> sudoku.Sudoku:
    """The same 9x9 puzzle in other clothes: digits relabelled, bands, stacks, rows and columns within them
    shuffled (as hard as the original, its cells elsewhere)."""
    digits = [0, *rng.sample(range(1, 10), 9)]
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    columns = [s * 3 + c for s in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    return sudoku.parse("".join(str(digits[board.grid[r][c]]).replace("0", ".") for r in rows for c in columns))
