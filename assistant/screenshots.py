"""`puzzle-assistant screenshots`: one SVG per screen, from real runs of the app.

Each screen opens on its bundled example; a screen class may list
`SCREENSHOT_KEYS` to press first (a few moves in, a cell selected) so the
picture shows the assistant at work.
"""

from __future__ import annotations

from pathlib import Path

from assistant.app import PuzzleAssistant
from assistant.kinds import KINDS


async def settle(app: PuzzleAssistant, pilot) -> None:
    """Wait until every live result has arrived and been drawn."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def take(kind: str, directory: Path, size: tuple[int, int], keys: tuple[str, ...] = ()) -> Path:
    app = PuzzleAssistant(start=kind, restore_sessions=False)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for key in keys:
            await pilot.press(key)
            await settle(app, pilot)
        path = directory / f"{kind}.svg"
        app.save_screenshot(filename=path.name, path=str(directory))
    return path


async def take_all(directory: Path, size: tuple[int, int]) -> list[Path]:
    return [await take(kind.name, directory, size, getattr(kind.screen(), "SCREENSHOT_KEYS", ())) for kind in KINDS]
