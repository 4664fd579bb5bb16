"""Boards drawn in the position file: read, written, and every count checked by brute force.

The brute force reads the drawing on its own: on a square board a peg jumps
to the cell two along its row or column; on a triangular one, in text
columns, four along its row or two rows up or down and two columns aside.  Holes are numbered in
reading order.  Nothing of the engine's lattice or numbering is used.
"""

import json
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from assistant.cli import main
from puzzles import peg
from puzzles.core import PuzzleError

STEPS = {
    "square": ((0, 2), (0, -2), (2, 0), (-2, 0)),
    "triangular": ((0, 4), (0, -4), (2, 2), (2, -2), (-2, 2), (-2, -2)),
}


def read_drawing(text: str) -> tuple[str, list[tuple[int, int]], frozenset[int], int | None]:
    """The lattice, the holes in reading order as (row, text column), which have pegs, and the finish."""
    lines = [line for line in text.splitlines() if line.strip()]
    lattice = lines[0].split(":")[1].strip()
    finish = int(lines.pop().split(":")[1]) if lines[-1].startswith("finish") else None
    holes, pegs = [], set()
    for r, line in enumerate(lines[1:]):
        cells = [(x, ch) for x, ch in enumerate(line) if ch != " "]
        for i, (x, ch) in enumerate(cells):
            column = x if lattice == "triangular" else i  # square rows: the i-th cell is column i
            if ch != "-":
                holes.append((r, column))
                if ch == "X":
                    pegs.add(len(holes))
    return lattice, holes, frozenset(pegs), finish


