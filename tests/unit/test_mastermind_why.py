"""Why only codes with a step's facts score its rows so (puzzles.mastermind.why), checked by brute force over all
1,296 codes of 4x6: the facts a reason names hold for every code the other rows leave without the step's facts,
every code with them scores the row as the reason counts, never as it scored, and without any one of them some
code does not."""

import random
from collections import Counter

import numpy as np

from puzzles import mastermind as mm
from puzzles.mastermind import why
from puzzles.mastermind.codes import code_space
from puzzles.mastermind.shared import said_together
from tests.unit.test_mastermind_facts import ALL, HEADER_GAME, QUICK, facts_of, seeded_game

EVERY = np.array(ALL)  # every code of 4x6, one a row


def codes_of(game: mm.Game) -> np.ndarray:
    """Every code of the game: of 4x6, those with no colour twice where colours may not repeat."""
    return EVERY if game.repeats else EVERY[[len(set(code)) == len(code) for code in ALL]]


def having(codes: np.ndarray, facts) -> np.ndarray:
    """Which codes have all these facts."""
    found = np.ones(len(codes), dtype=bool)
    for fact in facts:
        kind, where = fact.at
        if kind == "copies":
            count = (codes == where).sum(axis=1)
            found &= (fact.value[0] <= count) & (count <= fact.value[1])
        else:
            found &= (codes[:, where] == fact.value) == fact.holds
    return found


def scores(codes: np.ndarray, guess) -> tuple[np.ndarray, np.ndarray]:
    """Each code's blacks against the guess, and its blacks and whites: each colour's copies in both, the fewer."""
    scored = sum(np.minimum((codes == c).sum(axis=1), n) for c, n in Counter(guess).items())
    return (codes == np.array(guess)).sum(axis=1), scored


def leaving(codes: np.ndarray, game: mm.Game, rows) -> np.ndarray:
    """Which codes score these rows as they were scored."""
    found = np.ones(len(codes), dtype=bool)
    for row in (game.rows[r] for r in rows):
        black, scored = scores(codes, row.guess)
        found &= (black == row.feedback.black) & (scored == row.feedback.black + row.feedback.white)
    return found


def reason(game: mm.Game, step) -> why.Forced | why.Split | None:
    """The reason the step's text gives, from the codes each row's other rows leave, found by brute force: one count,
    or failing it, a split by a peg of another row."""
    space, codes, left = code_space(game), codes_of(game), []
    for row in step.where:
        others = tuple(r for r in step.where if r != row)
        leave = sorted(space.index_of(tuple(code)) for code in codes[leaving(codes, game, others)])
        left.append((row, others, np.array(leave)))
    facts = facts_of(step)
    return why.forced(space, game, facts, left) or why.split(space, game, facts, left)


def wrong_reasons(game: mm.Game, step) -> list[str]:
    """What is false in a step's reason: for each count it makes, a named fact some code without the step's facts
    lacks, a code with the facts that the row scores outside the count, a count the row's own score meets, a fact
    not needed."""
    shown, facts = reason(game, step), facts_of(step)
    if shown is None:
        return [] if ": codes that score " in step.text else ["no reason, and not the other scores either"]
    if isinstance(shown, why.Forced):
        return wrong_count(game, step.text, facts, shown)
    return wrong_split(game, step.text, facts, shown)


def wrong_split(game: mm.Game, text: str, facts, shown: why.Split) -> list[str]:
    """What is false in a split: its cases said otherwise, not a peg and its opposite, or either case's count."""
    (fact, _), (other, _) = shown.ways
    said = f"either {why.case_said(game, *shown.ways[0])}, or {why.case_said(game, *shown.ways[1])}"
    wrong = [] if said in text else ["not said"]
    if fact.at != other.at or fact.value != other.value or fact.holds == other.holds:
        wrong.append("the cases leave codes out")
    return wrong + [wrong for case, forced in shown.ways for wrong in wrong_count(game, text, facts, forced, case)]


