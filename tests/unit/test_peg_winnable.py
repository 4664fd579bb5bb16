"""The table of winnable positions against exhaustive counts, and the moves it settles."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings

from puzzles import peg
from puzzles.core import Budget, PuzzleError
from puzzles.peg.board import jump_bits
from puzzles.peg.classes import position_class
from puzzles.peg.search import searched
from puzzles.peg.winnable import layout, swept_starts
from tests.unit.test_peg_boards import SMALL, drawings

BOARDS = {
    "triangle4": "triangle4",
    "triangle5": "triangle5",
    "4x4 square": peg.parse(SMALL["4x4 square"]).board,
    "plus": peg.parse(SMALL["plus"]).board,
    "hexagon": peg.parse(SMALL["hexagon"]).board,
    "5x3 square": peg.parse("board: square\nX X X X X\nX X X X X\nX X X X O\n").board,
}


@pytest.fixture(scope="module")
def triangle5() -> peg.WinnableTable:
    return peg.winnable_table("triangle5")


def winnable_positions(name: str) -> bytearray:
    """For every bitboard of the board, whether it can end with one peg: fewest pegs first, a move to a winner wins."""
    size, jumps = peg.BOARDS[name].size, jump_bits(name)
    wins = bytearray(1 << size)
    for pegs in sorted(range(1, 1 << size), key=int.bit_count):
        wins[pegs] = pegs.bit_count() == 1 or any(
            pegs & need == need and not pegs & empty and wins[pegs ^ flip] for need, empty, flip in jumps
        )
    return wins


def reachable_positions(name: str) -> set[int]:
    """Every position of every game from a start whose class allows a finish, by exhaustive count."""
    found: set[int] = set()
    for hole in range(1, peg.BOARDS[name].size + 1):
        if peg.reachable_finishes(peg.start(name, hole)):
            for layer in peg.count_games(peg.start(name, hole)).layers:
                found.update(layer.tolist())
    return found


def check_against_brute_force(name: str) -> None:
    """A hit proves a win for any position at all; where the table decides, history or none, a miss a loss.

    It decides every position of a game from a start, and nothing it does not decide could be
    settled by it: each class it leaves has a winnable position it misses.
    """
    table, wins = peg.winnable_table(name), winnable_positions(name)
    everything = range(1 << peg.BOARDS[name].size)
    assert all(wins[pegs] for pegs in everything if table.wins(pegs))
    decided = {pegs for pegs in everything if table.decides(peg.Position(name, pegs))}
    assert all(table.wins(pegs) == wins[pegs] for pegs in decided)
    assert reachable_positions(name) <= decided
    left = {position_class(name, pegs) for pegs in everything if pegs not in decided}
    assert left == {position_class(name, pegs) for pegs in everything if pegs not in decided and wins[pegs]}


@pytest.mark.parametrize("name", BOARDS)
def test_the_table_agrees_with_brute_force_on_small_boards(name):
    check_against_brute_force(BOARDS[name])


@settings(max_examples=25, deadline=None)
@given(drawings())
def test_the_table_agrees_with_brute_force_on_random_drawn_boards(text):
    check_against_brute_force(peg.parse(text).board)


def test_a_class_is_indexed_by_its_free_holes(triangle5):
    """Each check names one pivot; every position of a class has its own bit, so the index is one-to-one."""
    shape = layout("triangle5")
    assert len(shape.pivots) + len(shape.free) == 15
    for check, pivot in zip(shape.checks, shape.pivots, strict=True):
        assert [check >> p & 1 for p in shape.pivots] == [int(p == pivot) for p in shape.pivots]
    by_class: dict[tuple[int, ...], set[int]] = {}
    for pegs in range(1 << 15):
        by_class.setdefault(shape.class_of(pegs), set()).add(shape.index(pegs))
    assert all(len(indices) == 1 << len(shape.free) for indices in by_class.values())


def test_searched_moves_settled_by_the_table_match_the_counts(triangle5):
    """Every move of a random triangle5 game: ≥1 where the count is positive, 0 where it is zero."""
    rng = np.random.default_rng(19)
    position = peg.start("triangle5", 5)
    while position.legal_moves():
        counted = peg.analyse(position)
        found = searched(position, budget=Budget(work=1), table=triangle5)
        games = {m.move: m.games for m in counted.moves}
        assert {m.move: (m.games > 0, m.exact) for m in found.moves} == {
            move: (n > 0, n == 0) for move, n in games.items()
        }
        assert found.count.value == 0 or found.line[0] in games and games[found.line[0]] > 0
        moves = position.legal_moves()
        position = position.play(moves[rng.integers(len(moves))])


@pytest.mark.parametrize("name", ["triangle4", "plus"])
def test_every_position_the_table_decides_has_every_move_settled_as_brute_force_says(name):
    """Every position of the board, as from a file (no history): where the table decides, every move is
    settled with no search at all; elsewhere the moves the search settles are right too."""
    board = BOARDS[name]
    table, wins = peg.winnable_table(board), winnable_positions(board)
    for pegs in range(1 << peg.BOARDS[board].size):
        position = peg.Position(board, pegs)
        found = searched(position, budget=Budget(work=1), table=table)
        assert all(m.keeps_win == wins[position.play(m.move).pegs] for m in found.moves if m.decided)
        if table.decides(position):
            assert all(m.decided for m in found.moves)


HOPELESS_ONLY = """board: european
    O X X
  O X X X X
