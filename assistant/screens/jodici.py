"""Jodici board editor: the round board as printed, three rings of six sectors, with their running sums."""

from __future__ import annotations

from typing import Any

from assistant.screens.board import BOARD_HELP, BoardScreen
from assistant.widgets.grid import DIGITS, EditableGrid, GridCell
from assistant.widgets.ring_board import RingBoard
from puzzles import jodici

HELP = (
    """
Three rings of six sectors. Put a digit 1..9 in every field so that each digit
is used exactly twice, every sector (wedge) adds up to 15 and every ring to 30.
Ring 1 is the outer ring, sector 1 the top wedge, the others follow clockwise.
Outside each wedge stands its sum so far; on the right-hand spoke, inside each
ring, that ring's sum so far.

| key | action |
| --- | --- |
| left / right | go round the ring (anticlockwise / clockwise) |
| up / down | go out / in across the rings |
"""
    + BOARD_HELP
)


class JodiciScreen(BoardScreen):
    KIND = "jodici"
    HELP = HELP
    ACCEPTS = DIGITS[1:]

    def make_grid(self) -> EditableGrid:
        return RingBoard(min_cell_width=self.cell_width())

    def read_cell(self, text: str) -> int:
        """A field holds one digit: the last one typed."""
        return int(text[-1]) if text else 0

    def cell_width(self) -> int:
        return 3  # room for three candidate digits

    def cells(self, board: jodici.Jodici, analysis: Any) -> list[list[GridCell]]:
        """Each ring's fields then its sum; below them each sector's sum: the ring board draws them round."""
        rings = [
            [*row, sum_label(values, jodici.RING_SUM)]
            for row, values in zip(self.board_cells(board, analysis), board.grid)
        ]
        return [*rings, [sum_label(column, jodici.SECTOR_SUM) for column in zip(*board.grid)]]

    def cell_label(self, position: tuple[int, int]) -> str:
        return jodici.label(position)

    def cell_info(self, at: tuple[int, int]) -> str:
        """The field, then how far its ring and its sector are from their sums."""
        info = super().cell_info(at)
        if not info:
            return info
        ring, sector = at
        ring_sum = sum(self.state.grid[ring])
        sector_sum = sum(row[sector] for row in self.state.grid)
        return f"{info}\nring Σ{ring_sum}/{jodici.RING_SUM} · sector Σ{sector_sum}/{jodici.SECTOR_SUM}"

    def new_state(self) -> jodici.Jodici:
        return jodici.blank()


def sum_label(values: tuple[int, ...], wanted: int) -> GridCell:
    """A ring's or sector's sum so far, marked when it is already past `wanted` or full and short of it."""
    total = sum(values)
    wrong = total > wanted or (all(values) and total != wanted)
    return GridCell(f"Σ{total}", "label", conflict=wrong, accepts="")
