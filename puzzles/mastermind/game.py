"""A Mastermind game as typed by the codebreaker: the palette and the rows played.

Text format (one game per file; the app saves and loads the same text):

    pegs: 6
    colours: red blue green yellow orange brown black white none
    red red blue blue green green = 0 2
    yellow yellow orange orange brown brown = 1 2

A line `repeats: no` makes it the variant without repeated colours (Bulls and
Cows: 4 pegs of 10 colours), where neither secrets nor guesses repeat a colour.
A line `codemaker: random 1234` (a seeded secret) or `codemaker: adversary`
makes it a practice game where the computer keeps the secret and gives the pegs.
`colors:` is accepted too, `#` starts a comment, and a colour may be written as
its name, a unique prefix of it, or its one-letter key; a guess may also be
written as its keys run together (`rrbbgg`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from puzzles.core import PuzzleError, read_number, reads_text, shown

CLASSIC_COLOURS = ("red", "blue", "green", "yellow", "orange", "purple")
SEED_COLOURS = ("red", "blue", "green", "yellow", "orange", "brown", "black", "white", "none")
PEGS = range(2, 9)
COLOURS = range(2, 11)
MAX_ROWS = 30  # boards have 8 to 12 rows; a contradiction's diagnosis re-reads the game once per row
TOO_MANY_ROWS = f"a game has at most {MAX_ROWS} rows"
NOTHING_SAID = (
    "no game found: start with lines like 'pegs: 4' and 'colours: red blue green yellow', or a row of guesses"
)

Code = tuple[int, ...]


@dataclass(frozen=True, order=True)
class Feedback:
    """The codemaker's key pegs: black = right colour, right place; white = right colour only."""

    black: int
    white: int

    def __str__(self) -> str:
        return f"{self.black} {self.white}"


@dataclass(frozen=True)
class Row:
    guess: Code
    feedback: Feedback


@dataclass(frozen=True)
class Codemaker:
    """The computer as codemaker: a random secret drawn from `seed`, or an adversary committed to nothing."""

    kind: str  # one of CODEMAKERS
    seed: int = 0

    def __str__(self) -> str:
        return f"random {self.seed}" if self.kind == "random" else self.kind


CODEMAKERS = ("random", "adversary")


@dataclass(frozen=True)
class Game:
    pegs: int = 4
    colours: tuple[str, ...] = CLASSIC_COLOURS
    rows: tuple[Row, ...] = ()
    repeats: bool = True  # False: no code repeats a colour
    codemaker: Codemaker | None = None  # None: a person keeps the secret and types the pegs

    @property
    def keys(self) -> tuple[str, ...]:
        return colour_keys(self.colours)

    def name(self, code: Sequence[int]) -> list[str]:
        return [self.colours[c] for c in code]

    def with_row(self, row: Row) -> Game:
        if len(self.rows) >= MAX_ROWS:
            raise PuzzleError(TOO_MANY_ROWS)
        return replace(self, rows=(*self.rows, row))

    def replace_row(self, index: int, row: Row) -> Game:
        return replace(self, rows=(*self.rows[:index], row, *self.rows[index + 1 :]))

    def without_row(self, index: int) -> Game:
        return replace(self, rows=self.rows[:index] + self.rows[index + 1 :])

    def with_row_moved(self, index: int, to: int) -> Game:
        rows = list(self.rows)
        rows.insert(to, rows.pop(index))
        return replace(self, rows=tuple(rows))


def solved(game: Game) -> bool:
    """The last row's pegs are all black: the game is over."""
    return bool(game.rows) and game.rows[-1].feedback == Feedback(game.pegs, 0)


# The letter each usual colour is typed with, the same in every game: its first letter, or where two usual names
# share one, the letter people already use for it (k for black, as in CMYK; n for brown; x for none, an empty hole).
USUAL_KEYS = {
    "red": "r",
    "blue": "b",
    "green": "g",
    "yellow": "y",
    "orange": "o",
    "purple": "p",
    "white": "w",
    "black": "k",
    "brown": "n",
    "none": "x",
    "pink": "i",
    "cyan": "c",
    "magenta": "m",
    "grey": "e",
    "gray": "a",
}


