"""Flower disk benchmarks: the seed's setups, all rotations at once."""

from __future__ import annotations

from assistant.bench import Benchmark
from puzzles import disks
from puzzles.examples import examples


def run(name: str) -> str:
    analysis = disks.analyse(disks.parse(examples("disks")[name]))
    return f"{analysis.count} solution(s)"


BENCHMARKS = [
    Benchmark(f"seed, {name}: all 1,728 turns", lambda name=name: run(name), "interactive", repeat=21)
    for name in ("original", "fixed")
]
