"""At 80x24, as a person reads it: what the hint box says holds for the puzzle on screen now, never an older one."""

import dataclasses

import pytest

from assistant.app import PuzzleAssistant
from assistant.screens.hinting import apply_level
from puzzles import mastermind as mm
from puzzles import sudoku
from puzzles.core import Budget
from puzzles.steps import Step, join_words
from tests.app.reading import board_whole, screen_text
from tests.conftest import headline

BOARDS = ["hidoku", "jodici", "magic", "disks", "sudoku"]  # where applying a hint makes an edit that ctrl+z undoes
EDITS = {  # a person's own edit on each screen, from where its cursor starts
    "hidoku": ["2"],
    "jodici": ["down", "down", "delete"],
    "magic": ["5"],
    "sudoku": ["down", "down", "1"],
    "disks": ["down", "full_stop"],
    "equation": ["delete"],
    "zebra": ["delete"],
    "mastermind": ["delete"],
}
FOCUS = {"zebra": "#clues", "mastermind": "#rows"}  # the clue list, the rows: where delete removes one
SAID_ON_APPLY = ("Entered for you:", "Noted:")


def hint_box(app) -> str:
    return str(app.screen.panel.query_one("#hint").render())


HINT_WORK = {"equation": 5_000, "magic": 5_000}  # enough to reach the next value to enter (less finds a step that
# only rules out): the magic seed's first placement rests on 11 steps, 5 of them trials, and weighing which of the
# walk's 30 steps it rests on re-applies each trial at TRIAL_WEIGHT; 2,000 elsewhere


async def start(kind: str, pilot, settle) -> None:
    await settle(pilot)
    pilot.app.screen.HINT_BUDGET = Budget(work=HINT_WORK.get(kind, 2_000))  # the same hint on every machine


async def press(pilot, settle, *keys: str) -> None:
    """Each key, then what it started drawn, as a person waits to read before the next."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def to_the_last_page(pilot, settle) -> Step:
    """f4 to the deduction's last page (where, why, each page): the next f4 applies the hint's step."""
    await press(pilot, settle, "f4")
    step = pilot.app.screen.hint_path.steps[0]
    await press(pilot, settle, *["f4"] * (apply_level(step) - 2))
    return step


async def apply_a_hint(pilot, settle) -> None:
    """f4 until the hint's step is applied: where, why, each page of the deduction, apply it."""
    await to_the_last_page(pilot, settle)
    await press(pilot, settle, "f4")
    assert hint_box(pilot.app).startswith(SAID_ON_APPLY), hint_box(pilot.app)


def no_word_of_the_applied_step(app) -> bool:
    return hint_box(app) == "" and not any(said in screen_text(app) for said in SAID_ON_APPLY)


AFTER_APPLYING = [
    *[(kind, ["ctrl+z"]) for kind in BOARDS],
    *[(kind, ["ctrl+z", "ctrl+y"]) for kind in BOARDS],
    *EDITS.items(),
]


@pytest.mark.parametrize(
    ("kind", "keys"),
    AFTER_APPLYING,
    ids=[" ".join([kind, *keys]) for kind, keys in AFTER_APPLYING],
)
async def test_undo_redo_or_an_edit_after_an_applied_hint_leave_no_word_of_it(kind, keys, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)
        await apply_a_hint(pilot, settle)
        applied = app.screen.state
        if kind in FOCUS:
            app.screen.query_one(FOCUS[kind]).focus()
        await press(pilot, settle, *keys)
        assert (app.screen.state == applied) == (keys[-1] == "ctrl+y"), "a redo brings the step back, the rest leave it"
        assert no_word_of_the_applied_step(app)


NEW = {  # what ctrl+n then enter starts: each dialog's default
    "mastermind": lambda game: (game.pegs, len(game.colours), game.rows) == (4, 6, ()),  # colours without "none"
    "sudoku": lambda board: board == sudoku.blank(9),
}


