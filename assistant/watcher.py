"""The hang-up watcher: a small process that ends the app when, after a hang-up, the app cannot end itself.

The app's own watchdog (hangup.py) is a thread of the app: to wake and end
the process it needs Python's lock, which a computation in a C extension can
hold for seconds, and time on a processor, which a busy machine hands out late.
This process needs neither from the app.  The app starts it beside itself
(`python -I -S watcher.py APP WAKE_FD SECONDS`: the standard library only, so
it starts in milliseconds) and shares with it a pipe and the terminal:

- on SIGHUP, CPython's own C signal handler writes the signal's number into
  the pipe (`signal.set_wakeup_fd`), at once, before any Python code runs;
- a closed terminal hangs up the terminal's file descriptors, here too.

Either one starts the count: SECONDS later an app still running is killed.
The app closing its end of the pipe (it has ended) ends this process, and so
does being handed to another parent (the app is gone).
"""

from __future__ import annotations

import os
import select
import signal
import sys
import time

GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL
LOOK = 1.0  # seconds between two looks at whether the app is still this process's parent


def main(argv: list[str]) -> int:
    app, wake, seconds = int(argv[1]), int(argv[2]), float(argv[3])
    for sig in (signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, signal.SIG_IGN)  # a hang-up is what this process must outlive
    hung_up = wait_for_hang_up(app, wake, (0, 1))
    if hung_up is not None:
        end_at(app, hung_up + seconds)
    return 0


def wait_for_hang_up(app: int, wake: int, terminal: tuple[int, ...]) -> float | None:
    """When the app got SIGHUP or its terminal hung up; None when the app ended first."""
    poller = select.poll()
    poller.register(wake, select.POLLIN)
    for fd in terminal:
        poller.register(fd, 0)  # no events asked: woken only by a hang-up or an error
    while os.getppid() == app:
        for fd, events in poller.poll(LOOK * 1000):
            if fd != wake:
                return time.monotonic()
            said = os.read(wake, 512) if events & select.POLLIN else b""
            if not said:
                return None  # the app closed its end: it has ended
            if signal.SIGHUP in said:
                return time.monotonic()
    return None


def end_at(app: int, moment: float) -> None:
    """Kill the app at `moment` if it is still running (still this process's parent, so never another process)."""
    while os.getppid() == app and (left := moment - time.monotonic()) > 0:
        time.sleep(min(left, LOOK))
    if os.getppid() == app:
        os.kill(app, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
