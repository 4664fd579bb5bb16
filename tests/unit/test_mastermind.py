"""Mastermind engine against the seed's game, brute force, and the published strategy totals."""

import itertools
import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cli import main
from puzzles import mastermind as mm
from puzzles.core import Budget, PuzzleError
from puzzles.examples import examples
from puzzles.mastermind.play import Codebreaker

SEED_TEXT = examples("mastermind")["seed"]
SEED = mm.parse(SEED_TEXT)
QUICK = Budget(work=300)  # for tests that do not read the suggestion: cheap, and the same on any machine


def names(game, code):
    return " ".join(game.name(code))


def test_the_seed_game_leaves_exactly_the_two_codes_it_reports():
    analysis = mm.analyse(SEED, budget=QUICK)
    assert analysis.count.value == 2
    assert sorted(names(SEED, code) for code in analysis.codes) == [
        "green yellow none yellow orange blue",
        "yellow none green yellow orange blue",
    ]
    assert analysis.left_after[-1] == 2
    assert list(analysis.left_after) == sorted(analysis.left_after, reverse=True)


@pytest.mark.parametrize(
    "secret, guess, black, white",
    [
        ("rrbb", "rrbb", 4, 0),
        ("rrbb", "bbrr", 0, 4),
        ("rrrb", "rbbb", 2, 0),  # repeats count once each
        ("rgby", "rrrr", 1, 0),
        ("rrgg", "grrg", 2, 2),
        ("rgby", "oooo", 0, 0),
    ],
)
def test_scoring_with_repeated_colours(secret, guess, black, white):
    game = mm.Game()
    assert mm.score(mm.parse_guess(game, secret), mm.parse_guess(game, guess)) == mm.Feedback(black, white)


codes_4x6 = st.tuples(*[st.integers(0, 5)] * 4)


@given(codes_4x6, codes_4x6)
def test_scoring_properties(secret, guess):
    feedback = mm.score(secret, guess)
    assert feedback.black + feedback.white <= 4
    assert mm.score(guess, secret) == feedback
    assert mm.score(secret, secret) == mm.Feedback(4, 0)
    assert not (feedback.black == 3 and feedback.white == 1)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 4), st.integers(2, 4)), min_size=0, max_size=1), st.data())
def test_the_secret_is_always_consistent_and_the_filter_matches_brute_force(_, data):
    pegs, colours = data.draw(st.integers(2, 4)), data.draw(st.integers(2, 4))
    code = st.tuples(*[st.integers(0, colours - 1)] * pegs)
    secret = data.draw(code)
    guesses = data.draw(st.lists(code, max_size=4))
    game = mm.Game(pegs, tuple("abcdefghij"[:colours]), tuple(mm.Row(g, mm.score(secret, g)) for g in guesses))
    space = mm.code_space(game)
    alive = {space.code(i) for i in space.listed(space.consistent(game), 0, space.size)}
    brute = {
        c
        for c in itertools.product(range(colours), repeat=pegs)
        if all(mm.score(c, r.guess) == r.feedback for r in game.rows)
    }
    assert secret in alive
    assert alive == brute


def test_first_guess_classes_use_colour_and_position_symmetry():
    from puzzles.mastermind.strategies import candidate_guesses

    assert len(candidate_guesses(mm.space_of(6, 9), [], None)[0]) == 11
    space = mm.space_of(4, 6)
    assert [names(mm.Game(), space.code(i)) for i in candidate_guesses(space, [], None)[0]] == [
        "red red red red",
        "red red red blue",
        "red red blue blue",
        "red red blue green",
        "red blue green yellow",
    ]


@pytest.mark.parametrize("strategy, total", [("minimax", 5801), ("expected-size", 5696)])
def test_published_4x6_totals(strategy, total):
    space = mm.space_of(4, 6)
    results = Codebreaker(space, strategy).play_all(np.arange(space.size))
    assert results.total == total
    if strategy == "minimax":
        assert results.worst == 5


@pytest.mark.slow
@pytest.mark.parametrize("strategy, total", [("entropy", 5722), ("most-parts", 5668)])
def test_published_4x6_totals_slow(strategy, total):
    space = mm.space_of(4, 6)
    assert Codebreaker(space, strategy).play_all(np.arange(space.size)).total == total


