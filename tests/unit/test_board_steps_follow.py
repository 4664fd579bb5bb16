"""Every step of the boards' explained solutions follows from what it cites, by propagation alone (tests/propagation).

Run over the bundled examples, the seed's reference instances (where this machine has them) and boards made from
the examples' answers with cells blanked at random (seeded), Hidoku's from random Hamiltonian king paths.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from assistant.bench import corpus_dir
from puzzles import disks, equation, hidoku, jodici, magic
from puzzles.core import Budget
from puzzles.disks import ladder as disks_ladder
from puzzles.equation import ladder as equation_ladder
from puzzles.examples import examples
from puzzles.hidoku import ladder as hidoku_ladder
from puzzles.jodici import ladder as jodici_ladder
from puzzles.magic import ladder as magic_ladder
from puzzles.magic import witness
from puzzles.numbergrid import EMPTY
from puzzles.steps import PAGE, Fact, Step
from tests.propagation import checked, disks_checked, equation_board, hidoku_checked, jodici_board, magic_board
from tests.unit.test_hidoku_steps import random_path

REFERENCE = Path("/work/shared/reference")
KINDS = {
    "magic": (magic.parse, magic_ladder.steps, magic_board),
    "equation": (equation.parse, equation_ladder.steps, equation_board),
    "jodici": (jodici.parse, jodici_ladder.steps, jodici_board),
}


@cache
def findings(kind: str, text: str) -> list[tuple[int, str, str]]:
    """Each step of the board's explained solution that does not follow from what it cites: number, rule, why."""
    parse, steps, board = KINDS[kind]
    puzzle = parse(text)
    return [(n, step.rule, why) for n, step, why in checked(board(puzzle), steps(puzzle).steps)]


@pytest.mark.parametrize(("kind", "name"), [(kind, name) for kind in KINDS for name in examples(kind)])
def test_every_step_of_an_example_follows_from_what_it_cites(kind, name):
    assert findings(kind, examples(kind)[name]) == []


def test_the_magic_seed_is_explained_to_the_end_with_no_search():
    """Its suppositions that no short chain refutes (r1c3 = 8, 10, ..., 24) are followed as far as the rungs go,
    each told link by link, a page at a time where it is long: no "every way was tried"."""
    path = magic_ladder.steps(magic.parse(examples("magic")["seed"]))
    trials = [step for step in path.steps if step.trial]
    assert path.ended == "solved" and not any("every way" in step.text for step in path.steps)
    paged = [step for step in trials if step.pages]
    assert paged and all(unpaged(step.pages) == step.text for step in paged)
    assert max(len(page) for step in paged for page in step.pages) <= PAGE
    assert all(
        page.startswith(f"Still supposing {step.sets[0].said.replace(' ≠ ', ' were ')}: then ")
        for step in paged
        for page in step.pages[1:]
    )


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the seed's reference instances are not on this machine")
@pytest.mark.parametrize(
    ("kind", "file", "header"), [("jodici", "jodici.txt", ""), ("magic", "magic-board.txt", "range: 5..29 sum: 85\n")]
)
def test_every_step_of_a_reference_instance_follows(kind, file, header):
    assert findings(kind, header + (REFERENCE / file).read_text()) == []


def blanked(kind: str, seed: int, kept: float) -> str:
    """The seed's answer with cells blanked at random: a board with at least that answer."""
    module = {"magic": magic, "equation": equation, "jodici": jodici}[kind]
    puzzle = module.parse(examples(kind)["seed"])
    (answer,) = module.solve(puzzle).analysis.solutions
    cells = [(r, c) for r, row in enumerate(answer) for c in range(len(row))]
    shown = set(random.Random(seed).sample(cells, round(kept * len(cells))))
    if kind == "equation":
        grid = tuple(tuple(v if (r, c) in shown else None for c, v in enumerate(row)) for r, row in enumerate(answer))
        return equation.format(replace(puzzle, cells=grid, givens=frozenset(shown)))
    grid = tuple(tuple(v if (r, c) in shown else 0 for c, v in enumerate(row)) for r, row in enumerate(answer))
    return module.format(replace(puzzle, grid=grid, givens=frozenset(shown)))


@pytest.mark.parametrize(
    ("kind", "seed", "kept"),
    [
        *((kind, seed, 0.45) for kind in ("magic", "jodici", "equation") for seed in range(3)),
        ("jodici", 17, 0.35),  # a digit's last field, with a ring ruling out the other: the copies give it
    ],
)
def test_every_step_on_boards_blanked_at_random_follows(kind, seed, kept):
    assert findings(kind, blanked(kind, seed, kept)) == []


