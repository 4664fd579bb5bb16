"""The techniques past the singles: locked candidates, cage sums, naked and hidden subsets, fish, the XY-wing.

Each is a function from what is known to the steps it finds, in the
puzzle's words; the ladder orders them.  Every one rules candidates out
(a cage with one open cell also places its digit).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from puzzles.steps import Step, join_words
from puzzles.sudoku.board import label, symbol
from puzzles.sudoku.known import Known, bit, cells_said, gone_text, placing, ruling_out, said, values


def locked(known: Known, rule: str, boxes_first: bool) -> Iterator[Step]:
    """A value whose places in one unit all lie in a second unit leaves the rest of the second.

    `boxes_first`: the places are in a box and lie on one line (pointing);
    otherwise they are on a line (or a diagonal) and lie in one box (box-line reduction).
    """
    shape = known.shape
    boxes = {id(box) for box in shape.boxes()}  # units compared by identity: comparing their cells costs
    inner = [u for u in shape.units if (id(u) in boxes) == boxes_first]
    outer = [u for u in shape.units if (id(u) in boxes) != boxes_first]
    for unit in inner:
        for value in known.missing(unit):
            places = known.places(unit, value)
            if len(places) < 2:
                continue
            for other in outer:
                if not set(places) <= set(other.cells):
                    continue
                gone = [(p, value) for p in known.places(other, value) if p not in places]
                if gone:
                    text = (
                        f"In {unit.name}, {symbol(value)} can only go in {cells_said(places)}, all in {other.name}: "
                        f"{symbol(value)} goes there, so {gone_text(gone)}."
                    )
                    yield ruling_out(rule, text, (unit.name, other.name), tuple(places), gone)


def pointing(known: Known) -> Iterator[Step]:
    return locked(known, "pointing", boxes_first=True)


def box_line(known: Known) -> Iterator[Step]:
    return locked(known, "box-line reduction", boxes_first=False)


def cage_sums(known: Known) -> Iterator[Step]:
    """A cage's open cells take only the digits of the sets of distinct free digits that make its remaining sum."""
    from puzzles.sudoku.search import combos

    if not known.board.cages:
        return
    table = combos(known.board.n)
    for cage in known.board.cages:
        placed = [known.at(p) for p in cage.cells if known.at(p)]
        open_cells = [p for p in cage.cells if p in known.cands]
        rest = cage.total - sum(placed)
        if not open_cells or not 0 < rest < table.shape[2]:
            continue
        free = known.full & ~sum(bit(v) for v in set(placed))
        allowed = int(table[free, len(open_cells), rest])
        name = f"the cage of {cage.total} at {label(cage.cells[0])}"
        needs = f"The cage of {cage.total} at {label(cage.cells[0])} needs {rest} more from {cells_said(open_cells)}"
        if len(open_cells) == 1 and allowed & known.cands[open_cells[0]]:
            (p,) = open_cells
            yield placing("cage sum", f"{needs}: {label(p)} is {rest}.", (name,), cage.cells, {p: rest})
            continue
        gone = [(p, v) for p in open_cells for v in values(known.cands[p] & ~allowed)]
        if gone:
            text = f"{needs}; only the digits {said(allowed)} can make it without repeats, so {gone_text(gone)}."
            yield ruling_out("cage sum", text, (name,), cage.cells, gone)


