"""The zebra counting engine against brute force, generated puzzles, budgets; the generator's pages."""

import itertools
import json
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from math import prod
from pathlib import Path
from unittest.mock import MagicMock, patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import zebra
from puzzles.core import Budget, Count, Deadline, Stopped
from puzzles.examples import examples
from puzzles.zebra import generator, solver
from puzzles.zebra.analysis import NO_SOLUTION, RULED_OUT
from puzzles.zebra.count import elimination, kernel, plan, search, splitting
from puzzles.zebra.model import Between, Category, Clue, Compare, Gap, HowMany, Place, Puzzle

FIXTURES = Path(__file__).parents[1] / "fixtures"


class One:
    """The model's Frame for one full assignment: where[c][v] is the object of value v of category c."""

    def __init__(self, puzzle, where):
        self.puzzle, self.w, self.n = puzzle, where, puzzle.n

    def where(self, ref):
        return np.asarray(self.w[ref[0]][ref[1]])

    def value(self, category, objects):
        numbers = self.puzzle.categories[category].numbers
        return np.asarray(numbers[list(self.w[category]).index(int(objects))])


def first_broken(puzzle):
    """Every assignment with the number of clues it satisfies before the first it breaks."""
    n = puzzle.n
    choices = [
        [tuple(range(n))] if c == puzzle.key else list(itertools.permutations(range(n)))
        for c in range(len(puzzle.categories))
    ]
    for where in itertools.product(*choices):
        frame = One(puzzle, where)
        kept = next(
            (k for k, clue in enumerate(puzzle.clues) if not all(bool(a.holds(frame)) for a in clue.atoms)),
            len(puzzle.clues),
        )
        yield where, kept


def brute_force(puzzle):
    return [where for where, kept in first_broken(puzzle) if kept == len(puzzle.clues)]


@st.composite
def atoms(draw, n, categories, key, depth=0):
    """Any atom the reader can make, over values of small puzzles (and `or`, `not`, `exactly k` of them)."""
    ref = st.tuples(st.integers(0, categories - 1), st.integers(0, n - 1))
    rows = key is None
    kinds = ["gap", "place", "compare"] + (["between"] if rows else []) + (["howmany"] if depth < 1 else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "howmany":
        inner = draw(st.lists(atoms(n, categories, key, depth + 1), min_size=1, max_size=3))
        low = draw(st.integers(0, len(inner)))
        return HowMany(tuple(inner), low, draw(st.integers(low, len(inner))))
    if kind == "place":
        return Place(draw(ref), frozenset(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n - 1))))
    a, b, c = draw(st.lists(ref, min_size=3, max_size=3, unique=True))
    if kind == "between":
        return Between(a, b, c, draw(st.booleans()))
    if kind == "compare":
        return Compare(a, b, categories - 1, draw(st.sampled_from([-1, 1])), draw(st.sampled_from([None, 1, 2])))
    gaps = draw(st.sets(st.integers(-(n - 1), n - 1), min_size=1)) if rows else {0}
    return Gap(a, b, frozenset(gaps))


@st.composite
def small_puzzles(draw):
    n = draw(st.integers(2, 4))
    categories = draw(st.integers(2, {2: 4, 3: 3, 4: 2}[n] + (n > 2 and draw(st.booleans()))))
    key = draw(st.sampled_from([None, 0]))
    names = ["A", "B", "C", "Num"][-categories:]
    cats = tuple(
        Category(name, tuple(str(10 * (v + 1)) if name == "Num" else f"{name.lower()}{v}" for v in range(n)))
        for name in names
    )
    clues = tuple(
        Clue(f"clue {i}", f"clue {i}", tuple(draw(st.lists(atoms(n, categories, key), min_size=1, max_size=2))))
        for i in range(draw(st.integers(0, 4)))
    )
    return Puzzle(cats, clues, key)


