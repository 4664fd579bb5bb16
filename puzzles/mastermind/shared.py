"""What a set of codes shares, as facts in words: the copies of each colour, the colours each peg has left.

A fact is true of every code of a set: a colour's fewest and most copies, a
peg's colour or a colour it does not have.  The ladder (`facts`) tells the
facts the codes some rows leave share, and what follows at a glance from
facts told.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzles.core import ShouldStop, never, stop_if_asked
from puzzles.mastermind.codes import CHUNK, Alive, CodeSpace
from puzzles.mastermind.game import Game, Row
from puzzles.steps import Fact, join_words

NEXT_GUESS = "next guess"
TIMES = {1: "once", 2: "twice"}


@dataclass(frozen=True)
class Summary:
    """What a set of codes has in common: copies of each colour (fewest, most) and each peg's colours left."""

    least: tuple[int, ...]
    most: tuple[int, ...]
    places: tuple[frozenset[int], ...]


def summary(space: CodeSpace, alive: Alive, should_stop: ShouldStop = never) -> Summary | None:
    """The summary of these codes (None when there are none): exact, a chunk of codes at a time.

    A code is a high half and a low half (`CodeSpace.halves`): its colour
    counts are the two halves' counts added, and the colours a peg can have
    are those of the halves that occur, so no code is decoded.
    """
    cap = space.pegs if space.repeats else 1
    if alive is None:
        return Summary((0,) * space.colours, (cap,) * space.colours, (frozenset(range(space.colours)),) * space.pegs)
    if not len(alive):
        return None
    high, low = space.halves
    high_counts, low_counts = space.colour_counts(high), space.colour_counts(low)
    least, most = np.full(space.colours, cap), np.zeros(space.colours, dtype=int)
    seen_high, seen_low = np.zeros(len(high), dtype=bool), np.zeros(len(low), dtype=bool)
    for start in range(0, len(alive), CHUNK):
        stop_if_asked(should_stop)
        h, l = np.divmod(alive[start : start + CHUNK], len(low))
        counts = high_counts[h] + low_counts[l]
        least, most = np.minimum(least, counts.min(axis=0)), np.maximum(most, counts.max(axis=0))
        seen_high[h] = seen_low[l] = True
    digits = [*high[seen_high].T, *low[seen_low].T]
    places = tuple(frozenset(np.unique(colours).tolist()) for colours in digits)
    return Summary(tuple(least.tolist()), tuple(most.tolist()), places)


def row_summary(space: CodeSpace, row: Row) -> Summary | None:
    """The summary of the codes one row leaves, from the halves alone: none is listed (colours may repeat).

    Each kind of high half is completed by the low halves that give the
    row's feedback with it; a colour's fewest (most) copies are a high half's
    copies plus the fewest (most) among its low halves, colour by colour.
    """
    scoring, (high, low) = space.scoring(tuple(row.guess)), space.halves
    match = scoring.by_kind == space.packed(row.feedback)  # (kinds of high half, low halves)
    kinds = np.flatnonzero(match.any(axis=1))
    valid = np.isin(scoring.high_kind, kinds)
    if not valid.any():
        return None
    high_counts, low_counts = space.colour_counts(high[valid]).astype(int), space.colour_counts(low).astype(int)
    low_least, low_most = np.zeros((len(match), space.colours), int), np.zeros((len(match), space.colours), int)
    for kind_ in kinds:
        counts = low_counts[match[kind_]]
        low_least[kind_], low_most[kind_] = counts.min(axis=0), counts.max(axis=0)
    of = scoring.high_kind[valid]
    least, most = (high_counts + low_least[of]).min(axis=0), (high_counts + low_most[of]).max(axis=0)
    digits = [*high[valid].T, *low[match[kinds].any(axis=0)].T]
    places = tuple(frozenset(np.unique(colours).tolist()) for colours in digits)
    return Summary(tuple(least.tolist()), tuple(most.tolist()), places)


