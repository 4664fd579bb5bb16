"""Peg solitaire: the seed's triangle count, brute force on small boards, formats, symmetry."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from puzzles import peg
from puzzles.core import PuzzleError

# Sixteen pegs left, 20 moves into a winning European game from hole 9: late enough to count from here.
LATE_EUROPEAN = peg.parse(
    """board: european
    O O X
  O O O X X
X O X X X O O
X X O X O X X
O O X X O O O
  O O X X O
    O O O
"""
)


def brute_force(position: peg.Position) -> int:
    """Winning games by plain recursion over every move sequence (small boards only)."""
    moves = position.legal_moves()
    if not moves:
        one = bin(position.pegs).count("1") == 1
        return int(one and (position.finish is None or position.pegs == 1 << (position.finish - 1)))
    return sum(brute_force(position.play(m)) for m in moves)


def test_triangle5_every_start_wins_and_438984_games_in_all():
    found = peg.openings("triangle5")
    assert all(o.winnable for o in found) and len(found) == 15
    assert sum(o.games for o in found) == 438_984


@pytest.mark.parametrize("hole", range(1, 11))
def test_triangle4_counts_and_finishes_match_brute_force(hole):
    opening = peg.openings("triangle4")[hole - 1]
    assert opening.games == brute_force(peg.start("triangle4", hole))
    for finish, games in opening.finishes.items():
        position = peg.Position("triangle4", peg.start("triangle4", hole).pegs, finish)
        assert games == brute_force(position)


def test_every_move_is_annotated_with_its_games():
    position = peg.start("triangle5", 5)
    analysis = peg.analyse(position)
    assert analysis.count.value == sum(m.games for m in analysis.moves)
    for m in analysis.moves:
        assert m.games == peg.analyse(position.play(m.move)).count.value
    assert position.play_all(analysis.line).pegs.bit_count() == 1


def test_a_lost_position_says_so_at_once():
    position = peg.parse("board: triangle4\n   X\n  O O\n O O O\nX O O X\n")
    assert peg.analyse(position).verdict.startswith("No one-peg finish")


def test_survival_line_follows_the_game():
    position = peg.start("triangle5", 1)
    first = peg.analyse(position).moves[0]
    later = peg.analyse(position.play(first.move))
    assert later.survival == (29_760, first.games)


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        ("board: hexagon\n", 1, 8, "unknown board"),
        ("board: triangle4\n   X\n  X Q\n X X X\nX X X X\n", 3, 5, "'Q'"),
        ("board: triangle4\n   X\n  X X X\n X X X\nX X X X\n", 3, 1, "has 2 holes"),
        ("board: triangle4\n   X\n  X X\n", 3, 1, "4 rows"),
        ("   X\n", 1, 1, "board: NAME"),
    ],
)
def test_bad_positions_are_refused_with_line_and_column(text, line, column, message):
    with pytest.raises(PuzzleError, match=message) as caught:
        peg.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


@pytest.mark.parametrize("name", list(peg.BOARDS))
def test_positions_round_trip_and_boards_have_their_shapes(name):
    board = peg.BOARDS[name]
    assert (
        board.size
        == {
            "triangle4": 10,
            "triangle5": 15,
            "triangle6": 21,
            "triangle7": 28,
            "english": 33,
            "european": 37,
            "wiegleb": 45,
            "diamond": 41,
        }[name]
    )
    position = peg.start(name, board.center or 1)
    assert peg.parse(peg.format(position)) == position
    for symmetry in peg.symmetries(name):
        assert sorted(symmetry.values()) == list(range(1, board.size + 1))


@given(st.text(alphabet="XO. \nboard:triangle45", max_size=80))
def test_any_text_parses_or_is_refused(text):
    try:
        peg.parse(text)
    except PuzzleError:
        pass


def test_cli_openings_and_count(capsys):
    assert main(["peg", "count", "triangle5", "--start", "1", "--json"]) == 0
    assert capsys.readouterr().out.strip() == '{"games": 29760}'
    assert main(["peg", "count", "triangle5", "--start", "1", "--finish", "13", "--json"]) == 0
    assert capsys.readouterr().out.strip() == '{"games": 16128}'
    assert main(["peg", "openings", "triangle4", "--json"]) == 0
    assert '"board": "triangle4"' in capsys.readouterr().out
    assert main(["peg", "count", "triangle5", "--start", "center"]) == 2


def test_position_classes_never_rule_out_a_real_finish():
    for opening in peg.openings("triangle5"):
        allowed = peg.reachable_finishes(peg.start("triangle5", opening.hole))
        assert set(opening.finishes) <= set(allowed)


def test_the_european_centre_start_is_refused_by_its_class_at_once():
    analysis = peg.analyse(peg.start("european", peg.BOARDS["european"].center))
    assert analysis.count.value == 0 and "class" in analysis.verdict
    assert peg.reachable_finishes(peg.start("english", 17)) == [2, 14, 17, 20, 32]


@pytest.mark.parametrize("name", ["triangle5", "triangle6"])
def test_bells_table_agrees_with_counting_from_the_start(name):
    """Every start hole, its finish there: the table's games and per-move games equal the plain count."""
    for hole in range(1, peg.BOARDS[name].size + 1):
        known = peg.win_table(name, hole)
        position = peg.Position(name, peg.start(name, hole).pegs, hole)
        counted = peg.analyse(position)
        assert known.games(position.pegs) == counted.count.value
        assert [(m.move, m.games) for m in peg.analyse(position, known=known).moves] == [
            (m.move, m.games) for m in counted.moves
        ]