@settings(max_examples=80, deadline=None)
@given(small_puzzles())
def test_counts_tallies_marks_and_solutions_match_brute_force(puzzle):
    kept = [k for _, k in first_broken(puzzle)]
    found = [where for where, k in first_broken(puzzle) if k == len(puzzle.clues)]
    analysis = zebra.analyse(puzzle, limit=len(found) + 1, budget=None)
    assert analysis.count == Count(len(found))
    for c in puzzle.free:
        for v in range(puzzle.n):
            for o in range(puzzle.n):
                share = sum(where[c][v] == o for where in found)
                assert analysis.tally[c][v][o] == share
                assert (analysis.marks[c][v][o] not in (RULED_OUT, NO_SOLUTION)) == (share > 0)
                if analysis.marks[c][v][o] == RULED_OUT:
                    assert 0 <= analysis.reasons[(c, v, o)] < len(puzzle.clues)
    as_found = {tuple(tuple(row) for row in s) for s in analysis.solutions}
    named = lambda where: tuple(
        tuple(puzzle.categories[c].values[where[c].index(o)] for c in range(len(puzzle.categories)))
        for o in range(puzzle.n)
    )
    assert as_found == {named(where) for where in found}
    assert [note.after.value for note in analysis.notes] == [
        sum(k >= i for k in kept) for i in range(1, len(puzzle.clues) + 1)
    ]
    if not found and puzzle.clues:
        conflict = analysis.conflict
        assert conflict and not brute_force(
            Puzzle(puzzle.categories, tuple(puzzle.clues[i] for i in conflict), puzzle.key)
        )


def houses_between(a, b, k):
    return Gap(a, b, frozenset({k + 1, -(k + 1)}))


def test_one_and_two_houses_between_are_counted_as_written():
    cats = (Category("Name", ("Ann", "Ben", "Cleo")), Category("Drink", ("tea", "coffee", "juice")))
    one = Puzzle(cats, (Clue("one", "one", (houses_between((0, 0), (0, 2), 1),)),))
    assert zebra.analyse(one).count.value == 2 * 6  # Ann and Cleo at the ends, either way round
    found = brute_force(one)
    assert len(found) == 12


@pytest.mark.parametrize("seed, n, categories", [(0, 4, 4), (1, 4, 3), (2, 5, 5), (3, 5, 3)])
def test_generated_puzzles_are_unique_with_the_hidden_answer(seed, n, categories):
    made = generator.generate(np.random.default_rng(seed), n, categories)
    analysis = zebra.analyse(made.puzzle, notes=False, budget=None)
    assert analysis.count == Count(1)
    assert analysis.solutions[0] == made.solution
    again = generator.generate(np.random.default_rng(seed), n, categories)
    assert again.clues == made.clues  # reproducible from the seed
    for i in range(len(made.clues)):  # pruned: each clue is needed
        fewer = Puzzle(made.puzzle.categories, made.puzzle.clues[:i] + made.puzzle.clues[i + 1 :])
        assert zebra.analyse(fewer, notes=False, budget=None).count.value > 1


def test_the_page_reads_as_the_issue_writes_it():
    made = generator.generate(np.random.default_rng(5), 4, 3)
    text = generator.page(made)
    lines = text.splitlines()
    assert lines[0].startswith(
        "There are 4 houses, numbered 1 to 4 from left to right, as seen from across the street."
    )
    assert lines[0].endswith("Each house has a unique attribute for each of the following characteristics:")
    for theme, category in zip(made.themes, made.puzzle.categories, strict=True):
        assert f" - {theme.header}: " + ", ".join(f"`{v}`" for v in category.values) in lines
    assert "## Clues:" in lines
    clues = lines[lines.index("## Clues:") + 1 :]
    assert [line.split(". ", 1)[0] for line in clues] == [str(i) for i in range(1, len(made.clues) + 1)]
    assert all(line.endswith(".") and line.split(". ", 1)[1][0].isupper() for line in clues)


def test_every_family_is_said_in_the_issue_wording():
    said = set()
    rng = np.random.default_rng(7)
    base = Puzzle((Category("Name", ("Ann", "Ben", "Cleo", "Dan", "Eve")), Category("Drink", tuple("abcde"))))
    where = [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]]
    for family in generator.FAMILIES:
        for _ in range(30):
            spoken = generator.draw_clue(rng, base, where, (family,))
            said.add(spoken.page.replace("{0}", "X").replace("{1}", "Y"))
            assert spoken.atom.holds(One(base, where))  # true of the hidden answer
    for wording in ("X is Y", "X is not Y", "X is directly left of Y", "X is directly right of Y",
                    "X is somewhere to the left of Y", "X is somewhere to the right of Y",
                    "X and Y are next to each other", "There is one house between X and Y",
                    "There are two houses between X and Y", "There are three houses between X and Y"):  # fmt: skip
        assert wording in said
    assert {"X is in the first house", "X is not in the fifth house"} & said


def test_a_formal_generated_puzzle_reads_back_to_the_same_answer():
    made = generator.generate(np.random.default_rng(11), 5, 4, generator.FORMAL_FAMILIES)
    puzzle = zebra.parse(generator.formal(made))
    analysis = zebra.analyse(puzzle, notes=False)
    assert analysis.count.value == 1 and analysis.solutions[0] == made.solution


