"""Hint benchmarks (`puzzle-assistant bench hints`): the first hint and the whole explained solution, every kind.

Issue 43's budgets: the first hint (what f4 and `solve --json` work out) at
most 0.2 s median and 1 s worst over every example, corpus and generator;
`--steps` explains a whole 5x5 Zebra or 9x9 Sudoku in under 2 s, an 8x8 Zebra
or the hardest Sudoku in under 10 s.  Each engine runs on its own default
(work) budget, as `solve` does; a walk that runs out says so in the note.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import numpy as np

from assistant.bench import Benchmark, corpus_dir, seconds, spread
from puzzles.core import Count
from puzzles.examples import examples
from puzzles.steps import HINT_WORK, hint_budget

STEPPED = ("sudoku", "zebra", "hidoku", "jodici", "magic", "equation", "disks")
HIDOKU_SAMPLE = 100  # corpus boards timed for the first hint: every fifth of the 500
ZEBRA_SAMPLE = 60  # quint-t puzzles timed for the first hint, spread over its levels


def engine(kind: str) -> Any:
    return importlib.import_module(f"puzzles.{kind}")


def bundled(kind: str) -> list[tuple[str, Any]]:
    """The kind's bundled examples, parsed."""
    return [(name, engine(kind).parse(text)) for name, text in examples(kind).items()]


@cache
def generated_zebra(n: int, count: int) -> tuple[Any, ...]:
    """Generated n x n Zebra puzzles from seeds 0, 1, ...: the same ones on every run."""
    from puzzles.zebra.generator import generate

    return tuple(generate(np.random.default_rng(seed), n, n).puzzle for seed in range(count))


def hard_sudoku() -> list[tuple[str, Any]]:
    from assistant.kind_cli.sudoku import HARD
    from puzzles import sudoku

    return [(name, sudoku.parse(text)) for name, text in HARD.items()]


def hidoku_corpus() -> list[tuple[str, Any]]:
    folder = corpus_dir("hidoku-500")
    if folder is None:
        return []
    from puzzles import hidoku

    paths = sorted(folder.glob("[0-9]*.txt"))[:: 500 // HIDOKU_SAMPLE]
    return [(path.stem, hidoku.parse(path.read_text())) for path in paths]


def zebra_corpus() -> list[tuple[str, Any]]:
    root = corpus_dir("logic-grid-quint-t")
    if root is None:
        return []
    from assistant.kind_cli.zebra import corpus_puzzles
    from puzzles import zebra

    found = corpus_puzzles(root)
    return [(name, zebra.parse(text)) for name, text, _ in found[:: max(1, len(found) // ZEBRA_SAMPLE)]]


PUZZLE_SETS: dict[str, Callable[[], list[tuple[str, Any]]]] = {
    "sudoku": lambda: bundled("sudoku") + hard_sudoku(),
    "zebra": lambda: (
        bundled("zebra")
        + [(f"5x5 #{i}", p) for i, p in enumerate(generated_zebra(5, 10))]
        + [(f"8x8 #{i}", p) for i, p in enumerate(generated_zebra(8, 3))]
        + zebra_corpus()
    ),
    "hidoku": lambda: bundled("hidoku") + hidoku_corpus(),
}


def first_hints(kind: str) -> str:
    """The hint `solve` gives (the next step, on the kind's hint work) for every puzzle of the set, each timed."""
    puzzles = PUZZLE_SETS.get(kind, lambda: bundled(kind))()
    budget = hint_budget(None, getattr(engine(kind), "HINT_WORK", HINT_WORK))
    times, short = [], 0
    for _, puzzle in puzzles:
        start = time.perf_counter()
        path = engine(kind).next_step(puzzle, budget=budget)
        times.append(time.perf_counter() - start)
        short += path.ended == "budget"
    return f"{Count(len(times)).of('puzzle')}: {spread(times)}; {short} cut by the work budget"


def whole_steps(kind: str, named: Sequence[tuple[str, Any]]) -> str:
    """`solve --steps` on each named puzzle: its time, how its walk ended, its steps and suppositions."""
    said = []
    for name, puzzle in named:
        start = time.perf_counter()
        path = engine(kind).steps(puzzle)
        took = time.perf_counter() - start
        steps, trials = Count(len(path.steps)).of("step"), Count(path.trials).of("trial")
        said.append(f"{name} {seconds(took)} ({path.ended}, {steps}, {trials})")
    return "; ".join(said)


STEPS: dict[str, tuple[str, Callable[[], list[tuple[str, Any]]]]] = {
    "sudoku 9x9 examples": ("sudoku", lambda: [(n, p) for n, p in bundled("sudoku") if p.n == 9]),
    "sudoku hardest": ("sudoku", hard_sudoku),
    "zebra 5x5 generated": ("zebra", lambda: [(f"#{i}", p) for i, p in enumerate(generated_zebra(5, 3))]),
    "zebra 8x8 generated": ("zebra", lambda: [(f"#{i}", p) for i, p in enumerate(generated_zebra(8, 2))]),
    **{f"{kind} examples": (kind, lambda kind=kind: bundled(kind)) for kind in STEPPED if kind != "sudoku"},
}
TARGETS = {"sudoku hardest": "each < 10 s", "zebra 8x8 generated": "each < 10 s"}

BENCHMARKS = [
    *(
        Benchmark(f"{kind}: first hint", lambda kind=kind: first_hints(kind), "<= 0.2 s median, <= 1 s", repeat=1)
        for kind in STEPPED
    ),
    *(
        Benchmark(
            f"{name}: --steps",
            lambda kind=kind, named=named: whole_steps(kind, named()),
            TARGETS.get(name, "each < 2 s"),
            repeat=1,
        )
        for name, (kind, named) in STEPS.items()
    ),
]
