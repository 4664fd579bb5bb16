"""The one way the app keeps a result live while the person types.

Every screen has some input (a game, a board, a clue list) and an expensive
function of it (the remaining candidates).  `LiveResult.request(input)` starts
computing it in a thread and shows the answer when it arrives, with four
guarantees:

- typing never blocks: the engine runs in a worker thread, off the event loop;
- exclusive: a new request cancels the one in flight, and the stale engine
  call really stops, because its `should_stop()` now answers True and the
  engine raises `puzzles.core.Stopped` at its next check;
- debounced: a burst of keystrokes starts one computation, not one per key;
- never stale: each request has a generation number and only the newest
  generation's result is ever shown.

Engine errors are shown (through `on_error`), never allowed to close the app;
so is an error raised while showing a result (`show` itself), which the worker
would otherwise drop without a word.
A one-off computation (a dialog's table) is a LiveResult with `debounce=0`,
asked once: it keeps the same error handling and stops when its owner goes.
"""

from __future__ import annotations

import asyncio
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from textual.dom import DOMNode

from puzzles.core import PuzzleError, Stopped

In = TypeVar("In")
Out = TypeVar("Out")

DEBOUNCE_SECONDS = 0.12


@dataclass
class Job:
    """What a computation sees of its request: a cancel check and a progress report.

    A report is whatever the owner's `on_progress` reads: a line of text for a
    puzzle screen's panel, (done, total) for a progress bar.
    """

    should_stop: Callable[[], bool]
    progress: Callable[[Any], None]


class LiveResult(Generic[In, Out]):
    """Recomputes `compute(input, job)` in a worker and hands the newest result to `show`."""

    def __init__(
        self,
        owner: DOMNode,
        compute: Callable[[In, Job], Out],
        show: Callable[[Out], None],
        *,
        on_error: Callable[[str], None],
        on_busy: Callable[[bool], None] = lambda busy: None,
        on_progress: Callable[[Any], None] = lambda report: None,
        debounce: float = DEBOUNCE_SECONDS,
        name: str = "live",
    ) -> None:
        self.owner = owner
        self.compute = compute
        self.show = show
        self.on_error = on_error
        self.on_busy = on_busy
        self.on_progress = on_progress
        self.debounce = debounce
        self.group = f"{name}-{id(self)}"
        self.generation = 0
        self._stop = threading.Event()

    def request(self, value: In) -> None:
        """Forget any computation in flight and compute for `value` instead."""
        self._stop.set()
        self._stop = stop = threading.Event()
        self.generation += 1
        self.owner.run_worker(
            partial(self._run, value, self.generation, stop),  # no coroutine left unawaited if cancelled early
            name=self.group,
            group=self.group,
            exclusive=True,
            exit_on_error=False,
        )

    def cancel(self) -> None:
        """Forget the computation in flight: it stops at its next check, and its result is never shown."""
        self._stop.set()
        self.generation += 1

    def _is_current(self, generation: int) -> bool:
        return generation == self.generation

    async def _run(self, value: In, generation: int, stop: threading.Event) -> None:
        await asyncio.sleep(self.debounce)
        self.on_busy(True)
        app = self.owner.app
        job = Job(
            should_stop=stop.is_set,
            progress=lambda report: app.call_from_thread(self._progress, generation, report),
        )
        try:
            result = await asyncio.to_thread(self.compute, value, job)
        except Stopped:
            return
        except asyncio.CancelledError:
            stop.set()
            raise
        except PuzzleError as error:
            if self._is_current(generation):
                self.on_busy(False)
                self.on_error(str(error))
            return
        except Exception as error:  # an engine bug is shown and logged, never closes the app
            if self._is_current(generation):
                self._internal_error(error)
            return
        if self._is_current(generation) and not stop.is_set():
            self.on_busy(False)
            try:
                self.show(result)
            except Exception as error:  # a bug in showing it, said like an engine's: a worker would drop it unsaid
                self._internal_error(error)

    def _internal_error(self, error: Exception) -> None:
        """A bug, not a puzzle's fault: its traceback in the log, one line through `on_error`."""
        self.owner.log.error(traceback.format_exc())
        self.on_busy(False)
        self.on_error(f"internal error: {type(error).__name__}: {error}")

    def _progress(self, generation: int, report: Any) -> None:
        if self._is_current(generation):
            self.on_progress(report)