MADE = {  # fixture: (seed, houses, categories, families) given to generator.generate; page and formal from generator
    "4x4-1": (101, 4, 4, "all"), "5x5-1": (102, 5, 5, "all"), "6x6-1": (103, 6, 6, "formal"),
    "6x6-2": (104, 6, 6, "all"), "6x6-3": (105, 6, 4, "all"), "7x7-1": (106, 7, 7, "all"),
    "8x8-1": (107, 8, 8, "formal"), "8x8-2": (108, 8, 8, "all"),
}  # fmt: skip


def test_the_small_fixtures_are_what_the_generator_makes_from_their_seeds():
    for name in ("4x4-1", "5x5-1"):
        seed, n, categories, families = MADE[name]
        chosen = generator.FAMILIES if families == "all" else generator.FORMAL_FAMILIES
        made = generator.generate(np.random.default_rng(seed), n, categories, chosen)
        assert generator.page(made) == (FIXTURES / f"zebra-gen-{name}-page.txt").read_text()


def fixtures():
    answers = json.loads((FIXTURES / "zebra-gen-answers.json").read_text())
    return sorted(answers.items())


@pytest.mark.parametrize("name, rows", fixtures())
def test_generated_fixtures_page_and_formal_solve_to_their_answers(name, rows):
    analysis = zebra.analyse(zebra.parse((FIXTURES / name).read_text()), notes=False, budget=None)
    names = [c.name for c in analysis.puzzle.categories]
    assert analysis.count == Count(1)
    assert [dict(zip(names, row, strict=True)) for row in analysis.solutions[0]] == rows


def test_out_of_budget_is_an_honest_at_least():
    made_8 = Puzzle(tuple(Category(f"C{c}", tuple(f"v{c}{v}" for v in range(8))) for c in range(8)))
    rng = np.random.default_rng(3)
    where = [[int(o) for o in rng.permutation(8)] for _ in range(8)]
    clues = tuple(
        Clue(f"{i}", f"{i}", (generator.draw_clue(rng, made_8, where, generator.FAMILIES[2:]).atom,)) for i in range(12)
    )
    puzzle = Puzzle(made_8.categories, clues)
    hurried = zebra.analyse(puzzle, notes=False, budget=Budget(work=30))
    assert not hurried.count.exact and str(hurried.count).startswith("at least")
    exact = zebra.analyse(puzzle, notes=False, budget=None).count
    assert exact.exact and hurried.count.value <= exact.value
    assert exact.value == zebra.analyse(puzzle, notes=False, budget=Budget(work=10**6)).count.value


@st.composite
def values_of_a_category(draw):
    """Some values of one category (all n of them, or fewer as in a counting model), each with its objects."""
    n = draw(st.integers(2, 5))
    k = draw(st.integers(1, n))
    return n, draw(st.lists(st.integers(1, (1 << n) - 1), min_size=k, max_size=k))


@settings(max_examples=200, deadline=None)
@given(values_of_a_category())
def test_keeping_values_apart_leaves_exactly_the_objects_some_arrangement_uses(case):
    n, domains = case
    ways = [
        places
        for places in itertools.permutations(range(n), len(domains))
        if all(d >> o & 1 for d, o in zip(domains, places, strict=True))
    ]
    kept = solver.apart(list(domains), whole=len(domains) == n)
    if not ways:
        assert kept is None
    else:
        assert kept == tuple(sum(1 << o for o in {places[i] for places in ways}) for i in range(len(domains)))


def test_a_clue_within_a_category_rules_out_what_the_others_cannot_fit_around():
    names = Category("Name", ("Ann", "Ben", "Cleo"))
    puzzle = Puzzle(
        (names, Category("Drink", ("tea", "coffee", "juice"))), (Clue("", "", (Gap((0, 0), (0, 1), frozenset({-1})),)),)
    )
    analysis = zebra.analyse(puzzle)
    assert analysis.marks[0][2][1] == RULED_OUT  # Ann directly left of Ben takes houses 1-2 or 2-3: never Cleo's 2
    assert analysis.reasons[(0, 2, 1)] == 0


def test_einstein_marks_red_and_the_englishman_out_of_house_4_by_clues():
    """Green right of ivory needs two adjacent houses free of blue (2) and red: with red in 4 there are none."""
    analysis = zebra.analyse(zebra.parse(examples("zebra")["einstein"]))
    at = {(c.name, v): (i, j) for i, c in enumerate(analysis.puzzle.categories) for j, v in enumerate(c.values)}
    for category, value in [("Colour", "red"), ("Nationality", "Englishman")]:
        c, v = at[(category, value)]
        assert analysis.marks[c][v][3] == RULED_OUT


