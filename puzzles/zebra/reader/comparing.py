"""Comparisons: which ordered category a clue compares in, and which way its comparative points.

A page's comparison seldom names its category: `30 minutes after` is about
times, `$2 more` about prices, `taller` about heights, `sold more copies`
about sales and not the month a record came out.  What the clue says narrows
the choice step by step, and where two categories still fit, the clue is
refused with the question, never guessed.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from puzzles.core import PuzzleError, shown
from puzzles.zebra.model import Category, Puzzle
from puzzles.zebra.reader.amounts import DIRECTION
from puzzles.zebra.reader.quantities import KNOWN_UNITS, Scale
from puzzles.zebra.reader.vocabulary import stem, words_of

if TYPE_CHECKING:
    from puzzles.zebra.reader.skeleton import Reading

SENSES = {
    "taller shorter": "height tall feet foot inch inches meter meters centimeter centimeters cm",
    "heavier lighter": "weight heavy pound pounds lbs lb kilogram kilograms kg ounce ounces gram grams ton tons",
    "older younger newer": "age old year years born birth",
    "louder quieter softer": "volume loud decibel decibels db",
    "deeper shallower": "depth deep",
    "later earlier after before following preceding": "time date day year month hour start finish minute",
    "faster slower": "speed mph time",
    "longer shorter": "length long duration time feet inches miles minutes hours days nights weeks months years",
    "cheaper pricier costlier dearer richer poorer": "price cost fee money salary dollar dollars",
    "farther further closer nearer": "distance mile miles kilometer kilometers km feet",
    "ahead behind beat beats": "place rank finish position score point points",
}
"""What each comparative compares, in words a category's name or unit may use: `taller` compares heights."""
MONEY_WORDS = frozenset("cost paid pay spent spend price priced expensive cheap fee charge charged".split())
"""Words that say a comparison is about money (`Gail's errand cost more than Hector's`)."""
AMOUNT_WORDS = frozenset("more less fewer greater bigger smaller larger higher lower".split())
"""Comparatives of amount: `sold more copies` is about sales, not the month they came out."""
TIMELY = {"time", "date", "month", "year", "ordinal"}
TIMELY_WORDS = frozenset("later earlier after before following preceding".split())
"""The kinds, and the comparatives that compare only them: `later`, `before`, `the year following`."""


def ordered_categories(
    r: Reading, named: set[int], word: str = "", unit: str | None = None, amount: Fraction | None = None
) -> list[int]:
    """The ordered categories a comparison may be about, narrowed as far as the clue allows.

    Only categories of quantities compare.  The amount decides first: its
    unit (`$`, `minutes`, `feet`; a category's own unit before one it merely
    converts, so `1 year` is years, not months), and a difference some two of
    its values have (`500,000 more` is sales, not years).  Then a category
    named outright (`in Prices`); then `after` and `before` choose times and dates (`the yoga class starts after` is not about
    class sizes), then a category the clue names (`in Prices`, `paid`, `cost`),
    then the comparative's sense (`taller`: heights).  Where several are left and nothing in the clue
    chose among them, a category whose value the clue names is not the one
    compared (`the 8:00am errand was more than Hector's` is not about times).
    """
    categories = r.puzzle.categories
    both = {c for c in named if sum(ref[0] == c for ref in r.refs) > 1}  # it cannot compare two of its own values
    found = [c for c, cat in enumerate(categories) if cat.scale is not None and c not in both]
    if unit is not None:
        own = [c for c in found if unit.lower() in categories[c].scale.unit.names]
        measured = own or [c for c in found if categories[c].scale.unit_named(unit)]
        found = measured or [c for c in found if not set(categories[c].scale.unit.names) & KNOWN_UNITS]  # `Ages`
        if not found:
            raise PuzzleError(f"no ordered category is measured in {shown(unit)}", column=1)
    if amount is not None:
        found = [c for c in found if differs_by(categories[c].scale, amount, unit)] or found
    words = {stem(w) for w in words_of(r.skeleton)}
    chosen_by_words = False
    for narrowed in (
        [c for c in found if r.has(rf"\bin {re.escape(categories[c].name.lower())}\b")],
        [c for c in found if word in TIMELY_WORDS and categories[c].scale.kind in TIMELY],
        [c for c in found if names_category(r, categories[c].name, words, c in named)],
        [c for c in found if categories[c].scale.kind == "money" and words & MONEY_WORDS],
        [c for c in found if fits(categories[c].name, categories[c].scale, word)],
        [c for c in found if word in AMOUNT_WORDS and categories[c].scale.kind not in TIMELY],
    ):
        if narrowed and len(narrowed) < len(found):
            found, chosen_by_words = narrowed, True
        if len(found) == 1:
            return found
    sensed = any(word in comparatives.split() for comparatives in SENSES)
    if not (chosen_by_words or sensed) and unit is None and amount is None:
        found = [c for c in found if c not in named] or found
    return found