@pytest.mark.parametrize(("n", "seed"), [(4, 3), (5, 0), (5, 2), (5, 5)])
def test_every_magic_step_on_classic_squares_blanked_at_random_follows(n, seed):
    """Boards from the witness's classic squares (1..n*n), 35% of the cells shown: lines added and taken away on
    other boards than the seed (each of these takes that rung)."""
    puzzle = classic_blanked(n, seed)
    steps = magic_ladder.steps(puzzle).steps
    assert "lines added and taken away" in {step.rule for step in steps}
    assert checked(magic_board(puzzle), steps) == []


def unpaged(pages: tuple[str, ...]) -> str:
    """A long step's text from its pages: each without the supposition it recalls, joined by spaces."""
    return " ".join(re.sub(r"^Still supposing [^:]*: ", "", page) for page in pages)


def classic_blanked(n: int, seed: int) -> magic.Magic:
    """The witness's classic square (1..n*n) with 35% of its cells shown, chosen at random."""
    square = witness.classic(n)
    rng = random.Random(seed)
    shown = set(rng.sample([(r, c) for r in range(n) for c in range(n)], round(0.35 * n * n)))
    grid = tuple(tuple(v if (r, c) in shown else 0 for c, v in enumerate(row)) for r, row in enumerate(square))
    return magic.Magic(grid, 1, n * n, n * (n * n + 1) // 2, frozenset(shown))


def test_a_long_supposition_is_told_a_page_at_a_time_and_each_link_replays():
    """No chain within a trial's first depth refutes r4c2 = 11 on this board; followed as far as the rungs go, it
    reaches a dead end in 1,700 characters: told in pages that read whole, and the checker replays it."""
    puzzle = classic_blanked(5, 2)
    steps = magic_ladder.steps(puzzle).steps
    n, step = next((n, step) for n, step in enumerate(steps, 1) if step.text.startswith("Suppose r4c2 were 11"))
    assert step.trial and step.text.endswith("That cannot be, so r4c2 is not 11.") and len(step.pages) > 2
    assert step.pages[0].startswith("Suppose r4c2 were 11: then r5c2 = 19 (last cell of a line: column 2),")
    assert all(len(page) <= PAGE and page.endswith(",") for page in step.pages[:-1])
    assert checked(magic_board(puzzle), steps[:n]) == []


def test_a_supposition_no_chain_refutes_is_split_on_a_cell_it_leaves_three_values_each_case_told():
    """Blanked to 30%, the seed's answer leaves r3c5 = 20 that no chain refutes: it leaves r5c1 12, 14 or 26, and
    each of those meets a dead end, so r3c5 is not 20.  Told case by case, a page at a time; the checker replays
    it (propagation, then each case)."""
    puzzle = magic.parse(blanked("magic", 13, 0.3))
    steps = magic_ladder.steps(puzzle, limit=11).steps
    split = steps[-1]
    assert split.trial and split.text.startswith("Suppose r3c5 were 20: then r5c5 = 16")
    assert "then r5c1 can only be 12, 14 or 26. Suppose r5c1 were 12: then " in split.text
    assert split.text.endswith("So r5c1 has no value left. That cannot be, so r3c5 is not 20.")
    assert unpaged(split.pages) == split.text and max(map(len, split.pages)) <= PAGE
    assert any(page.startswith("Still supposing r3c5 were 20 and r5c1 were 12: then ") for page in split.pages)
    assert checked(magic_board(puzzle), steps) == []


def test_where_no_cell_is_left_three_values_a_supposition_is_split_on_four():
    """The seed's answer blanked to 30% (seed 15) has one completion, but where the ladder needs a split, no
    supposition leaves a cell three values or fewer that all meet a dead end (it ended stuck): r1c4 = 9 leaves r1c3
    four, and each of them does.  The checker replays it."""
    puzzle = magic.parse(blanked("magic", 15, 0.3))
    known = magic_ladder.known_of(puzzle)
    assert magic_ladder.split_supposition(known, (0, 3), 9, 3) is None
    split = magic_ladder.split_supposition(known, (0, 3), 9, 4)
    assert "then r1c3 can only be 5, 8, 16 or 19. Suppose r1c3 were 5: then " in split.text
    assert split.text.endswith("So r1c3 has no value left. That cannot be, so r1c4 is not 9.")
    assert checked(magic_board(puzzle), [split]) == []


def test_the_checker_flags_a_split_whose_case_meets_no_contradiction():
    puzzle = magic.parse(examples("magic")["seed"])  # r1c3 = 6 in its one completion: no case of it dies
    fact = Fact((0, 2), 6, holds=False, said="r1c3 ≠ 6")
    text = "Suppose r1c3 were 6: then r3c3 can only be 19. Suppose r3c3 were 19: then nothing. So r1c3 is not 6."
    split = Step("trial", text, ("r1c3",), (), (fact,), trial=True)
    assert [why for _, _, why in checked(magic_board(puzzle), [split])] == [
        "supposing r1c3 = 6 meets no contradiction by propagation"
    ]


def test_the_checker_flags_a_step_that_cites_too_little():
    puzzle = magic.parse(examples("magic")["seed"])
    first = magic_ladder.steps(puzzle, limit=1).steps[0]  # column 2's bounds rule 29 out of its cells
    wrong = Step(first.rule, first.text.replace("column 2", "row 2"), ("row 2",), first.where, first.sets)
    assert [why for _, _, why in checked(magic_board(puzzle), [wrong])] == [
        "r1c2 ≠ 29 does not follow from row 2: r1c2 = 29 fits",
    ]


def test_the_checker_flags_lines_added_and_taken_away_that_cite_one_line_too_few():
    puzzle = magic.parse(examples("magic")["seed"])
    steps = magic_ladder.steps(puzzle).steps
    n, step = next((n, step) for n, step in enumerate(steps, 1) if "2 × r1c1 + r1c3 + 2 × r5c5 = 80" in step.text)
    fewer = replace(step, uses=step.uses[:-1])  # the other diagonal left out
    assert checked(magic_board(puzzle), steps[:n]) == []
    assert [(m, why) for m, _, why in checked(magic_board(puzzle), [*steps[: n - 1], fewer])] == [
        (n, f"r1c3 ≠ 7 does not follow from {', '.join(fewer.uses)}: r1c3 = 7 fits")
    ]


def test_the_checker_flags_a_search_and_an_unmarked_supposition():
    puzzle = magic.parse(examples("magic")["seed"])
    fact = Fact((0, 0), 6, holds=False, said="r1c1 ≠ 6")
    searched = Step("trial", "Suppose r1c1 were 6: then every way was tried.", ("r1c1",), (), (fact,), trial=True)
    unmarked = Step("trial", "Suppose r1c1 were 6: then nothing.", ("r1c1",), (), (fact,))
    assert [why for _, _, why in checked(magic_board(puzzle), [searched, unmarked])] == [
        "a search said as a step",
        "a supposition not marked trial",
    ]


@pytest.mark.parametrize("name", list(examples("disks")))
def test_every_disk_step_follows_from_the_disks_and_fields_it_cites(name):
    puzzle = disks.parse(examples("disks")[name])
    assert disks_checked(puzzle, disks_ladder.steps(puzzle).steps) == []


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="the seed's reference instances are not on this machine")
@pytest.mark.parametrize("file", ["disks-original.txt", "disks-fixed.txt"])
def test_every_disk_step_of_a_reference_instance_follows(file):
    puzzle = disks.parse((REFERENCE / file).read_text())
    assert disks_checked(puzzle, disks_ladder.steps(puzzle).steps) == []


