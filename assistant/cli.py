"""`puzzle-assistant`: the TUI when called bare, and the same engines without it.

    puzzle-assistant                          open the app
    puzzle-assistant solve KIND FILE... [--json] [--steps] [--limit N] [--count | --seconds S]
    puzzle-assistant bench [KIND...] [--repeat N] [--json]
    puzzle-assistant KIND COMMAND ...         extra commands of a puzzle type

Nothing here imports Textual except the paths that open or draw the app, so
`solve` starts fast and works on a machine without a terminal; nor an engine
(or rich) except in the command that uses it, so `--help` starts as fast as
Python does (tests/unit/test_startup.py).
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import textwrap
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from assistant import __version__
from assistant.errors import CommandError
from assistant.files import read_puzzle_file
from assistant.kinds import BY_NAME, KINDS, Kind
from assistant.options import USAGE_ERROR, Parser, positive_seconds, terminal_size, whole_number
from puzzles.core import MAX_TEXT, Budget, PuzzleError, decode

if TYPE_CHECKING:
    from assistant.bench import Benchmark

MOST_LISTED = 10_000  # solutions listed at most (--limit): a 30x30 Hidoku's each take 10 KB
MOST_REPEATS = 1_000  # runs of one benchmark (--repeat)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except CommandError as error:
        print(f"puzzle-assistant: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return reader_gone()


def reader_gone() -> int:
    """The program reading our output closed it (`... | head`): stop quietly with status 1, as rich did.

    Standard output is pointed at the null device first, or Python's flush of it
    at exit would fail again, with a traceback.
    """
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="puzzle-assistant",
        description="A puzzle companion: type what you know, watch the candidates narrow.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.set_defaults(func=open_app)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    add_solve(commands)
    add_bench(commands)
    add_screenshots(commands)
    for kind in KINDS:
        if kind.commands is not None:
            commands.add_parser(kind.name, help=kind.commands, fill=partial(register_commands, kind))
    return parser


def register_commands(kind: Kind, parser: Parser) -> None:
    """`puzzle-assistant KIND ...`: the type's own subcommands, read from its kind_cli module once it is named."""
    kind.cli.register(parser)


def open_app(args: argparse.Namespace) -> int:
    from assistant.app import PuzzleAssistant

    app = PuzzleAssistant()
    app.run()
    return app.return_code or 0


# ---------------------------------------------------------------- solve


def add_solve(commands: argparse._SubParsersAction) -> None:
    commands.add_parser("solve", help="solve puzzle files without the TUI", fill=add_solve_kinds)


def add_solve_kinds(solve: Parser) -> None:
    """`solve KIND`, one subcommand per puzzle type: added when `solve` is the command (so not when the app opens)."""
    kinds = solve.add_subparsers(title="puzzle types", metavar="KIND", required=True)
    for kind in KINDS:
        kinds.add_parser(kind.name, help=kind.summary, description=kind.summary, fill=partial(add_solve_options, kind))


def add_solve_options(kind: Kind, parser: Parser) -> None:
    """`solve KIND`'s options, the engine's own among them: added only when KIND is the one solved."""
    engine = kind.engine
    parser.add_argument("files", metavar="FILE", nargs="+", type=Path)
    parser.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    parser.add_argument(
        "--steps", action="store_true", help="explain the solution step by step, each with its rule and reason"
    )
    parser.add_argument(
        "--limit",
        type=whole_number(0, MOST_LISTED),
        default=10,
        help=f"how many solutions to list, 0..{MOST_LISTED:,} (default 10)",
    )
    effort = parser.add_mutually_exclusive_group()
    effort.add_argument("--count", action="store_true", help="count exactly, however long it takes")
    effort.add_argument(
        "--seconds",
        type=positive_seconds,
        metavar="S",
        help="search for S seconds of wall-clock time (answers then depend on the machine's speed)",
    )
    for option in engine.SOLVE_OPTIONS:
        parser.add_argument(
            f"--{option.name}",
            dest=option.name.replace("-", "_"),
            default=option.default,
            choices=option.choices,
            type=option.type,
            help=option.help,
        )
    parser.set_defaults(func=solve_files, kind=kind.name, options=engine.SOLVE_OPTIONS)


