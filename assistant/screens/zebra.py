"""Zebra and logic grids: type the clues as printed, watch the grid narrow, know why.

The puzzle is an immutable `zebra.Puzzle`; every clue typed, edited, moved or
deleted (and every category typed as `Name: a, b, c`) makes a new one.  The
live worker counts the solutions and marks the grid; the clue list shows how
many solutions each clue leaves, and the panel explains the selected cell by
its mark.  The solutions, and the answers to the page's questions, are on the
table f3 shows: the screen opens on the grid, and gives nothing away unasked.

f4 tells the easiest next deduction of the Zebra ladder a level at a time
(the grid's rows and the clues it uses, the rule, the deduction, then what it
settles).  The grid marks everything the clues decide, so there is nothing to
enter at the last level: the step is noted as told (ctrl+z takes the note
back), and the next f4 goes on from it, for as long as clues are only added.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import ContentSwitcher, Footer, Header, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from assistant.live import Job, LiveResult
from assistant.screens.base import PuzzleScreen
from assistant.widgets.clue_form import StateClueDialog
from assistant.widgets.dialogs import AskDialog
from assistant.widgets.keys import KeysInOrder
from assistant.widgets.live_panel import LivePanel
from assistant.widgets.row_editing import ROW_BINDINGS, RowEditing
from assistant.widgets.zebra_grid import ZebraGrid
from puzzles import zebra
from puzzles.core import Count, PuzzleError, Status
from puzzles.steps import Path as StepPath
from puzzles.steps import Step
from puzzles.zebra.analysis import ClueNote

Preview = tuple[zebra.Puzzle, tuple[Step, ...], StepPath]
"""The next step (a path of one) after the steps told on a puzzle."""

HELP = """
Every category has as many values as there are objects, and every value
belongs to exactly one object: houses 1..n from left to right, or the values
of the `key` category (people in a logic grid).

Paste a whole page as puzzle sites print it (`There are 6 houses ...`, a line
`` - People keep unique animals: `cat`, `dog`, ... `` per category, then
`## Clues:`): it replaces the puzzle (ctrl+z brings the old one back). Each
category is named after its description (`Animal`); typing `Pet: cat, dog,
...` with the same values renames it. Pasted lines without categories are
added as clues.

Type a clue as printed and press **enter**: `The Englishman lives in the red
house.`, `Kools are smoked in the house next to the horse.`, or the formal
`Colour:red == Nationality:Englishman`. A line `Name: a, b, c` adds or
replaces a category. Each clue is echoed in canonical form under the entry
line so you see how it was read; a clue that cannot be read says where and
why, and keeps what you typed.

| key | action |
| --- | --- |
| enter (clue list) | edit the clue |
| delete (clue list) | delete it |
| shift+up / shift+down (clue list) | move it |
| escape | stop editing |
| arrows (grid) | choose a cell; the panel says why it is marked |
| f3 | grid / solution table |
| f7 | state a clue by picking its parts (replaces the selected unread clue) |

f4 gives the easiest next deduction a level at a time: the rows and clues to
look at, the rule and the clues it uses, then the deduction in the clues'
words. The fourth press notes the step as told (the grid already marks what
the clues decide; ctrl+z takes the note back) and the next f4 goes on from
it: one clue alone, each value once, transitivity, one clue over the places
left, two, three or four clues together, and trial only as the last resort,
said plainly.

Marks: **X** a clue rules it out (the panel names it), **O** the only place
left by the clues one at a time, **x** no solution has it though no single
clue shows it, **o** every solution has it, **·** still open. The clue list
shows how many solutions are left after each clue; one that changed nothing
is yellow (a likely misreading), clues in conflict are red.
"""


class ValueSuggester(Suggester):
    """Completes the word being typed to one of the puzzle's values or category names."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.words: list[str] = []

    async def get_suggestion(self, value: str) -> str | None:
        start = max(value.rfind(" "), value.rfind(":")) + 1
        stem = value[start:]
        if len(stem) < 2:
            return None
        for word in self.words:
            if word.lower().startswith(stem.lower()) and len(word) > len(stem):
                return value + word[len(stem) :]
        return None


