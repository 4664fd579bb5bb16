"""Jodici and the magic board: seed answers, brute force on small cases, formats, refusals."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import jodici, magic
from puzzles.core import Budget, Deadline, PuzzleError
from puzzles.examples import examples
from puzzles.magic import witness
from puzzles.magic.witness import built
from puzzles.numbergrid import EMPTY

JODICI = jodici.parse(examples("jodici")["seed"])
MAGIC = magic.parse(examples("magic")["seed"])


def test_jodici_seed_has_the_reference_answer():
    analysis = jodici.analyse(JODICI)
    assert analysis.status == "unique"
    assert analysis.solutions == (((3, 7, 5, 8, 4, 3), (6, 1, 1, 5, 9, 8), (6, 7, 9, 2, 2, 4)),)


def jodici_brute_force(board):
    """Completions by trying every digit in every empty cell: only for nearly full boards."""
    empties = [(r, c) for r in range(3) for c in range(6) if board.grid[r][c] == EMPTY]
    found = []
    for values in itertools.product(range(1, 10), repeat=len(empties)):
        grid = [list(row) for row in board.grid]
        for (r, c), v in zip(empties, values):
            grid[r][c] = v
        flat = [v for row in grid for v in row]
        if (
            all(flat.count(d) == 2 for d in range(1, 10))
            and all(sum(row) == 30 for row in grid)
            and all(sum(col) == 15 for col in zip(*grid))
        ):
            found.append(tuple(map(tuple, grid)))
    return found


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 4))
def test_jodici_counts_and_candidates_match_brute_force(rng, holes):
    solution = [list(row) for row in jodici.analyse(jodici.blank(), limit=40).solutions[rng.randrange(40)]]
    for r, c in rng.sample([(r, c) for r in range(3) for c in range(6)], holes):
        solution[r][c] = EMPTY
    board = jodici.Jodici(tuple(map(tuple, solution)))
    truth = jodici_brute_force(board)
    analysis = jodici.analyse(board, limit=100)
    assert analysis.count.value == len(truth)
    assert set(analysis.solutions) == set(truth)
    for r, c in [(r, c) for r in range(3) for c in range(6) if board.grid[r][c] == EMPTY]:
        assert set(analysis.candidates[r][c]) == {g[r][c] for g in truth}


def test_jodici_empty_board_count():
    assert jodici.analyse(jodici.blank(), limit=1).count.value == 318_600


def test_magic_seed_has_the_reference_answer():
    analysis = magic.analyse(MAGIC, budget=None)
    assert analysis.status == "unique"
    assert analysis.solutions[0] == (
        (28, 24, 6, 12, 15),
        (13, 7, 25, 17, 23),
        (8, 26, 19, 5, 27),
        (20, 18, 14, 22, 11),
        (16, 10, 21, 29, 9),
    )


def test_magic_3x3_brute_force():
    squares = [
        p
        for p in itertools.permutations(range(1, 10))
        if all(sum(p[3 * r : 3 * r + 3]) == 15 for r in range(3))
        and all(sum(p[c::3]) == 15 for c in range(3))
        and p[0] + p[4] + p[8] == 15
        and p[2] + p[4] + p[6] == 15
    ]
    analysis = magic.analyse(magic.blank(3), budget=None, limit=100)
    assert analysis.count.value == len(squares) == 8
    assert {tuple(v for row in g for v in row) for g in analysis.solutions} == set(squares)
    assert analysis.candidates[1][1] == (5,)


def completes(board: magic.Magic, grid) -> bool:
    """Whether `grid` fills `board`: its printed values kept, each value once within the range, every line's sum."""
    values = [v for row in grid for v in row]
    return (
        len(set(values)) == len(values)
        and all(board.low <= v <= board.high for v in values)
        and all(sum(grid[r][c] for r, c in cells) == board.total for _, cells in magic.lines_of(board.n))
        and all(v in (EMPTY, grid[r][c]) for r, row in enumerate(board.grid) for c, v in enumerate(row))
    )


def test_magic_an_empty_8x8_over_1_to_64_shows_a_completion_where_the_search_finds_none_in_its_budget():
    board = magic.blank(8)
    analysis = magic.analyse(board)
    assert (analysis.count.value, analysis.count.exact, analysis.headline) == (
        1,
        False,
        "1 completion found, unknown whether unique",
    )
    (grid,) = analysis.solutions
    assert completes(board, grid)
    assert built(board, Deadline(Budget(work=0))) is None, "within no share at all, nothing is claimed"


WIDER = "range: 1..100 sum: 64\n" + "_ _ _ _\n" * 4  # 2·(v - 1) + 1 of a square of 1..16


@pytest.mark.parametrize("text", [f"{'_ ' * n}\n" * n for n in range(3, 9)] + [WIDER])
def test_magic_every_side_and_a_wider_range_has_a_classic_square(text):
    board = magic.parse(text)
    grid = built(board, Deadline(Budget(work=1_000)))
    assert grid is not None and completes(board, grid)


