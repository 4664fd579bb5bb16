"""The explanation contract every puzzle type's hints rest on: steps, ladders, walks, chains."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from puzzles.core import Budget, Deadline
from puzzles.steps import (
    TRIAL_WEIGHT,
    Fact,
    Path,
    Rung,
    Step,
    easiest,
    join_words,
    needed_steps,
    next_placement,
    paged,
    shed,
    told_as_one,
    walk,
)

# A toy puzzle: what is known is a set of letters; each rung learns one letter from others.
Known = frozenset


def learns(letter: str, needs: str = "", rule: str = "") -> Rung[Known]:
    def find(known: Known):
        if letter not in known and set(needs) <= known:
            yield Step(rule or f"learn {letter}", f"{needs or 'nothing'} gives {letter}", sets=(Fact(letter, True),))

    return Rung(rule or f"learn {letter}", f"{needs} gives {letter}", find)


def apply(known: Known, step: Step) -> Known:
    return known | {fact.at for fact in step.sets}


def ended(known: Known) -> str | None:
    return "solved" if "z" in known else None


LADDER = (learns("x"), learns("a"), learns("b", "x"), learns("z", "a"))


def test_the_easiest_step_is_the_first_rung_that_has_one():
    assert easiest(LADDER, frozenset()).rule == "learn x"
    assert easiest(LADDER, frozenset("xab")).rule == "learn z"
    assert easiest(LADDER[2:], frozenset()) is None


def test_a_walk_takes_the_easiest_step_each_time_until_it_ends():
    path = walk(LADDER, frozenset(), apply=apply, ended=ended, deadline=Deadline())
    assert [step.rule for step in path.steps] == ["learn x", "learn a", "learn b", "learn z"]
    assert path.solved and path.ended == "solved" and path.trials == 0


def test_a_walk_says_why_it_stopped_early():
    def stuck_ladder_walk(ladder):
        return walk(ladder, frozenset(), apply=apply, ended=ended, deadline=Deadline())

    assert stuck_ladder_walk(LADDER[:3]).ended == "stuck"
    assert walk(LADDER, frozenset(), apply=apply, ended=ended, deadline=Deadline(), limit=1).ended == "more"
    cut = walk(LADDER, frozenset(), apply=apply, ended=ended, deadline=Deadline(Budget(work=2)))
    assert cut.ended == "budget" and len(cut.steps) == 2
    until_b = walk(LADDER, frozenset(), apply=apply, ended=ended, deadline=Deadline(), until=lambda s: "b" in s.rule)
    assert [step.rule for step in until_b.steps] == ["learn x", "learn a", "learn b"] and until_b.ended == "more"


def test_a_hint_begins_no_trial_its_budget_cannot_pay_for():
    """A hint cut by its budget shows its first step only: a trial it could not pay for is not worked out at all."""
    tried = []

    def trial(known: Known):
        tried.append(known)
        yield Step("trial", "suppose", sets=(Fact("z", True),), trial=True)

    def rules_out_w(known: Known):
        if "w" not in known:
            yield Step("rule out w", "w is out", sets=(Fact("w", True, holds=False),))

    ladder = (Rung("rule out w", "w is out", rules_out_w), Rung("trial", "suppose z", trial))
    cut = next_placement(ladder, frozenset(), apply=apply, ended=ended, deadline=Deadline(Budget(work=TRIAL_WEIGHT)))
    assert cut.ended == "budget" and [step.rule for step in cut.steps] == ["rule out w"] and tried == []
    whole = next_placement(ladder, frozenset(), apply=apply, ended=ended, deadline=Deadline(Budget(work=3_000)))
    assert [step.rule for step in whole.steps] == ["trial"] and tried
    walked = walk(ladder, frozenset(), apply=apply, ended=ended, deadline=Deadline(Budget(work=5)))
    assert walked.ended == "solved" and walked.trials == 1, "a walk's budget counts steps: a trial is one"


def test_a_long_sentence_is_paged_between_its_pieces_each_page_recalling_its_supposition():
    pieces = ["Suppose a: then b", *(f"then link {n} of a long chain" for n in range(40)), "then z. So not a."]
    pages = paged(pieces, "a", most=100)
    assert len(pages) > 10 and all(page.startswith("Still supposing a: then link ") for page in pages[1:])
    assert " ".join([pages[0], *(page.removeprefix("Still supposing a: ") for page in pages[1:])]) == ", ".join(pieces)
    assert all(len(page) <= 100 and page.endswith(",") for page in pages[:-1]) and pages[-1].endswith("So not a.")
    assert paged(["Suppose a: then b", "then z."], "a") == ("Suppose a: then b, then z.",)


def test_a_chain_keeps_only_the_steps_its_last_one_rests_on():
    path = walk(LADDER, frozenset(), apply=apply, ended=ended, deadline=Deadline())
    assert [step.rule for step in needed_steps(LADDER, frozenset(), path.steps, apply)] == ["learn a", "learn z"]


def one_by_one(items: list[int], holds) -> list[int]:
    """What `shed` promises: each item dropped in turn, latest first, where `holds` still holds without it."""
    kept = list(items)
    for item in reversed(items):
        if holds(fewer := [other for other in kept if other != item]):
            kept = fewer
    return kept


@given(st.integers(0, 40), st.lists(st.sets(st.integers(0, 39), min_size=1, max_size=4), max_size=5))
def test_shedding_keeps_what_dropping_one_by_one_keeps_in_few_tries_where_few_are_kept(size, groups):
    """`holds` here needs an item of each group: more items never break it, as more facts never undo a dead end."""
    groups = [group for group in groups if max(group) < size]
    tries = []

    def holds(kept: list[int]) -> bool:
        tries.append(kept)
        return all(group & set(kept) for group in groups)

    kept = shed(range(size), holds)
    shed_tries = len(tries)
    assert kept == one_by_one(list(range(size)), holds)
    if len(kept) <= 1:
        assert shed_tries <= 1 + 2 * size.bit_length()  # one by one takes `size`


def test_a_chain_told_as_one_names_every_rule_and_settles_everything_once():
    first = Step("r1", "one.", ("clue 1",), ((0, 0),), (Fact((0, 0), 3),))
    second = Step("r2", "two.", ("clue 1", "clue 2"), ((0, 1),), (Fact((0, 0), 3), Fact((0, 1), 4)), trial=True)
    told = told_as_one([first, second])
    assert told.rule == "r1 then r2" and told.uses == ("clue 1", "clue 2")
    assert told.where == ((0, 0), (0, 1)) and told.sets == (Fact((0, 0), 3), Fact((0, 1), 4)) and told.trial
    assert told.text == "(1) one. (2) two." and told.parts == (first, second) and told.goal == ((0, 1),)
    assert told_as_one([first]) is first


def test_steps_read_as_text_and_json():
    step = Step("rule", "Because.", ("clue 2",), ((1, 2),), (Fact((1, 2), 5, said="r2c3 = 5"), Fact((0, 0), 1, False)))
    assert step.why == "rule (clue 2)" and step.settles == "r2c3 = 5"
    assert step.to_json() == {
        "rule": "rule",
        "uses": ["clue 2"],
        "text": "Because.",
        "sets": [
            {"at": [1, 2], "value": 5, "holds": True, "text": "r2c3 = 5"},
            {"at": [0, 0], "value": 1, "holds": False, "text": ""},
        ],
        "trial": False,
    }
    path = Path((step,), "solved")
    assert path.to_text() == "1. [rule] Because.\nSolved." and path.to_json()["ended"] == "solved"


def test_lists_read_as_a_sentence():
    assert join_words([]) == "" and join_words(["a"]) == "a" and join_words(["a", "b"]) == "a and b"
    assert join_words(["a", "b", "c"], "or") == "a, b or c"