class ClueInput(KeysInOrder, Input):
    """The entry line; pasting several lines at once hands them to the screen (a page, or clues) instead of
    keeping only the first, as a plain Input does.  Enter saves at once: a clue typed behind it in one burst is
    the next one."""

    @dataclass
    class Pasted(Message):
        text: str

    def _on_paste(self, event: events.Paste) -> None:
        if len([line for line in event.text.splitlines() if line.strip()]) > 1:
            event.stop()
            self.post_message(self.Pasted(event.text))
        else:
            super()._on_paste(event)


class ClueList(KeysInOrder, OptionList):
    """The clue list: a clue picked (enter) is in the entry line before the keys typed behind it are taken."""


class ZebraScreen(RowEditing, PuzzleScreen[zebra.Puzzle]):
    KIND = "zebra"
    ROW_LIST, ROWS, ROW_WORD = "#clues", "clues", "clue"
    HELP = HELP
    CSS_PATH = "zebra.tcss"
    AUTO_FOCUS = "#clue"
    BINDINGS = [
        Binding("f3", "toggle_view", "Grid/solutions", tooltip="Show the candidate grid or the solution table"),
        Binding("f7", "state_clue", "State clue", tooltip="State a clue by picking two values and how they relate"),
        *ROW_BINDINGS,
    ]

    def __init__(self) -> None:
        self.analysis: zebra.Analysis | None = None
        self.refused: str | None = None  # the clue just refused: enter again keeps it unread
        self.suggester = ValueSuggester()
        self.told: tuple[Step, ...] = ()  # the hint steps taken, on `told_on` or a puzzle with clues added to it
        self.told_on: zebra.Puzzle | None = None
        self.preview: Preview | None = None  # the next step, worked out ahead: f4 has it at once
        self.hint_spots: tuple = ()
        self.buffers = zebra.Buffers()  # the big counts' buffers, kept from clue to clue
        super().__init__()
        self.previews: LiveResult[tuple[zebra.Puzzle, tuple[Step, ...]], Preview] = LiveResult(
            self, self.preview_step, self.preview_ready, on_error=lambda message: None, debounce=0, name="preview"
        )
        self.notes: LiveResult[zebra.Analysis, zebra.Analysis] = LiveResult(
            self,
            self.count_notes,
            self.notes_counted,
            on_error=lambda message: None,
            on_progress=self.notes_counted,
            debounce=0,
            name="notes",
        )

    def compose(self) -> ComposeResult:
        yield Header()
        with ContentSwitcher(initial="grid-view", id="views"):
            with VerticalScroll(id="grid-view"):
                yield ZebraGrid(id="grid")
            with VerticalScroll(id="table-view"):
                yield Static(id="solutions")
        yield ClueInput(
            placeholder="type a clue as printed, Name: a, b, c, or paste a whole page",
            id="clue",
            compact=True,
            suggester=self.suggester,
        )
        yield Label("", id="message")
        with Horizontal(id="bottom"):
            yield ClueList(id="clues")
            yield LivePanel()
        yield Footer(compact=True)

    # ------------------------------------------------------------ drawing

    def draw(self, puzzle: zebra.Puzzle) -> None:
        if not clues_added(self.told_on, puzzle):
            self.told = ()
        self.told_on = puzzle
        self.query_one(ZebraGrid).show(puzzle, self.analysis)
        self.suggester.words = sorted(
            {v for c in puzzle.categories for v in c.values} | {c.name for c in puzzle.categories}, key=str.lower
        )
        self.draw_clues(puzzle)

    def describe(self, puzzle: zebra.Puzzle) -> str:
        things = f"positions 1..{puzzle.n}" if puzzle.key is None else f"objects: {puzzle.categories[puzzle.key].name}"
        return f"{len(puzzle.categories)} categories × {puzzle.n} · {things}"  # fits the title bar at 80 columns

    def draw_clues(self, puzzle: zebra.Puzzle, notes: tuple[ClueNote, ...] = ()) -> None:
        """The clue list; `notes` (the analysis of this very puzzle) add each clue's count and colour."""
        clues = self.query_one("#clues", OptionList)
        highlighted = clues.highlighted
        options = []
        for i, clue in enumerate(puzzle.clues):
            note = notes[i] if i < len(notes) else None
            left = "…" if note is None or note.after is None else short_count(note.after)
            tone = None if note is None else "bad" if note.in_conflict else "warning" if note.idle else None
            if clue.unread:
                left, tone = "unread", "warning"
            style = self.tone(tone) if tone else ""
            row = Table.grid(padding=(0, 1, 0, 0))
            row.add_column(width=6, justify="right", style=self.tone("accent"))
            row.add_column(width=3, justify="right", style="dim")
            row.add_column(ratio=1)
            number = f"{i + 1}."
            hinted = Text(number, style=self.tone("warning")) if ("clue", i) in self.hint_spots else number
            row.add_row(left, hinted, Text(clue.text, style=style))
            options.append(Option(row, id=str(i)))
        clues.set_options(options)
        if options:
            index = len(options) - 1 if highlighted is None else min(highlighted, len(options) - 1)
            clues.highlighted = index

    def compute(self, puzzle: zebra.Puzzle, job: Job) -> zebra.Analysis:
        zebra.warm_up(puzzle)  # before the budget starts: once per run, most of a second on a big grid
        return zebra.analyse(
            puzzle,
            budget=self.BUDGET,
            should_stop=job.should_stop,
            earlier=self.analysis,
            marked=job.progress,
            buffers=self.buffers,
        )

    def show_progress(self, report: Any) -> None:
        """The exact grid comes before the count, which on a big grid takes the whole budget: draw it at once."""
        if isinstance(report, zebra.Analysis):
            self.query_one(ZebraGrid).show(report.puzzle, report)
        else:
            super().show_progress(report)

    def refresh_all(self) -> None:
        """Every edit also stops the next step and the clue notes still being worked out for the clues before it:
        their Python would hold the GIL the new count's compiled workers need between runs."""
        self.previews.cancel()
        self.notes.cancel()
        super().refresh_all()

    def show_result(self, analysis: zebra.Analysis) -> None:
        self.analysis = analysis
        puzzle = analysis.puzzle
        self.query_one(ZebraGrid).show(puzzle, analysis)
        self.draw_clues(puzzle, analysis.notes)
        self.query_one("#solutions", Static).update(solution_tables(analysis))
        self.show_panel()
        if analysis.status != Status.UNIQUE and analysis.count.value:
            self.previews.request((puzzle, self.told))
        if any(note.after is None for note in analysis.notes):
            self.notes.request(analysis)

    def count_notes(self, analysis: zebra.Analysis, job: Job) -> zebra.Analysis:
        return zebra.notes_completed(
            analysis, budget=self.BUDGET, should_stop=job.should_stop, buffers=self.buffers, noted=job.progress
        )

    def notes_counted(self, analysis: zebra.Analysis) -> None:
        """A clue note the count's budget left as "…", counted since: the list says it, and the next edit lends it."""
        if self.analysis is not None and self.analysis.puzzle is analysis.puzzle:
            self.analysis = analysis
            self.draw_clues(analysis.puzzle, analysis.notes)
            self.show_panel()  # a clue that changed nothing, once its note says so

    def show_panel(self) -> None:
        analysis = self.analysis
        if analysis is None:
            return
        solved = analysis.status == Status.UNIQUE
        on_table = self.query_one("#views", ContentSwitcher).current == "table-view"
        detail = Text(solved_text(analysis.puzzle, on_table) if solved else self.next_text(analysis))
        cell = self.query_one(ZebraGrid).cursor
        if cell[0] in analysis.puzzle.free and cell[1] < analysis.puzzle.n:
            detail.append("\n\n" + (self.cell_reason(analysis, *cell) or analysis.explain(*cell)), style="italic")
        self.panel.show_analysis(analysis, detail)

    def next_text(self, analysis: zebra.Analysis) -> str:
        """What to do next, without giving it away: f4 where a deduction is next (not which one), else the
        analysis's word (the clues in conflict, or what would tell the solutions apart)."""
        preview = self.preview
        if analysis.conflict or preview is None or preview[:2] != (analysis.puzzle, self.told) or not preview[2].steps:
            return analysis.hint
        return f"f4: a hint, one level at a time.{analysis.clue_warnings}"

    def cell_reason(self, analysis: zebra.Analysis, c: int, v: int, o: int) -> str | None:
        """Why a cell is settled, as a hint step taken with f4 settled it: the step with every clue it uses.

        Only the steps the person took: a step they have not asked for would be a hint given unasked.
        """
        if analysis.puzzle is not self.told_on:
            return None
        for number, step in enumerate(self.told, 1):
            for fact in step.sets:
                if fact.at == (c, v) and (fact.value == o or fact.holds):
                    verdict = "is" if fact.holds and fact.value == o else "is not"
                    value, at = analysis.puzzle.name((c, v)), analysis.where(o)
                    return f"{value} {verdict} at {at}: hint step {number} ({step.rule}). {step.text}"
        return None

    # ------------------------------------------------------------ hints (f4)

    def preview_step(self, asked: tuple[zebra.Puzzle, tuple[Step, ...]], job: Job) -> Preview:
        puzzle, told = asked
        return puzzle, told, zebra.next_step(puzzle, told=told, budget=self.HINT_BUDGET, should_stop=job.should_stop)

    def preview_ready(self, preview: Preview) -> None:
        self.preview = preview
        self.show_panel()

    def next_step(self, state: zebra.Puzzle, job: Job) -> StepPath:
        """The hint: the step the panel already names, or the easiest one after the steps taken."""
        if self.preview is not None and self.preview[:2] == (state, self.told):
            return self.preview[2]
        return zebra.next_step(state, told=self.told, budget=self.HINT_BUDGET, should_stop=job.should_stop)

    def enters(self, step: Step) -> bool:
        """Every step applies: it is noted as told."""
        return True

    def apply_hint(self, step: Step) -> None:
        """The grid already marks what the clues decide: the step is noted as told, and the next f4 goes on from it."""
        self.note_told((*self.told, step), step.settles or step.rule, " The grid marks it already.")
        self.set_class(True, "-hinting")  # the note is read whole too, until the next edit or hint forgets it

    def told_changed(self) -> None:
        self.previews.request((self.state, self.told))

    def show_places(self, places: tuple, kind: str) -> None:
        """The hint's rows and clues highlighted; while a hint is read, the grid gives the panel room for it whole."""
        puzzle = self.state
        self.hint_spots = places
        self.set_class(bool(places), "-hinting")
        self.query_one(ZebraGrid).show_hint(frozenset(cell for spot in places for cell in spot_cells(puzzle, spot)))
        self.draw_clues(puzzle, self.analysis.notes if self.analysis and self.analysis.puzzle is puzzle else ())

    def place_names(self, places: tuple) -> list[str]:
        return [zebra.spot_name(self.state, spot) for spot in places]

    @on(ZebraGrid.Picked)
    def picked(self) -> None:
        self.show_panel()

    def action_toggle_view(self) -> None:
        views = self.query_one("#views", ContentSwitcher)
        views.current = "table-view" if views.current == "grid-view" else "grid-view"
        self.show_panel()

    # ------------------------------------------------------------ typing clues

    @on(OptionList.OptionHighlighted, "#clues")
    def show_reading(self, event: OptionList.OptionHighlighted) -> None:
        if self.editing is not None or event.option_index >= len(self.state.clues):
            return
        self.say_reading(self.state.clues[event.option_index])

    @on(Input.Submitted, "#clue")
    def submit(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        where = self.entry_target()
        try:
            if zebra.is_category_line(text):
                puzzle, where = zebra.set_category(self.state, text), "category"
            elif self.editing is None:
                puzzle = zebra.add_clue(self.state, text)
            else:
                puzzle = zebra.add_clue(zebra.remove_clue(self.state, self.editing), text, at=self.editing)
        except PuzzleError as error:
            if where != "category" and text == self.refused:
                puzzle = zebra.add_clue(self.state, text, at=self.editing, keep_unread=True)  # enter again: keep it
                if self.editing is not None:
                    puzzle = zebra.remove_clue(puzzle, self.editing + 1)
            else:
                self.refused = text
                again = "" if where == "category" else "; enter again keeps it as an unread clue"
                self.say(Text(f"{where}: {error}{again}", style=self.tone("bad")))
                if error.column:
                    event.input.cursor_position = error.column - 1
                return
        self.refused = None
        index = self.editing if self.editing is not None else len(puzzle.clues) - 1
        self.row_saved()
        self.change(puzzle)
        if where != "category":
            self.query_one("#clues", OptionList).highlighted = index
            self.say_reading(puzzle.clues[index])
        else:
            self.say(Text(f"categories: {', '.join(c.name for c in puzzle.categories)}", style="dim"))

    def on_paste(self, event: events.Paste) -> None:
        """Text pasted while the grid or the clue list has the focus: as if into the entry line."""
        self.paste(event.text)

    @on(ClueInput.Pasted)
    def pasted(self, event: ClueInput.Pasted) -> None:
        self.paste(event.text)

    def paste(self, text: str) -> None:
        """A pasted page (or puzzle file) replaces the puzzle, undoably; pasted clues are added to it."""
        try:
            puzzle = zebra.paste(self.state, text)
        except PuzzleError as error:
            self.say(Text(f"pasted text: {error}", style=self.tone("bad")))
            return
        self.row_saved()
        self.change(puzzle)
        self.query_one("#clue", Input).value = ""
        unread = sum(bool(clue.unread) for clue in puzzle.clues)
        kept = f" ({unread} unread: select one to see why)" if unread else ""
        self.notify(
            f"Pasted: {self.describe(puzzle)}, {len(puzzle.clues)} clues{kept}. ctrl+z brings back the old puzzle."
        )

    def action_state_clue(self) -> None:
        """The form for a clue the reader cannot read: it replaces the selected unread clue, or adds one."""
        index = self.query_one("#clues", OptionList).highlighted
        unread = None
        if index is not None and index < len(self.state.clues) and self.state.clues[index].unread:
            unread = self.state.clues[index]

        def stated(text: str | None) -> None:
            if text is None:
                return
            puzzle = self.state
            if unread is not None:
                puzzle = zebra.add_clue(zebra.remove_clue(puzzle, index), text, at=index)
            else:
                puzzle = zebra.add_clue(puzzle, text)
            self.change(puzzle)
            self.say_reading(puzzle.clues[index if unread is not None else -1])

        self.app.push_screen(StateClueDialog(self.state, unread), stated)

    @on(OptionList.OptionSelected, "#clues")
    def clue_selected(self, event: OptionList.OptionSelected) -> None:
        self.edit_row(event.option_index)

    def say(self, text: Text | str) -> None:
        """The line under the entry line, read whole: a message longer than it takes up to four lines, the views
        giving it the room."""
        self.query_one("#message", Label).update(text)
        self.set_class(0 < self.size.width - 2 < len(str(text)), "-said-long")

    def say_reading(self, clue: zebra.Clue) -> None:
        """How a clue was understood, in canonical form, so a misreading shows at once; or why it is unread."""
        if clue.unread:
            self.say(Text(f"unread, left out of the count: {clue.unread} (f7 states it)", style=self.tone("warning")))
        else:
            chosen = (f" ({clue.doubt})", "dim") if clue.doubt else ""
            self.say(Text.assemble(("read as: ", "dim"), clue.canonical, chosen))

    def action_undo(self) -> None:
        before = self.state
        super().action_undo()
        self.point_at_change(before)

    def action_redo(self) -> None:
        before = self.state
        super().action_redo()
        self.point_at_change(before)

    def point_at_change(self, before: zebra.Puzzle) -> None:
        """After undo or redo, the clue list and the line under the entry line are on the clue that changed (or the
        one nearest where it went), never on one the undo left alone: redo said the clue before it was read."""
        clues = self.state.clues
        if self.state is before or not clues:
            return
        changed = [i for i, (old, new) in enumerate(zip(before.clues, clues)) if old.text != new.text]
        at = changed[0] if changed else min(len(before.clues), len(clues))
        if at == len(before.clues) == len(clues):  # the categories changed, not a clue
            self.say("")
            return
        index = min(at, len(clues) - 1)
        self.query_one("#clues", OptionList).highlighted = index
        self.say_reading(clues[index])

    # ------------------------------------------------------------ the clue list, for RowEditing

    def fill_entry(self, index: int) -> None:
        box = self.query_one("#clue", Input)
        box.value = self.state.clues[index].text
        box.focus()

    def clear_entry(self) -> None:
        self.query_one("#clue", Input).value = ""

    def without_row(self, index: int) -> zebra.Puzzle:
        return zebra.remove_clue(self.state, index)

    def with_row_moved(self, index: int, to: int) -> zebra.Puzzle:
        return zebra.move_clue(self.state, index, to)

    # ------------------------------------------------------------ new puzzle

    def new_state(self) -> AskDialog:
        def check(text: str) -> zebra.Puzzle:
            return zebra.parse(text.replace(";", "\n"))

        return AskDialog(
            "New logic grid: the categories, separated by ';' (add `key: Name` for people, not houses)",
            check,
            placeholder="Person: Ann, Bob, Cid; Age: 20, 30, 40; key: Person",
        )

    def load(self, puzzle: zebra.Puzzle, path: Path | None = None) -> None:
        self.analysis = None  # of the puzzle being replaced: no help to the new one
        self.refused = None
        self.say("")  # the old puzzle's "read as:" says nothing of the new one
        super().load(puzzle, path)


def clues_added(before: zebra.Puzzle | None, after: zebra.Puzzle) -> bool:
    """Whether `after` is `before` with clues only added at the end: the steps told on it still hold."""
    if before is None or (before.categories, before.key) != (after.categories, after.key):
        return False
    return [c.atoms for c in after.clues[: len(before.clues)]] == [c.atoms for c in before.clues]


def solved_text(puzzle: zebra.Puzzle, on_table: bool) -> str:
    """Where the solution is, for the person to ask for: the table, not the panel (on it, the way back)."""
    if on_table:
        return "f3: back to the grid."
    return f"f3: the solution table{', with the answers to the page' * bool(puzzle.questions)}."


def spot_cells(puzzle: zebra.Puzzle, spot: tuple) -> list[tuple[int, int, int]]:
    """The grid cells of a place a hint names: a value's row, or a category's column at an object."""
    if spot[0] == "value":
        return [(spot[1], spot[2], o) for o in range(puzzle.n)]
    if spot[0] == "column":
        return [(spot[1], v, spot[2]) for v in range(puzzle.n)]
    return []


def short_count(count: Count) -> str:
    """A count in at most six characters, for the clue list: 804, 995k, 7.5M, 24.9bn."""
    n = count.value
    text = (
        str(n) if n < 10_000 else f"{n / 1e3:.0f}k" if n < 1e6 else f"{n / 1e6:.1f}M" if n < 1e9 else f"{n / 1e9:.1f}bn"
    )
    return text if count.exact else "≥" + text


def solution_tables(analysis: zebra.Analysis) -> Table | Text:
    """The solutions as tables, one row per category and one column per object, as puzzle books print them;
    once there is one, the page's closing questions answered above it."""
    if not analysis.solutions:
        return Text(analysis.hint)
    p = analysis.puzzle
    outer = Table.grid(padding=(0, 0, 1, 0))
    if analysis.status == Status.UNIQUE and (answers := zebra.answers(p, analysis.solutions[0])):
        outer.add_row(Text("\n").join(Text.assemble((f"{a.question} ", "bold"), a.answer) for a in answers))
    shown = len(analysis.solutions)
    if analysis.count.value > 1:
        outer.add_row(Text(f"{shown} of {analysis.count.of('solution')}", style="bold"))
    for number, solution in enumerate(analysis.solutions, 1):
        table = Table(
            title=f"solution {number}" if analysis.count.value > 1 else None,
            title_justify="left",
            show_header=False,
            box=None,
            padding=(0, 1),
        )
        table.add_column(style="bold")
        for _ in range(p.n):
            table.add_column()
        if p.key is None:
            table.add_row("", *(str(o + 1) for o in range(p.n)), style="dim")
        for c, category in enumerate(p.categories):
            table.add_row(category.name, *(row[c] for row in solution))
        outer.add_row(table)
    return outer