def test_optimal_search_is_exact_on_a_small_space():
    """On small spaces the search, given full width, matches a plain exhaustive minimum."""
    space = mm.space_of(2, 4)
    win = space.packed(mm.Feedback(2, 0))

    def exhaustive(alive):
        if len(alive) == 1:
            return 1
        best = None
        for guess in range(space.size):
            feedback = space.feedback_of(space.code(guess), alive)
            if len(np.unique(feedback)) == 1 and feedback[0] != win:
                continue
            total = len(alive) + sum(exhaustive(alive[feedback == f]) for f in np.unique(feedback) if f != win)
            best = total if best is None else min(best, total)
        return best

    everything = np.arange(space.size)
    assert mm.OptimalSearch(space, width=space.size).best(everything, [])[0] == exhaustive(everything)


def test_a_mistyped_row_is_found_and_corrected():
    wrong = SEED.replace_row(3, mm.Row(SEED.rows[3].guess, mm.Feedback(1, 1)))
    analysis = mm.analyse(wrong, budget=QUICK)
    assert analysis.count.value == 0
    first = analysis.corrections[0]
    assert (first.row, first.feedback) == (3, mm.Feedback(1, 2))
    assert analysis.diagnosis.startswith(
        "No code fits; row 4: you may have miscounted one peg: 1 2, not 1 1 (then 2 codes fit)"
    )


SECRET_0123 = [((0, 0, 1, 1), (1, 1)), ((1, 2, 3, 4), (0, 3)), ((3, 0, 5, 2), (0, 3))]  # a 4x6 game, secret 0 1 2 3


def known_game(row: int, typed: tuple[int, int]) -> mm.Game:
    rows = [mm.Row(guess, mm.Feedback(*pegs)) for guess, pegs in SECRET_0123]
    return mm.Game(rows=tuple(rows)).replace_row(row, mm.Row(rows[row].guess, mm.Feedback(*typed)))


@pytest.mark.parametrize("row", [1, 2])
def test_swapped_black_and_white_is_the_likeliest_slip(row):
    analysis = mm.analyse(known_game(row, (3, 0)), budget=QUICK)
    first = analysis.corrections[0]
    assert (first.row, first.feedback, first.slip) == (row, mm.Feedback(0, 3), "swapped")
    assert analysis.diagnosis.startswith(
        f"No code fits; row {row + 1}: you may have swapped black and white: 0 3, not 3 0 (then 3 codes fit)."
    )
    # the other rows' corrections are off by one, so they come after, however many codes they keep
    assert [c.slip for c in analysis.corrections[1:3]] == ["off by one", "off by one"]


def test_off_by_one_comes_before_bigger_slips_that_keep_more_codes():
    analysis = mm.analyse(known_game(1, (0, 4)), budget=QUICK)
    first, second = analysis.corrections[:2]
    assert (first.row, first.feedback, first.slip, first.fits) == (1, mm.Feedback(0, 3), "off by one", 3)
    assert (second.row, second.feedback, second.slip, second.fits) == (1, mm.Feedback(0, 2), "other", 6)
    assert "row 2: the pegs were probably 0 2, not 0 4 (then 6 codes fit)" in analysis.diagnosis


def test_slips_rank_swap_then_one_off_then_nearest_then_most_codes():
    game = known_game(1, (3, 0))
    corrections = mm.diagnose(mm.code_space(game), game)
    kinds = ["swapped", "off by one", "other"]
    keys = [
        (kinds.index(c.slip), abs(c.typed.black - c.feedback.black) + abs(c.typed.white - c.feedback.white), -c.fits)
        for c in corrections
    ]
    assert keys == sorted(keys) and len(set(c.slip for c in corrections)) == 3


@pytest.mark.parametrize(
    "text, message",
    [
        ("5 2", "more than 6 pegs"),
        ("5 1", "cannot happen"),
        ("-1 2", "negative"),
        ("one two", "two numbers"),
        ("", "type the key pegs"),
    ],
)
def test_impossible_feedback_is_refused(text, message):
    with pytest.raises(PuzzleError, match=message):
        mm.parse_feedback(6, text)


