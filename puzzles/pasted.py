"""Finding a board in text as people paste it: the grid among the titles, instructions and blank lines around it.

A puzzle copied from a page, a chat or a book comes with the line that
introduces it and the instruction under it.  Every board kind reads it alike:

- each line is a header of the kind (its own lines, such as a range, read by
  the kind where they stand), prose (half its tokens or more hold a word of two
  or more letters that are not cell marks), a rule between boxes (only `-`,
  `+`, `|`, `=`, `*` at its ends, and no dash alone: `- - -` is a row of
  blanks, `---------` a rule), a comment, blank, or a row of cells; a `[Solution]` or `[State]`
  section ends the puzzle;
- rows that no prose, header or blank line parts make a piece; the pieces the
  kind reads as a board are the candidates, and the largest is the board (two
  of the largest size are refused, naming both);
- when no piece is a board, the rows between prose lines are read whole (a grid
  with blank lines between its boxes), and when they do not read either, their
  refusal names the line and column at fault, never counting prose as rows.

Blank marks are the same on every board: `.`, `0` (where 0 is not a value),
`_` (any run of them), `-`, `*`, `x`, `?`, and an empty cell between commas;
inside a row, `|`, `+` and `=` only separate cells.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from puzzles.core import PuzzleError

T = TypeVar("T")

BLANK_MARKS = frozenset({".", "0", "-", "*", "x", "X", "?", ""})  # "" is an empty cell between two commas
BLANKS_SHOWN = ". 0 _ - * x ?"
TOKEN = re.compile(r"[^\s,|+=]+")
RULE = re.compile(r"\*?[-+|=\s]*[-+|=][-+|=\s]*\*?")  # with the corners of `*-----------*`
LONE_DASH = re.compile(r"(?<![-+=])-(?![-+=])")  # a blank mark, as in `- - 3 | - 7 -`, where a rule has runs
WORD = re.compile(r"[^\W\d_]{2,}")
ENDS = ("[solution]", "[state]")  # what follows the puzzle in Hidoku and .sdk files

LineKind = Literal["header", "prose", "rule", "comment", "blank", "row"]


@dataclass(frozen=True)
class Line:
    """A line of the file with its 1-based number, for messages."""

    number: int
    text: str


def is_blank_mark(token: str) -> bool:
    return token in BLANK_MARKS or set(token) == {"_"}


def cell_tokens(text: str, *, chars: bool = False) -> list[tuple[str, int]]:
    """A row's cells as typed, each with its 1-based column.

    Cells are the tokens between spaces, commas and separators, or each
    character of them where `chars` (Sudoku's `53..7....`); an empty cell
    between two commas, or between two bars of a row framed in bars
    (`| 12 |    | 3 |`), is the token "".  A framed row of single characters
    is read by where they stand, as generators print it: `| 5   3 |` or `|5 3|`.
    """
    stripped = text.strip()
    if len(stripped) > 1 and stripped[0] == stripped[-1] == "|":
        return framed_cells(text) if chars else fields(text, "|")[1:-1]
    return fields(text, ",", chars=chars) if "," in text else fields(text, None, chars=chars)


def fields(text: str, separator: str | None, *, chars: bool = False) -> list[tuple[str, int]]:
    """The tokens of each field between separators (the whole line if None), "" for an empty field."""
    found: list[tuple[str, int]] = []
    start = 0
    for part in text.split(separator) if separator else [text]:
        tokens = [(m.group(), start + m.start() + 1) for m in TOKEN.finditer(part)]
        if chars:
            tokens = [(ch, column + i) for token, column in tokens for i, ch in enumerate(token)]
        found += tokens or ([("", start + 1)] if separator else [])
        start += len(part) + 1
    return found


def framed_cells(text: str) -> list[tuple[str, int]]:
    """The cells of a framed row of single characters, a space standing for a blank where it stands.

    Boxes printed `| 4 7 8 |` hold a cell at every other column; boxes printed
    `|478|` (or `|4 8|`) at every column.  A row is read one way throughout.
    """
    bars = [i for i, ch in enumerate(text) if ch == "|"]
    boxes = [(left + 1, text[left + 1 : right]) for left, right in zip(bars, bars[1:])]
    spaced = all(len(box) % 2 == 1 and not box[0::2].strip() for _, box in boxes)
    return [
        ("" if box[i] == " " else box[i], start + i + 1)
        for start, box in boxes
        for i in (range(1, len(box), 2) if spaced else range(len(box)))
        if box[i] not in "+="
    ]


def never(line: Line) -> bool:
    return False


def hash_comment(line: Line) -> bool:
    return line.text.lstrip().startswith("#")


@dataclass(frozen=True)
class Form(Generic[T]):
    """What a board kind tells the shared reader about its text.

    `read` turns rows into a board or raises a PuzzleError naming the cell at
    fault; `size` is a board's number of cells (the largest candidate wins);
    `letters` are letters that are cells (Sudoku's A..G and x), so a word of
    them is no prose; `rules` says whether a line of `-`, `+`, `|`, `=` is a
    rule between boxes (the equation crossword's `=` row is part of its grid).
    """

    read: Callable[[list[Line]], T]
    size: Callable[[T], int]
    header: Callable[[Line], bool] = never
    comment: Callable[[Line], bool] = hash_comment
    letters: str = ""
    rules: bool = True

    def kind_of(self, line: Line) -> LineKind:
        text = line.text.strip()
        if not text:
            return "blank"
        if self.header(line):
            return "header"
        if self.comment(line):
            return "comment"
        if self.is_prose(text):
            return "prose"
        if self.rules and RULE.fullmatch(text) and not LONE_DASH.search(text):
            return "rule"
        return "row"

    def is_prose(self, text: str) -> bool:
        """Half the line's tokens or more hold a word: a row mistyped with a word in it is still a row."""
        tokens = text.split()
        wordy = sum(any(set(word.lower()) - set(self.letters) for word in WORD.findall(token)) for token in tokens)
        return wordy > 0 and 2 * wordy >= len(tokens)


def numbered(text: str) -> Iterator[Line]:
    """The lines of the puzzle, up to a section that follows it."""
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.strip().lower() in ENDS:
            return
        yield Line(number, raw.rstrip())


def find_board(text: str, form: Form[T]) -> tuple[T, list[Line]]:
    """The one board in `text` that `form` reads, and the kind's header lines wherever they stand."""
    headers: list[Line] = []
    sections: list[list[list[Line]]] = [[[]]]  # between prose lines: pieces between blank lines: rows
    for line in numbered(text):
        kind = form.kind_of(line)
        if kind == "header":
            headers.append(line)
        if kind in ("header", "prose"):
            sections.append([[]])
        elif kind == "blank":
            sections[-1].append([])
        elif kind == "row":
            sections[-1][-1].append(line)
    return chosen(sections, form), headers


def chosen(sections: list[list[list[Line]]], form: Form[T]) -> T:
    """The largest piece that reads as a board; else the rows of the largest section read whole."""
    boards = []
    for piece in (piece for section in sections for piece in section if piece):
        try:
            boards.append((form.read(piece), piece))
        except PuzzleError:
            continue
    if boards:
        largest = max(form.size(board) for board, _ in boards)
        first, *others = [(board, piece) for board, piece in boards if form.size(board) == largest]
        if others:
            second = others[0][1]
            raise PuzzleError(
                f"two boards fit, {span(first[1])} and {span(second)}: keep one", line=second[0].number, column=1
            )
        return first[0]
    return form.read(max(([row for piece in section for row in piece] for section in sections), key=len))


def one_header(headers: list[Line]) -> Line | None:
    """The kind's one header line (a range), if it has one; a second is refused where it stands."""
    if len(headers) > 1:
        raise PuzzleError(
            f"a second header line (the first is line {headers[0].number})", line=headers[1].number, column=1
        )
    return headers[0] if headers else None


def span(rows: list[Line]) -> str:
    """Where rows stand, as a person names it: "line 4" or "lines 2-10"."""
    first, last = rows[0].number, rows[-1].number
    return f"line {first}" if first == last else f"lines {first}-{last}"
