"""Peg solitaire explorer: play on the board, every move annotated with the games it keeps."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.widgets import Footer, Header, Label, ProgressBar, Static, TextArea

from assistant import tables
from assistant.live import Job, LiveResult
from assistant.screens.base import PuzzleScreen
from assistant.sessions import Meaning, numbers
from assistant.widgets.dialogs import AskDialog, ChoiceDialog, FormDialog
from assistant.widgets.live_panel import LivePanel
from assistant.widgets.openings import OpeningsDialog
from assistant.widgets.peg_board import PegBoard
from puzzles import peg as engine
from puzzles.core import PuzzleError, read_number

HELP = """
Jump a peg over a neighbouring peg into an empty hole; the jumped peg is
removed. The goal is one peg left.

Move the cursor with the arrows (or click), press **enter** on a peg to pick
it up, then on an empty hole to jump there. Holes you can jump to are marked:
green keeps a one-peg finish possible, red loses it. The panel lists every
legal move with the number of winning games that follow it, and the
*survival* line shows how many winning games remained after each move played.

| key | action |
| --- | --- |
| h, f4 | hint: the move that keeps the most games |
| w | show a whole winning line from here |
| o | openings map of this board: games per start, where the last peg ends (t: as a table) |
| b | build the big board's tables (once; they are kept in your cache) |
| t | think on: settle undecided (?) moves without a time limit |
| ctrl+n | a new game: a named board and its empty hole, or *draw a board* |

A board of your own: in *draw a board* (or in a position file) write
`board: square` or `board: triangular`, then its rows: `X` a peg, `O` or `.`
an empty hole, `-` no hole, one space between cells. On a square board pegs
jump along rows and columns; a triangular board is drawn like the triangles,
each row shifted one space from the next, and pegs jump in six directions.
Up to 63 holes; everything the named boards offer works on it.

On the English board from the centre, counts come from Bell's table of every
position that is both reachable and still winnable (1,679,072 up to symmetry):
built once in about 20 seconds, then every move is annotated at once. They
count games whose last peg ends in the centre.

