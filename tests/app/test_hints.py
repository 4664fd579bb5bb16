"""Graded hints (f4) and the board check (f8), driven as a person would on the Jodici screen."""

from assistant.app import PuzzleAssistant
from assistant.widgets.grid import EditableGrid


def hint_panel(app) -> str:
    return str(app.screen.panel.query_one("#hint").render())


def highlighted(app, kind: str) -> set[tuple[int, int]]:
    grid = app.screen.query_one(EditableGrid)
    return {(r, c) for r, row in enumerate(grid.cells) for c, cell in enumerate(row) if cell.highlight == kind}


async def test_each_press_of_the_hint_key_goes_one_level_deeper_then_applies_the_step(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert "f4" in str(app.screen.panel.query_one("#detail").render()), "the panel says how to ask"
        await pilot.press("f4")
        await settle(pilot)
        where = hint_panel(app)
        assert where.startswith("Hint: look at ring 1, sector 1; ring 2, sector 1; ring 3, sector 1")
        assert "Rule" not in where and "must be" not in where, "level 1 says where, nothing more"
        assert highlighted(app, "hint") == {(0, 0), (1, 0), (2, 0)}
        await pilot.press("f4")
        assert "Rule: last field of a sector (sector 1)" in hint_panel(app) and "must be" not in hint_panel(app)
        await pilot.press("f4")
        assert "its last field, ring 2, sector 1, must be 6 to make 15." in hint_panel(app)
        await pilot.press("f4")
        await settle(pilot)
        assert app.screen.state.grid[1][0] == 6 and (1, 0) not in app.screen.state.givens, "applied as an entry"
        assert hint_panel(app).startswith("Entered for you: ring 2, sector 1 = 6, highlighted.")
        assert highlighted(app, "hint") == {(1, 0)}, "what the step entered, nothing else"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen.state.grid[1][0] == 0, "the applied step undoes like any edit"


async def test_an_edit_forgets_the_hint_and_the_next_press_starts_again_at_where(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press("f4")
        assert "Rule:" in hint_panel(app)
        await pilot.press("down", "6")  # ring 2, sector 1: the person makes the step themselves
        await settle(pilot)
        assert hint_panel(app) == "" and not highlighted(app, "hint")
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at") and "Rule:" not in hint_panel(app)
        assert (0, 0) not in highlighted(app, "hint"), "a hint about the new board, not sector 1 again"


async def test_the_check_marks_a_wrong_entry_with_why_and_reveals_nothing_else(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "9")  # ring 1, sector 3 = 9: no completion has it
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        assert highlighted(app, "mistake") == {(0, 2)}
        assert hint_panel(app).startswith("Your entry fits no solution.")
        assert "ring 1, sector 3 = 9" in hint_panel(app)
        await pilot.press("backspace")
        await settle(pilot)
        assert not highlighted(app, "mistake") and hint_panel(app) == "", "an edit clears the check"
