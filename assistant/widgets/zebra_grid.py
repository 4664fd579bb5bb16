"""The candidate grid of a zebra or logic-grid puzzle: one block per category, values down, objects across.

Each mark is drawn through a component class named after what it means
(`zebra-grid--ruled-out`, `--no-solution`, `--deduced`, `--certain`, `--open`),
so the theme chooses the colours.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from assistant.widgets import ARROW_BINDINGS
from assistant.widgets.keys import KeysInOrder
from puzzles import zebra
from puzzles.zebra.analysis import CERTAIN, DEDUCED, NO_SOLUTION, OPEN, RULED_OUT

MARK_CLASSES = {
    RULED_OUT: "zebra-grid--ruled-out",
    NO_SOLUTION: "zebra-grid--no-solution",
    DEDUCED: "zebra-grid--deduced",
    CERTAIN: "zebra-grid--certain",
    OPEN: "zebra-grid--open",
}
GAP = 2  # columns between blocks


@dataclass(frozen=True)
class Block:
    """One category's block: its values down, the objects across."""

    category: int
    label_width: int
    cell_width: int
    n: int

    @property
    def width(self) -> int:
        return self.label_width + 1 + self.cell_width * self.n


def object_labels(puzzle: zebra.Puzzle) -> tuple[str, ...]:
    """Column heads: positions 1..n, or the key's values cut to three letters where that keeps them apart."""
    if puzzle.key is None:
        return puzzle.objects
    short = tuple(name[:3] for name in puzzle.objects)
    return short if len(set(short)) == len(short) else tuple(str(i + 1) for i in range(puzzle.n))