def colour_keys(colours: Sequence[str]) -> tuple[str, ...]:
    """One distinct letter per colour: a usual colour's own (`USUAL_KEYS`), any other name's earliest letter that no
    colour of the game has taken, so a name typed in full and its letter agree, and white is w whatever else is in
    the game."""
    usual = [USUAL_KEYS.get(name.lower()) for name in colours]
    taken: list[str] = []
    for name, key in zip(colours, usual):
        free = [ch for ch in name.lower() if ch.isalnum()] + list("abcdefghijklmnopqrstuvwxyz0123456789")
        if key is None or key in taken:
            key = next(ch for ch in free if ch not in taken and ch not in usual)
        taken.append(key)
    return tuple(taken)


# ---------------------------------------------------------------- reading a guess


def resolve_colour(game: Game, word: str) -> int:
    """A colour by its name, its key letter, or a unique prefix of its name."""
    word = word.lower()
    names = [c.lower() for c in game.colours]
    if word in names:
        return names.index(word)
    if len(word) == 1 and word in game.keys:
        return game.keys.index(word)
    matches = [i for i, name in enumerate(names) if name.startswith(word)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise PuzzleError(f"{shown(word)} could be {' or '.join(names[i] for i in matches)}")
    raise PuzzleError(
        f"{shown(word)} is not a colour of this game ({', '.join(f'{k}={n}' for k, n in zip(game.keys, names))})"
    )


def parse_guess(game: Game, text: str) -> Code:
    """Read a guess: colour words separated by spaces or commas, or keys run together.

    One word that is no colour's name is keys run together when it is as long as a guess or made of keys only
    ("rgb" is three pegs, too few, not one peg that is no colour).
    """
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if len(words) == 1 and words[0].lower() not in [c.lower() for c in game.colours]:
        run = words[0].lower()
        if len(run) == game.pegs or all(key in game.keys for key in run):
            words = list(words[0])
    if len(words) != game.pegs:
        raise PuzzleError(f"a guess has {game.pegs} pegs, this one has {len(words)}")
    code = []
    for position, word in enumerate(words, 1):
        try:
            code.append(resolve_colour(game, word))
        except PuzzleError as error:
            raise PuzzleError(f"peg {position}: {error.message}") from None
    if not game.repeats:
        check_no_repeats(game, code)
    return tuple(code)


def check_no_repeats(game: Game, code: list[int]) -> None:
    for position, colour in enumerate(code):
        if colour in code[:position]:
            raise PuzzleError(
                f"peg {position + 1}: {game.colours[colour]} is already peg {code.index(colour) + 1}, "
                "and this game has no repeated colours"
            )


def parse_feedback(pegs: int, text: str) -> Feedback:
    """Read the key pegs as black then white ("1 2", "1,2", or "12")."""
    text = text.strip()
    if not text:
        raise PuzzleError("type the key pegs: black then white, e.g. 1 2")
    if "-" in text:
        raise PuzzleError(f"key pegs cannot be negative: {shown(text)}")
    numbers = re.findall(r"[0-9]+", text)
    if re.search(r"[^0-9\s,;/bw]", text.lower()) or not numbers:
        raise PuzzleError(f"key pegs are two numbers, black then white, not {shown(text)}")
    if len(numbers) == 1 and len(numbers[0]) == 2:
        numbers = list(numbers[0])
    if len(numbers) != 2:
        raise PuzzleError(f"key pegs are two numbers, black then white, not {shown(text)}")
    feedback = Feedback(read_number(numbers[0]), read_number(numbers[1]))
    check_feedback(pegs, feedback)
    return feedback


def check_feedback(pegs: int, feedback: Feedback) -> None:
    """Refuse key pegs no codemaker can give."""
    black, white = feedback.black, feedback.white
    if black + white > pegs:
        raise PuzzleError(f"{black} black + {white} white is more than {pegs} pegs")
    if black == pegs - 1 and white == 1:
        raise PuzzleError(f"{black} black and 1 white cannot happen: the last peg would be black too")


# ---------------------------------------------------------------- the file format


@reads_text
def parse(text: str) -> Game:
    pegs, colours, pegs_line = 4, CLASSIC_COLOURS, None
    repeats, repeats_line, codemaker = True, None, None
    rows: list[Row] = []
    said = False  # a header or a row: an empty file is refused, as every type refuses one
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        said = True
        header = re.match(r"\s*(pegs|colou?rs|repeats|codemaker)\s*:(.*)$", line, re.IGNORECASE)
        if header:
            if rows:
                raise PuzzleError("headers (pegs:, colours:, ...) come before the rows", line=number, column=1)
            key, value = header.group(1).lower(), header.group(2)
            column = header.start(2) + 1
            if key == "pegs":
                pegs, pegs_line = read_pegs(value, number, column), number
            elif key == "repeats":
                repeats, repeats_line = read_yes_no(value, number, column), number
            elif key == "codemaker":
                codemaker = read_codemaker(value, number, column)
            else:
                colours = read_colours(value, number, column)
            continue
        if not rows and not repeats:  # before reading rows that could not be codes
            check_enough_colours(pegs, len(colours), repeats_line)
        if len(rows) == MAX_ROWS:
            raise PuzzleError(TOO_MANY_ROWS, line=number, column=1)
        rows.append(read_row(Game(pegs, colours, repeats=repeats), line, number))
    if not said:
        raise PuzzleError(NOTHING_SAID, line=1, column=1)
    if pegs_line is None and rows and len(rows[0].guess) != pegs:
        raise PuzzleError(f"no 'pegs:' line and the rows do not have {pegs} pegs", line=1, column=1)
    if not repeats:
        check_enough_colours(pegs, len(colours), repeats_line)
    return Game(pegs, colours, tuple(rows), repeats, codemaker)


def read_yes_no(value: str, line: int, column: int) -> bool:
    word = value.strip().lower()
    if word not in ("yes", "no"):
        raise PuzzleError(f"repeats: is yes or no, not {shown(value.strip())}", line=line, column=column)
    return word == "yes"


def read_codemaker(value: str, line: int, column: int) -> Codemaker:
    words = value.split()
    if words == ["adversary"]:
        return Codemaker("adversary")
    if len(words) == 2 and words[0] == "random" and not words[1].startswith("-"):
        return Codemaker("random", read_number(words[1], line=line, column=column + value.find(words[1])))
    raise PuzzleError(
        f"codemaker: is 'random' and a seed (a whole number), or 'adversary', not {shown(value.strip())}",
        line=line,
        column=column,
    )


def check_enough_colours(pegs: int, colours: int, line: int | None = None) -> None:
    """Codes without repeated colours exist only when there are at least as many colours as pegs."""
    if pegs > colours:
        raise PuzzleError(
            f"without repeated colours {pegs} pegs need at least {pegs} colours, not {colours}",
            line=line,
            column=None if line is None else 1,
        )


def read_pegs(value: str, line: int, column: int) -> int:
    pegs = read_number(value.strip(), line=line, column=column)
    if pegs not in PEGS:
        raise PuzzleError(f"pegs must be {PEGS.start}..{PEGS.stop - 1}, not {pegs}", line=line, column=column)
    return pegs


def read_colours(value: str, line: int, column: int) -> tuple[str, ...]:
    names = tuple(w for w in re.split(r"[\s,]+", value.strip()) if w)
    if len(names) not in COLOURS:
        raise PuzzleError(
            f"a game has {COLOURS.start}..{COLOURS.stop - 1} colours, not {len(names)}", line=line, column=column
        )
    lowered = [n.lower() for n in names]
    for name in names:
        if lowered.count(name.lower()) > 1:
            raise PuzzleError(f"colour {shown(name)} is listed twice", line=line, column=column + value.find(name) - 1)
    return names


def read_row(game: Game, line: str, number: int) -> Row:
    if "=" not in line:
        raise PuzzleError(
            "a row is a guess, '=', then black and white pegs: red red blue blue = 1 2", line=number, column=1
        )
    guess_text, feedback_text = line.split("=", 1)
    feedback_column = len(guess_text) + 2
    try:
        guess = parse_guess(game, guess_text)
    except PuzzleError as error:
        raise PuzzleError(error.message, line=number, column=1 + len(guess_text) - len(guess_text.lstrip())) from None
    try:
        feedback = parse_feedback(game.pegs, feedback_text)
    except PuzzleError as error:
        raise PuzzleError(error.message, line=number, column=feedback_column) from None
    return Row(guess, feedback)


def format(game: Game) -> str:
    header = [f"pegs: {game.pegs}", f"colours: {' '.join(game.colours)}"] + ["repeats: no"] * (not game.repeats)
    if game.codemaker:
        header.append(f"codemaker: {game.codemaker}")
    rows = [f"{' '.join(game.name(row.guess))} = {row.feedback}" for row in game.rows]
    return "\n".join(header + rows) + "\n"
