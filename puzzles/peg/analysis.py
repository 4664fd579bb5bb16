"""`analyse`: games from here, each move's games, a winning line; counted where it fits, else searched."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace

from puzzles.core import Budget, Count, Deadline, ShouldStop, never
from puzzles.peg.bell import WinTable
from puzzles.peg.classes import reachable_finishes
from puzzles.peg.counting import MAX_LAYER, TooBig, count_games, winning_line
from puzzles.peg.position import Position, opening_position
from puzzles.peg.search import BUDGET, searched
from puzzles.peg.verdicts import FROM_HERE, Analysis, MoveCount, verdict
from puzzles.peg.winnable import WinnableTable

LIVE_LAYER = 400_000  # the same as MAX_LAYER while a person plays: past it, a pruned search answers at once
LIVE_BUDGET = Budget(seconds=1.5)  # while a person plays, counting attempts included
MIN_SEARCH = 0.5  # seconds a timed search gets however long the counting attempts took
SETTLED_LAYER = 50_000  # LIVE_LAYER where a table settles every move anyway: counting is tried only if quick


def analyse(
    position: Position,
    *,
    should_stop: ShouldStop = never,
    known: WinTable | None = None,
    budget: Budget | None = BUDGET,
    table: WinnableTable | None = None,
) -> Analysis:
    """Games from here, each legal move's games, a winning line, and the survival line.

    One table answers all of it, since every position of the game so far and
    every move from here are in it: Bell's table when one covers this game
    (`known`), else one counted now from the opening position, or from here
    when the whole game is too big.  Past that, a pruned search (`searched`)
    says which moves keep a win without counting, settling first what a
    table of winnable positions knows (`table`).  `budget` bounds the
    search (a timed one includes the counting attempt); None lets counting
    use all the memory it may and the search run to the end.
    """
    if not reachable_finishes(position):
        where = f"in hole {position.finish}" if position.finish else "anywhere"
        reason = (
            f"No one-peg finish {where}: this position's class (Conway) matches no such finish, whatever is played."
        )
        moves = tuple(MoveCount(m, 0) for m in position.legal_moves())
        return Analysis(Count(0), moves, (), reason, (), "Position classes settle it: nothing to count.")
    deadline = Deadline(budget, should_stop)  # a timed one runs while counting is tried
    if known is not None and known.covers(position):
        games, source = known.games, f"From the cached {known.board} table: games ending in hole {known.hole}."
        root, history = opening_position(position), position.played
        position = replace(position, finish=known.hole)
    else:
        settled = table is not None and table.settles(position)
        limit = (SETTLED_LAYER if settled else LIVE_LAYER) if deadline.bounded else MAX_LAYER
        counted = counted_game(position, should_stop, limit)
        if counted is None:
            return searched(position, should_stop, deadline.left(at_least=MIN_SEARCH), table)
        games, source, root, history = counted
    annotated = sorted(
        (MoveCount(move, games(position.play(move).pegs)) for move in position.legal_moves()),
        key=lambda m: (-m.games, m.move),
    )
    survival, step = [games(root.pegs)], root
    for move in history:
        step = step.play(move)
        survival.append(games(step.pegs))
    here = games(position.pegs)
    line = winning_line(position, games)
    return Analysis(Count(here), tuple(annotated), line, verdict(position, here, annotated), tuple(survival), source)


def counted_game(
    position: Position, should_stop: ShouldStop, limit: int
) -> tuple[Callable[[int], int], str, Position, tuple[tuple[int, int, int], ...]] | None:
    """Games counted from the game's opening, else from here: (games, source, root, moves since root)."""
    root = opening_position(position)
    with suppress(TooBig):
        return count_games(root, should_stop, limit).games, Analysis.source, root, position.played
    if position.played:
        here = replace(position, played=())
        with suppress(TooBig):
            return count_games(here, should_stop, limit).games, FROM_HERE, here, ()
    return None
