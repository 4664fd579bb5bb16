"""`puzzle-assistant mastermind bench` and the Mastermind benchmarks."""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import time

import numpy as np

from assistant import tables
from assistant.bench import Benchmark, Timed, seconds
from assistant.errors import CommandError
from assistant.options import positive_seconds, whole_number
from puzzles import mastermind as mm
from puzzles.core import Budget
from puzzles.examples import examples
from puzzles.mastermind.play import Codebreaker, sample_secrets

PUBLISHED_4x6 = {"minimax": 5801, "entropy": 5722, "expected-size": 5696, "most-parts": 5668}
KOYAMA_LAI_4x6 = 5625  # the optimum: least total guesses over all 1,296 secrets
BULLS_AND_COWS_OPTIMUM = 26_274  # total guesses over all 5,040 secrets of 4 of 10 digits without repeats
EXACT_OPTIMA = {  # published, or found by our search and the C++ solver mmstrat alike
    (4, 6, True): KOYAMA_LAI_4x6,
    (4, 8, False): 7_817,
    (5, 5, True): 13_496,
    (4, 9, False): 14_914,
    (4, 7, True): 11_228,
    (4, 10, False): BULLS_AND_COWS_OPTIMUM,
}
PEER = "MMSTRAT"  # names a built mmstrat (README, "Beside the C++ solver mmstrat") to time beside ours in one run
LARGEST_SPACE = 10**8  # codes of the largest variant, 8 pegs of 10 colours


def register(parser: argparse.ArgumentParser) -> None:
    group = parser.add_subparsers(metavar="COMMAND", required=True)
    bench = group.add_parser("bench", help="play a strategy against every secret (or a seeded sample)")
    bench.add_argument("--pegs", type=whole_number(2, 8), default=4, help="2..8 (default 4)")
    bench.add_argument(
        "--colors", "--colours", dest="colours", type=whole_number(2, 10), default=6, help="2..10 (default 6)"
    )
    bench.add_argument("--strategy", choices=mm.STRATEGIES, default="entropy")
    bench.add_argument(
        "--no-repeats", dest="repeats", action="store_false", help="codes without repeated colours (Bulls and Cows)"
    )
    bench.add_argument(
        "--sample", type=whole_number(1, LARGEST_SPACE), help="play this many seeded random secrets instead of all"
    )
    bench.add_argument("--seed", type=whole_number(0, 2**32 - 1), default=0, help="the sample's seed (default 0)")
    bench.add_argument(
        "--budget",
        type=positive_seconds,
        help="seconds per suggestion instead of the default work budget (none up to 4,096 codes, "
        f"{mm.BUDGET.work:,} guesses scored above), which gives the same games on every machine",
    )
    bench.add_argument(
        "--fresh", action="store_true", help="optimal: search from scratch, not from the exact totals kept on disk"
    )
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(func=bench_command)


def bench_command(args: argparse.Namespace) -> int:
    if not args.repeats and args.pegs > args.colours:
        raise CommandError(f"mastermind bench: without repeats {args.pegs} pegs need at least {args.pegs} colours")
    space = mm.space_of(args.pegs, args.colours, args.repeats)
    budget = Budget(seconds=args.budget) if args.budget is not None else None if space.size <= 4096 else mm.BUDGET
    start = time.perf_counter()
    optimal = None
    if args.strategy == "optimal":
        optimal = mm.OptimalSearch(space) if args.fresh else tables.load_optimal(space)
        optimal.budget = None if args.budget is None else budget  # unless timed: the exact optimum, however long
    breaker = Codebreaker(space, args.strategy, budget, optimal)
    results = breaker.play_all(sample_secrets(space, args.sample, args.seed))
    spent = time.perf_counter() - start
    work = exact_work(optimal)
    if optimal is not None:
        tables.save_optimal(optimal)
    if args.json:
        print(json.dumps({**results.to_json(), "strategy": args.strategy, "seconds": round(spent, 2), **work}))
        return 0
    variant = f"{args.pegs} pegs x {args.colours} colours" + ("" if args.repeats else " without repeats")
    print(f"{args.strategy} on {variant}: {results.games:,} games in {spent:.1f} s")
    if work:
        print(
            f"  exact search: {work['nodes']:,} nodes, {work['tries']:,} guesses tried"
            f" (started from {work['known_before']:,} totals kept on disk)"
        )
    print(f"  average {results.average:.4f} guesses (total {results.total:,}), worst {results.worst}")
    if (args.pegs, args.colours, args.repeats, args.sample) == (4, 10, False, None):
        optimum = BULLS_AND_COWS_OPTIMUM
        print(f"  the optimum: total {optimum:,}, average {optimum / space.size:.4f} (+{results.total - optimum:,})")
    print("  distribution: " + ", ".join(f"{k}: {v}" for k, v in sorted(results.distribution.items())))
    return 0


