"""Sudoku engine: the pasted formats and refusals, counts against brute force, Killer cages, budgets, the check."""

from __future__ import annotations

import importlib
import json
import random

import pytest

from assistant.cli import main
from puzzles import sudoku
from puzzles.core import Budget, Count, Deadline, PuzzleError, Status, Stopped
from puzzles.examples import examples
from puzzles.sudoku.board import BOXES, Cage, Sudoku, conflicts, shape_of
from puzzles.sudoku.search import UNCAPPED, interchangeable, search

WIKIPEDIA = examples("sudoku")["classic"]
WIKIPEDIA_ANSWER = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
ROYLE_FIRST = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"


# ---------------------------------------------------------------- brute force, written apart from the engine


def brute_force(board: Sudoku) -> list[tuple[tuple[int, ...], ...]]:
    """Every completion, filling cells in reading order and checking each unit and cage by hand."""
    n, (rows, columns) = board.n, BOXES[board.n]
    grid = [list(row) for row in board.grid]
    cells = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
    found = []

    def fits(r: int, c: int, v: int) -> bool:
        if v in grid[r] or any(grid[i][c] == v for i in range(n)):
            return False
        r0, c0 = r - r % rows, c - c % columns
        if any(grid[i][j] == v for i in range(r0, r0 + rows) for j in range(c0, c0 + columns)):
            return False
        if board.diagonal and ((r == c and any(grid[i][i] == v for i in range(n)))
                               or (r + c == n - 1 and any(grid[i][n - 1 - i] == v for i in range(n)))):  # fmt: skip
            return False
        return True

    def cages_hold() -> bool:
        for cage in board.cages:
            values = [grid[r][c] for r, c in cage.cells]
            if len(set(values)) < len(values) or sum(values) != cage.total:
                return False
        return True

    def fill(i: int) -> None:
        if i == len(cells):
            if cages_hold():
                found.append(tuple(tuple(row) for row in grid))
            return
        r, c = cells[i]
        for v in range(1, n + 1):
            if fits(r, c, v):
                grid[r][c] = v
                fill(i + 1)
                grid[r][c] = 0

    fill(0)
    return found


def counted(board: Sudoku) -> tuple[int, bool]:
    analysis = sudoku.analyse(board, limit=0, budget=None)
    return analysis.count.value, analysis.count.exact


def blanked(board: Sudoku, rng: random.Random, blanks: int) -> Sudoku:
    cells = [(r, c) for r in range(board.n) for c in range(board.n)]
    for p in rng.sample(cells, blanks):
        board = board.with_cell(p, 0)
    return board


# ---------------------------------------------------------------- reading and writing


def test_the_pasted_forms_of_a_puzzle_read_alike():
    one_line = "".join(line for line in WIKIPEDIA.splitlines() if not line.startswith("#"))
    with_zeros = one_line.replace(".", "0")
    boxed = sudoku.format(sudoku.parse(WIKIPEDIA))
    assert "------+-------+------" in boxed and "5 3 . | . 7 . | . . ." in boxed
    boards = {sudoku.parse(text) for text in (WIKIPEDIA, one_line, with_zeros, boxed)}
    assert len(boards) == 1
    (board,) = boards
    assert board.n == 9 and len(board.givens) == 30 and board.grid[0][:2] == (5, 3)


@pytest.mark.parametrize("name", list(examples("sudoku")))
def test_every_example_reads_back_from_its_format_and_is_unique(name):
    board = sudoku.parse(examples("sudoku")[name])
    assert sudoku.parse(sudoku.format(board)) == board
    assert sudoku.analyse(board).status == Status.UNIQUE


def test_the_length_of_one_line_gives_the_size_and_letters_go_past_nine():
    assert sudoku.parse("1234" + "." * 12).n == 4
    assert sudoku.parse("." * 36).box == (2, 3)
    big = sudoku.parse("G" + "." * 255)
    assert big.n == 16 and big.grid[0][0] == 16 and "G" in sudoku.format(big)


