"""Shared test helpers: wait until the app's live results have been drawn."""

from __future__ import annotations

import pytest
from hypothesis import settings

from assistant.screenshots import settle as settle_app

# The same examples on every run and machine, and no example database carried between runs:
# a failure in CI is a failure here.  `make fuzz` explores afresh with the "explore" profile.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", database=None)
settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Sessions autosave into a fresh folder per test, never the user's own."""
    monkeypatch.setenv("PUZZLE_ASSISTANT_HOME", str(tmp_path / "data"))


@pytest.fixture
def settle():
    """`await settle(pilot)`: every worker done and its result on screen."""

    async def wait(pilot) -> None:
        await settle_app(pilot.app, pilot)

    return wait


async def ready_for_snapshot(pilot) -> None:
    """Workers done, results drawn, and no blinking cursor to make two pictures differ."""
    from textual.widgets import Input

    await settle_app(pilot.app, pilot)
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False
    await pilot.pause()


def headline(app) -> str:
    """The live panel's headline on the current screen: what a person reads first."""
    from assistant.widgets.live_panel import LivePanel

    return str(app.screen.query_one(LivePanel).query_one("#headline").render())
