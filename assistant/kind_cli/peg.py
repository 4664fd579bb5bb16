"""`puzzle-assistant peg openings|count|build` and the peg solitaire benchmarks."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from functools import cache
from pathlib import Path

from assistant import tables
from assistant.bench import Benchmark, median
from assistant.errors import CommandError
from assistant.files import read_puzzle_file
from assistant.options import quoted
from puzzles import peg
from puzzles.core import PuzzleError


def kept(position: peg.Position) -> dict[str, object]:
    """The tables `solve peg` answers from when they are cached: Bell's for this game, the winnable positions."""
    bell, winnable = tables.table_for(position), tables.winnable_for(position)
    return {
        "known": tables.load_table(*bell) if bell else None,
        "table": tables.load_table(*winnable) if winnable else None,
    }


def register(parser: argparse.ArgumentParser) -> None:
    group = parser.add_subparsers(metavar="COMMAND", required=True)
    table = group.add_parser("openings", help="every start hole: winnable, games, where the last peg ends")
    table.add_argument("board", type=board_named, help=BOARD_HELP)
    table.add_argument("--json", action="store_true")
    table.add_argument(
        "--count", action="store_true", help="count starts too big to count live (triangle7: minutes, 1.5 GiB)"
    )
    table.set_defaults(func=openings_command)
    count = group.add_parser("count", help="winning games from one start hole")
    count.add_argument("board", type=board_named, help=BOARD_HELP)
    count.add_argument("--start", type=hole_number, required=True, help="the empty hole (a number, or 'center')")
    count.add_argument("--finish", type=hole_number, help="the hole the last peg must end in")
    count.add_argument("--json", action="store_true")
    count.set_defaults(func=count_command)
    build = group.add_parser("build", help="build a big board's tables once (kept in your cache)")
    build.add_argument("board", choices=list(peg.BOARDS))
    build.add_argument(
        "--every-start",
        action="store_true",
        help="sweep the winnable positions from hopeless starts too: then positions no start reaches are decided"
        " (european: 3 GiB, not 1; english: the same table)",
    )
    build.set_defaults(func=build_command)


BOARD_HELP = f"{', '.join(peg.BOARDS)}, or a position file that draws its own board"


def board_named(text: str) -> str:
    """A named board, or the board a position file draws (its pegs do not matter here)."""
    if text in peg.BOARDS:
        return text
    try:
        return peg.parse(read_puzzle_file(Path(text))).board
    except PuzzleError as error:
        raise argparse.ArgumentTypeError(f"{text}: not a board name, nor a position file ({error})") from None


def hole_number(text: str) -> int | str:
    """A hole's number or 'center'; whether the board has that hole is checked once the board is known."""
    if text == "center":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a hole number or 'center', not {quoted(text)}") from None


def resolve(board: str, hole: int | str | None) -> int | None:
    if hole == "center":
        center = peg.BOARDS[board].center
        if center is None:
            raise CommandError(f"{board} has no centre hole")
        return center
    if hole is not None and not 1 <= hole <= peg.BOARDS[board].size:
        raise CommandError(f"{board} has holes 1..{peg.BOARDS[board].size}, not {hole}")
    return hole


def openings_command(args: argparse.Namespace) -> int:
    # rich here and in the other commands, not at the top: `solve peg` reads this module and draws nothing
    from rich.console import Console
    from rich.table import Table

    try:
        if args.count:
            with Console(stderr=True).status(f"counting every {args.board} opening exactly (this can take minutes)"):
                found = peg.openings(args.board, limit=peg.COUNT_LAYER)
        else:
            found = peg.openings(args.board)
    except PuzzleError as error:
        raise CommandError(f"peg openings {args.board}: {error}") from None
    if args.json:
        rows = [
            {
                "hole": o.hole,
                "winnable": o.winnable,
                "games": o.games,
                "finishes": {str(k): v for k, v in o.finishes.items()},
                "exact": o.exact,
                "unsettled": list(o.unsettled),
            }
            for o in found
        ]
        print(json.dumps({"board": args.board, "openings": rows}))
        return 0
    counted = all(o.exact for o in found)
    table = Table(title=f"{args.board}: openings", caption=None if counted else "searched: too many games to count")
    for column in ("start", "winnable", "games", "last peg ends" + (" (games)" if counted else "")):
        table.add_column(column, justify="right" if column in {"start", "games"} else "left")
    for o in found:
        ends = ", ".join(f"{hole}: {n:,}" if counted else str(hole) for hole, n in o.finishes.items())
        ends += "".join(f", {hole}?" for hole in o.unsettled)
        table.add_row(str(o.hole), "yes" if o.winnable else "no", f"{o.games:,}" if counted else "-", ends)
    Console().print(table)
    if counted:
        print(f"total: {sum(o.games for o in found):,} games")
    else:
        print(f"{sum(o.winnable for o in found)} of {len(found)} starts can end with one peg")
    return 0


