"""Mastermind beside a human codemaker, or against the computer for practice.

The game is an immutable `mastermind.Game`; every row typed, edited or deleted
makes a new one, and the live worker recomputes the consistent codes, the
suggestion and its explanation.  In practice (the game's `codemaker` set) the
engine gives the pegs, the suggestion is kept back, and a solved game is
reviewed against the best line for the same secret by a second live worker.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Footer, Header, Input, Label, Select, Static, TabbedContent, TabPane

from assistant import tables
from assistant.live import Job, LiveResult
from assistant.screens.base import PuzzleScreen
from assistant.screens.mastermind_hints import MastermindHints, row_number
from assistant.widgets.codes_chart import CodesChart
from assistant.widgets.dialogs import FormDialog
from assistant.widgets.keys import KeysInOrder
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

- Guess: colour letters (`rrbbgg`; the legend under the guess box spells each out:
  `w` white, `k` black, `n` brown, `x` none), names or unique prefixes (`red red blue …`).
- Pegs: black then white, e.g. `1 2`.
- The table on the left is your game; select a row and press **enter** to edit
  it, **delete** to remove it, **shift+up** / **shift+down** to move it.
- On the right: how many secret codes are still possible, the suggested next
  guess with why (feedback → codes left, expected and worst remaining, bits of
  information, chance of winning outright), and the list of remaining codes
  (enter or click one to put it in the guess box); **f3** puts the suggested
  guess there.
- **f4**, pressed again and again: what the rows prove, one fact at a time
  (the rows it uses, then the rule, then the deduction, then it is noted as
  told: **ctrl+z** takes the note back), easiest first: one row, then two,
  then more; once all are told, why the suggestion is the best next question,
  and the last press puts it in the guess box.
- The **cost** column: how many more guesses each row costs on average than
  the optimal guess from the same position (0 for an optimal guess), exact
  where the optimal strategy is known (the classic game once computed,
  positions with few codes left); "–" where it is not.  Variants of more
  than 5,040 codes have no cost column.
- If no code fits, the assistant finds the row most likely mistyped and the
  feedback that would fit: swapped black and white first, then one peg off.

**Practice** (ctrl+n, then "practice: random secret" or "practice:
adversary"): the app keeps the secret, a random one or an adversary that
commits to nothing and always leaves you the most codes. Type a guess and press enter: the app gives the pegs. The
suggestion stays hidden until you solve it; then the Review tab shows your
rows, the best line for the same secret and the best strategy's average.
"""


class EntryBox(KeysInOrder, Input):
    """The guess and pegs boxes: no guess or pegs have a "?", so "?" is left to the help key; enter moves on at
    once, so what is typed behind it in one burst goes into the next box."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character != "?" and super().check_consume_key(key, character)


class RowsTable(KeysInOrder, DataTable):
    """The game's rows: a row picked (enter) is in the entry line before the keys typed behind it are taken."""


@dataclass(frozen=True)
class LiveInput:
    """What the live worker computes from: the game and the chosen strategy."""

    game: mm.Game
    strategy: str


