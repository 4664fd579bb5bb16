"""Mastermind pegs as their letters on coloured chips, key pegs as black and white dots, a clickable legend.

A code never relies on colour alone: each peg shows the key letter it is typed
with (the digit itself in Bulls and Cows), so it reads the same with
`NO_COLOR`, on a monochrome terminal and to a colour-blind person.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.color import Color
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from puzzles.mastermind import colour_keys

# Rich colours for the usual peg names; any other name gets a distinct fallback.  These are the
# pegs' real colours, so they stay literal in every theme; everything else here (an empty slot, the
# unused key-peg dots, the counts) is "dim", which Textual draws as the theme's text blended into
# the background.
PEG_STYLES = {
    "red": "bright_red",
    "blue": "dodger_blue1",
    "green": "green3",
    "yellow": "yellow1",
    "orange": "dark_orange",
    "brown": "#a0522d",
    "black": "grey35",
    "white": "grey100 on grey50",  # a grey chip, so a white peg shows in light themes too
    "purple": "medium_purple",
    "pink": "hot_pink",
    "cyan": "cyan",
    "magenta": "magenta",
    "grey": "grey58",
    "gray": "grey58",
}
FALLBACK = ("cyan", "magenta", "spring_green2", "gold1", "orchid", "turquoise2", "salmon1", "chartreuse1")


def peg_style(name: str, index: int) -> str:
    return PEG_STYLES.get(name.lower(), FALLBACK[index % len(FALLBACK)])


def peg(name: str, index: int, key: str) -> Text:
    """One code peg: its key letter on a chip of its colour; a digit plain; "none" (the seed's empty slot) dim."""
    if name.lower() == "none":
        return Text(key, style="dim")
    if name.isdigit():
        return Text(name, style="bold")
    colour = peg_style(name, index).split(" on ")[-1]
    return Text(key, style=f"bold {ink_on(colour)} on {colour}")


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on a chip of `colour`."""
    red, green, blue = Color.parse(colour).get_truecolor()
    return "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "white"


def code_pegs(code: Sequence[int], colours: Sequence[str]) -> Text:
    keys = colour_keys(colours)
    return Text(" ").join(peg(colours[c], c, keys[c]) for c in code)


def key_pegs(black: int, white: int, pegs: int) -> Text:
    """Black key pegs as filled dots, white as rings, the rest as faint dots, then the counts."""
    return Text.assemble(
        ("●" * black, "bold"),
        ("○" * white, "bold"),
        ("·" * (pegs - black - white), "dim"),
        (f" {black}·{white}", "dim"),
    )


class PaletteBar(Widget):
    """The game's colours as a legend, each key on its chip with its name spelt out ("w white  k black"), wrapped to
    the width so every name shows; a click on a colour posts `Picked`."""

    GAP = "  "

    @dataclass
    class Picked(Message):
        colour: int

    colours: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()

    def show_colours(self, colours: Sequence[str], keys: Sequence[str]) -> None:
        self.colours, self.keys = tuple(colours), tuple(keys)
        self.tooltip = "  ".join(f"{key} = {name}" for name, key in zip(colours, keys))
        self.refresh(layout=True)

    def entry(self, index: int) -> Text:
        """One colour of the legend: its chip, then its name unless the chip says it already (a digit)."""
        name, key = self.colours[index], self.keys[index]
        chip = peg(name, index, key)
        return chip if name.lower() == key else Text.assemble(chip, f" {name}")

    def lines(self, width: int) -> list[list[int]]:
        """The colours on each line of the legend, as many as fit in `width` columns."""
        lines: list[list[int]] = [[]]
        used = 0
        for index in range(len(self.colours)):
            length = self.entry(index).cell_len
            if lines[-1] and used + len(self.GAP) + length > width:
                lines.append([])
                used = 0
            used += (len(self.GAP) if lines[-1] else 0) + length
            lines[-1].append(index)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(
            Text(self.GAP).join(self.entry(index) for index in line) for line in self.lines(self.content_size.width)
        )

    def on_click(self, event: Click) -> None:
        lines, at = self.lines(self.content_size.width), event.get_content_offset(self)
        if at is None or not 0 <= at.y < len(lines):
            return
        x = at.x
        for index in lines[at.y]:
            length = self.entry(index).cell_len
            if x < length + len(self.GAP):
                self.post_message(self.Picked(index))
                return
            x -= length + len(self.GAP)
