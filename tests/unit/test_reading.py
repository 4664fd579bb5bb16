"""Real-world and hostile files: every one is read like the plain file or refused in one short line."""

import codecs

import pytest

from assistant.cli import main
from assistant.kinds import KINDS
from puzzles import disks, equation, hidoku, mastermind, zebra
from puzzles.core import MAX_MESSAGE, MAX_TEXT, PuzzleError, decode, read_number, shown
from puzzles.examples import examples
from puzzles.mastermind.game import MAX_ROWS

ENGINES = {kind.name: kind.engine for kind in KINDS}
BIG = "9" * 5000
LONG = "x" * 300

ENCODINGS = {
    "utf-8 with BOM": lambda text: text.encode("utf-8-sig"),
    "utf-16 LE with BOM": lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
    "utf-16 BE with BOM": lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
    "utf-32 with BOM": lambda text: text.encode("utf-32"),
    "CRLF": lambda text: text.replace("\n", "\r\n").encode(),
}

# Where each format takes a number a person types: a 5,000-digit one goes there.
HUGE_NUMBER = {
    "mastermind": lambda text: text.replace("pegs: 6", f"pegs: {BIG}"),
    "peg": lambda text: text + f"finish: {BIG}\n",
    "hidoku": lambda text: text.replace("93", BIG, 1),
    "jodici": lambda text: text.replace("_", BIG, 1),
    "magic": lambda text: text.replace("5..29", f"5..{BIG}"),
    "equation": lambda text: text.replace("-278", BIG),
    "disks": lambda text: f"rotations: 0 {BIG} 0 0\n" + text,
    "zebra": lambda text: text.replace("There are five", f"There are {BIG}"),
    "sudoku": lambda text: text + f"cage {BIG}: r1c1\n",
}


def first_example(kind: str) -> str:
    return next(iter(examples(kind).values()))


def refusal(kind: str, text: str) -> str:
    with pytest.raises(PuzzleError) as caught:
        ENGINES[kind].parse(text)
    return str(caught.value)


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("kind", ENGINES)
def test_a_file_with_a_byte_order_mark_reads_as_the_plain_file(kind, encoding):
    for text in examples(kind).values():
        assert ENGINES[kind].parse(decode(ENCODINGS[encoding](text))) == ENGINES[kind].parse(text)


@pytest.mark.parametrize("kind", ENGINES)
def test_pasted_text_with_a_byte_order_mark_reads_as_without(kind):
    text = first_example(kind)
    assert ENGINES[kind].parse("\ufeff" + text) == ENGINES[kind].parse(text)


@pytest.mark.parametrize("kind", ENGINES)
def test_a_5000_digit_number_is_refused_where_it_stands(kind):
    message = refusal(kind, HUGE_NUMBER[kind](first_example(kind)))
    assert "at most 9 digits" in message and message.startswith("line ")
    assert len(message) <= MAX_MESSAGE


@pytest.mark.parametrize("where", ["own line", "end of the last line"])
@pytest.mark.parametrize("kind", ENGINES)
def test_a_300_character_token_gives_a_short_message(kind, where):
    """On a line of its own it may be prose around a board, skipped; in a row it is refused in a short line."""
    text = first_example(kind)
    text = f"{LONG}\n{text}" if where == "own line" else text.rstrip("\n") + f" {LONG}\n"
    if kind == "zebra" and where != "own line":
        text += "Pet: x, y, z, u, v\n"  # a clue's stray words are skipped, so make it fail after them
    try:
        puzzle = ENGINES[kind].parse(text)
    except PuzzleError as error:
        assert len(str(error)) <= MAX_MESSAGE and LONG not in str(error)
    else:
        assert where == "own line" and puzzle == ENGINES[kind].parse(first_example(kind))


def test_long_tokens_are_quoted_cut_to_40_characters():
    assert shown(LONG) == repr("x" * 39 + "…")
    assert "'" + "x" * 39 + "…'" in refusal("hidoku", f"1 2 {LONG}\n")


def test_a_message_is_one_printable_line_whatever_it_quotes():
    message = str(PuzzleError(f"{'a' * 30}\r\n\x1b[31m{'b' * 500}", line=2))
    assert message.isprintable() and len(message) == MAX_MESSAGE
    assert message.startswith("line 2: aaa") and message.endswith("bbb")
    assert "'\\x1b'" in refusal("hidoku", "1 2 \x1b\n")


def test_numbers_are_ascii_digits_only():
    assert read_number("+5") == 5 and read_number("-12") == -12
    for token in ("²", "٣", "1_000", "", "5x"):
        with pytest.raises(PuzzleError, match="not a whole number"):
            read_number(token)
    assert "'²'" in refusal("hidoku", "1 ²\n")


def test_invalid_utf8_and_nul_are_refused_with_their_line():
    with pytest.raises(PuzzleError, match=r"line 2: not a text file \(byte 5 is not UTF-8\)"):
        decode(b"ab\nc\xff")
    with pytest.raises(PuzzleError, match=r"line 2, column 3: not a text file \(a NUL character\)"):
        decode(b"1 2\n3 \x004")
    with pytest.raises(PuzzleError, match="NUL"):
        hidoku.parse("1 2\n\x00")


