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
