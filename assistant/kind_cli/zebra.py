"""Zebra benchmarks: the seed's puzzle clue by clue, generated 6 x 6 and 8 x 8 puzzles, the quint-t corpus."""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from assistant.bench import Benchmark, corpus_dir, seconds, spread
from puzzles import zebra
from puzzles.core import Budget, PuzzleError
from puzzles.examples import examples
from puzzles.zebra import stories
from puzzles.zebra.generator import FORMAL_FAMILIES, formal, generate

LIVE = Budget(seconds=1.0)  # what the screen gives each analysis
GENERATED = {6: 10, 8: 5}  # puzzles of each size, seeds 0, 1, ...

CORPUS = "logic-grid-quint-t"
SKIPPED = f"skipped: shared/corpora/{CORPUS} is not on this machine"


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
    root = corpus_dir(CORPUS)
    if root is None:
        return SKIPPED
    times, wrong = [], []
    puzzles = corpus_puzzles(root)
    for name, text, rows in puzzles:
        start = time.perf_counter()
        analysis = zebra.analyse(zebra.parse(text), notes=False, limit=2, budget=None)
        times.append(time.perf_counter() - start)
        solution = [list(column) for column in zip(*analysis.solutions[0], strict=True)] if analysis.solutions else None
        if analysis.count.value != 1 or solution != rows:
            wrong.append(name)
    verdict = "all unique and equal to the answers" if not wrong else f"WRONG: {', '.join(wrong[:5])}"
    return f"{len(puzzles)} puzzles, {verdict}; {spread(times)}"


def typed(puzzle: zebra.Puzzle) -> list[float]:
    """Seconds per clue when the clues are typed one by one, as the screen analyses them."""
    times, earlier = [], None
    for k in range(1, len(puzzle.clues) + 1):
        start = time.perf_counter()
        earlier = zebra.analyse(replace(puzzle, clues=puzzle.clues[:k]), earlier=earlier)
        times.append(time.perf_counter() - start)
    return times


def einstein_typed() -> str:
    return spread(typed(zebra.parse(examples("zebra")["einstein"])))


def corpus_typed() -> str:
    """Every tenth 5x5 corpus puzzle typed clue by clue: the slowest live updates."""
    root = corpus_dir(CORPUS)
    if root is None:
        return SKIPPED
    chosen = [text for name, text, _ in corpus_puzzles(root) if "5x5" in name][::10]
    return f"{len(chosen)} puzzles; " + spread([t for text in chosen for t in typed(zebra.parse(text))])


@cache
def generated(n: int) -> tuple[zebra.Puzzle, ...]:
    """The benchmark's n x n puzzles: generated once, from fixed seeds, so every run times the same ones."""
    return tuple(generate(np.random.default_rng(seed), n, n).puzzle for seed in range(GENERATED[n]))


def typed_live(n: int) -> str:
    """Each clue of each generated n x n puzzle typed in turn, analysed as the screen does (1 s budget)."""
    times, partial, buffers = [], 0, zebra.Buffers()
    for puzzle in generated(n):
        earlier = None
        for k in range(1, len(puzzle.clues) + 1):
            earlier, _, whole_time = analysed_live(replace(puzzle, clues=puzzle.clues[:k]), earlier, buffers)
            times.append(whole_time)
            partial += not earlier.count.exact
    return f"{len(times)} clues; per clue {spread(times)}; {partial} answered 'at least'"


def whole(n: int) -> str:
    """Each generated n x n puzzle solved and proved unique at once (count, marks, solution)."""
    times, wrong = [], 0
    for puzzle in generated(n):
        start = time.perf_counter()
        analysis = zebra.analyse(puzzle, notes=False, limit=2, budget=None)
        times.append(time.perf_counter() - start)
        wrong += not (analysis.count.exact and analysis.count.value == 1)
    verdict = "all unique" if not wrong else f"{wrong} NOT UNIQUE"
    return f"{len(times)} puzzles, {verdict}; median {seconds(statistics.median(times))}, worst {seconds(max(times))}"


@cache
def fixture_8x8() -> zebra.Puzzle:
    """tests/fixtures/zebra-gen-8x8-1-formal.txt, made again from its seed (the installed app has no tests)."""
    return zebra.parse(formal(generate(np.random.default_rng(107), 8, 8, FORMAL_FAMILIES)))


