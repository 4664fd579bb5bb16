"""`puzzle-assistant solve`: the same file gives the same answer, unless a person asks for seconds."""

import json

import pytest

from assistant.cli import main


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
