"""Mastermind at a glance: how many codes were left after each row, as bars on a log scale.

Each row cuts the codes by a factor, so a log scale shows every cut alike: the
same drop for halving 1,000 codes as for halving 10.  One bar per row, the
first for all the codes before any guess; a bar for one code left is the
shortest, and a row that left none has no bar.  Colours come from the theme
through component classes.
"""

from __future__ import annotations

import math

from rich.text import Text
from textual.widget import Widget

BLOCKS = " ▁▂▃▄▅▆▇█"  # eighths of a cell, bottom up
HEIGHT = 3  # lines of bars: 24 steps between one code and all of them


def bar_heights(counts: tuple[int, ...], height: int = HEIGHT) -> list[int]:
    """Each count's bar in eighths of a line: log scale from 1 code (one eighth) to the first count (full)."""
    top = height * 8
    biggest = math.log(max(counts[0], 2))
    return [0 if n <= 0 else max(1, round(1 + (top - 1) * math.log(n) / biggest)) for n in counts]


def column(eighths: int, line: int) -> str:
    """The block one bar shows on `line` (0 = top) of a chart `HEIGHT` lines high."""
    below = (HEIGHT - 1 - line) * 8
    return BLOCKS[min(8, max(0, eighths - below))]


class CodesChart(Widget):
    """Codes left before the first row and after each row, one bar per row, log scale."""

    DEFAULT_CSS = """
    CodesChart { height: auto; padding: 0 1; }
    CodesChart > .codes-chart--bar { color: $primary; }
    CodesChart > .codes-chart--found { color: $success; }
    CodesChart > .codes-chart--label { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"codes-chart--bar", "codes-chart--found", "codes-chart--label"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.counts: tuple[int, ...] = ()

    def show(self, all_codes: int, left_after: tuple[int, ...]) -> None:
        """Draw the codes there were at the start and after each row."""
        self.counts = (all_codes, *left_after)
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width) -> int:
        return HEIGHT + 1 if len(self.counts) > 1 else 0

    def render(self) -> Text:
        if len(self.counts) <= 1:
            return Text()
        label, bar, found = (
            self.get_component_rich_style(f"codes-chart--{name}") for name in ("label", "bar", "found")
        )
        heights = bar_heights(self.counts)
        margin = [f"{self.counts[0]:,}", "codes left", "1"]
        width = max(map(len, margin))
        lines = []
        for line in range(HEIGHT):
            text = Text(f"{margin[line]:>{width}} ", style=label)
            for n, eighths in zip(self.counts, heights):
                text.append(column(eighths, line) + " ", style=found if n == 1 else bar)
            lines.append(text)
        numbers = " ".join(str(row % 10) for row in range(1, len(self.counts)))
        lines.append(Text(f"{'log scale':>{width}}   {numbers}", style=label))
        return Text("\n").join(lines)
