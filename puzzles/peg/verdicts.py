"""What an analysis answers: each move's games, the whole `Analysis`, and the sentences that sum it up."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzles.core import Count, Status
from puzzles.peg.counting import won
from puzzles.peg.position import Position


@dataclass(frozen=True)
class MoveCount:
    move: tuple[int, int, int]
    games: int
    exact: bool = True  # False when searched, not counted: then games is a lower bound (1: a win found)

    @property
    def keeps_win(self) -> bool:
        return self.games > 0

    @property
    def decided(self) -> bool:
        return self.exact or self.games > 0

    def __str__(self) -> str:
        """The games as the move list shows them: a count, ≥1 for a win found, ? for undecided."""
        return f"{self.games:,}" if self.exact else ("≥1" if self.games else "?")


@dataclass(frozen=True)
class Analysis:
    count: Count
    moves: tuple[MoveCount, ...]  # every legal move, best first
    line: tuple[tuple[int, int, int], ...]  # one winning line from here (empty if lost)
    verdict: str
    survival: tuple[int, ...]  # winning games at the start and after each move played
    source: str = "Counted from this game's start."

    @property
    def status(self) -> Status:
        """Winnable, lost (proved or counted), or undecided when the search ran out of budget."""
        if self.count.value:
            return Status.WINNABLE
        return Status.CONTRADICTION if self.count.exact else Status.UNKNOWN

    @property
    def headline(self) -> str:
        count = self.count
        if count.exact:
            return count.of("winning game") if count.value else "No one-peg finish from here"
        return "A one-peg finish is possible" if count.value else "Undecided: no win found, no loss proved"


FROM_HERE = "Counted from this position: the whole game is too big to count live."


def verdict(position: Position, games: int, annotated: list[MoveCount]) -> str:
    pegs = bin(position.pegs).count("1")
    target = f" at hole {position.finish}" if position.finish else ""
    if pegs == 1:
        return (
            "Won: one peg left"
            + (target if won(np.array([position.pegs]), position.finish)[0] else f", but not{target}")
            + "."
        )
    if games == 0:
        return f"No one-peg finish{target} from here: undo to the last position that had one."
    keeping = sum(m.keeps_win for m in annotated)
    return f"{games:,} winning games{target} from here; {keeping} of {len(annotated)} moves keep the win."


SEARCHED = "Searched, not counted: too many games to count live. ≥1 = a winning line found, ? = undecided."

BY_TABLE = "Settled by the cached {board} table of winnable positions: ≥1 = a win kept, 0 = lost."


def searched_verdict(position: Position, count: Count, annotated: list[MoveCount]) -> str:
    target = f" at hole {position.finish}" if position.finish else ""
    undecided = sum(not m.decided for m in annotated)
    if count.value:
        keeping = sum(m.keeps_win for m in annotated)
        rest = f", {undecided} undecided" if undecided else ""
        return f"{keeping} of {len(annotated)} moves keep a one-peg finish{target}{rest}."
    if not undecided:
        return f"No one-peg finish{target} from here: every move was searched to the end."
    return f"No winning line found{target} within the search budget; no loss proved either."