X X X X X X X
X X X X X X X
X X X X X X X
  X X X X X
    X X X
"""


def test_a_file_position_is_decided_unless_it_can_only_end_where_a_start_is_hopeless():
    """Where every start can win (English), every position, history or none.  On the European board not a
    position that can only end in holes whose start cannot (no start reaches it).  Deciding reads no bits."""
    english, european = (peg.WinnableTable(name, np.zeros((0, 0), dtype=np.uint64)) for name in ("english", "european"))
    full = peg.BOARDS["english"].full
    assert all(english.decides(peg.Position("english", full ^ (1 << a | 1 << b))) for a in range(33) for b in range(a))
    hopeless_only = peg.parse(HOPELESS_ONLY)
    assert peg.reachable_finishes(hopeless_only) == [10, 13, 30, 33]
    assert not any(peg.reachable_finishes(peg.start("european", h)) for h in (10, 13, 30, 33))
    assert not european.decides(hopeless_only)
    first = peg.start("european", 1)
    assert european.decides(replace(first.play(first.legal_moves()[0]), played=()))  # from a file: history gone


@pytest.mark.parametrize("name", ["triangle4", "4x4 square", "plus", "hexagon"])  # boards with hopeless starts
def test_a_table_swept_from_every_start_decides_every_position(name, tmp_path):
    """Hopeless starts too: then a hit is a win and a miss a loss for every position of the board."""
    board = BOARDS[name]
    table, wins = peg.winnable_table(board, every_start=True), winnable_positions(board)
    assert table.bits.shape[0] > peg.winnable_table(board).bits.shape[0]
    everything = range(1 << peg.BOARDS[board].size)
    assert all(table.wins(pegs) == wins[pegs] and table.decides(peg.Position(board, pegs)) for pegs in everything)
    np.save(tmp_path / "table.npy", table.bits)
    assert peg.WinnableTable.from_bits(board, np.load(tmp_path / "table.npy")).every_start


EARLY_TRIANGLE7 = """board: triangle7
      X
     X X
    X X O
   X X X X
  X X X X X
 X X X O X X
X X X O X X X
"""


def test_a_file_position_the_search_leaves_undecided_is_decided_by_a_table_swept_from_every_start():
    """It can only end in holes whose start is hopeless: no start reaches it, the winnable starts' table cannot
    tell, and four moves stay ?.  Swept from every start, the table settles them all."""
    position, budget = peg.parse(EARLY_TRIANGLE7), Budget(work=1)
    assert not peg.WinnableTable("triangle7", np.zeros((0, 0), dtype=np.uint64)).decides(position)
    alone = searched(position, budget=budget)
    assert sum(not m.decided for m in alone.moves) == 4
    settled = searched(position, budget=budget, table=peg.winnable_table("triangle7", every_start=True))
    assert all(m.decided for m in settled.moves) and settled.source.startswith("Settled by the cached")
    assert all(m.keeps_win for m in alone.moves if m.decided) and all(m.keeps_win for m in settled.moves)


def test_a_winning_line_from_the_table_reaches_one_peg(triangle5):
    position = peg.start("triangle5", 1)
    found = searched(position, budget=Budget(work=1), table=triangle5)
    assert position.play_all(found.line).pegs.bit_count() == 1


def test_the_table_survives_its_file_format(triangle5, tmp_path):
    np.save(tmp_path / "table.npy", triangle5.bits)
    again = peg.WinnableTable.from_bits("triangle5", np.load(tmp_path / "table.npy", mmap_mode="r"))
    assert again.size == triangle5.size and all(again.wins(p) == triangle5.wins(p) for p in range(1 << 15))
    with pytest.raises(PuzzleError, match="not a triangle5 table"):
        peg.WinnableTable.from_bits("triangle5", triangle5.bits[:, :0])
    with pytest.raises(PuzzleError, match="a start is missing"):
        peg.WinnableTable.from_bits("triangle5", np.zeros_like(triangle5.bits))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["english", "european"])  # builds of 23 s and 2 minutes
def test_on_the_big_boards_the_table_agrees_with_every_move_the_search_settles(name):
    """Random games from every winnable start: where the search proves a win or a loss, the table says the same."""
    table, rng = peg.winnable_table(name), np.random.default_rng(5)
    settled = 0
    for pegs in swept_starts(name, every_start=False):
        position = peg.Position(name, pegs)
        while moves := position.legal_moves():
            if position.pegs.bit_count() <= 24:
                for m in searched(position, budget=Budget(work=20_000)).moves:
                    if m.decided:
                        assert table.wins(position.play(m.move).pegs) == m.keeps_win, (position, m)
                        settled += 1
            position = position.play(moves[rng.integers(len(moves))])
    assert settled > 100
