"""Graded hints and "check my board": one key each, the same on every puzzle screen.

f4 asks the engine for the easiest next step (`next_step`, run in a worker
like every live result) and shows it a level at a time, so the person can
stop as soon as they see it:

1. where: the places it looks at are highlighted and named, nothing more;
2. why: the rule and what it uses;
3. the deduction, in the puzzle's words, in place of the two lines before
   it (it names its own places and rule): a placement that rests on earlier
   steps (`Step.parts`) is told a step a press, "(2 of 8) ...", each alone
   and whole in the panel beside the board at 80x24, its places highlighted,
   and a supposition too long to read whole a few links a press (shift+f4
   skips to the last page);
4. apply it: the screen makes the step's edit, undoable like any other, highlights
   what it entered and says so.  A step that enters nothing (it only rules
   values out) says so at level 3 and offers no apply: f4 there changes
   nothing, so it is not offered.  Where the board already shows
   every deduction (Mastermind's facts, the Zebra grid), the step is noted as
   told instead, so the next f4 goes on from it, and ctrl+z takes the note back.

Where nothing fits any more and the person has typed entries, f4 says
what the check finds (their entry fits no solution: f8 marks it, ctrl+z takes
it back) rather than blaming the printed puzzle.

Any edit (the person's or the hint's own), undo, redo, new puzzle or file
forgets the hint and what an applied step said, so the next f4 starts again at
level 1 from the new position.  f8 checks the person's
entries against the puzzle's solutions (`check`): entries no solution has are
highlighted with the rule they break, and nothing else is revealed.

A screen says how to show places (`show_places`) and how to make a step's
edit (`apply_step`); the engine says what the steps are (`puzzles.steps`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding

from assistant.live import Job, LiveResult
from puzzles.core import Budget
from puzzles.steps import ENDINGS, Check, Path, Step, join_words

HINT_BINDINGS = [
    Binding(
        "f4", "step_hint", "Hint", tooltip="A hint, one level deeper each press: where, why, the deduction, apply it"
    ),
    Binding(
        "shift+f4",
        "last_page",
        "Hint's last page",
        tooltip="Past the deduction's pages to its last, where f4 applies it",
        show=False,
    ),
    Binding("f8", "check_entries", "Check", tooltip="Mark your entries that no solution has, revealing nothing else"),
]
"""The keys of hints; `PuzzleScreen` adds them to its BINDINGS (a mixin's own are not merged)."""

DEDUCTION = 3  # the level of the deduction's first page: where and why come before it


def pages(step: Step) -> tuple[Step, ...]:
    """The deduction's pages: a hint told as one (`Step.parts`) a step at a time, a single step whole, and a
    step too long to read whole (a long supposition's `Step.pages`) a page of its links at a time."""
    return tuple(
        replace(part, text=page, pages=()) if part.pages else part
        for part in step.parts or (step,)
        for page in part.pages or (part.text,)
    )


def apply_level(step: Step) -> int:
    """The level that applies `step`: the one after the deduction's last page."""
    return DEDUCTION + len(pages(step))


class GradedHints:
    """Mixin for `PuzzleScreen`: the hint key's levels, the board check, and what they highlight."""

    # A person asked and waits: more than the live budget, still an answer in time on any machine.
    HINT_BUDGET: ClassVar[Budget] = Budget(seconds=3.0)

    hint_level: int = 0
    hint_path: Path | None = None
    hint_blame: Check | None = None  # where nothing fits the person's entries: the check that says which are wrong
    hint_asked_for: object = None  # the state the hint was computed for
    hint_applied: bool = False  # what the last applied step entered is highlighted
    hint_presses: int = 0  # f4 presses since the hint was asked for, while it is being found
    told: Any = ()  # the steps noted as told, where a screen notes them (`note_told`)
    told_notes: tuple[tuple[Any, str], ...] = ()  # each note since the last edit: `told` before it, and what it noted

    def setup_hints(self) -> None:
        self.hints: LiveResult[Any, tuple[Path, Check | None]] = LiveResult(
            self, self.find_hint, self.hint_ready, on_error=self.hint_failed, debounce=0, name="hint"
        )
        self.checks: LiveResult[Any, Check] = LiveResult(
            self, self.check_board, self.show_check, on_error=self.hint_failed, debounce=0, name="check"
        )

    # ------------------------------------------------------------ for screens

    def next_step(self, state: Any, job: Job) -> Path:
        """The hint's step, in a worker: the engine's easiest next step from `state`."""
        return self.engine.next_step(state, budget=self.HINT_BUDGET, should_stop=job.should_stop)

    def has_entries(self, state: Any) -> bool:
        """Whether the person typed anything beyond the printed puzzle (a board's entries); screens with them say."""
        return False

    def check_board(self, state: Any, job: Job) -> Check:
        """The board check, in a worker."""
        return self.engine.check(state, budget=self.HINT_BUDGET, should_stop=job.should_stop)

    def apply_step(self, state: Any, step: Step) -> Any:
        """The state once the step's facts are entered: by default, each fact that holds is a cell's value."""
        for fact in step.sets:
            if fact.holds:
                state = state.with_cell(fact.at, fact.value)
        return state

    def show_places(self, places: tuple[Hashable, ...], kind: str) -> None:
        """Highlight these places as `kind` ("hint" or "mistake"); none clears. Screens override."""

    def place_names(self, places: tuple[Hashable, ...]) -> list[str]:
        """The places as a person reads them, for the text that goes with the highlight."""
        return [str(place) for place in places]

    # ------------------------------------------------------------ the keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """f4 and f8 are offered only where the engine explains itself."""
        if action == "step_hint":
            return hasattr(self.engine, "next_step")
        if action == "check_entries":
            return hasattr(self.engine, "check")
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_step_hint(self) -> None:
        """A level deeper each press, however fast: presses while the step is being found are counted, not lost."""
        if self.hint_presses:
            self.hint_presses += 1
        elif self.hint_path is None or self.hint_asked_for is not self.state:
            self.hint_asked_for, self.hint_presses = self.state, 1
            self.panel.show_hint(Text("Looking for the easiest next step…", style="italic"))
            self.hints.request(self.state)
        else:
            self.deeper_hint()

    def action_last_page(self) -> None:
        """A long deduction's last page at once (the magic seed's first hint has 45): f4 then applies it."""
        path = self.hint_path
        if self.hint_presses or not path or not path.steps or self.hint_asked_for is not self.state:
            self.action_step_hint()
            return
        self.hint_level = apply_level(path.steps[0]) - 1
        self.draw_hint()

    def deeper_hint(self) -> None:
        """The next level of the hint found: its next line or page, or at the last, the step applied."""
        if not self.hint_path or not self.hint_path.steps:
            return
        step = self.hint_path.steps[0]
        self.hint_level = min(self.hint_level + 1, apply_level(step) if self.enters(step) else apply_level(step) - 1)
        if self.hint_level >= apply_level(step):
            self.apply_hint(step)
        else:
            self.draw_hint()

    def enters(self, step: Step) -> bool:
        """Whether applying `step` changes the board: one that only rules values out has nothing to enter."""
        return self.apply_step(self.state, step) != self.state

    def find_hint(self, state: Any, job: Job) -> tuple[Path, Check | None]:
        """The hint's step, in a worker; where nothing fits and the person typed entries, the check of them too.

        "The puzzle as given has no solution" would blame the printed puzzle for the person's own slip.
        """
        path = self.next_step(state, job)
        if path.steps or path.ended != "contradiction" or not self.has_entries(state):
            return path, None
        return path, self.check_board(state, job)

    def hint_ready(self, found: tuple[Path, Check | None]) -> None:
        presses, self.hint_presses = self.hint_presses, 0
        if self.hint_asked_for is not self.state:
            return  # the person edited meanwhile: that hint is for a board that is gone
        self.hint_path, self.hint_blame = found
        self.hint_level = 0
        if not self.hint_path.steps:
            self.draw_hint()  # why there is no step
        for _ in range(presses):
            if self.hint_asked_for is not self.state:
                break  # applied: the presses left over were for a board that is gone
            self.deeper_hint()

    def apply_hint(self, step: Step) -> None:
        """The step's entries made as an edit of the person's, highlighted and said: ctrl+z plainly takes them back."""
        self.change(self.apply_step(self.state, step))
        entered = [fact for fact in step.sets if fact.holds]
        self.show_places(tuple(fact.at for fact in entered), "hint")
        self.hint_applied = True
        said = join_words([fact.said for fact in entered if fact.said]) or step.rule
        self.panel.show_hint(Text(f"Entered for you: {said}, highlighted. ctrl+z takes it back; f4 for the next hint."))

    def note_told(self, told: Any, noted: str, aside: str = "") -> None:
        """A step the board shows already, taken as told (`told` is what the next hint goes on from); ctrl+z takes
        the note back."""
        self.told_notes = (*self.told_notes, (self.told, noted))
        self.told = told
        self.forget_hint()
        self.panel.show_hint(Text(f"Noted: {noted}.{aside} ctrl+z takes the note back; f4 for the next step."))
        self.told_changed()

    def take_back_note(self) -> bool:
        """ctrl+z straight after a note: the step is untold, so the next f4 tells it again (False: no note to take)."""
        if not self.told_notes:
            return False
        (self.told, noted), self.told_notes = self.told_notes[-1], self.told_notes[:-1]
        self.forget_hint()
        self.notify(f"Took back the note: {noted}. f4 tells it again.", timeout=4)
        self.told_changed()
        return True

    def told_changed(self) -> None:
        """The steps told are other now: a screen that shows what follows from them says so again."""

    def draw_hint(self) -> None:
        path = self.hint_path
        if path is None:
            return
        if not path.steps:
            ending = ENDINGS.get(path.ended) or "No hint here."
            said = ending if self.hint_blame is None else blame_text(self.hint_blame)
            self.panel.show_hint(Text(said, style="italic"))
            return
        step = path.steps[0]
        page = self.hint_level - DEDUCTION
        self.show_places(step.goal if page < 0 else pages(step)[page].where, "hint")
        self.panel.show_hint(hint_text(step, self.hint_level, self.place_names(step.goal), self.enters(step)))

    def forget_hint(self) -> None:
        """After any edit, undo, redo, new puzzle or file: the hint and the check belonged to the board before it.

        What an applied step said ("Entered for you: ...") and its highlight go too, though no hint is pending by
        then: they are about the board it was applied to, and the next board is another.
        """
        if self.hint_path is not None or self.hint_asked_for is not None or self.hint_level or self.hint_applied:
            self.hint_path, self.hint_asked_for, self.hint_level, self.hint_applied = None, None, 0, False
            self.hint_presses = 0
            self.hints.cancel()
            self.checks.cancel()
            self.show_places((), "hint")
        self.panel.show_hint("")

    def action_check_entries(self) -> None:
        self.forget_hint()
        self.hint_asked_for = self.state
        self.panel.show_hint(Text("Checking your entries…", style="italic"))
        self.checks.request(self.state)

    def show_check(self, check: Check) -> None:
        if self.hint_asked_for is not self.state:
            return
        self.show_places(tuple(m.at for m in check.mistakes), "mistake")
        text = Text(check.verdict, style=self.tone(check.tone))
        for mistake in check.mistakes:
            text.append(f"\n• {mistake.text}")
        self.panel.show_hint(text)

    def hint_failed(self, message: str) -> None:
        self.hint_presses = 0
        self.panel.show_hint(Text(f"No hint: {message}", style=self.tone("bad")))


def nothing_to_enter(step: Step) -> str:
    """Why `step` has no apply level: it only rules values out, or what it settles is on the board already."""
    if not any(fact.holds for fact in step.sets):
        return "Nothing to enter: the step only rules values out (said above), and a board holds entries, not those."
    return f"Nothing to enter: {step.settles} is on the board already."


def blame_text(check: Check) -> str:
    """Why nothing fits, said by the check of the person's entries: theirs to find with f8 and undo, if theirs."""
    said = f"No next step: {check.verdict[:1].lower()}{check.verdict[1:]}"
    if check.mistakes:
        return f"{said} f8 marks {'it' if len(check.mistakes) == 1 else 'them'}; ctrl+z takes back your last entry."
    if check.tone == "warning":  # entries that do not fit together, or a check cut short
        return f"{said} f8 checks your entries; ctrl+z takes back your last entry."
    return said


def hint_text(step: Step, level: int, places: list[str], enters: bool = True) -> Text:
    """What the panel says at `level`: where, then the rule under it, then the deduction in their place (it names
    its own places and rule), a chain's a page at a time, so that it reads whole beside the board.  The last line
    says what f4 does next, or at the deduction's last page of a step that `enters` nothing, that there is nothing
    to apply."""
    if level >= DEDUCTION:
        text = Text(page_said(step, level - DEDUCTION) if len(pages(step)) > 1 else step.text)
    else:
        text = Text.assemble(("Hint: look at ", "bold"), "; ".join(places) or "the highlighted places")
        if level >= 2:
            text.append(f"\nRule: {rule_said(step)}")
    last = next_said(step, level) if enters or level < apply_level(step) - 1 else nothing_to_enter(step)
    text.append(f"\n{last}", style="dim")
    return text


def rule_said(step: Step) -> str:
    """The rule of the step that settles what the hint enters, and how many steps lead to it."""
    if not step.parts:
        return step.why + (", a trial: the last resort" if step.trial else "")
    trials = sum(part.trial for part in step.parts)
    tried = f", {trials} of them {'a trial' if trials == 1 else 'trials'}: the last resort" if trials else ""
    return f"{step.parts[-1].why}, the last of {len(step.parts)} steps{tried}"


def page_said(step: Step, page: int) -> str:
    """Page `page` (from 0) of a chain's deduction: its part, numbered."""
    said = pages(step)
    return f"({page + 1} of {len(said)}) {said[page].text}"


def next_said(step: Step, level: int) -> str:
    """What f4 does after `level`: why, the deduction (its first page), its next page, or apply it."""
    page, count = level + 1 - DEDUCTION, len(pages(step))
    if page < 0:
        return "f4 again: why"
    if page >= count:
        return "f4 again: apply it"
    if page == 0:
        return "f4 again: the deduction" + (f", step 1 of {count}" if count > 1 else "")
    return f"f4 again: step {page + 1} of {count}" + ("; shift+f4: the last" if page + 1 < count else "")
