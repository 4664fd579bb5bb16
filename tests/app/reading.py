"""Reading the screen as a person does: its text, line by line, at the size the test runs at."""

from __future__ import annotations

from textual.app import App

from assistant.widgets.grid import EditableGrid


def screen_text(app: App) -> str:
    """What the terminal shows now, one line per row, styles dropped."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


def board_whole(app: App) -> bool:
    """The board has all the room its columns need, left of the panel, and nothing on screen scrolls sideways."""
    grid = app.screen.query_one(EditableGrid)
    needed = grid.get_content_width(app.size, app.size) + grid.styles.gutter.width
    sideways = [widget for widget in app.screen.walk_children() if widget.show_horizontal_scrollbar]
    return grid.region.width >= needed and grid.region.right <= app.screen.panel.region.x and not sideways