Where the games are too many to count live (the English board from other
holes, the European board, triangle7) a pruned search answers instead: beam
searches look for a winning line, a depth-first search with a memory of dead
positions proves losses, and both stop at an exact table of endgames.  A move
then shows **≥1** when a winning line was found after it, **0** when it was
proved lost, and a yellow **?** when neither was settled in time.  On the
English and European boards, **b** also builds once a table of every position
the winnable starts reach (English about 20 s, European about 2 minutes and
1 GiB on disk): a position still wins when its complement is among them, so
every move of a game begun at a start is settled at once, when any finish
will do (`puzzle-assistant peg build european` does the same).
"""


@dataclass(frozen=True)
class LiveInput:
    """What the live worker computes from: a position, and whether to take all the time it needs."""

    position: engine.Position
    patient: bool = False


class PegScreen(PuzzleScreen[engine.Position]):
    KIND = "peg"
    BUDGET = engine.LIVE_BUDGET
    HELP = HELP
    CSS_PATH = "peg.tcss"
    AUTO_FOCUS = "PegBoard"
    SCREENSHOT_KEYS = ("right", "right", "down", "down", "enter", "up", "up", "enter")
    BINDINGS = [
        Binding("h,f4", "hint", "Hint", tooltip="The move that keeps the most games"),  # f4: every screen's hint
        Binding("w", "winning_line", "Line"),
        Binding("o", "openings", "Openings"),
        Binding("t", "think_on", "Think on"),  # shown only while some move is undecided (check_action)
        Binding("b", "build_table", "Build table"),  # shown only where a table is missing (check_action)
    ]
    # What `t` and `b` depend on (`check_action`): the footer is refreshed when what they offer changes.
    analysis: var[engine.Analysis | None] = var(None, always_update=True)
    building: var[tables.Key | None] = var(None)  # the table being built

    def __init__(self) -> None:
        self.picked: int | None = None
        self.known: dict[tables.Key, tables.Table] = {}  # tables loaded or built
        self.patient_for: engine.Position | None = None  # the position to search without a time limit
        self._offered: tuple[bool | None, bool | None] = (False, False)  # t and b, as the footer last showed them
        super().__init__()
        self.table_builder = LiveResult(
            self,
            build_win_table,
            self.table_built,
            on_error=lambda message: self.table_built(f"could not be built: {message}"),
            on_progress=self.show_building_progress,
            debounce=0,
            name="table",
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide `t` and `b` where they would only say there is nothing to do."""
        if action == "think_on":  # some move undecided, and not already thinking on this position
            undecided = self.analysis is not None and any(not m.decided for m in self.analysis.moves)
            return undecided and self.patient_for is not self.state
        if action == "build_table":
            return self.table_to_build() is not None and self.building is None
        return super().check_action(action, parameters)

    def watch_analysis(self) -> None:
        self.offer_keys()

    def watch_building(self) -> None:
        self.offer_keys()

    def offer_keys(self) -> None:
        """Refresh the footer only when `t` or `b` comes or goes.

        Each refresh rebuilds Textual's footer, whose data bindings pile up on
        it (8.2.8): refreshing after every result slowed a long game down.
        """
        offered = (self.check_action("think_on", ()), self.check_action("build_table", ()))
        if offered != self._offered:
            self._offered = offered
            self.refresh_bindings()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            with Vertical(id="left"):
                yield PegBoard()
                yield Static(id="survival")
            with VerticalScroll(id="right"):
                yield ProgressBar(id="building", show_eta=True)
                yield LivePanel()
                yield Static(id="moves")
        yield Footer(compact=True)

    def draw(self, position: engine.Position) -> None:
        self.analysis = None
        self.picked = None
        self.query_one(PegBoard).show(position, None, {})

    def describe(self, position: engine.Position) -> str:
        pegs = bin(position.pegs).count("1")
        where = f", finish at {position.finish}" if position.finish else ""
        return f"{engine.BOARDS[position.board].title}, {pegs} pegs{where}"

    def meaning(self, position: engine.Position) -> dict[str, object]:
        """The moves played: with them a restored game keeps its start (and its exact counts), not only its pegs."""
        return {"played": [list(move) for move in position.played]} if position.played else {}

    def with_meaning(self, position: engine.Position, meaning: Meaning) -> engine.Position:
        played = numbers(meaning.get("played", []), 3, "moves")
        size = engine.BOARDS[position.board].size
        if any(not 1 <= hole <= size for move in played for hole in move):
            raise ValueError(f"a move names a hole outside 1..{size}")
        return engine.opening_position(replace(position, played=played)).play_all(played)

    def live_input(self, position: engine.Position) -> LiveInput:
        return LiveInput(position, patient=position is self.patient_for)

    def compute(self, asked: LiveInput, job: Job) -> engine.Analysis | tuple[str, int]:
        """The analysis; or, for a game whose table is not built yet, that table's (board, hole)."""
        position = asked.position
        key = tables.table_for(position)
        if key is not None and key not in self.known:
            if (found := tables.load_table(*key)) is None:
                return key
            self.known[key] = found
        budget = None if asked.patient else self.BUDGET
        winnable = self.winnable_table(position)
        return engine.analyse(
            position, should_stop=job.should_stop, known=self.known.get(key), budget=budget, table=winnable
        )

    def winnable_table(self, position: engine.Position) -> engine.WinnableTable | None:
        """The board's table of winnable positions when it is cached (loaded once); None while it is not."""
        key = tables.winnable_for(position)
        if key is not None and key not in self.known and (found := tables.load_table(*key)) is not None:
            self.known[key] = found
        return self.known.get(key)

    def table_to_build(self) -> tables.Key | None:
        """The table this game would use that is neither loaded nor cached: Bell's first, then the winnable one."""
        for key in (tables.table_for(self.state), tables.winnable_for(self.state)):
            if key is not None and key not in self.known and not tables.table_file(*key).exists():
                return key
        return None

    def show_result(self, analysis: engine.Analysis | tuple[str, int]) -> None:
        if isinstance(analysis, tuple):
            self.show_missing_table(*analysis)
            return
        self.analysis = analysis
        detail = Text.assemble(analysis.verdict, "\n", (analysis.source, "dim"))
        if any(not m.decided for m in analysis.moves):
            detail.append("\nPress t to think on without a time limit.", style="bold")
        if (key := self.table_to_build()) is not None and analysis.source == engine.SEARCHED:
            # The footer has no room for b at 80 columns: the panel says it where it would help.
            building = self.building == key
            detail.append(
                f"\nBuilding the {key[0]} table: play on meanwhile."
                if building
                else f"\nPress b to build the {key[0]} table once: then every move is settled at once."
            )
        self.panel.show_analysis(analysis, detail)
        self.query_one("#moves", Static).update(self.moves_table(analysis))
        survival = " → ".join(f"{n:,}" for n in analysis.survival) or "not counted"
        self.query_one("#survival", Static).update(Text.assemble(("survival: ", "dim"), survival))
        self.redraw_board()

    def moves_table(self, analysis: engine.Analysis) -> Table:
        """Each legal move with its winning games: kept wins, proved losses and undecided moves in their tones."""
        table = Table(box=None, header_style="bold", pad_edge=False)
        table.add_column("move")
        table.add_column("winning games", justify="right")
        for m in analysis.moves:
            a, b, c = m.move
            tone = "good" if m.keeps_win else ("bad" if m.decided else "warning")
            table.add_row(f"{a:>2} over {b:>2} → {c:>2}", Text(str(m), style=self.tone(tone)))
        return table

    def show_missing_table(self, board: str, hole: int) -> None:
        self.analysis = None
        if self.building == (board, hole):
            self.panel.show(
                f"Building the {board} table…",
                "info",
                "Bell's method: every position both reachable and still winnable. Play on meanwhile; "
                "the counts appear when it is done.",
            )
        else:
            self.panel.show(
                f"No {board} table yet",
                "info",
                f"Games from hole {hole} are too many to count on every move. Press b to build Bell's table "
                "once (about 20 s; kept in your cache): then every move is annotated at once.",
            )
        self.query_one("#moves", Static).update("")
        self.query_one("#survival", Static).update("")

    def redraw_board(self) -> None:
        targets = {}
        if self.picked is not None and self.analysis is not None:
            targets = {
                m.move[2]: m.keeps_win if m.decided else None for m in self.analysis.moves if m.move[0] == self.picked
            }
        self.query_one(PegBoard).show(self.state, self.picked, targets)

    @on(PegBoard.Chosen)
    def chosen(self, event: PegBoard.Chosen) -> None:
        hole, position = event.hole, self.state
        if self.picked is not None and not position.has_peg(hole):
            jump = next((m for m in position.legal_moves() if m[0] == self.picked and m[2] == hole), None)
            if jump is None:
                self.notify(f"{self.picked} cannot jump to {hole}.", severity="warning")
                return
            self.change(position.play(jump))
            return
        if not position.has_peg(hole):
            self.notify("Pick a peg first.", severity="warning")
            return
        if not any(m[0] == hole for m in position.legal_moves()):
            self.notify(f"The peg at {hole} has no jump.", severity="warning")
            return
        self.picked = None if self.picked == hole else hole
        self.redraw_board()

    def action_hint(self) -> None:
        if not self.analysis or not self.analysis.moves or not self.analysis.moves[0].keeps_win:
            self.notify("No move keeps a one-peg finish.", severity="warning")
            return
        a, b, c = self.analysis.moves[0].move
        self.picked = a
        self.query_one(PegBoard).cursor = c
        self.redraw_board()
        follow = (
            "a winning line follows"
            if not self.analysis.moves[0].exact
            else f"{self.analysis.moves[0]} winning games follow"
        )
        self.app.clear_notifications()  # the hint asked again is the same move: one word of it, not a stack
        self.notify(f"Jump {a} over {b} into {c}: {follow}.")

    def suggestion_text(self) -> str:
        """The move that keeps the most games, as the hint says it."""
        if not self.analysis or not self.analysis.moves or not self.analysis.moves[0].keeps_win:
            return super().suggestion_text()
        a, b, c = self.analysis.moves[0].move
        return f"Jump {a} over {b} into {c} ({self.analysis.moves[0]} winning games follow)"

    def action_winning_line(self) -> None:
        if not self.analysis or not self.analysis.line:
            self.notify("No winning line from here.", severity="warning")
            return
        line = ", ".join(f"{a}→{c}" for a, _, c in self.analysis.line)
        self.notify(f"A winning line: {line}", timeout=15)

    def action_think_on(self) -> None:
        """Search this position to the end, counting what fits in memory; a new move goes back to live speed."""
        if not self.analysis or all(m.decided for m in self.analysis.moves):
            self.notify("Every move here is already settled.")
            return
        self.patient_for = self.state
        self.offer_keys()
        self.panel.show("Thinking on…", "info", "Searching every undecided move to the end; play on at any time.")
        self.live.request(self.live_input(self.state))

    def action_build_table(self) -> None:
        key = self.table_to_build()
        if self.building is not None:
            self.notify(f"The {self.building[0]} table is being built.")
        elif key is None and self.state.board not in (*tables.BIG_BOARDS, *tables.WINNABLE_BOARDS):
            boards = ", ".join((*tables.BIG_BOARDS, *tables.WINNABLE_BOARDS))
            self.notify(f"Tables are for games too big to count on each move: {boards}.", severity="warning")
        elif key is None:
            self.notify(f"The {self.state.board} tables are built.")
        else:
            self.building = key
            self.query_one("#building", ProgressBar).display = True
            if key[1] is not None:
                self.show_missing_table(*key)
            elif self.analysis is not None:
                self.show_result(self.analysis)  # its hint now says the table is being built
            self.table_builder.request(key)

    def show_building_progress(self, done_of: tuple[int, int]) -> None:
        done, total = done_of
        self.query_one("#building", ProgressBar).update(progress=done, total=total)

    def table_built(self, built: tables.Table | str) -> None:
        """The table being built is done; a text says why it could not be."""
        key, self.building = self.building, None
        self.query_one("#building", ProgressBar).display = False
        if isinstance(built, str):
            self.notify(f"The {key[0]} table {built}", severity="error")
            self.refresh_all()
            return
        self.known[key] = built
        self.notify(f"{key[0]} table built: {built.size:,} positions, kept in your cache.")
        self.refresh_all()

    def action_openings(self) -> None:
        """The board's openings, with the cursor on this game's start hole (when it began at a start)."""
        self.app.push_screen(OpeningsDialog(self.state.board, engine.start_hole(self.state)))

    def new_state(self) -> ChoiceDialog:
        """Ask for the board, then for the hole that starts empty; or for a drawing of a board."""
        names = {name: f"{name} ({board.size} holes)" for name, board in engine.BOARDS.items()}
        names[DRAW] = "draw a board…"
        return ChoiceDialog(
            "Board", names, then=lambda name: DrawBoardDialog() if name == DRAW else ask_start_hole(name)
        )


