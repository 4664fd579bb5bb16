"""Long texts at 80x24 are never cut: the live panel scrolls from the keyboard, refusals wrap."""

from assistant.app import PuzzleAssistant
from assistant.widgets.live_panel import LivePanel
from puzzles import mastermind as mm
from puzzles.examples import examples
from tests.app.reading import screen_text


def seed_with_row(number: int, pegs: str) -> mm.Game:
    """The seed's game with row `number`'s pegs typed as `pegs` instead."""
    lines = examples("mastermind")["seed"].splitlines()
    rows = [i for i, line in enumerate(lines) if " = " in line]
    guess, _ = lines[rows[number - 1]].split(" = ")
    lines[rows[number - 1]] = f"{guess} = {pegs}"
    return mm.parse("\n".join(lines))


def panel_lines(app, panel: LivePanel) -> list[str]:
    """The panel's rows of the screen, as a person reads them."""
    region = panel.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return [row[region.x : region.right].ljust(region.width)[:-2].strip() for row in rows]


async def test_a_long_diagnosis_is_read_whole_by_scrolling_the_panel_from_the_keyboard(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.load(seed_with_row(3, "1 0"))
        await settle(pilot)
        panel = app.screen.query_one(LivePanel)
        assert panel.max_scroll_y > 0  # more than fits: the panel scrolls, and its scrollbar shows it
        assert panel_lines(app, panel)[0] == "No code fits"  # the verdict first, on one line
        while app.focused is not panel:
            await pilot.press("tab")
        seen = []
        for key in ("home", "pagedown", "pagedown", "pagedown", "end"):
            await pilot.press(key)
            await pilot.pause()
            seen += panel_lines(app, panel)
        read = " ".join(" ".join(seen).split())
        assert "Row 3: you may have swapped black and white: 0 1, not 1 0 (then 2 codes fit)" in read
        assert "or row 8: you may have miscounted one peg: 3 2, not 4 2 (then 2 codes fit)." in read
        await pilot.press("home")
        await pilot.pause()
        assert panel.scroll_y == 0


async def test_a_long_refusal_of_the_pegs_wraps_under_the_entry_line(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*"rrbbgg", "enter", *"1xx", "enter")
        text = " ".join(screen_text(app).split())
        assert "new row: key pegs are two numbers, black then white, not '1xx'" in text.replace(" ▏ ", " ")