def test_colour_letters_follow_the_names_people_type_in_every_game():
    """w white, k black, n brown whatever else the game holds; an unusual name takes a letter of its own."""
    assert mm.colour_keys(("white", "black", "brown")) == ("w", "k", "n")
    assert mm.colour_keys(("brown", "blue", "black", "white", "none")) == ("n", "b", "k", "w", "x")
    assert mm.colour_keys(("rose", "red", "amber")) == ("o", "r", "a")  # r is red's in every game
    assert mm.colour_keys(tuple("0123456789")) == tuple("0123456789")
    seed = "black black white white none none"
    assert mm.parse_guess(SEED, "kkwwxx") == mm.parse_guess(SEED, seed) == mm.parse_guess(SEED, "k k w w x x")
    with pytest.raises(PuzzleError, match=r"'l' is not a colour of this game \(r=red, .*, k=black, w=white, x=none\)"):
        mm.parse_guess(SEED, "llhhnn")  # the letters before: said, not misread


def test_guesses_by_keys_names_and_prefixes():
    assert mm.colour_keys(mm.SEED_COLOURS) == ("r", "b", "g", "y", "o", "n", "k", "w", "x")
    expected = mm.parse_guess(SEED, "red red blue blue green green")
    assert mm.parse_guess(SEED, "rrbbgg") == expected
    assert mm.parse_guess(SEED, "re, re, blu, blu, gr, gr") == expected
    with pytest.raises(PuzzleError, match="peg 2: 'bl' could be blue or black"):
        mm.parse_guess(SEED, "red bl blue blue green green")
    with pytest.raises(PuzzleError, match="peg 1: 'pink' is not a colour"):
        mm.parse_guess(SEED, "pink red blue blue green green")
    with pytest.raises(PuzzleError, match="6 pegs, this one has 3"):
        mm.parse_guess(SEED, "red red blue")
    with pytest.raises(PuzzleError, match="6 pegs, this one has 3"):
        mm.parse_guess(SEED, "rgb")  # keys run together, too few
    with pytest.raises(PuzzleError, match="6 pegs, this one has 1"):
        mm.parse_guess(SEED, "gre")  # green, and e is no key


@pytest.mark.parametrize(
    "text, line, column",
    [
        ("pegs: 9\n", 1, 6),
        ("pegs: 4\ncolours: red\n", 2, 9),
        ("pegs: 4\nred red blue pink = 1 0\n", 2, 1),
        ("pegs: 4\nred red blue blue = 4 1\n", 2, 20),
        ("red red blue blue 1 0\n", 1, 1),
        ("red red blue blue = 1 0\npegs: 4\n", 2, 1),
    ],
)
def test_bad_files_are_refused_with_line_and_column(text, line, column):
    with pytest.raises(PuzzleError) as caught:
        mm.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_format_round_trips_the_seed():
    assert mm.parse(mm.format(SEED)) == SEED
    assert mm.parse(SEED_TEXT.replace("colours:", "colors:")) == SEED


@given(st.text(max_size=200))
def test_any_text_is_a_game_or_a_puzzle_error(text):
    try:
        mm.parse(text)
    except PuzzleError:
        pass


BIG = tuple("abcdefghij")


def test_the_largest_variant_counts_codes_without_listing_them():
    """8 pegs, 10 colours: no colour of a guess with k colours in it leaves (10 - k) ** 8 codes."""
    game = mm.Game(8, BIG, (mm.Row((0, 0, 0, 0, 1, 1, 1, 1), mm.Feedback(0, 0)),))
    analysis = mm.analyse(game, budget=QUICK)
    assert analysis.count.value == 8**8
    assert analysis.codes[:2].tolist() == [[2] * 8, [2] * 7 + [3]]
    assert analysis.codes[-1] == (9,) * 8
    assert analysis.suggestion.best_so_far  # guesses on 10**8 codes are sampled, and it says so
    assert sum(n for _, n in analysis.suggestion.parts) == 8**8
    two = game.with_row(mm.Row((2,) * 8, mm.Feedback(0, 0)))
    assert mm.code_space(two).count(mm.code_space(two).consistent(two)) == 7**8


