"""Every parser, fed near-miss variants of its own examples: it reads them or refuses with a place.

The normal suite runs a short version; `make fuzz` runs 10,000 inputs per
parser (FUZZ_EXAMPLES overrides the number).  Inputs are the bundled examples
mutated the way people mistype: a span deleted, stray characters inserted, a
line repeated or dropped, so they stay close to the format and reach deep into
each parser rather than failing on the first character.  Hostile shapes come
too: other encodings, random bytes, huge numbers, long tokens, control
characters and a file repeated thousands of times; every refusal is a
PuzzleError whose message is one short line.
"""

import codecs
import contextlib
import io
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from assistant.cli import main
from assistant.kinds import KINDS
from puzzles.core import MAX_MESSAGE, PuzzleError, decode
from puzzles.examples import examples

ENGINES = {kind.name: kind.engine for kind in KINDS}
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "50"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STRAY = st.text(alphabet=st.sampled_from(list(" \t\n,.:;_-#=+*/0123456789XxOo?!'\"éß\x00")), min_size=1, max_size=6)
HOSTILE = st.one_of(
    st.integers(5, 6000).map(lambda n: "9" * n),  # past int()'s 4,300-digit limit
    st.integers(41, 400).map(lambda n: "x" * n),
    st.text(alphabet=st.characters(max_codepoint=0x9F, categories=["Cc"]), min_size=1, max_size=4),
    st.sampled_from(["\ufeff", "\r", "\u2028", "²", "٣", "\U0001f600", "-0", "+7", "1_000"]),
)
ENCODINGS = [
    lambda text: text.encode("utf-8-sig"),
    lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
    lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
]


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


@st.composite
def hostile(draw, texts: list[str]) -> str:
    """An example with hostile pieces put in, or repeated far past any real puzzle."""
    text = draw(st.sampled_from(texts))
    if draw(st.booleans()):
        return text * draw(st.integers(2, 3000))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(HOSTILE) + text[at + draw(st.integers(0, 3)) :]
    return text


def parse_or_refuse_briefly(kind: str, text: str) -> PuzzleError | None:
    """Parse; a refusal must be a PuzzleError with one short printable line (nothing else may escape)."""
    try:
        ENGINES[kind].parse(text)
    except PuzzleError as error:
        message = str(error)
        assert message.isprintable() and len(message) <= MAX_MESSAGE, f"{kind}: {message!r}"
        return error
    return None


def outcome(kind: str, text: str) -> object:
    """The puzzle read, or the refusal's message."""
    try:
        return ENGINES[kind].parse(text)
    except PuzzleError as error:
        return str(error)


@pytest.mark.parametrize("kind", ENGINES)
@fuzz
@given(data=st.data())
def test_every_parser_reads_a_mistyped_file_or_names_where_it_is_wrong(kind, data):
    error = parse_or_refuse_briefly(kind, data.draw(mistyped(list(examples(kind).values()))))
    assert error is None or (error.message and error.place), f"{kind}: a refusal without a place: {error!r}"


@pytest.mark.parametrize("kind", ENGINES)
@fuzz
@given(data=st.data())
def test_every_parser_refuses_hostile_text_in_one_short_line(kind, data):
    parse_or_refuse_briefly(kind, data.draw(hostile(list(examples(kind).values()))))


@pytest.mark.parametrize("kind", ENGINES)
@fuzz
@given(data=st.data())
def test_a_mistyped_file_in_another_encoding_reads_as_in_utf8(kind, data):
    text = data.draw(mistyped(list(examples(kind).values())))
    encoded = data.draw(st.sampled_from(ENCODINGS))(text)
    if "\x00" in text:  # the mutations insert NUL, which no text file has (and FF FE 00 00 opens UTF-32)
        with pytest.raises(PuzzleError):
            decode(encoded)
        return
    assert decode(encoded) == text.removeprefix("\ufeff")
    assert outcome(kind, decode(encoded)) == outcome(kind, text)


@pytest.mark.parametrize("kind", ENGINES)
@fuzz
@given(data=st.binary(max_size=3000))
def test_random_bytes_are_read_or_refused_in_one_short_line(kind, data):
    try:
        text = decode(data)
    except PuzzleError as error:
        assert str(error).isprintable() and len(str(error)) <= MAX_MESSAGE
        return
    parse_or_refuse_briefly(kind, text)


@pytest.mark.parametrize("kind", ENGINES)
@fuzz
@given(data=st.data())
def test_the_cli_refuses_a_hostile_file_in_one_line_with_status_2(kind, data, tmp_path_factory):
    """What a person might really hand the CLI: random bytes, or a hostile text in some encoding."""
    content = data.draw(
        st.one_of(
            st.binary(max_size=2000),
            st.tuples(hostile(list(examples(kind).values())), st.sampled_from(ENCODINGS)).map(lambda t: t[1](t[0])),
        )
    )
    try:
        assume(isinstance(outcome(kind, decode(content)), str))  # a file that reads would be solved: not this test
    except PuzzleError:
        pass
    path = tmp_path_factory.getbasetemp() / f"hostile-{kind}.txt"
    path.write_bytes(content)
    with contextlib.redirect_stderr(io.StringIO()) as stderr:
        assert main(["solve", kind, str(path)]) == 2
    err = stderr.getvalue()
    assert err.count("\n") == 1 and len(err) <= MAX_MESSAGE + len(f"puzzle-assistant: {path}: \n")


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
