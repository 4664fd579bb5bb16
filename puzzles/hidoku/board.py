"""The Hidoku board: its text format, its rules, and the search that counts completions.

Each number k keeps the set of cells it may still occupy, as a bitboard (a
Python int, one bit per cell, with one padding column so that shifting a row
left or right never wraps into the next).  The neighbours of a whole set are
then a handful of shifts, and the reasoning a person does by hand becomes
cheap set algebra:

- k+1 lies next to k, so places(k) ⊆ neighbours(places(k-1)) ∩ neighbours(places(k+1));
  sweeping this forward and backward carries every distance constraint;
- a number with one place owns that cell; a cell that only one number can
  reach belongs to it (hidden single); a cell no number can reach is a
  contradiction;
- a free cell with a single free neighbour is an end of the path or sits
  beside a placed neighbour of its number (dead ends);
- numbers that between them can reach only as many cells as they are fill
  those cells, whatever the order (matching, which covers the runs and
  pockets of free cells a person counts);
- search branches on the cell with the fewest possible numbers, sooner on
  cells whose branches failed before; a branch costs work in proportion to
  the board's area squared (the numbers times the width of their bitboards),
  so a fixed budget is a fixed amount of time on a 30x30 board as on a 10x10.

Text format: rows of cells separated by commas or spaces; a number is a given,
`_`, `-`, `0`, `*`, `x` or `?` is empty, `.` or `#` is blocked.  Lines around
the grid may be a size (`7x7`), `adjacency: orthogonal` for Numbrix rules
(default: king moves), and prose such as a title or `[Problem]` (a following
`[Solution]` section is skipped): see `puzzles.pasted`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from puzzles.core import Budget, Deadline, PuzzleError, matched_number, reads_text, shown
from puzzles.numbergrid import (
    BLOCKED,
    EMPTY,
    Grid,
    Position,
    cell_name,
    format_rows,
    grid_form,
    places_of,
    read_rows,
    repeats,
    replace_cell,
)
from puzzles.pasted import Line, find_board

ADJACENCIES = ("king", "orthogonal")
BUDGET = Budget(work=20_000)  # search work: the same answer on every machine (the screens pass seconds)
MAX_SIDE = 30  # rows and columns; printed Hidatos stop near 20, and at 30 a search stays under 100 MB


@dataclass(frozen=True)
class Hidoku:
    """A board: numbers, `EMPTY` and `BLOCKED` cells; `givens` are the printed clues."""

    grid: Grid
    givens: frozenset[Position] = field(default_factory=frozenset)
    adjacency: str = "king"

    @property
    def size(self) -> int:
        """N: the numbers run 1..N over the open cells."""
        return sum(v != BLOCKED for row in self.grid for v in row)

    @property
    def largest(self) -> int:
        return self.size

    def with_cell(self, position: Position, value: int) -> Hidoku:
        return replace(self, grid=replace_cell(self.grid, position, value), givens=self.givens - {position})


# ---------------------------------------------------------------- text format

SIZE_LINE = re.compile(r"\s*(\d+)\s*[x×]\s*(\d+)\s*$", re.IGNORECASE)
ADJACENCY_LINE = re.compile(r"\s*adjacency\s*:\s*(\S*)\s*$", re.IGNORECASE)


@reads_text
def parse(text: str) -> Hidoku:
    grid, headers = find_board(text, FORM)
    adjacency = "king"
    for line in headers:
        if match := ADJACENCY_LINE.match(line.text):
            adjacency = read_adjacency(match, line)
        elif match := SIZE_LINE.match(line.text):
            size = (matched_number(match, 1, line.number), matched_number(match, 2, line.number))
            if size not in ((len(grid[0]), len(grid)), (len(grid), len(grid[0]))):
                raise PuzzleError(
                    f"the size line says {size[0]}x{size[1]} but the board is {len(grid[0])}x{len(grid)}",
                    line=line.number,
                    column=1,
                )
    # A repeated or too large number is read as it stands: the analysis shows it
    # as a conflict, so a board saved mid-mistake opens again with nothing lost.
    board = Hidoku(grid, frozenset(), adjacency)
    return replace(board, givens=frozenset(p for p, v in cells(board) if v > 0))


def is_header(line: Line) -> bool:
    return bool(ADJACENCY_LINE.match(line.text) or SIZE_LINE.match(line.text))


def read_adjacency(match: re.Match[str], line: Line) -> str:
    adjacency = match.group(1).lower().replace("numbrix", "orthogonal")
    if adjacency not in ADJACENCIES:
        raise PuzzleError(
            f"adjacency is king or orthogonal, not {shown(match.group(1))}", line=line.number, column=match.start(1) + 1
        )
    return adjacency


FORM = grid_form(lambda rows: read_rows(rows, max_side=MAX_SIDE, blocked=True), is_header)


def format(board: Hidoku) -> str:
    header = "" if board.adjacency == "king" else f"adjacency: {board.adjacency}\n"
    return header + format_rows(board.grid)


def cells(board: Hidoku) -> Iterator[tuple[Position, int]]:
    for r, row in enumerate(board.grid):
        for c, value in enumerate(row):
            yield (r, c), value


# ---------------------------------------------------------------- bitboards


class Geometry:
    """Bit positions of a board's cells and the neighbours of a set of cells."""

    def __init__(self, board: Hidoku) -> None:
        self.rows, self.cols = len(board.grid), len(board.grid[0])
        self.stride = self.cols + 1
        self.open = 0
        for (r, c), value in cells(board):
            if value != BLOCKED:
                self.open |= self.bit((r, c))
        self.king = board.adjacency == "king"

    def bit(self, position: Position) -> int:
        return 1 << (position[0] * self.stride + position[1])

    def position(self, bit: int) -> Position:
        return divmod(bit.bit_length() - 1, self.stride)

    def around(self, cells: int) -> int:
        """The cells touching `cells` (and `cells` themselves), open ones only."""
        s = self.stride
        if self.king:
            row = cells | cells << 1 | cells >> 1
            return (row | row << s | row >> s) & self.open
        return (cells | cells << 1 | cells >> 1 | cells << s | cells >> s) & self.open

    def lonely(self, cells: int) -> int:
        """The cells of `cells` with at most one neighbour among them."""
        s = self.stride
        ones = twos = 0
        for step in (1, s - 1, s, s + 1) if self.king else (1, s):
            for shifted in (cells << step & cells, cells >> step & cells):
                twos |= ones & shifted
                ones |= shifted
        return cells & ~twos

    def positions(self, cells: int) -> Iterator[Position]:
        while cells:
            low = cells & -cells
            yield self.position(low)
            cells ^= low


