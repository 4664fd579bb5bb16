"""Chains, the techniques the hardest published puzzles are explained with (SudokuWiki and HoDoKu name them so).

A candidate is a value in a cell.  Two candidates are strongly linked when
one of them must be true (a cell with only those two values, or a value with
only those two places in a unit) and weakly linked when they cannot both be
true (two values of one cell, or one value in two cells of a unit).

- an alternating inference chain (AIC) runs strong, weak, strong, ... links
  and ends on a strong one: if its first candidate is false its last is true,
  so one of the two is, and a candidate that sees both is false; an X-chain
  is an AIC on one value, an XY-chain one whose strong links are all cells
  with two values;
- a supposition follows a value by naked and hidden singles, link by link,
  each with its rule, to a cell with no value left or a value with no place
  left in a unit; where singles alone do not reach one, a nested supposition
  inside it is spelled out the same way;
- a forcing chain (`puzzles.sudoku.forcing`) follows each value of a cell (or
  each place of a value in a unit) by singles to the same conclusion.

Links nothing later uses are cut: a step says only the chain its conclusion
rests on.  Which suppositions reach a dead end is first asked of the
search's compiled propagation (the same singles, far faster), then the chain
is followed again in Python to say it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from puzzles.numbergrid import Position
from puzzles.steps import Step, join_words
from puzzles.sudoku.board import Sudoku, Unit, label, symbol
from puzzles.sudoku.known import Known, bit, gone_text, ruling_out, values

Candidate = tuple[Position, int]
AIC_LENGTH = 14  # links in an alternating chain at most: longer ones a person cannot hold in mind
TRIAL_SAID = 4  # suppositions reaching a dead end followed in words, the shortest of them said
NESTED = 4  # passes of inner suppositions a nested one may make before it is given up as no help
NESTED_SAID = 12  # inner suppositions a nested one may say
NESTED_WORK = 60_000  # suppositions the nested rung follows by singles before it gives up: an open 16x16 has 4,096

__all__ = ["aic", "nested_trial", "trial", "x_chain", "xy_chain"]


# ---------------------------------------------------------------- alternating inference chains


@dataclass(frozen=True)
class Link:
    """From one candidate to the next: `strong` (if this one is false, that one is true) or weak, and why."""

    to: Candidate
    strong: bool
    why: str
    unit: Unit | None = None  # the unit a link on one value reads


def strong_links(known: Known) -> dict[Candidate, list[Link]]:
    """Each candidate's strong links: the other value of a two-valued cell, the other place of a two-placed value."""
    links: dict[Candidate, list[Link]] = {}
    for p, mask in known.cands.items():
        if bin(mask).count("1") == 2:
            a, b = values(mask)
            why = f"{label(p)} holds only {symbol(a)} or {symbol(b)}"
            links.setdefault((p, a), []).append(Link((p, b), True, why))
            links.setdefault((p, b), []).append(Link((p, a), True, why))
    for unit in known.shape.units:
        for v in known.missing(unit):
            places = known.places(unit, v)
            if len(places) == 2:
                p, q = places
                why = f"{unit.name} has {symbol(v)} only in {label(p)} and {label(q)}"
                links.setdefault((p, v), []).append(Link((q, v), True, why, unit))
                links.setdefault((q, v), []).append(Link((p, v), True, why, unit))
    return links


def weak_links(known: Known, node: Candidate) -> Iterator[Link]:
    """The candidates that cannot be true with `node`: the cell's other values, the value in the cell's peers."""
    p, v = node
    for w in values(known.cands[p] & ~bit(v)):
        yield Link((p, w), False, f"{label(p)} holds one value")
    for unit in known.shape.units_of[p]:
        for q in known.places(unit, v):
            if q != p:
                yield Link((q, v), False, f"{label(p)} and {label(q)} share {unit.name}", unit)


def seeing(known: Known, a: Candidate, b: Candidate) -> bool:
    """Whether two candidates cannot both be true."""
    (p, v), (q, w) = a, b
    if p == q:
        return v != w
    return v == w and q in known.shape.peers[p]