def count_command(args: argparse.Namespace) -> int:
    start, finish = resolve(args.board, args.start), resolve(args.board, args.finish)
    try:
        position = peg.Position(args.board, peg.start(args.board, start).pegs, finish)
        if finish is None and tables.table_for(position) is not None:
            raise CommandError(
                f"peg count {args.board}: from hole {start} the counts are for a last peg there; add --finish {start}"
            )
        known = cached_table(position)
        games = known.games(position.pegs) if known else counted_games(args.board, start, finish)
    except peg.TooBig:
        found = peg.analyse(position).count
        exists = "a winning game exists" if found.value else "no winning game was found within the search budget"
        raise CommandError(f"peg count {args.board}: too many games to count from hole {start}; {exists}") from None
    except PuzzleError as error:
        raise CommandError(f"peg count {args.board}: {error}") from None
    print(json.dumps({"games": games}) if args.json else f"{games:,} winning games")
    return 0


def build_command(args: argparse.Namespace) -> int:
    """Every table the board's games use that is not cached yet; nothing where counting live is enough."""
    keys = board_tables(args.board)
    if not keys:
        print(f"{args.board}: no table to build; its games are counted or searched live")
    try:
        missing = [key for key in keys if not built_already(key, args.every_start)]
        for key in keys:
            if key not in missing:
                print(f"{tables.table_file(*key)}: already built")
        for key in missing:
            built = built_with_progress(key, args.every_start)
            reached = REACHED_FROM[args.every_start] if key[1] is None else ""
            print(f"{tables.table_file(*key)}: {built.size:,} positions{reached}")
    except PuzzleError as error:
        raise CommandError(f"peg build {args.board}: {error}") from None
    return 0


REACHED_FROM = {False: " reached from the winnable starts", True: " reached from every start"}


def built_already(key: tables.Key, every_start: bool) -> bool:
    """Whether the table is cached, and swept from every start when that is asked for."""
    if not tables.table_file(*key).exists():
        return False
    return not every_start or key[1] is not None or tables.load_table(*key).every_start


def board_tables(board: str) -> list[tables.Key]:
    """The tables that answer this board's games: Bell's centre game, then the winnable positions."""
    bell = [(board, hole) for name, hole in tables.BIG_BOARDS.items() if name == board]
    return bell + ([(board, None)] if board in tables.WINNABLE_BOARDS else [])


