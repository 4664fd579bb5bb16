"""Every theme colours the hand-drawn widgets: nothing in them keeps a colour of its own.

Each screen is drawn in three of Textual's themes; every coloured stretch of the
widget's drawing must change colour with the theme (two themes may share a
colour, as textual-dark and textual-light share $warning, but not all three),
so a colour written into the code instead of a component class fails here.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from assistant.app import PuzzleAssistant
from assistant.widgets.disk_rings import DiskRings
from assistant.widgets.openings import BoardMap, OpeningsTable, heat
from assistant.widgets.peg_board import PegBoard
from assistant.widgets.ring_board import RingBoard
from assistant.widgets.zebra_grid import ZebraGrid
from puzzles import peg

THEMES = ("textual-dark", "textual-light", "nord")


def colours(text: Text) -> list[tuple[str, object]]:
    """Each coloured stretch of a drawing: its text and its colour."""
    return [
        (
            text.plain[span.start : span.end],
            (span.style if isinstance(span.style, Style) else Style.parse(span.style)).color,
        )
        for span in text.spans
    ]


def component_styles(widget: Widget) -> dict[str, Style]:
    return {name: widget.get_component_rich_style(name) for name in sorted(widget.COMPONENT_CLASSES)}


async def drawings_in_each_theme(app: PuzzleAssistant, pilot, draw) -> dict[str, object]:
    """`draw()` once per theme, after the theme's styles have reached the widgets."""
    drawn = {}
    for theme in THEMES:
        app.theme = theme
        await pilot.pause()
        drawn[theme] = draw()
    return drawn


def assert_recoloured(drawn: dict[str, list[tuple[str, object]]]) -> None:
    """Every coloured stretch changes colour in some theme (two themes may share a colour, not all of them)."""
    first = drawn[THEMES[0]]
    assert any(colour is not None for _, colour in first), "the drawing has no colours at all"
    for theme in THEMES:
        assert [text for text, _ in drawn[theme]] == [text for text, _ in first]  # the same drawing
    fixed = [text for i, (text, colour) in enumerate(first) if colour is not None and all_equal(drawn, i)]
    assert fixed == [], f"the same colour in every theme: {fixed}"


def all_equal(drawn: dict[str, list[tuple[str, object]]], i: int) -> bool:
    return len({drawn[theme][i][1] for theme in THEMES}) == 1


def assert_components_recoloured(styles: dict[str, dict[str, Style]]) -> None:
    names = styles[THEMES[0]]
    assert [name for name in names if len({styles[theme][name] for theme in THEMES}) == 1] == []


async def test_the_peg_board_and_its_openings_follow_the_theme(settle):
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(PegBoard)
        board.cursor = 4
        await pilot.press("enter")
        board.cursor = 1
        await pilot.press("enter")  # 4 over 2 into 1: now 2 and 4 are holes
        await settle(pilot)
        board.cursor = 6
        await pilot.press("enter")  # 6 picked, with its jump into 4 marked
        assert board.picked == 6 and board.targets == {4: True}
        drawn = await drawings_in_each_theme(app, pilot, lambda: (colours(board.render()), component_styles(board)))
        assert_recoloured({theme: found for theme, (found, _) in drawn.items()})
        assert_components_recoloured({theme: styles for theme, (_, styles) in drawn.items()})

        await pilot.press("o")
        await settle(pilot)
        table = app.screen.query_one(OpeningsTable)
        openings = peg.openings("triangle5")
        drawn = await drawings_in_each_theme(
            app,
            pilot,
            lambda: [found for o in openings for found in colours(heat(o, table.get_component_rich_style))],
        )
        assert_recoloured(drawn)

        starts = app.screen.query_one("#starts", BoardMap)
        drawn = await drawings_in_each_theme(app, pilot, lambda: (colours(starts.render()), component_styles(starts)))
        assert_recoloured({theme: found for theme, (found, _) in drawn.items()})
        assert_components_recoloured({theme: styles for theme, (_, styles) in drawn.items()})


async def test_the_zebra_grid_follows_the_theme(settle):
    app = PuzzleAssistant(start="zebra")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        grid = app.screen.query_one(ZebraGrid)
        grid.focus()
        await pilot.press("down", "right")
        assert grid.analysis is not None
        drawn = await drawings_in_each_theme(app, pilot, lambda: (colours(grid.render()), component_styles(grid)))
        assert_recoloured({theme: found for theme, (found, _) in drawn.items()})
        assert_components_recoloured({theme: styles for theme, (_, styles) in drawn.items()})
        marks = {text.strip() for text, _ in drawn[THEMES[0]][0]}
        assert {"X", "x", "O", "o"} <= marks  # every kind of mark was compared


async def test_the_disk_rings_follow_the_theme(settle):
    app = PuzzleAssistant(start="disks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rings = app.screen.query_one(DiskRings)
        drawn = await drawings_in_each_theme(app, pilot, lambda: (colours(rings.render()), component_styles(rings)))
        assert_recoloured({theme: found for theme, (found, _) in drawn.items()})
        assert_components_recoloured({theme: styles for theme, (_, styles) in drawn.items()})


async def test_the_jodici_ring_board_follows_the_theme(settle):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "right", "right", "7")  # a conflict in sector 5
        await settle(pilot)
        board = app.screen.query_one(RingBoard)
        drawn = await drawings_in_each_theme(app, pilot, lambda: (colours(board.render()), component_styles(board)))
        assert_recoloured({theme: found for theme, (found, _) in drawn.items()})
        assert_components_recoloured({theme: styles for theme, (_, styles) in drawn.items()})


async def test_what_a_screen_writes_in_its_own_tables_follows_the_theme(settle):
    """The peg move list: kept wins, losses and undecided moves in the theme's tones, not fixed colours."""
    app = PuzzleAssistant(start="peg")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        tones = await drawings_in_each_theme(
            app, pilot, lambda: [screen.tone(name).color for name in ("good", "bad", "warning", "accent")]
        )
        assert all(len({tones[theme][i] for theme in THEMES}) > 1 for i in range(4)), tones
        table = screen.moves_table(screen.analysis)
        assert table.columns[1]._cells[0].style == screen.tone("good")  # the best move keeps the win


async def test_the_mastermind_chart_follows_the_theme(settle):
    from assistant.widgets.codes_chart import CodesChart

    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = app.screen.query_one(CodesChart)
        chart.show(9**6, (80_460, 10, 1))  # a found code's bar has its own colour
        drawn = await drawings_in_each_theme(app, pilot, lambda: (colours(chart.render()), component_styles(chart)))
        assert_recoloured({theme: found for theme, (found, _) in drawn.items()})
        assert_components_recoloured({theme: styles for theme, (_, styles) in drawn.items()})