def exact_work(optimal: mm.OptimalSearch | None) -> dict:
    """What the exact search did: its work in nodes and guesses tried, and the totals it started from."""
    if optimal is None or optimal.exact_search is None:
        return {}
    exact = optimal.exact_search
    return {"nodes": exact.nodes, "tries": exact.tries, "known_before": exact.loaded}


# ---------------------------------------------------------------- benchmarks

SEED = mm.parse(examples("mastermind")["seed"])
SPACE_6x9 = mm.space_of(6, 9)
SPACE_8x10 = mm.space_of(8, 10)
FIRST_ROW_8x10 = mm.Row((0, 0, 1, 1, 2, 2, 3, 3), mm.Feedback(1, 2))


def refilter_one_row(space: mm.CodeSpace, row: mm.Row) -> str:
    """The costliest single row: the first, over every code."""
    left = space.select(row.guess, row.feedback, None)
    return f"{len(left):,} of {space.size:,} left"


def refilter_8x10() -> str:
    """The first row of the largest variant, and the process's peak memory so far."""
    note = refilter_one_row(SPACE_8x10, FIRST_ROW_8x10)
    return f"{note}, peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB"


def whole_seed_game() -> str:
    return f"{mm.analyse(SEED, budget=mm.BUDGET).count} codes left"


def suggestion_after(rows: int) -> str:
    analysis = mm.analyse(mm.Game(6, mm.SEED_COLOURS, SEED.rows[:rows]), budget=mm.BUDGET)
    suggestion = analysis.suggestion
    flag = "sampled" if suggestion.best_so_far else "all scored"
    return f"{' '.join(SEED.name(suggestion.guess))} ({flag}, {analysis.count} codes)"


def all_secrets(strategy: str) -> Benchmark:
    def run() -> str:
        space = mm.space_of(4, 6)
        results = Codebreaker(space, strategy).play_all(np.arange(space.size))
        published = PUBLISHED_4x6[strategy]
        check = " = published" if results.total == published else f" != published {published}"
        return f"total {results.total:,}{check}, average {results.average:.4f}, worst {results.worst}"

    return Benchmark(f"4x6 all 1,296 secrets: {strategy}", run, "<= 30 s for the four heuristics", repeat=3)


def optimal_4x6() -> list[Benchmark]:
    """The exact optimal strategy: its first computation, then again from the totals it keeps."""
    space = mm.space_of(4, 6)
    kept: dict[str, dict] = {}

    def play(optimal: mm.OptimalSearch) -> str:
        results = Codebreaker(space, "optimal", optimal=optimal).play_all(np.arange(space.size))
        exact = optimal.exact_search
        check = "= Koyama and Lai" if results.total == KOYAMA_LAI_4x6 else f"!= Koyama and Lai's {KOYAMA_LAI_4x6:,}"
        return (
            f"total {results.total:,} {check}, average {results.average:.4f}, worst {results.worst}; "
            f"{exact.nodes:,} nodes, {exact.tries:,} guesses tried"
        )

    def first() -> str:
        optimal = mm.OptimalSearch(space)
        figures = play(optimal)
        kept["arrays"] = optimal.exact_search.to_arrays()
        return figures

    def cached() -> str:
        return play(mm.OptimalSearch(space, exact=mm.ExactSearch.from_arrays(space, kept["arrays"])))

    return [
        Benchmark("4x6 all 1,296 secrets: optimal, first computation", first, "<= 60 s on 2 cores", repeat=1),
        Benchmark(
            "4x6 all 1,296 secrets: optimal, from the kept totals",
            cached,
            "<= 2 s",
            repeat=3,
            setup=lambda: kept or first(),
        ),
    ]


