"""Magic board benchmarks: the seed board exactly, and an empty 5x5 within the budget."""

from __future__ import annotations

from assistant.bench import Benchmark
from puzzles import magic
from puzzles.core import Budget
from puzzles.examples import examples

SEED = magic.parse(examples("magic")["seed"])
LIVE = Budget(seconds=1.0)  # what the board screens give a live answer


def seed() -> str:
    return f"{magic.analyse(SEED, budget=None).count} completion(s)"


def empty_5x5() -> str:
    return f"{magic.analyse(magic.blank(5), budget=LIVE).count} completions within the 1 s budget"


BENCHMARKS = [
    Benchmark("seed 5x5: solve and prove unique", seed, "interactive", repeat=5),
    Benchmark("empty 5x5: lower bound in the budget", empty_5x5, "<= budget (1 s)", repeat=3),
]
