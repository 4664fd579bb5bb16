"""Reading one clue: find the values and amounts it names, reduce it to a skeleton, let the phrasing families match it.

A clue is read in two steps.  First every value it names is found, written
`Category:value` or bare (`the red house`, `Chesterfields`, `$5` for `$5.00`),
and replaced by `@`, and every amount a comparison measures (`30 minutes`
before `after`) by `#`; what is left is the clue's skeleton (`the @ started #
after @`).  Then the skeleton is matched by the phrasing families
(`families`), which give its atoms and echo it in canonical form.  A family's
reading counts only when it reads every word of the skeleton that carries
meaning (`vocabulary.MEANING`, a leftover number too); otherwise the clue is
refused with those words, never read as something it does not say.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from puzzles.core import MAX_DIGITS, PuzzleError, shown
from puzzles.zebra.model import Category, Clue, Puzzle
from puzzles.zebra.reader.amounts import find_amounts
from puzzles.zebra.reader.families import FAMILIES, WORDS_OF
from puzzles.zebra.reader.mentions import Mention, did_you_mean, find_mentions, unknown_word
from puzzles.zebra.reader.skeleton import Reading, Said
from puzzles.zebra.reader.vocabulary import DESCRIBING, MEANING, PHRASES, stem, words_of

NUMBERING = re.compile(r"\s*\d+\s*[.)]\s+")
HOUSE_NUMBER = re.compile(r"\b(\d+)(?= houses?\b)|(?<=\bhouse )(\d+)\b|(?<=\bposition )(\d+)\b", re.IGNORECASE)
LONGEST_CLUE = 400  # characters: printed clues have under 200; reading time grows with the values a clue names


def read_clue(puzzle: Puzzle, text: str) -> Clue:
    """Read one clue; a clue it cannot read raises PuzzleError with the column and what was expected."""
    body, offset = clue_body(text)
    if not body:
        raise PuzzleError("an empty clue", column=1)
    if digits := re.search(rf"\d{{{MAX_DIGITS + 1},}}", body):
        raise PuzzleError(
            f"{shown(digits.group())} is too long: at most {MAX_DIGITS} digits", column=offset + digits.start() + 1
        )
    if len(body) > LONGEST_CLUE:
        raise PuzzleError(f"a clue has at most {LONGEST_CLUE} characters; split this one", column=offset + 1)
    said = read_clauses(puzzle, body, borrowing_only=True) or read_aside(puzzle, body)
    if said is None:
        try:
            said = read_sentence(puzzle, body)
        except PuzzleError as error:
            said = read_clauses(puzzle, body, borrowing_only=False)
            if said is None:
                raise PuzzleError(error.message, column=(error.column or 1) + offset) from None
    return Clue(body, "; ".join(text for _, text in said if text), tuple(atom for atom, _ in said if atom is not None))


def clue_body(text: str) -> tuple[str, int]:
    """A clue's words without its number and closing full stop, and the column they start after."""
    body = text.replace("\u2019", "'").strip()
    offset = len(text) - len(text.lstrip())
    if numbering := NUMBERING.match(body):
        offset += numbering.end()
        body = body[numbering.end() :]
    return body.rstrip(" .!"), offset


def read_clauses(puzzle: Puzzle, body: str, borrowing_only: bool) -> Said | None:
    """Two clauses joined by `and`: `Ada beat the Taylor, and the Van Gogh beat Vera`.

    A second clause that starts with a verb borrows the first one's subject
    (`Eilen painted a Constable and was not last`); such a split is tried
    before the whole sentence, which would otherwise misread it.
    """
    for joint in re.finditer(r",? and |; |,? but (?!not both)", body):
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


ASIDE = re.compile(r"(?P<subject>[^,]+),\s+(?:which|who)\s+(?P<aside>[^,]+),\s+(?P<rest>.+)", re.IGNORECASE)


def read_aside(puzzle: Puzzle, body: str) -> Said | None:
    """`The 2002 piece, which was made by Fay, sold for $300`: two sentences about one subject."""
    if (match := ASIDE.fullmatch(body)) is None:
        return None
    subject = match.group("subject")
    try:
        return read_sentence(puzzle, f"{subject} {match.group('aside')}") + read_sentence(
            puzzle, f"{subject} {match.group('rest')}"
        )
    except PuzzleError:
        return None


def read_sentence(puzzle: Puzzle, body: str) -> Said:
    amounts = find_amounts(body)
    skip = [(a.start, a.end) for a in amounts] + [(m.start(), m.end()) for m in HOUSE_NUMBER.finditer(body)]
    mentions = find_mentions(puzzle, body, skip)
    marks = sorted([(m.start, m.end, "@") for m in mentions] + [(a.start, a.end, "#") for a in amounts])
    skeleton, last = [], 0
    for start, end, mark in marks:
        skeleton += [body[last:start], f" {mark} " if mark == "#" else mark]
        last = end
    skeleton.append(body[last:])
    flat = re.sub(r"'s\b", "", "".join(skeleton).lower())
    flat = re.sub(r"\s*[\u2013\u2014]\s*|\s+-\s+", ", ", flat)
    flat = " ".join(flat.split())
    for pattern, meaning in PHRASES:
        flat = re.sub(pattern, meaning, flat)
    flat = " ".join(flat.split())
    reading = Reading(puzzle, mentions, flat, amounts)
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
    expected = "two values and how they relate (is, is not, next to, more than, ...)"
    found = ", ".join(reading.name(r) for r in reading.refs) or "no value"
    column, hint = unknown_word(puzzle, body, mentions) or (1, "")
    raise PuzzleError(f"cannot read this clue: found {found}; expected {expected}{hint}", column=column)


def unread_words(reading: Reading, family: Callable) -> list[str]:
    """The words of the skeleton that carry meaning the family does not read.

    Words that carry meaning (negations, comparatives, places, numbers,
    either/or, ...: `vocabulary.MEANING`) must all be the family's own, so a
    family that found its relation word cannot quietly skip another (`two` in
    `... two houses left of ...`).  Every other word is the page's story
    (`errand`, `trip`, `paid`, `went to the`) and is read past.
    """
    if family not in WORDS_OF:
        return []  # the formal forms are matched whole
    own = {stem(w) for w in WORDS_OF[family].split()}
    # A number the reader did not take as a value or an amount is `#`: it says something, so it must be read.
    tokens = [
        "#" if token.isdigit() else stem(token) for token in re.findall(r"\d+|[a-z]+(?:'[a-z]+)?", reading.skeleton)
    ]
    known = own | (describing(reading.puzzle.categories) - MEANING)
    return [
        token
        for token in tokens
        if token not in known
        and (token in MEANING or broken_negation(token) or misspelt_value(reading.puzzle.categories, token))
    ]


def broken_negation(token: str) -> bool:
    """`was't`, `does't`: a negation typed wrong is refused, never read as `was` (which flips the clue)."""
    return token.endswith("'t") and not token.endswith("n't")


@lru_cache(maxsize=4096)
def misspelt_value(categories: tuple[Category, ...], token: str) -> bool:
    """A story word this close to a value is more likely the value misspelt (`Brtish`): refused, with the value."""
    values = {stem(w) for c in categories for v in c.values for w in words_of(v) if len(w) > 3}
    return len(token) > 3 and token not in values and bool(did_you_mean(token, sorted(values), cutoff=0.85))


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
