"""The exact optimal strategy and each row's cost, against a plain exhaustive minimum on small games."""

import json
from functools import cache

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from assistant import tables
from assistant.cli import main
from puzzles import mastermind as mm
from puzzles.core import Budget
from puzzles.mastermind import optimal
from puzzles.mastermind.optimal import ExactSearch
from puzzles.mastermind.play import Codebreaker


@cache
def exhaustive(space):
    """total(S) by trying every guess at every node, with no bound and no symmetry (one memo per variant)."""
    win = space.packed(mm.Feedback(space.pegs, 0))

    @cache
    def total(codes):
        if len(codes) == 1:
            return 1
        alive, best = np.array(codes), None
        for guess in space.listed(None, 0, space.size).tolist():
            feedback = space.feedback_of(space.code(guess), alive)
            values = np.unique(feedback)
            if len(values) == 1 and values[0] != win:
                continue
            here = len(codes) + sum(total(tuple(alive[feedback == f].tolist())) for f in values if f != win)
            best = here if best is None else min(best, here)
        return best

    return total


@pytest.mark.parametrize(
    "pegs, colours, repeats",
    [(2, 4, True), (3, 3, True), (2, 5, True), (3, 4, False), (5, 2, True), (4, 3, True), (2, 5, False)],
)
def test_the_exact_search_matches_an_exhaustive_minimum(pegs, colours, repeats):
    """Without repeats the guesses have none either (3 of 4 colours: 24 codes; 2 of 5: 20, where sets leave
    two colours or more dead)."""
    space = mm.space_of(pegs, colours, repeats)
    everything = space.listed(None, 0, space.size)
    value = ExactSearch(space).value(everything, [], budget=None)
    assert value.total == exhaustive(space)(tuple(everything.tolist()))
    assert ExactSearch(space).guess_total(everything, value.guess, [], budget=None) == value.total


@settings(max_examples=15, deadline=None)
@given(st.sets(st.integers(0, 26), min_size=1, max_size=22))
def test_any_set_of_codes_gets_the_exhaustive_minimum(codes):
    """Sets no game may reach too (so no symmetry is assumed): the bounds and the alike splits never lose it."""
    space = mm.space_of(3, 3)
    alive = np.array(sorted(codes))
    assert ExactSearch(space).value(alive, None, budget=None).total == exhaustive(space)(tuple(alive.tolist()))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(3, 6, False), (3, 4, True), (4, 7, False)]), st.data())
def test_a_guess_left_out_for_its_dead_colours_has_a_twin_kept_that_splits_alike(variant, data):
    """Colours no code of the set holds score nothing, so only their lowest use is scored: every guess left out
    has one kept with exactly its feedback on every code; with two dead colours or more, some are left out."""
    from puzzles.mastermind.kernel import for_the_set

    search = ExactSearch(mm.space_of(*variant))
    size = len(search.universe)
    codes = np.array(sorted(data.draw(st.sets(st.integers(0, size - 1), min_size=1, max_size=8))), dtype=np.int32)
    every = np.arange(size, dtype=np.int64)
    kept = for_the_set(codes, every, search.digits, search.game, np.empty(size, dtype=np.int64))
    splits = {search.table[g, codes].tobytes() for g in kept}
    assert all(search.table[g, codes].tobytes() in splits for g in every)
    assert len(kept) < size or len(np.unique(search.digits[codes])) >= variant[1] - 1


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(3, 5, True), (4, 6, True), (4, 7, False)]), st.data())
def test_the_quick_test_of_colours_never_played_keeps_the_guesses_the_full_test_keeps(variant, data):
    """Once only the identity reorders the positions, `lowest_guesses` tests the colours never played in order of
    first use; it must keep exactly the guesses `is_lowest` keeps, a colour used twice included."""
    from puzzles.mastermind.kernel import is_lowest, lowest_guesses, symmetries

    search = ExactSearch(mm.space_of(*variant))
    size, pegs, colours = len(search.universe), variant[0], variant[1]
    rows = data.draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=3))
    history = np.zeros((4, pegs), dtype=np.int64)
    history[: len(rows)] = search.digits[rows]
    maps, orders, fresh = symmetries(history, len(rows), search.orders, colours)
    renamed = np.empty(colours, dtype=np.int64)
    full = [g for g in range(size) if is_lowest(search.digits[g], maps, orders, fresh, renamed)]
    out = np.empty(size, dtype=np.int64)
    assert out[: lowest_guesses(history, len(rows), search.digits, search.orders, colours, out)].tolist() == full


