"""The peg solitaire screen: pick a peg, jump, read the annotations and the survival line."""

import io

import pytest
from rich.console import Console
from textual.widgets import ContentSwitcher, ProgressBar, Static

from assistant import tables
from assistant.app import PuzzleAssistant
from assistant.widgets.peg_board import PegBoard
from puzzles import peg
from tests.conftest import headline, ready_for_snapshot
from tests.unit.test_peg import LATE_EUROPEAN


async def test_play_a_move_by_keys_and_undo(settle):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "29,760 winning games"
        board = app.screen.query_one(PegBoard)
        board.cursor = 4
        await pilot.press("enter")  # pick up the peg at 4
        assert board.targets == {1: True}
        board.cursor = 1
        await pilot.press("enter")  # jump 4 over 2 into 1
        await settle(pilot)
        assert app.screen.state.played == ((4, 2, 1),)
        assert "29,760 → 14,880" in str(app.screen.query_one("#survival", Static).render())
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen.state.played == ()


@pytest.mark.parametrize("key", ["h", "f4"])
async def test_h_and_f4_both_give_the_hint(key, settle):
    """f4 is the hint on every screen; here it is h's: the move that keeps the most games, its peg picked up."""
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        a, _, c = app.screen.analysis.moves[0].move
        assert (app.screen.picked, app.screen.query_one(PegBoard).cursor) == (a, c)
        assert [n.message for n in app._notifications if n.message.startswith(f"Jump {a} over")]
        await pilot.press(key, key)
        await pilot.pause()
        assert len([n for n in app._notifications if n.message.startswith("Jump")]) == 1, "asked again: one hint shown"


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="peg"), terminal_size=(80, 24), run_before=ready_for_snapshot)


async def test_a_big_board_table_is_built_on_request_then_answers(settle, monkeypatch):
    """The English flow on a board small enough for a test: no table, b builds it, counts from it."""
    monkeypatch.setattr(tables, "BIG_BOARDS", {"triangle5": 1})
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "No triangle5 table yet"
        await pilot.press("b")
        await settle(pilot)
        to_hole_1 = peg.analyse(peg.Position("triangle5", peg.start("triangle5", 1).pegs, 1)).count
        assert headline(app) == f"{to_hole_1} winning games"
        assert "cached triangle5 table" in str(app.screen.panel.query_one("#detail", Static).render())
        assert tables.load_table("triangle5", 1) is not None


