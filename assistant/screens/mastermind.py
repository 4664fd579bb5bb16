"""Mastermind beside a human codemaker: type each guess and its pegs, see what is left.

The game is an immutable `mastermind.Game`; every row typed, edited or deleted
makes a new one, and the live worker recomputes the consistent codes, the
suggestion and its explanation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Footer, Header, Input, Label, Select, Static, TabbedContent, TabPane

from assistant import tables
from assistant.live import Job
from assistant.screens.base import PuzzleScreen
from assistant.widgets.dialogs import Dialog
from assistant.widgets.lazy_list import LazyList
from assistant.widgets.live_panel import LivePanel
from assistant.widgets.pegs import PaletteBar, code_pegs, key_pegs
from assistant.widgets.row_editing import ROW_BINDINGS, RowEditing
from puzzles import mastermind as mm
from puzzles.core import PuzzleError, Status

HELP = """
Play against a human codemaker. After each guess, type the guess and the key
pegs you were given: **black** = right colour in the right place, **white** =
right colour in the wrong place (each peg counted once).

- Guess: colour letters (`rrbbgg`), names or unique prefixes (`red red blue …`).
- Pegs: black then white, e.g. `1 2`.
- The table on the left is your game; select a row and press **enter** to edit
  it, **delete** to remove it, **shift+up** / **shift+down** to move it.
- On the right: how many secret codes are still possible, the suggested next
  guess with why (feedback → codes left, expected and worst remaining, bits of
  information, chance of winning outright), and the list of remaining codes
  (enter or click one to put it in the guess box); **f3** puts the suggested
  guess there.
- The **cost** column: how many more guesses each row costs on average than
  the optimal guess from the same position (0 for an optimal guess), exact
  where the optimal strategy is known (the classic game once computed,
  positions with few codes left); "–" where it is not.  Variants of more
  than 4,096 codes have no cost column.
- If no code fits, the assistant finds the row most likely mistyped and the
  feedback that would fit.
