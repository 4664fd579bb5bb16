"""Sudoku benchmarks: the example, famous hard puzzles, and Gordon Royle's 17-clue collection where it is.

The 17-clue collection (49,151 puzzles, http://staffhome.ecm.uwa.edu.au/~00013890/sudokumin.php)
is not shipped: put it, one puzzle of 81 digits a line, in
`shared/corpora/sudoku-17/sudoku17.txt` beside the checkout.
"""

from __future__ import annotations

import time

from assistant.bench import Benchmark, corpus_dir, spread
from puzzles import sudoku
from puzzles.core import Deadline
from puzzles.examples import examples
from puzzles.sudoku.search import search

CLASSIC = sudoku.parse(examples("sudoku")["classic"])
# Published puzzles known as the hardest for people and for solvers, each unique.
HARD = {
    "Arto Inkala 2012": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "AI Escargot": "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "Easter Monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "against brute force": "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    "Golden Nugget": ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    "Platinum Blonde": ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
}


def proved_unique(board: sudoku.Sudoku) -> tuple[float, bool]:
    """Seconds to solve `board` and prove it unique, and whether it is."""
    start = time.perf_counter()
    found = search(board, limit=2, keep=1, deadline=Deadline(sudoku.BUDGET))
    return time.perf_counter() - start, found.finished and found.count == 1


def collection(boards: list[sudoku.Sudoku]) -> str:
    results = [proved_unique(board) for board in boards]
    times = [t for t, _ in results]
    unproved = sum(not ok for _, ok in results)
    return f"{len(times)} puzzles in {sum(times):.1f} s: {spread(times)}, {unproved} not proved unique"


def hard() -> str:
    return collection([sudoku.parse(text) for text in HARD.values()])


def grades() -> str:
    graded = {name: sudoku.steps(sudoku.parse(text)) for name, text in HARD.items()}
    return "; ".join(f"{name}: {sudoku.graded(path)}, {path.trials} trials" for name, path in graded.items())


def seventeen() -> str:
    folder = corpus_dir("sudoku-17")
    if folder is None:
        return "skipped: shared/corpora/sudoku-17 is not on this machine"
    lines = (folder / "sudoku17.txt").read_text().split()
    return collection([sudoku.parse(line) for line in lines if len(line) == 81])


BENCHMARKS = [
    Benchmark("classic example: count and candidates", lambda: sudoku.analyse(CLASSIC).headline, "<= 5 ms", repeat=11),
    Benchmark("hard puzzles: solve + prove unique each", hard, "each < 100 ms", repeat=3),
    Benchmark("hard puzzles: graded by the ladder", grades, "explained in seconds", repeat=1),
    Benchmark("17-clue collection: solve + prove unique each", seventeen, "median < 1 ms, worst < 100 ms", repeat=1),
]