@pytest.mark.parametrize("kind", NEW)
async def test_a_new_puzzle_after_an_applied_hint_says_nothing_of_the_old_one(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)
        await apply_a_hint(pilot, settle)
        await press(pilot, settle, "ctrl+n")
        await replace_the_puzzle(pilot, settle)
        await press(pilot, settle, "enter")
        assert NEW[kind](app.screen.state)
        assert no_word_of_the_applied_step(app)


async def test_a_file_opened_after_an_applied_hint_says_nothing_of_the_old_puzzle(settle, tmp_path):
    app = PuzzleAssistant(start="jodici")
    async with app.run_test(size=(80, 24)) as pilot:
        await start("jodici", pilot, settle)
        printed = tmp_path / "jodici.txt"
        printed.write_text(app.screen.to_text(app.screen.state), encoding="utf-8")
        await apply_a_hint(pilot, settle)
        await press(pilot, settle, "ctrl+o")
        await replace_the_puzzle(pilot, settle)
        app.screen.query_one("#answer").value = str(printed)
        await press(pilot, settle, "enter")
        assert app.screen.path == printed
        assert no_word_of_the_applied_step(app)


async def replace_the_puzzle(pilot, settle) -> None:
    """Yes to "Replace this puzzle?": an applied step is a change not saved to a file."""
    if pilot.app.screen.query("#ok"):
        await pilot.click("#ok")
        await settle(pilot)


async def test_the_check_of_a_board_without_entries_says_so_and_not_that_it_is_still_checking(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, settle, "f8")
        assert hint_box(app) == "No entries of yours to check yet."


async def test_the_10x10_hidoku_keeps_all_its_columns_whatever_the_panel_says(settle):
    app = PuzzleAssistant(start="hidoku")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ["f4", "f4", "f4", "right", "5", "f8", "ctrl+z", "f4", "f4", "f4", "f4"]:
            await press(pilot, settle, key)
            assert board_whole(app), key
            first_row = screen_text(app).splitlines()[1]  # under the title bar
            assert first_row.split("▏")[0].split()[-1] == "57", "r1c10 on screen"
        await pilot.press(*["right"] * 9)
        assert "r1c10: 57 (clue)" in screen_text(app)


async def test_a_column_that_widens_takes_its_room_and_the_board_stays_whole(settle):
    app = PuzzleAssistant(start="magic")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, settle, "right", "9", "2", "delete", "ctrl+z")  # 92 back: column 2 sums past 99
        assert "Σ136" in screen_text(app) and board_whole(app)


def panel_on_screen(app) -> str:
    """The words the live panel shows now, its lines run together as a person reads them."""
    region = app.screen.panel.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    text = " ".join(row[region.x : region.right] for row in rows)
    return " ".join(text.translate(str.maketrans("", "", "▌▏▁▂▃▄▅▆▇█")).split())


@pytest.mark.parametrize("kind", ["hidoku", "jodici", "sudoku", "zebra", "mastermind"])
async def test_the_deduction_is_on_screen_whole_under_the_verdict_without_moving_the_focus(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)
        focused = app.focused
        for level in ("why", "the deduction", "apply it", "for the next"):  # the last press applies the step
            await press(pilot, settle, "f4")
            said = " ".join(hint_box(app).split())
            assert level in said
            shown = panel_on_screen(app)
            assert shown.startswith(" ".join(headline(app).split())), "the verdict stays first"
            assert said in shown
        assert app.focused is focused


@pytest.mark.parametrize("kind", ["jodici", "sudoku"])
async def test_a_wrong_entry_is_named_the_persons_and_a_puzzle_that_cannot_be_solved_the_puzzles(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, settle, "right", "right", "9" if kind == "jodici" else "1")  # no solution has it
        await press(pilot, settle, "f4")
        said = " ".join(hint_box(app).split())
        assert said == "No next step: your entry fits no solution. f8 marks it; ctrl+z takes back your last entry."
        assert said in panel_on_screen(app)
        board = app.screen.state
        app.screen.load(dataclasses.replace(board, givens=board.givens | {(0, 2)}))  # printed so: the puzzle's fault
        await settle(pilot)
        await press(pilot, settle, "f4")
        assert hint_box(app) == "Nothing fits: the puzzle as given has no solution."


