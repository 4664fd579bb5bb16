"""The phrasing families: what a clue's skeleton says, as atoms each with its canonical text.

A clue's values have been found and replaced by `@` (`the @ lives in the @
house`).  Each family tries that skeleton: the formal forms of the
logic-grid-quint-t corpus first, then the phrasings of puzzle books (next to,
immediately left of, either-or, one-the-other, comparatives, ...).  The first
that recognises it says which atoms hold and echoes each in canonical form,
itself a formal clue, so a person sees how it was read.  A family reads only
the words it names in `WORDS_OF` (beside the values and the words that
describe a person); the formal forms are matched whole.
"""

from __future__ import annotations

from puzzles.zebra.reader.families import comparisons, groups, plain, positions
from puzzles.zebra.reader.families.comparisons import comparison, superlative
from puzzles.zebra.reader.families.formal import formal
from puzzles.zebra.reader.families.groups import all_different, either_or, listed, neither, one_other
from puzzles.zebra.reader.families.plain import declaration, same_object
from puzzles.zebra.reader.families.positions import beside, houses_apart, houses_between, place_words

FAMILIES = (
    formal,
    declaration,
    houses_between,
    houses_apart,
    all_different,
    listed,
    neither,
    one_other,
    either_or,
    superlative,
    comparison,
    beside,
    place_words,
    same_object,
)
"""In the order they are tried: the first that reads every word that carries meaning reads the clue."""

WORDS_OF = {**plain.WORDS, **positions.WORDS, **groups.WORDS, **comparisons.WORDS}
"""The words each family reads beside the values and the words that describe a person; `#` is any number."""
