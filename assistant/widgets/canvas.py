"""A picture drawn around a centre: the round boards (Jodici's rings, the flower disks) put text at points and read it back as lines."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

Point = tuple[int, int]  # (column, row) from the centre


class Canvas:
    """Characters and their styles on a grid of 2w+1 columns by 2h+1 rows, (0, 0) in the middle."""

    def __init__(self, half_width: int, half_height: int) -> None:
        self.half_width, self.half_height = half_width, half_height
        self.cells: list[list[tuple[str, Style | None]]] = [
            [(" ", None)] * (2 * half_width + 1) for _ in range(2 * half_height + 1)
        ]

    def put(self, point: Point, text: str, style: Style | None = None) -> None:
        """`text` centred on `point`; whatever falls outside the picture is cropped."""
        x, y = point
        if not 0 <= y + self.half_height < len(self.cells):
            return
        row = self.cells[y + self.half_height]
        start = x + self.half_width - (len(text) - 1) // 2
        for i, char in enumerate(text):
            if 0 <= start + i < len(row):
                row[start + i] = (char, style)

    def lines(self) -> list[Text]:
        drawn = []
        for row in self.cells:
            line = Text()
            for char, style in row:
                line.append(char, style)
            drawn.append(line)
        return drawn
