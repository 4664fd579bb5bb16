"""Finding the values a clue names: `Category:value` or bare, with plurals, and what to say about a typo."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from puzzles.core import PuzzleError, shown
from puzzles.zebra.model import Category, Puzzle, Ref
from puzzles.zebra.reader.vocabulary import AGENTS, FUNCTION_WORDS, OTHER_NAMES, stem, words_of

WORD = re.compile(r"[A-Za-z][\w&'-]*\+*")
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
def value_finder(categories: tuple[Category, ...]) -> tuple[dict[str, frozenset[Ref]], int]:
    """Every way a value may be written, by its `key`, and the most words one of them spans.

    The forms are `Category:value`, the value, and its variants: without a
    leading article or a trailing `owner`, other names (`British` for `brit`,
    `February` for `feb`), then plurals.  A variant that is exactly another
    value's form (or, for a plural, another value's own words) is not added;
    one shared by two values stays ambiguous and is refused where it is used.
    Built once per set of categories, not once per clue.
    """
    exact: dict[str, set[Ref]] = {}
    written: dict[str, str] = {}
    for c, category in enumerate(categories):
        for v, value in enumerate(category.values):
            for form in (f"{category.name}:{value}", value):
                exact.setdefault(key(form), set()).add((c, v))
                written.setdefault(key(form), form.lower())
    for c, category in enumerate(categories):
        for v, printed in enumerate(category.scale.forms if category.scale else ()):
            for form in printed:  # `$5` as `5 dollars`, `9:00am` as `9 am`
                if key(form) not in exact:
                    exact.setdefault(key(form), set()).add((c, v))
                    written.setdefault(key(form), form.lower())
    forms = {k: set(refs) for k, refs in exact.items()}
    for strength in (0, 1):  # a value's own words first (`blues` of `blues music`), inflections after (`blue`)
        taken = set(forms)
        for k, refs in exact.items():
            if ":" in k or len(k) < 3:
                continue
            for variant in variants(written[k])[strength]:
                if key(variant) not in taken:
                    forms.setdefault(key(variant), set()).update(refs)
                    written.setdefault(key(variant), variant)
    longest = max(len(TOKEN.findall(re.sub(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])", " ", w))) for w in written.values())
    return {k: frozenset(refs) for k, refs in forms.items()}, longest


TOKEN = re.compile(
    r"\([A-Za-z$%.]+(?: [A-Za-z$%.]+)?\)[\w&'.:%/]*"  # `(pounds):530` in `Weights (pounds):530`, `(sq ft):50`
    r"|[\w&$#][\w&'.:%/]*(?:,\d{3}(?!\d)[\w&'.:%/]*)*(?:\++|-(?![\w-]))?"  # `$4.99`, `12%`, `1,200`, `AC/DC`, `B+`
)
JOINT = re.compile(r"[\s-]*")
ENDINGS = ("'s", "'", ".", ":")


def key(form: str) -> str:
    """What the forms of one value share: lower case, without spaces and joining hyphens (`hip-hop`, `hip hop`, `F-150`).

    A sign is part of a value: `B-` is not `B`, nor `B+`.
    """
    return re.sub(r"\s+", "", re.sub(r"(?<=\w)[\s-]*-[\s-]*(?=\w)", "", form.lower()))


def spans(body: str, forms: dict[str, frozenset[Ref]], longest: int) -> list[tuple[int, int, str]]:
    """Where values are written in `body`, longest first from the left: (start, end, key).

    A value is a run of words joined only by spaces or hyphens, not glued to
    a word before it by a hyphen; a trailing `'s` (or `.`, `:`) is not part of it.
    """
    tokens = list(TOKEN.finditer(body))
    found, i = [], 0
    while i < len(tokens):
        hit = None
        if tokens[i].start() == 0 or body[tokens[i].start() - 1] != "-":
            last = i
            while last + 1 < min(len(tokens), i + longest) and JOINT.fullmatch(
                body, tokens[last].end(), tokens[last + 1].start()
            ):
                last += 1
            hit = next(
                (
                    (tokens[i].start(), end, k, j)
                    for j in range(last, i - 1, -1)
                    for end in ends(body, tokens[i].start(), tokens[j].end())
                    if (k := key(body[tokens[i].start() : end])) in forms and not article(body, tokens[i].start(), end)
                ),
                None,
            )
        if hit is None:
            i += 1
            continue
        found.append(hit[:3])
        i = hit[3] + 1
    return found


def article(body: str, start: int, end: int) -> bool:
    """`a` is an article, never the grade `A`; so is `A` opening a clue before a lower-case word (`A student ...`)."""
    word = body[start:end]
    if word == "a":
        return True
    return word == "A" and not body[:start].strip() and bool(re.match(r"\s+[a-z]", body[end:]))


def ends(body: str, start: int, end: int) -> list[int]:
    """Where a run of words may end: as it is, or without a trailing `'s`, `.` or `:`."""
    return [end] + [end - len(e) for e in ENDINGS if body[start:end].endswith(e) and end - len(e) > start]


def variants(form: str) -> tuple[list[str], list[str]]:
    """Other ways to write a value: its own words (without an article or a trailing `owner`, `music`, ...) and
    its other names; then plurals of those."""
    shorter = [bare] if (bare := re.sub(r"^(the|a|an)\s+", "", form)) != form else []
    if (head := form.rsplit(" ", 1))[-1] in AGENTS and len(head) == 2:
        shorter.append(head[0])
    names = [name for name in OTHER_NAMES.get(form, []) if name != form]
    return shorter + names, [plural for word in (form, *shorter) for plural in inflections(word)]


def inflections(word: str) -> list[str]:
    if word.endswith("ies"):
        return [word[:-3] + "y", word[:-1]]
    if word.endswith("oes"):
        return [word[:-2], word[:-1]]
    if word.endswith("s"):
        return [word[:-1], word + "es"]
    if word.endswith("y"):
        return [word + "s", word[:-1] + "ies"]
    return [word + "s", word + "es"]


def find_mentions(puzzle: Puzzle, body: str, skip: list[tuple[int, int]]) -> list[Mention]:
    forms, longest = value_finder(puzzle.categories)
    mentions: list[Mention] = []
    for start, end, k in spans(body, forms, longest):
        if any(a <= start < b for a, b in skip):
            continue
        refs = forms[k]
        if len(refs) > 1:
            since = mentions[-1].end if mentions else 0
            near = words_of(body[since:start])[-4:] + words_of(body[end:])[:2]
            refs = by_context(puzzle.categories, refs, frozenset(stem(w) for w in near))
        if len(refs) > 1:
            options = " or ".join(sorted(puzzle.name(r) for r in refs))
            raise PuzzleError(
                f"{shown(body[start:end])} could be more than one value: did you mean {options}?", column=start + 1
            )
        mentions.append(Mention(start, end, next(iter(refs))))
    check_formal_refs(puzzle, body, mentions)
    return mentions


def by_context(categories: tuple[Category, ...], refs: frozenset[Ref], near: frozenset[str]) -> frozenset[Ref]:
    """Of the values a word could be, the one whose category the words around it name (`the person's child is
    named Alice`, with Alice both a name and a child); all of them when none or several are named.

    Pages name a person bare and a child with its words (`Alice is the mother of Fred`), so a
    shared word with no such words around it is the person's name, when a category is called `Name`.
    """
    own = {ref: category_words(categories[ref[0]]) for ref in refs}
    named = [ref for ref in refs if own[ref] - set().union(*(own[r] for r in refs if r[0] != ref[0])) & near]
    if not named:
        named = [ref for ref in refs if categories[ref[0]].name.lower() == "name"]
    return frozenset(named) if len(named) == 1 else refs


def category_words(category: Category) -> frozenset[str]:
    """The content words of a category's name and description: `child` for `Each mother is accompanied by their child`."""
    return frozenset(stem(w) for w in words_of(f"{category.name} {category.description}") if w not in FUNCTION_WORDS)


def check_formal_refs(puzzle: Puzzle, body: str, mentions: list[Mention]) -> None:
    """A `Name:value` that was not found is a typo: say which part is wrong."""
    names = {c.name.lower(): c for c in puzzle.categories}
    for match in re.finditer(r"(?<![\w&-])([A-Za-z][\w&-]*):([\w&-]+)", body):
        if any(m.start <= match.start() < m.end for m in mentions):  # `times:7:00am` inside `start times:7:00am`
            continue
        name, value = match.group(1), match.group(2)
        category = names.get(name.lower())
        if category is None:
            hint = did_you_mean(name, [c.name for c in puzzle.categories])
            raise PuzzleError(f"no category {shown(name)}{hint}", column=match.start() + 1)
        hint = did_you_mean(value, list(category.values))
        raise PuzzleError(f"{shown(category.name)} has no value {shown(value)}{hint}", column=match.start(2) + 1)


def did_you_mean(word: str, choices: list[str], cutoff: float = 0.6) -> str:
    lowered = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=cutoff)
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
