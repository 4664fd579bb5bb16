"""Leave quietly when the terminal goes away, and leave in any case.

Closing the terminal (tmux kill-session, a dropped SSH link, closing the
window) hangs up its tty.  Textual 8.2.8 does not notice: its input thread
reads end-of-file from the hung-up tty, takes it for "no input yet" and asks
again at once, burning most of a core for ever.  And under a parent such as
`make` only the parent, the session leader, gets SIGHUP; the app gets none.

So the app watches for both: SIGHUP, and its terminal hanging up.  Either one
ends it the ordinary way (every edit is already autosaved as it is made), with
exit status 129 like a process that SIGHUP ended.

The ordinary way can block for ever: Textual writes the screen through a
writer thread and a queue of 30 writes, and when the terminal takes no more
output (nobody reads it, or the writer died on a hung-up tty) the event loop
blocks on the full queue, or at shutdown on joining the writer.  A watchdog
then ends the process: it is armed from the signal handler and from the
watching thread, so a blocked event loop cannot stop it (see `Watchdog`).

The watchdog and the signal handler are Python, run by threads of the app:
they need Python's lock (the GIL), which a computation in a C extension may
hold for seconds, and a processor, which a busy machine hands out late.  So a
small process watches as well (watcher.py), told of SIGHUP by CPython's C
signal handler through a pipe, with no Python run: BACKSTOP seconds after the
hang-up it kills an app that is still running (SIGKILL: a session save in
progress leaves the saved file whole, as saves write a copy and rename it).
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from textual.app import App

HANGUP_STATUS = 128 + signal.SIGHUP
GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL
GRACE = 1.0  # seconds the ordinary shutdown gets (it takes about 0.5 s on 2 busy cores)
LOOP_GRACE = 0.4  # seconds then for the event loop to end the process, before the watchdog does it itself
BACKSTOP = 1.8  # seconds after the hang-up when the watcher process kills an app the watchdog could not end
WATCHER = Path(__file__).with_name("watcher.py")


class Watchdog:
    """Ends the process if the ordinary shutdown has not, GRACE seconds after a hang-up.

    The end is asked of the event loop first: it runs between two callbacks,
    so never halfway through a session save (saves run inside one).  A loop
    that has not run it LOOP_GRACE later is blocked, so not saving, and the
    watchdog's own thread ends the process.  `sleep` and `end` are
    `time.sleep` and `os._exit` but for tests.
    """

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        *,
        grace: float = GRACE,
        loop_grace: float = LOOP_GRACE,
        sleep: Callable[[float], None] = time.sleep,
        end: Callable[[int], object] = os._exit,
    ) -> None:
        self.loop, self.grace, self.loop_grace, self.sleep, self.end = loop, grace, loop_grace, sleep, end
        self.armed = threading.Event()
        self.watcher: subprocess.Popen | None = None  # the watcher process, kept for the app's life

    def start(self) -> Watchdog:
        """Its thread, started now so that arming it later starts nothing."""
        threading.Thread(target=self.count_down, name="hangup-watchdog", daemon=True).start()
        return self

    def arm(self) -> None:
        """Start the count-down (once, however often called); fit for a signal handler."""
        self.armed.set()

    def count_down(self) -> None:
        self.armed.wait()
        self.sleep(self.grace)
        try:
            self.loop.call_soon_threadsafe(self.end, HANGUP_STATUS)
        except RuntimeError:  # the loop is closed: shutdown got past it and stuck later
            pass
        else:
            self.sleep(self.loop_grace)
        self.end(HANGUP_STATUS)


def exit_on_hangup(app: App) -> Watchdog:
    """Exit `app` on SIGHUP or when its terminal hangs up; call from the app's event loop."""
    loop = asyncio.get_running_loop()
    watchdog = Watchdog(loop).start()

    def hung_up(*_: object) -> None:
        """From the signal handler or the watching thread: arm, then have the loop end the app."""
        watchdog.arm()
        try:
            loop.call_soon_threadsafe(hang_up, app)
        except RuntimeError:  # the loop is closed: the app has ended already
            pass

    # A plain handler, not loop.add_signal_handler: that one only runs when the loop does
    signal.signal(signal.SIGHUP, hung_up)
    watchdog.watcher = start_watcher(BACKSTOP)
    watcher = threading.Thread(target=watch_terminal, args=(hung_up,), name="hangup-watch", daemon=True)
    watcher.start()
    return watchdog


def start_watcher(seconds: float) -> subprocess.Popen:
    """The watcher process (watcher.py) beside this one, on its terminal, told of SIGHUP through a pipe.

    Call from the main thread, after SIGHUP has its Python handler: CPython's
    C handler then writes the signal's number into the pipe as it arrives.
    """
    wake, woken = os.pipe()
    os.set_blocking(woken, False)  # a full pipe loses a byte rather than stalling the signal handler
    watcher = subprocess.Popen(
        [sys.executable, "-I", "-S", str(WATCHER), str(os.getpid()), str(wake), str(seconds)], pass_fds=(wake,)
    )
    os.close(wake)
    signal.set_wakeup_fd(woken, warn_on_full_buffer=False)
    return watcher


def watch_terminal(hung_up: Callable[[], None]) -> None:
    """Sleep until the terminal hangs up (input or output), then call `hung_up`.

    Asking poll() for no events still wakes it on a hang-up (or an error), so
    this thread costs nothing and never takes a keystroke from Textual.
    """
    poller = select.poll()
    for fd in terminal_fds():
        poller.register(fd, 0)
    poller.poll()
    hung_up()


def terminal_fds() -> set[int]:
    return {sys.__stdin__.fileno(), sys.__stdout__.fileno()}


def hang_up(app: App) -> None:
    """End the app; if the terminal is gone, its last writes go to /dev/null instead of failing."""
    if terminal_gone():
        silence_output()
    app.exit(return_code=HANGUP_STATUS)


def terminal_gone() -> bool:
    """Has the terminal hung up (a SIGHUP may also come from `kill` with the terminal still there)?"""
    poller = select.poll()
    for fd in terminal_fds():
        poller.register(fd, 0)
    return any(events & GONE for _, events in poller.poll(0))


def silence_output() -> None:
    """Point stdout and stderr at /dev/null: a write to a hung-up tty fails with EIO.

    Textual's writer thread dies on such an error, and the app's own goodbye
    (restoring the screen) and any error report would fail the same way.
    """
    null = os.open(os.devnull, os.O_WRONLY)
    for fd in (sys.__stdout__.fileno(), sys.__stderr__.fileno()):
        os.dup2(null, fd)
    os.close(null)
