"""The flower disks screen: rings of fields turned by hand and by the solution, fields toggled by key and click."""

import pytest

from assistant.app import PuzzleAssistant
from assistant.widgets.disk_rings import LEGEND, DiskRings, frames, layout
from tests.conftest import headline, ready_for_snapshot

SOLUTION = (0, 0, 5, 11)  # the seed's one way to turn its disks


def drawn_at(rings: DiskRings, point: tuple[int, int]) -> str:
    """The character the screen shows at a point of the picture (from the rings' centre)."""
    half_x, half_y = rings.half_size()
    return rings.render().plain.splitlines()[point[1] + half_y][LEGEND + half_x + point[0]]


def drawn_disk(rings: DiskRings, disk: int) -> tuple[int, ...]:
    """A disk's fields as the screen shows them, clockwise from the top: 1 solid, 0 hole."""
    places, _ = layout(len(rings.disks.rows), rings.disks.fields)
    return tuple(
        {"●": 1, "◉": 1, "○": 0, "◎": 0}[drawn_at(rings, places[(disk, f)])] for f in range(rings.disks.fields)
    )


def drawn_counts(rings: DiskRings) -> list[int]:
    _, counts = layout(len(rings.disks.rows), rings.disks.fields)
    return [int(drawn_at(rings, point)) for point in counts]


@pytest.mark.parametrize("disks", range(2, 8))
@pytest.mark.parametrize("fields", [2, 3, 5, 6, 8, 12, 13, 20, 24])
def test_no_two_fields_or_counts_share_a_place(disks, fields):
    places, counts = layout(disks, fields)
    spots = [*places.values(), *counts]
    assert len(set(spots)) == len(spots)


def test_a_turn_goes_a_field_per_frame_the_short_way_round():
    way = frames((0, 0, 0, 0), SOLUTION, 12)
    assert way[-1] == SOLUTION
    assert len(way) == 5, "disk 3 turns five fields on, disk 4 one field back"
    assert way[0] == (0, 0, 1, 11)
    steps = zip([(0, 0, 0, 0), *way], way)
    assert all(min((b - a) % 12, (a - b) % 12) <= 1 for before, after in steps for a, b in zip(before, after))
    assert frames(SOLUTION, SOLUTION, 12) == []


async def test_the_whole_picture_shows_at_80x24(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rings = app.screen.query_one(DiskRings)
        half_x, half_y = rings.half_size()
        assert rings.content_region.size == (LEGEND + 2 * half_x + 1, 2 * half_y + 1)
        assert app.screen.query_one("#board").region.contains_region(rings.region)


async def test_apply_turn_and_toggle(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rings = app.screen.query_one(DiskRings)
        assert headline(app) == "1 solution"
        await pilot.press("a")
        await settle(pilot)
        rings.finish()
        assert app.screen.state.turned == SOLUTION
        assert headline(app) == "1 solution — solved as turned"
        assert drawn_counts(rings) == [1] * 12
        await pilot.press("down", "down", "full_stop")  # disk 3 one field clockwise
        await settle(pilot)
        assert app.screen.state.turned == (0, 0, 4, 11)
        assert drawn_disk(rings, 2) == app.screen.state.rotated(2)
        assert headline(app) == "1 solution"
        await pilot.press("comma")
        await settle(pilot)
        assert app.screen.state.turned == SOLUTION
        await pilot.press("space")
        await settle(pilot)
        assert headline(app) == "No solution"
        assert drawn_disk(rings, 2) == app.screen.state.rotated(2)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert headline(app) == "1 solution — solved as turned"


async def test_the_solution_turns_into_place_an_edit_lands_it_and_undo_turns_back(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rings = app.screen.query_one(DiskRings)
        screen = app.screen
        # No await between these calls: no frame can be drawn, whatever the machine's speed.
        screen.action_apply()
        assert rings.turning and rings.shown == (0, 0, 0, 0)
        assert rings.coming == frames((0, 0, 0, 0), SOLUTION, 12)
        assert screen.state.turned == SOLUTION, "the puzzle itself is turned at once"
        screen.action_toggle()  # an edit while it turns: the disks land where they were going
        assert not rings.turning and rings.shown == SOLUTION
        screen.action_undo()
        assert not rings.turning and rings.shown == SOLUTION
        screen.action_undo()  # back to the start: the same disks turn back
        assert rings.coming == frames(SOLUTION, (0, 0, 0, 0), 12)
        rings.finish()
        await settle(pilot)
        assert [drawn_disk(rings, d) for d in range(4)] == list(screen.state.rows)


async def test_with_animations_off_the_disks_land_at_once(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "none"
        await settle(pilot)
        rings = app.screen.query_one(DiskRings)
        await pilot.press("a")
        assert not rings.turning and rings.shown == SOLUTION
        assert [drawn_disk(rings, d) for d in range(4)] == [app.screen.state.rotated(d) for d in range(4)]


async def test_the_cursor_goes_round_and_across_and_a_click_toggles(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rings = app.screen.query_one(DiskRings)
        await pilot.press("left")
        assert rings.cursor == (0, 11), "anticlockwise from the top"
        await pilot.press("up", "down", "down", "down", "down", "down")
        assert rings.cursor == (3, 11), "out to disk 1 and in to disk 4, no further"
        places, _ = layout(4, 12)
        picture = rings.render().plain
        assert drawn_at(rings, places[(3, 11)]) in "◉◎" and sum(map(picture.count, "◉◎")) == 1, "seen without colour"
        assert [line[:LEGEND].strip() for line in picture.splitlines()[:4]][2:] == ["disk 3 ↻ 0", "▸disk 4 ↻ 0"]
        half_x, half_y = rings.half_size()
        x, y = places[(1, 3)]
        before = app.screen.state.rows[1][3]
        await pilot.click(DiskRings, offset=(rings.styles.padding.left + LEGEND + half_x + x, 1 + half_y + y))
        await settle(pilot)
        assert rings.cursor == (1, 3)
        assert app.screen.state.rows[1][3] == 1 - before
        assert drawn_disk(rings, 1)[3] == 1 - before
        await pilot.click(DiskRings, offset=(rings.styles.padding.left + 2, 1 + 2))  # "disk 3" in the list
        assert rings.cursor == (2, 3)
        assert app.screen.state.rows[1][3] == 1 - before, "choosing a disk flips nothing"


def test_snapshot(snap_compare):
    assert snap_compare(PuzzleAssistant(start="disks"), terminal_size=(80, 24), run_before=ready_for_snapshot)


def test_snapshot_solved_at_100x32(snap_compare):
    async def run_before(pilot):
        pilot.app.animation_level = "none"
        await ready_for_snapshot(pilot)
        await pilot.press("a", "down", "down")
        await ready_for_snapshot(pilot)

    assert snap_compare(PuzzleAssistant(start="disks"), terminal_size=(100, 32), run_before=run_before)
