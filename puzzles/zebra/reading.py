"""Reading one clue: find the values it names, reduce it to a skeleton, and let the phrasing families match it.

A clue is read in two steps.  First every value it names is found, written
`Category:value` or bare (`the red house`, `Chesterfields`), and replaced by
`@`; what is left is the clue's skeleton (`the @ lives in the @ house`).
Then the skeleton is matched by the phrasing families (`phrasing`), which
give its atoms and echo it in canonical form.
"""

from __future__ import annotations

import re

from puzzles.core import PuzzleError, read_number
from puzzles.zebra.mentions import find_mentions, unknown_word
from puzzles.zebra.model import Clue, Puzzle
from puzzles.zebra.phrasing import FAMILIES, LESS, MORE, Reading, Said

AMOUNT = re.compile(
    r"\b(\d+)\s+(?:[a-z$]+\s+)?(?:" + "|".join(MORE + LESS) + r")\b",
    re.IGNORECASE,
)
NUMBERING = re.compile(r"\s*\d+\s*[.)]\s+")


def read_clue(puzzle: Puzzle, text: str) -> Clue:
    """Read one clue; a clue it cannot read raises PuzzleError with the column and what was expected."""
    body = text.replace("\u2019", "'").strip()
    offset = len(text) - len(text.lstrip())
    if numbering := NUMBERING.match(body):
        offset += numbering.end()
        body = body[numbering.end() :]
    body = body.rstrip(" .!")
    if not body:
        raise PuzzleError("an empty clue", column=1)
    said = read_clauses(puzzle, body, borrowing_only=True)
    if said is None:
        try:
            said = read_sentence(puzzle, body)
        except PuzzleError as error:
            said = read_clauses(puzzle, body, borrowing_only=False)
            if said is None:
                raise PuzzleError(error.message, column=(error.column or 1) + offset) from None
    return Clue(body, "; ".join(text for _, text in said), tuple(atom for atom, _ in said if atom is not None))


def read_clauses(puzzle: Puzzle, body: str, borrowing_only: bool) -> Said | None:
    """Two clauses joined by `and`: `Ada beat the Taylor, and the Van Gogh beat Vera`.

    A second clause that starts with a verb borrows the first one's subject
    (`Eilen painted a Constable and was not last`); such a split is tried
    before the whole sentence, which would otherwise misread it.
    """
    for joint in re.finditer(r",? and |; ", body):
        first, second = body[: joint.start()], body[joint.end() :]
        try:
            mentions = find_mentions(puzzle, second, [])
            lead = (second[: mentions[0].start] if mentions else second).split()
            borrows = bool(lead) and lead[0].lower() not in ("the", "a", "an")
            if borrowing_only and not borrows:
                continue
            said = read_sentence(puzzle, first)
            if borrows:
                subject = find_mentions(puzzle, first, [])[0]
                second = first[subject.start : subject.end] + " " + second
            return said + read_sentence(puzzle, second)
        except PuzzleError:
            continue
    return None


def read_sentence(puzzle: Puzzle, body: str) -> Said:
    amounts = list(AMOUNT.finditer(body))
    skip = [(m.start(1), m.end(1)) for m in amounts]
    mentions = find_mentions(puzzle, body, skip)
    skeleton, last = [], 0
    for m in mentions:
        skeleton += [body[last : m.start], "@"]
        last = m.end
    skeleton.append(body[last:])
    flat = re.sub(r"'s\b", "", "".join(skeleton).lower())
    flat = re.sub(r"\s*[\u2013\u2014]\s*|\s+-\s+", ", ", flat)
    flat = " ".join(flat.split())
    amount = read_number(amounts[0].group(1), column=amounts[0].start(1) + 1) if amounts else None
    reading = Reading(puzzle, mentions, flat, amount)
    for family in FAMILIES:
        said = family(reading)
        if said is not None:
            return said
    expected = "two values and how they relate (==, next to, left of, ...)"
    found = ", ".join(reading.name(r) for r in reading.refs) or "no value"
    column, hint = unknown_word(puzzle, body, mentions) or (1, "")
    raise PuzzleError(f"cannot read this clue: found {found}; expected {expected}{hint}", column=column)