def chain_eliminations(known: Known, first: Candidate, last: Candidate, inside: set) -> list[Candidate]:
    """What `first or last` rules out: every candidate, not on the chain, that sees both."""
    (p, v), (q, w) = first, last
    if p != q and v != w and q not in known.shape.peers[p]:
        return []
    near = {p, q} | set(known.shape.peers[p]) & set(known.shape.peers[q]) if p != q else {p}
    gone = [
        (r, u)
        for r in sorted(near)
        if r in known.cands
        for u in values(known.cands[r])
        if (r, u) not in inside and seeing(known, (r, u), first) and seeing(known, (r, u), last)
    ]
    return gone


def chains(known: Known, allowed: Callable[[Candidate, Link], bool]) -> Iterator[tuple[Candidate, list[Link]]]:
    """Alternating chains from each candidate with a strong link, shortest first from each: (start, links)."""
    strong = strong_links(known)
    weak: dict[Candidate, list[Link]] = {}
    for start in sorted(strong):
        came: dict[tuple[Candidate, bool], tuple[tuple[Candidate, bool], Link] | None] = {(start, False): None}
        layer = [(start, False)]
        for _ in range(AIC_LENGTH):
            ahead = []
            for node, true in layer:
                if true and node not in weak:
                    weak[node] = list(weak_links(known, node))
                nexts = weak[node] if true else strong.get(node, ())
                for link in nexts:
                    state = (link.to, not true)
                    if state not in came and allowed(node, link):
                        came[state] = ((node, true), link)
                        ahead.append(state)
                        if not true and link.to != start:
                            yield start, traced(came, state)
            layer = ahead
            if not layer:
                break


def traced(came: dict, state: tuple[Candidate, bool]) -> list[Link]:
    links = []
    while came[state] is not None:
        state, link = came[state]
        links.append(link)
    return links[::-1]


def aic_rung(kind: str, allowed: Callable[[Candidate, Link], bool]):
    """A rung that finds the shortest chain of `kind` (the links `allowed`) with something to rule out."""

    def find(known: Known) -> Iterator[Step]:
        best = None
        for start, links in chains(known, allowed):
            inside = {start, *(link.to for link in links)}
            gone = chain_eliminations(known, start, links[-1].to, inside)
            if gone and (best is None or len(links) < len(best[1])):
                best = (start, links, gone)
        if best is not None:
            yield chain_step(kind, known, *best)

    return find


def on_one_value(node: Candidate, link: Link) -> bool:
    """X-chain: every link on one value."""
    return link.to[1] == node[1]


def through_pairs(node: Candidate, link: Link) -> bool:
    """XY-chain: strong links inside two-valued cells, weak links between cells on one value."""
    return (link.to[0] == node[0]) == link.strong and (link.unit is None) == link.strong


def any_link(node: Candidate, link: Link) -> bool:
    return True


def said_node(node: Candidate) -> str:
    return f"{label(node[0])} is {symbol(node[1])}"


def chain_step(kind: str, known: Known, start: Candidate, links: list[Link], gone: list[Candidate]) -> Step:
    """The chain in words, each link with its rule, and what it rules out."""
    said = []
    for n, link in enumerate(links):
        (p, v), then = link.to, "then" if n == 0 else "so"
        fact = f"{label(p)} is {symbol(v)}" if link.strong else f"{label(p)} is not {symbol(v)}"
        said.append(f"{then} {fact} ({link.why})")
    last = links[-1].to
    text = (
        f"{kind}: if {label(start[0])} were not {symbol(start[1])}, {', '.join(said)}. "
        f"So {said_node(start)} or {said_node(last)}, and a candidate that sees both is false: {gone_text(gone)}."
    )
    cells = tuple(dict.fromkeys([start[0], *(link.to[0] for link in links)]))
    units = tuple(dict.fromkeys(link.unit for link in links if link.strong and link.unit is not None))
    where = tuple(dict.fromkeys([*cells, *(p for unit in units for p in unit.cells)]))
    uses = tuple(dict.fromkeys([*(label(p) for p in cells), *(unit.name for unit in units)]))
    return ruling_out(kind, text, uses, where, gone)


