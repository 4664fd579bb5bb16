"""Finding the values a clue names: `Category:value` or bare, with plurals, and what to say about a typo."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from puzzles.core import PuzzleError, shown
from puzzles.zebra.model import Category, Puzzle, Ref

WORD = re.compile(r"[A-Za-z][\w&'-]*")
STOP = set(
    "the a an of in is are was were and or not nor to on at with who that which one other lives live man woman "
    "person house houses drinks drink smokes smoke owns own has have either neither than somewhere".split()
)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    ref: Ref


@lru_cache(maxsize=16)
def value_finder(categories: tuple[Category, ...]) -> tuple[dict[str, frozenset[Ref]], re.Pattern]:
    """Every way a value may be written, lower-cased, and one pattern that finds them, longest first.

    The forms are `Category:value`, the value and its plurals.  Built once per
    set of categories, not once per clue: it was three quarters of reading.
    """
    exact: dict[str, set[Ref]] = {}
    for c, category in enumerate(categories):
        for v, value in enumerate(category.values):
            exact.setdefault(f"{category.name}:{value}".lower(), set()).add((c, v))
            exact.setdefault(value.lower(), set()).add((c, v))
    forms = {form: set(refs) for form, refs in exact.items()}
    for form, refs in exact.items():
        if ":" in form or len(form) < 3:
            continue
        for variant in inflections(form):
            if variant not in exact:
                forms.setdefault(variant, set()).update(refs)
    pattern = re.compile(
        r"(?<![\w&-])(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + r")(?![\w&-])",
        re.IGNORECASE,
    )
    return {form: frozenset(refs) for form, refs in forms.items()}, pattern


def inflections(word: str) -> list[str]:
    if word.endswith("s"):
        return [word[:-1], word + "es"]
    if word.endswith("y"):
        return [word + "s", word[:-1] + "ies"]
    return [word + "s", word + "es"]


def find_mentions(puzzle: Puzzle, body: str, skip: list[tuple[int, int]]) -> list[Mention]:
    forms, pattern = value_finder(puzzle.categories)
    mentions = []
    for match in pattern.finditer(body):
        if any(a <= match.start() < b for a, b in skip):
            continue
        refs = forms[match.group().lower()]
        if len(refs) > 1:
            options = " or ".join(sorted(puzzle.name(r) for r in refs))
            raise PuzzleError(
                f"{shown(match.group())} could be {options}: write Category:value", column=match.start() + 1
            )
        mentions.append(Mention(match.start(), match.end(), next(iter(refs))))
    check_formal_refs(puzzle, body, mentions)
    return mentions


def check_formal_refs(puzzle: Puzzle, body: str, mentions: list[Mention]) -> None:
    """A `Name:value` that was not found is a typo: say which part is wrong."""
    found = {m.start for m in mentions}
    names = {c.name.lower(): c for c in puzzle.categories}
    for match in re.finditer(r"(?<![\w&-])([A-Za-z][\w&-]*):([\w&-]+)", body):
        if match.start() in found:
            continue
        name, value = match.group(1), match.group(2)
        category = names.get(name.lower())
        if category is None:
            hint = did_you_mean(name, [c.name for c in puzzle.categories])
            raise PuzzleError(f"no category {shown(name)}{hint}", column=match.start() + 1)
        hint = did_you_mean(value, list(category.values))
        raise PuzzleError(f"{shown(category.name)} has no value {shown(value)}{hint}", column=match.start(2) + 1)


def did_you_mean(word: str, choices: list[str]) -> str:
    lowered = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f": did you mean {shown(lowered[close[0]])}?" if close else ""


def unknown_word(puzzle: Puzzle, body: str, mentions: list[Mention]) -> tuple[int, str] | None:
    """For a clue with too few values: the word that looks like a misspelt value, its column and the hint."""
    vocabulary = [v for c in puzzle.categories for v in c.values]
    taken = [(m.start, m.end) for m in mentions]
    for match in WORD.finditer(body):
        word = match.group()
        if word.lower() in STOP or any(a <= match.start() < b for a, b in taken):
            continue
        if hint := did_you_mean(word, vocabulary):
            return match.start() + 1, f"; {shown(word)} is not a value{hint}"
    return None
