"""Generated site-style pages: reproducible, one answer proved by brute force, varied, printed as the sites print."""

import re
import subprocess
import sys
from itertools import permutations, product
from math import factorial

import pytest

from puzzles.zebra.stories import Story, count, generate
from puzzles.zebra.stories.clues import exactly_one

SIZES = [(4, 3), (4, 3), (5, 3), (4, 4), (5, 4), (6, 3), (4, 5), (6, 4)]
SEEDS = range(51)


def sized(seed: int) -> Story:
    return generate(seed, *SIZES[seed % len(SIZES)])


STORIES = {seed: sized(seed) for seed in SEEDS}


def assignment(story: Story) -> tuple[tuple[int, ...], ...]:
    """The answer as the clues read it: per category, the value index of each object (rows in key order)."""
    return tuple(tuple(values.index(row[c]) for row in story.answer) for c, values in enumerate(story.values))


def every_assignment(n: int, k: int):
    key = tuple(range(n))
    for rest in product(permutations(range(n)), repeat=k - 1):
        yield (key, *rest)


def test_the_same_seed_writes_the_same_page_and_another_seed_another():
    again = generate(7, 5, 4)
    assert (again.text, again.answer) == (generate(7, 5, 4).text, generate(7, 5, 4).answer)
    assert generate(8, 5, 4).text != again.text


@pytest.mark.parametrize("seed", SEEDS)
def test_the_answer_satisfies_every_clue(seed):
    story = STORIES[seed]
    at = assignment(story)
    assert [clue.text for clue in story.clues if not clue.holds(at)] == []


@pytest.mark.parametrize("seed", SEEDS)
def test_the_answer_is_the_only_one(seed):
    story = STORIES[seed]
    n, k = len(story.values[0]), len(story.values)
    if factorial(n) ** (k - 1) <= 20_000:  # small enough to try every assignment outright
        allowed = [at for at in every_assignment(n, k) if all(clue.holds(at) for clue in story.clues)]
        assert allowed == [assignment(story)]
    assert count(story) == 1


def test_no_clue_is_needless_on_a_small_page():
    """Dropping any clue of a 4 x 3 page lets in a second answer (the page was trimmed)."""
    story = STORIES[0]
    for clue in story.clues:
        rest = [c for c in story.clues if c is not clue]
        allowed = sum(all(c.holds(at) for c in rest) for at in every_assignment(4, 3))
        assert allowed > 1, clue.text


def test_either_or_means_exactly_one():
    yes, no = (lambda at: True), (lambda at: False)
    assert [exactly_one(a, b)(()) for a, b in [(yes, no), (no, yes), (yes, yes), (no, no)]] == [
        True,
        True,
        False,
        False,
    ]


KINDS = {
    "money": r"\$[\d,]+(\.\d\d)?",
    "time": r"\d{1,2}:\d\d ?[ap]m",
    "date": r"[A-Z][a-z]+ \d{1,2}(st|nd|rd|th)",
    "year": r"(19|20)\d\d",
    "ordinal": r"first|second|third|fourth|fifth|sixth|seventh",
    "percent": r"\d+%",
    "number": r"\d{1,3}(,\d{3})*",
}


def kind(values: tuple[str, ...]) -> str:
    return next(name for name, pattern in KINDS.items() if all(re.fullmatch(pattern, v) for v in values))


def test_sizes_kinds_themes_and_clue_forms_vary_across_seeds():
    stories = list(STORIES.values())
    assert {(len(s.values[0]), len(s.values)) for s in stories} == set(SIZES)
    assert {kind(s.values[s.ordered]) for s in stories} == set(KINDS)
    assert len({s.text.split("\n")[0].split()[1] for s in stories}) >= 8  # "Four friends ...", "The school ..."
    clues = [clue.text for s in stories for clue in s.clues]
    for form in (
        r"^Either .+ or ",
        r" is either | was either ",
        r"^Neither .+ nor ",
        r"^Of .+, one .+ and the other ",
        r" are (different|two different) ",
        r"^The (four|five|six) \w+ are ",
        r"(n't|not|never) ",
        r" \d+ (minutes?|hours?|days?|years?|places?) (after|before|behind|ahead of)",
        r"(sometime|at some point) (after|before)",
        r"\$\d+ (more|less) than",
        r" either .+ or .+ than ",
    ):
        assert any(re.search(form, text) for text in clues), form


def test_ordered_values_are_printed_smallest_first_and_the_rest_alphabetically():
    for story in STORIES.values():
        for c, values in enumerate(story.values):
            if c != story.ordered:
                assert list(values) == sorted(values)
        assert len(set(story.values[story.ordered])) == len(story.values[story.ordered])


HEADER = re.compile(r"^(?P<name>[a-z][\w ()]*) : (?P<values>.+)\.$|^(?P<Name>[A-Z][\w ()]*): (?P<Values>.+[^.])$")


@pytest.mark.parametrize("seed", SEEDS)
def test_the_page_reads_story_headers_clues(seed):
    story = STORIES[seed]
    intro, blank, *rest = story.text.rstrip("\n").split("\n")
    assert intro and blank == ""
    headers, clues = rest[: len(story.values)], rest[len(story.values) + 2 :]
    assert rest[len(story.values) : len(story.values) + 2] == ["", "Clues:"]
    for line, name, values in zip(headers, story.headers, story.values):
        match = HEADER.match(line)
        assert match, line
        assert (match["name"] or match["Name"]).lower() == name.lower()
        assert tuple((match["values"] or match["Values"]).split(", ")) == values
    assert [line.split(". ", 1)[0] for line in clues] == [str(i) for i in range(1, len(story.clues) + 1)]
    assert [line.split(". ", 1)[1] for line in clues] == [clue.text for clue in story.clues]
    assert all(clue.text[0].isupper() and clue.text.endswith(".") for clue in story.clues)


def test_both_header_styles_appear():
    lines = [line for s in STORIES.values() for line in s.text.split("\n")]
    assert any(re.match(r"^[a-z][\w ()]* : .+\.$", line) for line in lines)
    assert any(re.match(r"^[A-Z][\w ()]*: .+[^.]$", line) and not line.startswith("Clues") for line in lines)


def test_sizes_outside_the_sites_range_are_refused():
    for n, k in [(3, 3), (8, 3), (4, 2), (4, 6)]:
        with pytest.raises(ValueError):
            generate(0, n, k)


def test_the_package_is_pure():
    code = "import sys, puzzles.zebra.stories; print('textual' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