Places = list[int]  # places[k] = bitboard of cells where number k may go (index 0 unused)


def initial_places(board: Hidoku, geometry: Geometry) -> Places:
    n = board.size
    given = {value: geometry.bit(p) for p, value in cells(board) if value > 0}
    taken = sum(given.values())
    return [0] + [given.get(k, geometry.open & ~taken) for k in range(1, n + 1)]


def propagate(places: Places, geometry: Geometry) -> bool:
    """Narrow every number's places to a fixpoint; False on a contradiction.

    The cheap set rules run to their fixpoint first; the dearer matching only
    runs when they are stuck.
    """
    while True:
        before = places[:]
        if not (sweep(places, geometry) and singles(places, geometry) and dead_ends(places, geometry)):
            return False
        if places == before:
            if not matching(places):
                return False
            if places == before:
                return True


def sweep(places: Places, geometry: Geometry) -> bool:
    """k sits next to k-1 and k+1: forward then backward, carrying every distance.

    The neighbours exclude the cells themselves (k and k-1 never share a cell),
    so a number with one place pushes its neighbours off that place at once.
    The shifts are inlined: this loop is most of the solver's time.
    """
    s, board, king = geometry.stride, geometry.open, geometry.king
    n = len(places) - 1
    for order in (range(2, n + 1), range(n - 1, 0, -1)):
        step = 1 if order.step == 1 else -1
        for k in order:
            prev = places[k - step]
            side = prev << 1 | prev >> 1
            column = prev | side if king else prev
            near = side | column << s | column >> s
            p = places[k] & near & board
            if not p:
                return False
            places[k] = p
    return True


