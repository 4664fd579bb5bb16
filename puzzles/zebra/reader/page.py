"""The puzzle file, and editing a puzzle clue by clue.

A file has category lines (`Colour: red, green, ivory`), an optional
`key: Name` line, then one clue per line (numbered or not, `#` comments),
each read by `clue.read_clue`.

A page as puzzle sites print it reads too: an opening paragraph (`There are 3
houses, numbered 1 to 3 ...`), one bullet per category with its description
and its values in backquotes (`- People have unique favorite drinks: `tea`,
`coffee``), then `## Clues:` and the numbered clues.  Each such category is
named after the noun of its description (`Drink`); `Name: - description: ...`
keeps a chosen name, and is how such a category is written back.
"""

from __future__ import annotations

import re
from dataclasses import replace

from puzzles.core import PuzzleError, checked_text, reads_text, shown
from puzzles.numbergrid import Line
from puzzles.zebra.model import MAX_CATEGORIES, MAX_VALUES, Category, Clue, Puzzle
from puzzles.zebra.reader.clue import NUMBERING, read_clue
from puzzles.zebra.reader.doubts import readings, settled
from puzzles.zebra.reader.mentions import did_you_mean
from puzzles.zebra.reader.questions import CHOICE
from puzzles.zebra.reader.skeleton import how_many
from puzzles.zebra.reader.vocabulary import DESCRIBING, category_name, stem

MAX_CLUES = 100  # printed puzzles have up to about 40; each is read and propagated on every edit
MAX_NAME = 40  # characters of a category name or value, which messages quote
LONGEST_WORD = 60  # characters: longer than any word a story prints, links included
MAX_DESCRIPTION = 120  # characters of a page's description of a category (`People use unique phone models`)

CATEGORY_LINE = re.compile(r"\s*([A-Za-z][\w &'()/-]*?)\s*:\s+(.*\S)\s*$")
CATEGORIES_LINE = re.compile(r"\s*categories\s*:\s*(.*:.*)$", re.IGNORECASE)
KEY_LINE = re.compile(r"\s*key\s*:\s*(.*?)\s*$", re.IGNORECASE)
IGNORED = re.compile(r"\s*(#|\.::|\||={3,})|\s*(?:A|Answer)\s*:\s*$")  # `A:`: where a benchmark's answer goes
BULLET_LINE = re.compile(
    r"\s*(?:[-*\u2022]\s*)?(?:([A-Za-z][\w &'-]*?)\s*:\s*[-\u2013\u2014]\s+)?(\w[^:`]*?)\s*:\s*(`[^`]*`(?:\s*,\s*(?:and\s+)?`[^`]*`)*)\s*\.?\s*$"
)
PLAIN_BULLET = re.compile(r"\s*[-*\u2022]\s+(\w[^:`]*?)\s*:\s+([^`]*?)\s*\.?\s*$")
NUMBERED = re.compile(r"\s*\d+\s*[.)]\s")
CLUES_HEADING = re.compile(r"\s*[#*]*\s*clues?(?:\(s\))?\s*:?\s*\**\s*:?\s*$", re.IGNORECASE)
ASKED = re.compile(r"\s*Q:\s*")  # a benchmark's page opens `Q: There are 3 houses ...`
OPENING = re.compile(r"\s*there (?:are|is) (\w+) (?:houses|house|people|persons|positions)\b.*[,.]", re.IGNORECASE)
UNREAD_LINE = re.compile(r"\s*(?:\d+\s*[.)]\s*)?unread\s*:\s*(.*)$", re.IGNORECASE)
QUESTION = re.compile(r".*\?\s*$")
POSITIONAL = re.compile(
    r"\b(?:house|position) (?:number )?\d+\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|last|middle|end)"
    r" (?:house|position)\b|\bhouses? (?:between|away|apart|to the)\b|\b(?:next to|next door|neighbou?rs?|beside|adjacent"
    r"|far (?:left|right)|leftmost|rightmost|(?:to the|on the|immediately|directly|just) (?:left|right)|between)\b",
    re.IGNORECASE,
)
VALUE_LIST = re.compile(r",(?!\d{3}(?!\d))")  # commas between values, not inside `1,200`
QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "})


