"""Closing the terminal ends the app, with every edit kept.

The app runs as a person runs it, `python -m assistant` in a pseudo-terminal,
under a `sh -c` that leads the terminal's session and, like `make run`, waits
for the app when SIGHUP comes.  A closed terminal then hangs up the tty and
sends SIGHUP to the shell only: the app must notice the dead input itself.
Before it did, it stayed on with no terminal, spinning on end-of-file.
(A leader that died at once would have the kernel send SIGHUP to the app too.)
"""

import asyncio
import fcntl
import itertools
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from assistant.hangup import GRACE, HANGUP_STATUS, LOOP_GRACE, Watchdog
from assistant.sessions import load_session
from puzzles import hidoku

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 30.0  # seconds: a loaded machine may be slow, but an app that stays on never ends
DOWN, ENTER = "\x1b[B", "\r"
LEAVE_ALT_SCREEN = b"\x1b[?1049l"


class Terminal:
    """The test as the terminal emulator: it runs `command`, types, reads, and can hang up."""

    def __init__(self, command: str, env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the shell, leading the terminal's session
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
                os.chdir(ROOT)
                os.execve("/bin/sh", ["sh", "-c", command], env)
            finally:
                os._exit(127)
        self.output = bytearray()
        self.open = True

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        """Read the screen (a full pty would stall the app) until `condition` holds."""
        deadline = time.monotonic() + PATIENCE
        while not condition():
            assert time.monotonic() < deadline, f"still waiting for {what}"
            self.read(0.1)

    def read(self, timeout: float) -> None:
        if not self.open:
            time.sleep(timeout)
            return
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                self.output += os.read(self.fd, 65536)
            except OSError:  # EIO: nobody has the terminal open any more
                time.sleep(timeout)

    def hang_up(self) -> None:
        """What closing the window does: the emulator lets go of the pty."""
        os.close(self.fd)
        self.open = False

    def app_pid(self) -> int:
        """The shell's one child: the app (found while the shell is alive to ask)."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children")
        self.wait_for(lambda: children.read_text().split() != [], "the app to start")
        return int(children.read_text().split()[0])

    def close(self) -> None:
        if self.open:
            self.hang_up()
        os.waitpid(self.pid, 0)


def running(pid: int) -> bool:
    """Still a live process (not gone, not a zombie waiting for its new parent to reap it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):  # gone before, or while, its stat was read
        return False
    return state != "Z"


def first_cell() -> int | None:
    """The autosaved Hidoku's top-left cell, None before the screen first saved."""
    session = load_session("hidoku")
    return None if session is None else hidoku.parse(session.states[session.index]).grid[0][0]


@pytest.fixture
def app_in_terminal():
    """The app started in a fresh terminal, on the Hidoku screen with "91" typed (and autosaved).

    Its data folder is the test's own: conftest's PUZZLE_ASSISTANT_HOME, passed on in the environment.
    """
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    terminal = Terminal(f"trap 'echo make would clean up' HUP; {sys.executable} -m assistant; echo app ended: $?", env)
    app = None
    try:
        app = terminal.app_pid()
        terminal.wait_for(lambda: b"Hidoku" in terminal.output, "the list of puzzles")
        terminal.type(DOWN + DOWN + ENTER)  # the third puzzle type on the list
        terminal.wait_for(lambda: first_cell() is not None, "the Hidoku screen")
        terminal.type("91")
        terminal.wait_for(lambda: first_cell() == 91, "the edit to be autosaved")
        yield terminal, app
    finally:
        if app is not None and running(app):
            os.kill(app, signal.SIGKILL)
        terminal.close()


def assert_ended_with_its_edits(terminal: Terminal, app: int) -> None:
    terminal.wait_for(lambda: not running(app), "the app to end")
    session = load_session("hidoku")
    assert [hidoku.parse(text).grid[0][0] for text in session.states] == [0, 9, 91]
    assert session.index == 2


def test_closing_the_terminal_ends_the_app(app_in_terminal):
    terminal, app = app_in_terminal
    terminal.hang_up()
    assert_ended_with_its_edits(terminal, app)


def test_sighup_ends_the_app_and_gives_the_terminal_back(app_in_terminal):
    terminal, app = app_in_terminal
    os.killpg(terminal.pid, signal.SIGHUP)
    assert_ended_with_its_edits(terminal, app)
    terminal.wait_for(lambda: b"app ended: 129" in terminal.output, "the shell to say how the app ended")
    assert LEAVE_ALT_SCREEN in terminal.output
    assert b"Traceback" not in terminal.output


# ---------------------------------------------------------------- the watchdog, when shutdown blocks

RIGHT, LEFT = "\x1b[C", "\x1b[D"
SIZES = ((32, 100), (40, 130))


def unread(terminal: Terminal) -> int:
    """Bytes the app wrote that the terminal has not read."""
    return struct.unpack("i", fcntl.ioctl(terminal.fd, termios.FIONREAD, b"\0" * 4))[0]


def stop_taking_output(terminal: Terminal) -> None:
    """Read no more, and make the app redraw (resizes, moves) until the terminal's buffer is full.

    Textual's writer thread then blocks on the terminal, and its event loop on
    the writer: the app's own shutdown can no longer end it.
    """
    deadline, before = time.monotonic() + PATIENCE, -1
    for turn in itertools.count():
        fcntl.ioctl(terminal.fd, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZES[turn % 2], 0, 0))
        terminal.type((RIGHT + LEFT) * 5)
        time.sleep(0.2)
        if unread(terminal) == before:
            return
        assert time.monotonic() < deadline, "the terminal's buffer never filled"
        before = unread(terminal)