def test_magic_two_printed_values_of_any_3x3_square_are_completed_to_it_and_no_others_are():
    """The 8 squares of 1..9 are one square turned and mirrored: any two of its values are met by moving it."""
    squares = {g for g in magic.analyse(magic.blank(3), budget=None, limit=8).solutions}
    for square in squares:
        for (a, b), (c, d) in itertools.combinations(itertools.product(range(3), repeat=2), 2):
            board = magic.blank(3).with_cell((a, b), square[a][b]).with_cell((c, d), square[c][d])
            assert built(board, Deadline(Budget(work=100))) in squares
    for v, w in itertools.permutations(range(1, 10), 2):  # every pair in the top corner and beside it: most fit none
        board = magic.blank(3).with_cell((0, 0), v).with_cell((0, 1), w)
        fits = [g for g in squares if (g[0][0], g[0][1]) == (v, w)]
        assert built(board, Deadline(Budget(work=100))) in (fits or [None])


BLANKED = """\
__ __ __ __ 17
__ __ 14  2 23
19 22 __ 15  1
 9 18 __ __ __
__  4 25  3 __
"""  # twelve cells blanked from a 5x5 square no turn, complement or reordering of a classic one reaches
SPARSE = """\
_ _ _ _ _
_ _ 4 1 _
_ _ _ _ _
_ _ _ _ _
_ _ _ _ _
"""  # 4 beside 1: in no classic 5x5 square moved


def test_magic_printed_values_no_classic_square_meets_are_met_by_repairing_one():
    board = magic.parse(BLANKED)
    printed = {(r, c): v for r, row in enumerate(board.grid) for c, v in enumerate(row) if v}
    assert witness.moved(board, printed, Deadline(Budget(work=20_000))) is None
    grid = built(board, Deadline(Budget(work=20_000)))
    assert grid is not None and completes(board, grid)
    assert built(board, Deadline(Budget(work=20_000))) == grid, "seeded: the same board, the same completion"


def test_magic_a_sparse_board_the_count_runs_out_on_says_at_least_1_with_a_repaired_square():
    board = magic.parse(SPARSE)
    analysis = magic.analyse(board, budget=Budget(work=500))
    assert (analysis.count.value, analysis.count.exact) == (1, False)
    assert completes(board, analysis.solutions[0])


def test_magic_4x4_counted_with_1_in_a_corner_on_a_side_and_in_the_middle_make_frenicles_7040():
    """--count (budget None) on the three kinds of cell 1 can stand in: 4 corners, 8 side cells, 4 middle ones."""
    cells = ((0, 0), (0, 1), (1, 1))
    counts = [magic.analyse(magic.blank(4).with_cell(cell, 1), budget=None, limit=0).count for cell in cells]
    assert all(count.exact for count in counts)
    corner, side, middle = (count.value for count in counts)
    assert 4 * corner + 8 * side + 4 * middle == 7040
    assert not magic.analyse(magic.blank(4).with_cell((0, 1), 1), budget=Budget(work=20_000), limit=0).count.exact


def test_magic_budget_gives_a_lower_bound():
    analysis = magic.analyse(magic.blank(5), budget=Budget(work=2_000))
    assert not analysis.count.exact
    assert analysis.status in {"several", "unknown"}


@pytest.mark.parametrize(
    "module, text, line, column, message",
    [
        (jodici, "1,2,3,4,5,6\n1,2,3\n_,_,_,_,_,_\n", 2, 1, "3 cells"),
        (jodici, "1,2,3,4,5,6\n1,2,3,4,5,y\n_,_,_,_,_,_\n", 2, 11, "'y' is not a number"),
        (jodici, "1,2,3,4,5,6\n", 1, 1, "3 rings"),
        (magic, "range: 5..12 sum: 85\n_ _ _\n_ _ _\n_ _ _\n", 1, 8, "needs 9"),
        (magic, "range: 5..29 sum: 80\n" + "_ " * 5 + "\n" + ("_ _ _ _ _\n" * 4), 1, 19, "must sum to 85"),
        (magic, "_ _ _\n_ _ _\n_ _ _\n_ _ _\n", 4, 1, "square"),
    ],
)
def test_bad_files_are_refused_with_line_and_column(module, text, line, column, message):
    with pytest.raises(PuzzleError, match=message) as caught:
        module.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_formats_round_trip():
    assert jodici.parse(jodici.format(JODICI)).grid == JODICI.grid
    again = magic.parse(magic.format(MAGIC))
    assert (again.grid, again.low, again.high, again.total) == (MAGIC.grid, 5, 29, 85)


@given(st.text(alphabet="0123456789 _-,\n.:rangesum", max_size=80))
def test_any_text_parses_or_is_refused(text):
    for module in (jodici, magic):
        try:
            module.parse(text)
        except PuzzleError:
            pass


def test_conflicts_and_hints_speak_plainly():
    twice = JODICI.with_cell((1, 0), 3).with_cell((2, 1), 3)
    assert "3 is used 3 times" in jodici.analyse(twice).hint
    assert "12 is outside 1..9" in magic.analyse(magic.parse("_ _ _\n_ 12 _\n_ _ _\n")).hint
    one_left = magic.Magic(((2, 7, 6), (9, 5, 1), (4, 3, EMPTY)), 1, 9, 15)
    assert magic.solve(one_left).analysis.hint.startswith("r3c3 must be 8: row 3 needs 8 more")