x_chain = aic_rung("X-chain", on_one_value)
xy_chain = aic_rung("XY-chain", through_pairs)
aic = aic_rung("AIC", any_link)


# ---------------------------------------------------------------- suppositions followed by singles


@dataclass
class Said:
    """One link of a supposition: a value placed (or, after an inner supposition, ruled out), why, and on what."""

    at: Position
    value: int
    holds: bool
    why: str
    rests_on: frozenset[int]
    reads: tuple[Position, ...] = ()
    uses: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        fact = f"{label(self.at)} {'=' if self.holds else '≠'} {symbol(self.value)}"
        return f"{fact} ({self.why})" if self.why else fact


@dataclass
class Followed:
    """A board under suppositions: the candidates left, the links said so far, and which link ruled each out."""

    known: Known
    cands: dict[Position, int]
    placed: dict[Position, int] = field(default_factory=dict)
    links: list[Said] = field(default_factory=list)
    by: dict[Candidate, int] = field(default_factory=dict)
    dead: Said | None = None

    def copy(self) -> Followed:
        return Followed(self.known, dict(self.cands), dict(self.placed), list(self.links), dict(self.by), self.dead)

    def removers(self, p: Position, mask: int) -> frozenset[int]:
        """The links that ruled the values of `mask` out of `p` (those out from the start rest on nothing said)."""
        return frozenset(self.by[(p, u)] for u in values(mask) if (p, u) in self.by)

    def place(self, link: Said) -> None:
        i, p, v = len(self.links), link.at, link.value
        self.links.append(link)
        self.placed[p] = v
        for u in values(self.cands[p] & ~bit(v)):
            self.by[(p, u)] = i
        self.cands[p] = bit(v)
        for q in self.known.shape.peers[p]:
            if q in self.cands and q not in self.placed and self.cands[q] & bit(v):
                self.rule_out(q, v, i)

    def rule_out(self, p: Position, v: int, i: int) -> None:
        self.cands[p] &= ~bit(v)
        self.by[(p, v)] = i
        if not self.cands[p] and self.dead is None:
            self.dead = Said(p, 0, False, f"{label(p)} has no value left", self.removers(p, self.known.cands[p]), (p,))

    def exclude(self, link: Said) -> None:
        """An inner supposition's result: its value ruled out, as a link of its own."""
        self.links.append(link)
        self.rule_out(link.at, link.value, len(self.links) - 1)

    def settle(self) -> None:
        """Follow naked and hidden singles until none is left or a dead end is reached, round by round (every
        single the board shows, then those they make): the dead end is then the fewest rounds away, and the
        chain said to it short."""
        while self.dead is None and (found := self.singles() or [self.cage_sum()]) != [None]:
            for link in found:
                if self.dead is None and link.at not in self.placed and self.cands[link.at] & bit(link.value):
                    self.place(link) if link.holds else self.exclude(link)

    def singles(self) -> list[Said]:
        """The naked and hidden singles the board shows now (none at a dead end, which is then noted)."""
        found = []
        for p, mask in self.cands.items():
            if p not in self.placed and mask & (mask - 1) == 0:
                rests = self.removers(p, self.known.cands[p] & ~mask)
                found.append(Said(p, values(mask)[0], True, "its only value left", rests, (p,)))
        for unit in self.known.shape.units:
            for v in values(self.lonely(unit)):
                spots = [q for q in unit.cells if self.cands.get(q, 0) & bit(v) and q not in self.placed]
                had = [q for q in unit.cells if self.known.cands.get(q, 0) & bit(v)]
                rests = frozenset(self.by[(q, v)] for q in had if (q, v) in self.by and q not in spots)
                if not spots:
                    self.dead = Said(unit.cells[0], v, False, f"{symbol(v)} has no place left in {unit.name}", rests,
                                     unit.cells, (unit.name,))  # fmt: skip
                    return []
                why = f"the only place for {symbol(v)} in {unit.name}"
                found.append(Said(spots[0], v, True, why, rests, unit.cells, (unit.name,)))
        return found

    def lonely(self, unit: Unit) -> int:
        """The values a unit still needs that have one place left in it, or none."""
        taken, once, twice = self.known.held[unit.name], 0, 0
        for q in unit.cells:
            if q in self.placed:
                taken |= self.cands[q]
            elif (mask := self.cands.get(q)) is not None:
                twice |= once & mask
                once |= mask
        return self.known.full & ~taken & ~twice

    def cage_sum(self) -> Said | None:
        """Killer: a digit no set of distinct free digits making a cage's remaining sum can use leaves its cells."""
        from puzzles.sudoku.search import combos

        for cage in self.known.board.cages if self.dead is None else ():
            placed = {q: self.known.at(q) or self.placed.get(q, 0) for q in cage.cells}
            open_cells = [q for q in cage.cells if not placed[q]]
            rest = cage.total - sum(placed.values())
            free = self.known.full & ~sum(bit(v) for v in set(placed.values()) if v)
            table = combos(self.known.board.n)
            allowed = int(table[free, len(open_cells), rest]) if open_cells and 0 < rest < table.shape[2] else 0
            rests = frozenset(i for i, link in enumerate(self.links) if link.holds and link.at in placed)
            name = f"the cage of {cage.total} at {label(cage.cells[0])}"
            if not open_cells and rest:
                self.dead = Said(cage.cells[0], 0, False, f"{name} adds up to {cage.total - rest}", rests, cage.cells,
                                 (name,))  # fmt: skip
                return None
            for q in open_cells:
                if gone := self.cands[q] & ~allowed:
                    why = f"{name} needs {rest} more from {join_words([label(c) for c in open_cells])}"
                    return Said(q, values(gone)[0], False, why, rests, cage.cells, (name,))
        return None

    def needed(self, ends: frozenset[int]) -> list[int]:
        """The links that `ends` rest on, in order: the rest are cut."""
        need, todo = set(), list(ends)
        while todo:
            i = todo.pop()
            if i not in need:
                need.add(i)
                todo.extend(self.links[i].rests_on)
        return sorted(need)


