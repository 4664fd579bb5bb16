"""Openings: for every start hole, its winning games and where the last peg ends."""

from __future__ import annotations

from dataclasses import dataclass, replace

from puzzles.core import Deadline, ShouldStop, never
from puzzles.peg.analysis import LIVE_LAYER
from puzzles.peg.board import BOARDS, symmetries
from puzzles.peg.classes import reachable_finishes
from puzzles.peg.counting import TooBig, finishing_games
from puzzles.peg.position import start
from puzzles.peg.search import beam_finds, endgame

COUNT_LAYER = 10_000_000  # positions per layer an openings count may hold when asked to count (about 2 GiB)


@dataclass(frozen=True)
class Opening:
    hole: int
    games: int
    finishes: dict[int, int]  # last hole -> games ending there
    exact: bool = True  # False when searched: games and finishes are then lower bounds (1: a win found)
    unsettled: tuple[int, ...] = ()  # finishes its class allows that no search settled

    @property
    def winnable(self) -> bool:
        return self.games > 0

    def seen_by(self, image: dict[int, int]) -> Opening:
        """The same opening under a symmetry of the board."""
        finishes = dict(sorted((image[f], n) for f, n in self.finishes.items()))
        unsettled = tuple(sorted(image[f] for f in self.unsettled))
        return replace(self, hole=image[self.hole], finishes=finishes, unsettled=unsettled)


def openings(name: str, should_stop: ShouldStop = never, limit: int = LIVE_LAYER) -> tuple[Opening, ...]:
    """For every start hole: winning games, and where the last peg ends how often.

    Only one start per class of symmetric starts is worked out; the others are
    its images.  Starts whose layers pass `limit` positions are searched
    instead: which finishes a winning line was found to.
    """
    found: dict[int, Opening] = {}
    for hole in range(1, BOARDS[name].size + 1):
        if hole in found:
            continue
        try:
            opening = counted_opening(name, hole, should_stop, limit)
        except TooBig:
            opening = searched_opening(name, hole, should_stop)
        for image in symmetries(name):
            found.setdefault(image[hole], opening.seen_by(image))
    return tuple(found[hole] for hole in sorted(found))


def counted_opening(name: str, hole: int, should_stop: ShouldStop, limit: int = LIVE_LAYER) -> Opening:
    if not reachable_finishes(start(name, hole)):
        return Opening(hole, 0, {})
    finishes = finishing_games(name, hole, should_stop, limit)
    return Opening(hole, sum(finishes.values()), finishes)


def searched_opening(name: str, hole: int, should_stop: ShouldStop) -> Opening:
    """Each finish its class allows, tried by beam searches of growing width."""
    pegs, finishes, unsettled = start(name, hole).pegs, {}, []
    deadline = Deadline(None, should_stop)
    for finish in reachable_finishes(start(name, hole)):
        ends = endgame(name, (finish,))
        if beam_finds(name, pegs, ends, deadline):
            finishes[finish] = 1
        else:
            unsettled.append(finish)
    return Opening(hole, int(bool(finishes)), finishes, exact=False, unsettled=tuple(unsettled))