@reads_text
def parse(text: str, keep_unread: bool = False) -> Puzzle:
    """A puzzle file or a page as printed: story, category lines, clues, and the page's questions.

    A clue that cannot be read is refused, naming its line and column; with
    `keep_unread` (a page pasted into the app) it is kept as an unread clue instead.
    A comparison that fits two categories is settled by the page's one solution
    (`doubts`).  A houses benchmark's page reads as printed: `Q:`, its
    `one keeps a cat, ...` sentences, `Clue(s):`, its question and choices, `A:`.
    """
    categories: list[tuple[Line, Category]] = []
    key: tuple[Line, str] | None = None
    clues: list[Line] = []
    opening: list[Line] = []
    questions: list[str] = []
    lines = [Line(number, unasked(raw.translate(QUOTES))) for number, raw in enumerate(text.splitlines(), 1)]
    heading = next((line.number for line in lines if CLUES_HEADING.fullmatch(line.text)), None)
    for line in lines:
        if not line.text.strip() or CLUES_HEADING.fullmatch(line.text) or IGNORED.match(line.text):
            continue
        if match := KEY_LINE.fullmatch(line.text):
            key = (line, match.group(1))
        elif questions and CHOICE.fullmatch(line.text):
            questions.append(line.text.strip())  # an answer it offers, to check the answer against
        elif found := header_categories(line.text, {c.name for _, c in categories}, first=not categories):
            categories += [(line, category) for category in found]
        elif categories and QUESTION.fullmatch(line.text):
            questions.append(line.text.strip())  # the page's closing question, answered from the solution
        elif (heading is not None and line.number < heading) or not categories:
            opening.append(story_line(line))  # the story before the clues: only a number of houses is checked
        elif heading is not None and clues and NUMBERED.match(clues[-1].text) and not NUMBERED.match(line.text):
            clues[-1] = Line(clues[-1].number, f"{clues[-1].text.rstrip()} {line.text.strip()}")  # a wrapped clue
        else:
            clues.append(line)
    categories = evened(categories)
    if key is None and unkeyed_page(opening, clues, heading):
        key = (Line(0, ""), people(categories))
    puzzle = replace(checked_categories(categories, key), questions=tuple(questions))
    check_opening(puzzle, opening)
    doubtful: dict[int, tuple[Clue, ...]] = {}
    refused: dict[int, PuzzleError] = {}
    for line in clues:
        try:
            puzzle = add_clue(puzzle, line.text)
        except PuzzleError as error:
            where = PuzzleError(error.message, line=line.number, column=error.column)
            if found := readings(puzzle, line.text):  # one reading per category: the page's solution decides
                doubtful[len(puzzle.clues)], refused[len(puzzle.clues)] = found, where
                puzzle = replace(puzzle, clues=(*puzzle.clues, found[0]))
            elif keep_unread:
                puzzle = add_clue(puzzle, line.text, keep_unread=True)
            else:
                raise where from None
    if doubtful:
        puzzle = settled(puzzle, doubtful) or still_in_doubt(puzzle, refused, keep_unread)
    return puzzle


def still_in_doubt(puzzle: Puzzle, refused: dict[int, PuzzleError], keep_unread: bool) -> Puzzle:
    """No one choice of readings leaves one solution: each doubtful clue is refused as the reader refused it."""
    if not keep_unread:
        raise next(iter(refused.values()))
    clues = list(puzzle.clues)
    for index, error in refused.items():
        clues[index] = unread_clue(clues[index].text, error.message)
    return replace(puzzle, clues=tuple(clues))


def unasked(text: str) -> str:
    """A line without a benchmark's `Q:` before its opening (`Q: There are 3 houses in a row, ...`)."""
    if (asked := ASKED.match(text)) and OPENING.match(text, asked.end()):
        return text[asked.end() :]
    return text


