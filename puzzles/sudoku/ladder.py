"""How a person solves a Sudoku, one deduction at a time: the classic ladder, cheapest rung first.

1. full house: a unit's one empty cell takes the value it lacks;
2. naked single: a cell whose units hold every other value;
3. hidden single: a value with one place left in a unit;
4. cage sum (Killer): a cage's open cells take only the digits that can make its remaining sum;
   the rule of 45 (Killer): a unit's sum less its cages' leaves one cell inside (innie) or outside (outie);
5. pointing, 6. box-line reduction: a value locked in the meeting of a box and a line;
7.-10. naked and hidden pairs and triples;
11. X-wing, 12. swordfish; 13. XY-wing; 14. simple colouring (a chain of one value's conjugate pairs);
15. X-chain, 16. XY-chain, 17. alternating inference chain (AIC): strong and weak links, one end is true;
18. trial, said plainly: suppose a value and follow the singles, link by link, to a cell or a unit with nothing left;
19. forcing chain: every value of a cell, or every place of a value in a unit, leads by singles to one conclusion;
20. nested trial: inside a supposition, suppose again, each spelled out the same way (`chains`).

The hardest rung a solve needs is the puzzle's difficulty grade.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from puzzles.core import Budget, Deadline, ShouldStop, never
from puzzles.steps import Path, Rung, Step, hint_budget, join_words, next_placement, on_board, walk
from puzzles.sudoku.board import Sudoku, conflicts, label, symbol
from puzzles.sudoku.chains import aic, nested_trial, trial, x_chain, xy_chain
from puzzles.sudoku.forcing import forcing
from puzzles.sudoku.known import Known, bit, placing, values
from puzzles.sudoku.patterns import (
    box_line,
    cage_sums,
    colouring,
    fish,
    hidden,
    naked,
    pointing,
    rule_of_45,
    xy_wing,
)
from puzzles.sudoku.search import search

__all__ = ["LADDER", "Known", "graded", "next_step", "steps"]


def full_house(known: Known) -> Iterator[Step]:
    for unit in known.shape.units:
        open_cells = known.open_cells(unit)
        missing = known.missing(unit)
        if len(open_cells) == 1 and len(missing) == 1 and known.cands[open_cells[0]] & bit(missing[0]):
            (p,), (v,) = open_cells, missing
            text = f"{unit.name} has every value but {symbol(v)}: its last empty cell, {label(p)}, is {symbol(v)}."
            yield placing("full house", text, (unit.name,), unit.cells, {p: v})


def naked_single(known: Known) -> Iterator[Step]:
    for p, mask in known.cands.items():
        if mask and mask & (mask - 1) == 0:
            (v,) = values(mask)
            names = join_words([u.name for u in known.shape.units_of[p]], "or")
            seen = 0
            for q in known.shape.peers[p]:
                seen |= bit(known.at(q)) if known.at(q) else 0
            more = "" if (known.full & ~seen) == mask else ", or has been ruled out"
            text = f"{label(p)} can only be {symbol(v)}: every other value stands in {names}{more}."
            yield placing("naked single", text, (label(p),), (p,), {p: v})


def hidden_single(known: Known) -> Iterator[Step]:
    for unit in known.shape.units:
        for v in known.missing(unit):
            places = known.places(unit, v)
            if len(places) == 1:
                (p,) = places
                text = (
                    f"In {unit.name}, {symbol(v)} fits only {label(p)}: every other empty cell there "
                    f"sees a {symbol(v)} or has it ruled out."
                )
                yield placing("hidden single", text, (unit.name, symbol(v)), unit.cells, {p: v})


LADDER: tuple[Rung[Known], ...] = (
    Rung("full house", "a unit's one empty cell takes the value it lacks", full_house),
    Rung("naked single", "a cell whose units hold every other value", naked_single),
    Rung("hidden single", "a value with one place left in a unit", hidden_single),
    Rung("cage sum", "a Killer cage's open cells take only digits that make its sum", cage_sums),
    Rung("rule of 45", "a unit adds up to 45: the cages in it or around it leave one cell the difference", rule_of_45),
    Rung("pointing", "a value's places in a box all on one line leave the rest of the line", pointing),
    Rung("box-line reduction", "a value's places on a line all in one box leave the rest of the box", box_line),
    Rung("naked pair", "two cells of a unit with the same two candidates", naked(2, "naked pair")),
    Rung("hidden pair", "two values of a unit with the same two places", hidden(2, "hidden pair")),
    Rung("naked triple", "three cells of a unit with three candidates between them", naked(3, "naked triple")),
    Rung("hidden triple", "three values of a unit with three places between them", hidden(3, "hidden triple")),
    Rung("X-wing", "a value in two rows confined to two columns", fish(2, "X-wing")),
    Rung("swordfish", "a value in three rows confined to three columns", fish(3, "swordfish")),
    Rung("XY-wing", "a pivot xy with wings xz and yz rules z out where both wings see", xy_wing),
    Rung("simple colouring", "a chain of a value's conjugate pairs: a cell seeing both colours loses it", colouring),
    Rung("X-chain", "a chain of one value's strong and weak links: one of its ends holds it", x_chain),
    Rung("XY-chain", "a chain of two-valued cells: one of its ends holds the value they share", xy_chain),
    Rung("AIC", "an alternating chain of strong and weak links: one of its ends is true", aic),
    Rung("trial", "suppose a value and follow the singles to a cell or a unit with nothing left", trial),
    Rung("forcing chain", "each value of a cell, or each place of a value in a unit, leads to one conclusion", forcing),
    Rung("nested trial", "suppose a value, and inside it suppose again, to a contradiction", nested_trial),
)
RANK = {rung.name: i for i, rung in enumerate(LADDER)}


def ending(known: Known) -> str | None:
    if (seen := in_sight(known)) is not None:
        return seen
    if search(known.board, limit=1, keep=0, deadline=Deadline()).count == 0:
        return "contradiction"
    return None


def in_sight(known: Known) -> str | None:
    """`ending` without the search: a full board, a clash, or a cell with nothing left."""
    if not known.empty:
        return "contradiction" if conflicts(known.board) else "solved"
    if conflicts(known.board) or not all(known.cands.values()):
        return "contradiction"
    return None


def ended_for(known: Known) -> Callable[[Known], str | None]:
    """How a walk from `known` sees its end: every step is sound, so a board that has a completion keeps one and
    only the board as given needs the search (a search a step, on a diagonal board, was most of the walk)."""
    return in_sight if ending(known) is None else ending


@dataclass(frozen=True)
class GradedPath(Path):
    """An explained solution that ends by naming the hardest technique it needed."""

    def to_text(self) -> str:
        grade = graded(self)
        return super().to_text() + (f"\nHardest technique needed: {grade}." if grade else "")


def graded(path: Path) -> str:
    """The hardest rung among a solve's steps: the puzzle's difficulty grade ("" for no steps)."""
    rules = [rule for step in path.steps for rule in step.rule.split(" then ")]
    return max(rules, key=RANK.__getitem__, default="")


def steps(
    board: Sudoku, *, limit: int | None = None, budget: Budget | None = None, should_stop: ShouldStop = never
) -> GradedPath:
    """The explained solution, easiest step first; `limit=1` gives the next step alone."""
    deadline, known = Deadline(budget, should_stop), Known(board)
    path = walk(LADDER, known, apply=on_board, ended=ended_for(known), deadline=deadline, limit=limit)
    return GradedPath(path.steps, path.ended)


def next_step(board: Sudoku, *, budget: Budget | None = None, should_stop: ShouldStop = never) -> Path:
    """The hint: the next value a person can place, with the deductions it rests on.

    On the ladders' hint work (`hint_budget`) whatever the caller's clock: a
    placement that rests on several nested suppositions would take seconds
    and pages to tell, so the hint is then the easiest step alone.
    """
    deadline, known = Deadline(hint_budget(budget), should_stop), Known(board)
    return next_placement(LADDER, known, apply=on_board, ended=ended_for(known), deadline=deadline)
