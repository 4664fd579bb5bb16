"""`puzzle-assistant mastermind bench` and the Mastermind benchmarks."""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from assistant.bench import Benchmark
from puzzles import mastermind as mm
from puzzles.core import PuzzleError
from puzzles.examples import examples
from puzzles.mastermind.play import Codebreaker, sample_secrets

PUBLISHED_4x6 = {"minimax": 5801, "entropy": 5722, "expected-size": 5696, "most-parts": 5668}


def register(commands: argparse._SubParsersAction) -> None:
    group = commands.add_parser("mastermind", help="Mastermind tools").add_subparsers(metavar="COMMAND", required=True)
    bench = group.add_parser("bench", help="play a strategy against every secret (or a seeded sample)")
    bench.add_argument("--pegs", type=int, default=4)
    bench.add_argument("--colors", "--colours", dest="colours", type=int, default=6)
    bench.add_argument("--strategy", choices=mm.STRATEGIES, default="entropy")
    bench.add_argument("--sample", type=int, help="play this many seeded random secrets instead of all")
    bench.add_argument("--seed", type=int, default=0)
    bench.add_argument(
        "--budget", type=float, help="seconds per suggestion (default: none for small spaces, 2 s above 4,096 codes)"
    )
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(func=bench_command)


def bench_command(args: argparse.Namespace) -> int:
    from assistant.cli import CommandError

    if not (2 <= args.pegs <= 8 and 2 <= args.colours <= 10):
        raise CommandError("mastermind bench: pegs must be 2..8 and colours 2..10")
    try:
        space = mm.space_of(args.pegs, args.colours)
    except PuzzleError as error:
        raise CommandError(f"mastermind bench: {error}") from None
    budget = args.budget if args.budget is not None else (None if space.size <= 4096 else mm.DEFAULT_BUDGET)
    start = time.perf_counter()
    results = Codebreaker(space, args.strategy, budget).play_all(sample_secrets(space, args.sample, args.seed))
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({**results.to_json(), "strategy": args.strategy, "seconds": round(seconds, 2)}))
        return 0
    print(f"{args.strategy} on {args.pegs} pegs x {args.colours} colours: {results.games:,} games in {seconds:.1f} s")
    print(f"  average {results.average:.4f} guesses (total {results.total:,}), worst {results.worst}")
    print("  distribution: " + ", ".join(f"{k}: {v}" for k, v in sorted(results.distribution.items())))
    return 0


# ---------------------------------------------------------------- benchmarks

SEED = mm.parse(examples("mastermind")["seed"])
SPACE_6x9 = mm.space_of(6, 9)
EMPTY_6x9 = mm.Game(6, mm.SEED_COLOURS)


def refilter_one_row() -> str:
    """The costliest single row: the first, over all 531,441 codes."""
    alive = np.arange(SPACE_6x9.size)
    row = SEED.rows[0]
    left = alive[SPACE_6x9.feedback_of(row.guess, alive) == SPACE_6x9.packed(row.feedback)]
    return f"{len(left):,} of {SPACE_6x9.size:,} left"


def whole_seed_game() -> str:
    return f"{mm.analyse(SEED).count} codes left"


def suggestion_after(rows: int) -> str:
    analysis = mm.analyse(mm.Game(6, mm.SEED_COLOURS, SEED.rows[:rows]))
    suggestion = analysis.suggestion
    flag = "best so far" if suggestion.best_so_far else "all scored"
    return f"{' '.join(SEED.name(suggestion.guess))} ({flag}, {analysis.count:,} codes)"


def all_secrets(strategy: str) -> Benchmark:
    def run() -> str:
        space = mm.space_of(4, 6)
        results = Codebreaker(space, strategy).play_all(np.arange(space.size))
        published = PUBLISHED_4x6.get(strategy)
        check = (
            ""
            if published is None
            else (" = published" if results.total == published else f" != published {published}")
        )
        return f"total {results.total:,}{check}, average {results.average:.4f}, worst {results.worst}"

    target = (
        "<= 30 s for the four heuristics"
        if strategy in PUBLISHED_4x6
        else "first computation <= 120 s, average <= 4.37"
    )
    return Benchmark(f"4x6 all 1,296 secrets: {strategy}", run, target, repeat=1 if strategy == "optimal" else 3)


def sample_5x8() -> str:
    space = mm.space_of(5, 8)
    results = Codebreaker(space, "entropy", mm.DEFAULT_BUDGET).play_all(sample_secrets(space, 500, seed=0))
    return f"average {results.average:.4f}, worst {results.worst}"


BENCHMARKS = [
    Benchmark("6x9 refilter after one row", refilter_one_row, "<= 30 ms", repeat=21, setup=lambda: SPACE_6x9.counts),
    Benchmark("6x9 seed game: whole analysis with rating", whole_seed_game, "", repeat=5),
    Benchmark("6x9 suggestion, first guess", lambda: suggestion_after(0), "<= 2 s", repeat=3),
    Benchmark("6x9 suggestion after 1 row", lambda: suggestion_after(1), "<= 2 s", repeat=3),
    Benchmark("6x9 suggestion after 3 rows", lambda: suggestion_after(3), "<= 2 s", repeat=3),
    *(all_secrets(strategy) for strategy in ("minimax", "entropy", "expected-size", "most-parts", "optimal")),
    Benchmark("5x8 entropy, 500 seeded secrets", sample_5x8, "average <= 5.6 (best known 5.491)", repeat=1),
]