def test_text_over_the_limit_is_refused_before_parsing():
    with pytest.raises(PuzzleError, match="1 MiB"):
        decode(b" " * (MAX_TEXT + 1))
    with pytest.raises(PuzzleError, match="characters, the limit"):
        zebra.parse("#" * (MAX_TEXT + 1))


@pytest.mark.parametrize(
    ("kind", "text", "says"),
    [
        ("hidoku", "_ " * 31 + "\n", "at most 30 cells"),
        ("hidoku", "_ _\n" * 31, "at most 30 rows"),
        ("magic", "range: 1..5000 sum: 10\n" + "_ _ _\n" * 3, "at most 1,000 values"),
        ("equation", "range: 0..100000\n_ + _ = 1\n=   =\n1   1\n", "at most 10,000 values"),
        ("equation", " + ".join(["_"] * 11) + " = 1\n" + "= " * 11 + "\n" + "1 " * 11 + "\n", "at most 10 cells"),
        ("disks", "0,1\n" * 26, "too many rotations"),
        ("disks", ("0," * 7000 + "1\n") * 2, "too many rotations"),
        ("mastermind", "red red blue blue = 0 0\n" * 31, "at most 30 rows"),
        ("zebra", "".join(f"C{i}: a{i}, b{i}\n" for i in range(9)), "at most 8 categories"),
        ("zebra", f"Colour: red, {LONG}\n", "at most 40 characters"),
        ("zebra", "Colour: red, blue\nPet: cat, dog\n" + "red == cat\n" * 101, "at most 100 clues"),
    ],
)
def test_puzzles_far_above_any_real_one_are_refused(kind, text, says):
    assert says in refusal(kind, text)


def test_the_app_cannot_type_a_game_past_the_row_limit():
    game = mastermind.parse("red red blue blue = 0 0\n" * MAX_ROWS)
    with pytest.raises(PuzzleError, match="at most 30 rows"):
        game.with_row(game.rows[0])


def test_the_biggest_allowed_boards_still_parse():
    assert len(hidoku.parse("_ " * 30 + "\n" + ("_ " * 29 + "1\n") + "_ " * 30 + "\n").grid) == 3
    assert len(disks.parse("0,0,0,0,0,1,0,0,0,0,0,0\n" * 7).rows) == 7
    assert equation.parse("range: 0..9999\n_ + _ = 1\n=   =\n1   1\n").high == 9999


def test_the_equation_crossword_refuses_lines_after_its_results():
    assert "ends the puzzle" in refusal("equation", first_example("equation") + "1 2 3\n")


# ---------------------------------------------------------------- the CLI


def solve(tmp_path, capsys, kind: str, content: bytes | None, name: str = "puzzle.txt") -> tuple[int, str]:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    status = main(["solve", kind, str(path)])
    return status, capsys.readouterr().err


def test_a_30_mb_file_is_refused_without_reading_it(tmp_path, capsys):
    text = first_example("hidoku")
    status, err = solve(tmp_path, capsys, "hidoku", text.encode() * (30_000_000 // len(text)))
    assert status == 2 and err.endswith("the file is over 1 MiB, the limit for a puzzle file\n")
    assert err.count("\n") == 1


def test_windows_files_solve_like_the_plain_one(tmp_path, capsys):
    text = first_example("jodici")
    outputs = set()
    for encode in [str.encode, *ENCODINGS.values()]:
        (tmp_path / "puzzle.txt").write_bytes(encode(text))
        assert main(["solve", "jodici", str(tmp_path / "puzzle.txt")]) == 0
        outputs.add(capsys.readouterr().out)
    assert len(outputs) == 1


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "no such file"),
        (b"1 2\x00", "NUL character"),
        (b"1 2 \xe9\n", "byte 5 is not UTF-8"),
        (bytes(range(256)), "not a text file"),
    ],
)
def test_what_is_not_a_puzzle_file_is_one_line_and_status_2(tmp_path, capsys, content, says):
    status, err = solve(tmp_path, capsys, "hidoku", content)
    assert status == 2 and says in err and err.count("\n") == 1


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS])
@pytest.mark.parametrize("content", [b"", b"# only a comment\n\n"], ids=["empty", "comment only"])
def test_every_type_refuses_a_file_with_nothing_in_it_at_line_1(tmp_path, capsys, kind, content):
    """Mastermind too: an empty file is no game, where it used to be read as a fresh 4x6 one."""
    status, err = solve(tmp_path, capsys, kind, content)
    assert status == 2 and ": line 1, column 1: " in err and err.count("\n") == 1


def test_a_directory_or_an_unreadable_file_is_one_line_and_status_2(tmp_path, capsys, monkeypatch):
    status, err = solve(tmp_path, capsys, "magic", None, name="")
    assert status == 2 and err.strip().endswith("this is a folder, not a puzzle file") and err.count("\n") == 1

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("assistant.files.os.open", refuse)
    status, err = solve(tmp_path, capsys, "magic", b"")
    assert status == 2 and err.strip().endswith("Permission denied") and err.count("\n") == 1
