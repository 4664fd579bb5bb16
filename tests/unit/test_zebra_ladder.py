"""The Zebra ladder: each rung where it is the easiest, walks that reach the known answers, facts all true."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from puzzles import zebra
from puzzles.examples import examples
from puzzles.steps import Fact, easiest
from puzzles.zebra import generator
from puzzles.zebra.known import apply, known_of
from puzzles.zebra.ladder import LADDER
from puzzles.zebra.model import Category
from puzzles.zebra.telling import event_words, one_value, value_name


def answer_of(puzzle: zebra.Puzzle) -> tuple[tuple[str, ...], ...]:
    """The unique solution, one row per object, as the counting engine finds it."""
    report = zebra.solve(puzzle)
    assert report.analysis.count.value == 1
    return report.analysis.solutions[0]


def true_in(puzzle: zebra.Puzzle, solution, fact: Fact) -> bool:
    c, v = fact.at
    return (solution[fact.value][c] == puzzle.categories[c].values[v]) == fact.holds


def assert_every_fact_true(puzzle: zebra.Puzzle, path) -> None:
    solution = answer_of(puzzle)
    for step in path.steps:
        for fact in step.sets:
            assert true_in(puzzle, solution, fact), (step.text, fact.said)


def placed(puzzle: zebra.Puzzle, path) -> dict[tuple[int, int], int]:
    """Where the walk puts every value: its facts applied in order."""
    known = known_of(puzzle)
    for step in path.steps:
        known = apply(known, step)
    n = puzzle.n
    return {divmod(x, n): d.bit_length() - 1 for x, d in enumerate(known.domains) if d and not d & (d - 1)}


def before(puzzle: zebra.Puzzle, rule: str):
    """The marks just before the walk first uses `rule`, and that step."""
    known = known_of(puzzle)
    for step in zebra.steps(puzzle).steps:
        if step.rule == rule:
            return known, step
        known = apply(known, step)
    raise AssertionError(f"the walk never uses {rule}")


def before_text(puzzle: zebra.Puzzle, words: str):
    """The marks before the walk's first step saying `words`, and that step."""
    known = known_of(puzzle)
    for step in zebra.steps(puzzle).steps:
        if words in step.text:
            return known, step
        known = apply(known, step)
    raise AssertionError(f"no step says {words}")


def assert_easiest(puzzle: zebra.Puzzle, rule: str):
    """At the marks before the walk's first `rule` step, no cheaper rung finds anything, and that rung does."""
    known, step = before(puzzle, rule)
    names = [rung.name for rung in LADDER]
    for rung in LADDER[: names.index(rule)]:
        assert next(iter(rung.find(known)), None) is None, f"{rung.name} applies before {rule}"
    assert easiest(LADDER, known) == step
    solution = answer_of(puzzle)
    assert all(true_in(puzzle, solution, fact) for fact in step.sets)
    return step


# ---------------------------------------------------------------- each rung where it is the easiest

NORWEGIAN = """Colour: red, blue, green
Nationality: Norwegian, Englishman, Dane
1. The Norwegian lives in the first house.
2. The Englishman lives in the red house.
3. The Norwegian lives next to the blue house.
4. The Dane does not live in the green house.
"""

MONTHS = """Month: jan, feb, jun
Nationality: dane, swede, japanese
1. Nationality:dane is on the right of Month:feb
2. Month:jan is on the left or right of Nationality:japanese
3. Month:jun == Nationality:japanese
"""

HOBBIES = """Animal: dog, rabbit, turtle
Color: red, blue, yellow
Hobby: gardening, knitting, fishing
1. Color:yellow == Animal:turtle
2. Color:blue is on the right of Hobby:knitting
3. Animal:rabbit is on the left or right of Color:red
4. Hobby:gardening == Animal:dog
"""

