"""Why only codes with a step's facts score its rows so (puzzles.mastermind.why), checked by brute force over all
1,296 codes of 4x6: the facts a reason names hold for every code the other rows leave without the step's facts,
every code with them scores the row as the reason counts, never as it scored, and without any one of them some
code does not."""

from collections import Counter

import numpy as np

from puzzles import mastermind as mm
from puzzles.examples import examples
from puzzles.mastermind import why
from puzzles.mastermind.codes import code_space
from puzzles.mastermind.shared import said_together
from tests.unit.test_mastermind_facts import ALL, HEADER_GAME, QUICK, facts_of, seeded_game

SPACE = code_space(HEADER_GAME)
CODES = np.array(ALL)  # every code of 4x6, one a row


def having(facts) -> np.ndarray:
    """Which codes have all these facts."""
    found = np.ones(len(CODES), dtype=bool)
    for fact in facts:
        kind, where = fact.at
        if kind == "copies":
            count = (CODES == where).sum(axis=1)
            found &= (fact.value[0] <= count) & (count <= fact.value[1])
        else:
            found &= (CODES[:, where] == fact.value) == fact.holds
    return found


def scores(guess) -> tuple[np.ndarray, np.ndarray]:
    """Every code's blacks against the guess, and its blacks and whites: each colour's copies in both, the fewer."""
    scored = sum(np.minimum((CODES == c).sum(axis=1), n) for c, n in Counter(guess).items())
    return (CODES == np.array(guess)).sum(axis=1), scored


def leaving(game: mm.Game, rows) -> np.ndarray:
    """Which codes score these rows as they were scored."""
    found = np.ones(len(CODES), dtype=bool)
    for row in (game.rows[r] for r in rows):
        black, scored = scores(row.guess)
        found &= (black == row.feedback.black) & (scored == row.feedback.black + row.feedback.white)
    return found


def reason(game: mm.Game, step) -> why.Forced | None:
    """The reason the step's text gives, from the codes each row's other rows leave, found by brute force."""
    rows = step.where
    left = []
    for row in rows:
        others = tuple(r for r in rows if r != row)
        left.append((row, others, np.array(sorted(SPACE.index_of(tuple(c)) for c in CODES[leaving(game, others)]))))
    return why.forced(SPACE, game, facts_of(step), left)


def wrong_reasons(game: mm.Game, step) -> list[str]:
    """What is false in a step's reason: a named fact some code without the step's facts lacks, a code with the
    facts that the row scores outside the count, a count the row's own score meets, a fact not needed."""
    shown, facts = reason(game, step), facts_of(step)
    if shown is None:
        return [] if ": codes that score " in step.text else ["no reason, and not the other scores either"]
    count, row = shown.count, game.rows[shown.row]
    counts = scores(row.guess)[count.of == "scored"]
    wrong = []
    if count.words not in step.text or (shown.said and said_together(game, list(shown.said)) not in step.text):
        wrong.append("not said")
    supposed = leaving(game, shown.others) & ~having(facts)
    wrong += [f"{f.said}: not by the rows" for f in count.used if (supposed & ~having([f])).any()]
    unsaid = [f for f in count.used if f not in shown.said]
    wrong += [f"{f.said}: not the supposition" for f in unsaid if (~having(facts) & ~having([f])).any()]
    within = (count.low <= counts) & (counts <= count.high)
    if not within[having(count.used)].all():
        wrong.append("the count does not hold")
    real = (row.feedback.black, row.feedback.black + row.feedback.white)[count.of == "scored"]
    if count.low <= real <= count.high:
        wrong.append("the row scored as counted")
    for fact in shown.said:
        if within[having([f for f in count.used if f != fact])].all():
            wrong.append(f"{fact.said}: not needed")
    return wrong


COUNTS = {  # each count a reason makes, by its words
    "too many blacks": "would be black",
    "too few blacks": "could be black",
    "no black": "would have no black",
    "too many scored": "would score at least",
    "too few copies": "would score at most",
    "pegs taken": ", with no ",
}


def test_every_reason_of_seeded_games_names_facts_that_hold_and_force_the_row_otherwise():
    """Every step from two rows or more in 60 seeded games: its reason checked peg by peg against every code."""
    found, counts = [], Counter()
    for seed in range(60):
        game = seeded_game(seed)
        for step in mm.steps(game, budget=QUICK).steps:
            if len(step.where) > 1 and "Only codes in which" in step.text:
                shown = reason(game, step)
                counts.update(name for name, words in COUNTS.items() if shown and words in shown.count.words)
                counts[shown is not None] += 1
                found += [(seed, step.text, wrong) for wrong in wrong_reasons(game, step)]
    assert found == []
    assert all(counts[name] >= 5 for name in COUNTS) and counts[False] >= 30, counts
    assert counts[True] > counts[False], "most steps say which pegs force them"
