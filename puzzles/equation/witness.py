"""One solution found fast where the count runs out: a crossword of sums only balanced as a flow, one of
products only factored, each prime's powers balanced as a flow.

When every operator is `+`, a crossword is a table of unknowns with each
row's and column's total given, each unknown in low..high: a transportation
problem.  Less `low`, each unknown is a flow of 0..high-low from its row to
its column, and a flow that carries every row's total to the columns, each
column's total arriving, is a solution.  A maximum flow (shortest augmenting
paths, over at most 10 rows and 10 columns) finds one whenever one exists, in
a few hundred steps where the search's table of a 10-cell sum is out of reach.

When every operator is `*`, each prime's exponents add up along a line as the
values do in a sum: the unknowns start at 1, and each prime of the lines'
products, the largest first, is spread as a flow whose room in a cell is the
power of it that still keeps the cell within its bound (where that leaves a
prime no room, the smallest first, then a few seeded orders).  Signs are settled
first: each line with a negative product (its printed values aside) takes an
odd number of negative unknowns, walked up a spanning tree of rows and
columns.  This greedy spreading can miss a solution that exists, never shows
one that is wrong: what it builds is checked line by line.

Any other mix of operators (sums with `-`, sums of products, `/`) is searched
locally: each unknown starts at a seeded value and one at a time takes, of a few
values tried (the one that would meet a line of its own whose terms are added,
a step either way, any), the one that brings the lines' total distance from
their results nearest, where that distance does not grow; a stalled search
starts again.  What it finds is checked line by line as well.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Callable

import numpy as np

from puzzles.core import Deadline, OutOfBudget
from puzzles.equation.board import Crossword, evaluate
from puzzles.numbergrid import Grid, Position

Node = tuple[str, int]  # ("row", r), ("column", c), or the source and the sink
SOURCE: Node = ("source", 0)
SINK: Node = ("sink", 0)
ORDERS = 6  # seeded orders of the primes tried after the largest first and the smallest first
STALL = 50  # changes weighed per unknown without getting nearer before the local search starts again
UNDEFINED = 10**30  # a line's distance from its result where a division is not exact


def witness(puzzle: Crossword, deadline: Deadline) -> Grid | None:
    """A solution of a crossword: balanced where it is of sums only, factored where of products only, else
    searched locally within the deadline's work (None: none found)."""
    operators = {op for ops in (*puzzle.row_ops, *puzzle.column_ops) for op in ops}
    if operators <= {"+"}:
        return balanced(puzzle)
    if operators == {"*"}:
        return factored(puzzle)
    try:
        return searched(puzzle, deadline)
    except OutOfBudget:
        return None


def searched(puzzle: Crossword, deadline: Deadline) -> Grid | None:
    """A solution found by changing one unknown at a time while the lines come no further from their results,
    seeded restarts when it stalls (raises OutOfBudget when the work runs out first)."""
    for attempt in itertools.count():
        search = LocalSearch(puzzle, random.Random(attempt))
        if search.run(deadline) and evaluated(puzzle, grid := filled(puzzle, search.values)):
            return grid
    return None


class LocalSearch:
    """The unknowns' values, each line's distance from its result, and the lines each unknown stands in."""

    def __init__(self, puzzle: Crossword, rng: random.Random) -> None:
        self.puzzle, self.rng = puzzle, rng
        self.lines = [(cells, ops, result) for _, cells, ops, result in puzzle.equations()]
        self.values = {cell: rng.randint(puzzle.low, puzzle.high) for cell in unknowns(puzzle)}
        self.through = {
            cell: [i for i, (cells, _, _) in enumerate(self.lines) if cell in cells] for cell in self.values
        }
        self.off = [self.distance(i) for i in range(len(self.lines))]

    def worth(self, i: int) -> int | None:
        cells, ops, _ = self.lines[i]
        return worth([self.values.get((r, c), self.puzzle.cells[r][c]) for r, c in cells], ops)

    def distance(self, i: int) -> int:
        got = self.worth(i)
        return UNDEFINED if got is None else abs(got - self.lines[i][2])

    def run(self, deadline: Deadline) -> bool:
        """Change values until every line meets its result (True) or `STALL` per unknown bring none nearer."""
        since, stall = 0, STALL * len(self.values)
        while any(self.off):
            deadline.spend()
            if (since := since + 1) > stall:
                return False
            line = self.rng.choice([i for i, d in enumerate(self.off) if d and self.free(i)])
            if self.changed(self.rng.choice(self.free(line)), line):
                since = 0
        return True

    def free(self, i: int) -> list[Position]:
        return [cell for cell in self.lines[i][0] if cell in self.values]

    def changed(self, cell: Position, line: int) -> bool:
        """Give `cell` the nearest of a few values (kept where none is as near); whether the lines came nearer."""
        low, high, old = self.puzzle.low, self.puzzle.high, self.values[cell]
        lines = self.through[cell]
        before = sum(self.off[i] for i in lines)
        meeting = old + self.lines[line][2] - (self.worth(line) or 0)  # meets the line where the cell is a term
        best, nearest = old, before
        for value in sorted({meeting, old + 1, old - 1, self.rng.randint(low, high)} - {old}):
            if low <= value <= high:
                self.values[cell] = value
                if (after := sum(self.distance(i) for i in lines)) <= nearest:
                    best, nearest = value, after
        self.values[cell] = best
        for i in lines:
            self.off[i] = self.distance(i)
        return nearest < before