class MastermindScreen(MastermindHints, RowEditing, PuzzleScreen[mm.Game]):
    KIND = "mastermind"
    ROW_LIST = "#rows"
    HELP = HELP
    CSS_PATH = "mastermind.tcss"
    AUTO_FOCUS = "#guess"
    BUDGET = mm.LIVE_BUDGET
    SCREENSHOT_KEYS: ClassVar[tuple[str, ...]] = ()
    BINDINGS = [
        Binding("f3", "use_suggestion", "Use suggestion", tooltip="Put the suggested guess in the guess box"),
        # help even from the guess and pegs boxes (see EntryBox)
        Binding("question_mark", "help", "Help", show=False, priority=True),
        *ROW_BINDINGS,
    ]

    def __init__(self) -> None:
        self.strategy = "entropy"
        self.optimal: dict[tuple[int, int, bool], mm.OptimalSearch] = {}
        self.suggestion: tuple[int, ...] | None = None
        super().__init__()
        self.reviewing: LiveResult[mm.Game, mm.Review] = LiveResult(
            self,
            # its own search, from the totals kept on disk: a search is not shared between workers
            lambda game, job: mm.review(game, job.should_stop, tables.load_optimal(mm.code_space(game))),
            self.show_review,
            on_error=lambda message: self.explain(Text(message, style=self.tone("bad"))),
            name="review",
        )

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="game"):
                yield RowsTable(
                    id="rows", cursor_type="row", zebra_stripes=True, cursor_foreground_priority="renderable"
                )
                yield CodesChart(id="chart")
                with Horizontal(id="entry"):
                    yield EntryBox(placeholder="guess", id="guess")
                    yield EntryBox(placeholder="b w", id="key")
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
        # the columns filled in later are as wide as their widest answer from the start: nothing jumps when it comes
        widths = {"left": max(len("left"), len(f"{mm.code_space(game).size:,}")), "cost": len("+0.00")}
        wanted = [(key, widths.get(key)) for key in columns]
        if [
            (str(key.value), None if column.auto_width else column.width) for key, column in table.columns.items()
        ] != wanted:
            table.clear(columns=True)
            for key, width in wanted:
                table.add_column("#" if key == "number" else key, key=key, width=width)
        table.clear()
        for number, row in enumerate(game.rows, 1):
            pending = [Text("…", style="dim", justify="right")] * (len(columns) - 3)
            table.add_row(
                row_number(number),
                code_pegs(row.guess, game.colours),
                key_pegs(row.feedback.black, row.feedback.white, game.pegs),
                *pending,
                key=str(number - 1),
            )
        if game.rows:
            table.move_cursor(row=len(game.rows) - 1)
        self.query_one("#palette", PaletteBar).show_colours(game.colours, game.keys)
        key = self.query_one("#key", Input)
        key.disabled = game.codemaker is not None
        key.placeholder = "b w" if game.codemaker is None else "app"
        self.query_one("#strategy", Select).display = game.codemaker is None  # the review has its own
        self.query_one("#tabs", TabbedContent).get_tab("suggestion-tab").label = (
            "Review" if reviewed(game) else "Suggestion"
        )

    def describe(self, game: mm.Game) -> str:
        parts = [f"{game.pegs} pegs × {len(game.colours)} colours"]
        if not game.repeats:
            parts.append("no repeats")
        if game.codemaker:
            parts.append(f"practice: {PRACTICE[game.codemaker.kind]}")
        return " · ".join(parts)

    def refresh_all(self) -> None:
        super().refresh_all()
        if reviewed(self.state):
            self.explain(Text("Reviewing the game against the best line…", style="dim"))
            self.reviewing.request(self.state)

    # ------------------------------------------------------------ the live part

    def live_input(self, game: mm.Game) -> LiveInput:
        return LiveInput(game, self.strategy)

    def compute(self, asked: LiveInput, job: Job) -> mm.Analysis:
        """The analysis, with each row scored by the variant's optimal search, whose exact totals are kept on disk."""
        game = asked.game
        optimal = self.optimal_for(game)
        if asked.strategy == "optimal":
            job.progress("(the optimal strategy's first search takes a while)")
        known = optimal.known
        analysis = mm.analyse(
            game, strategy=asked.strategy, budget=self.BUDGET, should_stop=job.should_stop, optimal=optimal
        )
        if optimal.known != known:
            tables.save_optimal(optimal)
        return analysis

    def optimal_for(self, game: mm.Game) -> mm.OptimalSearch:
        """The variant's optimal search, with the exact totals kept on disk."""
        variant = (game.pegs, len(game.colours), game.repeats)
        if variant not in self.optimal:
            self.optimal[variant] = tables.load_optimal(mm.code_space(game))
        return self.optimal[variant]

    def show_result(self, analysis: mm.Analysis) -> None:
        game = self.state
        table = self.query_one("#rows", DataTable)
        for index, left in enumerate(analysis.left_after):
            table.update_cell(str(index), "left", Text(f"{left:,}", justify="right"))
        for index, cost in enumerate(analysis.row_costs if scored(game) else ()):
            table.update_cell(str(index), "cost", cost_text(cost))
        self.query_one(CodesChart).show(analysis.all_codes, analysis.left_after)
        self.suggestion = analysis.suggestion.guess if analysis.suggestion else None
        codes = self.query_one("#codes", LazyList)
        codes.show_rows(analysis.codes, lambda code: code_pegs(code, game.colours))
        self.query_one("#tabs", TabbedContent).get_tab("codes-tab").label = f"Codes left ({analysis.count})"
        if game.codemaker is None:
            self.explain(explanation(analysis, game))
        elif not reviewed(game):
            self.suggestion = None
            self.explain(Text("Practice: the suggestion is kept back until you solve it.", style="dim"))
        if analysis.status == Status.CONTRADICTION:
            detail = without_verdict(analysis.diagnosis or "")
        elif analysis.status == Status.SOLVED:
            detail = Text.assemble("The code: ", code_pegs(analysis.codes[0], game.colours))
        elif analysis.status == Status.UNIQUE:
            detail = Text.assemble("If every row's pegs are right: ", code_pegs(analysis.codes[0], game.colours))
        else:
            detail = analysis.rating or ""
        self.panel.show_analysis(analysis, detail)

    def explain(self, text: Table | Text) -> None:
        self.query_one("#explanation", Static).update(text)

    def show_review(self, review: mm.Review) -> None:
        game = self.state
        if reviewed(game) and review.guesses == tuple(row.guess for row in game.rows):  # not undone meanwhile
            self.explain(review_table(review, game))

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
            editing = (
                f"Editing row {self.editing + 1} (enter saves, escape cancels): " if self.editing is not None else ""
            )
            message.update(Text.assemble((editing, "dim"), code_pegs(guess, self.state.colours)))

    @on(Input.Submitted, "#guess")
    def to_key(self) -> None:
        if self.state.codemaker is None:
            self.query_one("#key", Input).focus()
        else:
            self.submit_row()

    @on(Input.Submitted, "#key")
    @on(Button.Pressed, "#add")
    def submit_row(self) -> None:
        game = self.state
        try:
            if reviewed(game):
                raise PuzzleError(f"solved in {len(game.rows)} guesses: ctrl+n starts a new game")
            guess = mm.parse_guess(game, self.query_one("#guess", Input).value)
            if game.codemaker is None:
                feedback = mm.parse_feedback(game.pegs, self.query_one("#key", Input).value)
            else:
                feedback = mm.answer(game, guess)
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
        if self.state.codemaker is None:
            self.edit_row(int(event.row_key.value))
        else:
            self.say(Text("In practice the pegs are the computer's: ctrl+z takes a guess back.", style="dim"))

    # ------------------------------------------------------------ the rows, for RowEditing

    def fill_entry(self, index: int) -> None:
        row = self.state.rows[index]
        self.query_one("#guess", Input).value = " ".join(self.state.colours[c] for c in row.guess)
        self.query_one("#key", Input).value = f"{row.feedback.black} {row.feedback.white}"
        self.query_one("#key", Input).focus()
        self.show_editing(index)

    def clear_entry(self) -> None:
        self.query_one("#guess", Input).value = self.query_one("#key", Input).value = ""
        self.show_editing(None)

    def show_editing(self, index: int | None) -> None:
        """The row being edited is marked ✎ in the table and the button says Save: the entry line is that row."""
        table = self.query_one("#rows", DataTable)
        for number in range(1, len(self.state.rows) + 1):
            mark = Text("✎", style=self.tone("accent")) if number - 1 == index else row_number(number)
            table.update_cell(str(number - 1), "number", mark)
        self.query_one("#add", Button).label = "Add" if index is None else "Save"

    def load(self, game: mm.Game, path: Path | None = None) -> None:
        """A new game (ctrl+n, a file, an example): nothing typed for the old one stays on screen."""
        self.editing = None
        self.clear_entry()
        self.say("")
        super().load(game, path)

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
        if self.state.codemaker is not None and not reviewed(self.state):
            self.notify("No suggestion in practice until you solve it.", severity="warning")
        elif self.suggestion is None:
            solved = mm.solved(self.state)
            self.notify("Solved: nothing left to suggest." if solved else "No suggestion yet.", severity="warning")
        else:
            self.fill_guess(self.suggestion)

    def suggestion_text(self) -> str:
        """The suggested guess in colour names, as the guess box reads it back."""
        return " ".join(self.state.name(self.suggestion)) if self.suggestion else super().suggestion_text()

    def fill_guess(self, code: tuple[int, ...]) -> None:
        """Put `code` in the guess box and leave the focus there: enter goes on to the pegs, as after typing it."""
        box = self.query_one("#guess", Input)
        box.value = " ".join(self.state.colours[c] for c in code)
        box.focus()
        box.cursor_position = len(box.value)

    @on(Select.Changed, "#strategy")
    def choose_strategy(self, event: Select.Changed) -> None:
        if event.value != self.strategy:
            self.strategy = str(event.value)
            self.live.request(self.live_input(self.state))

    # ------------------------------------------------------------ new game

    def new_state(self) -> NewGameDialog:
        return NewGameDialog()


