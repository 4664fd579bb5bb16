"""One completion found fast where the count runs out: a magic square built by the known methods, then moved.

An open board (an empty 8x8 over 1..64) has completions beyond counting, and
the count's search finds none in its budget.  Every order has a classic
square: de la Loubère's (Siamese) for odd sides, the diagonal complement for
sides divisible by 4, Strachey's four quarters for 6.  What keeps a square
magic moves it towards the printed values: the board's eight turns and
mirrors, each value v made high + low - v, an even spread of the values over a
wider range (a·(v - 1) + b where the line sum allows it), and one reordering
of the rows and the same of the columns that keeps the diagonals' cells on
the diagonals (row i and row n-1-i go to a pair of such rows).  A printed
value stands in one cell of such a square, so it fixes where its row and
column go: each way of moving the square is settled in a few steps, or fails.

Printed values no such move meets (most boards blanked from a square of their
own) are met by repair: the square's values put in the free cells, the printed
ones in theirs, then a local search that swaps two free values (or a free value
for one unused) wherever the lines' total distance from the sum does not grow,
starting again from another of the square's shapes when it stalls (seeded:
the same board gives the same answer on every machine).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from puzzles.core import Deadline, OutOfBudget
from puzzles.magic.board import Magic, lines_of
from puzzles.numbergrid import EMPTY, Grid, Position

Square = list[list[int]]  # 1..n*n
MOVED_WORK = 5_000  # squares weighed at most by moving classic ones: the rest of the work repairs them
SWAPS = 16  # swaps weighed per step of the work
STALL = 20  # swaps weighed per free cell without getting nearer before the repair starts again


def built(board: Magic, deadline: Deadline) -> Grid | None:
    """A completion of `board` from a classic square moved, or else repaired, to its printed values (None: no
    way found one)."""
    printed = {(r, c): v for r, row in enumerate(board.grid) for c, v in enumerate(row) if v != EMPTY}
    share = deadline.portion(MOVED_WORK)
    found = moved(board, printed, share)
    deadline.charge(share)
    try:
        return found or repaired(board, printed, deadline)
    except OutOfBudget:
        return None


def moved(board: Magic, printed: dict[Position, int], deadline: Deadline) -> Grid | None:
    """A classic square turned, complemented, spread and reordered to hold the printed values."""
    try:
        for base in squares(board.n, deadline):
            for square in spread(board, base):
                deadline.spend()
                if (result := reordered(square, printed)) is not None:
                    return tuple(map(tuple, result))
    except OutOfBudget:
        pass
    return None


def repaired(board: Magic, printed: dict[Position, int], deadline: Deadline) -> Grid | None:
    """A completion found by swapping free values until every line reaches the sum, from the classic square's
    shapes in turn (raises OutOfBudget when the work runs out first)."""
    n = board.n
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in printed]
    spare = sorted(set(range(board.low, board.high + 1)) - set(printed.values()))
    if not free or len(spare) < len(free):
        return None
    starts = [list(itertools.chain.from_iterable(s)) for s in spread(board, classic(n))] or [[]]
    for attempt in itertools.count():
        repair = Repair(board, printed, free, spare, random.Random(attempt))
        if repair.run(starts[attempt % len(starts)], deadline, STALL * len(free)):
            return repair.grid()
    return None


class Repair:
    """Free cells' values and the lines' sums, kept up to date as two values swap."""

    def __init__(
        self, board: Magic, printed: dict[Position, int], free: list[Position], spare: list[int], rng: random.Random
    ) -> None:
        self.board, self.printed, self.free, self.rng = board, printed, free, rng
        self.lines = [cells for _, cells in lines_of(board.n)]
        self.through = [tuple(i for i, line in enumerate(self.lines) if cell in line) for cell in free]
        self.spare = spare

    def run(self, start: list[int], deadline: Deadline, stall: int) -> bool:
        """Swap until every line meets the sum (True) or `stall` swaps in a row bring it no nearer (False).

        Half the swaps bring a needy line's cell the value that would meet its need, or one near it; the
        others any value, so the search does not circle."""
        total, rng, size = self.board.total, self.rng, len(self.free)
        held = self.started(start)  # the free cells' values, then the unused ones
        held += sorted(set(self.spare) - set(held))
        slot = {value: i for i, value in enumerate(held)}
        sums = [total - sum(self.printed.get(cell, 0) for cell in line) for line in self.lines]
        for i, value in enumerate(held[:size]):
            for line in self.through[i]:
                sums[line] -= value
        off = sum(map(abs, sums))  # sums[line]: what the line still needs
        where = [[i for i, cell in enumerate(self.free) if cell in line] for line in self.lines]
        best, since = off, 0
        for weighed in itertools.count():
            if weighed % SWAPS == 0:
                deadline.spend()
            if not off:
                self.values = held[:size]
                return True
            if since > stall:
                return False
            since += 1
            line = rng.choice([line for line, need in enumerate(sums) if need and where[line]])
            a = rng.choice(where[line])
            old = held[a]
            b = slot.get(old + sums[line] + rng.randint(-1, 1), a) if weighed % 2 else rng.randrange(len(held))
            if b == a:
                continue
            new = held[b]
            change = dict.fromkeys(self.through[a], old - new)
            if b < size:
                for line in self.through[b]:
                    change[line] = change.get(line, 0) + new - old
            nearer = sum(abs(sums[line] + d) - abs(sums[line]) for line, d in change.items())
            if nearer > 0:
                continue
            for line, d in change.items():
                sums[line] += d
            off += nearer
            held[a], held[b], slot[new], slot[old] = new, old, a, b
            if off < best:
                best, since = off, 0
        return False

    def started(self, start: list[int]) -> list[int]:
        """The start's values in the free cells where not printed elsewhere; the other free cells take the
        spare values left, shuffled."""
        n, spare = self.board.n, set(self.spare)
        values = [start[r * n + c] if start and start[r * n + c] in spare else None for r, c in self.free]
        kept = [v for v in values if v is not None]
        if len(set(kept)) < len(kept):
            values, kept = [None] * len(values), []
        rest = sorted(spare - set(kept))
        self.rng.shuffle(rest)
        return [rest.pop() if v is None else v for v in values]

    def grid(self) -> Grid:
        n = self.board.n
        filled = dict(self.printed) | dict(zip(self.free, self.values))
        return tuple(tuple(filled[r, c] for c in range(n)) for r in range(n))


def squares(n: int, deadline: Deadline) -> Iterator[Square]:
    """The classic square, then on odd sides the cyclic ones: n·X + Y + 1, X and Y each a step along rows and
    columns mod n (each a step of the work to weigh)."""
    yield classic(n)
    if n % 2:
        for x, y in itertools.product(itertools.product(range(1, n), range(1, n), range(n)), repeat=2):
            deadline.spend()
            square = [[n * cyclic(x, r, c, n) + cyclic(y, r, c, n) + 1 for c in range(n)] for r in range(n)]
            if magic(square) and len({v for row in square for v in row}) == n * n:
                yield square


def cyclic(steps: tuple[int, int, int], r: int, c: int, n: int) -> int:
    """(down·r + across·c + start) mod n."""
    down, across, start = steps
    return (down * r + across * c + start) % n


def classic(n: int) -> Square:
    """A magic square of 1..n*n by the method its side calls for."""
    if n % 2:
        return siamese(n)
    return complemented(n) if n % 4 == 0 else strachey(n)


def siamese(n: int) -> Square:
    """De la Loubère: 1 in the middle of the top row, each next number up and right, down instead where taken."""
    square = [[0] * n for _ in range(n)]
    r, c = 0, n // 2
    for k in range(1, n * n + 1):
        square[r][c] = k
        up, right = (r - 1) % n, (c + 1) % n
        r, c = (up, right) if not square[up][right] else ((r + 1) % n, c)
    return square


def complemented(n: int) -> Square:
    """Sides divisible by 4: 1..n*n row by row, each cell on a 4x4 block's diagonals made n*n + 1 - itself."""
    return [
        [n * n - (r * n + c) if r % 4 == c % 4 or (r % 4) + (c % 4) == 3 else r * n + c + 1 for c in range(n)]
        for r in range(n)
    ]