def story_line(line: Line) -> Line:
    """A line of the page's story; a 'word' no story has (a long run without spaces) is refused, not skipped."""
    if (word := max(line.text.split(), key=len, default="")) and len(word) > LONGEST_WORD:
        raise PuzzleError(
            f"{shown(word)} is not a word of a story, a category or a clue",
            line=line.number,
            column=line.text.index(word) + 1,
        )
    return line


def unkeyed_page(opening: list[Line], clues: list[Line], heading: int | None) -> bool:
    """A page with a story and no houses: its objects are one category's values, and nothing is positional.

    Puzzle sites print a story, the categories and the clues; nothing sits in
    a row.  A page that says `There are 5 houses`, a file without a story,
    and any clue that places something (`next to`, `the middle house`) keep positions.
    """
    story = heading is not None or any(not OPENING.match(line.text) for line in opening)
    houses = any(OPENING.match(line.text) for line in opening)
    return story and not houses and not any(POSITIONAL.search(line.text) for line in clues)


def people(found: list[tuple[Line, Category]]) -> str:
    """The category that names the objects of a page without houses: the first that is not a quantity."""
    return next((c.name for _, c in found if c.scale is None), found[0][1].name if found else "")


def header_categories(text: str, taken: set[str], first: bool) -> list[Category]:
    """The categories a header line gives: one (`times : 8:00am, 8:30am.`), or several on a `Categories:` line.

    Before the first category a line counts only if it looks like one (a short
    name, two or more short values): a story's `Note: ...` is not a category.
    """
    if match := CATEGORIES_LINE.fullmatch(text):
        found = [category_of(part, taken) for part in re.split(r"\s+/\s+|\s*;\s*", match.group(1))]
        return [c for c in found if c is not None] if all(found) else []
    category = category_of(text, taken)
    if category is None or (first and not looks_like_header(category)):
        return []
    return [category]


def looks_like_header(category: Category) -> bool:
    return (
        len(category.name) <= MAX_NAME
        and len(category.values) >= 2
        and all(0 < len(v.split()) <= 6 for v in category.values)
    )


def category_of(text: str, taken: set[str] = frozenset()) -> Category | None:
    """`Name: v1, v2, ...` or a page's bullet as a category, or None when the line is not one.

    A bullet without a name is named after its description, avoiding the names in `taken`.
    """
    if match := BULLET_LINE.fullmatch(text):
        name, description, values = match.groups()
        return Category(
            name or category_name(description, set(taken)),
            tuple(v.strip() for v in re.findall(r"`([^`]*)`", values)),
            description,
        )
    if match := PLAIN_BULLET.fullmatch(text):  # a page whose values lost their backquotes
        description, values = match.groups()
        plain = spoken_values(values) or listed_values(values)
        if len(description.split()) == 1:
            return Category(description, plain)
        return Category(category_name(description, set(taken)), plain, description)
    match = CATEGORY_LINE.fullmatch(text)
    if match is None:
        return None
    return Category(match.group(1).strip(), listed_values(match.group(2)))


def spoken_values(text: str) -> tuple[str, ...]:
    """The values of a sentence that gives one to each person: `one keeps a cat, one is a dog owner, and one only
    keeps fish` gives `cat`, `dog owner`, `fish`; `one's favorite color is red` gives `red`.

    Each value is the words after `one` less the verbs and articles before it;
    anything else (a part that does not start with `one`) is not such a sentence.
    """
    parts = re.split(r"\s*(?:,\s*(?:and\s+)?|\band\s+)(?=one\b)", text.strip().rstrip("."))
    if len(parts) < 2 or not all(re.match(r"one(?:'s)?\s", part, re.IGNORECASE) for part in parts):
        return ()
    return tuple(named_in(part) for part in parts)


LEADING = frozenset(stem(word) for word in DESCRIBING)


