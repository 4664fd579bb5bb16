"""Hidoku (Hidato) board editor with live candidates, completions and hints."""

from __future__ import annotations

import re

from assistant.screens.board import BOARD_HELP, BoardScreen
from assistant.widgets.dialogs import AskDialog
from assistant.widgets.grid import DIGITS
from puzzles import hidoku
from puzzles.core import read_number

HELP = (
    """
Place the numbers 1..N (N = open cells) so that each number touches the next
one, sideways or diagonally (with `adjacency: orthogonal` in the file, only
sideways: Numbrix). Type **#** or **.** to block a cell.
"""
    + BOARD_HELP
)


class HidokuScreen(BoardScreen):
    KIND = "hidoku"
    HELP = HELP
    ACCEPTS = DIGITS + "#."

    def new_state(self) -> AskDialog:
        def check(text: str) -> hidoku.Hidoku:
            match = re.fullmatch(r"\s*(\d+)\s*[x×]\s*(\d+)\s*", text)
            if not match:
                raise ValueError("type the size as ROWSxCOLUMNS, e.g. 7x7")
            return hidoku.blank(read_number(match.group(1)), read_number(match.group(2)))

        return AskDialog("New Hidoku board: size", check, "7x7", "rows x columns")
