"""`puzzle-assistant solve`: the same file gives the same answer, unless a person asks for seconds."""

import io
import itertools
import json
import math
import os
import re
import subprocess
import sys
import threading

import pytest

from assistant.cli import Progress, main
from assistant.files import read_puzzle_file
from assistant.kinds import BY_NAME
from puzzles.core import PuzzleError


def solved(capsys, *args: str) -> dict:
    assert main(["solve", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def open_board(tmp_path):
    """A 5x5 Hidoku with only its ends given: far too many completions to count in the budget."""
    path = tmp_path / "open.txt"
    path.write_text("1 _ _ _ _\n" + "_ _ _ _ _\n" * 3 + "_ _ _ _ 25\n", encoding="utf-8")
    return path


def test_an_open_board_stops_at_the_same_lower_bound_every_time(capsys, open_board):
    first, second = solved(capsys, "hidoku", str(open_board)), solved(capsys, "hidoku", str(open_board))
    assert first == second and first["exact"] is False and first["count"] > 0


def test_seconds_ask_for_wall_clock_time_instead(capsys, open_board):
    timed = solved(capsys, "hidoku", str(open_board), "--seconds", "0.2")
    assert timed["exact"] is False and timed["count"] > 0


@pytest.mark.parametrize("flags", [["--count", "--seconds", "1"], ["--seconds", "0"], ["--seconds", "soon"]])
def test_count_and_seconds_are_refused_when_they_make_no_sense(capsys, open_board, flags):
    with pytest.raises(SystemExit) as exit:
        main(["solve", "hidoku", str(open_board), *flags])
    assert exit.value.code == 2 and "--" in capsys.readouterr().err


def test_steps_explain_the_solution_in_numbered_steps_and_as_json(capsys):
    seed = "puzzles/examples/jodici-seed.txt"
    assert main(["solve", "jodici", seed, "--steps"]) == 0
    text = capsys.readouterr().out
    assert (
        "Steps:" in text
        and " 1. [last field of a sector] sector 1 has 3 + 6" in text
        and text.rstrip().endswith("Solved.")
    )
    assert main(["solve", "jodici", seed, "--steps", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["count"] == 1 and report["steps_ended"] == "solved"
    first = report["steps"][0]
    assert set(first) == {"rule", "uses", "text", "sets", "trial"}
    assert first["sets"] == [{"at": [1, 0], "value": 6, "holds": True, "text": "ring 2, sector 1 = 6"}]


def test_steps_are_refused_with_a_message_where_a_type_does_not_explain_itself_yet(capsys):
    assert main(["solve", "peg", "puzzles/examples/peg-triangle5.txt", "--steps"]) == 2
    assert "--steps" in capsys.readouterr().err


# ---------------------------------------------------------------- options out of range


def refused(capsys, argv: list[str]) -> str:
    """The one line a command line is refused with (exit status 2, no traceback)."""
    with pytest.raises(SystemExit) as exit:
        main(argv)
    err = capsys.readouterr().err
    assert exit.value.code == 2 and err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize("kind", list(BY_NAME))
@pytest.mark.parametrize("value", ["-5", "100000000000000000000", "10001", "3.5", "ten"])
def test_a_limit_out_of_range_is_refused_for_every_kind(capsys, kind, value):
    err = refused(capsys, ["solve", kind, "puzzle.txt", "--limit", value])
    assert f"argument --limit: give a whole number from 0 to 10,000, not '{value}'" in err


@pytest.mark.parametrize(
    ("argv", "option", "allowed"),
    [
        (["solve", "zebra", "x", "--seconds", "-1"], "--seconds", "seconds above 0 and below a million"),
        (["solve", "zebra", "x", "--seconds", "nan"], "--seconds", "seconds above 0 and below a million"),
        (["bench", "--repeat", "0"], "--repeat", "a whole number from 1 to 1,000"),
        (["bench", "--repeat", "99999999999999999999"], "--repeat", "a whole number from 1 to 1,000"),
        (["mastermind", "bench", "--pegs", "1"], "--pegs", "a whole number from 2 to 8"),
        (["mastermind", "bench", "--colours", "11"], "--colors/--colours", "a whole number from 2 to 10"),
        (["mastermind", "bench", "--sample", "-3"], "--sample", "a whole number from 1 to 100,000,000"),
        (["mastermind", "bench", "--seed", "-1"], "--seed", "a whole number from 0 to 4,294,967,295"),
        (["mastermind", "bench", "--budget", "inf"], "--budget", "seconds above 0 and below a million"),
        (["peg", "count", "english", "--start", "middle"], "--start", "a hole number or 'center'"),
        (["screenshots", "--size", "100000x3"], "--size", "COLSxROWS from 40x12 to 400x200"),
    ],
)
def test_every_numeric_option_is_checked_against_its_range(capsys, argv, option, allowed):
    err = refused(capsys, argv)
    assert f"argument {option}: give {allowed}" in err


def test_a_hole_the_board_lacks_is_refused_in_one_line(capsys):
    assert main(["peg", "count", "english", "--start", "-5"]) == 2
    assert capsys.readouterr().err == "puzzle-assistant: english has holes 1..33, not -5\n"


def test_the_widest_limits_still_solve(capsys):
    assert solved(capsys, "jodici", "puzzles/examples/jodici-seed.txt", "--limit", "0")["solutions"] == []
    assert len(solved(capsys, "jodici", "puzzles/examples/jodici-seed.txt", "--limit", "10000")["solutions"]) == 1


# ---------------------------------------------------------------- paths that are not files


def test_a_folder_a_device_and_a_named_pipe_are_refused_in_one_line(capsys, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["solve", "hidoku", str(tmp_path), "/dev/zero", str(fifo)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"puzzle-assistant: {tmp_path}: this is a folder, not a puzzle file",
        "puzzle-assistant: /dev/zero: this is a device, not a puzzle file",
        f"puzzle-assistant: {fifo}: this is a named pipe (FIFO), not a puzzle file",
    ]


def test_a_named_pipe_with_no_writer_is_refused_at_once(tmp_path):
    """Opening such a pipe would wait for a writer for ever; the file's type is looked at first."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome = []
    reader = threading.Thread(target=lambda: outcome.append(refusal_of(fifo)), daemon=True)
    reader.start()
    reader.join(30)
    if reader.is_alive():  # blocked in open(): be its writer so the thread ends, then fail
        os.close(os.open(fifo, os.O_WRONLY))
    assert outcome == ["this is a named pipe (FIFO), not a puzzle file"]


def refusal_of(path) -> str:
    with pytest.raises(PuzzleError) as error:
        read_puzzle_file(path)
    return str(error.value)


def test_a_dash_reads_standard_input(capsys, monkeypatch):
    seed = open("puzzles/examples/jodici-seed.txt", "rb").read()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(seed)))
    assert solved(capsys, "jodici", "-")["count"] == 1


@pytest.mark.parametrize("flags", [[], ["--json"]], ids=["text", "json"])
def test_a_reader_that_leaves_at_once_ends_the_answer_quietly(flags):
    """`solve ... | head`: the closed pipe ends the program with status 1, and no traceback on stderr."""
    argv = [sys.executable, "-m", "assistant", "solve", "disks", "puzzles/examples/disks-original.txt", *flags]
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        process.stdout.close()  # before the program has started, let alone written
        error = process.stderr.read()
    assert (process.returncode, error) == (1, b"")


class Terminal(io.StringIO):
    """Standard error as a terminal: the progress line is written only to one."""

    def isatty(self) -> bool:
        return True


def test_a_count_past_a_second_says_how_long_it_has_run_on_the_terminal_and_wipes_the_line():
    seconds = iter([0.0, 0.4, 1.2, 1.7, 2.1])
    terminal, log = Terminal(), io.StringIO()
    with Progress("f.txt: counting", shown=True, stream=terminal, clock=lambda: next(seconds)) as progress:
        assert [progress() for _ in range(4)] == [False] * 4
    assert terminal.getvalue().split("\r\x1b[K") == ["", "puzzle-assistant: f.txt: counting: 1 s so far",
                                                     "puzzle-assistant: f.txt: counting: 2 s so far", ""]  # fmt: skip
    with Progress("f.txt: counting", shown=True, stream=log, clock=iter([0.0, 5.0]).__next__) as progress:
        progress()
    assert log.getvalue() == ""


def test_bench_hints_explains_each_example_and_says_how_its_walk_ended(capsys):
    assert main(["bench", "hints", "--only", "disks examples", "--json"]) == 0
    (figure,) = json.loads(capsys.readouterr().out)
    assert figure["name"] == "disks examples: --steps"
    assert re.search(r"fixed [\d.]+ m?s \(solved, \d+ steps, \d+ trials?\)", figure["note"])
    assert re.search(r"original [\d.]+ m?s \(contradiction, \d+ steps", figure["note"])


def king_paths(rows: int, cols: int) -> int:
    """Numberings of an empty rows x cols Hidoku, counted apart from the engine: paths by the cells they cover and
    the cell they end in."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    near = [[j for j, b in enumerate(cells) if a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1] for a in cells]
    ways = {(1 << i, i): 1 for i in range(len(cells))}
    for _ in range(len(cells) - 1):
        longer: dict[tuple[int, int], int] = {}
        for (covered, end), count in ways.items():
            for j in near[end]:
                if not covered >> j & 1:
                    longer[(covered | 1 << j, j)] = longer.get((covered | 1 << j, j), 0) + count
        ways = longer
    return sum(ways.values())


def squares_with_margins(n: int, total: int, high: int) -> int:
    """n x n tables of 0..high whose every row and column adds up to `total`, counted row by row."""
    rows = [row for row in itertools.product(range(high + 1), repeat=n) if sum(row) == total]
    sums = {(0,) * n: 1}
    for _ in range(n):
        grown: dict[tuple[int, ...], int] = {}
        for partial, count in sums.items():
            for row in rows:
                key = tuple(a + b for a, b in zip(partial, row))
                if max(key) <= total:
                    grown[key] = grown.get(key, 0) + count
        sums = grown
    return sums.get((total,) * n, 0)


SUMS_TO_13 = "range: 0..9\n" + "_ + _ + _ = 13\n+   +   +\n" * 2 + "_ + _ + _ = 13\n=   =   =\n13  13  13\n"
KNOWN_TOTALS = [  # (kind, file, total, whether the default budget falls short of it)
    ("hidoku", "_ _ _ _\n" * 3, king_paths(3, 4), True),
    ("equation", SUMS_TO_13, squares_with_margins(3, 13, 9), True),
    ("magic", "_ _ _\n" * 3, 8, False),
    (
        "zebra",
        "Person: Ann, Bo, Cy, Di, Ed, Flo, Gus\nPet: ant, bat, cat, dog, eel, fox, gnu\n"
        "Drink: tea, rum, gin, ale, cola, milk, wine\nkey: Person\n1. Ann does not have the ant.\n",
        6 * math.factorial(6) * math.factorial(7),
        False,
    ),  # fmt: skip
    ("peg", "board: triangle5\n    O\n   X X\n  X X X\n X X X X\nX X X X X\n", 29_760, False),
    ("mastermind", "pegs: 4\ncolours: red blue green yellow orange brown\n", 6**4, False),
    ("jodici", "_ _ _ _ _ _\n" * 3, 318_600, False),
    ("disks", "1,0,1,0\n0,1,0,1\n", 2, False),  # the second disk turned by 1 or 3
]


@pytest.mark.parametrize("kind, text, total, short", KNOWN_TOTALS, ids=[k[0] for k in KNOWN_TOTALS])
def test_count_counts_every_kind_exactly_and_asks_for_its_progress_line(capsys, monkeypatch, tmp_path,
                                                                           kind, text, total, short):  # fmt: skip
    """--count gives each kind's known total where its default budget may not (Sudoku's: test_sudoku.py), and a
    kind that searches asks the progress line as it goes, so a count past a second says how long it has run."""
    path = tmp_path / f"{kind}.txt"
    path.write_text(text, encoding="utf-8")
    asked = []
    monkeypatch.setattr(Progress, "__call__", lambda self: asked.append(self.doing) and False)
    counted = solved(capsys, kind, str(path), "--count", "--limit", "0")
    assert counted["count"] == total and counted.get("exact", True)
    assert asked or kind in {"jodici", "disks", "mastermind"}, "only the counts that are never long ask nothing"
    default = solved(capsys, kind, str(path), "--limit", "0")
    assert (default["count"] < total and default["exact"] is False) == short
