"""`puzzle-assistant bench`: speed and quality figures, medians over repeats.

Each puzzle type lists its benchmarks in `assistant/kind_cli/<kind>.py` as
`BENCHMARKS`, and start-up its own in `assistant/startup.py`; a benchmark is a
named callable timed `repeat` times.  What it returns (a short note such as
"average 4.3403 guesses") is printed beside the time, so quality figures and
speed figures share one table; a benchmark that times only part of its run
returns that time with its note (`Timed`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Timed:
    """What a benchmark returns when it times its own part of a run, such as one program beside its baseline."""

    seconds: float
    note: str


@dataclass(frozen=True)
class Benchmark:
    name: str
    run: Callable[[], str | Timed | None]
    target: str = ""
    repeat: int = 5
    setup: Callable[[], None] | None = None


@dataclass(frozen=True)
class Figure:
    kind: str
    name: str
    median: float
    best: float
    runs: int
    target: str
    note: str


def measure(kind: str, bench: Benchmark, repeat: int | None = None) -> Figure:
    """Run one benchmark `repeat` times (after its setup) and keep the median."""
    if bench.setup is not None:
        bench.setup()
    times, note = [], None
    for _ in range(repeat or bench.repeat):
        start = time.perf_counter()
        note = bench.run()
        elapsed = time.perf_counter() - start
        if isinstance(note, Timed):
            elapsed, note = note.seconds, note.note
        times.append(elapsed)
    return Figure(kind, bench.name, median(times), min(times), len(times), bench.target, note or "")


def median(values: Iterable[float]) -> float:
    """statistics.median, imported on first use: `solve` reads this module through a type's kind_cli."""
    import statistics

    return statistics.median(values)


def seconds(value: float) -> str:
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def run_all(selected: Iterable[tuple[str, Benchmark]], repeat: int | None = None) -> list[Figure]:
    return [measure(kind, bench, repeat) for kind, bench in selected]


def shared_dir() -> Path | None:
    """The team's `shared/` folder beside the checkout (corpora), if this machine has it."""
    candidate = Path(__file__).resolve().parents[2] / "shared"
    return candidate if candidate.is_dir() else None


def corpus_dir(name: str) -> Path | None:
    """One of the public puzzle sets in `shared/corpora`, if this machine has it."""
    shared = shared_dir()
    folder = shared / "corpora" / name if shared else None
    return folder if folder and folder.is_dir() else None


def spread(times: list[float]) -> str:
    """Median and worst of per-puzzle (or per-keystroke) times."""
    return f"median {seconds(median(times))}, worst {seconds(max(times))}"
