"""Zebra benchmarks: the seed's puzzle clue by clue, and the logic-grid-quint-t corpus."""

from __future__ import annotations

import re
import time
from pathlib import Path

from assistant.bench import Benchmark, shared_dir
from puzzles import zebra
from puzzles.examples import examples

CORPUS = "corpora/logic-grid-quint-t"


def corpus_puzzles(root: Path) -> list[tuple[str, str, list[list[str]]]]:
    """(name, puzzle text, answer rows) for every puzzle of every corpus file."""
    found = []
    for path in sorted(root.glob("*/*.txt")):
        for number, block in enumerate(re.split(r"^=+\s*$", path.read_text(encoding="utf-8"), flags=re.M)):
            if ".:: Answer ::." not in block:
                continue
            text, answer = block.split(".:: Answer ::.")
            table = [line.strip().strip("|").split("|") for line in answer.splitlines() if "|" in line]
            rows = [[cell.strip() for cell in row[1:]] for row in table[1:]]
            found.append((f"{path.parent.name}/{path.name}#{number}", text, rows))
    return found


def check_corpus() -> str:
    root = shared_dir() / CORPUS
    if not root.exists():
        return "skipped: ../shared/corpora not here"
    worst, total, wrong = 0.0, 0.0, []
    puzzles = corpus_puzzles(root)
    for name, text, rows in puzzles:
        start = time.perf_counter()
        analysis = zebra.analyse(zebra.parse(text), notes=False, limit=2, budget=None)
        spent = time.perf_counter() - start
        worst, total = max(worst, spent), total + spent
        solution = [list(column) for column in zip(*analysis.solutions[0])] if analysis.solutions else None
        if analysis.count.value != 1 or solution != rows:
            wrong.append(name)
    verdict = "all unique and equal to the answers" if not wrong else f"WRONG: {', '.join(wrong[:5])}"
    return f"{len(puzzles)} puzzles, {verdict}; total {total:.2f} s, worst {worst * 1000:.0f} ms"


def prefixes() -> str:
    """Count and candidate grid after each clue prefix of the 5x5 Zebra: the per-keystroke cost."""
    puzzle = zebra.parse(examples("zebra")["einstein"])
    times = []
    for k in range(len(puzzle.clues) + 1):
        start = time.perf_counter()
        zebra.analyse(zebra.Puzzle(puzzle.categories, puzzle.clues[:k], puzzle.key), notes=False)
        times.append(time.perf_counter() - start)
    times.sort()
    return f"median {times[len(times) // 2] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms"


def full(name: str) -> str:
    analysis = zebra.analyse(zebra.parse(examples("zebra")[name]))
    return f"{analysis.count} solution(s)"


BENCHMARKS = [
    Benchmark("einstein: count + grid after each clue prefix", prefixes, "interactive", repeat=5),
    Benchmark("einstein: full analysis with per-clue counts", lambda: full("einstein"), "interactive", repeat=11),
    Benchmark("logic-grid-quint-t: all 2,050 puzzles", check_corpus, "corpus", repeat=1),
]
