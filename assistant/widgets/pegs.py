"""Mastermind pegs as coloured dots, key pegs as black and white dots, a clickable palette."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

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


def peg(name: str, index: int) -> Text:
    """One code peg; "none" (an empty slot in the seed's game) is a hollow ring."""
    if name.lower() == "none":
        return Text("○", style="dim")
    return Text("●", style=f"bold {peg_style(name, index)}")


def code_pegs(code: Sequence[int], colours: Sequence[str]) -> Text:
    return Text(" ").join(peg(colours[c], c) for c in code)


def key_pegs(black: int, white: int, pegs: int) -> Text:
    """Black key pegs as filled dots, white as rings, the rest as faint dots."""
    return Text.assemble(
        ("●" * black, "bold"),
        ("○" * white, "bold"),
        ("·" * (pegs - black - white), "dim"),
        (f" {black}·{white}", "dim"),
    )


class PaletteBar(Static):
    """The game's colours as clickable pegs with their keys; a click posts `Picked`."""

    CHIP = 4

    @dataclass
    class Picked(Message):
        colour: int

    def show_colours(self, colours: Sequence[str], keys: Sequence[str]) -> None:
        self.colours = tuple(colours)
        chips = [
            Text.assemble(peg(name, i), f"{key:<{self.CHIP - 1}}") for i, (name, key) in enumerate(zip(colours, keys))
        ]
        self.update(Text("").join(chips))
        self.tooltip = "  ".join(f"{key} = {name}" for name, key in zip(colours, keys))

    def on_click(self, event: Click) -> None:
        index = event.x // self.CHIP
        if 0 <= index < len(getattr(self, "colours", ())):
            self.post_message(self.Picked(index))
