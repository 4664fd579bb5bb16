"""Flower disks: the disks as rows of petals, turned by hand, with every solution live."""

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
from assistant.widgets.disk_rows import DiskRows
from assistant.widgets.live_panel import LivePanel
from puzzles import disks as engine

HELP = """
Disks lie on top of each other; each field of a disk is solid (●) or a hole
(○). Disk 1 stays put; turn the others so that every field is covered by
exactly one solid part (or at least one, with `cover: at least one` in the file).

| key | action |
| --- | --- |
| up / down | choose a disk |
| left / right | choose a field |
| space | make the field solid or a hole |
| `,` / `.` | turn the chosen disk left / right |
| a | turn the disks to the first solution |

The bottom line counts the solid parts over each field as the disks lie now:
green is right, red is not.
"""


class DisksScreen(PuzzleScreen[engine.Disks]):
    KIND = "disks"
    HELP = HELP
    CSS_PATH = "disks.tcss"
    AUTO_FOCUS = "DiskRows"
    BINDINGS = [
        Binding("space", "toggle", "Solid/hole"),
        Binding("comma", "turn(-1)", "Turn ←"),
        Binding("full_stop", "turn(1)", "Turn →"),
        Binding("a", "apply", "Apply solution", show=False),
    ]

    def __init__(self) -> None:
        self.analysis: engine.Analysis | None = None
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="board"):
                yield DiskRows()
            yield LivePanel()
        yield Footer(compact=True)

    def draw(self, disks: engine.Disks) -> None:
        self.query_one(DiskRows).show_disks(disks)

    def describe(self, disks: engine.Disks) -> str:
        return f"{len(disks.rows)} disks × {disks.fields} fields, cover {disks.cover}"

    def compute(self, disks: engine.Disks, job: Job) -> engine.Analysis:
        return engine.analyse(disks, budget=self.BUDGET, should_stop=job.should_stop)

    def show_result(self, analysis: engine.Analysis) -> None:
        self.analysis = analysis
        apply = "\nPress a to turn the disks to the first one." if analysis.count.value else ""
        self.panel.show_analysis(analysis, Text(analysis.explanation + apply))

    def action_toggle(self) -> None:
        disk, field = self.query_one(DiskRows).cursor
        self.change(self.state.toggle(disk, field))

    @on(DiskRows.Picked)
    def picked(self, event: DiskRows.Picked) -> None:
        self.change(self.state.toggle(event.disk, event.field))

    def action_turn(self, step: int) -> None:
        disk = self.query_one(DiskRows).cursor[0]
        if disk == 0:
            self.notify("Disk 1 stays put: turn the others.", severity="warning")
            return
        self.change(self.state.turn(disk, step))

    def action_apply(self) -> None:
        if not self.analysis or not self.analysis.solutions:
            self.notify("No solution to apply.", severity="warning")
            return
        self.change(replace(self.state, rotations=self.analysis.solutions[0]))

    def new_state(self) -> engine.Disks:
        return engine.parse("\n".join([",".join("0" * 12)] * 4))