def test_the_largest_variant_filters_like_brute_force_where_brute_force_is_small():
    """A first row that rules out seven colours leaves 3**8 codes: the second row is then checked one by one."""
    space = mm.space_of(8, 10)
    first = mm.Row((0, 1, 2, 3, 4, 5, 6, 0), mm.Feedback(0, 0))
    second = mm.Row((7, 7, 8, 8, 9, 9, 7, 8), mm.Feedback(2, 3))
    alive = space.consistent(mm.Game(8, BIG, (first, second)))
    brute = [
        space.index_of(code)
        for code in itertools.product((7, 8, 9), repeat=8)
        if mm.score(code, second.guess) == second.feedback
    ]
    assert alive.tolist() == sorted(brute)


small_variants = st.tuples(st.integers(2, 5), st.integers(2, 6)).flatmap(
    lambda v: st.tuples(st.just(v), st.tuples(*[st.integers(0, v[1] - 1)] * v[0]))
)


@settings(max_examples=40, deadline=None)
@given(small_variants)
def test_scoring_by_halves_matches_brute_force_whole_space_or_listed(variant_and_guess):
    (pegs, colours), guess = variant_and_guess
    space = mm.space_of(pegs, colours)
    every = np.arange(space.size)
    brute = np.array([space.packed(mm.score(code, guess)) for code in itertools.product(range(colours), repeat=pegs)])
    assert space.feedback_of(guess, every).tolist() == brute.tolist()
    assert space.partition(guess, None).tolist() == np.bincount(brute, minlength=space.feedbacks).tolist()
    assert space.partition(guess, every).tolist() == space.partition(guess, None).tolist()
    feedback = space.unpacked(brute[len(brute) // 2])
    assert space.select(guess, feedback, None).tolist() == np.flatnonzero(brute == space.packed(feedback)).tolist()
    assert space.select(guess, feedback, every).tolist() == space.select(guess, feedback, None).tolist()


def test_ties_go_to_a_code_that_may_win_then_to_the_lowest():
    """With every colour played there is no symmetry: the choice is the literal minimum over all codes."""
    from puzzles.mastermind.strategies import badness, best_guess, partition_sizes

    space = mm.space_of(3, 3)
    game = mm.Game(3, tuple("abc"), (mm.Row((0, 1, 2), mm.Feedback(1, 0)),))
    alive = space.consistent(game)
    every = np.arange(space.size)
    for strategy in ("entropy", "minimax", "expected-size", "most-parts"):
        keys = badness(strategy, partition_sizes(space, every, alive))
        expected = min((key, code not in alive, code) for key, code in zip(keys.tolist(), every.tolist()))[2]
        assert best_guess(space, strategy, [row.guess for row in game.rows], alive) == (expected, False)


def test_a_work_budget_gives_one_answer_and_scores_a_fixed_number_of_guesses():
    game = mm.Game(6, mm.SEED_COLOURS, SEED.rows[:1])
    first, second = (mm.analyse(game, budget=Budget(work=500)) for _ in range(2))
    assert first.suggestion == second.suggestion and first.rating == second.rating
    assert first.suggestion.best_so_far
    assert mm.solve(game).to_json() == mm.solve(game).to_json()


def test_cli_prints_json_per_file(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("pegs: 4\nred red = 1 0\n")
    seed = tmp_path / "seed.txt"
    seed.write_text(SEED_TEXT)
    status = main(["solve", "mastermind", str(seed), str(bad), str(seed), "--json", "--limit", "1"])
    out, err = capsys.readouterr()
    assert status == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert [data["count"] for data in lines] == [2, 2]
    assert len(lines[0]["solutions"]) == 1 and len(lines[0]["suggestion"]) == 6
    assert err.strip() == f"puzzle-assistant: {bad}: line 2, column 1: a guess has 4 pegs, this one has 2"


def test_cli_refuses_a_missing_file(capsys):
    assert main(["solve", "mastermind", "/no/such/game.txt"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_game_won_on_its_last_row_is_solved_and_gets_no_suggestion():
    secret = mm.parse_guess(SEED, "green yellow none yellow orange blue")
    won = SEED.with_row(mm.Row(secret, mm.Feedback(6, 0)))
    analysis = mm.analyse(won, budget=QUICK)
    assert analysis.suggestion is None and analysis.solved_in == 9
    assert analysis.headline == "Solved in 9 guesses" and analysis.status == "solved"
    assert analysis.left_after[-1] == 1 and analysis.all_codes == 9**6
    assert "Suggested" not in mm.solve(won, budget=QUICK).to_text()


def test_one_code_left_is_suggested_as_zero_bits_not_minus_zero():
    # Green first: one black for "green yellow none …", one white for "yellow none green …".
    one_left = SEED.with_row(mm.Row(mm.parse_guess(SEED, "green red red red red red"), mm.Feedback(1, 0)))
    analysis = mm.analyse(one_left, budget=QUICK)
    assert analysis.count.value == 1 and analysis.solved_in is None
    assert analysis.suggestion.remaining == 1 and f"{analysis.suggestion.entropy:.2f}" == "0.00"


# ---------------------------------------------------------------- no repeated colours (Bulls and Cows)

BULLS_AND_COWS = "pegs: 4\ncolours: 0 1 2 3 4 5 6 7 8 9\nrepeats: no\n"


@pytest.mark.parametrize("pegs, colours", [(2, 2), (3, 5), (4, 6), (4, 10), (6, 9), (8, 10)])
def test_codes_without_repeats_number_colours_choose_pegs_in_order(pegs, colours):
    space = mm.space_of(pegs, colours, repeats=False)
    assert space.size == len(space.without_repeats) == np.prod(range(colours - pegs + 1, colours + 1))
    assert np.all(np.diff(space.without_repeats) > 0)


def test_bulls_and_cows_has_5040_codes_and_refuses_a_repeated_digit_naming_the_row():
    game = mm.parse(BULLS_AND_COWS + "0 1 2 3 = 1 2\n")
    assert not game.repeats and mm.analyse(mm.Game(4, game.colours, repeats=False), budget=QUICK).count.value == 5040
    with pytest.raises(PuzzleError) as caught:
        mm.parse(BULLS_AND_COWS + "0 1 2 3 = 1 2\n4 5 4 6 = 0 1\n")
    assert str(caught.value).startswith("line 5, column 1: peg 3: 4 is already peg 1")
    assert "no repeated colours" in str(caught.value)
    with pytest.raises(PuzzleError, match="peg 2: red is already peg 1"):
        mm.parse_guess(mm.Game(repeats=False), "rrby")


@pytest.mark.parametrize(
    "text, message, line",
    [
        (
            "pegs: 5\ncolours: a b c d\nrepeats: no\n",
            "without repeated colours 5 pegs need at least 5 colours, not 4",
            3,
        ),
        ("repeats: no\npegs: 5\ncolours: a b c d\na b c d a = 0 0\n", "need at least 5 colours", 1),
        ("repeats: maybe\n", "repeats: is yes or no, not 'maybe'", 1),
    ],
)
def test_impossible_no_repeat_games_are_refused_with_the_line(text, message, line):
    with pytest.raises(PuzzleError, match=message) as caught:
        mm.parse(text)
    assert caught.value.line == line


def test_a_space_without_repeats_needs_enough_colours():
    with pytest.raises(PuzzleError, match="5 pegs need at least 5 colours"):
        mm.space_of(5, 4, repeats=False)


def test_no_repeats_round_trips_and_repeats_stay_the_default():
    game = mm.parse(BULLS_AND_COWS + "0 1 2 3 = 1 2\n9 8 7 6 = 0 0\n")
    assert mm.format(game).splitlines()[2] == "repeats: no"
    assert mm.parse(mm.format(game)) == game
    assert "repeats" not in mm.format(SEED) and mm.parse("repeats: yes\n") == mm.Game()


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_filtering_without_repeats_matches_brute_force(data):
    pegs = data.draw(st.integers(2, 4))
    colours = data.draw(st.integers(pegs, 6))
    codes = [c for c in itertools.product(range(colours), repeat=pegs) if len(set(c)) == pegs]
    secret = data.draw(st.sampled_from(codes))
    guesses = data.draw(st.lists(st.sampled_from(codes), max_size=3))
    game = mm.Game(pegs, tuple("abcdef"[:colours]), tuple(mm.Row(g, mm.score(secret, g)) for g in guesses), False)
    space = mm.code_space(game)
    alive = space.consistent(game)
    brute = [c for c in codes if all(mm.score(c, r.guess) == r.feedback for r in game.rows)]
    assert [space.code(i) for i in space.listed(alive, 0, space.size)] == brute
    assert space.count(alive) == len(brute) and secret in brute
    guess = data.draw(st.sampled_from(codes))
    fits = [space.packed(mm.score(c, guess)) for c in brute]
    assert space.partition(guess, alive).tolist() == np.bincount(fits, minlength=space.feedbacks).tolist()
    if not game.rows:
        assert space.partition(guess, None).tolist() == space.partition(guess, alive).tolist()


@pytest.mark.parametrize("strategy", mm.STRATEGIES)
def test_every_strategy_finds_every_secret_without_repeating_a_colour(strategy):
    space = mm.space_of(3, 5, repeats=False)
    breaker = Codebreaker(space, strategy)
    for secret in space.without_repeats:
        line = breaker.line(int(secret))
        assert line[-1] == space.code(int(secret))
        assert all(len(set(guess)) == 3 for guess in line)


def test_guess_classes_without_repeats_hold_the_best_guess_of_all():
    """The symmetry classes lose nothing: the best entropy among classes is the best among all codes."""
    from puzzles.mastermind.strategies import badness, candidate_guesses, partition_sizes

    space = mm.space_of(4, 7, repeats=False)
    game = mm.Game(4, tuple("abcdefg"), (mm.Row((0, 1, 2, 3), mm.Feedback(0, 1)),), False)
    alive = space.consistent(game)
    every = space.listed(None, 0, space.size)
    classes, complete = candidate_guesses(space, [(0, 1, 2, 3)], alive)
    assert complete and set(classes) <= set(every) and len(classes) < len(every)
    assert badness("entropy", partition_sizes(space, classes, alive)).min() == pytest.approx(
        badness("entropy", partition_sizes(space, every, alive)).min()
    )
    assert [space.code(int(i)) for i in candidate_guesses(space, [], None)[0]] == [(0, 1, 2, 3)]


def test_cli_bench_without_repeats_and_solve_of_bulls_and_cows(tmp_path, capsys):
    assert main(["mastermind", "bench", "--pegs", "3", "--colors", "5", "--no-repeats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 60  # 5 * 4 * 3 secrets
    assert main(["mastermind", "bench", "--pegs", "5", "--colors", "4", "--no-repeats"]) == 2
    assert "without repeats 5 pegs need at least 5 colours" in capsys.readouterr().err
    game = tmp_path / "bulls.txt"
    game.write_text(examples("mastermind")["without-repeats"])
    assert main(["solve", "mastermind", str(game), "--json", "--limit", "200"]) == 0
    data = json.loads(capsys.readouterr().out)
    brute = [
        c
        for c in itertools.permutations(range(10), 4)
        if mm.score(c, (0, 1, 2, 3)) == mm.Feedback(0, 2) and mm.score(c, (4, 5, 6, 7)) == mm.Feedback(1, 1)
    ]
    assert data["count"] == len(brute) == 168 and ["4", "2", "7", "1"] in data["solutions"]
    assert len(set(data["suggestion"])) == 4  # the suggestion repeats no digit either


def test_practice_game_files_keep_the_codemaker_and_refuse_bad_ones():
    game = mm.parse(examples("mastermind")["solo-practice"])
    assert game.codemaker == mm.Codemaker("random", 2026) and mm.solved(game)
    assert mm.parse(mm.format(game)) == game
    assert mm.parse("codemaker: adversary\n").codemaker == mm.Codemaker("adversary")
    for bad in ("codemaker: random\n", "codemaker: random -3\n", "codemaker: friend\n"):
        with pytest.raises(PuzzleError, match="codemaker: is 'random' and a seed") as caught:
            mm.parse(bad)
        assert caught.value.line == 1


def test_the_random_codemaker_answers_from_its_seeded_secret_and_the_adversary_leaves_the_most_codes():
    from puzzles.mastermind.practice import secret

    game = mm.parse("pegs: 4\ncodemaker: random 5\n")
    space = mm.code_space(game)
    hidden = space.code(secret(game))
    assert secret(game) == secret(mm.parse(mm.format(game)))  # restored, the same secret
    for guess in [(0, 0, 1, 1), (2, 3, 4, 5), hidden]:
        assert mm.answer(game, guess) == mm.score(hidden, guess)
    adversary = mm.Game(codemaker=mm.Codemaker("adversary"))
    # Knuth's opening splits 1,296 codes into parts of at most 256: 0 0, 0 1 and 1 0; the tie goes to the fewest pegs
    assert mm.answer(adversary, (0, 0, 1, 1)) == mm.Feedback(0, 0)
    three = mm.Game(3, tuple("abc"), (mm.Row((0, 1, 2), mm.Feedback(1, 2)),), codemaker=mm.Codemaker("adversary"))
    assert mm.answer(three, (0, 2, 1)) == mm.Feedback(0, 3)  # 0 2 1 | 1 0 2, 2 1 0: the larger part
    two = three.with_row(mm.Row((0, 2, 1), mm.Feedback(0, 3)))
    assert mm.answer(two, (1, 0, 2)) == mm.Feedback(0, 3)  # 1 0 2 | 2 1 0: a tie, and not the win
    one = two.with_row(mm.Row((1, 0, 2), mm.Feedback(0, 3)))
    assert mm.answer(one, (2, 1, 0)) == mm.Feedback(3, 0)  # one code left: the adversary must give in


def test_the_review_plays_the_best_strategy_against_the_same_secret():
    small = mm.Game(3, tuple("abcd"), (mm.Row((0, 0, 1), mm.Feedback(0, 1)), mm.Row((1, 2, 3), mm.Feedback(3, 0))))
    review = mm.review(small)
    assert (review.strategy, review.secret, review.line[-1]) == ("optimal", (1, 2, 3), (1, 2, 3))
    assert review.average == pytest.approx(206 / 64) and review.secrets == 64  # the exact optimum
    assert review.costs == mm.analyse(small, strategy="optimal").row_costs and None not in review.costs
    assert len(review.line) == Codebreaker(mm.space_of(3, 4), "optimal").play(mm.space_of(3, 4).index_of((1, 2, 3)))
    bigger = mm.Game(4, tuple("abcdefgh"), (mm.Row((7, 6, 5, 4), mm.Feedback(4, 0)),), repeats=False)
    review = mm.review(bigger)  # 1,680 codes: past the optimum's reach, so entropy over a seeded sample
    assert (review.strategy, review.secrets, review.line[-1]) == ("entropy", 100, (7, 6, 5, 4))
    assert all(len(set(guess)) == 4 for guess in review.line) and 4 < review.average < 6


# ---------------------------------------------------------------- figures that agree, costs only where the pegs hold


def test_a_row_in_doubt_and_the_rows_after_it_get_no_cost():
    """Row 2's pegs are off by one: it and the rows after it rest on them; row 1 keeps its exact cost."""
    game = mm.parse(
        "pegs: 4\ncolours: red blue green yellow orange purple\n"
        "red red blue blue = 0 2\ngreen green yellow yellow = 1 0\n"
        "orange purple red green = 1 1\nblue orange red purple = 2 1\n"
    )
    analysis = mm.analyse(game, optimal=mm.OptimalSearch(mm.code_space(game)))
    assert analysis.headline == "No code fits" and analysis.corrections[0].row == 1
    assert analysis.left_after == (96, 24, 4, 0)
    assert analysis.row_costs[0] == pytest.approx(0.0594, abs=1e-4)
    assert analysis.row_costs[1:] == (None, None, None)


@pytest.mark.parametrize("rows", range(2, 9))
def test_the_rating_s_difference_is_the_difference_of_the_figures_it_shows(rows):
    lines = examples("mastermind")["seed"].splitlines()
    kept = [line for line in lines if " = " not in line] + [line for line in lines if " = " in line][:rows]
    rating = mm.analyse(mm.parse("\n".join(kept))).rating
    figures = [float(number.replace(",", "")) for number in re.findall(r"[\d,]+\.\d", rating)]
    if "as the suggestion would have" in rating:
        assert len(figures) == 1
    else:
        mine, best, difference = figures
        assert difference == pytest.approx(abs(mine - best)) and difference > 0
        assert ("worse than" in rating) == (mine > best)


def test_one_code_left_is_not_called_solved_before_the_all_black_row():
    game = mm.parse(examples("mastermind")["seed"]).with_row(
        mm.Row(mm.parse_guess(mm.parse(examples("mastermind")["seed"]), "green red red red red red"), mm.Feedback(1, 0))
    )
    analysis = mm.analyse(game)
    assert analysis.count.value == 1 and analysis.headline == "One code left"
