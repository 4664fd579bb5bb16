"""Boards as people paste them: the grid among titles and instructions, any common blank mark, Sudoku's file forms.

The puzzles here were made for these tests with this engine (a shuffled
pattern grid, cells taken out while the answer stays unique).
"""

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from assistant.kinds import KINDS
from puzzles import equation, hidoku, jodici, magic, sudoku
from puzzles.core import PuzzleError
from puzzles.examples import examples

ENGINES = {kind.name: kind.engine for kind in KINDS}
BOARDS = ("sudoku", "hidoku", "jodici", "magic", "equation")

PUZZLE = "...96.1.2..5.....3.7.4.......96......5..2.8...2...9..1.......4....248.9...8..65.."
ANSWER = "483965172965172483172483965839651724651724839724839651396517248517248396248396517"
MINI, MINI_ANSWER = "..2....4.21.....", "3421213442131342"
SECOND = "1983.5.......2.1.......8......7......5..6...326...3..48.7..2.1..42...8..6.....5.."
SECOND_ANSWER = "198375426375426198426198375983754261754261983261983754837542619542619837619837542"


def rows_of(line: str, n: int = 9) -> list[str]:
    return [line[i : i + n] for i in range(0, n * n, n)]


def spaced(row: str, blank: str = "_") -> str:
    return " ".join(blank if ch == "." else ch for ch in row)


def boxed(line: str) -> list[str]:
    """The .ss form: `..3|.2.|...` rows and a `-----------` rule between bands."""
    out = []
    for r, row in enumerate(rows_of(line)):
        if r in (3, 6):
            out.append("-----------")
        out.append("|".join(row[i : i + 3] for i in (0, 3, 6)))
    return out


def reads(text: str):
    return sudoku.parse(text)


def refusal(kind: str, text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        ENGINES[kind].parse(text)
    return caught.value


BOARD = reads(PUZZLE)

# ---------------------------------------------------------------- Sudoku's forms


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(PUZZLE, id="one line"),
        pytest.param(PUZZLE.replace(".", "0") + "\n", id="one line, zeros"),
        pytest.param(f"Today's puzzle (hard):\n{PUZZLE}\nGood luck!\n", id="one line with prose"),
        pytest.param("\n".join(rows_of(PUZZLE)), id="nine lines"),
        pytest.param("\n".join(boxed(PUZZLE)), id=".ss"),
        pytest.param("#AThe tests\n#DMade for this test\n#LHard\n" + "\n".join(rows_of(PUZZLE)), id=".sdk"),
        pytest.param(
            "*-----------*\n"
            + "\n".join(f"|{row}|" if "-" not in row else "|---+---+---|" for row in boxed(PUZZLE))
            + "\n*-----------*",
            id="framed",
        ),
        pytest.param("\n".join(",".join("" if ch == "." else ch for ch in row) for row in rows_of(PUZZLE)), id="csv"),
        pytest.param(
            "9x9 SUDOKU PUZZLE\n+-------+-------+-------+\n"
            + "\n".join(
                "| " + " | ".join(spaced(row[i : i + 3], " ") for i in (0, 3, 6)) + " |" for row in rows_of(PUZZLE)
            )
            + "\n+-------+-------+-------+\n",
            id="framed, spaces for blanks",
        ),
        pytest.param(
            "Solve this Sudoku puzzle:\n"
            + "\n".join(spaced(row) for row in rows_of(PUZZLE))
            + "\nRespond with your answer as a 9x9 grid.\n",
            id="chat",
        ),
        pytest.param(
            "\n\n".join("\n".join(spaced(row, "-") for row in rows_of(PUZZLE)[b : b + 3]) for b in (0, 3, 6)),
            id="bands apart",
        ),
        pytest.param(
            "[Puzzle]\n" + "\n".join(rows_of(PUZZLE)) + "\n[State]\n" + "\n".join(rows_of(ANSWER)), id="state"
        ),
    ],
)
def test_every_form_of_a_sudoku_reads_to_the_same_board(text):
    assert reads(text) == BOARD


@pytest.mark.parametrize("mark", [".", "0", "_", "-", "*", "x", "X", "?"])
def test_every_blank_mark_is_a_blank(mark):
    assert reads("\n".join(spaced(row, mark) for row in rows_of(PUZZLE))) == BOARD
    assert reads(PUZZLE.replace(".", mark)) == BOARD