TWO_GROUPS_ONE_KEY = """\
Food: blueberry, cucumber, lettuce, onion, watermelon
Hobby: collecting, photography, singing, skydiving, video-games
Music-Genre: d&b, disco, house, reggae, salsa
Pet: fish, goldfish, hedgehog, horse, lizard
Transport: airplane, jet-ski, ship, skateboard, train
1. Transport:airplane is not to the right of Food:cucumber
2. Hobby:skydiving is not to the right of Food:lettuce
3. Food:cucumber == Transport:jet-ski or Food:cucumber == Hobby:video-games, but not both
4. Music-Genre:house == Pet:lizard or Music-Genre:house == Hobby:skydiving or both
5. Pet:horse is somewhere between Transport:skateboard and Food:onion
6. Music-Genre:reggae and Pet:hedgehog have different parity positions
7. Food:blueberry is somewhere between Transport:train and Music-Genre:disco
8. Food:cucumber == Hobby:skydiving or Food:cucumber == Transport:train, but not both
9. Transport:skateboard == Pet:fish or Transport:skateboard == Music-Genre:reggae, but not both
10. Hobby:collecting and Transport:skateboard have different parity positions
11. Music-Genre:d&b and Food:lettuce have the same parity positions
12. Pet:lizard is not to the right of Hobby:skydiving
13. Music-Genre:salsa is not to the right of Transport:airplane
14. Food:onion is somewhere between Food:cucumber and Hobby:singing
"""


def test_a_remembered_part_is_told_from_a_bigger_part_over_the_same_variables():
    """A quint-t 5x5 prefix where Hall sets split Music into {reggae, salsa} beside the rest: the part
    of two must not be taken for the part of five remembered with the same domains (counted 1,224)."""
    model = solver.model_of(zebra.parse(TWO_GROUPS_ONE_KEY))
    listed = sum(1 for _ in search.solutions(model, Deadline()))
    assert listed == 1212
    assert search.count(model, Deadline()).value == listed


EVERY_WAY = pytest.mark.parametrize(
    "way", ["python", "compiled", "raced", "split", "split-compiled", "split-in-turn", "split-in-turn-compiled"]
)


@contextmanager
def eliminating(way: str, tried: int = 8) -> Iterator[None]:
    """Counts by elimination alone: in Python, or compiled with parts and runs so small that every count walks
    many of them; either way split case by case (`splitting`) wherever a count writes more than `tried`
    successors, the cases on two threads or (`in-turn`) one; or (`raced`) whole, its cases begun beside it at
    once (the first to end gives the count)."""
    with ExitStack() as stack:
        stack.enter_context(patch.object(search, "SEARCH_FIRST", 0))
        if way.endswith("compiled"):
            stack.enter_context(patch.object(elimination, "IN_PYTHON", 0))
            stack.enter_context(patch.object(kernel, "PART", 4))
            stack.enter_context(patch.object(kernel, "CHUNK", 16))
        if way.startswith("split"):
            stack.enter_context(patch.object(splitting, "TRIED", tried))
        stack.enter_context(patch.object(plan, "WORKERS", 1 if "in-turn" in way else 2))
        if way == "raced":
            stack.enter_context(patch.object(splitting, "RACE", 0))
        yield


@contextmanager
def spying_on_splits() -> Iterator[MagicMock]:
    """`Split.split` as it is, its calls counted."""
    with patch.object(splitting.Split, "split", autospec=True, side_effect=splitting.Split.split) as split:
        yield split


@EVERY_WAY
@settings(max_examples=60, deadline=None)
@given(puzzle=small_puzzles())
def test_elimination_counts_and_tallies_as_brute_force(way, puzzle):
    """With no search first, every count of clues over two values is elimination's: in Python, compiled, or
    the sum of its cases."""
    found = brute_force(puzzle)
    with eliminating(way):
        analysis = zebra.analyse(puzzle, notes=False, limit=len(found) + 1, budget=None)
    assert analysis.count == Count(len(found))
    for c in puzzle.free:
        for v in range(puzzle.n):
            assert list(analysis.tally[c][v]) == [sum(where[c][v] == o for where in found) for o in range(puzzle.n)]


@EVERY_WAY
def test_elimination_and_the_search_agree_on_every_prefix_of_a_6x6_puzzle(way):
    puzzle = zebra.parse((FIXTURES / "zebra-gen-6x6-1-formal.txt").read_text(encoding="utf-8"))
    with spying_on_splits() as split:
        for k in range(len(puzzle.clues) + 1):
            model = solver.model_of(Puzzle(puzzle.categories, puzzle.clues[:k], puzzle.key))
            with eliminating(way, tried=1000):
                eliminated = search.count(model, Deadline(), margins=True)
            with patch.object(splitting, "plan_of", side_effect=plan.Unsupported):
                searched = search.count(model, Deadline(), margins=True)
            assert (eliminated.value, eliminated.margins) == (searched.value, searched.margins)
    if way != "raced":  # raced, the cases begin or not as the threads run
        assert split.called == way.startswith("split")