def test_diagonal_and_cages_are_lines_of_their_own():
    text = "." * 16 + "\ndiagonal\ncage 3: r1c1 r1c2\n  cage 4: r2c1\n"
    board = sudoku.parse(text)
    assert board.diagonal and board.cages == (Cage(3, ((0, 0), (0, 1))), Cage(4, ((1, 0),)))
    assert board.variant == "4x4 diagonal Killer"
    assert sudoku.parse(sudoku.format(board)) == board


@pytest.mark.parametrize(
    ("text", "line", "column", "says"),
    [
        ("53..7....\n6..195...\n.98....6%\n" + "........\n" * 6, 3, 9, "'%' is not a value (1..9)"),
        ("." * 80, 1, 1, "one line of 80 cells"),
        ("....\n....\n.....\n....", 3, 5, "a row of this grid has 4 cells"),
        ("....\n....\n...\n....", 3, 1, "this row has 3 cells, the grid is 4 wide"),
        ("....\n....\n..5.\n....", 3, 3, "5 is more than 4"),
        ("." * 16 + "\ncage 3: r1c1 r5c1", 2, 14, "r5c1 is outside the 4x4 grid"),
        ("." * 16 + "\ncage 3: r1c1\ncage 4: r2c2 r1c1", 3, 14, "r1c1 is already in the cage on line 2"),
        ("." * 16 + "\ncage 9: r1c1 r1c2", 2, 6, "a cage of 2 cells sums to 3..7, not 9"),
        ("." * 16 + "\ncage x1: r1c1", 2, 6, "'x1' is not a whole number"),
        ("." * 16 + "\ncage 3: A1", 2, 9, "'A1' is not a cell"),
        ("." * 16 + "\ncages 3 r1c1", 2, 1, "a cage is written"),
        ("." * 256 + "\ncage 3: r1c1", 2, 1, "Killer cages go on boards up to 9x9"),
        ("# nothing\n", 1, 1, "no grid found"),
    ],
)
def test_a_refusal_names_the_line_and_column(text, line, column, says):
    with pytest.raises(PuzzleError) as raised:
        sudoku.parse(text)
    assert (raised.value.line, raised.value.column) == (line, column)
    assert says in str(raised.value)


def test_shapes_have_the_units_and_peers_of_their_rules():
    classic, diagonal = shape_of(9), shape_of(9, True)
    assert len(classic.units) == 27 and len(classic.peers[(0, 0)]) == 20
    assert len(diagonal.units) == 29 and len(diagonal.peers[(4, 4)]) == 20 + 12
    assert shape_of(6).boxes()[1].cells == ((0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5))


# ---------------------------------------------------------------- counting


def test_the_empty_4x4_has_its_288_grids_and_the_diagonal_one_as_many_as_brute_force_finds():
    assert counted(sudoku.blank(4)) == (288, True) == (len(brute_force(sudoku.blank(4))), True)
    diagonal = sudoku.blank(4, diagonal=True)
    assert counted(diagonal) == (len(brute_force(diagonal)), True)


@pytest.mark.parametrize("seed", range(6))
def test_counts_of_partly_blanked_4x4_and_6x6_boards_match_brute_force(seed):
    rng = random.Random(seed)
    for name, blanks in (("mini", 11), ("six", 20)):
        board = sudoku.parse(examples("sudoku")[name])
        solution = sudoku.analyse(board).solutions[0]
        puzzle = blanked(Sudoku(solution), rng, blanks)
        every = brute_force(puzzle)
        assert counted(puzzle) == (len(every), True)
        assert set(sudoku.analyse(puzzle, limit=len(every)).solutions) == set(every)


@pytest.mark.parametrize("budget", [None, Budget(work=300)], ids=["to the cap", "work budget"])
def test_a_small_board_searched_by_python_then_numba_finds_what_either_finds_alone(monkeypatch, budget):
    """Python runs a small board's first nodes (sparing numba's loading), the compiled loop the rest: one answer."""
    module = importlib.import_module("puzzles.sudoku.search")  # the package's `search` is the function
    handed_over, found = module.BY_PYTHON, {}
    for by_python in (0, handed_over, 10**6):  # numba alone, the hand-over, Python alone
        monkeypatch.setattr(module, "BY_PYTHON", by_python)
        found[by_python] = search(sudoku.blank(6), limit=sudoku.CAP + 1, keep=3, deadline=Deadline(budget))
    assert len(set(found.values())) == 1
    assert found[0].nodes > handed_over and len(found[0].solutions) == 3