def names_category(r: Reading, name: str, words: set[str], of_a_value: bool) -> bool:
    """Whether the clue names the category compared: `in Prices`, `the price`; a category one of its values comes
    from is named only as `in Prices`, since its words there describe that value (`with a high speed of 81 MPH`)."""
    if of_a_value:
        return bool(r.has(rf"\bin {re.escape(name.lower())}\b"))
    return bool({stem(w) for w in words_of(name)} & words)


def units_of(puzzle: Puzzle, word: str) -> bool:
    """Whether `word` is the unit of one of the puzzle's ordered categories (`wins` of `24 wins`)."""
    return any(c.scale is not None and c.scale.unit_named(word) for c in puzzle.categories)


def differs_by(scale: Scale, amount: Fraction, unit: str | None) -> bool:
    """Whether two of the scale's values are `amount` apart: `500,000 more` cannot be about years."""
    steps = scale.amount(amount, scale.unit_named(unit) if unit else None)
    return steps is not None and any(a - b == steps for a in scale.magnitudes for b in scale.magnitudes)


def fits(name: str, scale: Scale, word: str) -> bool:
    """Whether a comparative's sense fits a category: `taller` a height in feet, `later` a time, `cheaper` money."""
    sense = " ".join(words for comparatives, words in SENSES.items() if word in comparatives.split())
    if not sense:
        return False
    if (scale.kind in TIMELY and word in TIMELY_WORDS) or (
        scale.kind == "money" and word in ("cheaper", "pricier", "costlier", "dearer")
    ):
        return True
    named = {stem(w) for w in words_of(name)} | {stem(u) for u in scale.unit.names}
    return bool(named & {stem(w) for w in sense.split()})


def sense_of(r: Reading, word: str, category: Category) -> None:
    """A comparative of amount has no agreed sense in times, dates and places (`finished higher` is ahead, a
    smaller place): refused with the word and the category unless the clue names it (`in places`, the echo)."""
    if (
        word in AMOUNT_WORDS
        and category.scale.kind in TIMELY
        and not r.has(rf"\bin {re.escape(category.name.lower())}\b")
    ):
        raise PuzzleError(
            f"which way is {shown(word)} in {shown(category.name)}? Say 'later' or 'earlier' ('ahead' or 'behind')",
            column=1,
        )


def direction(word: str, category: Category) -> int:
    """+1 when the comparative points to bigger magnitudes of the category, -1 to smaller.

    Older is an earlier year, newer a later one; ahead in points is more, ahead
    in places a lower place; higher up is less depth, lower down more.
    """
    sign = DIRECTION[word]
    if (
        (word in ("older", "younger", "newer") and category.scale.kind in TIMELY)
        or (word in ("ahead", "behind", "beat", "beats") and not lower_is_better(category))
        or (word in UPWARD and measures_depth(category))
    ):
        return -sign
    return sign


UPWARD = frozenset("higher lower above below".split())
"""Comparatives of height, which point the other way in a depth: 2,000 feet higher up is 2,000 feet less deep."""


def measures_depth(category: Category) -> bool:
    return bool({stem(w) for w in words_of(f"{category.name} {category.description}")} & {"depth", "deep"})


def lower_is_better(category: Category) -> bool:
    """Whether beating someone means a lower value: places and ranks, race times; not points or scores."""
    named = {stem(w) for w in words_of(category.name)}
    return category.scale.kind in ("ordinal", "time") or bool(
        named & {"place", "rank", "position", "finish", "standing"}
    )


def chosen(r: Reading, found: list[int]) -> int:
    """The one category a comparison is about; more than one is a question to the person, never a guess."""
    if len(found) == 1:
        return found[0]
    names = [r.puzzle.categories[c].name for c in found]
    if not names:
        raise PuzzleError("compare in which category? This puzzle has no ordered category left to compare", column=1)
    raise PuzzleError(
        f"compare in which category: {' or '.join(shown(n) for n in names)}? Add 'in {names[0]}' to the clue",
        column=1,
    )
