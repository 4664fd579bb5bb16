"""Magic number board editor: each value once, every line reaching the same sum."""

from __future__ import annotations

from assistant.screens.board import BOARD_HELP, BoardScreen
from assistant.widgets.dialogs import AskDialog
from puzzles import magic
from puzzles.core import read_number

HELP = (
    """
Fill the board with the values of the range, each once, so that every row,
every column and both diagonals add up to the sum (the seed's board: 5..29,
sum 85). The labels show each row's and column's sum so far. With few givens
there are astronomically many completions: the count then says "at least".
"""
    + BOARD_HELP
)


class MagicScreen(BoardScreen):
    KIND = "magic"
    HELP = HELP

    def headers(self, board: magic.Magic) -> tuple[list[str], list[str]]:
        """Each row's and column's sum so far, written alike: as wide as the line's sum ("Σ 0" to "Σ85")."""
        digits = len(str(board.total))
        rows = [f"Σ{sum(row):>{digits}}" for row in board.grid]
        columns = [f"Σ{sum(column):>{digits}}" for column in zip(*board.grid)]
        return rows, columns

    def describe(self, board: magic.Magic) -> str:
        return f"{board.n}x{board.n}, values {board.low}..{board.high}, every line sums to {board.total}"

    def new_state(self) -> AskDialog:
        def check(text: str) -> magic.Magic:
            return magic.blank(read_number(text.strip()))

        return AskDialog("New magic board: side length (3..8)", check, "5")