def supposing(known: Known, p: Position, v: int) -> Followed:
    followed = Followed(known, dict(known.cands))
    followed.place(Said(p, v, True, "", frozenset(), (p,)))
    return followed


# ---------------------------------------------------------------- the compiled singles, to find


@lru_cache(maxsize=4)
def fixed_arrays(board: Sudoku) -> tuple:
    """The compiled propagation's tables: singles, and on a Killer board the cages' sums."""
    from puzzles.sudoku.board import KILLER_MAX
    from puzzles.sudoku.search import cage_arrays, combos, tables

    t = tables(board.n, board.diagonal)
    table = combos(board.n) if board.cages else combos(KILLER_MAX + 1)
    return (t.peers, t.npeers, t.units, t.popc, t.low, *cage_arrays(board), table, t.full)


def as_array(known: Known, cands: dict[Position, int]) -> np.ndarray:
    n = known.board.n
    flat = np.array([bit(v) if v else 0 for row in known.board.grid for v in row], dtype=np.int32)
    for (r, c), mask in cands.items():
        flat[r * n + c] = mask
    return flat


class Singles:
    """The search's compiled naked and hidden singles on one board, its buffers kept from call to call."""

    def __init__(self, known: Known) -> None:
        from puzzles.sudoku.search import loop

        self.n = known.board.n
        self.loop = loop(self.n <= 6)
        self.fixed = fixed_arrays(known.board)
        self.done = np.zeros(self.n * self.n, dtype=np.int8)
        self.queue = np.zeros(self.n * self.n, dtype=np.int32)
        self.spent = 0  # suppositions followed, for a rung's own work budget

    def after(self, state: np.ndarray, supposed: Candidate | None = None) -> np.ndarray | None:
        """The candidates left once singles are followed (from `supposed`, if given), or None at a dead end."""
        board = state.copy()
        if supposed is not None:
            (r, c), v = supposed
            board[r * self.n + c] = 1 << (v - 1)
        self.done[:] = 0
        return board if board.all() and self.loop.propagate(board, self.done, self.queue, *self.fixed) else None

    def dead_ends(self, state: np.ndarray) -> np.ndarray:
        """Each cell's values whose supposition the singles take to a dead end, as a mask a cell."""
        self.spent += int(np.bitwise_count(state[(state & (state - 1)) != 0]).sum())
        out, scratch = np.zeros_like(state), np.zeros_like(state)
        self.loop.dead_ends(state, out, scratch, self.done, self.queue, *self.fixed)
        return out

    def index(self, p: Position) -> int:
        return p[0] * self.n + p[1]