def jumps(lattice: str, holes: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    number = {hole: i for i, hole in enumerate(holes, 1)}
    found = []
    for (r, x), a in number.items():
        for dr, dx in STEPS[lattice]:
            b, c = number.get((r + dr // 2, x + dx // 2)), number.get((r + dr, x + dx))
            if b and c:
                found.append((a, b, c))
    return found


def brute_force(text: str) -> tuple[int, dict[int, int], dict[tuple[int, int, int], int]]:
    """Winning games by plain recursion over positions: in all, by the last peg's hole, and after each move."""
    lattice, holes, start, finish = read_drawing(text)
    moves = jumps(lattice, holes)

    @cache
    def games(pegs: frozenset[int]) -> dict[int, int]:
        if len(pegs) == 1:
            return {next(iter(pegs)): 1}
        out: dict[int, int] = {}
        for a, b, c in moves:
            if a in pegs and b in pegs and c not in pegs:
                for hole, n in games(pegs - {a, b} | {c}).items():
                    out[hole] = out.get(hole, 0) + n
        return out

    def wins(pegs: frozenset[int]) -> int:
        return sum(n for hole, n in games(pegs).items() if finish in (None, hole))

    after = {(a, b, c): wins(start - {a, b} | {c}) for a, b, c in moves if a in start and b in start and c not in start}
    return wins(start), games(start), after


def checked_against_brute_force(text: str) -> peg.Position:
    position = peg.parse(text)
    total, by_finish, after = brute_force(text)
    analysis = peg.analyse(position)
    assert analysis.count.exact and analysis.count.value == total
    assert {m.move: m.games for m in analysis.moves} == after
    assert set(by_finish) <= set(peg.reachable_finishes(peg.Position(position.board, position.pegs)))
    if total:
        assert position.play_all(analysis.line).pegs.bit_count() == 1
    return position


SMALL = {
    "3x3 square": "board: square\nX X X\nX O X\nX X X\n",
    "1x5 line": "board: square\nX X X X O\n",
    "L": "board: square\nX - -\nX X -\nX O X\nX X X\n",
    "plus": "board: square\n- X X -\nX X O X\nX X X X\n- X X -\n",
    "4x4 square": "board: square\nX O X X\nX X X X\nX X X X\nX X X X\n",
    "triangle5": "board: triangular\n    O\n   X X\n  X X X\n X X X X\nX X X X X\n",
    "hexagon": "board: triangular\n  X X\n X O X\nX X X X\n X X X\n  X X\n",
    "triangle with a gap": "board: triangular\n   X\n  X X\n X - X\nX X O X\n",
    "triangle5 with a gap": "board: triangular\n    X\n   X X\n  O - X\n X X X X\nX X X X X\n",
    "finish": "board: triangular\n    O\n   X X\n  X X X\n X X X X\nX X X X X\nfinish: 13\n",
}


@pytest.mark.parametrize("name", SMALL)
def test_counts_on_small_drawn_boards_match_brute_force(name):
    checked_against_brute_force(SMALL[name])


def test_the_4x4_square_from_its_second_hole_has_210422_games():
    assert peg.analyse(peg.parse(SMALL["4x4 square"])).count.value == 210_422


@pytest.mark.parametrize("name", ["3x3 square", "L", "plus", "hexagon", "triangle with a gap"])
def test_openings_of_drawn_boards_match_brute_force(name):
    board = peg.parse(SMALL[name]).board
    for opening in peg.openings(board):
        text = peg.format(peg.start(board, opening.hole))
        total, by_finish, _ = brute_force(text)
        assert (opening.games, opening.finishes) == (total, by_finish)


def test_a_drawing_of_a_named_board_is_that_board():
    assert peg.parse(SMALL["triangle5"]).board == "triangle5"
    english = "board: square\n" + 2 * "- - X X X - -\n" + "X X X X X X X\nX X X O X X X\nX X X X X X X\n"
    english += 2 * "- - X X X - -\n"
    assert peg.parse(english) == peg.start("english", 17)


@pytest.mark.parametrize("name", SMALL)
def test_drawn_positions_round_trip(name):
    position = peg.parse(SMALL[name])
    assert peg.parse(peg.format(position)) == position
    board = peg.BOARDS[position.board]
    assert all(sorted(image.values()) == list(range(1, board.size + 1)) for image in peg.symmetries(position.board))


def test_named_boards_wiegleb_and_diamond():
    wiegleb, diamond = peg.BOARDS["wiegleb"], peg.BOARDS["diamond"]
    assert [len(row) for row in wiegleb.rows] == [3, 3, 3, 9, 9, 9, 3, 3, 3] and wiegleb.center == 23
    assert [len(row) for row in diamond.rows] == [1, 3, 5, 7, 9, 7, 5, 3, 1] and diamond.center == 21
    assert len(peg.symmetries("wiegleb")) == len(peg.symmetries("diamond")) == 8
    assert peg.reachable_finishes(peg.start("diamond", 21)) == []  # the diamond's centre start cannot end in one peg
    assert peg.reachable_finishes(peg.start("wiegleb", 23)) == [5, 20, 23, 26, 41]


def test_symmetries_of_drawn_boards():
    assert len(peg.symmetries(peg.parse(SMALL["3x3 square"]).board)) == 8
    assert len(peg.symmetries(peg.parse(SMALL["1x5 line"]).board)) == 2
    assert len(peg.symmetries(peg.parse(SMALL["hexagon"]).board)) == 4  # 2 rows of 2 at top and bottom: not 12
    assert len(peg.symmetries(peg.parse(SMALL["L"]).board)) == 1
    assert peg.BOARDS[peg.parse(SMALL["3x3 square"]).board].center == 5


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        ("board: square\nX X\nX X X\n", 3, 5, "ragged rows"),
        ("board: square\nX X X\nX X\n", 3, 5, "ragged rows"),
        ("board: square\nX Q\n", 2, 3, "'Q': a cell is"),
        ("board: square\nX  X\n", 2, 2, "single spaces"),
        ("board: triangular\nX\nX X\n", 3, 1, "shifted by one space"),
        ("board: square\n- -\n- -\n", 2, 1, "no holes"),
        ("board: triangular\n", 1, 1, "draw the triangular board's rows"),
        ("board: square\n" + "X X X X X X X X\n" * 8, 9, 15, "at most 63 holes"),
        ("board: square\nX X\nfinish: 3\n", 3, 9, "finish must be a hole 1..2"),
        ("board: hexagon\n", 1, 8, "or draw one: square, triangular"),
    ],
)
def test_bad_drawings_are_refused_with_line_and_column(text, line, column, message):
    with pytest.raises(PuzzleError, match=message) as caught:
        peg.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_63_holes_are_enough_for_every_engine():
    """The biggest board there may be: its corner bit is the 63rd, and counting near the end is exact."""
    text = "board: square\n" + "O O O O O O O O\n" * 7 + "O O O O O O O -\n"
    position = peg.parse(text.replace("O O O O O O O -", "O O O O O X X -"))
    assert peg.BOARDS[position.board].size == 63 and peg.analyse(position).count.value == 1
    assert peg.parse(peg.format(position)) == position


@st.composite
def drawings(draw) -> str:
    """A small drawn board: a few rows of cells, at most ten holes, of either lattice."""
    lattice = draw(st.sampled_from(["square", "triangular"]))
    cell = st.sampled_from("XXXO.-")
    rows = draw(st.integers(1, 4))
    if lattice == "square":
        width = draw(st.integers(1, 4))
        lines = [" ".join(draw(st.lists(cell, min_size=width, max_size=width))) for _ in range(rows)]
    else:
        lines = []
        for r in range(rows):
            indent = 2 * draw(st.integers(0, 2)) + r % 2
            lines.append(" " * indent + " ".join(draw(st.lists(cell, min_size=1, max_size=4))))
    holes = sum(line.count("X") + line.count("O") + line.count(".") for line in lines)
    assume(1 <= holes <= 10)
    return f"board: {lattice}\n" + "\n".join(lines) + "\n"


@settings(max_examples=120, deadline=None)
@given(drawings())
def test_random_drawn_boards_count_as_brute_force_does(text):
    position = checked_against_brute_force(text)
    assert peg.parse(peg.format(position)) == position
    board = peg.BOARDS[position.board]
    move_set = set(peg.moves(position.board))
    for image in peg.symmetries(position.board):
        assert {(image[a], image[b], image[c]) for a, b, c in move_set} == move_set
    if peg.reachable_finishes(position) and position.legal_moves():
        counted = {m.move: m.games > 0 for m in peg.analyse(position).moves}
        assert {m.move: m.games > 0 for m in peg.searched(position).moves} == counted
    for opening in peg.openings(position.board):
        assert opening.games == brute_force(peg.format(peg.start(position.board, opening.hole)))[0]
    assert board.size == len(read_drawing(text)[1])


def test_bells_table_on_a_drawn_board_agrees_with_counting():
    board = peg.parse(SMALL["plus"]).board
    for hole in range(1, peg.BOARDS[board].size + 1):
        position = peg.Position(board, peg.start(board, hole).pegs, hole)
        assert peg.win_table(board, hole).games(position.pegs) == peg.analyse(position).count.value


def test_solve_reads_a_drawn_board(tmp_path, capsys):
    path = tmp_path / "drawn.txt"
    path.write_text(SMALL["hexagon"])
    assert main(["solve", "peg", str(path), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["count"] == brute_force(SMALL["hexagon"])[0] and answer["exact"]


@given(st.text(alphabet="XxO.- \n", max_size=60), st.sampled_from(["square", "triangular"]))
def test_any_drawing_parses_or_is_refused(drawing, lattice):
    try:
        position = peg.parse(f"board: {lattice}\n{drawing}")
    except PuzzleError:
        return
    assert peg.parse(peg.format(position)) == position


def test_cli_openings_and_count_take_a_file_that_draws_the_board(tmp_path, capsys):
    path = tmp_path / "square.txt"
    path.write_text(SMALL["4x4 square"])
    assert main(["peg", "count", str(path), "--start", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"games": 210_422}
    assert main(["peg", "openings", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["openings"]
    board = peg.parse(SMALL["4x4 square"]).board
    assert [o["games"] for o in rows] == [brute_force(peg.format(peg.start(board, o["hole"])))[0] for o in rows]
    with pytest.raises(SystemExit):
        main(["peg", "openings", str(tmp_path / "missing.txt")])
    assert "not a board name, nor a position file" in capsys.readouterr().err