COLOURS = """Color: red, green, blue, purple, orange
Phone: iphone 13, oneplus 9, xperia 5, nokia 8, huawei p50
Music: rock, pop, hip hop, country, blues
1. Color:red == Phone:xperia 5
2. Phone:xperia 5 is somewhere to the right of Music:hip hop
3. Color:green == Phone:iphone 13
4. Color:purple is on the left or right of Music:rock
5. Phone:huawei p50 is somewhere to the right of Color:purple
6. Music:country is on the right of Phone:nokia 8
7. Music:blues == Color:orange
8. Music:country == Phone:oneplus 9
9. There are two houses between Color:green and Music:hip hop
"""

PHONES = """Animal: cat, bird, fish, horse
Phone: xperia 5, moto g, nokia 8, huawei p50
1. Phone:xperia 5 is on the left or right of Animal:horse
2. Phone:moto g is somewhere to the left of Animal:fish
3. Animal:horse == Phone:huawei p50
4. Animal:cat != Phone:moto g
5. Animal:cat is on the left of Phone:nokia 8
"""


def test_one_clue_alone_comes_first_and_quotes_the_clue():
    puzzle = zebra.parse(NORWEGIAN)
    (step,) = zebra.next_step(puzzle).steps
    assert step.rule == "one clue alone" and step.uses == ("clue 1",)
    assert step.text == "Clue 1 says: The Norwegian lives in the first house, so Norwegian is in house 1."
    assert step.sets == (Fact((1, 0), 0, True, "Norwegian in house 1"),)
    assert ("clue", 0) in step.where and ("value", 1, 0) in step.where


def test_each_value_once_follows_a_placement_told_before():
    puzzle = zebra.parse(NORWEGIAN)
    (step,) = zebra.next_step(puzzle, told=zebra.next_step(puzzle).steps).steps
    assert step.rule == "each value once"
    assert step.text.startswith("Norwegian is in house 1 (clue 1), and each house has one nationality, so")
    assert {(f.at, f.value, f.holds) for f in step.sets} == {((1, 1), 0, False), ((1, 2), 0, False)}
    assert ("column", 1, 0) in step.where


def test_transitivity_carries_what_is_known_of_one_value_to_its_partner():
    step = assert_easiest(zebra.parse(NORWEGIAN), "transitivity")
    assert step.text.startswith("Clue 2 says: The Englishman lives in the red house. Englishman is not in house 1")
    assert "so red is not in house 1" in step.text and step.uses == ("clue 2", "Englishman is not in house 1")
    assert step.premises == (Fact((1, 1), 0, False, "Englishman not in house 1"),)


def test_next_to_reads_the_clue_against_what_is_known():
    step = assert_easiest(zebra.parse(NORWEGIAN), "one clue over the places left")
    assert step.text == (
        "Clue 3 says: The Norwegian lives next to the blue house. Norwegian is in house 1 (clue 1), "
        "so blue is in house 2."
    )
    assert step.uses == ("clue 3", "Norwegian is in house 1"), "the clue read, and the earlier fact it is read against"
    assert step.premises == (Fact((1, 0), 0, True, "Norwegian in house 1"),)


def test_two_clues_together_suppose_a_place_and_say_what_breaks():
    step = assert_easiest(zebra.parse(MONTHS), "two clues together")
    assert step.uses == ("clue 2", "clue 3", "feb is not in house 3") and step.trial
    assert (
        "Feb is not in house 3 (clue 1). Suppose feb were in house 2: then each value once leaves jan only in houses 1 or 3"
        in step.text
    )
    assert step.text.endswith(
        "then clue 2 puts japanese in house 2, then clue 3 cannot hold: a contradiction, so feb is in house 1."
    )


def test_values_sharing_as_many_places_keep_the_others_out():
    known, shared = before_text(zebra.parse(COLOURS), "3 color values for 3 houses")
    assert shared.rule == "each value once"
    assert shared.text.endswith("3 color values for 3 houses, so blue is not in houses 2, 3 or 5.")
    assert next(iter(LADDER[0].find(known)), None) is None, "the easiest rung: no clue alone says more"


