"""A board of one's own on the peg screen: drawn in the new-game dialog, played, restored after a restart."""

from textual.widgets import Button, Static, TextArea

from assistant.app import PuzzleAssistant
from assistant.screens.peg import DrawBoardDialog
from assistant.widgets.peg_board import PegBoard
from puzzles import peg
from tests.conftest import headline, ready_for_snapshot
from tests.unit.test_peg_boards import SMALL, brute_force

GAPPED = SMALL["triangle5 with a gap"]


async def draw(pilot, text: str) -> None:
    """ctrl+n, 'draw a board…', the drawing typed in, OK (pressed, not clicked: an error shown moves it)."""
    await pilot.press("ctrl+n")
    choices = pilot.app.screen.query_one("OptionList")
    choices.highlighted = choices.option_count - 1
    await pilot.press("enter")
    await pilot.pause()
    pilot.app.screen.query_one(TextArea).text = text
    pilot.app.screen.query_one("#ok", Button).press()
    await pilot.pause()


async def test_a_drawn_board_is_refused_with_its_place_then_opens_and_plays(settle):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        ragged = "board: square\nX X X\nX O\n"
        await draw(pilot, ragged)
        assert isinstance(app.screen, DrawBoardDialog)
        assert "line 3, column 5: ragged rows" in str(app.screen.query_one("#error", Static).render())
        assert app.screen.query_one(TextArea).text == ragged  # nothing typed is lost
        app.screen.query_one(TextArea).text = GAPPED
        app.screen.query_one("#ok", Button).press()
        await settle(pilot)
        assert app.screen is screen and screen.state == peg.parse(GAPPED)
        total, _, after = brute_force(GAPPED)
        assert headline(app) == f"{total:,} winning games"
        assert total == 978 and "drawn triangular board of 14 holes, 13 pegs" in screen.sub_title
        board = screen.query_one(PegBoard)
        assert board.places()[4] == (2, 4) and board.places()[5] == (2, 12)  # the gap between them
        first = screen.analysis.moves[0].move
        board.cursor = first[0]
        await pilot.press("enter")
        board.cursor = first[2]
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.played == (first,)
        assert headline(app) == f"{after[first]:,} winning games"


async def test_a_drawn_game_survives_a_restart(settle):
    position = peg.parse(SMALL["hexagon"])
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(position)
        await settle(pilot)
        app.screen.change(position.play(position.legal_moves()[0]))
        await settle(pilot)
    again = PuzzleAssistant(start="peg")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.screen.state.board == position.board
        assert again.screen.state.pegs == position.play(position.legal_moves()[0]).pegs
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert again.screen.state.pegs == position.pegs


async def open_the_draw_dialog(pilot) -> None:
    await ready_for_snapshot(pilot)  # the game behind the dialog drawn first
    await pilot.press("ctrl+n")
    choices = pilot.app.screen.query_one("OptionList")
    choices.highlighted = choices.option_count - 1
    await pilot.press("enter")
    await ready_for_snapshot(pilot)
    pilot.app.screen.query_one(TextArea).cursor_blink = False
    await pilot.pause()


def test_draw_dialog_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="peg"), terminal_size=(80, 24), run_before=open_the_draw_dialog)


async def a_drawn_board(pilot) -> None:
    await ready_for_snapshot(pilot)
    pilot.app.screen.load(peg.parse(GAPPED))
    await ready_for_snapshot(pilot)


def test_drawn_board_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="peg"), terminal_size=(80, 24), run_before=a_drawn_board)


async def test_the_openings_of_a_drawn_board(settle):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = peg.parse(SMALL["4x4 square"]).board
        app.screen.load(peg.parse(SMALL["4x4 square"]))
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        total = sum(brute_force(peg.format(peg.start(board, hole)))[0] for hole in range(1, 17))
        assert total == 1_683_376 and f"{total:,} winning games" in str(app.screen.query_one("#title").render())