def wait_without_reading(app: int) -> None:
    deadline = time.monotonic() + PATIENCE
    while running(app):
        assert time.monotonic() < deadline, "the app is still running"
        time.sleep(0.1)


@pytest.mark.parametrize("how", ["sighup", "closed"])
def test_the_app_ends_even_when_its_terminal_takes_no_more_output(app_in_terminal, how):
    """Before the watchdog SIGHUP left the app blocked for ever, at 0 % CPU, in its writer's queue."""
    terminal, app = app_in_terminal
    stop_taking_output(terminal)
    if how == "sighup":
        os.killpg(terminal.pid, signal.SIGHUP)
    else:
        terminal.hang_up()
    wait_without_reading(app)
    session = load_session("hidoku")
    assert [hidoku.parse(text).grid[0][0] for text in session.states] == [0, 9, 91]


class Recorder:
    """`sleep` and `end` for a watchdog: what it waited and how it ended, and in which thread.

    Its second sleep, the loop's time to end the process, lasts until something has ended it
    when the loop runs, and no time when it never will.
    """

    def __init__(self, loop_runs: bool = True) -> None:
        self.loop_runs = loop_runs
        self.slept: list[float] = []
        self.ends: list[tuple[int, int]] = []
        self.ended = threading.Event()

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        if len(self.slept) == 2 and self.loop_runs:
            self.ended.wait(PATIENCE)

    def end(self, status: int) -> None:
        self.ends.append((status, threading.get_ident()))
        self.ended.set()


def armed(loop, recorder: Recorder) -> None:
    watchdog = Watchdog(loop, sleep=recorder.sleep, end=recorder.end).start()
    assert not recorder.slept, "nothing happens before a hang-up arms it"
    watchdog.arm()
    watchdog.arm()  # SIGHUP and the dead terminal both arm it: one count-down


def test_a_running_loop_ends_the_process_between_two_callbacks_after_the_grace():
    """Not inside one: a session save is made within one callback, so it is never cut halfway."""
    recorder, loop = Recorder(), asyncio.new_event_loop()
    saves: list[tuple[int, int]] = []

    async def saving_until_ended() -> None:
        armed(loop, recorder)
        while not recorder.ended.is_set():
            began = len(recorder.ends)
            time.sleep(0.002)  # a save's writing, within one callback
            saves.append((began, len(recorder.ends)))
            await asyncio.sleep(0)

    try:
        loop.run_until_complete(saving_until_ended())
    finally:
        loop.close()
    assert recorder.ends[0] == (HANGUP_STATUS, threading.get_ident()), "ended by the loop, in its thread"
    assert recorder.slept[0] == GRACE and saves and all(began == done == 0 for began, done in saves)