def rule_of_45(known: Known) -> Iterator[Step]:
    """A unit adds up to 1 + ... + n: the cages wholly inside it leave its one other cell the difference (an innie),
    and the cages that reach into it and cover it leave their one cell outside it the excess (an outie)."""
    n, cages = known.board.n, known.board.cages
    total = n * (n + 1) // 2
    for unit in known.shape.units if cages else ():
        cells = set(unit.cells)
        inside = [cage for cage in cages if set(cage.cells) <= cells]
        rest = [p for p in unit.cells if not any(p in cage.cells for cage in inside)]
        touching = [cage for cage in cages if cells & set(cage.cells)]
        outside = [p for cage in touching for p in cage.cells if p not in cells]
        found = []
        if inside and len([p for p in rest if p in known.cands]) == 1:
            made = sum(cage.total for cage in inside) + sum(known.at(p) for p in rest)
            found.append((rest, total - made, f"the cages wholly inside it make {made}"))
        if cells <= {p for cage in touching for p in cage.cells} and len([p for p in outside if p in known.cands]) == 1:
            made = sum(cage.total for cage in touching) - sum(known.at(p) for p in outside)
            found.append((outside, made - total, f"the cages reaching into it cover it and make {made}"))
        for places, value, why in found:
            (p,) = [p for p in places if p in known.cands]
            if 1 <= value <= n and known.cands[p] & bit(value):
                placed = " with the values placed" if any(known.at(q) for q in places) else ""
                text = f"{unit.name} adds up to {total}; {why}{placed}, so {label(p)} is {symbol(value)}."
                yield placing("rule of 45", text, (unit.name,), unit.cells, {p: value})


def naked(size: int, rule: str):
    """k cells of a unit whose candidates together are k values: those values leave the unit's other cells."""

    def find(known: Known) -> Iterator[Step]:
        for unit in known.shape.units:
            cells = [p for p in known.open_cells(unit) if bin(known.cands[p]).count("1") <= size]
            for group in combinations(cells, size):
                union = 0
                for p in group:
                    union |= known.cands[p]
                if bin(union).count("1") != size:
                    continue
                gone = [
                    (q, v) for q in known.open_cells(unit) if q not in group for v in values(known.cands[q] & union)
                ]
                if gone:
                    text = (
                        f"In {unit.name}, {cells_said(group)} hold only {said(union)} between them, "
                        f"so those values go there and nowhere else in {unit.name}: {gone_text(gone)}."
                    )
                    yield ruling_out(rule, text, (unit.name,), group, gone)

    return find


def hidden(size: int, rule: str):
    """k values of a unit with only k cells between them: those cells hold nothing else."""

    def find(known: Known) -> Iterator[Step]:
        for unit in known.shape.units:
            needed = [v for v in known.missing(unit) if 2 <= len(known.places(unit, v)) <= size]
            for group in combinations(needed, size):
                cells = sorted({p for v in group for p in known.places(unit, v)})
                if len(cells) != size:
                    continue
                mask = sum(bit(v) for v in group)
                gone = [(p, v) for p in cells for v in values(known.cands[p] & ~mask)]
                if gone:
                    text = (
                        f"In {unit.name}, {said(mask)} can only go in {cells_said(cells)}, so those cells hold "
                        f"nothing else: {gone_text(gone)}."
                    )
                    yield ruling_out(rule, text, (unit.name,), tuple(cells), gone)

    return find


def fish(size: int, rule: str):
    """A value whose places in k rows lie in k columns (or the other way round) leaves the rest of those columns."""

    def find(known: Known) -> Iterator[Step]:
        n = known.board.n
        for value in range(1, n + 1):
            for by_rows in (True, False):
                lines = known.shape.units[:n] if by_rows else known.shape.units[n : 2 * n]
                across = known.shape.units[n : 2 * n] if by_rows else known.shape.units[:n]
                spots = {}
                for i, line in enumerate(lines):
                    places = known.places(line, value)
                    if 2 <= len(places) <= size:
                        spots[i] = {p[1] if by_rows else p[0] for p in places}
                for group in combinations(sorted(spots), size):
                    crossing = set().union(*(spots[i] for i in group))
                    if len(crossing) != size:
                        continue
                    gone = [
                        (p, value)
                        for j in sorted(crossing)
                        for p in known.places(across[j], value)
                        if (p[0] if by_rows else p[1]) not in group
                    ]
                    if gone:
                        base = [lines[i].name for i in group]
                        cover = [across[j].name for j in sorted(crossing)]
                        corners = tuple(p for i in group for p in known.places(lines[i], value))
                        lines_word, across_word = ("rows", "columns") if by_rows else ("columns", "rows")
                        text = (
                            f"In {join_words(base)}, {symbol(value)} can only go in {join_words(cover)}; each of those "
                            f"{lines_word} puts its {symbol(value)} in a different one of these {across_word}, "
                            f"so no other cell of them can: {gone_text(gone)}."
                        )
                        yield ruling_out(rule, text, tuple(base), corners, gone)

    return find


