"""Why only codes with a step's facts score its rows so: which pegs of each row force it.

A step from two rows or more says its facts hold because codes without them
cannot score all its rows so.  Suppose the facts fail: the codes the other
rows then leave share facts of their own (`shared.summary`: a peg's colour, a
colour out of the code, a colour's fewest or most copies), and a few of them,
counted against one row's pegs, give that row a score it did not get:

- too many blacks: "if peg 2 were blue, then by row 8 peg 6 is green, so row
  1's green at peg 6 would be black, but row 1 scored 0 black 2 white";
- too few blacks: the row's pegs that cannot match, by colours out of the
  code and pegs ruled out, leave fewer than its blacks ("so row 4 would have
  no black");
- too many or too few pegs scored black or white: colours every code has at
  least so often, or at most so often, against the row's colours; or colours
  the row has not, taking the pegs.

Each count holds of every code with the facts it names, whatever else the
code has, so a person can check it peg by peg; it names the fewest facts it
needs.  Where no count needs SHORT clauses or fewer, a peg of another row
may split those codes in two, each part with its count ("either peg 3 is none
and peg 5 is blue, so row 7's blue at peg 5 would be black, or peg 3 is
yellow, so row 7's yellow at peg 3 would be black"), SHORT clauses in all.
Failing that too, the reason is the other scores such codes give one row ("codes that score row 8 so with peg 5 not
orange score row 4 0 black 3 white, never 1 black 2 white").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from puzzles.mastermind.codes import CodeSpace
from puzzles.mastermind.game import Game
from puzzles.mastermind.shared import Summary, copies, peg, said_together, summary
from puzzles.steps import Fact, join_words

EITHER = "black or white"  # a row's pegs scored, whichever colour
SHORT = 3  # the most clauses a reason's facts take beside the supposition: past it, the other scores are said


@dataclass(frozen=True)
class Count:
    """What facts shared by codes force on one row's score: what it counts (`of`: "black", its blacks; "scored",
    its blacks and whites) is from `low` to `high` on every code with the facts `used`; `words` say it ("row 1's
    green at peg 6 would be black")."""

    used: tuple[Fact, ...]
    of: str
    low: int
    high: int
    words: str


@dataclass(frozen=True)
class Forced:
    """A row the other rows would score otherwise without a step's facts, and the count that shows it.

    `said` are the facts of the count a reader is told the other rows give
    (the supposition, when it is one of them, is said apart).
    """

    row: int
    others: tuple[int, ...]
    count: Count
    said: tuple[Fact, ...]


def breaks(space: CodeSpace, codes: np.ndarray, fact: Fact) -> np.ndarray:
    """Which of these codes do not have the fact."""
    pegs = space.digits(codes)
    kind_, where = fact.at
    if kind_ == "copies":
        low, high = fact.value
        count = (pegs == where).sum(axis=1)
        return (count < low) | (count > high)
    return (pegs[:, where] == fact.value) != fact.holds


def supposed(game: Game, facts: Sequence[Fact]) -> Fact | None:
    """The fact every code without the step's one fact has ("peg 5 is not orange"), where one fact says it."""
    if len(facts) > 1:
        return None
    (fact,) = facts
    if fact.at[0] == "peg":
        return peg(game, fact.at[1], fact.value, not fact.holds)
    low, high = fact.value
    if low == 0:
        return copies(game, fact.at[1], high + 1, most_copies(game))
    return copies(game, fact.at[1], 0, low - 1) if high == most_copies(game) else None


def most_copies(game: Game) -> int:
    return game.pegs if game.repeats else 1


def implied(game: Game, first: Fact | None, fact: Fact) -> bool:
    """Whether the supposition says the fact itself: it is the fact, or puts its colour on a peg."""
    if first is None or fact == first:
        return first is not None
    on_a_peg = first.at[0] == "peg" and first.holds and fact.at == ("copies", first.value)
    return on_a_peg and fact.value[0] <= 1 and fact.value[1] == most_copies(game)


def pegs_said(game: Game, index: int, pegs: Sequence[int]) -> str:
    """A row's pegs by colour and place: "row 1's green at peg 6 and red at peg 2"."""
    guess = game.rows[index].guess
    return f"row {index + 1}'s " + join_words([f"{game.colours[guess[i]]} at peg {i + 1}" for i in pegs])


def too_many_blacks(game: Game, index: int, found: Summary, first: Fact | None) -> Count | None:
    """Pegs every code has as the row has them, more than its blacks."""
    guess, black = game.rows[index].guess, game.rows[index].feedback.black
    matched = [i for i in range(game.pegs) if found.places[i] == {guess[i]}][: black + 1]
    if len(matched) <= black:
        return None
    words = f"{pegs_said(game, index, matched)} would be black"
    return Count(tuple(peg(game, i, guess[i], True) for i in matched), "black", len(matched), game.pegs, words)


def too_few_blacks(game: Game, index: int, found: Summary, first: Fact | None) -> Count | None:
    """Pegs no code has as the row has them, too many for its blacks: ruled out by the supposition first, then by
    colours out of the code (each rules out all its pegs), then one by one."""
    guess, black = game.rows[index].guess, game.rows[index].feedback.black
    off = [i for i in range(game.pegs) if guess[i] not in found.places[i]]
    if game.pegs - len(off) >= black:
        return None
    out = Counter(guess[i] for i in off if found.most[guess[i]] == 0)
    ways = [(copies(game, colour, 0, 0), {i for i in off if guess[i] == colour}) for colour, _ in out.most_common()]
    ways += [(peg(game, i, guess[i], False), {i}) for i in off if found.most[guess[i]]]
    ways.sort(key=lambda way: (not implied(game, first, way[0]), -len(way[1])))
    used, ruled = [], set()
    for fact, pegs in ways:
        if game.pegs - len(ruled) < black:
            break
        used.append(fact)
        ruled |= pegs
    left = [i for i in range(game.pegs) if i not in ruled]
    words = f"only {pegs_said(game, index, left)} could be black" if left else f"row {index + 1} would have no black"
    return Count(tuple(used), "black", 0, len(left), words)


def fewest(ways: Iterable[tuple[int, Fact]], enough: Callable[[int], bool]) -> tuple[list[Fact], int] | None:
    """The fewest facts whose shares add up to enough, the largest shares first; None where all of them do not."""
    used, total = [], 0
    for share, fact in sorted(ways, key=lambda way: -way[0]):
        if enough(total):
            break
        used.append(fact)
        total += share
    return (used, total) if enough(total) else None


def scored(game: Game, index: int) -> int:
    """How many of the row's pegs scored, black or white."""
    return game.rows[index].feedback.black + game.rows[index].feedback.white


def too_many_scored(game: Game, index: int, found: Summary, first: Fact | None) -> Count | None:
    """The row's colours every code has, more pegs of them than the row scored black or white."""
    has = [(min(n, found.least[c]), c) for c, n in Counter(game.rows[index].guess).items()]
    ways = [(pegs, copies(game, colour, pegs, most_copies(game))) for pegs, colour in has]
    if (shown := fewest(ways, lambda least: least > scored(game, index))) is None:
        return None
    used, least = shown
    return Count(tuple(used), "scored", least, game.pegs, f"row {index + 1} would score at least {least} {EITHER}")


def at_most_scored(game: Game, index: int, ways: list[tuple[int, Fact]]) -> tuple[list[Fact], int] | None:
    """The fewest facts whose shares (pegs each takes from the row's score) leave fewer than it scored, and how many
    are left."""
    if (shown := fewest(ways, lambda cut: game.pegs - cut < scored(game, index))) is None:
        return None
    return shown[0], game.pegs - shown[1]


def scoring_at_most(most: int) -> str:
    return f"would score {f'at most {most}' if most else 'no'} {EITHER}"


def too_few_copies(game: Game, index: int, found: Summary, first: Fact | None) -> Count | None:
    """The row's colours every code has fewer copies of than the row, too few left for its blacks and whites."""
    wanted = Counter(game.rows[index].guess)
    fewer = [(n - found.most[c], copies(game, c, 0, found.most[c])) for c, n in wanted.items() if n > found.most[c]]
    if (shown := at_most_scored(game, index, fewer)) is None:
        return None
    used, most = shown
    return Count(tuple(used), "scored", 0, most, f"row {index + 1} {scoring_at_most(most)}")


def pegs_taken(game: Game, index: int, found: Summary, first: Fact | None) -> Count | None:
    """Colours the row has not that every code has, taking too many pegs for the row's blacks and whites."""
    colours = [c for c in range(len(game.colours)) if c not in game.rows[index].guess]
    others = [(found.least[c], copies(game, c, found.least[c], most_copies(game))) for c in colours]
    if (shown := at_most_scored(game, index, others)) is None:
        return None
    used, most = shown
    names = join_words([game.colours[fact.at[1]] for fact in used], "or")
    return Count(tuple(used), "scored", 0, most, f"row {index + 1}, with no {names}, {scoring_at_most(most)}")


COUNTS = (too_many_blacks, too_few_blacks, too_many_scored, too_few_copies, pegs_taken)


Left = Sequence[tuple[int, tuple[int, ...], np.ndarray]]  # each row, the other rows, the codes they leave


def lacking(space: CodeSpace, codes: np.ndarray, facts: Sequence[Fact]) -> np.ndarray:
    """The codes without any of the facts."""
    return codes[np.any([breaks(space, codes, fact) for fact in facts], axis=0)]


def shortest(
    space: CodeSpace, game: Game, index: int, codes: np.ndarray, first: Fact | None, case: Fact | None = None
) -> tuple[int, int, Count, tuple[Fact, ...]] | None:
    """The count of fewest clauses these codes force on the row, and the facts of it to say (not the supposition's,
    nor the case's); None where every count takes more than SHORT clauses."""
    shared = summary(space, codes)
    found = []
    for count in COUNTS if shared is not None else ():
        if shown := count(game, index, shared, first):
            said = tuple(fact for fact in shown.used if not implied(game, first, fact) and fact != case)
            if clauses(said) <= SHORT:
                found.append((clauses(said), len(shown.words), shown, said))
    return min(found, key=lambda item: item[:2]) if found else None


def forced(space: CodeSpace, game: Game, facts: Sequence[Fact], left: Left) -> Forced | None:
    """The shortest count that shows codes without the facts, which the other rows leave, score a row otherwise;
    None where every count names more than SHORT facts."""
    first = supposed(game, facts)
    found = []
    for index, others, codes in left:
        if shown := shortest(space, game, index, lacking(space, codes, facts), first):
            found.append((*shown[:2], Forced(index, others, shown[2], shown[3])))
    return min(found, key=lambda item: item[:2])[2] if found else None


@dataclass(frozen=True)
class Split:
    """Where no one count shows it: the codes split by a peg of another row, as that row has it or not (`ways`),
    each part with its count."""

    row: int
    others: tuple[int, ...]
    ways: tuple[tuple[Fact, Forced], ...]


def split(space: CodeSpace, game: Game, facts: Sequence[Fact], left: Left) -> Split | None:
    """The peg of another row that splits codes without the facts into two parts, each scoring the row otherwise
    by a short count, with the fewest clauses in all; None where no peg does."""
    first, found = supposed(game, facts), []
    for index, others, codes in left:
        codes = lacking(space, codes, facts)
        for other in others:
            for i, colour in enumerate(game.rows[other].guess):
                off = breaks(space, codes, peg(game, i, colour, True))
                parts = [(peg(game, i, colour, True), codes[~off]), (peg(game, i, colour, False), codes[off])]
                shown = [shortest(space, game, index, part, first, fact) if len(part) else None for fact, part in parts]
                if all(shown) and (total := sum(s[0] for s in shown)) <= SHORT:
                    ways = tuple((fact, Forced(index, others, s[2], s[3])) for (fact, _), s in zip(parts, shown))
                    found.append((total, sum(s[1] for s in shown), Split(index, others, ways)))
    return min(found, key=lambda item: item[:2])[2] if found else None


def clauses(facts: Sequence[Fact]) -> int:
    """How many clauses `said_together` says these facts in: colours with the same count share one."""
    return len({fact.value for fact in facts if fact.at[0] == "copies"}) + sum(fact.at[0] == "peg" for fact in facts)


def rows_said(rows: Sequence[int]) -> str:
    return "rows " + join_words([str(r + 1) for r in rows]) if len(rows) > 1 else f"row {rows[0] + 1}"


def supposition_said(game: Game, facts: Sequence[Fact]) -> str:
    """The step's facts failing, in words: "peg 5 were not orange", "any of that were not so"."""
    if len(facts) > 1:
        return "any of that were not so"
    first = supposed(game, facts)
    return first.said.replace(" is ", " were ", 1) if first else facts[0].said.replace(" is ", " were not ", 1)


def why_only(space: CodeSpace, game: Game, facts: Sequence[Fact], left: Left) -> str:
    """Why only codes with the facts score the rows so, after a colon: the pegs that force it, or the two ways a
    peg of another row may be, each forcing it, or failing both, the other scores such codes give one row."""
    if reason := forced(space, game, facts, left):
        given = f"then by {rows_said(reason.others)} {said_together(game, list(reason.said))}, " if reason.said else ""
        return f": if {supposition_said(game, facts)}, {given}so {reason.count.words}, {scored_said(game, reason.row)}"
    if cases := split(space, game, facts, left):
        with_, without = (case_said(game, fact, case) for fact, case in cases.ways)
        return (
            f": if {supposition_said(game, facts)}, then by {rows_said(cases.others)} either {with_}, "
            f"or {without}; {scored_said(game, cases.row)}"
        )
    return other_scores(space, game, facts, left)


def case_said(game: Game, fact: Fact, case: Forced) -> str:
    """One case of a split and its count: "peg 3 is red, so row 1's red at peg 3 would be black"; the case's peg
    goes unsaid where a colour the count names there says it."""
    placed = any(said.at == fact.at and said.holds for said in case.said)
    return f"{said_together(game, [*[fact] * (not placed), *case.said])}, so {case.count.words}"


def scored_said(game: Game, row: int) -> str:
    score = game.rows[row].feedback
    return f"but row {row + 1} scored {score.black} black {score.white} white"


def lacked(game: Game, facts: Sequence[Fact]) -> str:
    """Codes without these facts, in words: "with peg 5 not orange", "with peg 2 blue", "without it"."""
    if len(facts) > 1:
        return "and lack any of it"
    (fact,) = facts
    if fact.at[0] == "peg":
        return f"with peg {fact.at[1] + 1} {'' if not fact.holds else 'not '}{game.colours[fact.value]}"
    return "and lack it"


def other_scores(space: CodeSpace, game: Game, facts: Sequence[Fact], left: Left) -> str:
    """The codes the other rows leave that lack the facts score one row otherwise ("codes that score row 8 so with
    peg 5 not orange score row 4 0 black 3 white, never 1 black 2 white"), the row whose other scores are fewest."""
    found = []
    for index, others, codes in left:
        lacking = codes[np.any([breaks(space, codes, fact) for fact in facts], axis=0)]
        scores = sorted({space.unpacked(int(v)) for v in space.feedback_of(game.rows[index].guess, lacking)}, key=str)
        if scores and game.rows[index].feedback not in scores:
            found.append((len(scores), index, others, scores))
    if not found:
        return ""
    _, index, others, scores = min(found)
    said = join_words([f"{f.black} black {f.white} white" for f in scores], "or")
    actual = game.rows[index].feedback
    return (
        f": codes that score {rows_said(others)} so {lacked(game, facts)} score row {index + 1} "
        f"{said}, never {actual.black} black {actual.white} white"
    )