def typed_exact() -> str:
    """The 8x8 fixture typed clue by clue as the screen analyses it: how many prefixes get an exact count and grid."""
    puzzle, times, drawn, counted, gridded, earlier = fixture_8x8(), [], [], 0, 0, None
    buffers = zebra.Buffers()
    for k in range(1, len(puzzle.clues) + 1):
        earlier, grid_time, whole_time = analysed_live(replace(puzzle, clues=puzzle.clues[:k]), earlier, buffers)
        times.append(whole_time)
        drawn.append(grid_time)
        counted += earlier.count.exact
        gridded += earlier.grid_exact
    share = lambda part: f"{part}/{len(times)} ({part / len(times):.0%})"  # noqa: E731
    return (
        f"exact count {share(counted)}, exact grid {share(gridded)}; grid drawn after {spread(drawn)}; "
        f"whole analysis {spread(times)}"
    )


def analysed_live(
    puzzle: zebra.Puzzle, earlier: zebra.Analysis | None, buffers: zebra.Buffers
) -> tuple[zebra.Analysis, float, float]:
    """The analysis the screen makes (the compiled count loaded first, its buffers kept from clue to clue),
    when its grid is drawn (`marked`: before the count) and when it is done."""
    zebra.warm_up(puzzle)
    start, marked = time.perf_counter(), []
    analysis = zebra.analyse(
        puzzle,
        budget=LIVE,
        earlier=earlier,
        marked=lambda _: marked.append(time.perf_counter() - start),
        buffers=buffers,
    )
    done = time.perf_counter() - start
    return analysis, marked[0] if marked else done, done


SITE_PAGES = [(4, 3), (4, 3), (5, 3), (4, 4), (5, 4), (6, 3), (4, 5), (5, 5), (6, 4), (7, 3)]
"""Sizes of the site-style pages the benchmark reads: the sites' common ones more often."""


@cache
def site_pages() -> tuple[stories.Story, ...]:
    """Site-style pages in the sites' phrasing, from fixed seeds, each with its brute-force answer."""
    return tuple(stories.generate(seed, *SITE_PAGES[seed % len(SITE_PAGES)]) for seed in range(40))


def pages_read() -> str:
    """Each page pasted as printed: read, solved and checked against its answer (a refusal is not an answer)."""
    times, solved, refused = [], 0, 0
    for story in site_pages():
        start = time.perf_counter()
        try:
            analysis = zebra.solve(zebra.parse(story.text)).analysis
        except PuzzleError:
            refused += 1
            continue
        finally:
            times.append(time.perf_counter() - start)
        solved += analysis.count.value == 1 and set(analysis.solutions[0]) == set(story.answer)
    wrong = len(times) - solved - refused
    return f"{solved}/{len(times)} solved to their answer, {refused} refused, {wrong} wrong; per page {spread(times)}"


def full(name: str) -> str:
    analysis = zebra.analyse(zebra.parse(examples("zebra")[name]))
    return f"{analysis.count} solution(s)"


BENCHMARKS = [
    Benchmark("einstein: each clue typed (count, grid, notes)", einstein_typed, "interactive (1 s)", repeat=5),
    Benchmark("einstein: full analysis with per-clue counts", lambda: full("einstein"), "interactive (1 s)", repeat=11),
    Benchmark("5x5 corpus puzzles: each clue typed", corpus_typed, "interactive (1 s)", repeat=1),
    Benchmark("logic-grid-quint-t: all 2,050 puzzles", check_corpus, "all unique", repeat=1),
    Benchmark("40 site-style pages (generated): read and solved", pages_read, ">=95% solved, 0 wrong, <1 s median",
              repeat=1, setup=site_pages),
    Benchmark("6x6 generated: each clue typed (1 s budget)", lambda: typed_live(6), "<=50 ms median, <=1 s",
              repeat=1, setup=lambda: generated(6)),
    Benchmark("6x6 generated: whole puzzle, proved unique", lambda: whole(6), "<=0.2 s each",
              repeat=1, setup=lambda: generated(6)),
    Benchmark("8x8 generated: whole puzzle, proved unique", lambda: whole(8), "<=1 s median, <=5 s",
              repeat=1, setup=lambda: generated(8)),
    Benchmark("8x8 generated: each clue typed (1 s budget)", lambda: typed_live(8), "1 s or 'at least'",
              repeat=1, setup=lambda: generated(8)),
    Benchmark("8x8 fixture typed clue by clue: prefixes exact (1 s budget)", typed_exact,
              ">=95% exact count, every grid exact, <0.3 s median", repeat=1, setup=fixture_8x8),
]  # fmt: skip