@settings(max_examples=15, deadline=None)
@given(st.sets(st.integers(0, 59), min_size=1, max_size=14))
def test_any_set_without_repeats_gets_the_exhaustive_minimum(codes):
    """3 of 5 colours: a set whose codes leave colours dead scores only the guesses with the lowest dead colours."""
    space = mm.space_of(3, 5, repeats=False)
    alive = space.listed(None, 0, space.size)[sorted(codes)]
    assert ExactSearch(space).value(alive, None, budget=None).total == exhaustive(space)(tuple(alive.tolist()))


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 63), st.integers(0, 5)), min_size=1, max_size=2))
def test_positions_reached_in_play_get_the_exhaustive_minimum(rows):
    """3 pegs x 4 colours after a row or two: the symmetries of the guesses played prune nothing that matters."""
    space = mm.space_of(3, 4)
    played, alive = [], None
    for index, outcome in rows:
        guess = space.code(index)
        feedbacks = [f for f in range(space.feedbacks) if space.unpacked(f).black + space.unpacked(f).white <= 3]
        feedback = space.unpacked(feedbacks[outcome % len(feedbacks)])
        alive = space.select(guess, feedback, alive)
        played.append(guess)
    assume(alive is not None and len(alive) > 0)
    value = ExactSearch(space).value(alive, played, budget=None)
    assert value.total == exhaustive(space)(tuple(alive.tolist()))


def test_a_memo_that_fills_up_grows_and_keeps_the_totals(monkeypatch):
    space = mm.space_of(3, 4)
    monkeypatch.setattr(optimal, "MEMO_START", 16)
    search = ExactSearch(space)
    assert search.value(np.arange(space.size), [], budget=None).total == exhaustive(space)(tuple(range(space.size)))
    assert len(search.arrays[0]) > 16 and search.known > 12


@pytest.mark.parametrize("worst_first", [False, True])
def test_a_set_searched_by_two_processes_gets_the_same_optimum(monkeypatch, worst_first):
    """Its parts shared out (the big ones searched the same way in turn), then its other guesses; with the
    guesses ranked worst first, a later guess must beat the first and bring its own best guess."""
    from puzzles.mastermind import kernel

    space = mm.space_of(3, 4)
    monkeypatch.setattr(optimal, "PARALLEL_FROM", 10)
    monkeypatch.setattr(optimal, "SPLIT_FROM", 10)
    if worst_first:
        ranked = kernel.ranked_guesses
        monkeypatch.setattr(kernel, "ranked_guesses", lambda *args: ranked(*args)[::-1].copy())
    search = ExactSearch(space)
    value = search.value(np.arange(space.size), [], budget=None)
    assert value.total == exhaustive(space)(tuple(range(space.size)))
    assert ExactSearch(space).guess_total(np.arange(space.size), value.guess, [], budget=None) == value.total


def test_every_row_cost_is_the_exhaustive_difference():
    """3 pegs x 3 colours: each row's cost is (its guess then the optimum) minus the optimum, per code."""
    space = mm.space_of(3, 3)
    total = exhaustive(space)
    game = mm.parse("pegs: 3\ncolours: red blue green\nred red red = 0 0\nblue blue green = 1 2\n")
    analysis = mm.analyse(game, strategy="optimal")
    survivors = space.survivors(game)
    for row, alive, cost in zip(game.rows, survivors, analysis.row_costs):
        codes = space.listed(alive, 0, space.count(alive))
        feedback = space.feedback_of(row.guess, codes)
        win = space.packed(mm.Feedback(3, 0))
        played = len(codes) + sum(total(tuple(codes[feedback == f].tolist())) for f in np.unique(feedback) if f != win)
        assert cost == pytest.approx((played - total(tuple(codes.tolist()))) / len(codes))
    assert analysis.row_costs[0] > 0  # a guess of one colour is never best on 3x3
    assert analysis.suggestion.expected_guesses is not None


def test_an_optimal_guess_costs_nothing_and_a_wasted_one_a_whole_guess():
    space = mm.space_of(3, 4)
    search = mm.OptimalSearch(space)
    everything = np.arange(space.size)
    best = search.value(everything, [])
    assert search.row_cost(everything, best.guess, []) == 0
    two = space.select((0, 0, 1), mm.Feedback(0, 0), None)  # only colours 2 and 3 are left
    repeat = space.index_of((0, 0, 1))  # cannot split them
    assert search.row_cost(two, repeat, [(0, 0, 1)]) == 1