def xy_wing(known: Known) -> Iterator[Step]:
    """A pivot with candidates xy sees a cell xz and a cell yz: whichever it is, z lands in a pincer."""
    pairs = [p for p, m in known.cands.items() if bin(m).count("1") == 2]
    peers = known.shape.peers
    for pivot in pairs:
        x, y = values(known.cands[pivot])
        wings = [q for q in pairs if q in peers[pivot] and q != pivot]
        for a, b in combinations(wings, 2):
            ma, mb = known.cands[a], known.cands[b]
            if ma == mb:
                continue
            z_mask = ma & mb & ~known.cands[pivot]
            if not z_mask or bin(z_mask).count("1") != 1 or (ma | mb) & known.cands[pivot] != known.cands[pivot]:
                continue
            (z,) = values(z_mask)
            seen = set(peers[a]) & set(peers[b])
            gone = [(p, z) for p in sorted(seen) if p in known.cands and known.cands[p] & bit(z) and p != pivot]
            if gone:
                text = (
                    f"{label(pivot)} is {symbol(x)} or {symbol(y)}; {label(a)} is {said(ma, 'or')} and "
                    f"{label(b)} is {said(mb, 'or')}. Either way one of {label(a)} and {label(b)} is {symbol(z)}, "
                    f"so a cell that sees both is not {symbol(z)}: {gone_text(gone)}."
                )
                yield ruling_out("XY-wing", text, (label(pivot), label(a), label(b)), (pivot, a, b), gone)


def colouring(known: Known) -> Iterator[Step]:
    """Simple colouring, a chain on one value: cells linked by conjugate pairs (the value's only two places in a unit)
    alternate between holding it and not, so one colour holds it everywhere; a cell that sees both colours cannot.
    """
    for value in range(1, known.board.n + 1):
        links: dict = {}
        pairs: dict = {}  # the unit that makes each conjugate pair
        for unit in known.shape.units:
            places = known.places(unit, value)
            if len(places) == 2:
                a, b = places
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
                pairs.setdefault(frozenset(places), unit)
        seen: set = set()
        for start in sorted(links):
            if start in seen:
                continue
            colour = {start: 0}
            chain, units = [start], []
            for p in chain:
                for q in sorted(links[p]):
                    if q not in colour:
                        colour[q] = 1 - colour[p]
                        chain.append(q)
                        units.append(pairs[frozenset((p, q))])
            seen |= set(colour)
            sides = [[p for p in chain if colour[p] == c] for c in (0, 1)]
            gone = [
                (p, value)
                for p in sorted(known.cands)
                if p not in colour
                and known.cands[p] & bit(value)
                and any(q in known.shape.peers[p] for q in sides[0])
                and any(q in known.shape.peers[p] for q in sides[1])
            ]
            if gone:
                linked = " — ".join(label(p) for p in chain)
                names = list(dict.fromkeys(unit.name for unit in units))
                text = (
                    f"{symbol(value)} has only two places in each of {join_words(names)}, linking {linked}, so those "
                    f"cells alternate: either {cells_said(sides[0])} or {cells_said(sides[1])} hold {symbol(value)}. "
                    f"A cell that sees one of each cannot: {gone_text(gone)}."
                )
                where = tuple(dict.fromkeys([*chain, *(p for unit in units for p in unit.cells)]))
                yield ruling_out("simple colouring", text, (symbol(value), *names), where, gone)
