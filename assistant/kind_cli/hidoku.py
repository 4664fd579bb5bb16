"""Hidoku benchmarks: the seed board, one edit's refresh, and the 500-puzzle corpus."""

from __future__ import annotations

import time

from assistant.bench import Benchmark, corpus_dir, spread
from puzzles import hidoku
from puzzles.core import Budget
from puzzles.examples import examples

SEED = hidoku.parse(examples("hidoku")["seed"])
CORPUS_LIMIT = Budget(seconds=10.0)  # a puzzle not proved unique by then is reported as such


def solve_seed() -> str:
    return hidoku.analyse(SEED, budget=None).status


def refresh_after_edit() -> str:
    """What the screen computes after the person fills one cell of the seed board."""
    analysis = hidoku.analyse(SEED.with_cell((3, 4), 24))
    return f"{analysis.count} completion(s)"


def corpus() -> str:
    """Solve and prove unique every corpus puzzle, checking each against its published answer."""
    folder = corpus_dir("hidoku-500")
    if folder is None:
        return "skipped: shared/corpora/hidoku-500 is not on this machine"
    times, wrong, unfinished = [], [], []
    for path in sorted(folder.glob("[0-9]*.txt")):
        text = path.read_text()
        board, answer = hidoku.parse(text), hidoku.parse(text.split("[Solution]")[1]).grid
        start = time.perf_counter()
        analysis = hidoku.analyse(board, limit=2, budget=CORPUS_LIMIT)
        times.append(time.perf_counter() - start)
        if not analysis.count.exact:
            unfinished.append(path.stem)
        elif analysis.solutions != (answer,):
            wrong.append(path.stem)
    over = sum(t > 0.1 for t in times)
    return (
        f"{len(times)} puzzles: {spread(times)}, "
        f"{over} over 0.1 s, {len(wrong)} wrong, {len(unfinished)} not proved in {CORPUS_LIMIT} {unfinished[:5]}"
    )


BENCHMARKS = [
    Benchmark("seed 10x10: solve and prove unique", solve_seed, "<= 50 ms", repeat=11),
    Benchmark("refresh after one edit (10x10)", refresh_after_edit, "<= 100 ms", repeat=11),
    Benchmark("corpus hidoku-500: solve + prove unique each", corpus, "each <= 0.1 s, median <= 20 ms", repeat=1),
]