def test_rows_in_the_json_carry_guess_feedback_left_and_cost(capsys, tmp_path):
    game = tmp_path / "game.txt"
    game.write_text("pegs: 3\ncolours: red blue green yellow\nred red blue = 0 1\ngreen green yellow = 1 0\n")
    assert main(["solve", "mastermind", str(game), "--json", "--strategy", "optimal"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [row["left"] for row in rows] == [14, 3]
    assert rows[0]["guess"] == ["red", "red", "blue"] and rows[0]["feedback"] == {"black": 0, "white": 1}
    assert all(isinstance(row["cost"], float) and row["cost"] >= 0 for row in rows)
    assert main(["solve", "mastermind", str(game), "--json"]) == 0  # entropy: no optimum asked for
    assert [row["cost"] for row in json.loads(capsys.readouterr().out)["rows"]] == [None, None]


def test_out_of_work_the_cost_is_unknown_and_the_suggestion_falls_back():
    space = mm.space_of(4, 5)
    search = mm.OptimalSearch(space)
    everything = np.arange(space.size)
    assert search.value(everything, [], budget=Budget(work=5)) is None
    assert search.row_cost(everything, 0, [], budget=Budget(work=5)) is None
    narrow = mm.OptimalSearch(space, budget=Budget(work=5))
    left, played = space.select((0, 0, 1, 1), mm.Feedback(0, 1), None), [(0, 0, 1, 1)]
    assert narrow.value(left, played, budget=Budget(work=5)) is None  # the exact search cannot finish
    total, guess = narrow.best(left, played)  # so the narrow search answers: an upper bound
    assert total >= mm.OptimalSearch(space, budget=None).best(left, played)[0]
    assert mm.OptimalSearch(mm.space_of(5, 8)).value(np.arange(10), []) is None  # too big for the exact table


def test_the_memo_survives_plain_arrays_and_answers_without_searching():
    space = mm.space_of(3, 4)
    search = ExactSearch(space)
    everything = np.arange(space.size)
    first = search.value(everything, [], budget=None)
    again = ExactSearch.from_arrays(space, search.to_arrays())
    assert again.value(everything, [], budget=Budget(work=0)) == first
    assert again.nodes == 0
    with pytest.raises(ValueError, match="3 pegs x 4 colours"):
        ExactSearch.from_arrays(mm.space_of(4, 3), search.to_arrays())


def test_the_disk_cache_keeps_the_totals_and_moves_a_damaged_file_aside():
    space = mm.space_of(3, 4)
    search = tables.load_optimal(space)
    total = search.value(np.arange(space.size), []).total
    tables.save_optimal(search)
    loaded = tables.load_optimal(space)
    assert loaded.value(np.arange(space.size), [], budget=Budget(work=0)).total == total
    path = tables.optimal_file(space)
    path.write_bytes(b"not a table")
    assert tables.load_optimal(space).known == 0
    assert path.with_name(path.name + ".unreadable").exists()


def test_4x6_optimal_is_5625_and_knuths_opening_costs_more_than_aabc():
    """Koyama and Lai: 5,625 guesses over all 1,296 secrets, worst case 6."""
    space = mm.space_of(4, 6)
    breaker = Codebreaker(space, "optimal")
    results = breaker.play_all(np.arange(space.size))
    assert (results.total, results.worst) == (5625, 6)
    game = mm.parse("pegs: 4\ncolours: a b c d e f\na a b c = 0 0\n")
    (aabc,) = mm.analyse(game, strategy="optimal", optimal=breaker.optimal).row_costs
    knuth = mm.parse("pegs: 4\ncolours: a b c d e f\na a b b = 0 0\n")
    (aabb,) = mm.analyse(knuth, strategy="optimal", optimal=breaker.optimal).row_costs
    assert aabc == 0 and aabb > 0


@pytest.mark.parametrize(
    "pegs, colours, repeats, total",
    [
        (4, 6, True, 5_625),  # Koyama and Lai
        (4, 8, False, 7_817),
        (5, 5, True, 13_496),  # this one and the next: the C++ solver mmstrat finds the same
        (4, 9, False, 14_914),
        (4, 7, True, 11_228),  # Lai's optimal 4x7 strategy
        pytest.param(4, 10, False, 26_274, marks=pytest.mark.slow),  # Bulls and Cows: a minute or two
    ],
)
def test_the_exact_search_from_the_first_guess_finds_the_published_optimum(pegs, colours, repeats, total):
    space = mm.space_of(pegs, colours, repeats)
    assert ExactSearch(space).value(space.listed(None, 0, space.size), [], budget=None).total == total


def test_the_exact_benchmark_times_mmstrat_beside_ours_and_says_the_ratio(tmp_path, monkeypatch):
    """A stand-in for the C++ solver prints its summary as mmstrat does; one that cannot run is named."""
    from assistant.errors import CommandError
    from assistant.kind_cli.mastermind import PEER, exact_from_scratch

    peer = tmp_path / "mmstrat"
    peer.write_text('#!/bin/sh\necho "Strategy   Total   Avg"\necho "optimal     5625 4.340   1     8"\n')
    peer.chmod(0o755)
    monkeypatch.setenv(PEER, str(peer))
    timed = exact_from_scratch(4, 6, True).run()
    assert timed.note.startswith("total 5,625 = 5,625;")
    assert "mmstrat" in timed.note and "(total 5,625), ours" in timed.note and timed.note.endswith("of its time")
    monkeypatch.setenv(PEER, str(tmp_path / "missing"))
    with pytest.raises(CommandError, match="could not be run"):
        exact_from_scratch(4, 6, True).run()
