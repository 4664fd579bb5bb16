"""Reading one clue: find the values it names, reduce it to a skeleton, and let the phrasing families match it.

A clue is read in two steps.  First every value it names is found, written
`Category:value` or bare (`the red house`, `Chesterfields`), and replaced by
`@`; what is left is the clue's skeleton (`the @ lives in the @ house`).
Then the skeleton is matched by the phrasing families (`phrasing`), which
give its atoms and echo it in canonical form.  A family's reading counts only
when every other word of the skeleton is one that merely describes a person
(`vocabulary`, and the puzzle's own category words); otherwise the clue is
refused with the words not understood, never read as something it does not say.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from puzzles.core import PuzzleError, read_number, shown
from puzzles.zebra.mentions import Mention, did_you_mean, find_mentions, unknown_word
from puzzles.zebra.model import Category, Clue, Puzzle
from puzzles.zebra.phrasing import FAMILIES, LESS, MORE, WORDS_OF, Reading, Said
from puzzles.zebra.vocabulary import DESCRIBING, stem, words_of

AMOUNT = re.compile(
    r"\b(\d+)\s+(?:[a-z$]+\s+)?(?:" + "|".join(MORE + LESS) + r")\b",
    re.IGNORECASE,
)
NUMBERING = re.compile(r"\s*\d+\s*[.)]\s+")
HOUSE_NUMBER = re.compile(r"\b(\d+)(?= houses?\b)|(?<=\bhouse )(\d+)\b|(?<=\bposition )(\d+)\b", re.IGNORECASE)
UNIT = re.compile(r"\b(\d+) [a-z$]+ (?=(?:" + "|".join(MORE + LESS) + r")\b)")


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
    skip = [(m.start(1), m.end(1)) for m in (*amounts, *HOUSE_NUMBER.finditer(body))]
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
    unread: list[str] | None = None
    for family in FAMILIES:
        said = family(reading)
        if said is None:
            continue
        words = unread_words(reading, family)
        if not words:
            return said
        if unread is None or len(words) < len(unread):
            unread = words
    if unread:
        raise cannot_read(puzzle, body, mentions, unread)
    expected = "two values and how they relate (==, next to, left of, ...)"
    found = ", ".join(reading.name(r) for r in reading.refs) or "no value"
    column, hint = unknown_word(puzzle, body, mentions) or (1, "")
    raise PuzzleError(f"cannot read this clue: found {found}; expected {expected}{hint}", column=column)


def unread_words(reading: Reading, family: Callable) -> list[str]:
    """The words of the skeleton that are neither the family's own nor words that describe a person.

    A clue is read only when every word is understood: a family that found its
    relation word must not quietly skip another (`two houses` in `... two houses left of ...`).
    """
    if family not in WORDS_OF:
        return []  # the formal forms are matched whole
    own = {stem(w) for w in WORDS_OF[family].split()}
    skeleton = UNIT.sub(r"\1 ", reading.skeleton)
    tokens = ["#" if token.isdigit() else stem(token) for token in words_of(skeleton)]
    known = own | describing(reading.puzzle.categories)
    return [token for token in tokens if token not in known]


@lru_cache(maxsize=16)
def describing(categories: tuple[Category, ...]) -> frozenset[str]:
    """The words that describe a person in this puzzle: generic ones, its category names and page descriptions.

    Words that say where something sits (`different` in `The mothers' names in
    different houses are unique`) stay out: they would hide a relation.
    """
    relation = {stem(w) for text in WORDS_OF.values() for w in text.split()}
    found = {stem(w) for w in DESCRIBING}
    for category in categories:
        found |= {stem(w) for w in words_of(f"{category.name} {category.description}")} - relation
    return frozenset(found)


def cannot_read(puzzle: Puzzle, body: str, mentions: list[Mention], unread: list[str]) -> PuzzleError:
    """`cannot read 'two houses between'`: from the first word not understood to the last one before the next value."""
    taken = [(m.start, m.end) for m in mentions]
    spots = [
        match
        for match in re.finditer(r"[A-Za-z]+(?:['\u2019][A-Za-z]+)?|\d+", body)
        if not any(a <= match.start() < b for a, b in taken)
        and ("#" if match.group().isdigit() else stem(match.group())) in unread
    ]
    if not spots:
        return PuzzleError(f"cannot read {shown(' '.join(unread))}", column=1)
    stop = min((m.start for m in mentions if m.start > spots[0].start()), default=len(body))
    words = body[spots[0].start() : max(s.end() for s in spots if s.start() < stop)]
    values = [v for c in puzzle.categories for v in c.values]
    hints = (did_you_mean(spot.group(), values, cutoff=0.75) for spot in spots)
    hint = next((f"; is {shown(spot.group())} a value{h}" for spot, h in zip(spots, hints) if h), "")
    return PuzzleError(f"cannot read {shown(words)}{hint}", column=spots[0].start() + 1)
