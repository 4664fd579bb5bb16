"""Logic-grid deductions in words: values, objects and clues named as a person reads them.

Every sentence of `ladder` is built here, so the steps and the screen's
highlights say things the same way ("milk is in house 3", "5 days is not
with Vicky", "clues 4 and 9").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzles.steps import Fact, join_words
from puzzles.zebra.model import Category, Puzzle
from puzzles.zebra.reader.quantities import NUMBER, name_unit, unit_names
from puzzles.zebra.reader.vocabulary import stem
from puzzles.zebra.solver import bits, single

MANY_CLUES = 3  # a mark resting on more clues than this is told without them

Spot = tuple
"""Where to look: ("clue", k), ("value", c, v) a row of the grid, ("column", c, o) a category at an object."""


def value_name(puzzle: Puzzle, x: int) -> str:
    """A value as a person names it: `milk`, `$11.99`, `27 pounds` (a bare number with its category's unit), or
    `Ages 25` where the bare value could be another category's or is a number without a unit."""
    c, v = divmod(x, puzzle.n)
    category = puzzle.categories[c]
    value = category.values[v]
    if re.fullmatch(NUMBER, value) and (measured := with_unit(category, value)):
        return measured
    elsewhere = any(value in other.values for i, other in enumerate(puzzle.categories) if i != c)
    return f"{category.name} {value}" if elsewhere or re.fullmatch(NUMBER, value) else value


def with_unit(category: Category, number: str) -> str | None:
    """A bare number with the unit its category is measured in (`Weights (pounds)`: `27 pounds`), if it has one."""
    if category.scale is not None and category.scale.kind == "money":
        return f"${number}"
    unit = name_unit(category.name) if category.scale is not None and category.scale.kind == "number" else None
    if unit is None:
        return None
    plural, *others = unit_names(unit)
    return f"{number} {others[0] if number == '1' and others and plural == others[0] + 's' else plural}"


def objects_words(puzzle: Puzzle, mask: int) -> str:
    """Objects as a sentence says them: `house 3`, `houses 2, 4 or 5`, `Vicky or Opal`."""
    objects = bits(mask)
    if puzzle.key is None:
        numbers = join_words([str(o + 1) for o in objects], "or")
        return f"house{'s' * (len(objects) > 1)} {numbers}"
    return join_words([puzzle.objects[o] for o in objects], "or")


def at_words(puzzle: Puzzle, mask: int, holds: bool = True) -> str:
    """`in house 3`, `not in house 3 or 4`, `with Vicky`, `not with Vicky`."""
    preposition = "in" if puzzle.key is None else "with"
    return f"{'' if holds else 'not '}{preposition} {objects_words(puzzle, mask)}"


def where_now(puzzle: Puzzle, x: int, mask: int) -> str:
    """What the marks say of a value: `the Norwegian is in house 1`, `blue can only be in houses 2 or 4`."""
    if not mask:
        return f"{value_name(puzzle, x)} has no place left"
    verb = "is" if single(mask) else "can only be"
    return f"{value_name(puzzle, x)} {verb} {at_words(puzzle, mask)}"


def reason(clues: frozenset[int] | Sequence[int]) -> str:
    """The clues behind a mark, in brackets, when they are few enough to help: ` (clues 4 and 9)`."""
    return f" ({clue_words(sorted(clues))})" if 0 < len(clues) <= MANY_CLUES else ""


def clue_words(ks: Sequence[int]) -> str:
    ks = sorted(set(ks))
    return f"clue{'s' * (len(ks) > 1)} {join_words([str(k + 1) for k in ks])}" if ks else ""


def quoted(puzzle: Puzzle, k: int) -> str:
    text = puzzle.clues[k].text.strip()
    return f"Clue {k + 1} says: {text}{'' if text.endswith(('.', '!', '?')) else '.'}"


def fact(puzzle: Puzzle, x: int, o: int, holds: bool) -> Fact:
    c, v = divmod(x, puzzle.n)
    return Fact((c, v), o, holds, f"{value_name(puzzle, x)} {at_words(puzzle, 1 << o, holds)}")


def settled(
    puzzle: Puzzle, before: Sequence[int], after: dict[int, int], placing: bool = True
) -> tuple[tuple[Fact, ...], str]:
    """What narrowing `before` to `after` settles: its facts, and the sentence that says them (`placing`: a value
    left one object is said to be there, else only the objects ruled out)."""
    facts, said = [], []
    for x, mask in after.items():
        gone = before[x] & ~mask
        if placing and mask and single(mask):
            facts.append(fact(puzzle, x, bits(mask)[0], True))
            said.append(f"{value_name(puzzle, x)} is {at_words(puzzle, mask)}")
        else:
            facts += [fact(puzzle, x, o, False) for o in bits(gone)]
            said.append(f"{value_name(puzzle, x)} is {at_words(puzzle, gone, False)}")
    return tuple(facts), join_words(said)


def event_words(puzzle: Puzzle, source: str, xs: Sequence[int], mask: int, before: int = 0) -> str:
    """`clue 6 puts green in house 4`, `each value once leaves blue only in houses 2 or 4`; where more than
    three objects are left, fewer of them than were taken from the `before` ones: `clue 3 rules out tea in house 5`
    (values one rule takes from the same objects said together: `each value once rules out cat and tea in house 6`)."""
    names = join_words([value_name(puzzle, x) for x in xs])
    if not mask:
        return f"{source} leaves {names} no place"
    if single(mask):
        return f"{source} puts {names} {at_words(puzzle, mask)}"
    if out := ruled_out(mask, before):
        return f"{source} rules out {names} {at_words(puzzle, out)}"
    return f"{source} leaves {names} only {at_words(puzzle, mask)}"


SAID_LEFT = 3  # objects left a value that a link names; with more, it names those it rules out where they are fewer


def ruled_out(mask: int, before: int) -> int:
    """The objects a link that narrows a value from `before` to `mask` names as ruled out (0: it names those left)."""
    out = before & ~mask
    return out if mask.bit_count() > SAID_LEFT and out.bit_count() < mask.bit_count() else 0


def spot_name(puzzle: Puzzle, spot: Spot) -> str:
    """A place to look, as a person reads it: `clue 10`, `Colour:blue`, `Drink in house 3`."""
    if spot[0] == "clue":
        return f"clue {spot[1] + 1}"
    if spot[0] == "value":
        return puzzle.name((spot[1], spot[2]))
    return f"{puzzle.categories[spot[1]].name} {at_words(puzzle, 1 << spot[2])}"


# ---------------------------------------------------------------- the grid's words


PERSON_WORDS = frozenset({"name", "person", "people", "who"})  # a key of these names people: `each person has one pet`
MASS_NOUNS = frozenset({"music", "food", "clothing", "jewelry", "jewellery", "furniture", "hair", "money", "art"})


def name_words(category: Category) -> list[str]:
    """A category's name as words of a sentence: lower case but acronyms, a note in brackets (`(dollars)`) left out."""
    words = re.sub(r"\s*\(.*?\)", "", category.name).split() or [category.name]
    return [w if w.isupper() and len(w) > 1 else w.lower() for w in words]


def noun(category: Category) -> str:
    """A category's name singular, as a sentence says it: `weights` is weight, `Cigarettes` cigarette."""
    *before, head = name_words(category)
    return " ".join([*before, head if head.isupper() else stem(head)])


def one_value(category: Category) -> str:
    """What one value of a category is (`each person has one weight`): a category named by its unit (`Days`: 2, 3,
    4) has a number of them, not a day; `Music` a kind of music."""
    one, head, scale = noun(category), name_words(category)[-1], category.scale
    if scale is not None and scale.kind == "number" and head in scale.unit.names and not one.endswith(head):
        return f"number of {head}"
    return f"kind of {one}" if one in MASS_NOUNS else one


def thing(puzzle: Puzzle) -> str:
    """What the objects are called, one of them: a house, or the key's noun (a person where it names people)."""
    if puzzle.key is None:
        return "house"
    one = noun(puzzle.categories[puzzle.key])
    return "person" if one.split()[-1] in PERSON_WORDS else one


def things(puzzle: Puzzle) -> str:
    """The objects, more than one: houses, people, customers."""
    one = thing(puzzle)
    if one == "person":
        return "people"
    if re.search(r"[^aeiou]y$", one):
        return one[:-1] + "ies"
    return one + ("es" if one.endswith(("s", "x", "ch", "sh")) else "s")
