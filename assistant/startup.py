"""Start-up benchmarks (`puzzle-assistant bench startup`): each program beside the baseline it must stay near.

`--help` and trivial `solve`s are timed beside `python -c 'import numpy'`,
the app's first frame beside a bare Textual app's, each a fresh process per
run, ours and its baseline in turn so both see the same load; the note gives
the baseline's median, the median of the pairs' ratios (wall clock, then CPU)
and the machine's load.
Target: within 1.5 times the baseline (the engines are imported only by the
type that is used: tests/unit/test_startup.py).  Our modules start from their
bytecode caches as an installed copy does; a checkout run with
PYTHONDONTWRITEBYTECODE and no `__pycache__` compiles them on every run, and
its figures include that.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from assistant.bench import Benchmark, Timed, seconds
from puzzles.examples import examples

TARGET = 1.5  # times the baseline
LONGEST = 60  # seconds a run may take before it is killed
PYTHON = sys.executable

# A first frame: the app runs headless and leaves as soon as its first screen is drawn.
FIRST_FRAME = """{make}
async def leave(pilot):
    await pilot.pause()
    pilot.app.exit()
app.run(headless=True, auto_pilot=leave)
"""
BARE_APP = FIRST_FRAME.format(make="from textual.app import App\napp = App()")
OUR_APP = FIRST_FRAME.format(make="from assistant.app import PuzzleAssistant\napp = PuzzleAssistant()")


@dataclass(frozen=True)
class Spent:
    """What one run of a program cost: wall-clock seconds, and CPU seconds (user and system)."""

    wall: float
    cpu: float


def spent(argv: Sequence[str], stdin: str = "") -> Spent:
    """Run `argv` to its end in a fresh process, its output thrown away.

    The wait blocks until the process ends, a timer killing it after `LONGEST`:
    `subprocess.run(timeout=...)` polls instead, sleeping up to 50 ms between
    looks (Python 3.11), which rounded every time measured here up to a step of
    50 ms (numpy's 0.114 s, ours 0.164 or 0.214 s and nothing between).
    """
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    with subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True
    ) as process:
        watchdog = threading.Timer(LONGEST, process.kill)
        watchdog.start()
        try:
            process.communicate(stdin)
        finally:
            watchdog.cancel()
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, argv)
    return Spent(wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


@dataclass
class Beside:
    """A program timed beside its baseline, one run of each in turn, every pair kept.

    The ratio is the median of the pairs' ratios: a pair shares the machine's load of
    the moment, which on a busy machine moves more than start-up takes.  Which of the two
    runs first alternates.  The CPU ratio beside it is steadier still where other jobs
    share the cores.
    """

    ours: list[str]
    baseline: list[str]
    baseline_name: str
    stdin: str = ""
    pairs: list[tuple[Spent, Spent]] = field(default_factory=list)

    def start(self) -> None:
        self.pairs.clear()

    def run(self) -> Timed:
        if len(self.pairs) % 2:
            ours, base = spent(self.ours, self.stdin), spent(self.baseline)
        else:
            base, ours = spent(self.baseline), spent(self.ours, self.stdin)
        self.pairs.append((ours, base))
        ratio = statistics.median(o.wall / b.wall for o, b in self.pairs)
        cpu = statistics.median(o.cpu / b.cpu for o, b in self.pairs)
        base_median = statistics.median(b.wall for _, b in self.pairs)
        verdict = "within" if ratio <= TARGET else "over"
        return Timed(
            ours.wall,
            f"{self.baseline_name} {seconds(base_median)}: {ratio:.2f}x ({verdict} {TARGET}x; CPU {cpu:.2f}x), "
            f"load {os.getloadavg()[0]:.1f}",
        )


def beside(name: str, comparison: Beside, repeat: int) -> Benchmark:
    return Benchmark(name, comparison.run, f"<= {TARGET}x", repeat=repeat, setup=comparison.start)


PROGRAM = [PYTHON, "-m", "assistant"]  # puzzle-assistant, with this Python
NUMPY = [PYTHON, "-c", "import numpy"]


def solve(kind: str, example: str, what: str, flags: str = "") -> Benchmark:
    """`solve KIND -` of a bundled example on standard input, beside `import numpy`: the answer as text or JSON."""
    argv = [*PROGRAM, "solve", kind, "-", *flags.split()]
    name = f"solve {kind}{flags} ({what}), beside python -c 'import numpy'"
    return beside(name, Beside(argv, NUMPY, "numpy", examples(kind)[example]), 21)


BENCHMARKS = [
    beside("--help, beside python -c 'import numpy'", Beside([*PROGRAM, "--help"], NUMPY, "numpy"), 21),
    solve("disks", "original", "the original setup"),
    solve("disks", "original", "the original setup", " --json"),
    solve("sudoku", "mini", "the 4x4 example"),  # searched by Python itself: numba is not loaded
    beside(
        "the app's first frame (home), beside a bare Textual app's",
        Beside([PYTHON, "-c", OUR_APP], [PYTHON, "-c", BARE_APP], "bare Textual app"),
        11,
    ),
]