def singles(places: Places, geometry: Geometry) -> bool:
    """A number with one place owns it; a cell only one number can reach is that number's."""
    n = len(places) - 1
    once = twice = owned = 0
    for k in range(1, n + 1):
        p = places[k]
        if p & (p - 1) == 0:
            if owned & p:
                return False
            owned |= p
        twice |= once & p
        once |= p
    if geometry.open & ~once:
        return False  # a cell no number can reach
    hidden = once & ~twice & ~owned
    for k in range(1, n + 1):
        p = places[k]
        if p & (p - 1):
            narrowed = p & ~owned
            if narrowed & hidden:
                narrowed &= hidden
                if narrowed & (narrowed - 1):
                    return False  # two cells that only k can fill
            if not narrowed:
                return False
            places[k] = narrowed
    return True


def dead_ends(places: Places, geometry: Geometry) -> bool:
    """A free cell with one free neighbour holds 1, N, or a number placed next to its predecessor or successor.

    The path enters and leaves a cell through two different neighbours, and
    only one of them can be that free cell: the other must already be placed.
    """
    owned = 0
    for p in places[1:]:
        if p & (p - 1) == 0:
            owned |= p
    ends = geometry.lonely(geometry.open & ~owned)
    if not ends:
        return True
    for k in range(2, len(places) - 1):
        p = places[k]
        if p & ends and p & (p - 1):
            placed_beside = 0
            for other in (places[k - 1], places[k + 1]):
                if other & (other - 1) == 0:
                    placed_beside |= other
            p &= ~ends | geometry.around(placed_beside)
            if not p:
                return False
            places[k] = p
    return True


WIDE_OPEN = 16  # places per number beyond which matching costs much and finds little


def matching(places: Places) -> bool:
    """Every number needs a cell of its own: keep only the places some such sharing uses.

    This is Régin's filter for all-different.  Match each unplaced number to a
    free cell; another number's cell x is open to k exactly when k can take x
    and the numbers displaced in turn lead back to k, that is when both lie on
    one cycle (strongly connected component) of "k could take j's cell".
    It expects what `singles` leaves: as many free cells as unplaced numbers.
    On a wide open board (an empty one being typed in) it is skipped.
    """
    loose = [k for k in range(1, len(places)) if places[k] & (places[k] - 1)]
    if sum(places[k].bit_count() for k in loose) > WIDE_OPEN * len(loose):
        return True
    cell_of: dict[int, int] = {}
    owner: dict[int, int] = {}
    for k in loose:
        if not match_number(k, places, cell_of, owner):
            return False
    takes = {k: displaced(places[k] & ~cell_of[k], owner) for k in loose}
    cycle = components(loose, takes)
    for k in loose:
        keep = cell_of[k]
        for j in takes[k]:
            if cycle[j] == cycle[k]:
                keep |= cell_of[j]
        places[k] = keep
    return True


def match_number(k: int, places: Places, cell_of: dict[int, int], owner: dict[int, int]) -> bool:
    """Give k a cell, moving other numbers along the shortest chain of swaps; False if none frees one."""
    came_from: dict[int, int] = {}  # cell -> the number that reached it
    seen, frontier = 0, [k]
    while frontier:
        reached = []
        for j in frontier:
            options = places[j] & ~seen
            seen |= options
            while options:
                cell = options & -options
                options ^= cell
                came_from[cell] = j
                if cell not in owner:
                    while True:  # shift every number on the chain into its new cell
                        j = came_from[cell]
                        previous = cell_of.get(j, 0)
                        cell_of[j], owner[cell] = cell, j
                        if j == k:
                            return True
                        cell = previous
                reached.append(owner[cell])
        frontier = reached
    return False


def displaced(cells: int, owner: dict[int, int]) -> list[int]:
    """The numbers now matched to these cells."""
    found = []
    while cells:
        cell = cells & -cells
        cells ^= cell
        found.append(owner[cell])
    return found


