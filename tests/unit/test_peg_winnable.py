"""The table of winnable positions against exhaustive counts, and the moves it settles."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles import peg
from puzzles.core import Budget, PuzzleError
from puzzles.peg.search import searched


@pytest.fixture(scope="module")
def triangle5() -> peg.WinnableTable:
    return peg.winnable_table("triangle5")


def reachable_positions(name: str):
    """(position, games to a one-peg finish anywhere) for every position of every start, by exhaustive count."""
    for hole in range(1, peg.BOARDS[name].size + 1):
        counts = peg.count_games(peg.start(name, hole))
        for layer, wins in zip(counts.layers, counts.wins, strict=True):
            yield from zip(layer.tolist(), wins.tolist())


@pytest.mark.parametrize("name", ["triangle4", "triangle5"])  # an even and an odd number of holes
def test_the_table_agrees_with_exhaustive_counts_on_every_reachable_position(name):
    table = peg.winnable_table(name)
    known = [(pegs, games) for pegs, games in reachable_positions(name) if table.knows(pegs)]
    assert len(known) > 100 and any(games for _, games in known) and not all(games for _, games in known)
    assert all(table.wins(pegs) == (games > 0) for pegs, games in known)


def test_the_table_keeps_half_the_pegs_and_up(triangle5):
    assert triangle5.floor == 8
    assert not triangle5.knows(0b1111111)  # seven pegs: below the table
    assert all(len(layer) == 0 for layer in triangle5.layers[: triangle5.floor])


def test_searched_moves_settled_by_the_table_match_the_counts(triangle5):
    """Every move of a random triangle5 game: ≥1 where the count is positive, 0 where it is zero."""
    rng = np.random.default_rng(19)
    position = peg.start("triangle5", 5)
    while position.pegs.bit_count() > triangle5.floor + 1:
        counted = peg.analyse(position)
        found = searched(position, budget=Budget(work=1), table=triangle5)
        games = {m.move: m.games for m in counted.moves}
        assert {m.move: (m.games > 0, m.exact) for m in found.moves} == {
            move: (n > 0, n == 0) for move, n in games.items()
        }
        assert found.count.value == 0 or found.line[0] in games and games[found.line[0]] > 0
        moves = position.legal_moves()
        position = position.play(moves[rng.integers(len(moves))])


def test_a_miss_proves_a_loss_only_for_a_game_begun_at_a_start(triangle5):
    drawn = peg.Position("triangle5", peg.start("triangle5", 1).pegs & ~0b110)  # not a start, no moves played
    assert not triangle5.decides(drawn)
    assert triangle5.decides(peg.start("triangle5", 1).play((4, 2, 1)))


def test_a_winning_line_from_the_table_reaches_one_peg(triangle5):
    position = peg.start("triangle5", 1)
    found = searched(position, budget=Budget(work=1), table=triangle5)
    assert position.play_all(found.line).pegs.bit_count() == 1


def test_the_table_survives_its_file_format(triangle5):
    again = peg.WinnableTable.from_arrays("triangle5", triangle5.arrays())
    assert again.floor == triangle5.floor and all(map(np.array_equal, again.layers, triangle5.layers))
    with pytest.raises(PuzzleError, match="not a triangle5 table"):
        peg.WinnableTable.from_arrays("triangle5", {"floor": np.array([99])})
