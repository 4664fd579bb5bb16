"""Every key a screen's footer shows is also in the command palette and in its F1 help."""

import re

import pytest
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
