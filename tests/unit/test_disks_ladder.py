"""The disks' ladder: steps a person can follow, checked against every solution the engine finds."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from puzzles import disks
from puzzles.disks.ladder import LADDER, Known, apply
from puzzles.examples import examples
from puzzles.steps import Path

FIXED = disks.parse(examples("disks")["fixed"])
ORIGINAL = disks.parse(examples("disks")["original"])


def agrees(path, solutions) -> bool:
    """Every fact of every step holds in every solution: a turn settled is the solutions', one ruled out is none's."""
    facts = [fact for step in path.steps for fact in step.sets]
    return all((solution[fact.at] == fact.value) == fact.holds for solution in solutions for fact in facts)


def test_the_seed_disks_are_turned_to_their_one_solution_without_a_trial():
    path = disks.steps(FIXED)
    assert path.ended == "solved" and path.trials == 0
    settled = {fact.at: fact.value for step in path.steps for fact in step.sets if fact.holds}
    assert settled == {2: 5, 1: 0, 3: 11}, "disk 1 stays put; the others as the seed's answer: 0 0 5 11"
    assert agrees(path, [(0, 0, 5, 11)])
    assert path.steps[0].rule == "covered already" and path.steps[0].text.startswith(
        "Disk 1 covers fields 6, 8 and 11: turned 1, 2, 4, 5, 6, 7, 8 or 10, disk 2 would cover one of them too"
    )


def test_the_seed_disks_as_printed_run_into_a_contradiction():
    path = disks.steps(ORIGINAL)
    assert path.ended == "contradiction" and path.steps and agrees(path, [])
    assert path.steps[-1].text.endswith("so it is not. Now nothing can cover field 9 any more."), (
        "the step that closes the chain says what clashes before 'Nothing fits'"
    )
    assert path.to_text().endswith("any more.\nNothing fits: the puzzle as given has no solution.")


def test_the_cheapest_rung_is_taken_when_several_apply():
    known, several = Known.start(FIXED), 0
    for step in disks.steps(FIXED).steps:
        applying = [rung.name for rung in LADDER if next(iter(rung.find(known)), None)]
        assert step.rule == applying[0], "each step comes from the cheapest rung that has one"
        several += len(applying) > 1
        known = apply(known, step)
    assert several >= 3, "dearer rungs applied too and were passed over"


def test_the_hint_is_the_next_turn_the_hand_turns_lack_with_what_it_rests_on():
    path = disks.next_step(FIXED)
    (step,) = path.steps
    assert [f for f in step.sets if f.holds] == [disks.ladder.turned(2, 5)]
    assert step.goal == (2,) and step.parts[-1].text == "Disk 3 has every turn but 5 ruled out, so it is turned 5."
    turned = disks.next_step(disks.parse("rotations: 0 0 5 0\n" + examples("disks")["fixed"]))
    (step,) = turned.steps
    assert step.goal == (3,) and [f.said for f in step.sets if f.holds][-1] == "disk 4 turned 11", (
        "disks 2 and 3 are turned so already: the hint goes on to disk 4, with the turns it rests on"
    )
    assert disks.next_step(disks.parse("rotations: 0 0 5 11\n" + examples("disks")["fixed"])).ended == "solved"


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(2, 6), st.sampled_from(disks.COVERS), st.data())
def test_every_step_agrees_with_every_solution_and_a_unique_one_is_reached(k, m, cover, data):
    rows = tuple(tuple(data.draw(st.lists(st.integers(0, 1), min_size=m, max_size=m))) for _ in range(k))
    puzzle = disks.Disks(rows, cover)
    solutions = disks.analyse(puzzle, limit=10**6).solutions
    path = disks.steps(puzzle)
    assert agrees(path, solutions)
    if not solutions:
        assert path.ended == "contradiction"
    if path.ended == "solved":
        assert len(solutions) == 1
    if len(solutions) == 1:
        assert path.ended == "solved", "trial refutes every other turn of a puzzle with one solution"


def test_solve_steps_prints_each_step_and_json_has_them(capsys):
    assert main(["solve", "disks", "puzzles/examples/disks-fixed.txt", "--steps"]) == 0
    out = capsys.readouterr().out
    assert "[last turn left] Disk 3 has every turn but 5 ruled out, so it is turned 5." in out and "Solved." in out
    assert main(["solve", "disks", "puzzles/examples/disks-original.txt", "--steps", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == 0 and data["steps_ended"] == "contradiction"
    assert data["steps"][0]["rule"] == "covered already" and data["steps"][0]["sets"][0]["holds"] is False


def test_with_no_turn_to_give_the_hint_says_why():
    assert disks.next_step(ORIGINAL) == Path((), "contradiction")
    several = disks.Disks(((1, 0, 1, 0), (1, 0, 1, 0)), "at least one")  # disk 2 turned 1 or 3 covers the rest
    assert disks.next_step(several).ended == "stuck"


def test_the_check_marks_a_turn_no_solution_has_and_says_so_when_there_is_none():
    def checked(rotations):
        return disks.check(disks.parse(f"rotations: {rotations}\n" + examples("disks")["fixed"]))

    assert checked("0 0 5 0").tone == "good" and not checked("0 0 5 0").mistakes
    wrong = checked("0 3 5 0")
    assert wrong.verdict == "1 of your 2 turns fits no solution." and [m.at for m in wrong.mistakes] == [1]
    assert wrong.mistakes[0].text.startswith("disk 2 turned 3: no way of turning the other disks")
    assert disks.check(FIXED).verdict == "No disk is turned yet: nothing to check."
    assert disks.check(ORIGINAL).tone == "bad" and not disks.check(ORIGINAL).mistakes
    two = disks.Disks(((1, 0, 0, 0), (0, 1, 0, 0), (0, 1, 0, 0), (0, 1, 0, 0)), rotations=(0, 3, 3, 2))
    assert {s[1:] for s in disks.analyse(two).solutions} >= {(3, 0, 2), (0, 3, 2)}, "disks 2 and 3 may each be at 3"
    assert disks.check(two).verdict.startswith("Each turn fits a solution, but not all of them together")