def test_the_disk_checker_flags_a_step_that_cites_too_little():
    puzzle = disks.parse(examples("disks")["original"])
    steps = disks_ladder.steps(puzzle).steps
    n, step = next((n, step) for n, step in enumerate(steps, 1) if step.rule == "only disk for a field")
    fewer = Step(step.rule, step.text, step.uses[1:], step.where, step.sets)  # the field left out
    assert disks_checked(puzzle, steps[:n]) == []
    assert [(m, why) for m, _, why in disks_checked(puzzle, [*steps[: n - 1], fewer])] == [
        (n, f"{step.sets[0].said} does not follow from {step.uses[1]}")
    ]


def test_the_checker_flags_a_bound_outside_the_board_and_a_list_cut_short():
    puzzle = magic.parse(examples("magic")["seed"])
    first = magic_ladder.steps(puzzle, limit=1).steps[0]
    outside = Step(first.rule, first.text.replace("between 5 and 28", "between -16 and 28"), first.uses, (), first.sets)
    cut = Step(first.rule, first.text.replace("not 29", "not 29 …"), first.uses, (), first.sets)
    assert [why for _, _, why in checked(magic_board(puzzle), [outside, cut])] == [
        "between -16 and 28 is outside 5..29",
        "a list cut with '…'",
    ]