def test_a_pasted_puzzle_solves_to_its_answer():
    for puzzle, answer, n in ((PUZZLE, ANSWER, 9), (MINI, MINI_ANSWER, 4)):
        text = "Solve this Sudoku puzzle:\n" + "\n".join(spaced(row) for row in rows_of(puzzle, n)) + "\nYour answer?\n"
        (solution,) = sudoku.analyse(reads(text)).solutions
        assert "".join(map(str, (v for row in solution for v in row))) == answer


def test_header_lines_are_read_where_they_stand():
    text = "A diagonal mini Sudoku\ndiagonal\n\n" + "\n".join(spaced(row) for row in rows_of(MINI, 4)) + "\nEnjoy!\n"
    assert reads(text).diagonal and reads(text).grid == reads(MINI).grid
    killer = "Killer:\n" + "." * 16 + "\nThe cages:\ncage 3: r1c1 r1c2\nDone."
    assert reads(killer).cages[0].total == 3


# ---------------------------------------------------------------- refusals


def test_a_grid_one_column_short_is_named_with_its_lines_never_counting_prose():
    text = "Solve this Sudoku puzzle:\n" + "\n".join(spaced(row[:8]) for row in rows_of(PUZZLE)) + "\nThanks!\n"
    error = refusal("sudoku", text)
    assert str(error) == "line 2, column 1: found no 9-line grid: lines 2-10 have 8 cells"


def test_a_stranger_in_a_pasted_grid_is_named_where_it_stands():
    rows = [spaced(row) for row in rows_of(PUZZLE)]
    rows[3] = rows[3].replace("9", "%", 1)
    error = refusal("sudoku", "Solve this Sudoku puzzle:\n" + "\n".join(rows) + "\nRespond with the grid.\n")
    assert (error.line, error.column) == (5, 5) and "'%' is not a value (1..9)" in str(error)


def test_a_value_past_the_size_a_line_gives_is_refused_where_it_stands():
    error = refusal("sudoku", "12,,5" + "." * 12)
    assert (error.line, error.column) == (1, 5) and "5 is more than 4" in str(error)


def test_a_puzzle_and_its_solution_are_refused_naming_both():
    text = "Puzzle:\n" + "\n".join(rows_of(PUZZLE)) + "\nSolution:\n" + "\n".join(rows_of(ANSWER)) + "\n"
    assert str(refusal("sudoku", text)) == "line 12, column 1: two boards fit, lines 2-10 and lines 12-20: keep one"


def test_prose_alone_is_no_grid():
    assert "no grid found" in str(refusal("sudoku", "Solve this Sudoku puzzle:\nRespond with your answer.\n"))
    assert "no rows of cells" in str(refusal("hidoku", "Hidoku from today's paper. Solve it!\n"))


def test_a_short_hidoku_row_among_prose_is_named():
    error = refusal("hidoku", "A Hidoku:\n1 _ _\n_ 5\n_ _ 9\nFill in 1..9.\n")
    assert (error.line, error.column) == (3, 1) and "2 cells, the board is 3 wide" in str(error)


# ---------------------------------------------------------------- the other boards


def test_other_boards_read_blank_marks_and_headers_around_prose():
    assert (
        hidoku.parse("Hidoku from today's paper. Solve it!\n1 ? x\n* - 9\n.,,\n").grid
        == hidoku.parse("1 _ _\n_ _ 9\n# _ _\n").grid
    )
    square = magic.parse("range: 5..13 sum: 27\nA magic square, every line sums to 27:\n\n5 x ?\n* 9 _\n. - 0\nGo!\n")
    assert (square.low, square.high, square.total, square.grid[1][1]) == (5, 13, 27, 9)
    framed = hidoku.parse("| 1  |    |    |\n|    |    | 9  |\n|    | 12 |    |\n").grid
    assert framed == ((1, 0, 0), (0, 0, 9), (0, 12, 0))
    assert jodici.parse("Jodici:\n37____\n__159_\n6 _ _ _ _ _\n") == jodici.parse(examples("jodici")["seed"])
    crossword = equation.parse("Fill in the blanks:\n\n1 + ? = 3\n+   +\n. + _ = 2\n=   =\n2   3\nThanks.\n")
    assert crossword.cells == ((1, None), (None, None))


