"""State a clue by picking it: two values, how they relate, and an amount, when the reader cannot read the words.

The form writes the clue in the formal words the reader always reads
(`Customers:Cal is $2 more than Customers:Di in Prices`) and checks it as any
typed clue is checked, so a stated clue is an ordinary clue of the puzzle.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Select, Static

from assistant.widgets.dialogs import FormDialog
from assistant.widgets.keys import KeysInOrder
from puzzles import zebra
from puzzles.core import PuzzleError

RELATIONS = {
    "is the same as": "{a} == {b}",
    "is not": "{a} != {b}",
    "is more than": "{a} is {amount}more than {b} in {category}",
    "is less than": "{a} is {amount}less than {b} in {category}",
    "is next to": "{a} is next to {b}",
    "is just left of": "{a} is immediately to the left of {b}",
    "is somewhere left of": "{a} is somewhere to the left of {b}",
}
ORDERED = ("is more than", "is less than")
POSITIONAL = ("is next to", "is just left of", "is somewhere left of")


class PartSelect(KeysInOrder, Select):
    """A list of a clue's parts whose keys act in the order typed: "down down enter" typed at once opens it, moves
    and picks."""


class StateClueDialog(FormDialog):
    """Two values, a relation, an amount and the category it is counted in; dismisses with the clue's text."""

    CONFIRM = "State it"
    DEFAULT_CSS = """
    StateClueDialog Select { width: 100%; }
    StateClueDialog #amount { width: 100%; }
    StateClueDialog .said { color: $text-muted; height: auto; margin-bottom: 1; }
    """

    def __init__(self, puzzle: zebra.Puzzle, unread: zebra.Clue | None = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.unread = unread

    def compose(self) -> ComposeResult:
        p = self.puzzle
        values = [
            (p.name((c, v)), p.name((c, v))) for c, cat in enumerate(p.categories) for v in range(len(cat.values))
        ]
        relations = [r for r in RELATIONS if (r not in POSITIONAL or p.key is None)]
        ordered = [(cat.name, cat.name) for cat in p.categories if cat.scale is not None]
        if not ordered:
            relations = [r for r in relations if r not in ORDERED]
        with Vertical():
            yield Label("State a clue by picking its parts", classes="title")
            if self.unread is not None:
                yield Static(f"{self.unread.text}\n({self.unread.unread})", classes="said")
            yield PartSelect(values, prompt="first value", id="a", compact=True)
            yield PartSelect(
                [(r, r) for r in relations], prompt="how they relate", id="relation", value=relations[0], compact=True
            )
            yield PartSelect(values, prompt="second value", id="b", compact=True)
            if ordered:
                yield PartSelect(ordered, prompt="counted in", id="category", value=ordered[0][1], compact=True)
                yield Input(
                    placeholder="by how much (blank: any amount), in the category's unit", id="amount", compact=True
                )
            yield Static("", classes="error", id="error")
            yield self.buttons()

    def picked(self, name: str) -> str:
        matches = self.query(f"#{name}")
        if not matches:
            return ""
        widget = matches.first()
        value = widget.value if isinstance(widget, Input) else widget.selection
        return (value or "").strip()

    def accept(self) -> None:
        a, b, relation = self.picked("a"), self.picked("b"), self.picked("relation")
        if not (a and b and relation):
            self.query_one("#error", Static).update("Pick both values and how they relate.")
            return
        amount = self.picked("amount")
        text = RELATIONS[relation].format(
            a=a, b=b, amount=f"{amount} " if amount else "", category=self.picked("category")
        )
        try:
            zebra.read_clue(self.puzzle, text)
        except PuzzleError as error:
            self.query_one("#error", Static).update(f"{text}: {error.message}")
            return
        self.dismiss(text)
