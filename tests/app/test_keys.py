"""Every key a screen's footer shows is also in the command palette and in its F1 help."""

import re
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import DataTable, Input, OptionList

from assistant.app import PuzzleAssistant
from assistant.kinds import KINDS
from assistant.widgets.dialogs import HelpDialog

# How a help text writes the keys whose binding names are words.
WRITTEN = {"comma": ",", "full_stop": "."}


def mentioned(key: str, text: str) -> bool:
    """The key as help writes keys: `code`, **bold**, or alone in a table cell."""
    key = re.escape(WRITTEN.get(key, key))
    return re.search(rf"`{key}`|\*\*{key}\*\*|\|\s*{key}\s*[|/]|[|/]\s*{key}\s*\|", text) is not None


def shown_actions(app: PuzzleAssistant) -> dict[tuple[int, str], tuple[str, list[str]]]:
    """The footer's actions (screen and focused widgets, not the app's own): description and keys.

    The footer shows one key per action ("enter,space" shows as enter), so help may name any of them.
    """
    actions: dict[tuple[int, str], tuple[str, list[str]]] = {}
    for key, active in app.screen.active_bindings.items():
        if active.binding.show and active.node is not app:
            actions.setdefault((id(active.node), active.binding.action), (active.binding.description, []))[1].append(
                key
            )
    return actions


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
async def test_every_shown_key_is_in_the_palette_and_the_help(kind, settle):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = shown_actions(app).values()
        assert shown
        palette = {command.title for command in app.get_system_commands(app.screen)}
        assert [description for description, _ in shown if description not in palette] == []
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpDialog)
        assert [keys for _, keys in shown if not any(mentioned(key, app.screen.text) for key in keys)] == []


async def test_the_examples_key_works_while_typing_in_a_text_box(settle):
    """Mastermind opens with the guess box focused, and a text box reads ctrl+e as "end of line"."""
    from textual.widgets import Input

    app = PuzzleAssistant(start="mastermind")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.focused, Input)
        await pilot.press("ctrl+e")
        await settle(pilot)
        assert type(app.screen).__name__ == "ChoiceDialog"


@pytest.mark.parametrize(
    ("kind", "list_id", "list_type", "action"),
    [("zebra", "#clues", OptionList, "delete_row"), ("mastermind", "#rows", DataTable, "delete_row")],
)
async def test_delete_is_offered_where_it_deletes_and_left_to_the_text_boxes_elsewhere(
    kind, list_id, list_type, action, settle
):
    app = PuzzleAssistant(start=kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.focused, Input)
        assert app.screen.active_bindings["delete"].binding.action != action  # the text box's own delete
        app.screen.query_one(list_id, list_type).focus()
        await pilot.pause()
        assert app.screen.active_bindings["delete"].binding.action == action


README = Path(__file__).resolve().parents[2] / "README.md"


def readme_keys() -> str:
    """The first column of README's key table (the one headed `| key |`), one cell a line."""
    table = README.read_text(encoding="utf-8").split("\n| key |", 1)[1].split("\n\n", 1)[0]
    return "\n".join(row.split("|")[1] for row in table.splitlines()[2:])


def in_key_table(key: str, column: str) -> bool:
    """A key named as the table names keys: a word (`ctrl+s`, `a`) on its own, a sign (`,` `?`) in backticks."""
    written = WRITTEN.get(key, "?" if key == "question_mark" else key)
    if not written.replace("+", "").isalnum():
        return f"`{written}`" in column
    return re.search(rf"(?<![\w+]){re.escape(written)}(?![\w+])", column) is not None


def own_bindings(cls: type) -> list[Binding]:
    """Every key a class binds in the assistant's own classes, inherited ones too (Textual's own left out), one a key."""
    declared = [b for c in cls.__mro__ if c.__module__.startswith("assistant.") for b in c.__dict__.get("BINDINGS", [])]
    return list(Binding.make_bindings(declared))


@pytest.mark.parametrize("start", ["home", *(kind.name for kind in KINDS)])
async def test_every_binding_is_in_the_footer_or_the_palette_and_in_the_readme(start, settle):
    """The app's and the screen's keys: each shown in the footer or offered by ctrl+p, and in README's key table."""
    app = PuzzleAssistant(start=start)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bindings = own_bindings(PuzzleAssistant) + own_bindings(type(app.screen))
        palette = {command.title for command in app.get_system_commands(app.screen)}
        assert [b.key for b in bindings if not b.show and b.description not in palette] == []
        column = readme_keys()
        assert [b.key for b in bindings if not in_key_table(b.key, column)] == []