"""


@dataclass(frozen=True)
class LiveInput:
    """What the live worker computes from: the game and the chosen strategy."""

    game: mm.Game
    strategy: str


class MastermindScreen(RowEditing, PuzzleScreen[mm.Game]):
    KIND = "mastermind"
    ROW_LIST = "#rows"
    HELP = HELP
    CSS_PATH = "mastermind.tcss"
    AUTO_FOCUS = "#guess"
    BUDGET = mm.LIVE_BUDGET
    SCREENSHOT_KEYS: ClassVar[tuple[str, ...]] = ()
    BINDINGS = [
        Binding("f3", "use_suggestion", "Use suggestion", tooltip="Put the suggested guess in the guess box"),
        *ROW_BINDINGS,
    ]

    def __init__(self) -> None:
        self.strategy = "entropy"
        self.optimal: dict[tuple[int, int], mm.OptimalSearch] = {}
        self.suggestion: tuple[int, ...] | None = None
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="game"):
                yield DataTable(
                    id="rows", cursor_type="row", zebra_stripes=True, cursor_foreground_priority="renderable"
                )
                with Horizontal(id="entry"):
                    yield Input(placeholder="guess", id="guess")
                    yield Input(placeholder="b w", id="key")
                    yield Button("Add", id="add", variant="primary")
                yield PaletteBar(id="palette")
                yield Label("", id="entry-message")
            with Vertical(id="side"):
                yield LivePanel()
                with TabbedContent(id="tabs"):
                    with TabPane("Suggestion", id="suggestion-tab"):
                        with VerticalScroll():
                            yield Select(
                                [(f"strategy: {name}", name) for name in mm.STRATEGIES],
                                value=self.strategy,
                                allow_blank=False,
                                id="strategy",
                            )
                            yield Static(id="explanation")
                    with TabPane("Codes left", id="codes-tab"):
                        yield LazyList(id="codes")
        yield Footer(compact=True)

    # ------------------------------------------------------------ drawing the game

    def draw(self, game: mm.Game) -> None:
        table = self.query_one("#rows", DataTable)
        columns = ["number", "guess", "pegs", "left"] + ["cost"] * scored(game)
        if [str(key.value) for key in table.columns] != columns:
            table.clear(columns=True)
            for key in columns:
                table.add_column("#" if key == "number" else key, key=key)
        table.clear()
        for number, row in enumerate(game.rows, 1):
            pending = [Text("…", style="dim", justify="right")] * (len(columns) - 3)
            table.add_row(
                str(number),
                code_pegs(row.guess, game.colours),
                key_pegs(row.feedback.black, row.feedback.white, game.pegs),
                *pending,
                key=str(number - 1),
            )
        if game.rows:
            table.move_cursor(row=len(game.rows) - 1)
        self.query_one("#palette", PaletteBar).show_colours(game.colours, game.keys)

    def describe(self, game: mm.Game) -> str:
        return f"{game.pegs} pegs × {len(game.colours)} colours"

    # ------------------------------------------------------------ the live part

    def live_input(self, game: mm.Game) -> LiveInput:
        return LiveInput(game, self.strategy)

    def compute(self, asked: LiveInput, job: Job) -> mm.Analysis:
        """The analysis, with each row scored by the variant's optimal search, whose exact totals are kept on disk."""
        game = asked.game
        variant = (game.pegs, len(game.colours))
        if variant not in self.optimal:
            self.optimal[variant] = tables.load_optimal(mm.code_space(game))
        optimal = self.optimal[variant]
        if asked.strategy == "optimal":
            job.progress("(the optimal strategy's first search takes a while)")
        known = optimal.known
        analysis = mm.analyse(
            game, strategy=asked.strategy, budget=self.BUDGET, should_stop=job.should_stop, optimal=optimal
        )
        if optimal.known != known:
            tables.save_optimal(optimal)
        return analysis

    def show_result(self, analysis: mm.Analysis) -> None:
        game = self.state
        table = self.query_one("#rows", DataTable)
        for index, left in enumerate(analysis.left_after):
            table.update_cell(str(index), "left", Text(f"{left:,}", justify="right"), update_width=True)
        for index, cost in enumerate(analysis.row_costs if scored(game) else ()):
            table.update_cell(str(index), "cost", cost_text(cost), update_width=True)
        self.suggestion = analysis.suggestion.guess if analysis.suggestion else None
        codes = self.query_one("#codes", LazyList)
        codes.show_rows(analysis.codes, lambda code: code_pegs(code, game.colours))
        self.query_one("#tabs", TabbedContent).get_tab("codes-tab").label = f"Codes left ({analysis.count})"
        self.query_one("#explanation", Static).update(explanation(analysis, game))
        if analysis.status == Status.CONTRADICTION:
            detail = analysis.diagnosis or ""
        elif analysis.status == Status.UNIQUE:
            detail = code_pegs(analysis.codes[0], game.colours)
        else:
            detail = analysis.rating or ""
        self.panel.show_analysis(analysis, detail)

    # ------------------------------------------------------------ typing a row

    @on(Input.Changed, "#guess")
    def preview_guess(self, event: Input.Changed) -> None:
        message = self.query_one("#entry-message", Label)
        if not event.value.strip():
            message.update("")
            return
        try:
            guess = mm.parse_guess(self.state, event.value)
        except PuzzleError as error:
            message.update(Text(str(error), style=self.tone("bad")))
        else:
            message.update(code_pegs(guess, self.state.colours))

    @on(Input.Submitted, "#guess")
    def to_key(self) -> None:
        self.query_one("#key", Input).focus()

    @on(Input.Submitted, "#key")
    @on(Button.Pressed, "#add")
    def submit_row(self) -> None:
        try:
            guess = mm.parse_guess(self.state, self.query_one("#guess", Input).value)
            feedback = mm.parse_feedback(self.state.pegs, self.query_one("#key", Input).value)
            row = mm.Row(guess, feedback)
            game = self.state.with_row(row) if self.editing is None else self.state.replace_row(self.editing, row)
        except PuzzleError as error:
            self.say(Text(f"{self.entry_target()}: {error}", style=self.tone("bad")))
            return
        self.row_saved()
        self.say("")
        self.change(game)
        self.query_one("#guess", Input).focus()

    @on(DataTable.RowSelected, "#rows")
    def row_selected(self, event: DataTable.RowSelected) -> None:
        self.edit_row(int(event.row_key.value))

    # ------------------------------------------------------------ the rows, for RowEditing

    def fill_entry(self, index: int) -> None:
        row = self.state.rows[index]
        self.query_one("#guess", Input).value = " ".join(self.state.colours[c] for c in row.guess)
        self.query_one("#key", Input).value = f"{row.feedback.black} {row.feedback.white}"
        self.query_one("#key", Input).focus()

    def clear_entry(self) -> None:
        self.query_one("#guess", Input).value = self.query_one("#key", Input).value = ""

    def say(self, text: Text | str) -> None:
        self.query_one("#entry-message", Label).update(text)

    def without_row(self, index: int) -> mm.Game:
        return self.state.without_row(index)

    def with_row_moved(self, index: int, to: int) -> mm.Game:
        return self.state.with_row_moved(index, to)

    @on(PaletteBar.Picked)
    def add_peg(self, event: PaletteBar.Picked) -> None:
        box = self.query_one("#guess", Input)
        words = box.value.split()
        box.value = " ".join([*words, self.state.colours[event.colour]])
        box.focus()
        box.cursor_position = len(box.value)

    @on(LazyList.Picked, "#codes")
    def use_code(self, event: LazyList.Picked) -> None:
        self.fill_guess(tuple(int(c) for c in event.row))

    def action_use_suggestion(self) -> None:
        if self.suggestion is None:
            self.notify("No suggestion yet.", severity="warning")
        else:
            self.fill_guess(self.suggestion)

    def fill_guess(self, code: tuple[int, ...]) -> None:
        box = self.query_one("#guess", Input)
        box.value = " ".join(self.state.colours[c] for c in code)
        self.query_one("#key", Input).focus()

    @on(Select.Changed, "#strategy")
    def choose_strategy(self, event: Select.Changed) -> None:
        if event.value != self.strategy:
            self.strategy = str(event.value)
            self.live.request(self.live_input(self.state))

    # ------------------------------------------------------------ new game

    def new_state(self) -> NewGameDialog:
        return NewGameDialog()