def worth(values: list[int], ops: tuple[str, ...]) -> int | None:
    """`a op b op c ...` with * and / first, as `board.evaluate` reads it (None: a division not exact)."""
    total, term, sign = 0, values[0], 1
    for op, value in zip(ops, values[1:]):
        if op == "*":
            term *= value
        elif op == "/":
            if value == 0 or term % value:
                return None
            term //= value
        else:
            total, term, sign = total + sign * term, value, 1 if op == "+" else -1
    return total + sign * term


def evaluated(puzzle: Crossword, grid: Grid) -> bool:
    """Every row and column of `grid` meets its result, as the board evaluates it."""
    for _, cells, ops, result in puzzle.equations():
        value, valid = evaluate([np.array([grid[r][c]]) for r, c in cells], ops)
        if not (valid[0] and value[0] == result):
            return False
    return True


def balanced(puzzle: Crossword) -> Grid | None:
    """A solution of a crossword of sums only (None: none exists)."""
    cells = puzzle.cells
    rows = [left(puzzle.row_results[r], row, puzzle.low) for r, row in enumerate(cells)]
    columns = [left(total, [row[c] for row in cells], puzzle.low) for c, total in enumerate(puzzle.column_results)]
    flow = carried(unknowns(puzzle), rows, columns, lambda cell: puzzle.high - puzzle.low)
    if flow is None:
        return None
    return filled(puzzle, {cell: puzzle.low + amount for cell, amount in flow.items()})


def left(total: int, line: list[int | None] | tuple[int | None, ...], low: int) -> int:
    """What a line's unknowns must add up to above `low` each."""
    return total - sum(v for v in line if v is not None) - low * sum(v is None for v in line)


def factored(puzzle: Crossword) -> Grid | None:
    """A solution of a crossword of products only, or None where the spreading finds none (or a product is 0)."""
    lines = [(cells, result) for _, cells, _, result in puzzle.equations()]
    needs = [wanted(puzzle, cells, result) for cells, result in lines]
    if None in needs:
        return None
    unknown = unknowns(puzzle)
    negative = signs(unknown, [need < 0 for need in needs], len(puzzle.cells))
    if negative is None:
        return None
    primes = sorted({p for need in needs for p in factors(abs(need))}, reverse=True)
    for order in (primes, primes[::-1], *(random.Random(seed).sample(primes, len(primes)) for seed in range(ORDERS))):
        values = spread(puzzle, needs, unknown, {cell: -1 if cell in negative else 1 for cell in unknown}, order)
        if values is not None:
            grid = filled(puzzle, values)
            if all(puzzle.low <= v <= puzzle.high for v in values.values()) and holds(grid, lines):
                return grid
    return None


def spread(
    puzzle: Crossword, needs: list[int], unknown: list[Position], values: dict[Position, int], primes: list[int]
) -> dict[Position, int] | None:
    """The unknowns with each prime's powers spread over them in turn, each cell kept within its bound."""
    rows = len(puzzle.cells)
    for prime in primes:
        powers = [exponent(abs(need), prime) for need in needs]
        flow = carried(
            unknown, powers[:rows], powers[rows:], lambda cell, prime=prime: room(values[cell], prime, puzzle)
        )
        if flow is None:
            return None
        for cell, times in flow.items():
            values[cell] *= prime**times
    return values


def wanted(puzzle: Crossword, cells: list[Position], result: int) -> int | None:
    """What a line's unknowns must multiply to (None: 0, or not a whole number)."""
    printed = math.prod(v for r, c in cells if (v := puzzle.cells[r][c]) is not None)
    if result == 0 or printed == 0 or result % printed:
        return None
    return result // printed