def named_in(part: str) -> str:
    """The value `one ...` names: after `one's ... is`, or past the words that lead to it (verbs, articles,
    `only`: the words that describe a person, `vocabulary.DESCRIBING`)."""
    if owned := re.fullmatch(r"one's .*? (?:is|are) (.+)", part, re.IGNORECASE):
        return owned.group(1).strip()
    words = part.split()[1:]
    while len(words) > 1 and stem(words[0]) in LEADING:
        words = words[1:]
    return " ".join(words)


def listed_values(text: str) -> tuple[str, ...]:
    """The values of a header line: split at commas (not those inside `1,200`); a full stop ends the line."""
    text = text.strip()
    if text.endswith(".") and not re.search(r"\b[ap]\.m\.$", text, re.IGNORECASE):
        text = text[:-1]
    return tuple(re.sub(r"^(?:and|or)\s+", "", v.strip()) for v in VALUE_LIST.split(text))


def check_opening(puzzle: Puzzle, opening: list[Line]) -> None:
    """The opening paragraph's `There are 6 houses` must agree with the categories."""
    for line in opening:
        if match := OPENING.match(line.text):
            word = match.group(1).lower()
            number = how_many(word, line=line.number)
            if number != puzzle.n:
                raise PuzzleError(
                    f"the page says {shown(match.group(1))} houses, but the categories have {puzzle.n} values",
                    line=line.number,
                    column=match.start(1) + 1,
                )


def checked_categories(found: list[tuple[Line, Category]], key: tuple[Line, str] | None) -> Puzzle:
    if not found:
        raise PuzzleError(
            "no categories: start with lines like 'Colour: red, green, blue' or '- Each person has a name: `Ann`, `Ben`'",
            line=1,
            column=1,
        )
    if len(found) > MAX_CATEGORIES:
        raise PuzzleError(f"a puzzle has at most {MAX_CATEGORIES} categories", line=found[MAX_CATEGORIES][0].number)
    found = evened(found)
    n = len(found[0][1].values)
    names: set[str] = set()
    for line, category in found:
        where = {"line": line.number, "column": 1}
        if any(len(name) > MAX_NAME for name in (category.name, *category.values)):
            raise PuzzleError(f"names and values have at most {MAX_NAME} characters", **where)
        if len(category.description) > MAX_DESCRIPTION:
            raise PuzzleError(f"a category's description has at most {MAX_DESCRIPTION} characters", **where)
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
            if not value or "`" in value or not value.isprintable():
                raise PuzzleError(
                    f"{shown(value)} is not a value: a value is printable text without backquotes", **where
                )
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


def evened(found: list[tuple[Line, Category]]) -> list[tuple[Line, Category]]:
    """The categories with a last `Di and Ed` split where that gives them as many values as the longest."""
    most = max((len(category.values) for _, category in found), default=0)
    return [(line, joined_by_and(category, most)) for line, category in found]


def joined_by_and(category: Category, n: int) -> Category:
    """`Bea, Cal, Di and Ed`: the last two values joined by `and`, split when that makes the count of the others."""
    *first, last = category.values
    if len(category.values) == n - 1 and len(parts := re.split(r"\s+and\s+", last)) == 2:
        return replace(category, values=(*first, *parts))
    return category


def format(puzzle: Puzzle) -> str:
    lines = [category_line(c) for c in puzzle.categories]
    if puzzle.key is not None:
        lines.append(f"key: {puzzle.categories[puzzle.key].name}")
    lines += [f"{i}. {'unread: ' * bool(clue.unread)}{clue.text}" for i, clue in enumerate(puzzle.clues, 1)]
    lines += list(puzzle.questions)
    return "\n".join(lines) + "\n"


def category_line(category: Category) -> str:
    """A category as a line of the file: with its page description when it has one."""
    if category.description:
        values = ", ".join(f"`{v}`" for v in category.values)
        return f"{category.name}: - {category.description}: {values}"
    return f"{category.name}: {', '.join(category.values)}"


# ---------------------------------------------------------------- editing


