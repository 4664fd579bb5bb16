"""Graded hints (f4) on the Hidoku, magic board and equation crossword screens, pressed as a person would."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.screens.hinting import pages, rule_said
from tests.app.test_hints import hint_panel
from tests.app.test_true_now import start

EQUATION_CELL = {(r, c): (2 * r, 2 * c) for r in range(3) for c in range(3)}  # board cell -> its place on the page


def highlighted(app, kind: str) -> set[tuple[int, int]]:
    """Board cells (not the page's label or operator cells) the grid highlights as `kind`."""
    grid = app.screen.query_one("EditableGrid")
    shown = {(r, c) for r, row in enumerate(grid.cells) for c, cell in enumerate(row) if cell.highlight == kind}
    if app.screen.KIND == "equation":
        return {cell for cell, at in EQUATION_CELL.items() if at in shown}
    offset = app.screen.offset()
    return {(r - offset, c - offset) for r, c in shown}


@pytest.mark.parametrize("kind", ["hidoku", "magic", "equation"])
async def test_the_hint_key_goes_where_why_deduction_then_applies(settle, kind):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(110, 36)) as pilot:
        await start(kind, pilot, settle)  # the hint in work, not seconds: the same chain on every machine
        assert "f4" in str(app.screen.panel.query_one("#detail").render()), "the panel says how to ask"
        await pilot.press("f4")
        await settle(pilot)
        step = app.screen.hint_path.steps[0]
        names = "; ".join(app.screen.place_names(step.goal))
        assert hint_panel(app).startswith(f"Hint: look at {names}") and "Rule" not in hint_panel(app)
        assert highlighted(app, "hint") == set(step.goal), "level 1 highlights where to look, nothing more"
        await pilot.press("f4")
        assert f"Rule: {rule_said(step)}" in hint_panel(app) and pages(step)[0].text not in hint_panel(app)
        for page in pages(step):  # a placement resting on earlier steps: a step a press
            await pilot.press("f4")
            assert page.text in hint_panel(app) and hint_panel(app).endswith("f4 again: apply it") == (
                page is pages(step)[-1]
            )
            assert highlighted(app, "hint") == set(page.where), "the places of the step shown"
        await pilot.press("f4")
        await settle(pilot)
        placed = [fact for fact in step.sets if fact.holds]
        for fact in placed:
            r, c = fact.at
            assert app.screen.state.grid[r][c] == fact.value and fact.at not in app.screen.state.givens
        assert hint_panel(app).startswith("Entered for you: ")
        assert highlighted(app, "hint") == {fact.at for fact in placed}, "what the step entered, nothing else"
        if kind == "hidoku":  # the seed's first step is quick and fixed: its words are today's
            assert step.text == "r4c5 must be 24: the only free cell touching both 23 (r3c4) and 25 (r5c6)."
            assert app.screen.state.grid[3][4] == 24
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert all(app.screen.state.grid[f.at[0]][f.at[1]] in (0, None) for f in placed), "the step undoes"


async def test_the_check_key_marks_a_wrong_hidoku_entry(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(110, 36)) as pilot:
        await settle(pilot)
        await pilot.press("9", "0")  # r1c1 = 90: 91 goes there
        await settle(pilot)
        await pilot.press("f8")
        await settle(pilot)
        assert highlighted(app, "mistake") == {(0, 0)}
        assert hint_panel(app).startswith("Your entry fits no solution.") and "r1c1 = 90" in hint_panel(app)


async def test_shift_f4_goes_to_a_long_deductions_last_page_and_f4_then_applies_it(settle):
    """The magic seed's first placement rests on 11 steps, five of them suppositions told a page at a time: shift+f4
    skips to the last page, which f4 applies; it is said on the first page and listed under the keys (f1)."""
    app = PuzzleAssistant(start="magic")
    async with app.run_test(size=(80, 24)) as pilot:
        await start("magic", pilot, settle)
        await pilot.press("f4", "f4", "f4")
        await settle(pilot)
        step = app.screen.hint_path.steps[0]
        assert len(pages(step)) > len(step.parts) > 2, "some of its steps take several pages"
        assert hint_panel(app).endswith(f"f4 again: step 2 of {len(pages(step))}; shift+f4: the last")
        await pilot.press("shift+f4")
        assert hint_panel(app).startswith(f"({len(pages(step))} of {len(pages(step))}) ")
        assert hint_panel(app).endswith("f4 again: apply it") and app.screen.state.grid[0][2] == 0
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Entered for you: r1c3 = 6") and app.screen.state.grid[0][2] == 6
