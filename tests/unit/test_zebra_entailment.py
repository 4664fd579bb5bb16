"""Every Zebra step cites exactly what it uses: its clues and earlier facts give what it sets, none in excess.

Checked by SAT (`zebra_entailment`) over the bundled examples (the seed
documents' puzzles: Einstein, scholarships, rentals, painting, researchers,
and a page), seeded generated puzzles of 3 to 6 houses, site-style pages and,
where the machine has it, a sample of the shared quint-t corpus.
"""

from __future__ import annotations

import numpy as np
import pytest

from assistant.bench import corpus_dir
from assistant.kind_cli.zebra import corpus_puzzles
from puzzles import zebra
from puzzles.examples import examples
from puzzles.steps import Fact, Path, Step
from puzzles.zebra import generator, stories
from puzzles.zebra.known import known_of
from puzzles.zebra.supposing import nested, nested_step
from tests.unit.zebra_entailment import check

GENERATED = [(seed, 3 + seed % 3) for seed in range(12)] + [(3, 6)]  # (seed, houses), three or four categories


def assert_each_step_cites_exactly_what_it_uses(puzzle: zebra.Puzzle) -> None:
    path = zebra.steps(puzzle)
    assert path.solved
    found = check(puzzle, path)
    assert found.steps == len(path.steps)
    assert not found.unknown, found.unknown[:3]
    assert not found.too_little, found.too_little[:3]
    assert not found.too_much, found.too_much[:3]


@pytest.mark.parametrize("name", ["einstein", "page", "painting", "rentals", "researchers", "scholarships"])
def test_each_example_step_cites_exactly_what_it_uses(name):
    assert_each_step_cites_exactly_what_it_uses(zebra.parse(examples("zebra")[name]))


@pytest.mark.parametrize("seed, n", GENERATED)
def test_each_generated_step_cites_exactly_what_it_uses(seed, n):
    made = generator.generate(np.random.default_rng(seed), n, 3 + seed % 2)
    assert_each_step_cites_exactly_what_it_uses(made.puzzle)


@pytest.mark.parametrize(
    "seed, size", [(0, (4, 3)), (3, (4, 4)), (5, (6, 3)), (6, (4, 5)), (117, (4, 4)), (118, (5, 5)), (137, (5, 4))]
)
def test_each_site_page_step_cites_exactly_what_it_uses(seed, size):
    """Pages in the sites' phrasing (comparisons of amounts, either-or, people named by what they own)."""
    assert_each_step_cites_exactly_what_it_uses(zebra.parse(stories.generate(seed, *size).text))


QUINT = corpus_dir("logic-grid-quint-t")


@pytest.mark.skipif(QUINT is None, reason="shared/corpora/logic-grid-quint-t is not on this machine")
def test_each_step_of_every_40th_quint_corpus_puzzle_cites_exactly_what_it_uses():
    """Puzzles nobody here wrote, 2x3 to 8x8 (52 of the 2,050; all of them pass too, in a few minutes)."""
    for name, text, _ in corpus_puzzles(QUINT)[::40]:
        puzzle = zebra.parse(text)
        path = zebra.steps(puzzle)
        found = check(puzzle, path)
        assert path.solved and not (found.unknown or found.too_little or found.too_much), name


# ---------------------------------------------------------------- the checker itself finds what it should


def rentals_step(words: str) -> tuple[zebra.Puzzle, Path, int]:
    puzzle = zebra.parse(examples("zebra")["rentals"])
    path = zebra.steps(puzzle)
    return puzzle, path, next(i for i, step in enumerate(path.steps) if words in step.text)


def test_the_checker_finds_a_step_that_leaves_out_a_premise():
    """Step 18 of rentals as it used to read: one placement cited, the other customers' ruled-out facts not."""
    puzzle, path, i = rentals_step("and each customer has one location, so Brownfield is with Opal")
    step = path.steps[i]
    assert len(step.premises) > 1, step.text
    bare = Step(step.rule, step.text, step.uses, step.where, step.sets, premises=step.premises[:1])
    found = check(puzzle, Path((*path.steps[:i], bare), "more"))
    assert found.too_little == [step.text] and not found.too_much


def test_the_checker_finds_a_clue_or_a_fact_cited_in_excess():
    puzzle, path, i = rentals_step("and each customer has one location, so Brownfield is with Opal")
    step = path.steps[i]
    spare_clue = Step(step.rule, step.text, ("clue 1", *step.uses), step.where, step.sets, premises=step.premises)
    assert check(puzzle, Path((*path.steps[:i], spare_clue), "more")).too_much == [step.text]
    already = next(f for earlier in path.steps[:i] for f in earlier.sets if f not in step.premises)
    spare_fact = Step(step.rule, step.text, step.uses, step.where, step.sets, premises=(*step.premises, already))
    assert check(puzzle, Path((*path.steps[:i], spare_fact), "more")).too_much == [step.text]


def test_the_checker_refuses_a_premise_no_earlier_step_settled():
    puzzle, path, i = rentals_step("and each customer has one location, so Brownfield is with Opal")
    step = path.steps[0]
    guessed = Fact((1, 0), 1, False)  # Dodge is not with Opal: true, but no step has said so yet
    made_up = Step(step.rule, step.text, step.uses, step.where, step.sets, premises=(guessed,))
    assert check(puzzle, Path((made_up,), "more")).unknown == [step.text]


def test_a_supposition_propagation_cannot_refute_alone_is_followed_into_a_nested_one():
    """Red in house 5 of Einstein's puzzle, before any step: propagation alone finds no dead end, a supposition
    inside it does; every link told with its clue or rule, nothing cited in excess, no search."""
    puzzle = zebra.parse(examples("zebra")["einstein"])
    known = known_of(puzzle)
    red, house_5 = 2, 4
    assert (red, house_5) not in known.refutable
    inner = nested(known, red, house_5)
    assert inner == [(puzzle.n * 1 + 3, 2)], "then Spaniard in house 3 is refuted, and the first supposition with it"
    step = nested_step(known, red, house_5, inner)
    assert step.trial and step.rule == "trial" and step.sets == (Fact((0, 2), 4, False, "red not in house 5"),)
    assert step.text.count("Suppose ") == 1
    assert "suppose also Spaniard were in house 3: then clue 3 puts dog" in step.text
    assert "so Spaniard is not in house 3, then clue 3 puts dog in house 4" in step.text
    assert "…" not in step.text and "search" not in step.text
    assert step.text.endswith("a contradiction, so red is not in house 5.")
    found = check(puzzle, Path((step,), "more"))
    assert not found.too_little and not found.too_much and not found.unknown
