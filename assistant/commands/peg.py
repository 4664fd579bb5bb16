"""`puzzle-assistant peg openings|count` and the peg solitaire benchmarks."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from assistant.bench import Benchmark
from puzzles import peg
from puzzles.core import PuzzleError


def register(commands: argparse._SubParsersAction) -> None:
    group = commands.add_parser("peg", help="peg solitaire tools").add_subparsers(metavar="COMMAND", required=True)
    table = group.add_parser("openings", help="every start hole: winnable, games, where the last peg ends")
    table.add_argument("board", choices=list(peg.BOARDS))
    table.add_argument("--json", action="store_true")
    table.set_defaults(func=openings_command)
    count = group.add_parser("count", help="winning games from one start hole")
    count.add_argument("board", choices=list(peg.BOARDS))
    count.add_argument("--start", type=hole_number, required=True, help="the empty hole (a number, or 'center')")
    count.add_argument("--finish", type=hole_number, help="the hole the last peg must end in")
    count.add_argument("--json", action="store_true")
    count.set_defaults(func=count_command)


def hole_number(text: str) -> int | str:
    return text if text == "center" else int(text)


def resolve(board: str, hole: int | str | None) -> int | None:
    from assistant.cli import CommandError

    if hole == "center":
        center = peg.BOARDS[board].center
        if center is None:
            raise CommandError(f"{board} has no centre hole")
        return center
    if hole is not None and not 1 <= hole <= peg.BOARDS[board].size:
        raise CommandError(f"{board} has holes 1..{peg.BOARDS[board].size}, not {hole}")
    return hole


def openings_command(args: argparse.Namespace) -> int:
    from assistant.cli import CommandError

    try:
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
            }
            for o in found
        ]
        print(json.dumps({"board": args.board, "openings": rows}))
        return 0
    table = Table(title=f"{args.board}: openings")
    for column in ("start", "winnable", "games", "last peg ends (games)"):
        table.add_column(column, justify="right" if column in {"start", "games"} else "left")
    for o in found:
        ends = ", ".join(f"{hole}: {n:,}" for hole, n in o.finishes.items())
        table.add_row(str(o.hole), "yes" if o.winnable else "no", f"{o.games:,}", ends)
    Console().print(table)
    print(f"total: {sum(o.games for o in found):,} games")
    return 0


def count_command(args: argparse.Namespace) -> int:
    from assistant.cli import CommandError

    start, finish = resolve(args.board, args.start), resolve(args.board, args.finish)
    try:
        position = peg.Position(args.board, peg.start(args.board, start).pegs, finish)
        games = peg.analyse(position).count.value
    except PuzzleError as error:
        raise CommandError(f"peg count {args.board}: {error}") from None
    print(json.dumps({"games": games}) if args.json else f"{games:,} winning games")
    return 0


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
]
