"""A burst of edits while workers run: nothing stale is ever shown, and the end is fresh.

Each result the screen shows is compared, at that moment, with a fresh
computation for what the screen holds then; after the burst the shown result
must be the fresh one for the final input.  Every live screen gets at least
1,000 edits (changes, undos and redos that reach the live worker).
"""

import dataclasses
import random

import numpy as np
import pytest
from textual import events

from assistant.app import PuzzleAssistant
from assistant.live import Job
from puzzles import mastermind as mm
from puzzles.core import Budget

BOARD_MOVES = ["left", "right", "up", "down"]
KEYS = {
    "hidoku": ["1", "2", "5", "9", "backspace", "delete", *BOARD_MOVES],
    "jodici": ["1", "3", "5", "7", "9", "delete", *BOARD_MOVES],
    "magic": ["5", "1", "2", "backspace", "delete", "ctrl+z", *BOARD_MOVES],
    "equation": ["1", "2", "-", "+", "*", "/", "backspace", "delete", *BOARD_MOVES],
    "disks": ["space", "comma", "full_stop", *BOARD_MOVES],
    # Pick a peg, step twice (over a neighbour), jump: a move when the cursor was on a movable peg.
    "peg": [
        "enter right right enter",
        "enter left left enter",
        "enter up up enter",
        "enter down down enter",
        "ctrl+z ctrl+y ctrl+z ctrl+y",
        "ctrl+z",
        *BOARD_MOVES,
    ],
    "zebra": ["delete", "delete", "ctrl+z", "ctrl+y", "shift+up", "shift+down", "up", "down"],
    "mastermind": ["delete", "delete", "ctrl+z", "ctrl+y", "up", "down"],
}
# Where the keys go: zebra's clue list, not its clue entry line; Mastermind's rows, not its guess box.
FOCUS = {"zebra": "#clues", "mastermind": "#rows"}
CHARACTERS = {"space": " ", "comma": ",", "full_stop": "."}
# Mastermind plays the classic 4 pegs by 6 colours (the seed's 6x9 takes seconds per suggestion),
# five rows scored against green yellow red blue.
START = {
    "mastermind": mm.parse(
        "pegs: 4\ncolours: red blue green yellow orange purple\n"
        "rrbb = 2 0\nggyy = 1 1\noopp = 0 0\nyrgb = 1 3\ngyrp = 3 0\n"
    )
}


async def burst(pilot, strokes: list[str]) -> None:
    """Type keys as fast as the terminal delivers them: no waiting between keys."""
    for key in (key for stroke in strokes for key in stroke.split()):
        character = CHARACTERS.get(key, key if len(key) == 1 else None)
        pilot.app._driver.send_message(events.Key(key, character))
    await pilot.pause()


def same(a, b) -> bool:
    """Results are equal, field by field; numpy arrays (Mastermind's codes left) element by element."""
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and np.array_equal(a, b)
    if dataclasses.is_dataclass(a) and type(a) is type(b):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return a == b


async def type_until_edited(pilot, strokes: list[str], wanted: int) -> int:
    """Bursts of 50 random keys until `wanted` edits (changes, undos, redos) reached the live worker."""
    live = pilot.app.screen.live
    request = live.request
    edits = 0

    def counted(value) -> None:
        nonlocal edits
        edits += 1
        request(value)

    live.request = counted
    rng = random.Random(7)
    for _ in range(wanted):  # an edit per burst at the least, or the mix is wrong
        if edits >= wanted:
            break
        await burst(pilot, [rng.choice(strokes) for _ in range(50)])
    return edits


NOBODY_CANCELS = Job(should_stop=lambda: False, progress=lambda text: None)


@pytest.mark.parametrize("kind", KEYS)
async def test_a_thousand_rapid_edits_never_show_a_stale_result(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        if kind in START:
            screen.load(START[kind])
        await settle(pilot)
        if kind in FOCUS:
            screen.query_one(FOCUS[kind]).focus()
        # Writing a history of up to 1,000 states after each of 1,000 edits was two thirds of
        # this test's time; autosave is what test_killed.py checks, staleness is what this does.
        screen.autosave = lambda: None
        screen.BUDGET = Budget(work=2_000)  # few steps: staleness, not the answer, is what this checks
        shown, stale = [], []
        show = screen.live.show

        def fresh():
            return screen.compute(screen.live_input(screen.state), NOBODY_CANCELS)

        def checked_show(result):
            if not same(result, fresh()):
                stale.append(result)
            shown.append(result)
            show(result)

        screen.live.show = checked_show
        edits = await type_until_edited(pilot, KEYS[kind], 1000)
        await settle(pilot)
        assert edits >= 1000, "a key mix that edits"
        assert shown, "the burst ended with a result shown"
        assert not stale
        assert same(shown[-1], fresh())
