"""Peg solitaire: which moves keep a one-peg finish, and how many winning games follow.

A board is a few lines of description: its holes and its jump directions
(`board`), a named one or any shape drawn on the square or triangular
lattice; a position is a bitboard on it, read and written as text
(`position`).  Conway's position classes say which finishes are still possible
at all (`classes`).

Where it fits, the winning games are counted exactly, layer by layer
(`counting`).  On the English board George Bell's table takes over (`bell`):
only positions both reachable and still winnable, kept up to symmetry, built
once and answering every position of the game after that.  For every other
start on the English and European boards, a bitset of every position the
winnable starts reach (`winnable`, swept by the compiled loop in `sweep`) says
at once which moves keep a finish anywhere.  Where no table fits (the bigger
boards, triangle7 while playing, a chosen finish off the centre game), a
pruned search says which moves keep a win without counting (`search`).  `analysis`
chooses among them; `verdicts` holds what it answers; `starts` surveys every
start hole of a board (the openings).

Public API (what the screen and the CLI use): `BOARDS`, `Position`, `start`,
`parse`, `format`, `analyse`, `Analysis`, `MoveCount`, `openings`, `Opening`,
`finishing_games`, `win_table`, `WinTable`, `winnable_table`, `WinnableTable`,
`TooBig`, and the budgets.

The limits are re-exported to be read.  To change one (a test), set it on the
module that reads it: `analysis.LIVE_LAYER`, `search.EFFORTS`; setting it here
would not reach them.  `COUNT_LAYER` is the exception: the CLI reads it here.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.core import Budget, ShouldStop, never
from puzzles.peg.analysis import LIVE_BUDGET, LIVE_LAYER, MIN_SEARCH, analyse
from puzzles.peg.bell import WinTable, win_table
from puzzles.peg.board import BOARDS, Board, Hole, moves, symmetries
from puzzles.peg.classes import position_class, reachable_finishes
from puzzles.peg.counting import MAX_LAYER, GameCounts, TooBig, count_games, finishing_games, winning_line
from puzzles.peg.position import Position, centred_on, format, opening_position, parse, start, start_hole
from puzzles.peg.search import BUDGET, EFFORTS, WinningLine, most_promising, searched
from puzzles.peg.starts import COUNT_LAYER, Opening, counted_opening, openings, searched_opening
from puzzles.peg.verdicts import SEARCHED, Analysis, MoveCount
from puzzles.peg.winnable import WinnableTable, winnable_table

SOLVE_OPTIONS = ()


@dataclass(frozen=True)
class Report:
    position: Position
    analysis: Analysis

    def to_json(self) -> dict:
        a = self.analysis
        return {
            "count": a.count.value,
            "exact": a.count.exact,
            "solutions": [list(map(list, a.line))] if a.line else [],
            "moves": [
                {"from": m.move[0], "over": m.move[1], "to": m.move[2], "games": m.games, "exact": m.exact}
                for m in a.moves
            ],
            "verdict": a.verdict,
        }

    def to_text(self) -> str:
        a = self.analysis
        lines = [format(self.position).rstrip(), "", a.verdict, a.source]
        lines += [f"  {m.move[0]:>2} over {m.move[1]:>2} to {m.move[2]:>2}: {m} games" for m in a.moves]
        if a.line:
            lines += ["", "A winning line: " + ", ".join(f"{x}-{z}" for x, _, z in a.line)]
        return "\n".join(lines)


def solve(
    position: Position,
    *,
    limit: int = 10,
    budget: Budget | None = BUDGET,
    should_stop: ShouldStop = never,
    known: WinTable | None = None,
    table: WinnableTable | None = None,
) -> Report:
    """`known` and `table`: the tables built once and kept by the app (`analyse` says what each answers)."""
    return Report(position, analyse(position, should_stop=should_stop, budget=budget, known=known, table=table))


__all__ = [
    "BOARDS",
    "BUDGET",
    "COUNT_LAYER",
    "EFFORTS",
    "LIVE_BUDGET",
    "LIVE_LAYER",
    "MAX_LAYER",
    "MIN_SEARCH",
    "SEARCHED",
    "SOLVE_OPTIONS",
    "Analysis",
    "Board",
    "GameCounts",
    "Hole",
    "MoveCount",
    "Opening",
    "Position",
    "Report",
    "TooBig",
    "WinTable",
    "WinnableTable",
    "WinningLine",
    "analyse",
    "centred_on",
    "count_games",
    "counted_opening",
    "finishing_games",
    "format",
    "moves",
    "most_promising",
    "never",
    "opening_position",
    "openings",
    "parse",
    "position_class",
    "reachable_finishes",
    "searched",
    "searched_opening",
    "solve",
    "start",
    "start_hole",
    "symmetries",
    "win_table",
    "winnable_table",
    "winning_line",
]
