"""The live-recompute mechanism: newest result only, stale work really stops, errors shown."""

import threading

from textual.app import App, ComposeResult
from textual.widgets import Static

from assistant.app import PuzzleAssistant
from assistant.live import Job, LiveResult
from assistant.screens.hidoku import HidokuScreen
from puzzles.core import PuzzleError, Stopped
from tests.conftest import headline


class Probe(App):
    """A one-widget app whose live result is the square of the input, slowly."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[int] = []
        self.errors: list[str] = []
        self.stopped: list[int] = []
        self.release = threading.Event()
        self.running = threading.Event()  # a computation is inside its long loop
        self.live = LiveResult(self, self.square, self.shown.append, on_error=self.errors.append, debounce=0)

    def compose(self) -> ComposeResult:
        yield Static("probe")

    def square(self, value: int, job: Job) -> int:
        if value < 0:
            raise PuzzleError("negative", where=f"value {value}")
        self.running.set()
        while not self.release.is_set():  # a long loop that asks whether to stop
            if job.should_stop():
                self.stopped.append(value)
                raise Stopped
            self.release.wait(0.001)
        return value * value


async def until(pilot, condition) -> None:
    """Let the app run until `condition` holds (a generous bound, not a timing assertion)."""
    for _ in range(3000):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the condition never held")


async def test_only_the_newest_result_is_shown_and_stale_work_stops():
    app = Probe()
    async with app.run_test() as pilot:
        for value in range(1, 6):
            app.running.clear()
            app.live.request(value)
            await until(pilot, app.running.is_set)  # this value's computation is under way
        app.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.shown == [25]
        assert sorted(app.stopped) == [1, 2, 3, 4], "each computation overtaken while running must stop"


async def test_engine_errors_are_reported_not_raised():
    app = Probe()
    async with app.run_test() as pilot:
        app.live.request(-3)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.errors == ["value -3: negative"]
        assert app.shown == []


async def test_an_error_while_showing_a_result_is_reported_not_dropped():
    """`show` runs in the worker: what it raises would end the worker unsaid, and the panel would wait for ever."""
    app = Probe()

    def show(result: int) -> None:
        raise KeyError(result)

    async with app.run_test() as pilot:
        app.live = LiveResult(app, app.square, show, on_error=app.errors.append, debounce=0)
        app.release.set()
        app.live.request(3)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.errors == ["internal error: KeyError: 9"]


async def test_a_screen_whose_result_cannot_be_shown_says_so_in_its_panel(monkeypatch, settle):
    def broken(screen, analysis) -> None:
        raise ValueError("no room for the marks")

    monkeypatch.setattr(HidokuScreen, "show_result", broken)
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "Cannot compute"
        detail = str(app.screen.panel.query_one("#detail").render())
        assert detail == "internal error: ValueError: no room for the marks"