HIDOKU_BOARDS = {
    **{f"example {name}": text for name, text in examples("hidoku").items()},
    "corpus 001": (Path(__file__).parent.parent / "fixtures" / "hidoku-corpus-001.txt").read_text(),
    **({"reference 10x10": (REFERENCE / "hidoku-10x10.txt").read_text()} if REFERENCE.is_dir() else {}),
}


@pytest.mark.parametrize("name", list(HIDOKU_BOARDS))
def test_every_hidoku_step_follows_from_the_numbers_and_cells_it_cites(name):
    puzzle = hidoku.parse(HIDOKU_BOARDS[name])
    path = hidoku_ladder.steps(puzzle)
    assert path.solved and hidoku_checked(puzzle, path.steps) == []


HIDOKU_CORPUS = corpus_dir("hidoku-500")


@pytest.mark.skipif(HIDOKU_CORPUS is None, reason="shared/corpora/hidoku-500 is not on this machine")
def test_every_step_of_every_25th_hidoku_corpus_board_follows_from_what_it_cites():
    """Boards nobody here made (20 of the 500; every fifth passes too)."""
    for path in sorted(HIDOKU_CORPUS.glob("[0-9]*.txt"))[::25]:
        puzzle = hidoku.parse(path.read_text().split("[Solution]")[0])
        walked = hidoku_ladder.steps(puzzle)
        assert walked.solved and hidoku_checked(puzzle, walked.steps) == [], path.name


@cache
def hidoku_sampled(seed: int) -> tuple[hidoku.Hidoku, tuple[Step, ...]]:
    """A board from a random Hamiltonian king path (seeded), 45% of its numbers shown, and its steps within a small
    work budget: such boards often have several completions, so the ladder stops, but every step it takes counts."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(5, 5), (6, 6), (6, 8)])
    numbers = random_path(rows, cols, rng)
    kept = set(rng.sample(sorted(numbers), round(0.45 * len(numbers))))
    grid = tuple(tuple(numbers[(r, c)] if (r, c) in kept else EMPTY for c in range(cols)) for r in range(rows))
    board = hidoku.Hidoku(grid, frozenset(kept))
    return board, hidoku_ladder.steps(board, budget=Budget(work=200)).steps


HIDOKU_SEEDS = range(8)


@pytest.mark.parametrize("seed", HIDOKU_SEEDS)
def test_every_hidoku_step_on_a_sampled_board_follows_from_what_it_cites(seed):
    board, steps = hidoku_sampled(seed)
    assert hidoku_checked(board, steps) == []


def test_the_sampled_hidoku_boards_take_the_steps_that_rest_on_the_whole_board():
    """The sample reaches the rules the checker replays, a gap's step citing what was ruled out before among them."""
    steps = [step for seed in HIDOKU_SEEDS for step in hidoku_sampled(seed)[1]]
    assert {"one number left for a cell", "the ways a gap fills"} <= {step.rule for step in steps}
    assert any(step.rule == "the ways a gap fills" and "ruled out before" in step.text for step in steps)


def test_the_hidoku_checker_flags_a_placement_its_cited_numbers_do_not_force():
    puzzle = hidoku.parse(examples("hidoku")["seed"])
    steps = hidoku_ladder.steps(puzzle).steps
    n, step = next((n, step) for n, step in enumerate(steps, 1) if step.rule == "between two numbers")
    fewer = Step(step.rule, step.text, step.uses[:1], step.where, step.sets)  # one of the two numbers left out
    assert [(m, why) for m, _, why in hidoku_checked(puzzle, [*steps[: n - 1], fewer])] == [
        (n, f"{step.sets[0].said} does not follow from {step.uses[0]}")
    ]


def test_the_hidoku_checker_flags_a_cell_with_one_number_left_that_cites_too_little_or_too_much():
    puzzle = hidoku.parse(examples("hidoku")["seed"])
    steps = hidoku_ladder.steps(puzzle).steps
    n, step = next((n, step) for n, step in enumerate(steps, 1) if step.rule == "one number left for a cell")
    fewer = replace(step, uses=step.uses[:-1])  # the last number that keeps others away left out
    more = replace(step, uses=(*step.uses, "100"), text=f"{step.text} 100")
    assert hidoku_checked(puzzle, steps[:n]) == []
    assert [(m, why) for m, _, why in hidoku_checked(puzzle, [*steps[: n - 1], fewer])] == [
        (n, f"{step.sets[0].said} does not follow from {', '.join(fewer.uses)}")
    ]
    assert [(m, why) for m, _, why in hidoku_checked(puzzle, [*steps[: n - 1], more])] == [
        (n, "it cites 100, which it does not need")
    ]