def test_four_clues_together_come_before_trial():
    step = assert_easiest(zebra.parse(COLOURS), "four clues together")
    assert sum(use.startswith("clue ") for use in step.uses) == 4 and step.text.count("says:") == 4 and step.trial


def test_three_clues_together_come_before_trial():
    step = assert_easiest(zebra.parse(HOBBIES), "three clues together")
    assert step.uses[:3] == ("clue 2", "clue 3", "clue 4") and step.text.count("says:") == 3 and step.trial
    assert "Turtle is not in house 2 (clues 1 and 3). Suppose" in step.text, "the one earlier fact it needs"
    assert (
        "Suppose rabbit were in house 3: then clue 2 leaves knitting only in houses 1 or 2, then clue 3 puts red"
        in (step.text)
    ), "each link that rules out an object the dead end needs, the first to rule it out"
    assert step.text.endswith(
        "the hobby values no longer fit one to each house: a contradiction, so rabbit is not in house 3."
    )


WEIGHTS = """names: Ann, Bob, Cy
weights: 100 lbs, 120 lbs, 140 lbs
pets: cat, dog, fox
key: names
1. Ann weighs 100 lbs.
2. Bob owns the dog.
3. The person who weighs 140 lbs owns the fox.
"""


def test_categories_are_named_as_a_sentence_needs_them():
    """`each names has one weights value` once: the key's objects are people, one value of a category is singular."""
    said = [step.text for step in zebra.steps(zebra.parse(WEIGHTS)).steps if step.rule == "each value once"]
    assert any(", and each person has one weight, so " in text for text in said)
    assert any(", and each person has one pet, so " in text for text in said)
    rentals = " ".join(step.text for step in zebra.steps(zebra.parse(examples("zebra")["rentals"])).steps)
    assert "each customer has one number of days" in rentals and ": no number of days but " in rentals
    assert "each customer has one car, so " in rentals and "Customer" not in rentals


@pytest.mark.parametrize(
    "name, values, one",
    [
        ("weights", ("100 lbs", "120 lbs"), "weight"),
        ("Cigarettes", ("Kools", "Parliament"), "cigarette"),
        ("Days", ("2", "3"), "number of days"),
        ("Prices (dollars)", ("$5", "$6"), "price"),
        ("Music", ("jazz", "rock"), "kind of music"),
        ("Hair color", ("red", "blonde"), "hair color"),
        ("GPA", ("3.1", "3.5"), "GPA"),
    ],
)
def test_one_value_of_a_category_is_named_singular(name, values, one):
    assert one_value(Category(name, values)) == one


VALUES = """\
names: Ann, Bob, Cy
Costs: $11.99, $13.99, $15.99
Weights (pounds): 1, 27, 32
Finish times: 10:00am, 10:05am, 10:10am
Ages: 25, 27, 32
Rooms: red, blue, green
key: names
1. Ann paid $11.99.
"""


def test_a_value_is_named_by_itself_or_with_its_unit_and_by_its_category_only_where_it_is_in_doubt():
    """Not `Costs $11.99` or `Weights (pounds) 27`: the category's name only where the bare value is ambiguous."""
    puzzle = zebra.parse(VALUES)
    named = [value_name(puzzle, x) for x in range(len(puzzle.categories) * puzzle.n)]
    assert named[3:] == [
        *("$11.99", "$13.99", "$15.99"),
        *("1 pound", "27 pounds", "32 pounds"),
        *("10:00am", "10:05am", "10:10am"),
        *("Ages 25", "Ages 27", "Ages 32"),
        *("red", "blue", "green"),
    ]


def test_trial_is_the_last_rung_and_is_said_plainly():
    step = assert_easiest(zebra.parse(COLOURS), "trial")
    assert step.trial and "Suppose " in step.text and "a contradiction, so " in step.text
    assert [rung.name for rung in LADDER][-1] == "trial"


