"""The Zebra screen: type categories and clues, watch the count fall, read why a cell is marked."""

from textual.widgets import Input, OptionList

from assistant.app import PuzzleAssistant
from tests.conftest import headline, ready_for_snapshot


def message(app) -> str:
    return str(app.screen.query_one("#message").render())


async def type_line(pilot, settle, text: str) -> None:
    box = pilot.app.screen.query_one("#clue", Input)
    box.focus()
    box.value = text
    await pilot.press("enter")
    await settle(pilot)


async def test_a_new_puzzle_typed_clue_by_clue(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert headline(app) == "Solved: one solution"  # the seed's Zebra, bundled
        await pilot.press("ctrl+n")
        await pilot.press(*"Person: Ann, Bob, Cid; Age: 20, 30, 40; key: Person")
        await pilot.press("enter")
        await settle(pilot)
        assert headline(app) == "6 solutions"

        await type_line(pilot, settle, "Ann is older than Bob")
        assert headline(app) == "3 solutions"
        assert "read as: Person:Ann is more than Person:Bob in Age" in message(app)

        await type_line(pilot, settle, "Cid is 10 years younger than Bbo")  # a typo
        assert "new clue: column 30" in message(app) and "did you mean 'Bob'" in message(app)
        assert app.screen.query_one("#clue", Input).value == "Cid is 10 years younger than Bbo"  # nothing lost
        assert headline(app) == "3 solutions"

        await type_line(pilot, settle, "Cid is 10 years younger than Bob")
        assert headline(app) == "Solved: one solution"
        solved = app.screen.analysis.solutions[0]
        assert solved == (("Ann", "40"), ("Bob", "30"), ("Cid", "20"))

        await type_line(pilot, settle, "Food: fig, kiwi, lime")  # a new category: the count grows again
        assert headline(app) == "6 solutions"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert headline(app) == "Solved: one solution"


async def test_edit_move_and_delete_clues_in_the_list(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        clues = app.screen.query_one("#clues", OptionList)
        clues.focus()
        clues.highlighted = 10  # clue 11: Chesterfields next to the fox, the one the seed forgot
        await pilot.press("delete")
        await settle(pilot)
        assert headline(app) == "2 solutions"
        assert "Ask whether Pet:fox is at position 1" in str(app.screen.panel.query_one("#detail").render())

        clues.highlighted = 0
        await pilot.press("enter")  # edit clue 1
        box = app.screen.query_one("#clue", Input)
        assert box.value == "There are five houses" and box.has_focus
        box.value = "There are six houses"
        await pilot.press("enter")
        await settle(pilot)
        assert "clue 1: column 1: this puzzle has 5 objects, not 'six'" in message(app)
        await pilot.press("escape")
        assert box.value == "" and app.screen.editing is None

        first = app.screen.state.clues[1].text
        clues.focus()
        clues.highlighted = 1
        await pilot.press("shift+down")
        await settle(pilot)
        assert app.screen.state.clues[2].text == first and clues.highlighted == 2
        assert headline(app) == "2 solutions"  # order does not change what is true


async def test_the_selected_cell_is_explained(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f3")  # from the solution table back to the grid
        grid = app.screen.query_one("#grid")
        grid.focus()
        await pilot.press("down", "down", "down", "down", "down", "right")  # Nationality: Norwegian, position 2
        await settle(pilot)
        detail = str(app.screen.panel.query_one("#detail").render())
        assert "Nationality:Norwegian is not at position 2: clue 10 rules it out" in detail


async def test_a_contradiction_names_the_clues(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await type_line(pilot, settle, "The Norwegian lives in the red house.")
        assert headline(app) == "No solution"
        assert "Clues 2, 16 cannot all hold" in str(app.screen.panel.query_one("#detail").render())


def test_snapshot(snap_compare):
    async def prepare(pilot):
        await ready_for_snapshot(pilot)
        await pilot.press("f3")
        await ready_for_snapshot(pilot)

    assert snap_compare(PuzzleAssistant(start="zebra"), terminal_size=(80, 24), run_before=prepare)