def test_bells_table_keeps_only_reachable_winnable_positions():
    """triangle4 from hole 1: each stored position is reachable and wins, checked by brute force."""
    known = peg.win_table("triangle4", 1)
    for pegs, layer in enumerate(known.layers):
        for bits, wins in zip(layer.tolist(), known.wins[pegs].tolist(), strict=True):
            assert wins == brute_force(peg.Position("triangle4", bits, 1)) > 0


def test_the_table_answers_only_for_its_own_game_and_round_trips():
    known = peg.win_table("triangle5", 13)
    game = peg.start("triangle5", 13).play((4, 8, 13))
    assert known.covers(game) and not known.covers(peg.start("triangle5", 1))
    assert not known.covers(peg.Position("triangle5", game.pegs, 1, game.played))
    analysis = peg.analyse(game, known=known)
    assert "table" in analysis.source and analysis.survival[0] == known.games(peg.start("triangle5", 13).pegs)
    back = peg.WinTable.from_arrays("triangle5", known.arrays())
    assert back.games(game.pegs) == known.games(game.pegs) > 0
    with pytest.raises(PuzzleError, match="not a triangle5 table"):
        peg.WinTable.from_arrays("triangle5", {"hole": known.arrays()["hole"]})


@pytest.mark.slow
def test_english_centre_to_centre_is_bells_count():
    known = peg.win_table("english", 17)
    assert known.games(peg.start("english", 17).pegs) == 40_861_647_040_079_968
    assert known.size == 1_679_072


# ---------------------------------------------------------------- the pruned search, where counting is too big


def played_out(position: peg.Position, choices: list[int]) -> peg.Position:
    """The position after playing the chosen legal moves (each index taken modulo the moves there)."""
    for choice in choices:
        legal = position.legal_moves()
        if not legal:
            break
        position = position.play(legal[choice % len(legal)])
    return position


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["triangle5", "triangle6"]),
    st.integers(1, 21),
    st.lists(st.integers(0, 20), max_size=8),
)
def test_the_search_agrees_with_counting_on_small_boards(name, hole, choices):
    """Every move the search decides is decided as the count says, and on small boards it decides all."""
    position = played_out(peg.start(name, (hole - 1) % peg.BOARDS[name].size + 1), choices)
    if not peg.reachable_finishes(position):
        return  # the class test answers before any search
    counted = {m.move: m.games for m in peg.analyse(position).moves}
    searched = peg.searched(position)
    assert {m.move: bool(m.games) for m in searched.moves} == {move: bool(n) for move, n in counted.items()}
    assert all(m.decided for m in searched.moves)
    if searched.line:
        assert position.play_all(searched.line).pegs.bit_count() == 1