def test_a_link_leaving_many_houses_names_those_it_rules_out_values_together():
    """A trial's link that leaves four of five houses says the one it takes, and a rule taking the same house from
    two values says it once; with three houses or fewer left, the link says those left."""
    puzzle = zebra.parse(examples("zebra")["einstein"])
    yellow_blue, red = [0, 1], [2]
    assert event_words(puzzle, "each value once", yellow_blue, 0b11110, 0b11111) == (
        "each value once rules out yellow and blue in house 1"
    )
    assert event_words(puzzle, "clue 3", red, 0b01110, 0b11111) == "clue 3 leaves red only in houses 2, 3 or 4"


# ---------------------------------------------------------------- walks to the known answers


def test_the_einstein_walk_reaches_the_answer_everyone_knows():
    puzzle = zebra.parse(examples("zebra")["einstein"])
    path = zebra.steps(puzzle)
    assert path.solved and all(step.rule != "trial" for step in path.steps)
    assert_every_fact_true(puzzle, path)
    where = placed(puzzle, path)
    nationality, pet, drink = (1, 4, 2)
    assert where[(pet, 4)] == where[(nationality, 4)] == 4, "the Japanese owns the zebra, in house 5"
    assert where[(drink, 0)] == where[(nationality, 0)] == 0, "the Norwegian drinks water, in house 1"
    assert any(s.rule == "one clue over the places left" and "blue is in house 2" in s.text for s in path.steps)


@pytest.mark.parametrize("name", ["page", "painting", "rentals", "researchers", "scholarships"])
def test_each_seed_logic_grid_is_solved_without_trial_every_fact_true(name):
    puzzle = zebra.parse(examples("zebra")[name])
    path = zebra.steps(puzzle)
    assert path.solved and all(step.rule != "trial" for step in path.steps)
    assert path.trials == sum(step.text.count("Suppose ") for step in path.steps), "every supposition marked"
    assert_every_fact_true(puzzle, path)
    solution = answer_of(puzzle)
    for (c, v), o in placed(puzzle, path).items():
        assert solution[o][c] == puzzle.categories[c].values[v]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(3, 4), categories=st.integers(2, 3))
def test_every_fact_of_every_step_agrees_with_the_unique_solution(seed, n, categories):
    made = generator.generate(np.random.default_rng(seed), n, categories)
    path = zebra.steps(made.puzzle)
    assert path.solved
    names = [c.name for c in made.puzzle.categories]
    for step in path.steps:
        for fact in step.sets:
            c, v = fact.at
            row = dict(zip(names, made.solution[fact.value], strict=True))
            assert (row[names[c]] == made.puzzle.categories[c].values[v]) == fact.holds, step.text


def test_with_two_solutions_every_fact_holds_in_both_and_the_walk_says_it_is_stuck():
    text = examples("zebra")["einstein"]
    puzzle = zebra.parse("\n".join(line for line in text.splitlines() if "Chesterfields" not in line))
    solutions = zebra.solve(puzzle).analysis.solutions
    assert len(solutions) == 2
    path = zebra.steps(puzzle)
    assert path.ended == "stuck" and path.steps
    for step in path.steps:
        for fact in step.sets:
            assert all(true_in(puzzle, solution, fact) for solution in solutions), (step.text, fact.said)


def test_a_puzzle_with_no_solution_ends_in_contradiction_at_once():
    puzzle = zebra.parse(NORWEGIAN + "5. The Norwegian lives in the red house.\n")
    path = zebra.steps(puzzle)
    assert path.ended == "contradiction" and not path.steps


def test_solve_steps_prints_the_explained_solution_and_its_json(capsys):
    einstein = "puzzles/examples/zebra-einstein.txt"
    assert main(["solve", "zebra", einstein, "--steps"]) == 0
    out = capsys.readouterr().out
    assert "Steps:\n 1. [one clue alone] Clue 6 says:" in out and out.rstrip().endswith("Solved.")
    assert main(["solve", "zebra", einstein, "--steps", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["count"] == 1 and report["steps_ended"] == "solved"
    assert {"rule", "uses", "text", "sets"} <= set(report["steps"][0])
