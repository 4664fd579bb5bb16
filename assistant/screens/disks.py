"""Flower disks: the disks as nested rings of fields, turned by hand, with every solution live."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header

from assistant.live import Job
from assistant.screens.base import PuzzleScreen
from assistant.widgets.disk_rings import DiskRings
from assistant.widgets.live_panel import LivePanel
from puzzles import disks as engine
from puzzles.steps import Step

HELP = """
Disks lie on top of each other; each field of a disk is solid (●) or a hole
(○). Disk 1 stays put; turn the others so that every field is covered by
exactly one solid part (or at least one, with `cover: at least one` in the file).
Disk 1 is drawn as the outer ring, the others inside it; fields are numbered
clockwise from the top, and the list beside the rings says how far each disk
is turned. The chosen disk is marked ▸ in that list, the chosen field drawn
◉ (solid) or ◎ (a hole).

| key | action |
| --- | --- |
| up / down | choose a disk (out / in) |
| left / right | choose a field (round the ring) |
| space | make the field solid or a hole (or click it) |
| `,` / `.` | turn the chosen disk anticlockwise / clockwise |
| a | turn the disks to the first solution |
| f4 | a hint, a level deeper each press: the disk to look at, the rule, the deduction a step a press, then it is turned |

The numbers around the outside count the solid parts over each field as the
disks lie now: green is right, red is not.
"""


class DisksScreen(PuzzleScreen[engine.Disks]):
    KIND = "disks"
    HELP = HELP
    CSS_PATH = "disks.tcss"
    AUTO_FOCUS = "DiskRings"
    BINDINGS = [
        # Short names, so that all the disks' own keys fit in the footer at 80 columns
        Binding("space", "toggle", "Flip", tooltip="Make the chosen field solid or a hole"),
        # The engine turns a disk's fields left (anticlockwise on the rings): "." turns them back, clockwise.
        # One footer entry for both turns
        Binding("comma", "turn(1)", "Turn", key_display=",.", tooltip="Turn the chosen disk anticlockwise"),
        Binding("full_stop", "turn(-1)", "Turn back", tooltip="Turn the chosen disk clockwise", show=False),
        Binding("a", "apply", "Solve", tooltip="Turn the disks to the first solution"),
    ]

    def __init__(self) -> None:
        self.analysis: engine.Analysis | None = None
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="board"):
                yield DiskRings()
            yield LivePanel()
        yield Footer(compact=True)

    def draw(self, disks: engine.Disks) -> None:
        self.query_one(DiskRings).show_disks(disks)

    def describe(self, disks: engine.Disks) -> str:
        return f"{len(disks.rows)} disks × {disks.fields} fields, cover {disks.cover}"

    def compute(self, disks: engine.Disks, job: Job) -> engine.Analysis:
        return engine.analyse(disks, budget=self.BUDGET, should_stop=job.should_stop)

    def show_result(self, analysis: engine.Analysis) -> None:
        self.analysis = analysis
        self.panel.show_analysis(analysis, Text(self.detail(analysis)))

    def detail(self, analysis: engine.Analysis) -> str:
        """Why nothing solves it, or how to ask: the turns that solve it are the answer, shown only on asking."""
        if analysis.count.value and not analysis.solved:
            return "f4: a hint, one level at a time · f8: check your turns · a: turn the disks to a solution"
        return analysis.explanation

    def action_toggle(self) -> None:
        disk, field = self.query_one(DiskRings).cursor
        self.change(self.state.toggle(disk, field))

    @on(DiskRings.Picked)
    def picked(self, event: DiskRings.Picked) -> None:
        self.change(self.state.toggle(event.disk, event.field))

    def action_turn(self, step: int) -> None:
        disk = self.query_one(DiskRings).cursor[0]
        if disk == 0:
            self.notify("Disk 1 stays put: turn the others.", severity="warning")
            return
        self.change(self.state.turn(disk, step))

    def action_apply(self) -> None:
        if not self.analysis or not self.analysis.solutions:
            self.notify("No solution to apply.", severity="warning")
            return
        self.change(replace(self.state, rotations=self.analysis.solutions[0]))

    def show_places(self, places: tuple, kind: str) -> None:
        """A hint's disk is the chosen one: its ring and its line in the legend stand out."""
        if places:
            rings = self.query_one(DiskRings)
            rings.cursor = (places[0], rings.cursor[1])

    def place_names(self, places: tuple) -> list[str]:
        return [f"disk {disk + 1}" for disk in places]

    def apply_step(self, disks: engine.Disks, step: Step) -> engine.Disks:
        """The turns a step settles, made as a hand turn: undoable like any other."""
        turns = list(disks.turned)
        for fact in step.sets:
            if fact.holds:
                turns[fact.at] = fact.value
        return replace(disks, rotations=tuple(turns))

    def new_state(self) -> engine.Disks:
        return engine.parse("\n".join([",".join("0" * 12)] * 4))