def trial_order(known: Known, cands: dict[Position, int]) -> list[Candidate]:
    """Candidates in the order a person tries them: cells with fewest values first."""
    sizes = {p: bin(mask).count("1") for p, mask in cands.items()}
    order = sorted((p for p in cands if sizes[p] > 1), key=lambda p: (sizes[p], p))
    return [(p, v) for p in order for v in values(cands[p])]


# ---------------------------------------------------------------- the rungs


def trial(known: Known) -> Iterator[Step]:
    """Suppose a value and follow the singles to a dead end: the shortest of the first few such chains, the
    values of cells with two values tried first."""
    run = Singles(known)
    dead = run.dead_ends(as_array(known, known.cands))

    def follow(p: Position, v: int) -> Followed | None:
        return followed_to_a_dead_end(known, p, v) if dead[run.index(p)] & bit(v) else None

    yield from shortest("trial", known, follow)


def followed_to_a_dead_end(known: Known, p: Position, v: int) -> Followed | None:
    followed = supposing(known, p, v)
    followed.settle()
    return followed if followed.dead is not None else None


def shortest(rule: str, known: Known, follow: Callable[[Position, int], Followed | None]) -> Iterator[Step]:
    """The shortest said of the first few suppositions `follow` takes to a dead end, trying the values of cells
    with fewest values first (those with more only while none is found)."""
    found: list[Step] = []
    for p, v in trial_order(known, known.cands):
        if len(found) >= TRIAL_SAID or (found and bin(known.cands[p]).count("1") > 2):
            break
        if (followed := follow(p, v)) is not None:
            found.append(contradiction(rule, followed))
    if found:
        yield min(found, key=lambda step: len(step.text))


def said_chain(followed: Followed) -> list[int]:
    return followed.needed(followed.dead.rests_on | {0})


def contradiction(rule: str, followed: Followed) -> Step:
    """A supposition's step: its chain link by link, the dead end, and the value ruled out."""
    first = followed.links[0]
    need = said_chain(followed)
    links = [followed.links[i] for i in need if i > 0]
    then = "".join(f"then {link.text}, " for link in links)
    text = (
        f"Suppose {label(first.at)} were {symbol(first.value)}: {then}and then {followed.dead.why}. "
        f"That cannot be, so {label(first.at)} is not {symbol(first.value)}."
    )
    reads = [p for i in need for p in followed.links[i].reads] + list(followed.dead.reads)
    uses = [u for i in need for u in followed.links[i].uses] + list(followed.dead.uses)
    step = ruling_out(rule, text, tuple(dict.fromkeys([label(first.at), *uses])), tuple(dict.fromkeys(reads)),
                      [(first.at, first.value)])  # fmt: skip
    return replace(step, trial=True)


def nested_trial(known: Known) -> Iterator[Step]:
    """Suppose a value; where singles reach no dead end, suppose again inside it, each inner supposition
    followed to its own dead end, until the outer one reaches one.

    The values of two-valued cells are tried first, then those whose singles settle most (`settling_most`),
    so that it is the puzzle that picks them, not where its cells stand or how its values are named (a
    shuffled, relabelled puzzle is explained as far, within the rung's work);
    of the first few that get there (one with a single inner supposition ends the search), the shortest is said.
    """
    array, run = as_array(known, known.cands), Singles(known)
    found: list[tuple[Candidate, list[Candidate]]] = []
    for p, v in settling_most(known, run, array):
        if len(found) >= TRIAL_SAID or run.spent >= NESTED_WORK:
            break
        if (inner := inner_dead_ends(run, array, p, v)) is not None:
            found.append(((p, v), inner))
            if len(inner) == 1:
                break
    said = [contradiction("nested trial", followed) for (p, v), inner in found
            if (followed := nested(known, p, v, inner)) is not None]  # fmt: skip
    if said:
        yield min(said, key=lambda step: len(step.text))