# ---------------------------------------------------------------- facts and what follows from them


def how_many(game: Game, low: int, high: int) -> str:
    """How many copies of a colour the code has, as the words after "is": "in the code at least twice"."""
    cap = game.pegs if game.repeats else 1
    if high == 0:
        return "not in the code"
    if low == high:
        return "in the code" + (f" exactly {TIMES.get(low, f'{low} times')}" if game.repeats else "")
    if high == cap:
        return "in the code" + (f" at least {TIMES.get(low, f'{low} times')}" if low > 1 else "")
    return f"in the code at most {TIMES.get(high, f'{high} times')}"


def copies(game: Game, colour: int, low: int, high: int) -> Fact:
    """The code has `low` to `high` copies of `colour` (the whole range one fact says)."""
    return Fact(("copies", colour), (low, high), said=f"{game.colours[colour]} is {how_many(game, low, high)}")


def peg(game: Game, position: int, colour: int, holds: bool) -> Fact:
    verb = "is" if holds else "is not"
    return Fact(("peg", position), colour, holds, f"peg {position + 1} {verb} {game.colours[colour]}")


def facts_of(game: Game, found: Summary) -> list[Fact]:
    """Everything a summary proves beyond the rules, colours first, then pegs."""
    cap = game.pegs if game.repeats else 1
    facts = []
    for colour, (low, high) in enumerate(zip(found.least, found.most)):
        if low == high or (low, high) == (0, cap):
            facts += [copies(game, colour, low, high)] * (low == high)
            continue
        facts += [copies(game, colour, low, cap)] * (low > 0) + [copies(game, colour, 0, high)] * (high < cap)
    for position, left in enumerate(found.places):
        if len(left) == 1:
            facts.append(peg(game, position, next(iter(left)), True))
            continue
        facts += [peg(game, position, c, False) for c in range(len(game.colours)) if c not in left and found.most[c]]
    return facts


def holds_on(fact: Fact, found: Summary) -> bool:
    """Whether every code of a summary has this fact."""
    kind, where = fact.at
    if kind == "copies":
        return fact.value[0] <= found.least[where] and found.most[where] <= fact.value[1]
    return found.places[where] == {fact.value} if fact.holds else fact.value not in found.places[where]


def follows(fact: Fact, told: frozenset[Fact]) -> bool:
    """Whether `fact` follows at a glance from facts already told (copies narrowed, a peg's colour known)."""
    if fact.at == NEXT_GUESS:
        return fact in told
    kind, where = fact.at
    if kind == "copies":
        ranges = [f.value for f in told if f.at == fact.at]
        low, high = max([r[0] for r in ranges], default=0), min([r[1] for r in ranges], default=99)
        return fact.value[0] <= low and high <= fact.value[1]
    pegs = [f for f in told if f.at == fact.at]
    if fact.holds:
        return any(f.holds and f.value == fact.value for f in pegs)
    absent = any(f.at == ("copies", fact.value) and f.value[1] == 0 for f in told)
    return absent or any(f.holds != (f.value == fact.value) for f in pegs)


def said_together(game: Game, facts: list[Fact]) -> str:
    """Facts as one sentence: colours with the same count share it ("red and blue are not in the code")."""
    by_count: dict[tuple[int, int], list[str]] = {}
    for fact in facts:
        if fact.at[0] == "copies":
            by_count.setdefault(fact.value, []).append(game.colours[fact.at[1]])
    counts = []
    for (low, high), names in sorted(by_count.items(), key=lambda item: item[0][::-1]):
        words = how_many(game, low, high)
        each = "each " if len(names) > 1 and words not in ("not in the code", "in the code") else ""
        counts.append(f"{join_words(names)} {'is' if len(names) == 1 else 'are'} {each}{words}")
    return join_words(counts + [fact.said for fact in facts if fact.at[0] == "peg"])
