"""f4 on the flower disks screen: the disk to look at, the rule, the deduction a step a press, then the disk is turned
(undoably)."""

from assistant.app import PuzzleAssistant
from assistant.widgets.disk_rings import DiskRings


def hint_panel(app) -> str:
    return str(app.screen.panel.query_one("#hint").render())


async def test_f4_goes_a_level_deeper_each_press_then_turns_the_disk_and_undo_turns_it_back(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        rings = app.screen.query_one(DiskRings)
        assert app.screen.state.turned == (0, 0, 0, 0)
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at disk 3\n") and "Rule" not in hint_panel(app)
        assert rings.cursor[0] == 2, "the hint's disk is the chosen one"
        await pilot.press("f4")
        assert "Rule: last turn left (disk 3), the last of 8 steps" in hint_panel(app)
        assert "turned 5" not in hint_panel(app)
        await pilot.press("f4")
        said = hint_panel(app)
        assert said.startswith("(1 of 8) Disk 1 covers fields 6, 8 and 11: turned 1, 2, 4, 5, 6, 7, 8 or 10, disk 2")
        assert said.endswith("f4 again: step 2 of 8; shift+f4: the last") and "(2 of 8)" not in said, "a step a press"
        assert rings.cursor[0] == 1, "the step's disk is the chosen one"
        await pilot.press(*["f4"] * 7)
        assert hint_panel(app).startswith("(8 of 8) Disk 3 has every turn but 5 ruled out, so it is turned 5.")
        assert app.screen.state.turned == (0, 0, 0, 0), "nothing turned before the last page is read"
        await pilot.press("f4")
        await settle(pilot)
        assert app.screen.state.turned == (0, 0, 5, 0)
        assert hint_panel(app).startswith("Entered for you: disk 3 turned 5, highlighted. ctrl+z takes it back")
        assert rings.cursor[0] == 2, "the disk it turned is the chosen one"
        await pilot.press("f4")
        await settle(pilot)
        assert hint_panel(app).startswith("Hint: look at disk 4"), "the next disk to turn: disk 2 is at 0 already"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.screen.state.turned == (0, 0, 0, 0) and hint_panel(app) == ""


async def test_f8_marks_a_disk_turned_where_no_solution_has_it(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("down", "comma")  # disk 2 turned 1: the one solution keeps it at 0
        await settle(pilot)
        assert app.screen.state.turned == (0, 1, 0, 0)
        await pilot.press("up", "f8")
        await settle(pilot)
        assert hint_panel(app).startswith("Your turn fits no solution.\n• disk 2 turned 1: no way of turning")
        assert app.screen.query_one(DiskRings).cursor[0] == 1, "the disk is marked as the chosen one"