def settling_most(known: Known, run: Singles, array: np.ndarray) -> list[Candidate]:
    """The candidates of cells with several values, the values of cells with fewest values first (ruling one
    out of a cell with two places the other), then those whose supposition leaves fewest candidates once the
    singles are followed (a dead end first of all), in trial order among equals."""
    order = trial_order(known, known.cands)
    run.spent += len(order)
    return sorted(order, key=lambda c: (known.cands[c[0]].bit_count(), left_after(run.after(array, c))))


def left_after(state: np.ndarray | None) -> int:
    """The candidates left on a board followed by singles (-1 at a dead end)."""
    return -1 if state is None else int(np.bitwise_count(state).sum())


def nested(known: Known, p: Position, v: int, inner: list[Candidate]) -> Followed | None:
    """The outer supposition `p = v` said with the inner suppositions `inner` (found on the compiled singles)
    that bring it to a dead end, or None where the singles said in words do not get there."""
    followed = supposing(known, p, v)
    followed.settle()
    for q, w in inner:
        if followed.dead is not None or not ruled_out_inside(followed, q, w):
            break
        followed.settle()
    return followed if followed.dead is not None else None


def inner_dead_ends(run: Singles, array: np.ndarray, p: Position, v: int) -> list[Candidate] | None:
    """The inner suppositions, each ruled out by singles, after which `p = v` reaches a dead end (None: none such),
    found one at a time, each time the one whose ruling out leaves fewest candidates, so that the nested
    supposition says few."""
    state = run.after(array, (p, v))
    if state is None or not collapses(run, state):
        return None
    found = []
    for _ in range(NESTED_SAID):
        dead = run.dead_ends(state)
        after = {(i, w): run.after(without(state, i, w)) for i in np.flatnonzero(dead) for w in values(int(dead[i]))}
        if not after:
            return None
        i, w = min(after, key=lambda inner: (left_after(after[inner]), int(np.bitwise_count(state[inner[0]])), inner))
        found.append(((int(i) // run.n, int(i) % run.n), w))
        if (state := after[i, w]) is None:
            return found
    return None


def without(state: np.ndarray, i: int, v: int) -> np.ndarray:
    """The board with value `v` ruled out of cell `i`."""
    state = state.copy()
    state[i] &= ~bit(v)
    return state


def collapses(run: Singles, state: np.ndarray) -> bool:
    """Whether ruling out, pass after pass, every candidate whose supposition the singles kill reaches a dead end."""
    for _ in range(NESTED):
        dead = run.dead_ends(state)
        if not dead.any():
            return False
        if (state := run.after(state & ~dead)) is None:
            return True
    return False


def ruled_out_inside(followed: Followed, q: Position, w: int) -> bool:
    """Suppose `q = w` inside the outer supposition; its chain, cut to what it uses, becomes one link
    (False: the singles said in words reach no dead end, so the supposition is not said)."""
    fork = len(followed.links)
    inner = followed.copy()
    inner.place(Said(q, w, True, "", frozenset(), (q,)))
    inner.settle()
    if inner.dead is None:
        return False
    need = inner.needed(inner.dead.rests_on | {fork})
    said = "".join(f"then {inner.links[i].text}, " for i in need if i > fork)
    why = f"if it were, {said}and then {inner.dead.why}"
    reads = tuple(dict.fromkeys([r for i in need if i >= fork for r in inner.links[i].reads] + list(inner.dead.reads)))
    uses = tuple(dict.fromkeys([u for i in need if i >= fork for u in inner.links[i].uses] + list(inner.dead.uses)))
    followed.exclude(Said(q, w, False, why, frozenset(i for i in need if i < fork), reads, uses))
    return True
