"""The puzzle file, and editing a puzzle clue by clue.

A file has category lines (`Colour: red, green, ivory`), an optional
`key: Name` line, then one clue per line (numbered or not, `#` comments),
each read by `reading.read_clue`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from puzzles.core import PuzzleError, reads_text, shown
from puzzles.numbergrid import Line
from puzzles.zebra.mentions import did_you_mean
from puzzles.zebra.model import Category, Puzzle
from puzzles.zebra.reading import read_clue

MAX_VALUES = 5  # 5! = 120 arrangements: a three-category table has 1.7M entries; 6 would make it 373M
MAX_CATEGORIES = 8  # printed grids have 3 to 6; at 10 the count of solutions no longer fits 64 bits
MAX_CLUES = 100  # printed puzzles have up to about 40; each is read and propagated on every edit
MAX_NAME = 40  # characters of a category name or value, which messages quote

CATEGORY_LINE = re.compile(r"\s*([A-Za-z][\w &'-]*?)\s*:\s+(.*\S)\s*$")
KEY_LINE = re.compile(r"\s*key\s*:\s*(.*?)\s*$", re.IGNORECASE)
IGNORED = re.compile(r"\s*(#|\.::|\||={3,})")


@reads_text
def parse(text: str) -> Puzzle:
    categories: list[tuple[Line, Category]] = []
    key: tuple[Line, str] | None = None
    clues: list[Line] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = Line(number, raw.replace("\u2019", "'"))
        if not raw.strip() or IGNORED.match(raw):
            continue
        if match := KEY_LINE.fullmatch(line.text):
            key = (line, match.group(1))
        elif (category := category_of(line.text)) is not None:
            categories.append((line, category))
        else:
            clues.append(line)
    puzzle = checked_categories(categories, key)
    for line in clues:
        try:
            puzzle = add_clue(puzzle, line.text)
        except PuzzleError as error:
            raise PuzzleError(error.message, line=line.number, column=error.column) from None
    return puzzle


def category_of(text: str) -> Category | None:
    """`Name: v1, v2, ...` as a category, or None when the line is not one."""
    match = CATEGORY_LINE.fullmatch(text)
    if match is None:
        return None
    return Category(match.group(1).strip(), tuple(v.strip() for v in match.group(2).split(",")))


def checked_categories(found: list[tuple[Line, Category]], key: tuple[Line, str] | None) -> Puzzle:
    if not found:
        raise PuzzleError("no categories: start with lines like 'Colour: red, green, blue'", line=1, column=1)
    if len(found) > MAX_CATEGORIES:
        raise PuzzleError(f"a puzzle has at most {MAX_CATEGORIES} categories", line=found[MAX_CATEGORIES][0].number)
    n = len(found[0][1].values)
    names: set[str] = set()
    for line, category in found:
        where = {"line": line.number, "column": 1}
        if any(len(name) > MAX_NAME for name in (category.name, *category.values)):
            raise PuzzleError(f"names and values have at most {MAX_NAME} characters", **where)
        if len(category.values) != n:
            raise PuzzleError(
                f"{category.name} has {len(category.values)} value{'s' * (len(category.values) != 1)}, "
                f"{found[0][1].name} has {n}: "
                "every category needs as many values as there are objects",
                **where,
            )
        if not 2 <= n <= MAX_VALUES:
            raise PuzzleError(f"a category has 2 to {MAX_VALUES} values, not {n}", **where)
        if category.name.lower() in names:
            raise PuzzleError(f"category {shown(category.name)} is named twice", **where)
        names.add(category.name.lower())
        lowered = [v.lower() for v in category.values]
        for value in category.values:
            if not value or not re.fullmatch(r"[\w&'. -]+", value):
                raise PuzzleError(f"{shown(value)} is not a value: use letters, digits, spaces, '-' or '&'", **where)
            if lowered.count(value.lower()) > 1:
                raise PuzzleError(f"{shown(value)} appears twice in {shown(category.name)}", **where)
    categories = tuple(category for _, category in found)
    key_index = None
    if key is not None:
        line, name = key
        key_index = next((i for i, c in enumerate(categories) if c.name.lower() == name.lower()), None)
        if key_index is None:
            raise PuzzleError(
                f"key {shown(name)} is not a category{did_you_mean(name, [c.name for c in categories])}",
                line=line.number,
                column=line.text.index(name, line.text.index(":")) + 1,
            )
    return Puzzle(categories, (), key_index)


def format(puzzle: Puzzle) -> str:
    lines = [f"{c.name}: {', '.join(c.values)}" for c in puzzle.categories]
    if puzzle.key is not None:
        lines.append(f"key: {puzzle.categories[puzzle.key].name}")
    lines += [f"{i}. {clue.text}" for i, clue in enumerate(puzzle.clues, 1)]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- editing


def add_clue(puzzle: Puzzle, text: str, at: int | None = None) -> Puzzle:
    """The puzzle with one more clue (at the end, or at index `at`)."""
    if len(puzzle.clues) >= MAX_CLUES:
        raise PuzzleError(f"a puzzle has at most {MAX_CLUES} clues", column=1)
    clue = read_clue(puzzle, text)
    clues = list(puzzle.clues)
    clues.insert(len(clues) if at is None else at, clue)
    return replace(puzzle, clues=tuple(clues))


def remove_clue(puzzle: Puzzle, index: int) -> Puzzle:
    return replace(puzzle, clues=puzzle.clues[:index] + puzzle.clues[index + 1 :])


def move_clue(puzzle: Puzzle, index: int, to: int) -> Puzzle:
    clues = list(puzzle.clues)
    clues.insert(to, clues.pop(index))
    return replace(puzzle, clues=tuple(clues))


def set_category(puzzle: Puzzle, text: str) -> Puzzle:
    """Add or replace (by name) a category typed as `Name: v1, v2, ...`; the clues are read again."""
    category = category_of(text)
    if category is None:
        raise PuzzleError("a category is 'Name: value, value, ...'", column=1)
    found = [c for c in puzzle.categories if c.name.lower() != category.name.lower()]
    index = next((i for i, c in enumerate(puzzle.categories) if c.name.lower() == category.name.lower()), len(found))
    found.insert(index, category)
    key = None if puzzle.key is None else (Line(1, "key: "), puzzle.categories[puzzle.key].name)
    fresh = checked_categories([(Line(1, text), c) for c in found], key)
    for number, clue in enumerate(puzzle.clues, 1):
        try:
            fresh = add_clue(fresh, clue.text)
        except PuzzleError as error:
            raise PuzzleError(f"clue {number} no longer reads: {error.message}", column=1) from None
    return fresh


def is_category_line(text: str) -> bool:
    return category_of(text) is not None and not KEY_LINE.fullmatch(text)