def strachey(n: int) -> Square:
    """Sides 4k+2: four Siamese quarters (top left, bottom right, top right, bottom left, each a quarter's values
    on), then the left k columns of the top and bottom left quarters swapped (the middle row's one column in)
    and the right k-1 columns of the right quarters."""
    m, k = n // 2, (n - 2) // 4
    quarter = siamese(m)
    square = [[0] * n for _ in range(n)]
    for (top, left), offset in (((0, 0), 0), ((m, m), m * m), ((0, m), 2 * m * m), ((m, 0), 3 * m * m)):
        for r in range(m):
            for c in range(m):
                square[top + r][left + c] = quarter[r][c] + offset
    for r in range(m):
        columns = [*(range(1, k + 1) if r == m // 2 else range(k)), *range(n - k + 1, n)]
        for c in columns:
            square[r][c], square[r + m][c] = square[r + m][c], square[r][c]
    return square


def spread(board: Magic, square: Square) -> Iterator[Square]:
    """The square's turns, mirrors and complements, with its values spread over the board's range to its sum."""
    n = board.n
    most = n * n
    for a in range(1, (board.high - board.low) // (most - 1) + 1):
        b, off = divmod(board.total - a * (n * (most + 1) // 2 - n), n)
        if off or b < board.low or b + a * (most - 1) > board.high:
            continue
        for shape in shapes(square):
            for values in (shape, [[most + 1 - v for v in row] for row in shape]):
                yield [[a * (v - 1) + b for v in row] for row in values]


def shapes(square: Square) -> Iterator[Square]:
    """The square turned four ways, each also mirrored."""
    for _ in range(4):
        yield square
        yield [row[::-1] for row in square]
        square = [list(row) for row in zip(*square[::-1])]


def reordered(square: Square, printed: dict[tuple[int, int], int]) -> Square | None:
    """The square with its rows and columns reordered alike to hold the printed values (None: no such order).

    Index i goes to order[i], and n-1-i to n-1-order[i], so the diagonals stay
    diagonals; each printed value fixes where its row and its column come from.
    """
    n = len(square)
    where = {v: (r, c) for r, row in enumerate(square) for c, v in enumerate(row)}
    order: dict[int, int] = {}
    for (r, c), value in printed.items():
        if value not in where:
            return None
        for i, j in zip((r, c), where[value]):
            for a, b in ((i, j), (n - 1 - i, n - 1 - j)):
                if order.setdefault(a, b) != b:
                    return None
    if len(set(order.values())) < len(order):
        return None
    free = [j for j in range(n // 2) if j not in order.values()]
    for i, j in zip([i for i in range(n // 2) if i not in order], free):
        order[i], order[n - 1 - i] = j, n - 1 - j
    order.setdefault(n // 2, n // 2)  # the middle row of an odd side stays in the middle
    result = [[square[order[r]][order[c]] for c in range(n)] for r in range(n)]
    return result if all(result[r][c] == v for (r, c), v in printed.items()) and magic(result) else None


def magic(square: Square) -> bool:
    """Every row, column and diagonal of one sum."""
    sums = {sum(square[r][c] for r, c in cells) for _, cells in lines_of(len(square))}
    return len(sums) == 1