def wrong_count(game: mm.Game, text: str, facts, shown: why.Forced, case=None) -> list[str]:
    """What is false in one count of a reason, on the codes without the step's facts (and with the case's peg)."""
    count, row, codes = shown.count, game.rows[shown.row], codes_of(game)
    counts = scores(codes, row.guess)[count.of == "scored"]
    wrong = []
    said = case is not None or not shown.said or said_together(game, list(shown.said)) in text  # a case's: by its split
    if count.words not in text or not said:
        wrong.append("not said")
    lacking = ~having(codes, facts) & having(codes, [case] if case else [])
    supposed = leaving(codes, game, shown.others) & lacking
    wrong += [f"{f.said}: not by the rows" for f in count.used if (supposed & ~having(codes, [f])).any()]
    unsaid = [f for f in count.used if f not in shown.said]
    wrong += [f"{f.said}: not the supposition" for f in unsaid if (lacking & ~having(codes, [f])).any()]
    within = (count.low <= counts) & (counts <= count.high)
    if not within[having(codes, count.used)].all():
        wrong.append("the count does not hold")
    real = (row.feedback.black, row.feedback.black + row.feedback.white)[count.of == "scored"]
    if count.low <= real <= count.high:
        wrong.append("the row scored as counted")
    for fact in shown.said:
        if within[having(codes, [f for f in count.used if f != fact])].all():
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


def checked(games) -> tuple[list, Counter]:
    """What is wrong in the reasons of every step from two rows or more of these games, and the counts they make."""
    found, counts = [], Counter()
    for game in games:
        for step in mm.steps(game, budget=QUICK).steps:
            if len(step.where) > 1 and "Only codes in which" in step.text:
                shown = reason(game, step)
                made = [forced.count.words for _, forced in shown.ways] if isinstance(shown, why.Split) else []
                made += [shown.count.words] if isinstance(shown, why.Forced) else []
                counts.update(name for name, words in COUNTS.items() for said in made if words in said)
                counts[type(shown).__name__] += 1
                found += [(step.text, wrong) for wrong in wrong_reasons(game, step)]
    return found, counts


def test_every_reason_of_seeded_games_names_facts_that_hold_and_force_the_row_otherwise():
    """Every step from two rows or more in 60 seeded games: its reason checked peg by peg against every code."""
    found, counts = checked(seeded_game(seed) for seed in range(60))
    assert found == []
    assert all(counts[name] >= 5 for name in COUNTS) and counts["NoneType"] >= 30, counts
    assert counts["Forced"] > counts["NoneType"], "most steps say which pegs force them"
    assert counts["Split"] >= 15, "a peg of another row splits some of the rest"


def test_a_split_whose_cases_miss_codes_or_swap_counts_is_flagged():
    """The checker of a split fails it where its two cases are not a peg and its opposite, or a case's count does
    not hold on the codes of that case: a false reason does not pass."""
    game, step = next((g, s) for g in map(seeded_game, range(60)) for s in splits(g))
    shown = reason(game, step)
    (fact, case), (other, other_case) = shown.ways
    text = step.text.replace(why.case_said(game, other, other_case), why.case_said(game, fact, other_case))
    one_sided = why.Split(shown.row, shown.others, ((fact, case), (fact, other_case)))
    assert "the cases leave codes out" in wrong_split(game, text, facts_of(step), one_sided)
    swapped = why.Split(shown.row, shown.others, ((fact, other_case), (other, case)))
    assert wrong_split(game, step.text, facts_of(step), swapped) != []
    assert wrong_split(game, step.text, facts_of(step), shown) == []


def splits(game: mm.Game):
    """The steps of a game whose reason is a split."""
    return [s for s in mm.steps(game, budget=QUICK).steps if len(s.where) > 1 and " either " in s.text]


def test_reasons_hold_where_no_colour_repeats():
    """4 of 6 without repeats: a colour "in the code" is there once, and the codes with a colour twice are none."""
    games = []
    for seed in range(60):
        rng = random.Random(seed)
        secret, guesses = rng.sample(range(6), 4), [rng.sample(range(6), 4) for _ in range(rng.randint(2, 4))]
        rows = tuple(mm.Row(tuple(guess), mm.score(tuple(secret), tuple(guess))) for guess in guesses)
        games.append(mm.Game(colours=HEADER_GAME.colours, repeats=False, rows=rows))
    found, counts = checked(games)
    assert found == [] and counts["Forced"] >= 50 and counts["Split"] >= 15, counts