def solve_files(args: argparse.Namespace) -> int:
    """Solve each file in turn, and each puzzle of a collection (a .sdm file); a bad one is named on stderr and the
    rest still run."""
    engine = BY_NAME[args.kind].engine
    status = 0
    for path in args.files:
        try:
            text = read_input(path)
            puzzles = engine.collection(text) if hasattr(engine, "collection") else ((1, text),)
        except PuzzleError as error:
            print(f"puzzle-assistant: {path}: {error}", file=sys.stderr)
            status = USAGE_ERROR
            continue
        for number, puzzle in puzzles:
            heading = f"{path}, line {number}" if len(puzzles) > 1 else str(path) if len(args.files) > 1 else None
            status = max(status, solve_one(args, path, puzzle, heading))
    return status


def solve_one(args: argparse.Namespace, path: Path, text: str, heading: str | None) -> int:
    """Solve one puzzle and print its answer (under `heading`, if any); a refusal goes to stderr, status 2."""
    kind = BY_NAME[args.kind]
    engine = kind.engine
    options = {o.name.replace("-", "_"): getattr(args, o.name.replace("-", "_")) for o in args.options}
    try:
        puzzle = engine.parse(text)
        with Progress(f"{path}: counting every solution (--count)", shown=args.count) as progress:
            report = engine.solve(
                puzzle, limit=args.limit, **budget_of(args), should_stop=progress, **options, **kind.kept(puzzle)
            )
        path_of_steps = explained(engine, puzzle, args) if args.steps else None
    except PuzzleError as error:
        print(f"puzzle-assistant: {path}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except CommandError as error:
        print(f"puzzle-assistant: {error}", file=sys.stderr)
        return USAGE_ERROR
    if args.json:
        import json  # here: the text answer does without it

        steps = (
            {}
            if path_of_steps is None
            else {"steps": path_of_steps.to_json()["steps"], "steps_ended": path_of_steps.ended}
        )
        print(json.dumps(report.to_json() | steps), flush=True)
    else:
        steps_text = None if path_of_steps is None else path_of_steps.to_text()
        print_text(report.to_text(), steps_text, heading)
    return 0


class Progress:
    """A line on standard error saying how long a count has run, once it has run a second: the engine's `should_stop`.

    Written only to a terminal, over itself each second, and wiped when the
    count ends, so the answer's own lines and a log stay clean.
    """

    def __init__(self, doing: str, *, shown: bool, stream: TextIO | None = None, clock=time.monotonic) -> None:
        self.stream = stream or sys.stderr
        self.doing = doing
        self.clock = clock
        self.start = clock()
        self.said = 0  # whole seconds last shown (0: nothing shown yet)
        self.shown = shown and self.stream.isatty()

    def __call__(self) -> bool:
        if self.shown and (seconds := int(self.clock() - self.start)) > self.said:
            self.said = seconds
            self.stream.write(f"\r\x1b[Kpuzzle-assistant: {self.doing}: {seconds:,} s so far")
            self.stream.flush()
        return False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exception: object) -> None:
        if self.said:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def print_text(answer: str, steps: str | None, heading: str | None) -> None:
    """One file's answer as text wrapped to the terminal, under a rule naming the file if there are several.

    Plain `print`, not rich: the answer has no style, and importing rich was a
    third of a trivial `solve`'s start-up (`bench startup`).  Only the rule,
    drawn in colour on a terminal, still asks rich.
    """
    width = shutil.get_terminal_size().columns
    if heading is not None:
        print_rule(heading, width)
    print(wrapped(answer, width))
    if steps is not None:
        print(wrapped("\nSteps:\n" + steps, width))


def print_rule(title: str, width: int) -> None:
    """A rule across the terminal with `title` in its middle, as rich draws it."""
    from rich.console import Console  # here: a single file's answer prints without rich
    from rich.rule import Rule

    Console(highlight=False, width=width).print(Rule(title))


def wrapped(text: str, width: int) -> str:
    """`text` with each line longer than `width` broken where rich breaks it: at spaces, a longer word cut.

    Unlike rich it leaves no space at the end of a broken line.  Indents, runs of
    spaces inside a line (a grid's columns) and empty lines are kept.
    """
    return "\n".join(
        "\n".join(
            textwrap.wrap(line, width, expand_tabs=False, replace_whitespace=False, break_on_hyphens=False) or [""]
        )
        for line in text.split("\n")
    )