def without_verdict(diagnosis: str) -> str:
    """The diagnosis under the headline, which already says "No code fits"."""
    rest = diagnosis.removeprefix("No code fits; ")
    return rest[:1].upper() + rest[1:]


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
    if analysis.solved_in:
        return Text(f"Solved in {analysis.solved_in} guesses: the code is found, nothing left to suggest.")
    if suggestion is None:
        return Text("No suggestion: no code fits." if analysis.status == Status.CONTRADICTION else "")
    if suggestion.remaining == 1:
        return Text.assemble("Play ", code_pegs(suggestion.guess, game.colours), ": the only code left, it wins.")
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


PRACTICE = {"random": "a random secret", "adversary": "an adversary"}


def reviewed(game: mm.Game) -> bool:
    """A practice game that is over: time for the review."""
    return game.codemaker is not None and mm.solved(game)


def review_table(review: mm.Review, game: mm.Game) -> Table:
    """The person's rows with their costs, then the best line for the same secret, then its average."""
    rows = Table(box=None, header_style="bold", pad_edge=False)
    for name in ("#", "your guess", "pegs", "cost"):
        rows.add_column(name, justify="right" if name in ("#", "cost") else "left")
    for number, (guess, cost) in enumerate(zip(review.guesses, review.costs), 1):
        pegs = mm.score(review.secret, guess)
        rows.add_row(
            str(number), code_pegs(guess, game.colours), key_pegs(pegs.black, pegs.white, game.pegs), cost_text(cost)
        )
    best = Table(box=None, header_style="bold", pad_edge=False)
    for name in ("#", f"{review.strategy} line", "pegs"):
        best.add_column(name, justify="right" if name == "#" else "left")
    for number, guess in enumerate(review.line, 1):
        pegs = mm.score(review.secret, guess)
        best.add_row(str(number), code_pegs(guess, game.colours), key_pegs(pegs.black, pegs.white, game.pegs))
    over = f"all {review.secrets:,} secrets" if review.strategy == "optimal" else f"{review.secrets:,} sampled secrets"
    outer = Table.grid()
    outer.add_row(
        Text.assemble(
            f"Solved in {len(review.guesses)} guesses; the secret was ", code_pegs(review.secret, game.colours)
        )
    )
    outer.add_row(rows)
    if all(cost is None for cost in review.costs):
        outer.add_row(Text("Row costs need the exact optimum, out of reach on this board.", style="dim"))
    outer.add_row(Text(f"\nThe {review.strategy} strategy on the same secret: {len(review.line)} guesses"))
    outer.add_row(best)
    outer.add_row(Text(f"\nIt needs {review.average:.4f} guesses on average ({over})."))
    return outer


