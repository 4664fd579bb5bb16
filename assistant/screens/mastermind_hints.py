"""f4 on the Mastermind screen: what the rows prove, one fact at a time, then the best next question.

A fact changes nothing on the board, so its level 4 notes it as told (ctrl+z
takes the note back): the next f4 goes on to the next fact (`told` is passed
to the engine, and is kept while the rows it was told about stay as they
were).  The suggestion's level 4 puts the guess in the guess box, as f3 does;
in practice, where f3 keeps the suggestion back until the code is found, f4
tells the facts only.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual.widgets import DataTable

from assistant.live import Job
from puzzles import mastermind as mm
from puzzles.steps import Fact, Path, Step


class MastermindHints:
    """Mixin for `MastermindScreen`: the facts told so far, the rows a hint looks at, and applying a step."""

    told: tuple[tuple[mm.Row, ...], frozenset[Fact]] = ((), frozenset())  # the rows they were told about, the facts

    def next_step(self, game: mm.Game, job: Job) -> Path:
        rows, told = self.told
        if game.rows[: len(rows)] != rows:
            told = frozenset()  # a row they rested on was edited: tell afresh
        ask = game.codemaker is None  # in practice the suggestion is kept back, as f3 keeps it
        return mm.next_step(
            game, budget=self.HINT_BUDGET, should_stop=job.should_stop, strategy=self.strategy, told=told, ask=ask
        )

    def show_places(self, places: tuple[Hashable, ...], kind: str) -> None:
        """The rows a hint uses, or the check suspects, are marked in the # column."""
        table = self.query_one("#rows", DataTable)
        style = self.tone("bad" if kind == "mistake" else "accent")
        for index in range(min(len(self.state.rows), table.row_count)):
            marked = index in places
            number = Text(row_number(index + 1, "▸" if marked else ""), style=style if marked else "")
            table.update_cell(str(index), "number", number)

    def place_names(self, places: tuple[Hashable, ...]) -> list[str]:
        return ["the suggested guess" if place == mm.NEXT_GUESS else f"row {place + 1}" for place in places]

    def enters(self, step: Step) -> bool:
        """Every step applies: a guess fills the guess box, a fact is noted as told."""
        return True

    def apply_hint(self, step: Step) -> None:
        guess = mm.guessed(step)
        if guess is None:
            rows, told = self.told
            kept = told if self.state.rows[: len(rows)] == rows else frozenset()
            noted = mm.said_together(self.state, list(step.sets))  # "red and brown are not in the code"
            self.note_told((self.state.rows, kept | frozenset(step.sets)), noted)
            return
        self.fill_guess(guess)
        self.forget_hint()
        self.panel.show_hint(
            Text(f"{' '.join(self.state.name(guess))} is in the guess box: type its pegs once you have them.")
        )


def row_number(number: int, mark: str = "") -> str:
    """A row's number in the # column, after a place kept for a mark (▸ a hint's row): a mark shifts no row."""
    return f"{mark or ' '}{number}"