def components(nodes: list[int], edges: dict[int, list[int]]) -> dict[int, int]:
    """Strongly connected components (Tarjan, without recursion): node -> component number."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    component: dict[int, int] = {}
    stack: list[int] = []
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        work = [(root, iter(edges[root]))]
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(edges[child])))
                    break
                if child not in component:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    while True:
                        member = stack.pop()
                        component[member] = node
                        if member == node:
                            break
    return component


def solutions(
    places: Places, geometry: Geometry, deadline: Deadline, failures: dict[int, int] | None = None
) -> Iterator[Places]:
    """Every completion, by branching on the numbers that may fill the most constrained cell.

    `failures` counts, per cell, the branches on it that led nowhere: such a
    cell is tried earlier (dom/wdeg), so a knot in one corner of the board is
    met near the root, once, instead of under every unrelated choice.
    """
    if failures is None:
        failures = {}
    if not propagate(places, geometry):
        return
    cell = branching_cell(places, geometry, failures)
    if not cell:
        yield places
        return
    cost = max(1, (len(places) - 1) ** 2 // 10_000)
    for k in range(1, len(places)):
        if places[k] & cell and places[k] != cell:
            deadline.spend(cost)
            branch = places[:]
            branch[k] = cell
            found = False
            for solution in solutions(branch, geometry, deadline, failures):
                found = True
                yield solution
            if not found:
                failures[cell] = failures.get(cell, 0) + 1


def branching_cell(places: Places, geometry: Geometry, failures: dict[int, int]) -> int:
    """The free cell with the fewest possible numbers per past failure (0 when every number is placed).

    Ties go to the cell with the fewest free neighbours: the likeliest dead end.
    A cell's few numbers split the search far better than a number's few
    places, which tend to be the cells of one open area that stay open whatever
    the choice.
    """
    counts = cell_counts([p for p in places[1:] if p & (p - 1)])
    if not counts:
        return 0
    owned = 0
    for p in places[1:]:
        if not p & (p - 1):
            owned |= p
    scores = {cell: count / (1 + failures.get(cell, 0)) for cell, count in counts.items()}
    best = min(scores.values())
    free = geometry.open & ~owned
    return min(
        (cell for cell, score in scores.items() if score == best),
        key=lambda cell: (geometry.around(cell) & free).bit_count(),
    )


def cell_counts(sets: list[int]) -> dict[int, int]:
    """For each cell (as its bit) in any of `sets`, how many of them hold it.

    Counted as a binary number per cell, one bitboard per binary digit
    (bit-sliced addition), so the cost grows with the number of sets, not
    with the cells in them: a wide open 30x30 board has 800,000 places.
    """
    digits: list[int] = []
    for cells in sets:
        carry = cells
        for i, digit in enumerate(digits):
            digits[i], carry = digit ^ carry, digit & carry
            if not carry:
                break
        if carry:
            digits.append(carry)
    union = 0
    for digit in digits:
        union |= digit
    strings = [bin(digit)[:1:-1] for digit in digits]  # bit i of digit j is strings[j][i]
    counts = {}
    for i, flag in enumerate(bin(union)[:1:-1]):
        if flag == "1":
            counts[1 << i] = sum(1 << j for j, bits in enumerate(strings) if i < len(bits) and bits[i] == "1")
    return counts


def to_grid(board: Hidoku, places: Places, geometry: Geometry) -> Grid:
    grid = [list(row) for row in board.grid]
    for k in range(1, len(places)):
        r, c = geometry.position(places[k])
        grid[r][c] = k
    return tuple(tuple(row) for row in grid)


# ---------------------------------------------------------------- rules


def conflicts(board: Hidoku) -> dict[Position, str]:
    """Cells that break the rules on their own: repeats, too large, consecutive apart."""
    geometry = Geometry(board)
    where = places_of(board.grid)
    found = repeats(board.grid)
    n = board.size
    for position, value in cells(board):
        if value > n:
            found[position] = f"{value} is more than {n}"
    for value, places in where.items():
        follower = where.get(value + 1)
        if follower and len(places) == 1 and len(follower) == 1:
            a, b = places[0], follower[0]
            if not geometry.around(geometry.bit(a)) & geometry.bit(b):
                found[a] = found[b] = f"{value} at {cell_name(a)} and {value + 1} at {cell_name(b)} do not touch"
    return found


def blank(rows: int, cols: int) -> Hidoku:
    """An empty board to type a puzzle into."""
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleError(f"a board is 2..{MAX_SIDE} cells a side, not {rows}x{cols}")
    return Hidoku(tuple((EMPTY,) * cols for _ in range(rows)))