def exact_from_scratch(pegs: int, colours: int, repeats: bool) -> Benchmark:
    """The exact search alone, from the first guess with nothing known: the figure to set beside the C++ solvers."""
    space = mm.space_of(pegs, colours, repeats)
    published = EXACT_OPTIMA[pegs, colours, repeats]

    def run() -> Timed:
        search = mm.ExactSearch(space)
        start = time.perf_counter()
        total = search.value(space.listed(None, 0, space.size), [], budget=None).total
        ours = time.perf_counter() - start
        check = "=" if total == published else "!="
        note = f"total {total:,} {check} {published:,}; {search.nodes:,} nodes, {search.tries:,} guesses tried"
        if os.environ.get(PEER):
            theirs, their_total = mmstrat(os.environ[PEER], pegs, colours, repeats)
            note += f"; mmstrat {seconds(theirs)} (total {their_total:,}), ours {ours / theirs:.2f} of its time"
        return Timed(ours, note)

    def compiled() -> None:  # the kernel's first load is not the search's time
        mm.ExactSearch(mm.space_of(3, 3)).value(np.arange(27), [], budget=None)

    variant = f"{pegs}x{colours}" if repeats else f"{pegs} of {colours} without repeats"
    return Benchmark(f"exact optimum from scratch, {variant}", run, "no slower than mmstrat", repeat=1, setup=compiled)


def mmstrat(program: str, pegs: int, colours: int, repeats: bool) -> tuple[float, int]:
    """The C++ solver's optimal strategy for the same variant, timed here: seconds and its total."""
    rules = f"p{pegs}c{colours}{'r' if repeats else 'n'}"
    start = time.perf_counter()
    try:
        done = subprocess.run([program, "-r", rules, "-s", "optimal", "-S"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        raise CommandError(f"{PEER}={program} could not be run: {error}") from None
    spent = time.perf_counter() - start
    found = re.search(r"^optimal\s+(\d+)", done.stdout, re.MULTILINE)
    if found is None:
        raise CommandError(f"{program} printed no optimal total for {rules}")
    return spent, int(found.group(1))


def bulls_and_cows(strategy: str) -> Benchmark:
    def run() -> str:
        space = mm.space_of(4, 10, repeats=False)
        results = Codebreaker(space, strategy, mm.BUDGET).play_all(space.without_repeats)
        return f"total {results.total:,} (optimum {BULLS_AND_COWS_OPTIMUM:,}), average {results.average:.4f}, worst {results.worst}"

    return Benchmark(f"Bulls and Cows, all 5,040 secrets: {strategy}", run, "<= 30 s, average <= 5.30", repeat=1)


def sample_5x8() -> str:
    space = mm.space_of(5, 8)
    results = Codebreaker(space, "entropy", mm.BUDGET).play_all(sample_secrets(space, 500, seed=0))
    return f"average {results.average:.4f}, worst {results.worst}"


BENCHMARKS = [
    Benchmark(
        "6x9 refilter after one row",
        lambda: refilter_one_row(SPACE_6x9, SEED.rows[0]),
        "<= 30 ms",
        repeat=21,
        setup=lambda: SPACE_6x9.halves,
    ),
    Benchmark("8x10 refilter after one row", refilter_8x10, "<= 3 s, <= 2 GiB", repeat=5),
    Benchmark("6x9 seed game: whole analysis with rating", whole_seed_game, "", repeat=5),
    Benchmark("6x9 suggestion, first guess", lambda: suggestion_after(0), "<= 2 s", repeat=3),
    Benchmark("6x9 suggestion after 1 row", lambda: suggestion_after(1), "<= 2 s", repeat=3),
    Benchmark("6x9 suggestion after 3 rows", lambda: suggestion_after(3), "<= 2 s", repeat=3),
    *(all_secrets(strategy) for strategy in ("minimax", "entropy", "expected-size", "most-parts")),
    *optimal_4x6(),
    *(exact_from_scratch(*variant) for variant in EXACT_OPTIMA),
    Benchmark("5x8 entropy, 500 seeded secrets", sample_5x8, "average <= 5.6 (best known 5.491)", repeat=1),
    *(bulls_and_cows(strategy) for strategy in ("entropy", "expected-size")),
]
