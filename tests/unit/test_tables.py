"""Bell's tables in the cache: built once, read back, a damaged file moved aside."""

import json

import pytest

from assistant import tables
from assistant.cli import main
from puzzles import peg
from puzzles.core import PuzzleError


def test_a_built_table_is_read_back_from_the_cache():
    assert tables.load_table("triangle5", 13) is None
    built = tables.build_table("triangle5", 13)
    again = tables.load_table("triangle5", 13)
    start = peg.start("triangle5", 13).pegs
    assert again is not None and again.games(start) == built.games(start) > 0


@pytest.mark.parametrize("hole", [13, None])  # Bell's table, the bitset of winnable positions
@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_table_is_moved_aside_with_a_message(hole, damage):
    tables.build_table("triangle5", hole)
    path = tables.table_file("triangle5", hole)
    whole = path.read_bytes()
    path.write_bytes(b"not a table" if damage == "garbage" else whole[: len(whole) // 2])
    with pytest.raises(PuzzleError, match="moved aside"):
        tables.load_table("triangle5", hole)
    assert not path.exists() and path.with_name(path.name + ".unreadable").exists()


def test_only_the_centre_game_of_the_english_board_has_a_table():
    assert tables.BIG_BOARDS == {"english": peg.BOARDS["english"].center}  # written out in tables.py
    assert tables.table_for(peg.start("english", 17)) == ("english", 17)
    assert tables.table_for(peg.start("english", 1)) is None
    assert tables.table_for(peg.start("triangle5", 1)) is None


def test_cli_count_on_english_asks_for_the_finish(capsys):
    assert main(["peg", "count", "english", "--start", "center"]) == 2
    assert "add --finish 17" in capsys.readouterr().err


def test_peg_build_is_a_no_op_where_no_table_is_needed(capsys):
    assert main(["peg", "build", "triangle5"]) == 0
    assert "no table to build" in capsys.readouterr().out


def test_peg_build_builds_a_missing_table_of_winnable_positions_once(capsys, monkeypatch):
    monkeypatch.setattr(tables, "WINNABLE_BOARDS", ("triangle5",))
    layered = tables.table_file("triangle5", None).with_suffix(".npz")  # the kind of table built before
    layered.parent.mkdir(parents=True)
    layered.write_bytes(b"an old table")
    assert main(["peg", "build", "triangle5"]) == 0
    assert not layered.exists()
    assert "triangle5-winnable.npy: 4,645 positions reached" in capsys.readouterr().out.replace("\n", "")
    table = tables.load_table("triangle5", None)
    assert table is not None and table.wins(peg.start("triangle5", 5).pegs)
    assert main(["peg", "build", "triangle5"]) == 0
    assert "already built" in capsys.readouterr().out


def test_peg_build_every_start_sweeps_the_hopeless_starts_too(capsys, monkeypatch):
    """triangle4 has hopeless starts: the table swept from them too replaces the first one, once."""
    monkeypatch.setattr(tables, "WINNABLE_BOARDS", ("triangle4",))
    assert main(["peg", "build", "triangle4"]) == 0
    first = tables.load_table("triangle4", None)
    assert first is not None and not first.every_start
    assert main(["peg", "build", "triangle4", "--every-start"]) == 0
    assert "positions reached from every start" in capsys.readouterr().out.replace("\n", "")
    every = tables.load_table("triangle4", None)
    assert every is not None and every.every_start and every.size > first.size
    assert main(["peg", "build", "triangle4", "--every-start"]) == 0
    assert "already built" in capsys.readouterr().out


def test_solve_peg_answers_from_the_cached_table_of_winnable_positions(capsys, monkeypatch, tmp_path):
    """Nothing counted or searched: every move is undecided until `peg build`, then every move is settled.

    A file keeps the position, not the game that led there, but the table
    decides it all the same: its class allows only finishes whose start is
    winnable, so a miss is a loss (`WinnableTable.decides`)."""
    monkeypatch.setattr(tables, "WINNABLE_BOARDS", ("triangle5",))
    monkeypatch.setattr(peg.analysis, "LIVE_LAYER", 10)
    monkeypatch.setattr(peg.analysis, "SETTLED_LAYER", 10)
    monkeypatch.setattr(peg.search, "EFFORTS", ())
    state = peg.start("triangle5", 5).play((14, 9, 5))
    path = tmp_path / "game.txt"
    path.write_text(peg.format(state))

    def moves() -> dict[tuple[int, int, int], str]:
        capsys.readouterr()
        assert main(["solve", "peg", str(path), "--json"]) == 0
        found = json.loads(capsys.readouterr().out)["moves"]
        return {
            (m["from"], m["over"], m["to"]): "?" if not m["exact"] and not m["games"] else m["games"] for m in found
        }

    assert set(moves().values()) == {"?"}
    assert main(["peg", "build", "triangle5"]) == 0
    games = peg.count_games(state).games
    settled = moves()
    assert settled == {move: 1 if games(state.play(move).pegs) else 0 for move in state.legal_moves()}
    assert set(settled.values()) == {0, 1}  # wins kept and losses proved