async def test_the_european_board_is_searched_and_its_holes_marked(settle):
    """Too many games to count: the panel says it searched, and each jump target is marked as a win found."""
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(peg.start("european", 1))
        await settle(pilot)
        assert headline(app) == "A one-peg finish is possible"
        assert "Searched, not counted" in str(app.screen.panel.query_one("#detail", Static).render())
        console = Console(width=40, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#moves", Static).content)
        assert console.export_text().split() == [
            "move",
            "winning",
            "games",
            "3",
            "over",
            "2",
            "→",
            "1",
            "≥1",
            "11",
            "over",
            "5",
            "→",
            "1",
            "≥1",
        ]
        board = app.screen.query_one(PegBoard)
        board.cursor = 3
        await pilot.press("enter")  # the peg at 3 can jump over 2 into 1
        assert board.targets == {1: True}
        await pilot.press("w")
        assert any("A winning line" in n.message for n in app._notifications)


async def test_think_on_settles_the_moves_left_undecided(settle, monkeypatch):
    """Live, nothing is counted or searched here (both made impossible); t takes the time and counts."""
    position = LATE_EUROPEAN
    counted = peg.analyse(position).count
    monkeypatch.setattr(peg.analysis, "LIVE_LAYER", 10)
    monkeypatch.setattr(peg.search, "EFFORTS", ())
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(position)
        await settle(pilot)
        assert headline(app) == "Undecided: no win found, no loss proved"
        assert "Press t" in str(app.screen.panel.query_one("#detail", Static).render())
        await pilot.press("t")
        await settle(pilot)
        assert headline(app) == f"{counted} winning games"
        assert all(m.decided for m in app.screen.analysis.moves)


async def test_an_engine_error_in_the_openings_is_shown_and_the_app_stays_up(settle, monkeypatch):
    def broken(board, should_stop):
        raise RuntimeError("no openings today")

    monkeypatch.setattr(peg, "openings", broken)
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        assert app.return_code is None
        assert "internal error: RuntimeError: no openings today" in str(app.screen.query_one("#title", Static).render())
        await pilot.press("escape")
        assert app.screen.query_one(PegBoard)


async def test_a_table_that_cannot_be_built_is_said_and_the_game_goes_on(settle, monkeypatch):
    def full_disk(board, hole, should_stop, progress):
        progress(1, 2)
        raise OSError("no space left")

    monkeypatch.setattr(tables, "BIG_BOARDS", {"triangle5": 1})
    monkeypatch.setattr(tables, "build_table", full_disk)
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert any(n.message == "The triangle5 table could not be built: no space left" for n in app._notifications)
        assert headline(app) == "No triangle5 table yet"
        assert not app.screen.query_one("#building", ProgressBar).display


async def test_a_new_game_asks_for_the_board_then_the_empty_hole(settle):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("ctrl+n")
        boards = app.screen.query_one("OptionList")
        boards.highlighted = list(peg.BOARDS).index("english")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.query_one("#answer").value == str(peg.BOARDS["english"].center)
        app.screen.query_one("#answer").value = "17"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.state == peg.start("english", 17)


def footer_keys(app) -> set[str]:
    return {key for key, active in app.screen.active_bindings.items() if active.binding.show}


async def test_think_on_and_build_table_are_offered_only_where_they_do_something(settle, monkeypatch):
    """t only while some move is undecided (and not already thinking), b only where a table is missing."""
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert {"t", "b"}.isdisjoint(footer_keys(app))  # triangle5 from its start: every game counted
        monkeypatch.setattr(
            peg.analysis, "LIVE_LAYER", 10
        )  # live, nothing is counted or searched (as in think on's test)
        monkeypatch.setattr(peg.search, "EFFORTS", ())
        app.screen.load(LATE_EUROPEAN)
        await settle(pilot)
        assert {"t", "b"} <= footer_keys(app)  # moves undecided, and the European table not built
        await pilot.press("t")
        assert "t" not in footer_keys(app)  # thinking on already
        await settle(pilot)
        assert "t" not in footer_keys(app)  # every move settled

        monkeypatch.setattr(tables, "BIG_BOARDS", {"triangle5": 1})
        app.screen.load(peg.start("triangle5", 1))
        await settle(pilot)
        assert "b" in footer_keys(app)
        await pilot.press("b")
        await settle(pilot)
        assert headline(app) != "No triangle5 table yet" and "b" not in footer_keys(app)


@pytest.fixture
def triangle5_as_a_big_board(monkeypatch):
    """The big boards' flow on triangle5: a table of winnable positions, nothing counted or searched live."""
    monkeypatch.setattr(tables, "WINNABLE_BOARDS", ("triangle5",))
    monkeypatch.setattr(peg.analysis, "LIVE_LAYER", 10)
    monkeypatch.setattr(peg.analysis, "SETTLED_LAYER", 10)
    monkeypatch.setattr(peg.search, "EFFORTS", ())


def detail_text(app) -> str:
    return str(app.screen.panel.query_one("#detail", Static).render())


async def test_b_builds_the_table_of_winnable_positions_and_it_settles_every_move(settle, triangle5_as_a_big_board):
    """Every move is ? until b builds the table; then each is settled."""
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(peg.start("triangle5", 5).play((14, 9, 5)))
        await settle(pilot)
        assert all(not m.decided for m in app.screen.analysis.moves) and "b" in footer_keys(app)
        assert "Press b to build the triangle5 table" in detail_text(app)
        await pilot.press("b")
        await settle(pilot)  # the table built
        await settle(pilot)  # the position analysed with it
        state = app.screen.state
        games = peg.count_games(state).games
        assert {m.move: str(m) for m in app.screen.analysis.moves} == {
            move: "≥1" if games(state.play(move).pegs) else "0" for move in state.legal_moves()
        }
        assert "cached triangle5 table" in detail_text(app)
        assert "b" not in footer_keys(app) and tables.load_table("triangle5", None) is not None


async def test_while_the_table_is_built_the_panel_says_so_instead_of_offering_b(
    settle, monkeypatch, triangle5_as_a_big_board
):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(peg.start("triangle5", 5).play((14, 9, 5)))
        await settle(pilot)
        monkeypatch.setattr(app.screen.table_builder, "request", lambda key: None)  # a build that takes its time
        await pilot.press("b")
        assert "Building the triangle5 table: play on meanwhile." in detail_text(app)
        assert "Press b" not in detail_text(app)


async def open_openings(pilot) -> None:
    await pilot.press("o")
    await ready_for_snapshot(pilot)


async def test_the_openings_map_shows_where_the_last_peg_ends_from_the_start_under_the_cursor(settle):
    from assistant.widgets.openings import TILE_CLASSES, BoardMap, OpeningsTable

    counted = {o.hole: o for o in peg.openings("triangle5")}
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_openings(pilot)
        starts, finishes = app.screen.query_one("#starts", BoardMap), app.screen.query_one("#finishes", BoardMap)
        assert starts.has_focus and starts.cursor == 1
        assert set(finishes.tiles) == set(counted[1].finishes) == {1, 7, 10, 13}
        # The most games start at 4, 6 and 13 (85,258 each): the hottest shade; 5, 8 and 9 (1,550) the coldest.
        assert {h for h, tile in starts.tiles.items() if tile == TILE_CLASSES[3]} == {4, 6, 13}
        assert {h for h, tile in starts.tiles.items() if tile == TILE_CLASSES[0]} == {5, 8, 9}
        await pilot.press("down", "down", "right")  # 1 → 2 → 4 → 5
        assert starts.cursor == 5 and set(finishes.tiles) == {13}
        assert "start 5: 1,550 games" in str(app.screen.query_one("#start").render())
        await pilot.click("#starts", offset=(13, 2))  # the tile of 6, third on the third row
        assert starts.cursor == 6 and set(finishes.tiles) == set(counted[6].finishes) == {2, 6, 8, 11, 14}
        assert finishes.tiles[6] == TILE_CLASSES[3]  # 51,452 of its games end at 6, the most
        views = app.screen.query_one(ContentSwitcher)
        await pilot.press("t")  # the table, one key away
        assert views.current == "table-view" and app.screen.query_one(OpeningsTable).region.height > 10
        await pilot.press("t")
        assert views.current == "map-view" and starts.has_focus


async def test_the_openings_open_on_the_games_own_start(settle):
    from assistant.widgets.openings import BoardMap

    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(peg.start("triangle5", 13).play((4, 8, 13)))
        await settle(pilot)
        await open_openings(pilot)
        assert app.screen.query_one("#starts", BoardMap).cursor == 13


async def test_the_openings_map_says_which_starts_are_searched_unsettled_or_proved_lost(settle, monkeypatch):
    """triangle5 with room for ten positions a layer, so every start is searched as on the big boards."""
    from assistant.widgets.openings import BoardMap

    real = peg.openings
    monkeypatch.setattr(peg, "openings", lambda board, should_stop: real(board, should_stop, limit=10))
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_openings(pilot)
        tiles = app.screen.query_one("#starts", BoardMap).tiles
        assert set(tiles.values()) == {"map--searched"}  # every triangle5 start has a win, found by search
        assert "searched: a win found" in str(app.screen.query_one("#legend").render())
        assert "searched: a win found" in str(app.screen.query_one("#start").render())

    monkeypatch.setattr(peg.search, "EFFORTS", ())  # no search effort: nothing found, nothing proved
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_openings(pilot)
        tiles = app.screen.query_one("#starts", BoardMap).tiles
        assert set(tiles.values()) == {"map--unsettled"}
        assert "unsettled" in str(app.screen.query_one("#legend").render())


def test_openings_map_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="peg"), terminal_size=(80, 24), run_before=open_openings)


def test_the_openings_map_shades_counts_on_a_log_scale():
    from assistant.widgets.openings import Shading

    shading = Shading.of([0, 1_550, 14_880, 85_258])  # triangle5's smallest, middle and largest
    assert [shading.shade(n) for n in (1_550, 14_880, 85_258)] == [0, 2, 3]
    assert [shade for shade, _ in shading.steps()] == [0, 1, 2, 3]
    for shade, least in shading.steps():  # each step's least count is in its own shade, one less is not
        assert shading.shade(least) == shade and (shade == 0 or shading.shade(least - 1) == shade - 1)
    one = Shading.of([7, 7])  # every start alike: the legend's one step is the shade the map uses
    assert one.steps() == [(one.shade(7), 7)]