DRAW = "draw"  # the new-game choice that asks for a drawing, not a named board
DRAWING = """board: square
X O X X
X X X X
X X X X
X X X X
"""  # 210,422 winning games


class DrawBoardDialog(FormDialog):
    """Asks for a drawn board (a whole position file: typed, pasted or edited) and keeps it while it is refused."""

    DEFAULT_CSS = """
    DrawBoardDialog TextArea { height: 10; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                "Draw a board: 'board: square' or 'board: triangular', then rows of X (peg), O or . (empty), "
                "- (no hole), one space apart",
                classes="title",
            )
            yield TextArea(DRAWING, id="drawing", soft_wrap=False, show_line_numbers=True)
            yield Static("", classes="error", id="error")
            yield self.buttons()

    def accept(self) -> None:
        try:
            self.dismiss(engine.parse(self.query_one(TextArea).text))
        except PuzzleError as error:
            self.query_one("#error", Static).update(str(error))


def ask_start_hole(name: str) -> AskDialog:
    """The second question of a new game: which hole of board `name` starts empty."""
    center = engine.BOARDS[name].center
    hint = f"1..{engine.BOARDS[name].size}" + (f", or center ({center})" if center else "")

    def check(text: str) -> engine.Position:
        if text.strip().lower() == "center" and center:
            return engine.start(name, center)
        return engine.start(name, read_number(text.strip()))

    return AskDialog(f"{name}: which hole starts empty? ({hint})", check, str(center or 1))


def build_win_table(key: tables.Key, job: Job) -> tables.Table | str:
    """A table, built off the event loop so moves stay live; or why it could not be (disk, memory)."""
    try:
        return tables.build_table(
            *key, should_stop=job.should_stop, progress=lambda done, total: job.progress((done, total))
        )
    except (OSError, MemoryError) as error:
        return f"could not be built: {error}"