class ZebraGrid(KeysInOrder, Widget, can_focus=True):
    """The candidate grid: one block per category, values down and objects across, laid out to the width."""

    DEFAULT_CSS = """
    ZebraGrid { height: auto; padding: 0 1; }
    ZebraGrid > .zebra-grid--category { text-style: bold; }
    ZebraGrid > .zebra-grid--head { color: $text-muted; }
    ZebraGrid > .zebra-grid--ruled-out { color: $text-error; text-style: bold; }
    ZebraGrid > .zebra-grid--no-solution { color: $text-error; }
    ZebraGrid > .zebra-grid--deduced { color: $text-success; text-style: bold; }
    ZebraGrid > .zebra-grid--certain { color: $text-success; }
    ZebraGrid > .zebra-grid--open { color: $text-muted; }
    ZebraGrid > .zebra-grid--unknown { color: $text-disabled; }
    ZebraGrid > .zebra-grid--cursor { text-style: reverse; }
    ZebraGrid > .zebra-grid--hint { background: $warning 40%; text-style: underline; }
    """
    COMPONENT_CLASSES = {
        "zebra-grid--category",
        "zebra-grid--head",
        *MARK_CLASSES.values(),
        "zebra-grid--unknown",
        "zebra-grid--cursor",
        "zebra-grid--hint",
    }
    BINDINGS = [*ARROW_BINDINGS]
    cursor: reactive[tuple[int, int, int]] = reactive((0, 0, 0))

    @dataclass
    class Picked(Message):
        """The person chose a cell: (category, value, object)."""

        cell: tuple[int, int, int]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.puzzle: zebra.Puzzle | None = None
        self.analysis: zebra.Analysis | None = None
        self.hinted: frozenset[tuple[int, int, int]] = frozenset()  # the cells a hint points at

    def show(self, puzzle: zebra.Puzzle, analysis: zebra.Analysis | None) -> None:
        same = analysis is not None and analysis.puzzle.categories == puzzle.categories
        self.puzzle, self.analysis = puzzle, analysis if same else None
        c, v, o = self.cursor
        if c not in puzzle.free:
            c = puzzle.free[0]
        self.cursor = (c, min(v, puzzle.n - 1), min(o, puzzle.n - 1))
        self.refresh(layout=True)

    def show_hint(self, cells: frozenset[tuple[int, int, int]]) -> None:
        """Highlight the cells a hint points at (none: clear), the first of them scrolled into view once the view
        has taken its new height."""
        self.hinted = cells
        self.refresh()
        if cells and self.puzzle is not None:
            self.call_after_refresh(self.keep_in_view, min(cells, key=self.cell_row))

    # ------------------------------------------------------------ layout

    def blocks(self) -> list[Block]:
        p = self.puzzle
        assert p is not None
        cell = max(2, max(map(len, object_labels(p))) + 1)
        return [Block(c, max(len(p.categories[c].name), *map(len, p.categories[c].values)), cell, p.n) for c in p.free]

    def lines_of_blocks(self, width: int) -> list[list[Block]]:
        """Blocks side by side while they fit in `width`."""
        lines: list[list[Block]] = [[]]
        used = 0
        for block in self.blocks():
            need = block.width + (GAP if lines[-1] else 0)
            if lines[-1] and used + need > width:
                lines.append([])
                used, need = 0, block.width
            lines[-1].append(block)
            used += need
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.puzzle is None:
            return 1
        return len(self.lines_of_blocks(width)) * (self.puzzle.n + 2) - 1

    def render(self) -> Text:
        p = self.puzzle
        if p is None:
            return Text()
        heads = object_labels(p)
        category_style = self.get_component_rich_style("zebra-grid--category")
        head_style = self.get_component_rich_style("zebra-grid--head")
        out: list[Text] = []
        for line in self.lines_of_blocks(self.content_region.width or self.size.width):
            rows = [Text() for _ in range(p.n + 1)]
            for i, block in enumerate(line):
                pad = " " * GAP if i else ""
                category = p.categories[block.category]
                rows[0].append(pad + category.name.ljust(block.label_width + 1), style=category_style)
                for head in heads:
                    rows[0].append(head.center(block.cell_width), style=head_style)
                for v, value in enumerate(category.values):
                    rows[v + 1].append(pad + value.ljust(block.label_width + 1))
                    for o in range(p.n):
                        rows[v + 1].append_text(self.cell(block, v, o))
            out += [*rows, Text()]
        return Text("\n").join(out[:-1])

    def cell(self, block: Block, v: int, o: int) -> Text:
        mark = OPEN if self.analysis is None else self.analysis.marks[block.category][v][o]
        style = self.get_component_rich_style(
            MARK_CLASSES[mark] if self.analysis is not None else "zebra-grid--unknown"
        )
        if (block.category, v, o) in self.hinted:
            style += self.get_component_rich_style("zebra-grid--hint", partial=True)
        if (block.category, v, o) == self.cursor and self.has_focus:
            style += self.get_component_rich_style("zebra-grid--cursor", partial=True)
        return Text(mark.center(block.cell_width), style=style)

    def cell_at(self, x: int, y: int) -> tuple[int, int, int] | None:
        """The (category, value, object) under a click, content coordinates."""
        assert self.puzzle is not None
        n = self.puzzle.n
        row, v = divmod(y, n + 2)
        lines = self.lines_of_blocks(self.content_region.width)
        if row >= len(lines) or not 1 <= v <= n:
            return None
        left = 0
        for block in lines[row]:
            start = left + block.label_width + 1
            if start <= x < start + block.cell_width * n:
                return block.category, v - 1, (x - start) // block.cell_width
            left += block.width + GAP
        return None

    # ------------------------------------------------------------ moving

    def action_move(self, dv: int, do: int) -> None:
        if self.puzzle is None:
            return
        free, n = self.puzzle.free, self.puzzle.n
        c, v, o = self.cursor
        row = free.index(c) * n + v + dv
        row %= len(free) * n
        self.cursor = (free[row // n], row % n, (o + do) % n)

    def watch_cursor(self) -> None:
        self.refresh()
        self.keep_in_view(self.cursor)
        self.post_message(self.Picked(self.cursor))

    def keep_in_view(self, cell: tuple[int, int, int]) -> None:
        """Scroll the grid's container to the cell's row and its block's heading: an 8 x 8 grid is taller than
        the view at 80 x 24."""
        if self.puzzle is None or self.parent is None or not self.content_region.width:
            return
        row, v = self.cell_row(cell), cell[1]
        heading = self.virtual_region.y + row - v - 1
        self.parent.scroll_to_region(Region(0, heading, 1, v + 2), animate=False, immediate=True)

    def cell_row(self, cell: tuple[int, int, int]) -> int:
        """The content row of a cell: its block's line of blocks, then its value's row under the heading."""
        assert self.puzzle is not None
        c, v, _ = cell
        lines = self.lines_of_blocks(self.content_region.width)
        line = next(i for i, blocks in enumerate(lines) if any(block.category == c for block in blocks))
        return line * (self.puzzle.n + 2) + v + 1

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: Click) -> None:
        if self.puzzle is None:
            return
        cell = self.cell_at(event.x - self.styles.padding.left, event.y)
        if cell is not None:
            self.cursor = cell
