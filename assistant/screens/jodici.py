"""Jodici board editor: rings as rows, sectors as columns, with their running sums."""

from __future__ import annotations

from typing import Any

from assistant.screens.board import BOARD_HELP, BoardScreen
from assistant.widgets.grid import DIGITS, GridCell
from puzzles import jodici

HELP = (
    """
Three rings of six sectors. Put a digit 1..9 in every field so that each digit
is used exactly twice, every sector (column) adds up to 15 and every ring
(row) to 30. The labels show each ring's sum so far, the last row each
sector's.
"""
    + BOARD_HELP
)


class JodiciScreen(BoardScreen):
    KIND = "jodici"
    HELP = HELP
    ACCEPTS = DIGITS[1:]

    def read_cell(self, text: str) -> int:
        """A field holds one digit: the last one typed."""
        return int(text[-1]) if text else 0

    def cell_width(self) -> int:
        return 3  # room for three candidate digits

    def headers(self, board: jodici.Jodici) -> tuple[list[str], list[str]]:
        rings = [f"ring {r + 1} Σ{sum(row):>2}" for r, row in enumerate(board.grid)]
        return rings, [f"s{c + 1}" for c in range(len(board.grid[0]))]

    def cells(self, board: jodici.Jodici, analysis: Any) -> list[list[GridCell]]:
        """The labelled board and, below it, each sector's sum so far: narrow columns leave the panel room."""
        sums = [GridCell(str(sum(column)), "label", accepts="") for column in zip(*board.grid)]
        return [*super().cells(board, analysis), [GridCell("Σ", "label", accepts=""), *sums]]

    def cell_label(self, position: tuple[int, int]) -> str:
        return jodici.label(position)

    def new_state(self) -> jodici.Jodici:
        return jodici.blank()
