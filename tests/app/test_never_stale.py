"""A burst of edits while workers run: nothing stale is ever shown, and the end is fresh.

Each result the screen shows is compared, at that moment, with a fresh
computation for what the screen holds then; after the burst the shown result
must be the fresh one for the final input.
"""

import random

import pytest
from textual import events

from assistant.app import PuzzleAssistant
from assistant.live import Job

KEYS = {
    "hidoku": ["1", "2", "5", "9", "backspace", "delete", "left", "right", "up", "down"],
    "jodici": ["1", "3", "5", "7", "9", "delete", "left", "right", "up", "down"],
    "disks": ["space", "comma", "full_stop", "left", "right", "up", "down"],
    "zebra": ["delete", "delete", "ctrl+z", "ctrl+y", "shift+up", "shift+down", "up", "down"],
}
FOCUS = {"zebra": "#clues"}  # where the keys go: the clue list, not the clue entry line
CHARACTERS = {"space": " ", "comma": ",", "full_stop": "."}


async def burst(pilot, keys: list[str]) -> None:
    """Type keys as fast as the terminal delivers them: no waiting between keys."""
    for key in keys:
        character = CHARACTERS.get(key, key if len(key) == 1 else None)
        pilot.app._driver.send_message(events.Key(key, character))
    await pilot.pause()


NOBODY_CANCELS = Job(should_stop=lambda: False, progress=lambda text: None)


@pytest.mark.parametrize("kind", KEYS)
async def test_a_thousand_rapid_edits_never_show_a_stale_result(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        if kind in FOCUS:
            screen.query_one(FOCUS[kind]).focus()
        shown, stale = [], []
        show = screen.live.show

        def checked_show(result):
            if result != screen.compute(screen.state, NOBODY_CANCELS):
                stale.append(result)
            shown.append(result)
            show(result)

        screen.live.show = checked_show
        rng = random.Random(7)
        for _ in range(20):
            await burst(pilot, [rng.choice(KEYS[kind]) for _ in range(50)])
        await settle(pilot)
        assert shown, "the burst ended with a result shown"
        assert not stale
        assert shown[-1] == screen.compute(screen.state, NOBODY_CANCELS)
