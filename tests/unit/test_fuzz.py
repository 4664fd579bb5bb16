"""Every parser, fed near-miss variants of its own examples: it reads them or refuses with a place.

The normal suite runs a short version; `make fuzz` runs 10,000 inputs per
parser (FUZZ_EXAMPLES overrides the number).  Inputs are the bundled examples
mutated the way people mistype: a span deleted, stray characters inserted, a
line repeated or dropped, so they stay close to the format and reach deep into
each parser rather than failing on the first character.
"""

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.cli import main
from assistant.kinds import KINDS
from puzzles.core import PuzzleError
from puzzles.examples import examples

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STRAY = st.text(alphabet=st.sampled_from(list(" \t\n,.:;_-#=+*/0123456789XxOo?!'\"éß\x00")), min_size=1, max_size=6)


@st.composite
def mistyped(draw, texts: list[str]) -> str:
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        edit = draw(st.sampled_from(["delete", "insert", "repeat line", "drop line"]))
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        if edit == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif edit == "insert":
            text = text[:at] + draw(STRAY) + text[at:]
        else:
            row = draw(st.integers(0, len(lines) - 1))
            lines[row:row] = [lines[row]] if edit == "repeat line" else []
            if edit == "drop line":
                del lines[row]
            text = "\n".join(lines)
    return text


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
@fuzz
@given(data=st.data())
def test_every_parser_reads_a_mistyped_file_or_names_where_it_is_wrong(kind, data):
    engine = next(k for k in KINDS if k.name == kind).engine
    text = data.draw(mistyped(list(examples(kind).values())))
    try:
        engine.parse(text)
    except PuzzleError as error:
        assert error.message and error.place, f"{kind}: a refusal without a place: {error!r}"


ARGUMENTS = [
    *(kind.name for kind in KINDS),
    *("solve", "peg", "openings", "count", "triangle4", "triangle5", "center", "--json", "--limit"),
    *("--count", "--start", "--finish", "--strategy", "--help", "0", "1", "-3", "99", "x", "no-such.txt", ""),
]


@fuzz
@given(st.sampled_from(["solve", "peg"]), st.lists(st.sampled_from(ARGUMENTS), max_size=6))
def test_the_cli_answers_or_exits_2_never_a_traceback(command, rest):
    """Any command line (bar the bare one, which opens the app) ends in status 0 or 2."""
    try:
        status = main([command, *rest])
    except SystemExit as done:  # argparse's own refusals and --help
        status = done.code
    assert status in (0, 2)