def signs(unknown: list[Position], odd: list[bool], rows: int) -> set[Position] | None:
    """Unknowns to make negative so that each line with `odd` set has an odd number of them (None: none can).

    Rows and columns are the nodes of a graph whose edges are the unknowns; a
    node still wanting one more negative passes its edge to its parent in a
    spanning tree, leaves first, and each tree's root must end up content.
    """
    wants = list(odd)
    edges: dict[int, list[tuple[int, Position]]] = {}
    for r, c in unknown:
        edges.setdefault(r, []).append((rows + c, (r, c)))
        edges.setdefault(rows + c, []).append((r, (r, c)))
    negative: set[Position] = set()
    seen: set[int] = set()
    for root in range(len(odd)):
        if root in seen:
            continue
        seen.add(root)
        order, parent = [root], {root: None}
        for node in order:
            for other, cell in edges.get(node, []):
                if other not in seen:
                    seen.add(other)
                    parent[other] = (node, cell)
                    order.append(other)
        for node in reversed(order[1:]):
            if wants[node]:
                up, cell = parent[node]
                negative ^= {cell}
                wants[node], wants[up] = False, not wants[up]
        if wants[root]:
            return None
    return negative


def factors(n: int) -> set[int]:
    """The primes dividing n (trial division: products are at most 9 digits)."""
    found, p = set(), 2
    while p * p <= n:
        while n % p == 0:
            found.add(p)
            n //= p
        p += 1
    return found | ({n} if n > 1 else set())


def exponent(n: int, prime: int) -> int:
    times = 0
    while n % prime == 0:
        n //= prime
        times += 1
    return times


def room(value: int, prime: int, puzzle: Crossword) -> int:
    """How many more factors `prime` a cell holding `value` takes and stays within the range."""
    bound = puzzle.high if value > 0 else -puzzle.low
    times = 0
    while abs(value) * prime ** (times + 1) <= bound:
        times += 1
    return times


def holds(grid: Grid, lines: list[tuple[list[Position], int]]) -> bool:
    return all(math.prod(grid[r][c] for r, c in cells) == result for cells, result in lines)


def unknowns(puzzle: Crossword) -> list[Position]:
    return [(r, c) for r, row in enumerate(puzzle.cells) for c, v in enumerate(row) if v is None]


def filled(puzzle: Crossword, values: dict[Position, int]) -> Grid:
    return tuple(
        tuple(v if v is not None else values[(r, c)] for c, v in enumerate(row)) for r, row in enumerate(puzzle.cells)
    )


def carried(
    unknown: list[Position], rows: list[int], columns: list[int], room_of: Callable[[Position], int]
) -> dict[Position, int] | None:
    """How much of each row's need each unknown carries to its column, every need met (None: they cannot be)."""
    if min(rows + columns, default=0) < 0 or sum(rows) != sum(columns):
        return None
    room = {SOURCE: {("row", r): need for r, need in enumerate(rows)}, SINK: {}}
    for c, need in enumerate(columns):
        room[("column", c)] = {SINK: need}
    for r, c in unknown:
        room.setdefault(("row", r), {})[("column", c)] = room_of((r, c))
    if max_flow(room) != sum(rows):
        return None
    return {(r, c): room[("column", c)][("row", r)] for r, c in unknown}


def max_flow(room: dict[Node, dict[Node, int]]) -> int:
    """Push flow from SOURCE to SINK along shortest paths with room left; `room` is left as the residual network."""
    for node, ends in list(room.items()):
        for end in ends:
            room.setdefault(end, {}).setdefault(node, 0)
    carried = 0
    while (path := shortest_path(room)) is not None:
        pushed = min(room[a][b] for a, b in zip(path, path[1:]))
        for a, b in zip(path, path[1:]):
            room[a][b] -= pushed
            room[b][a] += pushed
        carried += pushed
    return carried


def shortest_path(room: dict[Node, dict[Node, int]]) -> list[Node] | None:
    """The fewest-edge path from SOURCE to SINK with room on every edge (breadth first), or None."""
    came: dict[Node, Node | None] = {SOURCE: None}
    queue = deque([SOURCE])
    while queue:
        node = queue.popleft()
        for end, space in room[node].items():
            if space > 0 and end not in came:
                came[end] = node
                if end == SINK:
                    return walk_back(came)
                queue.append(end)
    return None


def walk_back(came: dict[Node, Node | None]) -> list[Node]:
    path: list[Node] = [SINK]
    while (before := came[path[-1]]) is not None:
        path.append(before)
    return path[::-1]
