"""Widgets shared by the puzzle screens."""

from textual.binding import Binding

ARROW_BINDINGS = [
    Binding("up", "move(-1, 0)", "Up", show=False),
    Binding("down", "move(1, 0)", "Down", show=False),
    Binding("left", "move(0, -1)", "Left", show=False),
    Binding("right", "move(0, 1)", "Right", show=False),
]
"""Arrow keys for any widget with a cursor: each calls its `action_move(rows, columns)`."""
