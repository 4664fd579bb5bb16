"""Zebra and logic grids: the seed's puzzles, brute force on small grids, the clue language, refusals."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import zebra
from puzzles.core import Budget, Count, PuzzleError
from puzzles.examples import examples
from puzzles.zebra.analysis import CERTAIN, DEDUCED, NO_SOLUTION, RULED_OUT, ClueNote, floors_carried_back

EINSTEIN = zebra.parse(examples("zebra")["einstein"])


def answer(analysis) -> list[dict[str, str]]:
    names = [c.name for c in analysis.puzzle.categories]
    return [dict(zip(names, row, strict=True)) for row in analysis.solutions[0]]


def test_the_zebra_is_unique_and_the_japanese_owns_it():
    analysis = zebra.analyse(EINSTEIN)
    assert analysis.status == "unique"
    rows = answer(analysis)
    assert [row["Nationality"] for row in rows] == ["Norwegian", "Ukrainian", "Englishman", "Spaniard", "Japanese"]
    assert [row["Pet"] for row in rows] == ["fox", "horse", "snails", "dog", "zebra"]
    assert [row["Drink"] for row in rows] == ["water", "tea", "milk", "orange juice", "coffee"]
    assert all(note.after is not None for note in analysis.notes)
    assert analysis.notes[0].canonical == "there are 5 objects" and analysis.notes[0].idle is False


def test_without_clue_11_the_seed_had_two_solutions_and_we_say_what_splits_them():
    puzzle = zebra.remove_clue(EINSTEIN, 10)
    analysis = zebra.analyse(puzzle)
    assert analysis.count.value == 2 and analysis.count.exact
    pets = {tuple(row[4] for row in solution) for solution in analysis.solutions}
    assert pets == {("fox", "horse", "snails", "dog", "zebra"), ("zebra", "horse", "snails", "dog", "fox")}
    c, v, o = analysis.split
    assert analysis.tally[c][v][o] == 1
    assert "1 of them say yes" in analysis.hint


@pytest.mark.parametrize(
    "name, expected",
    [
        (
            "scholarships",
            {"Carrie": ("25000", "English"), "Erma": ("35000", "Astronomy"), "Ora": ("40000", "Philosophy"),
             "Tracy": ("30000", "Physics")},
        ),
        (
            "painting",
            {"Ada": ("1", "Monet"), "Eilen": ("2", "Constable"), "Jenny": ("3", "Van Gogh"), "Vera": ("4", "Taylor")},
        ),
        (
            "researchers",
            {"Ainsley": ("relay", "1920", "hurricanes"), "Madeline": ("hurdle", "1973", "wildfires"),
             "Sophie": ("longjump", "1921", "tornados"), "Theodore": ("javelin", "1933", "earthquakes")},
        ),
        (
            "rentals",
            {"Freda": ("Nissan", "Los Altos", "4"), "Opal": ("Jeep", "Brownfield", "3"),
             "Penny": ("Fiat", "Iowa Falls", "5"), "Sarah": ("Dodge", "Durham", "6"),
             "Vicky": ("Hyundai", "Redding", "2")},
        ),
    ],
)  # fmt: skip
def test_the_seeds_logic_grids_have_the_reference_answers(name, expected):
    analysis = zebra.analyse(zebra.parse(examples("zebra")[name]))
    assert analysis.status == "unique"
    assert {row[0]: tuple(row[1:]) for row in analysis.solutions[0]} == expected


def test_the_researchers_clue_8_as_the_seeds_code_reads_it_gives_the_seeds_answer():
    puzzle = zebra.parse(examples("zebra")["researchers"])
    code_reading = "The researcher interested in earthquakes has neither hurdle nor javelin as sports interest."
    puzzle = zebra.add_clue(zebra.remove_clue(puzzle, 7), code_reading, at=7)
    rows = {row[0]: tuple(row[1:]) for row in zebra.analyse(puzzle).solutions[0]}
    assert rows["Sophie"] == ("longjump", "1933", "earthquakes")
    assert rows["Theodore"] == ("javelin", "1921", "tornados")


# ---------------------------------------------------------------- brute force


def brute_force(puzzle, holds) -> list[tuple[tuple[int, ...], ...]]:
    """Every assignment (per category, the object of each value) that satisfies `holds`."""
    n = puzzle.n
    choices = [
        [tuple(range(n))] if c == puzzle.key else list(itertools.permutations(range(n)))
        for c in range(len(puzzle.categories))
    ]
    return [where for where in itertools.product(*choices) if holds(where)]


FORMAL = {
    "{} == {}": lambda a, b: a == b,
    "{} != {}": lambda a, b: a != b,
    "{} is immediately to the left of {}": lambda a, b: a == b - 1,
    "{} is immediately to the right of {}": lambda a, b: a == b + 1,
    "{} is next to {}": lambda a, b: abs(a - b) == 1,
    "{} is somewhere to the left of {}": lambda a, b: a < b,
    "{} is somewhere to the right of {}": lambda a, b: a > b,
    "{} is not to the left of {}": lambda a, b: a >= b,
    "{} is not to the right of {}": lambda a, b: a <= b,
    "{} and {} have the same parity positions": lambda a, b: a % 2 == b % 2,
    "{} and {} have different parity positions": lambda a, b: a % 2 != b % 2,
}
FORMAL3 = {
    "{} is between {} and {}": lambda a, b, c: abs(a - b) == 1 and abs(a - c) == 1 and b != c,
    "{} is somewhere between {} and {}": lambda a, b, c: min(b, c) < a < max(b, c),
    "{} == {} or {} == {}, but not both": lambda a, b, c: (a == b) != (a == c),
    "{} == {} or {} == {} or both": lambda a, b, c: a == b or a == c,
}
FORMAL1 = {
    "{} is on the far left": lambda a, n: a == 0,
    "{} is on the far right": lambda a, n: a == n - 1,
    "{} is in an odd position": lambda a, n: a % 2 == 0,
    "{} is in an even position": lambda a, n: a % 2 == 1,
}


@st.composite
def formal_puzzles(draw):
    """A small houses-in-a-row puzzle in the corpus's forms, with each clue's meaning in plain Python."""
    n = draw(st.integers(3, 4))
    categories = draw(st.integers(2, 3))
    names = ["Colour", "Pet", "Drink"][:categories]
    lines = [f"{name}: " + ", ".join(f"{name[0].lower()}{v}" for v in range(n)) for name in names]
    refs = st.tuples(st.integers(0, categories - 1), st.integers(0, n - 1))
    text = lambda ref: f"{names[ref[0]]}:{names[ref[0]][0].lower()}{ref[1]}"
    meanings = []
    for _ in range(draw(st.integers(0, 5))):
        arity = draw(st.sampled_from([1, 2, 2, 2, 3]))
        form = draw(st.sampled_from(sorted({1: FORMAL1, 2: FORMAL, 3: FORMAL3}[arity])))
        chosen = draw(st.lists(refs, min_size=arity, max_size=arity, unique=True))
        if arity == 1:
            lines.append(form.format(text(chosen[0])))
            meanings.append((FORMAL1[form], chosen, "place"))
        elif arity == 2:
            lines.append(form.format(*map(text, chosen)))
            meanings.append((FORMAL[form], chosen, "pair"))
        else:
            a, b, c = chosen
            args = (a, b, c) if "between" in form else (a, b, a, c)
            lines.append(form.format(*map(text, args)))
            meanings.append((FORMAL3[form], chosen, "triple"))
    return "\n".join(lines), meanings


def meaning_holds(meanings, n):
    def holds(where):
        at = lambda ref: where[ref[0]][ref[1]]
        for test, refs, kind in meanings:
            if kind == "place" and not test(at(refs[0]), n):
                return False
            if kind != "place" and not test(*map(at, refs)):
                return False
        return True

    return holds


@settings(max_examples=60, deadline=None)
@given(formal_puzzles())
def test_counts_and_candidate_grids_match_brute_force(case):
    text, meanings = case
    puzzle = zebra.parse(text)
    found = brute_force(puzzle, meaning_holds(meanings, puzzle.n))
    analysis = zebra.analyse(puzzle, limit=len(found) + 1, budget=None)
    assert analysis.count.value == len(found) and analysis.count.exact
    for c in range(len(puzzle.categories)):
        for v in range(puzzle.n):
            for o in range(puzzle.n):
                possible = any(where[c][v] == o for where in found)
                assert (analysis.marks[c][v][o] not in (RULED_OUT, NO_SOLUTION)) == possible
                assert analysis.tally[c][v][o] == sum(where[c][v] == o for where in found)
    as_found = {
        tuple(tuple(solution[o][c] for o in range(puzzle.n)) for c in range(len(puzzle.categories)))
        for solution in analysis.solutions
    }
    names = lambda where: tuple(
        tuple(puzzle.categories[c].values[where[c].index(o)] for o in range(puzzle.n))
        for c in range(len(puzzle.categories))
    )
    assert as_found == {names(where) for where in found}


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_keyed_puzzles_with_numeric_comparisons_match_brute_force(data):
    """People as objects (no order), a numeric category compared with `N more than`."""
    text = "Person: Ann, Bob, Cid, Dee\nAge: 10, 20, 30, 40\nFood: fig, kiwi, lime, plum\nkey: Person\n"
    base = zebra.parse(text)
    people, ages, foods = base.categories
    ref = st.sampled_from([(0, v) for v in range(4)] + [(2, v) for v in range(4)])
    clues, meanings = [], []
    for _ in range(data.draw(st.integers(1, 4))):
        a, b = data.draw(st.lists(ref, min_size=2, max_size=2, unique=True))
        amount = data.draw(st.sampled_from([None, 10, 20]))
        more = data.draw(st.booleans())
        word = "older" if more else "younger"
        clues.append(f"{base.name(a)} is {f'{amount} years ' if amount else ''}{word} than {base.name(b)} in Age")
        meanings.append((a, b, amount, more))
    clues[-1:] = [clues[-1]]
    puzzle = zebra.parse(text + "\n".join(clues))

    def holds(where):
        age = lambda ref: int(ages.values[where[1].index(where[ref[0]][ref[1]])])
        for a, b, amount, more in meanings:
            difference = (age(a) - age(b)) * (1 if more else -1)
            if difference <= 0 or (amount and difference != amount):
                return False
        return True

    found = brute_force(puzzle, holds)
    analysis = zebra.analyse(puzzle, limit=10_000, budget=None)
    assert analysis.count.value == len(found)


# ---------------------------------------------------------------- the clue language

HOUSES = zebra.parse(
    "Colour: red, green, ivory, yellow, blue\n"
    "Nationality: Englishman, Spaniard, Ukrainian, Norwegian, Japanese\n"
    "Pet: dog, snails, fox, horse, zebra\n"
)


@pytest.mark.parametrize(
    "clue, canonical",
    [
        ("The Englishman lives in the red house.", "Nationality:Englishman == Colour:red"),
        ("Colour:red == Pet:dog", "Colour:red == Pet:dog"),
        ("The Spaniard does not own the zebra.", "Nationality:Spaniard != Pet:zebra"),
        ("The green house is immediately to the right of the ivory house.",
         "Colour:green is immediately to the right of Colour:ivory"),
        ("The ivory house is just left of the green one", "Colour:ivory is immediately to the left of Colour:green"),
        ("The fox lives somewhere to the left of the horse", "Pet:fox is somewhere to the left of Pet:horse"),
        ("The Norwegian lives next to the blue house.", "Nationality:Norwegian is next to Colour:blue"),
        ("The Norwegian lives in the first house.", "Nationality:Norwegian is on the far left"),
        ("The zebra is in the last house", "Pet:zebra is on the far right"),
        ("The dog lives in the middle house", "Pet:dog is in the middle"),
        ("The man with the fox lives in the second house", "Pet:fox is in position 2"),
        ("Either the Spaniard or the Japanese owns the dog", None),
        ("Of the dog and the fox, one is red and the other is green", None),
        ("The red, green and blue houses are all different from the Norwegian", None),
        ("The snails are somewhere between the dog and the fox", "Pet:snails is somewhere between Pet:dog and Pet:fox"),
    ],
)  # fmt: skip
def test_plain_english_reads_as_the_canonical_form(clue, canonical):
    read = zebra.read_clue(HOUSES, clue)
    if canonical is not None:
        assert read.canonical == canonical
    again = zebra.read_clue(HOUSES, read.canonical.split("; ")[0]) if "; " not in read.canonical else None
    if again is not None and not read.canonical.startswith(("of ", "not (")):
        assert again.atoms == read.atoms  # the canonical form reads back to the same meaning


def test_either_or_and_one_other_mean_what_they_say():
    def count(*clues):
        puzzle = HOUSES
        for clue in clues:
            puzzle = zebra.add_clue(puzzle, clue)
        return zebra.analyse(puzzle, notes=False).count.value

    everything = 120**3
    assert count("Either the Spaniard or the Japanese owns the dog") == everything * 2 // 5
    one_other = count("Of the dog and the fox, one is red and the other is green")
    assert one_other == everything * 2 // 20
    assert count("The Norwegian lives next to the blue house.") == everything * 8 // 25


def test_the_canonical_echo_is_a_clue_that_reads_the_same():
    for clue in EINSTEIN.clues:
        if clue.atoms:
            again = zebra.read_clue(EINSTEIN, clue.canonical)
            assert again.atoms == clue.atoms, clue.text


# ---------------------------------------------------------------- notes, conflicts, reasons


def test_every_ruled_out_cell_names_the_clue_that_did_it():
    analysis = zebra.analyse(EINSTEIN)
    nationality, norwegian = 1, 0
    assert analysis.marks[nationality][norwegian][0] == DEDUCED
    assert analysis.marks[nationality][norwegian][1] == RULED_OUT
    why = analysis.explain(nationality, norwegian, 1)
    assert why == (
        "Nationality:Norwegian is not at position 2: clue 10 rules it out (Nationality:Norwegian is on the far left)."
    )
    for (c, v, o), k in analysis.reasons.items():
        assert analysis.marks[c][v][o] == RULED_OUT and 0 <= k < len(EINSTEIN.clues)
    # Clue-by-clue propagation does not finish the Zebra: the rest shows only in the solutions.
    marks = [(c, v, o) for c, rows in enumerate(analysis.marks) for v, row in enumerate(rows) for o in range(5)]
    certain = [cell for cell in marks if analysis.marks[cell[0]][cell[1]][cell[2]] == CERTAIN]
    ruled_by_count = [cell for cell in marks if analysis.marks[cell[0]][cell[1]][cell[2]] == NO_SOLUTION]
    assert certain and ruled_by_count
    assert "in every solution" in analysis.explain(*certain[0])
    assert "no single clue shows it" in analysis.explain(*ruled_by_count[0])


def test_a_clue_that_changes_nothing_is_flagged():
    puzzle = zebra.add_clue(EINSTEIN, "The Englishman lives in the red house.")
    analysis = zebra.analyse(puzzle)
    assert [note.idle for note in analysis.notes][-1]
    assert "Clue 16 changed nothing" in analysis.hint


def test_contradicting_clues_are_named_smallest_set_first():
    puzzle = zebra.add_clue(EINSTEIN, "The Norwegian lives in the red house.")
    analysis = zebra.analyse(puzzle)
    assert analysis.status == "contradiction"
    assert analysis.conflict == (1, 15)  # the Englishman lives in the red house
    assert analysis.hint.startswith("Clues ") and "cannot all hold" in analysis.hint
    assert all(note.in_conflict == (i in analysis.conflict) for i, note in enumerate(analysis.notes))


def test_a_clue_note_counted_short_takes_the_floor_of_the_clues_after_it():
    """Clues only remove solutions: "at least 0" before a clue that leaves 10 is at least 10."""
    notes = [
        ClueNote(f"clue {k}", after, False, False)
        for k, after in enumerate(
            [Count(100), Count(0, exact=False), None, Count(5, exact=False), Count(10), Count(3, exact=False), Count(1)]
        )
    ]
    assert [note.after for note in floors_carried_back(notes)] == [
        Count(100),
        Count(10, exact=False),
        None,
        Count(10, exact=False),
        Count(10),
        Count(3, exact=False),
        Count(1),
    ]


def test_notes_left_uncounted_by_a_short_budget_are_all_counted_after_each_on_a_budget_of_its_own():
    """A restart counts every prefix on one budget: what it leaves (the issue saw "…" stay) is counted next."""
    puzzle = zebra.add_clue(EINSTEIN, "The zebra is in house 5.")
    short = zebra.analyse(puzzle, budget=Budget(work=1_000))
    assert short.notes[9].after == Count(6192, exact=False)
    assert [note.after for note in short.notes[10:15]] == [None] * 5
    assert short.notes[-1].after == Count(1)  # the count itself, never left out
    landed = []
    completed = zebra.notes_completed(short, budget=Budget(work=20_000), noted=landed.append)
    assert [note.after for note in completed.notes] == [note.after for note in short.notes[:10]] + [
        Count(n) for n in (2400, 804, 145, 32, 1, 1)
    ]
    assert len(landed) == 5 and landed[-1] == completed
    assert (completed.count, completed.marks, completed.solutions) == (short.count, short.marks, short.solutions)


def test_a_small_work_budget_says_at_least_and_a_bigger_one_counts_the_same():
    """Each search node costs one unit: out of units, the branches counted so far are a lower bound."""
    puzzle = zebra.Puzzle(EINSTEIN.categories, EINSTEIN.clues[:9], EINSTEIN.key)
    exact = zebra.analyse(puzzle, notes=False, budget=None).count
    assert zebra.analyse(puzzle, notes=False, budget=Budget(work=100_000)).count == exact
    hurried = zebra.analyse(puzzle, notes=False, budget=Budget(work=40)).count
    assert not hurried.exact and hurried.value < exact.value
    assert str(hurried).startswith("at least")


# ---------------------------------------------------------------- files and refusals


def test_format_then_parse_is_the_same_puzzle():
    for text in examples("zebra").values():
        puzzle = zebra.parse(text)
        again = zebra.parse(zebra.format(puzzle))
        assert again == puzzle


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        ("Colour: red, blue\nPet: dog\n", 2, 1, "Pet has 1 value, Colour has 2"),
        ("Colour: red, blue\nPet: dog, cat\nColour:red == Pet:dgo\n", 3, 19, "did you mean 'dog'"),
        ("Colour: red, blue\nPet: dog, cat\nColuor:red == Pet:dog\n", 3, 1, "no category 'Coluor'"),
        ("Colour: red, blue\nPet: dog, cat\nThe red house is happy\n", 3, 1, "expected two values"),
        ("Colour: red, blue\nPet: dog, cat\nkey: Pets\n", 3, 6, "did you mean 'Pet'"),
        ("Person: Ann, Bob\nPet: dog, cat\nkey: Person\nAnn is left of the dog\n", 4, 1, "objects in a row"),
        ("Colour: red, blue\nShade: red, pink\nThe red thing is next to the pink one\n", 3, 5, "could be"),
        ("A: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\nB: a, b, c, d, e, f, g, h, i, j, k\n", 1, 1, "2 to 10 values"),
        ("1. The red house\n", 1, 1, "no categories"),
        (
            "Colour: red, blue\nPet: dog, cat\nThe dgo lives in the red house\n",
            3,
            5,
            "'dgo' is not a value: did you mean 'dog'?",
        ),
    ],
)
def test_bad_files_are_refused_with_line_and_column(text, line, column, message):
    with pytest.raises(PuzzleError) as caught:
        zebra.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert message in caught.value.message


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Colur:PetdgcaRbx ,.=!\n1-&'#")), max_size=120))
def test_any_text_is_a_puzzle_or_a_clear_refusal(text):
    try:
        zebra.parse("Colour: red, blue\nPet: dog, cat\n" + text)
    except PuzzleError as error:
        assert error.message and error.line is not None


def test_cli_prints_one_json_object_with_count_and_solutions(tmp_path, capsys):
    import json

    from assistant.cli import main

    path = tmp_path / "zebra.txt"
    path.write_text(examples("zebra")["einstein"])
    assert main(["solve", "zebra", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["count"] == 1 and report["exact"] is True
    assert [row["Pet"] for row in report["solutions"][0]] == ["fox", "horse", "snails", "dog", "zebra"]
    assert len(report["clues"]) == 15


@pytest.mark.slow
def test_the_whole_quint_corpus_parses_unchanged_and_solves_to_its_answers():
    from assistant.kind_cli.zebra import check_corpus

    result = check_corpus()
    if result.startswith("skipped"):
        pytest.skip(result)
    assert "2050 puzzles, all unique and equal to the answers" in result
