"""Equation crossword benchmark: the seed solved and proved unique."""

from __future__ import annotations

from assistant.bench import Benchmark
from puzzles import equation
from puzzles.examples import examples

SEED = equation.parse(examples("equation")["seed"])


def seed() -> str:
    return equation.analyse(SEED, budget=None).status


BENCHMARKS = [Benchmark("seed 3x3: solve and prove unique", seed, "interactive", repeat=11)]