def explained(engine, puzzle, args: argparse.Namespace):
    """The solution as steps a person can follow (`--steps`), within the same budget as the answer."""
    if not hasattr(engine, "steps"):
        raise CommandError(f"solve {args.kind} --steps: this puzzle type does not explain its steps yet")
    return engine.steps(puzzle, **budget_of(args))


def read_input(path: Path) -> str:
    """A puzzle file's text, or standard input's for `-` (the only way a pipe is read: see files.py)."""
    if str(path) == "-":
        return decode(sys.stdin.buffer.read(MAX_TEXT + 1))
    return read_puzzle_file(path)


def budget_of(args: argparse.Namespace) -> dict[str, Budget | None]:
    """By default each engine's own work budget, so a file gives the same answer on every machine."""
    if args.count:
        return {"budget": None}
    if args.seconds is not None:
        return {"budget": Budget(seconds=args.seconds)}
    return {}


# ---------------------------------------------------------------- bench


GROUPS = ("startup", "hints")  # benchmarks of no one puzzle type, each in assistant/<group>.py


def benchmarks(name: str) -> Sequence[Benchmark]:
    """A puzzle type's benchmarks (its kind_cli module's), or a group's such as start-up's."""
    module = importlib.import_module(f"assistant.{name}") if name in GROUPS else BY_NAME[name].cli
    return getattr(module, "BENCHMARKS", ())


def add_bench(commands: argparse._SubParsersAction) -> None:
    bench = commands.add_parser("bench", help="measure speed and quality; prints medians")
    bench.add_argument("kinds", metavar="KIND", nargs="*", help="puzzle types, or startup or hints (default: all)")
    bench.add_argument("--only", metavar="TEXT", help="run only benchmarks whose name contains TEXT")
    bench.add_argument(
        "--repeat",
        type=whole_number(1, MOST_REPEATS),
        help=f"runs per benchmark, 1..{MOST_REPEATS:,} (default: each benchmark's own)",
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.set_defaults(func=bench_command)


def bench_command(args: argparse.Namespace) -> int:
    known = [*GROUPS, *BY_NAME]
    unknown = [name for name in args.kinds if name not in known]
    if unknown:
        raise CommandError(f"bench: unknown puzzle type {unknown[0]!r} (known: {', '.join(known)})")
    selected = [
        (name, bench)
        for name in args.kinds or known
        for bench in benchmarks(name)
        if not args.only or args.only in bench.name
    ]
    from rich.console import Console  # here: the other commands start without rich and the timing code
    from rich.table import Table

    from assistant.bench import run_all, seconds

    console = Console(highlight=False, width=max(120, Console().width))
    figures = []
    for kind, bench in selected:
        if not args.json:
            console.print(f"[dim]running {kind}: {bench.name}…[/]")
        figures.extend(run_all([(kind, bench)], args.repeat))
    if args.json:
        import json

        print(json.dumps([figure.__dict__ for figure in figures]))
        return 0
    table = Table(title="Puzzle Assistant benchmarks (median of runs)")
    for column in ("puzzle", "benchmark", "median", "best", "runs", "target", "result"):
        table.add_column(column, justify="right" if column in {"median", "best", "runs"} else "left")
    for f in figures:
        table.add_row(f.kind, f.name, seconds(f.median), seconds(f.best), str(f.runs), f.target, f.note)
    console.print(table)
    return 0


# ---------------------------------------------------------------- screenshots


def add_screenshots(commands: argparse._SubParsersAction) -> None:
    shots = commands.add_parser("screenshots", help="render one SVG per screen from real runs")
    shots.add_argument("directory", type=Path, nargs="?", default=Path("screenshots"))
    shots.add_argument(
        "--size", type=terminal_size, default="100x32", help="terminal size COLSxROWS, 40x12..400x200 (default 100x32)"
    )
    shots.set_defaults(func=screenshots_command)


def screenshots_command(args: argparse.Namespace) -> int:
    import asyncio

    from assistant.screenshots import take_all

    args.directory.mkdir(parents=True, exist_ok=True)
    for path in asyncio.run(take_all(args.directory, args.size)):
        print(path)
    return 0
