"""The shared editable grid: typing, moving past labels, marks, clicks."""

from textual.app import App, ComposeResult

from assistant.widgets.grid import EditableGrid, GridCell, marks_text

LABEL = GridCell("+", role="label", accepts="")


class GridApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.edits: list[tuple[tuple[int, int], str]] = []

    def compose(self) -> ComposeResult:
        yield EditableGrid()

    def on_mount(self) -> None:
        grid = self.query_one(EditableGrid)
        grid.show_cells(
            [
                [GridCell("7", role="given"), LABEL, GridCell(marks="12")],
                [GridCell(), LABEL, GridCell(role="blocked", accepts="")],
            ]
        )
        grid.focus()

    def on_editable_grid_edited(self, event: EditableGrid.Edited) -> None:
        self.edits.append((event.position, event.text))


async def test_typing_builds_numbers_and_moving_skips_labels():
    app = GridApp()
    async with app.run_test() as pilot:
        grid = app.query_one(EditableGrid)
        assert grid.cursor == (0, 0)
        await pilot.press("right")
        assert grid.cursor == (0, 2), "the label between is skipped"
        await pilot.press("4", "2", "x")
        assert app.edits == [((0, 2), "4"), ((0, 2), "42")]
        await pilot.press("backspace")
        assert app.edits[-1] == ((0, 2), "4")
        await pilot.press("down")
        assert grid.cursor == (0, 2), "blocked cells cannot be entered"
        await pilot.press("left", "9")
        assert app.edits[-1] == ((0, 0), "9"), "typing on another cell starts afresh"
        await pilot.press("delete")
        assert app.edits[-1] == ((0, 0), "")


async def test_marks_are_drawn_in_empty_cells_and_can_be_hidden():
    app = GridApp()
    async with app.run_test() as pilot:
        grid = app.query_one(EditableGrid)
        assert "12" in grid.render().plain
        grid.show_marks = False
        await pilot.pause()
        assert "12" not in grid.render().plain


async def test_click_moves_the_cursor():
    app = GridApp()
    async with app.run_test() as pilot:
        grid = app.query_one(EditableGrid)
        await pilot.click(EditableGrid, offset=(2, 1))
        assert grid.cursor == (1, 0)
        await pilot.click(EditableGrid, offset=(1 + 2 * 5 + 1, 0))
        assert grid.cursor == (0, 2)
        await pilot.click(EditableGrid, offset=(1 + 5 + 1, 0))
        assert grid.cursor == (0, 2), "a click on a label leaves the cursor where it was"


def test_marks_text_fits_the_cell():
    assert marks_text([1, 4, 7], 3) == "147"
    assert marks_text([12], 2) == "12"
    assert marks_text([12, 13, 40], 3) == "3?"
    assert marks_text([], 2) == "×"
