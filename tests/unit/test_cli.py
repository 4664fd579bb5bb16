"""`puzzle-assistant solve`: the same file gives the same answer, unless a person asks for seconds."""

import io
import json
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
