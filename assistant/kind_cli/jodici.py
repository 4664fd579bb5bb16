"""Jodici benchmarks: the seed board and the empty board, counted exactly."""

from __future__ import annotations

from assistant.bench import Benchmark
from puzzles import jodici
from puzzles.examples import examples

SEED = jodici.parse(examples("jodici")["seed"])


def analyse(board: jodici.Jodici) -> str:
    analysis = jodici.analyse(board, limit=1)
    return f"{analysis.count} completion(s), exact candidates"


BENCHMARKS = [
    Benchmark("seed: count, candidates, hint", lambda: analyse(SEED), "interactive", repeat=11),
    Benchmark("empty board: count, candidates", lambda: analyse(jodici.blank()), "fast even when empty", repeat=5),
]