def built_with_progress(key: tables.Key, every_start: bool = False) -> tables.Table:
    from rich.console import Console
    from rich.progress import Progress

    what = "winnable positions" if key[1] is None else f"games from hole {key[1]}"
    with Progress(transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(f"building the {key[0]} table of {what} (once)", total=None)
        return tables.build_table(
            *key, progress=lambda done, total: bar.update(task, completed=done, total=total), every_start=every_start
        )


def counted_games(board: str, start: int, finish: int | None) -> int:
    """Games from a start, counted forward (triangle7: 40 s); TooBig where the layers pass 10 million."""
    from rich.console import Console

    with Console(stderr=True).status(f"counting the games from hole {start}"):
        finishes = peg.finishing_games(board, start, limit=peg.COUNT_LAYER)
    return finishes.get(finish, 0) if finish else sum(finishes.values())


def cached_table(position: peg.Position) -> peg.WinTable | None:
    """Bell's table for this game when its board has one: from the cache, or built now (with progress)."""
    key = tables.table_for(position)
    if key is None:
        return None
    if (found := tables.load_table(*key)) is not None:
        return found
    return built_with_progress(key)


def output_of(argv: list[str]) -> str:
    """What a fresh process printed, for the benchmarks that measure a build or a solve on its own."""
    import subprocess  # only when measuring: `solve` reads this module too

    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout


def english_from_scratch() -> str:
    """Bell's table built in a fresh process, so its peak memory is its own."""
    script = (
        "import resource, time; from puzzles import peg; t = time.perf_counter(); "
        "w = peg.win_table('english', 17); s = time.perf_counter() - t; "
        "print(w.games(peg.start('english', 17).pegs), w.size, s, "
        "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    out = output_of([sys.executable, "-c", script]).split()
    games, size, seconds, peak_kib = int(out[0]), int(out[1]), float(out[2]), int(out[3])
    return f"{games:,} games, {size:,} positions; {seconds:.1f} s, peak {peak_kib / 2**20:.2f} GiB"


@cache
def english_midgame() -> tuple[peg.Position, peg.WinTable]:
    """Ten moves into the English centre game along the winning line, and the table (built if need be)."""
    known = cached_table(peg.start("english", 17))
    start = peg.start("english", 17)
    return start.play_all(peg.analyse(start, known=known).line[:10]), known


def english_annotation() -> str:
    """Every legal move of a mid-game English position annotated from the table."""
    position, known = english_midgame()
    analysis = peg.analyse(position, known=known)
    return f"{len(analysis.moves)} moves, {analysis.count} games"


def searched_openings(board: str) -> str:
    found = peg.openings(board)
    pairs = sum(len(o.finishes) for o in found)
    unsettled = sum(len(o.unsettled) for o in found)
    return f"{sum(o.winnable for o in found)} of {len(found)} starts win, {pairs} start-finish pairs, {unsettled} unsettled"


def counted_triangle7() -> str:
    found = peg.openings("triangle7", limit=peg.COUNT_LAYER)
    exact = sum(o.exact for o in found)
    return f"{sum(o.games for o in found):,} games; {exact} of {len(found)} starts counted"


@cache
def european_midgame() -> peg.Position:
    """Ten moves into a European game from hole 9, along a line the search found."""
    start = peg.start("european", 9)
    return start.play_all(peg.analyse(start).line[:10])


def searched_annotation(position: peg.Position) -> str:
    analysis = peg.analyse(position, budget=peg.LIVE_BUDGET)
    undecided = sum(not m.decided for m in analysis.moves)
    return f"{len(analysis.moves)} moves, {sum(m.keeps_win for m in analysis.moves)} keep a win, {undecided} undecided"


def winnable_from_scratch(board: str) -> str:
    """The table of winnable positions built in a fresh process: its size, wall and CPU time, peak memory."""
    script = (
        "import resource, time; from puzzles import peg; t = time.perf_counter(); "
        f"w = peg.winnable_table({board!r}); s = time.perf_counter() - t; "
        "u = resource.getrusage(resource.RUSAGE_SELF); print(w.size, s, u.ru_utime + u.ru_stime, u.ru_maxrss)"
    )
    out = output_of([sys.executable, "-c", script]).split()
    size, seconds, cpu, peak_kib = int(out[0]), float(out[1]), float(out[2]), int(out[3])
    return f"{size:,} positions; {seconds:.0f} s ({cpu:.0f} s CPU), peak {peak_kib / 2**20:.2f} GiB"


def random_games(board: str, every: int, seed: int = 19) -> list[peg.Position]:
    """Every `every`-th position of one random game from each start whose class allows a finish."""
    rng, found = random.Random(seed), []
    for hole in range(1, peg.BOARDS[board].size + 1):
        position, depth = peg.start(board, hole), 0
        if not peg.reachable_finishes(position):
            continue
        while position.legal_moves():
            if depth % every == 0:
                found.append(position)
            position, depth = position.play(rng.choice(position.legal_moves())), depth + 1
    return found


def undecided_share(board: str, table: peg.WinnableTable | None, every: int) -> str:
    """How many moves of random games stay ? within the live budget, and the slowest answer."""
    moves = undecided = 0
    slowest = 0.0
    positions = random_games(board, every)
    for position in positions:
        began = time.perf_counter()
        analysis = peg.analyse(position, budget=peg.LIVE_BUDGET, table=table)
        slowest = max(slowest, time.perf_counter() - began)
        moves += len(analysis.moves)
        undecided += sum(not m.decided for m in analysis.moves)
    share = undecided / max(moves, 1)
    return f"{len(positions)} positions, {moves} moves, {undecided} ? ({share:.1%}); slowest {slowest:.2f} s"


def undecided_from_files(board: str, every: int) -> str:
    """Positions of random games written to files (no history) and solved as a person would, table cached:
    `solve peg FILE --json` in a fresh process each, its ? moves and its median wall time."""
    import tempfile  # only when measuring: `solve` reads this module too

    moves = undecided = 0
    seconds = []
    with tempfile.TemporaryDirectory() as folder:
        for n, position in enumerate(random_games(board, every)):
            path = Path(folder) / f"{board}-{n}.txt"
            path.write_text(peg.format(peg.Position(board, position.pegs)))
            began = time.perf_counter()
            run = [sys.executable, "-m", "assistant", "solve", "peg", str(path), "--json"]
            found = json.loads(output_of(run))
            seconds.append(time.perf_counter() - began)
            moves += len(found["moves"])
            undecided += sum(not m["exact"] and not m["games"] for m in found["moves"])
    return f"{len(seconds)} files, {moves} moves, {undecided} ?; median {median(seconds):.2f} s a file"


@cache
def cached_winnable(board: str) -> peg.WinnableTable:
    """The board's table of winnable positions, from the cache or built now."""
    found = tables.load_table(board, None)
    return found if found is not None else built_with_progress((board, None))


FOUR_BY_FOUR = peg.parse("board: square\nX X X X\nX X X X\nX X X X\nX X X X\n").board  # a drawn board


def counted_openings(board: str) -> str:
    found = peg.openings(board)
    return f"{sum(o.games for o in found):,} games; {sum(o.winnable for o in found)} of {len(found)} starts win"


BENCHMARKS = [
    Benchmark(
        "triangle5 openings table (all starts, all counts)",
        lambda: f"{sum(o.games for o in peg.openings('triangle5')):,} games",
        "<= 0.05 s",
        repeat=11,
    ),
    Benchmark(
        "triangle6 openings table",
        lambda: f"{sum(o.games for o in peg.openings('triangle6')):,} games",
        "<= 2 s",
        repeat=3,
    ),
    Benchmark(
        "triangle6 per-move annotation from the start",
        lambda: peg.analyse(peg.start("triangle6", 1)).verdict,
        "interactive",
        repeat=5,
    ),
    Benchmark(
        "english centre to centre, Bell's table from scratch", english_from_scratch, "<= 60 s, <= 4 GiB", repeat=1
    ),
    Benchmark(
        "english per-move annotation, 10 moves in, cached table",
        english_annotation,
        "<= 200 ms",
        repeat=11,
        setup=english_midgame,
    ),
    Benchmark(
        "english from hole 1: per-move search (no table)",
        lambda: searched_annotation(peg.start("english", 1)),
        "<= 1.5 s",
        repeat=5,
    ),
    Benchmark(
        "european per-move search, 10 moves in",
        lambda: searched_annotation(european_midgame()),
        "<= 1.5 s",
        repeat=5,
        setup=european_midgame,
    ),
    Benchmark(
        "european openings: which starts end with one peg, where",
        lambda: searched_openings("european"),
        "interactive",
        repeat=3,
    ),
    Benchmark("drawn 4x4 square openings (all counted)", lambda: counted_openings(FOUR_BY_FOUR), "<= 1 s", repeat=5),
    Benchmark(
        "wiegleb from the centre: per-move search (endgames built)",
        lambda: searched_annotation(peg.start("wiegleb", 23)),
        "<= 1.5 s",
        repeat=3,
        setup=lambda: peg.analyse(peg.start("wiegleb", 23), budget=peg.LIVE_BUDGET),
    ),
    Benchmark("wiegleb openings (searched)", lambda: searched_openings("wiegleb"), "interactive", repeat=1),
    Benchmark("triangle7 openings (searched)", lambda: searched_openings("triangle7"), "interactive", repeat=3),
    Benchmark(
        "english random games, ? moves live without a table (every 4th position)",
        lambda: undecided_share("english", None, 4),
        "",
        repeat=1,
    ),
    *(
        bench
        for board in tables.WINNABLE_BOARDS
        for bench in (
            Benchmark(
                f"{board} table of winnable positions from scratch",
                lambda board=board: winnable_from_scratch(board),
                "<= 10 min, <= 8 GiB",
                repeat=1,
            ),
            Benchmark(
                f"{board} random games, ? moves live with the table (every position)",
                lambda board=board: undecided_share(board, cached_winnable(board), 1),
                "<= 1%, each well under 1 s",
                repeat=1,
                setup=lambda board=board: cached_winnable(board),
            ),
            Benchmark(
                f"{board} random games from files (no history), solve peg FILE --json (every 4th position)",
                lambda board=board: undecided_from_files(board, 4),
                "no ?, median under 1 s",
                repeat=1,
                setup=lambda board=board: cached_winnable(board),
            ),
        )
    ),
    Benchmark(
        "european random games, ? moves live without a table (every 4th position)",
        lambda: undecided_share("european", None, 4),
        "",
        repeat=1,
    ),
    Benchmark("triangle7 openings counted exactly (--count)", counted_triangle7, "", repeat=1),
]