def add_clue(puzzle: Puzzle, text: str, at: int | None = None, keep_unread: bool = False) -> Puzzle:
    """The puzzle with one more clue (at the end, or at index `at`).

    A clue that cannot be read raises PuzzleError, or with `keep_unread` is
    added unread, as is a line the file marks `unread: ...`.
    """
    if len(puzzle.clues) >= MAX_CLUES:
        raise PuzzleError(f"a puzzle has at most {MAX_CLUES} clues", column=1)
    marked = UNREAD_LINE.match(text)
    try:
        clue = read_clue(puzzle, marked.group(1) if marked else text)
    except PuzzleError as error:
        if not (keep_unread or marked):
            raise
        body = (marked.group(1) if marked else NUMBERING.sub("", text, count=1)).strip()
        clue = unread_clue(body, error.message)
    clues = list(puzzle.clues)
    clues.insert(len(clues) if at is None else at, clue)
    return replace(puzzle, clues=tuple(clues))


def unread_clue(text: str, why: str) -> Clue:
    """A clue kept as typed, out of the count, with why it could not be read."""
    return Clue(text, f"unread: {why}", (), unread=why)


def remove_clue(puzzle: Puzzle, index: int) -> Puzzle:
    return replace(puzzle, clues=puzzle.clues[:index] + puzzle.clues[index + 1 :])


def move_clue(puzzle: Puzzle, index: int, to: int) -> Puzzle:
    clues = list(puzzle.clues)
    clues.insert(to, clues.pop(index))
    return replace(puzzle, clues=tuple(clues))


def set_category(puzzle: Puzzle, text: str) -> Puzzle:
    """Add, replace (by name) or rename a category typed as `Name: v1, v2, ...`; the clues are read again.

    A new name with the very values of a category renames it (`Beverage: tea, coffee, juice`),
    keeping its page description.
    """
    typed = category_of(text)
    if typed is None:
        raise PuzzleError("a category is 'Name: value, value, ...'", column=1)
    category = category_of(text, {c.name for c in puzzle.categories if not same_values(c, typed)})
    assert category is not None
    named = [i for i, c in enumerate(puzzle.categories) if c.name.lower() == category.name.lower()]
    renamed = [i for i, c in enumerate(puzzle.categories) if same_values(c, category)]
    index = (named or renamed or [len(puzzle.categories)])[0]
    if not named and renamed and not category.description:
        category = replace(category, description=puzzle.categories[index].description)
    found = list(puzzle.categories)
    found[index : index + 1] = [category]
    key = None if puzzle.key is None else (Line(1, "key: "), found[puzzle.key].name)
    fresh = checked_categories([(Line(1, text), c) for c in found], key)
    for number, clue in enumerate(puzzle.clues, 1):
        try:
            fresh = add_clue(fresh, clue.text, keep_unread=bool(clue.unread))
        except PuzzleError as error:
            raise PuzzleError(f"clue {number} no longer reads: {error.message}", column=1) from None
    return fresh


def same_values(a: Category, b: Category) -> bool:
    return sorted(v.lower() for v in a.values) == sorted(v.lower() for v in b.values)


def paste(puzzle: Puzzle, text: str) -> Puzzle:
    """Pasted text: a whole puzzle or page when it has categories, else its lines are clues added to `puzzle`.

    Nothing pasted is lost: a clue that cannot be read is kept, unread, for the person to restate.
    """
    lines = checked_text(text).splitlines()
    if any(is_category_line(line) for line in lines):
        return parse(text, keep_unread=True)
    for number, line in enumerate(lines, 1):
        if not line.strip() or IGNORED.match(line) or CLUES_HEADING.fullmatch(line):
            continue
        try:
            puzzle = add_clue(puzzle, line, keep_unread=True)
        except PuzzleError as error:
            raise PuzzleError(error.message, line=number, column=error.column) from None
    return puzzle


def is_category_line(text: str) -> bool:
    return category_of(text) is not None and not KEY_LINE.fullmatch(text)