def test_the_middle_clues_of_an_8x8_puzzle_are_counted_exactly_in_the_work_budget():
    """The search alone ran out on the 25th prefix (1.6 million nodes in a minute gave "at least 1.7e17")."""
    puzzle = zebra.parse((FIXTURES / "zebra-gen-8x8-1-formal.txt").read_text(encoding="utf-8"))
    model = solver.model_of(Puzzle(puzzle.categories, puzzle.clues[:25], puzzle.key))
    counted = search.count(model, Deadline(zebra.BUDGET), margins=True)
    assert counted.exact and counted.value == 611_422_561_729_658_880
    n = puzzle.n
    assert all(sum(counted.margins[c * n + v]) == counted.value for c in puzzle.free for v in range(n))


def test_an_8x8_count_split_case_by_case_has_the_whole_counts_answer_and_shares():
    """The 25th prefix of the 8x8 fixture, counted whole above, counted again by cases of at most 50,000
    successors each (the count is split, and some cases again)."""
    puzzle = zebra.parse((FIXTURES / "zebra-gen-8x8-1-formal.txt").read_text(encoding="utf-8"))
    model = solver.model_of(Puzzle(puzzle.categories, puzzle.clues[:25], puzzle.key))
    whole = search.count(model, Deadline(), margins=True)
    with (
        patch.object(splitting, "TRIED", 50_000),
        spying_on_splits() as split,
    ):
        in_cases = search.count(model, Deadline(), margins=True)
    assert in_cases == whole and whole.value == 611_422_561_729_658_880
    assert split.call_count > 1


def test_a_count_split_on_two_threads_stops_every_thread_when_its_caller_stops_it():
    """The screen's typing cancels a count in the middle of its cases: Stopped comes out at once (not from a
    worker left behind) and no try runs on."""
    puzzle = zebra.parse((FIXTURES / "zebra-gen-8x8-1-formal.txt").read_text(encoding="utf-8"))
    model = solver.model_of(Puzzle(puzzle.categories, puzzle.clues[:25], puzzle.key))
    with patch.object(splitting, "TRIED", 50_000), spying_on_splits() as split, pytest.raises(Stopped):
        search.count(model, Deadline(should_stop=lambda: split.called), margins=True)
    assert not [thread for thread in threading.enumerate() if thread.name.startswith("zebra-count")]


@given(st.integers(min_value=0, max_value=prod(kernel.PRIMES) - 1), st.integers(min_value=1, max_value=10))
def test_counts_kept_modulo_primes_are_made_whole_again(value, many):
    primes = np.array(kernel.PRIMES[:many], dtype=np.uint64)
    value %= prod(kernel.PRIMES[:many])
    assert kernel.whole(np.array([value % int(p) for p in primes], dtype=np.uint64), primes) == value


def test_buffers_kept_between_counts_are_reused_and_never_shared():
    """A caller's buffers serve count after count; a count finding none free (a stale one holds them) takes
    its own, at most WORKERS sets are kept, and buffers past RETAINED bytes are let go."""
    puzzle = zebra.parse((FIXTURES / "zebra-gen-6x6-1-formal.txt").read_text(encoding="utf-8"))
    model = solver.model_of(Puzzle(puzzle.categories, puzzle.clues[:12], puzzle.key))
    buffers = plan.Buffers()
    with eliminating("compiled"):
        alone = search.count(model, Deadline(), margins=True)
        assert search.count(model, Deadline(), margins=True, buffers=buffers) == alone
        [kept] = buffers.kept
        assert search.count(model, Deadline(), margins=True, buffers=buffers) == alone and buffers.kept == [kept]
        buffers.kept.clear()  # taken by a stale count
        assert search.count(model, Deadline(), margins=True, buffers=buffers) == alone
        [fresh] = buffers.kept
        assert fresh is not kept
        buffers.kept.append(kept)  # given back: both kept, no more
        assert search.count(model, Deadline(), margins=True, buffers=buffers) == alone
        assert len(buffers.kept) == plan.WORKERS == 2
        with patch.object(kernel, "RETAINED", 0):
            assert search.count(model, Deadline(), margins=True, buffers=buffers) == alone
        assert len(buffers.kept) == 1
