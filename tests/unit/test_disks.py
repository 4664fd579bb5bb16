"""Flower disks: the seed's two setups, brute force on small random disks, formats."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from puzzles import disks
from puzzles.core import PuzzleError
from puzzles.examples import examples


def test_the_seed_setups():
    assert disks.analyse(disks.parse(examples("disks")["original"])).count.value == 0
    fixed = disks.analyse(disks.parse(examples("disks")["fixed"]))
    assert fixed.solutions == ((0, 0, 5, 11),)


def brute_force(puzzle):
    k, m = len(puzzle.rows), puzzle.fields
    found = []
    for turns in itertools.product(range(m), repeat=k - 1):
        rows = [puzzle.rows[0]] + [row[r:] + row[:r] for row, r in zip(puzzle.rows[1:], turns)]
        cover = [sum(column) for column in zip(*rows)]
        if all(c == 1 for c in cover) if puzzle.cover == "exactly one" else all(c >= 1 for c in cover):
            found.append((0, *turns))
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(2, 6), st.sampled_from(disks.COVERS), st.data())
def test_solutions_match_brute_force(k, m, cover, data):
    rows = tuple(tuple(data.draw(st.lists(st.integers(0, 1), min_size=m, max_size=m))) for _ in range(k))
    puzzle = disks.Disks(rows, cover)
    assert list(disks.analyse(puzzle, limit=10**6).solutions) == brute_force(puzzle)


def test_no_solution_names_a_field_that_can_never_be_covered():
    puzzle = disks.parse("1,0,0\n1,0,0\n")
    assert "field" in disks.analyse(puzzle).explanation
    assert disks.analyse(disks.parse("1,1,0\n0,0,0\n")).explanation.startswith("No solution: field 3 can never")


@pytest.mark.parametrize(
    "text, line, column",
    [("1,0,2\n1,1,1\n", 1, 5), ("1,0,1\n1,1\n", 2, 1), ("1,0\n", 1, 1), ("cover: some\n1,0\n0,1\n", 1, 8)],
)
def test_bad_files_are_refused_with_line_and_column(text, line, column):
    with pytest.raises(PuzzleError) as caught:
        disks.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_format_round_trips_rotations_and_cover():
    puzzle = disks.parse(examples("disks")["fixed"]).turn(2, 5)
    puzzle = disks.Disks(puzzle.rows, "at least one", puzzle.rotations)
    assert disks.parse(disks.format(puzzle)) == puzzle


@given(st.text(alphabet="01, \n:coverrotations", max_size=60))
def test_any_text_parses_or_is_refused(text):
    try:
        disks.parse(text)
    except PuzzleError:
        pass


def test_cli_json(tmp_path, capsys):
    path = tmp_path / "d.txt"
    path.write_text(examples("disks")["fixed"])
    assert main(["solve", "disks", str(path), "--json"]) == 0
    assert '"solutions": [[0, 0, 5, 11]]' in capsys.readouterr().out