async def test_keys_run_together_too_few_are_counted_as_pegs(settle):
    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = app.screen.state.rows
        await press(pilot, settle, "r", "g", "b", "enter", "1", "space", "0", "enter")
        assert app.screen.state.rows == rows
        assert str(app.screen.query_one("#entry-message").render()) == "new row: a guess has 6 pegs, this one has 3"
        assert "new row: a guess has 6 pegs, this one" in screen_text(app), "on screen, wrapped under the entry line"


NOTED = ["mastermind", "zebra"]  # where the board shows every deduction already: the step is noted as told


@pytest.mark.parametrize("kind", [*BOARDS, "equation", *NOTED])
async def test_an_applied_hint_says_and_shows_what_it_changed_and_ctrl_z_takes_back_exactly_that(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(kind, pilot, settle)
        step = await to_the_last_page(pilot, settle)
        before, told = app.screen.state, app.screen.told
        await press(pilot, settle, "f4")
        said = " ".join(hint_box(app).split())
        if kind in NOTED:
            noted = mm.said_together(before, list(step.sets)) if kind == "mastermind" else step.settles
            assert said.startswith(f"Noted: {noted}.") and app.screen.state is before
            assert app.screen.told != told, "the next f4 goes on from the step"
        else:
            placed = {fact.at for fact in step.sets if fact.holds}
            entered = join_words([fact.said for fact in step.sets if fact.holds])
            assert said.startswith(f"Entered for you: {entered}, highlighted."), "what it entered, not ruled out"
            assert app.screen.state != before
            if kind == "disks":
                assert app.screen.query_one("DiskRings").cursor[0] in placed, "the disk turned is the chosen one"
            else:
                assert set(app.screen.highlights) == placed, "what the step entered is highlighted, nothing else"
        assert "ctrl+z takes" in said
        on_screen = "".join(line.split("▏")[-1].strip(" ▌") for line in screen_text(app).splitlines())
        assert "".join(said.split()) in "".join(on_screen.split()), "the word of it is on screen whole, at 80x24"
        await press(pilot, settle, "ctrl+z")
        assert app.screen.state == before and app.screen.told == told, "exactly the step is taken back"
        assert no_word_of_the_applied_step(app)
        await press(pilot, settle, "f4")
        assert app.screen.hint_path.steps[0] == step, "untold, the same step is the hint again"


RULES_OUT = [("magic", "between 5 and 28: not 29"), ("equation", "so it is not -9..0")]  # the first step found


@pytest.mark.parametrize(("kind", "ruled_out"), RULES_OUT)
async def test_a_step_that_only_rules_out_offers_no_apply(kind, ruled_out, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.HINT_BUDGET = Budget(work=1)  # the first step found: one that rules a value out
        before = app.screen.state
        await press(pilot, settle, "f4", "f4", "f4")
        said = hint_box(app)
        assert "f4 again" not in said, "apply is not offered"
        *_, deduction, last = said.splitlines()
        assert ruled_out in deduction and last.startswith("Nothing to enter: the step only rules values out"), said
        on_screen = "".join(line.split("▏")[-1].strip(" ▌") for line in screen_text(app).splitlines())
        assert "".join(last.split()) in "".join(on_screen.split()), "said whole at 80x24"
        await press(pilot, settle, "f4")
        assert hint_box(app) == said, "f4 again keeps the deduction and changes nothing"
        assert app.screen.state is before and app.screen.history.index == 0
        assert set(app.screen.highlights) == set(app.screen.hint_path.steps[0].where), "only where to look"