class NewGameDialog(FormDialog):
    """Choose pegs, colours, whether colours repeat, and who keeps the secret for a new game."""

    CONFIRM = "Start"

    PRESETS = {
        "classic": (4, "red blue green yellow orange purple", "yes"),
        "seed": (6, "red blue green yellow orange brown black white none", "yes"),
        "super": (5, "red blue green yellow orange purple white black", "yes"),
        "bulls": (4, "0 1 2 3 4 5 6 7 8 9", "no"),
    }

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("New Mastermind game", classes="title")
            yield Select(
                [
                    ("classic: 4 pegs, 6 colours", "classic"),
                    ("the seed's: 6 pegs, 9 colours", "seed"),
                    ("super: 5 pegs, 8 colours", "super"),
                    ("Bulls and Cows: 4 of 10 digits, no repeats", "bulls"),
                ],
                value="classic",
                allow_blank=False,
                id="preset",
            )
            with Horizontal(classes="fields"):
                yield Input("4", placeholder="pegs (2..8)", id="pegs")
                yield Input(self.PRESETS["classic"][1], placeholder="colour names, 2..10", id="colours")
            with Horizontal(classes="fields"):
                yield Select(
                    [("colours may repeat", "yes"), ("no repeated colours", "no")],
                    value="yes",
                    allow_blank=False,
                    id="repeats",
                )
                yield Select(
                    [
                        ("codemaker: a person", "person"),
                        ("practice: random secret", "random"),
                        ("practice: adversary", "adversary"),
                    ],
                    value="person",
                    allow_blank=False,
                    id="codemaker",
                )
            yield Static("", classes="error", id="error")
            yield self.buttons()

    @on(Select.Changed, "#preset")
    def preset(self, event: Select.Changed) -> None:
        pegs, colours, repeats = self.PRESETS[str(event.value)]
        self.query_one("#pegs", Input).value = str(pegs)
        self.query_one("#colours", Input).value = colours
        self.query_one("#repeats", Select).value = repeats

    def accept(self) -> None:
        text = f"pegs: {self.query_one('#pegs', Input).value}\ncolours: {self.query_one('#colours', Input).value}\n"
        text += f"repeats: {self.query_one('#repeats', Select).value}\n"
        codemaker = self.query_one("#codemaker", Select).value
        if codemaker == "random":
            text += f"codemaker: random {random.randrange(1_000_000)}\n"  # the game file keeps it: sessions restore
        elif codemaker == "adversary":
            text += "codemaker: adversary\n"
        try:
            self.dismiss(mm.parse(text))
        except PuzzleError as error:
            self.query_one("#error", Static).update(str(error))