def test_a_blocked_loop_is_ended_by_the_watchdog_itself_after_the_loop_s_grace_too():
    recorder = Recorder(loop_runs=False)
    loop = asyncio.new_event_loop()  # never run: as blocked as Textual's on a full writer queue
    try:
        armed(loop, recorder)
        assert recorder.ended.wait(PATIENCE)
    finally:
        loop.close()
    assert recorder.slept == [GRACE, LOOP_GRACE]
    assert [status for status, _ in recorder.ends] == [HANGUP_STATUS]
    assert recorder.ends[0][1] != threading.get_ident(), "ended from the watchdog's own thread"


def test_a_closed_loop_is_past_saving_and_the_watchdog_ends_the_process_after_one_grace():
    recorder, loop = Recorder(), asyncio.new_event_loop()
    loop.close()
    armed(loop, recorder)
    assert recorder.ended.wait(PATIENCE)
    assert recorder.slept == [GRACE] and [status for status, _ in recorder.ends] == [HANGUP_STATUS]


# ---------------------------------------------------------------- the watcher process, when Python cannot run

HELD = """
import signal
from assistant.hangup import start_watcher
# A Python handler, so CPython's C handler writes the watcher's byte; it ends nothing, so a SIGHUP that lands before
# the held call below begins changes no outcome (one that exited let the scheduler decide the test).
signal.signal(signal.SIGHUP, lambda *_: None)
watcher = start_watcher(0.5)
print(watcher.pid, flush=True)
sum(range(10**15))  # one C call holding Python's lock for hours: no handler, no watchdog thread runs
"""


def held_app(tmp_path) -> tuple[subprocess.Popen, int, int]:
    """A process that starts the watcher on a terminal of its own, then never runs Python again."""
    master, slave = pty.openpty()
    script = tmp_path / "held.py"
    script.write_text(HELD)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, str(script)], stdin=slave, stdout=slave, env=env, cwd=ROOT)
    os.close(slave)
    said = bytearray()
    while not said.endswith(b"\n"):
        said += os.read(master, 100)
    return process, master, int(said.strip())


@pytest.mark.parametrize("load", ["idle", "busy"])
@pytest.mark.parametrize("how", ["sighup", "closed"])
def test_the_watcher_kills_an_app_whose_python_never_runs_again_after_a_hang_up(request, tmp_path, how, load):
    """The worst case: Python's lock held for good, and (busy) every core taken by spinners from before the
    hang-up to after the kill; with SIGHUP the terminal stays open, so only the signal's byte wakes the watcher."""
    process, master, watcher = held_app(tmp_path)
    if load == "busy":
        request.getfixturevalue("busy_machine")
    try:
        if how == "sighup":
            process.send_signal(signal.SIGHUP)
        else:
            os.close(master)
        assert process.wait(PATIENCE) == -signal.SIGKILL
        wait_without_reading(watcher)
    finally:
        process.kill()
        process.wait()
        if how == "sighup":
            os.close(master)


def test_the_watcher_ends_with_the_app_and_kills_nothing():
    script = "from assistant.hangup import start_watcher; print(start_watcher(0.5).pid)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    master, slave = pty.openpty()
    try:
        ended = subprocess.run([sys.executable, "-c", script], stdin=slave, stdout=subprocess.PIPE, env=env, cwd=ROOT)
        assert ended.returncode == 0
        wait_without_reading(int(ended.stdout))
    finally:
        os.close(master)
        os.close(slave)


# ---------------------------------------------------------------- with both cores busy


@pytest.fixture
def busy_machine():
    """Every core kept busy by a spinning process for the test (each stops by itself after PATIENCE at most)."""
    spin = f"import time\nend = time.monotonic() + {PATIENCE}\nwhile time.monotonic() < end: pass"
    spinners = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(os.cpu_count() or 2)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


@pytest.mark.parametrize("how", ["sighup", "closed"])
def test_a_hang_up_on_a_busy_machine_ends_the_app_with_its_edits(app_in_terminal, busy_machine, how):
    terminal, app = app_in_terminal
    if how == "sighup":
        os.kill(app, signal.SIGHUP)  # to the app alone, its terminal still open
    else:
        terminal.hang_up()
    assert_ended_with_its_edits(terminal, app)
