"""Leave quietly when the terminal goes away.

Closing the terminal (tmux kill-session, a dropped SSH link, closing the
window) hangs up its tty.  Textual 8.2.8 does not notice: its input thread
reads end-of-file from the hung-up tty, takes it for "no input yet" and asks
again at once, burning most of a core for ever.  And under a parent such as
`make` only the parent, the session leader, gets SIGHUP; the app gets none.

So the app watches for both: SIGHUP, and its input hanging up.  Either one
ends it the ordinary way (every edit is already autosaved as it is made), with
exit status 129 like a process that SIGHUP ended.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sys
import threading

from textual.app import App

HANGUP_STATUS = 128 + signal.SIGHUP
GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def exit_on_hangup(app: App) -> None:
    """Exit `app` on SIGHUP or when its input hangs up; call from the app's event loop."""
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGHUP, hang_up, app)
    watcher = threading.Thread(target=watch_input, args=(loop, app), name="hangup-watch", daemon=True)
    watcher.start()


def watch_input(loop: asyncio.AbstractEventLoop, app: App) -> None:
    """Sleep until the input hangs up, then have the loop end the app.

    Asking poll() for no events still wakes it on a hang-up (or an error), so
    this thread costs nothing and never takes a keystroke from Textual.
    """
    poller = select.poll()
    poller.register(sys.__stdin__.fileno(), 0)
    poller.poll()
    loop.call_soon_threadsafe(hang_up, app)


def hang_up(app: App) -> None:
    """End the app; if the terminal is gone, its last writes go to /dev/null instead of failing."""
    if input_gone():
        silence_output()
    app.exit(return_code=HANGUP_STATUS)


def input_gone() -> bool:
    """Has the terminal hung up (a SIGHUP may also come from `kill` with the terminal still there)?"""
    poller = select.poll()
    poller.register(sys.__stdin__.fileno(), 0)
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
