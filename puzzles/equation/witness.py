"""One solution found fast where the count runs out: a crossword of sums only, balanced as a flow.

When every operator is `+`, a crossword is a table of unknowns with each
row's and column's total given, each unknown in low..high: a transportation
problem.  Less `low`, each unknown is a flow of 0..high-low from its row to
its column, and a flow that carries every row's total to the columns, each
column's total arriving, is a solution.  A maximum flow (shortest augmenting
paths, over at most 10 rows and 10 columns) finds one whenever one exists, in
a few hundred steps where the search's table of a 10-cell sum is out of reach.
"""

from __future__ import annotations

from collections import deque

from puzzles.equation.board import Crossword
from puzzles.numbergrid import Grid

Node = tuple[str, int]  # ("row", r), ("column", c), or the source and the sink
SOURCE: Node = ("source", 0)
SINK: Node = ("sink", 0)


def balanced(puzzle: Crossword) -> Grid | None:
    """A solution of a crossword of sums only (None: some operator is not `+`, or no solution exists)."""
    if any(op != "+" for ops in (*puzzle.row_ops, *puzzle.column_ops) for op in ops):
        return None
    cells = puzzle.cells
    unknown = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v is None]
    rows = [left(puzzle.row_results[r], row, puzzle.low) for r, row in enumerate(cells)]
    columns = [left(total, [row[c] for row in cells], puzzle.low) for c, total in enumerate(puzzle.column_results)]
    if min(rows + columns) < 0 or sum(rows) != sum(columns):
        return None
    room = {SOURCE: {("row", r): need for r, need in enumerate(rows)}, SINK: {}}
    for c, need in enumerate(columns):
        room[("column", c)] = {SINK: need}
    for r, c in unknown:
        room.setdefault(("row", r), {})[("column", c)] = puzzle.high - puzzle.low
    carried = max_flow(room)
    if carried != sum(rows):
        return None
    return tuple(
        tuple(v if v is not None else puzzle.high - room[("row", r)][("column", c)] for c, v in enumerate(row))
        for r, row in enumerate(cells)
    )


def left(total: int, line: list[int | None] | tuple[int | None, ...], low: int) -> int:
    """What a line's unknowns must add up to above `low` each."""
    return total - sum(v for v in line if v is not None) - low * sum(v is None for v in line)


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