def scored(game: mm.Game) -> bool:
    """Whether rows of this variant can be scored against the exact optimum (else no cost column)."""
    return mm.code_space(game).size <= mm.ExactSearch.MAX_SPACE


def cost_text(cost: float | None) -> Text:
    """A row's expected extra guesses over the optimal guess: "0", "+0.21", or "–" when not known."""
    if cost is None:
        return Text("–", style="dim", justify="right")
    return Text("0" if cost == 0 else f"+{cost:.2f}", justify="right")


def explanation(analysis: mm.Analysis, game: mm.Game) -> Table | Text:
    suggestion = analysis.suggestion
    if suggestion is None:
        return Text("No suggestion: no code fits." if analysis.status == Status.CONTRADICTION else "")
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("feedback")
    table.add_column("codes left", justify="right")
    for feedback, size in suggestion.parts:
        table.add_row(key_pegs(feedback.black, feedback.white, game.pegs), f"{size:,}")
    kind = "a code that may win" if suggestion.consistent else "a probe (cannot win)"
    best = f" ({mm.SAMPLED})" if suggestion.best_so_far else ""
    summary = Text.assemble(
        ("Try ", ""),
        code_pegs(suggestion.guess, game.colours),
        f"  {suggestion.strategy}{best}\n",
        f"expected left {suggestion.expected:.1f}, worst {suggestion.worst:,}, "
        f"{suggestion.entropy:.2f} bits, wins now {suggestion.win_chance:.0%}, {kind}",
    )
    outer = Table.grid()
    outer.add_row(summary)
    outer.add_row(table)
    return outer


class NewGameDialog(Dialog):
    """Choose pegs and colours for a new game."""

    PRESETS = {
        "classic": (4, "red blue green yellow orange purple"),
        "seed": (6, "red blue green yellow orange brown black white none"),
        "super": (5, "red blue green yellow orange purple white black"),
    }

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("New Mastermind game", classes="title")
            yield Select(
                [
                    ("classic: 4 pegs, 6 colours", "classic"),
                    ("the seed's: 6 pegs, 9 colours", "seed"),
                    ("super: 5 pegs, 8 colours", "super"),
                ],
                value="classic",
                allow_blank=False,
                id="preset",
            )
            yield Input("4", placeholder="pegs (2..8)", id="pegs")
            yield Input(self.PRESETS["classic"][1], placeholder="colour names, 2..10", id="colours")
            yield Static("", classes="error", id="error")
            with Horizontal():
                yield Button("Cancel", id="cancel")
                yield Button("Start", variant="primary", id="start")

    @on(Select.Changed, "#preset")
    def preset(self, event: Select.Changed) -> None:
        pegs, colours = self.PRESETS[str(event.value)]
        self.query_one("#pegs", Input).value = str(pegs)
        self.query_one("#colours", Input).value = colours

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def start(self) -> None:
        text = f"pegs: {self.query_one('#pegs', Input).value}\ncolours: {self.query_one('#colours', Input).value}\n"
        try:
            self.dismiss(mm.parse(text))
        except PuzzleError as error:
            self.query_one("#error", Static).update(str(error))