def without(board: Sudoku, values: set[int]) -> Sudoku:
    """`board` with every cell holding one of `values` emptied."""
    return Sudoku(tuple(tuple(0 if v in values else v for v in row) for row in board.grid))


@pytest.mark.parametrize("seed", range(4))
def test_values_that_stand_nowhere_are_counted_once_per_order_as_brute_force_and_the_plain_search_count(seed):
    """`--count` counts one order of the values a unit lacks and nowhere stand, times their orders: the same total."""
    rng = random.Random(seed)
    for name, gone, blanks, check in (("mini", 2, 4, brute_force), ("six", 3, 10, None)):
        board = sudoku.parse(examples("sudoku")[name])
        solution = Sudoku(sudoku.analyse(board).solutions[0])
        puzzle = blanked(without(solution, set(rng.sample(range(1, board.n + 1), gone))), rng, blanks)
        _, free = interchangeable(puzzle)
        plain = search(puzzle, limit=UNCAPPED, keep=0, deadline=Deadline()).count
        assert len(free) >= gone and counted(puzzle) == (plain, True)
        if check:
            assert plain == len(check(puzzle))


def test_count_lifts_the_cap_the_empty_4x4_and_6x6_have_288_and_28200960_grids(capsys, tmp_path):
    for n, total in ((4, 288), (6, 28_200_960)):
        path = tmp_path / f"empty-{n}.txt"
        path.write_text(sudoku.format(sudoku.blank(n)))
        assert main(["solve", "sudoku", str(path), "--count", "--json", "--limit", "1"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert (report["count"], report["exact"]) == (total, True)
        assert not conflicts(sudoku.parse("\n".join("".join(map(str, row)) for row in report["solutions"][0])))


@pytest.mark.slow
def test_the_plain_search_counts_the_empty_6x6_as_the_count_by_value_orders_does():
    """56 million search nodes (about 30 s): the count without the value-order shortcut, to check the shortcut."""
    assert search(sudoku.blank(6), limit=UNCAPPED, keep=0, deadline=Deadline()).count == 28_200_960


def test_a_count_above_the_cap_says_more_than_it():
    analysis = sudoku.analyse(sudoku.blank(9))
    assert analysis.count == Count(sudoku.CAP + 1, exact=False) and analysis.status == Status.SEVERAL
    assert analysis.headline == "More than 1,000 completions"


def test_a_17_clue_puzzle_is_solved_and_proved_unique():
    board = sudoku.parse(ROYLE_FIRST)
    analysis = sudoku.analyse(board)
    assert analysis.count == Count(1)
    (solution,) = analysis.solutions
    assert all(solution[r][c] == board.grid[r][c] for r, c in board.givens) and not conflicts(Sudoku(solution))


def test_the_wikipedia_puzzle_has_its_published_answer():
    (solution,) = sudoku.analyse(sudoku.parse(WIKIPEDIA)).solutions
    assert "".join(str(v) for row in solution for v in row) == WIKIPEDIA_ANSWER


def test_a_work_budget_gives_the_same_lower_bound_every_time():
    board = sudoku.blank(16)
    runs = {sudoku.analyse(board, budget=Budget(work=500)).count for _ in range(2)}
    (count,) = runs
    assert not count.exact and 0 < count.value < sudoku.CAP


def test_a_cancelled_count_stops():
    with pytest.raises(Stopped):
        sudoku.analyse(sudoku.blank(9), should_stop=lambda: True)


def test_a_value_twice_in_a_unit_is_a_conflict_and_no_completion():
    board = sudoku.parse(WIKIPEDIA).with_cell((0, 2), 5)
    assert set(conflicts(board)) == {(0, 0), (0, 2)}
    analysis = sudoku.analyse(board)
    assert analysis.status == Status.CONTRADICTION and "5 stands twice in row 1" in analysis.hint


def test_candidates_are_the_values_no_peer_holds():
    analysis = sudoku.analyse(sudoku.parse(WIKIPEDIA))
    assert analysis.candidates[0][2] == (1, 2, 4) and analysis.candidates[0][0] == ()


# ---------------------------------------------------------------- Killer


def killer_4x4(rng: random.Random) -> Sudoku:
    """Cages of one to three cells (in reading order runs along rows) over a random 4x4 grid."""
    grid = rng.choice(brute_force(sudoku.blank(4)))
    cells, cages = [(r, c) for r in range(4) for c in range(4)], []
    while cells:
        size = rng.choice((1, 2, 2, 3))
        run = [cells.pop(0)]
        while (
            len(run) < size
            and cells
            and cells[0][0] == run[0][0]
            and grid[cells[0][0]][cells[0][1]] not in [grid[r][c] for r, c in run]
        ):
            run.append(cells.pop(0))
        cages.append(Cage(sum(grid[r][c] for r, c in run), tuple(run)))
    keep = rng.sample(range(len(cages)), k=len(cages) // 2)
    return Sudoku(sudoku.blank(4).grid, cages=tuple(cages[i] for i in sorted(keep)))


@pytest.mark.parametrize("seed", range(8))
def test_killer_cages_count_as_brute_force_does(seed):
    board = killer_4x4(random.Random(seed))
    assert counted(board) == (len(brute_force(board)), True)


def test_a_killer_cage_past_its_sum_is_a_conflict():
    board = sudoku.parse("." * 16 + "\ncage 3: r1c1 r1c2").with_cell((0, 0), 3)
    assert "adds up to 3" not in conflicts(board).get((0, 0), "")
    board = board.with_cell((0, 1), 1)
    assert conflicts(board)[(0, 0)] == "the cage of 3 adds up to 4"


def test_the_killer_example_has_no_givens_and_one_completion():
    board = sudoku.parse(examples("sudoku")["killer"])
    assert not board.givens and search(board, limit=2, keep=0, deadline=Deadline()).count == 1


# ---------------------------------------------------------------- check


def test_check_marks_only_the_wrong_entry():
    board = sudoku.parse(WIKIPEDIA)
    board = board.with_cell((0, 2), 4).with_cell((0, 3), 1)  # r1c3 = 4 is right, r1c4 = 1 is not (6)
    result = sudoku.check(board)
    assert [m.at for m in result.mistakes] == [(0, 3)] and result.tone == "bad"
    assert sudoku.check(board.with_cell((0, 3), 6)).tone == "good"


def test_check_on_a_board_of_several_completions_tries_each_entry_with_the_clues():
    board = sudoku.blank(4).with_cell((0, 0), 1)
    board = Sudoku(board.grid, frozenset({(0, 0)})).with_cell((1, 1), 1)  # 1 twice in box 1
    result = sudoku.check(board)
    assert [m.at for m in result.mistakes] == [(1, 1)]


# ---------------------------------------------------------------- the command line


def test_solve_steps_names_the_hardest_technique_in_text_and_json(capsys, tmp_path):
    path = tmp_path / "inkala.txt"
    path.write_text("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n")
    assert main(["solve", "sudoku", str(path), "--steps"]) == 0
    text = capsys.readouterr().out
    assert "[nested trial] Suppose " in text
    assert text.rstrip().endswith("Solved.\nHardest technique needed: nested trial.")
    assert "every way" not in text
    assert main(["solve", "sudoku", str(path), "--steps", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["count"] == 1 and report["hardest"] == "nested trial" and report["steps_ended"] == "solved"
    assert any(step["trial"] for step in report["steps"]) and len(report["solutions"][0]) == 9


def test_solve_refuses_a_bad_file_in_one_line(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1234\n34%2\n....\n....\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith("line 2, column 3: '%' is not a value (1..4) or a blank (. 0 _ - * x ?)")
    )
