"""Reading the screen as a person does: its text, line by line, at the size the test runs at."""

from __future__ import annotations

from textual.app import App


def screen_text(app: App) -> str:
    """What the terminal shows now, one line per row, styles dropped."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())