@pytest.mark.parametrize("kind", BOARDS)
def test_every_example_with_a_title_above_and_an_instruction_below_reads_as_the_example(kind):
    for text in examples(kind).values():
        pasted = f"Here is today's {kind} puzzle:\n{text}\nPlease solve it and explain each step.\n"
        assert ENGINES[kind].parse(pasted) == ENGINES[kind].parse(text)


# A blank of each example, and the marks that may stand for it on that board.
BLANK = {"sudoku": r"\.", "hidoku": "_+", "jodici": "_", "magic": "_+", "equation": "_+"}
MARKS = {
    "sudoku": [".", "0", "_", "-", "*", "x", "?"],
    "hidoku": ["_", "0", "-", "*", "x", "?", ""],  # `.` is a blocked cell there
    "jodici": [".", "0", "_", "-", "*", "x", "?", ""],
    "magic": [".", "0", "_", "-", "*", "x", "?", ""],
    "equation": ["_", "?", "."],  # `-`, `*`, `x` and `0` are operators and values there
}
WORDS = ["Solve", "this", "puzzle", "Respond", "with", "your", "answer", "grid", "today's", "paper", "it!", "Find"]
NUMBERS = ["9x9", "10", "#3", "1.", "(hard)", "2024"]
PROSE = st.tuples(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6), st.lists(st.sampled_from(NUMBERS))).map(
    lambda parts: " ".join(parts[0] + parts[1][: len(parts[0])])
)


@pytest.mark.parametrize("kind", BOARDS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_an_example_with_prose_around_and_any_blank_mark_reads_to_the_same_board(kind, data):
    text = data.draw(st.sampled_from(list(examples(kind).values())))
    mark = data.draw(st.sampled_from(MARKS[kind]))
    before = data.draw(st.lists(PROSE, min_size=1, max_size=3))
    after = data.draw(st.lists(PROSE, min_size=1, max_size=3))
    gap = data.draw(st.sampled_from(["", "\n"]))
    marked = "\n".join(
        line if line.startswith("#") or line.startswith("cage") else re.sub(BLANK[kind], mark, line)
        for line in text.splitlines()
    )
    pasted = "\n".join(before) + "\n" + gap + marked + "\n" + gap + "\n".join(after) + "\n"
    assert ENGINES[kind].parse(pasted) == ENGINES[kind].parse(text)


# ---------------------------------------------------------------- collections (.sdm)


def test_a_collection_is_two_or_more_one_line_puzzles():
    sdm = f"{PUZZLE}\n\n# the second one\n{SECOND}\n"
    assert sudoku.collection(sdm) == ((1, PUZZLE + "\n"), (4, "\n\n\n" + SECOND + "\n"))
    assert sudoku.parse(sudoku.collection(sdm)[1][1]) == sudoku.parse(SECOND)
    sixteen = examples("sudoku")["sixteen"]
    for one in (PUZZLE, "\n".join(rows_of(PUZZLE)), sixteen, sixteen * 3, f"{MINI}\n{MINI}\n"):
        assert sudoku.collection(one) == ((1, one),)


def test_solve_takes_each_puzzle_of_a_collection_in_turn_and_names_a_bad_one_by_its_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")  # the headings whole
    path = tmp_path / "puzzles.sdm"
    path.write_text(f"{PUZZLE}\n{PUZZLE[:80]}\n{SECOND}\n")
    assert main(["solve", "sudoku", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    answers = [json.loads(line)["solutions"][0] for line in out.splitlines()]
    assert ["".join(str(v) for row in grid for v in row) for grid in answers] == [ANSWER, SECOND_ANSWER]
    assert (
        err
        == f"puzzle-assistant: {path}: line 2, column 1: one line of 80 cells: a Sudoku in one line has 16, 36, 81 or 256\n"
    )
    assert main(["solve", "sudoku", str(path)]) == 2
    out = capsys.readouterr().out
    assert f"{path}, line 1" in out and f"{path}, line 3" in out and f"{path}, line 2" not in out
