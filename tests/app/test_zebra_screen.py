"""The Zebra screen: type categories and clues, watch the count fall, read why a cell is marked."""

import io
import threading
import time

import pytest
from rich.console import Console
from textual import events
from textual.app import App
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList

from assistant.app import PuzzleAssistant
from assistant.screens.zebra import ZebraScreen
from assistant.widgets.zebra_grid import ZebraGrid
from puzzles import zebra
from puzzles.core import Budget, Stopped
from tests.app.reading import screen_text
from tests.conftest import headline, ready_for_snapshot
from tests.unit.test_zebra_pages import ISSUE_PAGE
from tests.unit.test_zebra_world import BENCHMARK_PAGE


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


async def test_an_edit_stops_the_next_step_still_worked_out_for_the_clues_before_it(settle, monkeypatch):
    """The old clues' next step would only hold the GIL the new count's workers need: the edit stops it."""
    armed, working, stopped, real_preview = threading.Event(), threading.Event(), [], ZebraScreen.preview_step

    def preview_step(screen, asked, job):
        if not armed.is_set() or working.is_set():
            return real_preview(screen, asked, job)
        working.set()
        for _ in range(3000):  # until stopped, or 30 s
            if job.should_stop():
                stopped.append(asked[0])
                raise Stopped
            time.sleep(0.01)
        return real_preview(screen, asked, job)

    monkeypatch.setattr(ZebraScreen, "preview_step", preview_step)
    app = PuzzleAssistant(start="zebra", restore_sessions=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        armed.set()
        await pilot.press("ctrl+n")
        await pilot.press(*"Person: Ann, Bob, Cid; Age: 20, 30, 40; key: Person")
        await pilot.press("enter")
        while not working.is_set():
            await pilot.pause(0.01)
        old = app.screen.state
        await type_line(pilot, settle, "Ann is older than Bob")
        assert headline(app) == "3 solutions"
        assert stopped == [old]


def clue_notes(app) -> list[str]:
    """What the clue list says each clue leaves, as drawn."""
    notes = []
    for option in app.screen.query_one("#clues", OptionList).options:
        console = Console(width=60, file=io.StringIO(), record=True)
        console.print(option.prompt)
        notes.append(console.export_text().split()[0])
    return notes


async def test_every_clue_note_is_counted_after_a_restart_and_after_an_edit(settle, monkeypatch):
    """One budget no longer counts every prefix: the notes it leaves as "…" are counted next, never left."""
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await type_line(pilot, settle, "The zebra is in house 5.")
        assert clue_notes(app)[-3:] == ["32", "1", "1"]
    monkeypatch.setattr(ZebraScreen, "BUDGET", Budget(work=1_000))  # too little for all sixteen on one budget
    again = PuzzleAssistant(start="zebra")
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notes = clue_notes(again)
        assert len(notes) == 16 and "…" not in notes
        assert notes[9:] == ["≥6192", "2400", "804", "145", "32", "1", "1"]
        clues = again.screen.query_one("#clues", OptionList)
        clues.focus()
        clues.highlighted = 0
        await pilot.press("shift+down")  # every prefix changes
        await settle(pilot)
        notes = clue_notes(again)
        assert "…" not in notes and notes[-3:] == ["32", "1", "1"]


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
        detail = str(app.screen.panel.query_one("#detail").render())
        assert detail.startswith("f4: a hint, one level at a time."), "the way to the next deduction, not which it is"
        assert "clue 6" not in screen_text(app) and "one clue alone" not in screen_text(app)

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


async def select_cell(pilot, settle, *keys: str) -> str:
    """The panel's detail once the grid's cursor has moved by `keys` from its first cell."""
    pilot.app.screen.query_one("#grid").focus()
    await pilot.press(*keys)
    await settle(pilot)
    return str(pilot.app.screen.panel.query_one("#detail").render())


async def take_hint_steps(pilot, settle, steps: int) -> None:
    """f4 four times a step: where, why, the deduction, take it."""
    for _ in range(steps * 4):
        await pilot.press("f4")
        await settle(pilot)


async def test_the_selected_cell_is_explained_by_its_mark_then_by_the_hint_step_that_settles_it(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        detail = await select_cell(pilot, settle, "down", "down", "down", "down")  # Colour: green, position 1
        assert "Colour:green is not at position 1: clue 6 rules it out" in detail
        assert "step" not in detail and "says" not in detail, "no deduction the person has not asked for"
        await take_hint_steps(pilot, settle, 1)
        detail = str(app.screen.panel.query_one("#detail").render())
        assert (
            "Colour:green is not at position 1: hint step 1 (one clue alone). Clue 6 says: The green house is "
            "immediately to the right of the ivory house, so ivory is not in house 5 and green is not in house 1."
            in detail
        )


async def test_a_cell_two_clues_rule_out_names_both_once_its_step_is_taken(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await take_hint_steps(pilot, settle, 8)
        detail = await select_cell(pilot, settle, "down", "down", "down", "down", "right", "right")  # green, 3
        assert "Colour:green is not at position 3: hint step 8 (transitivity)." in detail
        assert "Clue 4 says: Coffee is drunk in the green house. Coffee is not in house 3 (clue 9)" in detail, (
            "the clue that pairs coffee with green, and the one that put milk in house 3"
        )


async def test_undo_and_redo_say_how_the_clue_they_reach_was_read(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await type_line(pilot, settle, "The Englishman drinks tea.")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert message(app) == "read as: Nationality:Norwegian is next to Colour:blue", "clue 15, now the last"
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert message(app) == "read as: Nationality:Englishman == Drink:tea", "the clue redo brought back"
        assert app.screen.query_one("#clues", OptionList).highlighted == 15


async def test_a_long_refusal_is_read_whole_at_80x24_and_the_clues_keep_their_rows(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await type_line(pilot, settle, "The Spaniard lives opposite the man who smokes Kools and keeps the horse.")
        said = message(app)
        assert len(said) > 2 * 78 and said.endswith("enter again keeps it as an unread clue")
        region = app.screen.query_one("#message").region
        shown = " ".join(screen_text(app).splitlines()[region.y : region.bottom])
        assert " ".join(shown.split()) == " ".join(said.split())
        bottom = app.screen.query_one("#bottom").region
        assert bottom.height >= 6 and bottom.bottom <= app.size.height - 1, "above the footer, not under it"


async def test_a_contradiction_names_the_clues(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await type_line(pilot, settle, "The Norwegian lives in the red house.")
        assert headline(app) == "No solution"
        assert "Clues 2, 16 cannot all hold" in str(app.screen.panel.query_one("#detail").render())


def hint_panel(app) -> str:
    return str(app.screen.panel.query_one("#hint").render())


async def test_the_hint_key_goes_from_where_to_why_to_the_deduction_then_takes_the_step(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(ZebraGrid)
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at clue 6; Colour:ivory; Colour:green")
        assert "Rule" not in hint_panel(app) and "house" not in hint_panel(app), "level 1 says where, nothing more"
        assert grid.hinted == {(0, v, o) for v in (3, 4) for o in range(5)}, "the rows of ivory and green"
        await pilot.press("f4")
        assert "Rule: one clue alone (clue 6)" in hint_panel(app) and "so ivory" not in hint_panel(app)
        await pilot.press("f4")
        assert (
            "Clue 6 says: The green house is immediately to the right of the ivory house, "
            "so ivory is not in house 5 and green is not in house 1." in hint_panel(app)
        )
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app) == (
            "Noted: ivory not in house 5 and green not in house 1. The grid marks it already. "
            "ctrl+z takes the note back; f4 for the next step."
        )
        assert not grid.hinted and len(app.screen.told) == 1
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at clue 9; Drink:milk"), "the next step goes on from the last"
        await pilot.press("f4", "f4")
        assert "Clue 9 says: Milk is drunk in the middle house, so milk is in house 3." in hint_panel(app)


async def test_steps_taken_hold_while_clues_are_added_and_are_forgotten_when_one_goes(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press("f4", "f4", "f4")
        await settle(pilot)
        assert len(app.screen.told) == 1
        await type_line(pilot, settle, "The zebra is not in the first house.")
        assert len(app.screen.told) == 1 and hint_panel(app) == "", "an edit forgets the hint, not the steps taken"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen.told == ()


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="zebra"), terminal_size=(80, 24), run_before=ready_for_snapshot)


# ---------------------------------------------------------------- pasting a page, big grids


async def paste(pilot, settle, text: str) -> None:
    box = pilot.app.screen.query_one("#clue", Input)
    box.focus()
    box.post_message(events.Paste(text))
    await settle(pilot)


async def test_pasting_a_page_loads_it_solves_it_and_undo_brings_the_old_puzzle_back(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await paste(pilot, settle, ISSUE_PAGE)
        screen = app.screen
        assert [c.name for c in screen.state.categories] == ["Name", "Animal", "Drink"]
        assert any(
            n.message.startswith("Pasted: 3 categories × 3 · positions 1..3, 5 clues") for n in app._notifications
        )
        assert headline(app) == "Solved: one solution"
        assert screen.analysis.solutions[0] == (
            ("Ann", "cat", "tea"),
            ("Ben", "dog", "coffee"),
            ("Cleo", "parrot", "juice"),
        )
        assert screen.query_one("#clue", Input).value == ""

        await type_line(pilot, settle, "Beverage: tea, coffee, juice")  # same values, new name: a rename
        assert [c.name for c in screen.state.categories] == ["Name", "Animal", "Beverage"]
        assert screen.state.clues[1].canonical == "Beverage:juice is in position 3"
        assert headline(app) == "Solved: one solution"

        await pilot.press("ctrl+z", "ctrl+z")
        await settle(pilot)
        assert screen.state.categories[0].name == "Colour"  # the seed's Zebra again


async def test_a_pasted_page_keeps_a_clue_it_cannot_read_as_unread_and_counts_the_rest(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await paste(pilot, settle, ISSUE_PAGE.replace("one house between", "one house beyond"))
        clues = app.screen.state.clues
        assert len(clues) == 5 and clues[3].unread == "cannot read 'There is one house beyond'"
        assert all(not clue.unread for i, clue in enumerate(clues) if i != 3)
        app.screen.query_one("#clues").highlighted = 3
        await settle(pilot)
        assert "unread, left out of the count: cannot read 'There is one house beyond'" in message(app)
        assert "Clue 4 is unread and left out of the count" in str(app.screen.panel.query_one("#detail").render())


async def test_a_refused_clue_entered_again_is_kept_unread(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = len(app.screen.state.clues)
        await type_line(pilot, settle, "The Englishman lives opposite the Spaniard.")
        assert "cannot read 'opposite'; enter again keeps it as an unread clue" in message(app)
        assert len(app.screen.state.clues) == before
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.state.clues[-1].unread == "cannot read 'opposite'"
        assert app.screen.query_one("#clue", Input).value == ""


async def test_pasted_lines_without_categories_are_added_as_clues(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await paste(pilot, settle, ISSUE_PAGE)
        await pilot.press("ctrl+z")  # back to the seed, then paste only clues into a 3-house puzzle
        await settle(pilot)
        await paste(pilot, settle, ISSUE_PAGE.split("## Clues:")[0])
        await paste(pilot, settle, "\n".join(ISSUE_PAGE.split("## Clues:")[1].splitlines()[1:3]))
        assert [c.canonical for c in app.screen.state.clues] == [
            "Animal:cat is immediately to the left of Name:Ben",
            "Drink:juice is in position 3",
        ]


EIGHT = "\n".join(
    f"{name}: " + ", ".join(f"{name.lower()}{'xyz' * (c % 3)}{v}" for v in range(1, 9))
    for c, name in enumerate("Name Nation Month Animal Drink Colour Book Sport".split())
)


class GridApp(App):
    """The grid alone, as the Zebra screen holds it: the layout of an 8 x 8 grid without counting it."""

    CSS = "#grid-view { height: 1fr; }"

    def compose(self):
        with VerticalScroll(id="grid-view"):
            yield ZebraGrid(id="grid")

    def on_mount(self) -> None:
        self.query_one(ZebraGrid).show(zebra.parse(EIGHT), None)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_an_eight_by_eight_grid_keeps_the_cursor_in_view_at_any_size(size):
    app = GridApp()
    async with app.run_test(size=size) as pilot:
        grid = app.query_one(ZebraGrid)
        view = app.query_one("#grid-view")
        grid.focus()
        await pilot.pause()
        if size == (80, 24):
            assert grid.virtual_size.height > view.size.height  # taller than the view: it scrolls
        for _ in range(8 * 8 - 1):  # down every row to the last category's last value
            await pilot.press("down")
        await pilot.pause()
        assert grid.cursor == (7, 7, 0)
        y = grid.virtual_region.y + grid.cell_row(grid.cursor)
        assert view.scroll_offset.y <= y < view.scroll_offset.y + view.size.height
        await pilot.press("right", "right")
        await pilot.pause()
        assert grid.cursor == (7, 7, 2)
        assert all(block.width <= size[0] for line in grid.lines_of_blocks(size[0] - 2) for block in line)


def test_snapshot_of_an_eight_by_eight_grid_at_80x24(snap_compare):
    async def down(pilot):
        pilot.app.query_one(ZebraGrid).focus()
        await pilot.press(*["down"] * 20)
        await pilot.pause()

    assert snap_compare(GridApp(), terminal_size=(80, 24), run_before=down)


async def test_opening_a_page_file_loads_it(settle, tmp_path):
    path = tmp_path / "page.txt"
    path.write_text(ISSUE_PAGE)
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        app.screen.query_one("#answer").value = str(path)
        await pilot.press("enter")
        await settle(pilot)
        assert [c.name for c in app.screen.state.categories] == ["Name", "Animal", "Drink"]
        assert headline(app) == "Solved: one solution"


async def test_an_unread_clue_is_stated_with_the_form_and_replaces_it(settle):
    from textual.widgets import Select

    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await paste(pilot, settle, ISSUE_PAGE.replace("one house between", "one house beyond"))
        app.screen.query_one("#clues").highlighted = 3
        await pilot.press("f7")
        await settle(pilot)
        form = app.screen
        assert "cannot read 'There is one house beyond'" in str(form.query_one(".said").render())
        form.query_one("#a", Select).value = "Name:Ann"
        form.query_one("#relation", Select).value = "is next to"
        form.query_one("#b", Select).value = "Name:Cleo"
        await pilot.click("#ok")
        await settle(pilot)
        clue = app.screen.state.clues[3]
        assert not clue.unread and clue.canonical == "Name:Ann is next to Name:Cleo"
        assert len(app.screen.state.clues) == 5


async def test_a_new_puzzle_forgets_the_old_ones_reading(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await type_line(pilot, settle, "The Englishman drinks tea.")
        assert "read as:" in message(app)
        app.screen.load(zebra.parse("Colour: red, blue\nPet: cat, dog\n"))
        await settle(pilot)
        assert message(app) == ""


async def test_a_pasted_page_s_question_is_answered_on_the_solution_table_once_solved(settle):
    page = ISSUE_PAGE + "Who keeps the parrot?\n"
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await paste(pilot, settle, page)
        assert app.screen.state.questions == ("Who keeps the parrot?",)
        assert "parrot:" not in screen_text(app), "not on the grid, nor in the panel, until asked for"
        detail = str(app.screen.panel.query_one("#detail").render())
        assert detail.startswith("f3: the solution table, with the answers to the page.")
        await pilot.press("f3")
        await settle(pilot)
        assert "Who keeps the parrot? parrot: Name Cleo, Drink juice, house 3" in screen_text(app)


async def test_a_pasted_houses_benchmark_page_is_solved_and_its_house_question_answered(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await paste(pilot, settle, BENCHMARK_PAGE)
        assert [c.name for c in app.screen.state.categories] == ["Pet", "Colour"]
        assert headline(app) == "Solved: one solution"
        await pilot.press("f3")
        await settle(pilot)
        assert "What is the number of the house where the cat keeper lives? 3" in screen_text(app)