def test_the_european_board_is_searched_and_its_line_wins():
    position = peg.start("european", 1)
    analysis = peg.analyse(position)
    assert analysis.source == peg.SEARCHED and not analysis.count.exact
    assert [str(m) for m in analysis.moves] == ["≥1", "≥1"]
    last = position.play_all(analysis.line)
    assert last.pegs.bit_count() == 1 and last.pegs.bit_length() in peg.reachable_finishes(position)


def test_late_in_a_european_game_losses_are_proved_and_agree_with_counting():
    """Sixteen pegs left: counting from there is small enough to check the search."""
    position = LATE_EUROPEAN
    counted = peg.analyse(position)
    assert counted.count.exact and counted.count.value == 4_685_823
    searched = peg.searched(position)
    assert {m.move: m.games > 0 for m in searched.moves} == {m.move: m.games > 0 for m in counted.moves}
    assert all(m.decided for m in searched.moves) and not all(m.games for m in counted.moves)


def test_big_board_openings_say_which_starts_win_and_where():
    assert peg.searched_opening("european", 1, peg.never).finishes == {3: 1, 17: 1, 20: 1, 37: 1}
    assert not peg.searched_opening("european", 19, peg.never).winnable  # the centre: no finish in its class
    english = peg.searched_opening("english", 1, peg.never)
    assert english.finishes == {1: 1, 16: 1, 19: 1, 31: 1} and not english.exact and not english.unsettled


def test_cli_count_refuses_to_guess_where_it_can_only_search(capsys, monkeypatch):
    monkeypatch.setattr(peg, "COUNT_LAYER", 1_000)  # the real limit takes 15 s to reach from this start
    assert main(["peg", "count", "english", "--start", "1"]) == 2
    assert "too many games to count from hole 1; a winning game exists" in capsys.readouterr().err


def test_without_a_budget_moves_the_search_leaves_open_are_counted(monkeypatch):
    """With no effort to spend every move is undecided; patience then counts each one outright."""
    position = LATE_EUROPEAN
    monkeypatch.setattr(peg.search, "EFFORTS", ())
    live, patient = peg.searched(position), peg.searched(position, budget=None)
    assert not any(m.decided for m in live.moves) and live.verdict.startswith("No winning line found")
    assert {m.move: m.games for m in patient.moves} == {m.move: m.games for m in peg.analyse(position).moves}
    assert patient.count.exact and position.play_all(patient.line).pegs.bit_count() == 1


def test_openings_too_big_to_count_are_searched_and_agree_with_the_counts():
    """triangle5 with room for ten positions a layer: every start is searched instead, and tells the same story."""
    counted, searched = peg.openings("triangle5"), peg.openings("triangle5", limit=10)
    for exact, found in zip(counted, searched, strict=True):
        assert not found.exact and found.winnable == exact.winnable
        assert set(found.finishes) <= set(exact.finishes) <= set(found.finishes) | set(found.unsettled)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=2, max_size=40), st.data())
def test_the_beam_keeps_the_lowest_scores_and_breaks_ties_by_position(scores, data):
    """What numpy's selection algorithm does with ties must not change which positions the beam keeps."""
    width = data.draw(st.integers(1, len(scores) - 1))
    kept = peg.most_promising(np.array(scores, dtype=float), width)
    assert sorted(kept.tolist()) == sorted(sorted(range(len(scores)), key=lambda i: (scores[i], i))[:width])
