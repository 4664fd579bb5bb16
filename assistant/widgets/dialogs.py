"""Small modal dialogs every puzzle screen shares: file path, examples, help, confirm."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select, Static, TextArea
from textual.widgets.option_list import Option

from assistant.settings import remember_folder
from assistant.widgets.keys import KeysFollowTheFocus
from puzzles.core import PuzzleError


class Dialog(KeysFollowTheFocus, ModalScreen):
    DEFAULT_CSS = """
    Dialog { align: center middle; }
    Dialog > Vertical {
        width: 70; max-width: 95%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 1 2;
    }
    Dialog .title { text-style: bold; margin-bottom: 1; width: 100%; }
    Dialog .error { color: $error; height: auto; }
    Dialog Horizontal { height: auto; align-horizontal: right; margin-top: 1; }
    Dialog Button { margin-left: 1; }
    """
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]


class FormDialog(Dialog):
    """A dialog that is filled in and accepted, the same way in every one of them.

    Its confirming button comes first, so tab reaches it before Cancel; enter accepts from anywhere but an open list
    (enter picks there), a text area (a new line) and a button (enter presses it: Cancel cancels).
    """

    CONFIRM = "OK"
    BINDINGS = [Binding("enter", "accept", "Accept", show=False, priority=True)]

    def buttons(self, variant: str = "primary") -> Horizontal:
        """The confirming button (#ok, named CONFIRM), then Cancel (#cancel): composed last in the form."""
        return Horizontal(Button(self.CONFIRM, variant=variant, id="ok"), Button("Cancel", id="cancel"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "accept":
            takes_enter = isinstance(self.focused, (Button, TextArea))
            return not takes_enter and not any(select.expanded for select in self.query(Select))
        return super().check_action(action, parameters)

    def action_accept(self) -> None:
        self.accept()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.accept()
        else:
            self.dismiss(None)

    def accept(self) -> None:
        raise NotImplementedError


class AskDialog(FormDialog):
    """Asks for one line; `check` turns it into the result or refuses it.

    A refusal shows its message under the input and keeps what was typed.
    The text offered is selected, so that typing replaces it, unless `select` is False (typing goes on after it).
    """

    def __init__(
        self,
        title: str,
        check: Callable[[str], object],
        initial: str = "",
        placeholder: str = "",
        *,
        select: bool = True,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.check = check
        self.initial = initial
        self.placeholder = placeholder
        self.select = select

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            yield Input(self.initial, placeholder=self.placeholder, select_on_focus=self.select, id="answer")
            yield Static("", classes="error", id="error")
            yield self.buttons()

    def accept(self) -> None:
        text = self.query_one("#answer", Input).value.strip()
        if not text:
            self.query_one("#error", Static).update("Type something first.")
            return
        try:
            result = self.check(text)
        except (OSError, PuzzleError, UnicodeDecodeError, ValueError) as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(result)


def path_dialog(
    title: str, use: Callable[[Path], object], initial: str = "", placeholder: str = "path/to/file.txt"
) -> AskDialog:
    """Asks for a path and hands it to `use`; its errors name the path.

    A folder offered (ending in a separator) is kept as typing starts: the file's name goes after it.
    """

    def check(text: str) -> object:
        path = Path(text).expanduser()
        try:
            return use(path)
        except (OSError, PuzzleError, UnicodeDecodeError) as error:
            raise ValueError(f"{path}: {getattr(error, 'strerror', None) or error}") from None

    return AskDialog(title, check, initial, placeholder, select=not initial.endswith(os.sep))


def remember_folder_of(node: DOMNode, use: str, folder: Path) -> None:
    """Offer `folder` for `use` ("pictures", "puzzles") next time; failing to remember it is said, not fatal."""
    try:
        remember_folder(use, folder.resolve())
    except OSError as error:
        node.notify(f"The folder could not be remembered: {error}", severity="warning")


class ChoiceDialog(Dialog):
    """Picks one of a few named choices, such as the bundled examples.

    It dismisses with the chosen key, or with what `then` makes of it (the next dialog, say).
    """

    def __init__(self, title: str, choices: dict[str, str], then: Callable[[str], object] = str) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.then = then

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            yield OptionList(*(Option(label, id=key) for key, label in self.choices.items()))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.then(event.option.id))


class ConfirmDialog(FormDialog):
    """A yes-or-no question: it dismisses with True on Yes (enter), None on Cancel (escape)."""

    CONFIRM = "Yes"

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, classes="title")
            yield self.buttons(variant="warning")

    def accept(self) -> None:
        self.dismiss(True)


# The keys of every puzzle screen, at the end of each one's help and of the home screen's.
COMMON_KEYS = """
## Keys on every puzzle screen
| key | action |
| --- | --- |
| ctrl+z / ctrl+y | undo / redo |
| ctrl+o / ctrl+s | open a file / save to a file |
| ctrl+e | load a bundled example |
| ctrl+n | new puzzle |
| f4 | a hint: press again for more (where, why, the deduction, apply it) |
| f8 | check your entries: those no solution has are marked, nothing else is shown |
| f5 | save a picture of the screen (SVG) into a folder you choose |
| f6 | copy the suggestion, the solution or the puzzle text to the clipboard |
| escape | back to the entry line; from there, back to the list of puzzles |
| f2 | back to the list of puzzles |
| ctrl+p | command palette (every action, themes) |
| f1 / ? | this help (? where it is not typed into a text box) |
"""


class HelpDialog(Dialog):
    """F1: the puzzle's rules, its keys and what the marks mean."""

    DEFAULT_CSS = """
    HelpDialog > Vertical { width: 90; max-width: 100%; }
    HelpDialog VerticalScroll { height: auto; max-height: 50vh; }  /* the Close button stays in view at 24 rows */
    """
    BINDINGS = [Binding("escape,f1,q,question_mark", "dismiss(None)", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # here: its parser and pygments are loaded when help is first shown

        with Vertical():
            with VerticalScroll():
                yield Markdown(self.text)
            with Horizontal():
                yield Button("Close", variant="primary", id="close")

    def on_button_pressed(self) -> None:
        self.dismiss(None)
