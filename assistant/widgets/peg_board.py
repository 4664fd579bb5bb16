"""The peg solitaire board drawn as pegs and holes, with a cursor and the marked jump targets.

Its colours come from the theme through component classes: pegs, holes and
their numbers, the picked peg, and each target by what jumping there keeps
(a win, a loss, or undecided).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from assistant.widgets import ARROW_BINDINGS
from assistant.widgets.keys import KeysInOrder
from puzzles import peg as engine

CELL = 4  # columns per hole
TARGET_CLASSES = {True: "peg-board--target-win", False: "peg-board--target-loss", None: "peg-board--target-open"}


class PegBoard(KeysInOrder, Widget, can_focus=True):
    """The board drawn as pegs and holes; posts `Chosen` for the hole under the cursor."""

    DEFAULT_CSS = """
    PegBoard { width: auto; height: auto; padding: 1 2; }
    PegBoard > .peg-board--peg { color: $text-primary; text-style: bold; }
    PegBoard > .peg-board--hole { color: $text-muted; }
    PegBoard > .peg-board--number { color: $text-disabled; }
    PegBoard > .peg-board--picked { color: $text-warning; text-style: bold; }
    PegBoard > .peg-board--target-win { color: $text-success; text-style: bold; }
    PegBoard > .peg-board--target-loss { color: $text-error; text-style: bold; }
    PegBoard > .peg-board--target-open { color: $text-warning; text-style: bold; }
    PegBoard > .peg-board--cursor { text-style: reverse; }
    """
    COMPONENT_CLASSES = {
        "peg-board--peg",
        "peg-board--hole",
        "peg-board--number",
        "peg-board--picked",
        *TARGET_CLASSES.values(),
        "peg-board--cursor",
    }
    BINDINGS = [
        *ARROW_BINDINGS,
        Binding("enter,space", "choose", "Pick/jump"),
    ]
    cursor: reactive[int] = reactive(1)

    @dataclass
    class Chosen(Message):
        hole: int

    def __init__(self) -> None:
        super().__init__()
        self.position: engine.Position | None = None
        self.picked: int | None = None
        self.targets: dict[int, bool | None] = {}  # hole -> keeps the win (None: undecided)

    def show(self, position: engine.Position, picked: int | None, targets: dict[int, bool | None]) -> None:
        self.position, self.picked, self.targets = position, picked, targets
        if self.cursor > engine.BOARDS[position.board].size:
            self.cursor = 1
        self.refresh(layout=True)

    def places(self) -> dict[int, tuple[int, int]]:
        """Hole -> (line, first column) in the drawing."""
        board = engine.BOARDS[self.position.board]
        return {number: (r, x * CELL // 2) for number, ((r, _), x) in enumerate(zip(board.holes, board.columns), 1)}

    def get_content_width(self, container, viewport) -> int:
        return max((x for _, x in self.places().values()), default=0) + CELL if self.position else 0

    def get_content_height(self, container, viewport, width) -> int:
        return (engine.BOARDS[self.position.board].holes[-1][0] + 1) * 2 if self.position else 0

    def render(self) -> Text:
        if self.position is None:
            return Text()
        spots = self.places()
        height = max(line for line, _ in spots.values()) + 1
        rows = [Text() for _ in range(2 * height)]
        number_style = self.get_component_rich_style("peg-board--number")
        for hole, (line, x) in sorted(spots.items(), key=lambda item: item[1]):
            text = rows[2 * line]
            text.append(" " * (x - len(text.plain)))
            symbol, role = ("●", "peg-board--peg") if self.position.has_peg(hole) else ("○", "peg-board--hole")
            if hole == self.picked:
                role = "peg-board--picked"
            elif hole in self.targets:
                symbol, role = "◎", TARGET_CLASSES[self.targets[hole]]
            style = self.get_component_rich_style(role)
            if hole == self.cursor:
                style += self.get_component_rich_style("peg-board--cursor", partial=True)
            text.append(f" {symbol} ", style=style)
            number = rows[2 * line + 1]
            number.append(" " * (x - len(number.plain)))
            number.append(f"{hole:^3}", style=number_style)
        return Text("\n").join(rows)

    def action_move(self, dr: int, dc: int) -> None:
        """Go to the nearest hole in that direction."""
        if self.position is None:
            return
        spots = self.places()
        line, x = spots[self.cursor]
        ahead = [
            (abs(l - line) * 100 + abs(c - x), hole)
            for hole, (l, c) in spots.items()
            if (dr and (l - line) * dr > 0 and abs(c - x) <= CELL) or (dc and l == line and (c - x) * dc > 0)
        ]
        if ahead:
            self.cursor = min(ahead)[1]

    def watch_cursor(self) -> None:
        self.refresh()

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def on_click(self, event: Click) -> None:
        if self.position is None:
            return
        y, x = event.y - 1, event.x - 2
        for hole, (line, column) in self.places().items():
            if y in (2 * line, 2 * line + 1) and column <= x < column + 3:
                self.cursor = hole
                self.action_choose()
