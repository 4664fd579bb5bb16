"""Clues the sites print, each drawn true of a hidden answer, written in words and kept as a predicate.

An assignment gives, per category, the value index of each object (the
first category is the key: object i has its value i; -1 while the search has
not placed it, and a clue that needs it raises `Unknown`).  A clue names values as
entities `(category, value)`; its predicate holds when the objects holding
those values stand as the clue says.  "Either ... or ..." means exactly one,
as the sites mean it.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Callable, Sequence

from puzzles.zebra.stories.themes import NUMBERS, Measure, Plain, Theme

Entity = tuple[int, int]
NOT_WAS = ("wasn't", "isn't", "was not", "is not")
Assignment = Sequence[Sequence[int]]


class Unknown(Exception):
    """A value the search has not placed yet: the clue cannot be decided on this partial assignment."""


@dataclass(frozen=True)
class Category:
    """One printed category: its header, values in printed order, and how the theme speaks of it."""

    header: str
    values: tuple[str, ...]
    spec: Plain | Measure | None  # None: the people
    magnitudes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Page:
    """What the clues are drawn from: the theme, the categories, the measured one and the hidden answer."""

    theme: Theme
    categories: tuple[Category, ...]
    measured: int
    hidden: Assignment


@dataclass(frozen=True)
class Clue:
    """A printed clue and its meaning as a predicate over an assignment."""

    text: str
    holds: Callable[[Assignment], bool]
    categories: frozenset[int]


def holder(at: Assignment, entity: Entity) -> int:
    """The object holding a value (unplaced values raise `Unknown`)."""
    row = at[entity[0]]
    if entity[1] not in row:
        raise Unknown
    return row.index(entity[1])


def held(at: Assignment, category: int, obj: int) -> int:
    """The value an object holds in a category (unplaced raise `Unknown`)."""
    value = at[category][obj]
    if value < 0:
        raise Unknown
    return value


def same(a: Entity, b: Entity) -> Callable[[Assignment], bool]:
    return lambda at: holder(at, a) == holder(at, b)


def differ(a: Entity, b: Entity) -> Callable[[Assignment], bool]:
    test = same(a, b)
    return lambda at: not test(at)


def exactly_one(*tests: Callable[[Assignment], bool]) -> Callable[[Assignment], bool]:
    return lambda at: sum(test(at) for test in tests) == 1


class Writer:
    """Noun phrases and statements for one page, in two families: people ("Gail", "the person who
    went to the bakery") and things ("Gail's errand", "the errand at the bakery")."""

    def __init__(self, page: Page, rng: Random) -> None:
        self.page, self.rng, self.theme = page, rng, page.theme

    def value(self, entity: Entity) -> str:
        return self.page.categories[entity[0]].values[entity[1]]

    def spec(self, entity: Entity) -> Plain | Measure | None:
        return self.page.categories[entity[0]].spec

    def personal(self, entity: Entity) -> bool:
        """Whether a person can be named by this value ("the person who paid $4.99")."""
        spec = self.spec(entity)
        return not isinstance(spec, Measure) or bool(spec.person_is)

    def name(self, entity: Entity, people: bool) -> str:
        spec, v, noun = self.spec(entity), self.value(entity), self.theme.noun
        if spec is None:
            return v if people else self.theme.named.format(v=v, noun=noun)
        if people:
            does = spec.does if isinstance(spec, Plain) else spec.person_is
            return f"the {self.theme.person} who {does.format(v=v)}"
        return self.rng.choice(spec.things).format(v=v, noun=noun)

    def state(self, entity: Entity, people: bool, negative: bool = False) -> str:
        """What a subject is or did: "went to the bakery", "is the 8:30am errand", "wasn't Gail"."""
        spec, v = self.spec(entity), self.value(entity)
        if people and spec is None:
            return f"{self.rng.choice(NOT_WAS) if negative else 'was'} {v}"
        if people and self.rng.random() < 0.7:
            if isinstance(spec, Plain):
                return (self.rng.choice(spec.does_not) if negative else spec.does).format(v=v)
            return (spec.person_is_not if negative else spec.person_is).format(v=v)
        if not people and isinstance(spec, Measure) and self.rng.random() < 0.5:
            return (spec.is_not if negative else spec.is_).format(v=v)
        verb = self.rng.choice(NOT_WAS) if negative else self.rng.choice(("is", "was"))
        return f"{verb} {self.name(entity, people)}"

    def compare(self, people: bool) -> tuple[str, Measure]:
        measure = self.page.categories[self.page.measured].spec
        assert isinstance(measure, Measure)
        return (measure.person_verb if people else measure.verb), measure


def sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def listed(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(noun: str) -> str:
    """More than one, as a page writes it: `entries`, `people`, `runners`."""
    if noun == "person":
        return "people"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "es" if noun.endswith(("s", "sh", "ch", "x")) else noun + "s"


class Drawer:
    """Draws clues true of the hidden answer, in the forms the sites use, with their predicates."""

    FORMS = (
        "is_",
        "is_not",
        "either_is",
        "either_of",
        "neither",
        "of_pair",
        "different",
        "all_different",
        "compare_by",
        "compare",
        "plus_or_minus",
    )
    WEIGHTS = (4, 3, 3, 2, 2, 3, 1, 1, 6, 4, 1)

    def __init__(self, page: Page, rng: Random) -> None:
        self.page, self.rng, self.write = page, rng, Writer(page, rng)
        self.n = len(page.categories[0].values)
        self.k = len(page.categories)

    def draw(self) -> Clue:
        form = self.rng.choices(self.FORMS, self.WEIGHTS)[0]
        return getattr(self, form)()

    def at(self, obj: int, category: int) -> Entity:
        """The value an object holds in a category, in the hidden answer."""
        return category, self.page.hidden[category][obj]

    def categories(self, count: int) -> list[int]:
        return self.rng.sample(range(self.k), count)

    def unmeasured(self) -> int:
        return self.rng.choice([c for c in range(self.k) if c != self.page.measured])

    def objects(self, count: int) -> list[int]:
        return self.rng.sample(range(self.n), count)

    def family(self, *entities: Entity) -> bool:
        """People or things: people only when every value can name a person, half the time."""
        return all(map(self.write.personal, entities)) and self.rng.random() < 0.5

    def clue(
        self, text: str, holds: Callable[[Assignment], bool], entities: tuple[Entity, ...], measured: bool = False
    ) -> Clue:
        cats = frozenset(c for c, _ in entities) | ({self.page.measured} if measured else set())
        return Clue(sentence(text), holds, cats)

    def is_(self) -> Clue:
        o, (c, d) = self.objects(1)[0], self.categories(2)
        a, b = self.at(o, c), self.at(o, d)
        people = self.family(a, b)
        return self.clue(f"{self.write.name(a, people)} {self.write.state(b, people)}", same(a, b), (a, b))

    def is_not(self) -> Clue:
        (o, p), (c, d) = self.objects(2), self.categories(2)
        a, b = self.at(o, c), self.at(p, d)
        people = self.family(a, b)
        return self.clue(
            f"{self.write.name(a, people)} {self.write.state(b, people, negative=True)}", differ(a, b), (a, b)
        )

    def either_is(self) -> Clue:
        """X is either Y or Z: exactly one of the two."""
        (o, p), (c, d, e) = self.objects(2), self.categories(3)
        x, y, z = self.at(o, c), self.at(o, d), self.at(p, e)
        y, z = self.rng.sample((y, z), 2)
        people = self.family(x, y, z)
        name = self.write.name
        text = f"{name(x, people)} {self.rng.choice(('is', 'was'))} either {name(y, people)} or {name(z, people)}"
        return self.clue(text, exactly_one(same(x, y), same(x, z)), (x, y, z))

    def either_of(self) -> Clue:
        """Either X or Y is Z: exactly one of the two."""
        (o, p), (c, d, e) = self.objects(2), self.categories(3)
        z, x, y = self.at(o, c), self.at(o, d), self.at(p, e)
        x, y = self.rng.sample((x, y), 2)
        people = self.family(x, y, z)
        text = f"either {self.write.name(x, people)} or {self.write.name(y, people)} {self.write.state(z, people)}"
        return self.clue(text, exactly_one(same(x, z), same(y, z)), (x, y, z))

    def neither(self) -> Clue:
        (o, p, q), c = self.objects(3), self.rng.randrange(self.k)
        d, e = (self.rng.choice([other for other in range(self.k) if other != c]) for _ in "de")
        z, x, y = self.at(o, c), self.at(p, d), self.at(q, e)
        people = self.family(x, y, z)
        xz, yz = differ(x, z), differ(y, z)
        text = f"neither {self.write.name(x, people)} nor {self.write.name(y, people)} {self.write.state(z, people)}"
        return self.clue(text, lambda at: xz(at) and yz(at), (x, y, z))

    def of_pair(self) -> Clue:
        """Of X and Y, one is Z and the other is W: two different objects, matched one way or the other."""
        (o, p) = self.objects(2)
        a, b = self.rng.choice(range(self.k)), self.rng.choice(range(self.k))
        rest = [c for c in range(self.k) if c not in (a, b)]
        c, d = self.rng.choice(rest), self.rng.choice(rest)
        x, y, z, w = self.at(o, a), self.at(p, b), self.at(o, c), self.at(p, d)
        z, w = self.rng.sample((z, w), 2)
        people = self.family(x, y, z, w)
        xz, yw, xw, yz, xy, zw = same(x, z), same(y, w), same(x, w), same(y, z), same(x, y), same(z, w)
        text = (
            f"of {self.write.name(x, people)} and {self.write.name(y, people)}, one "
            f"{self.write.state(z, people)} and the other {self.write.state(w, people)}"
        )
        return self.clue(
            text, lambda at: not xy(at) and not zw(at) and ((xz(at) and yw(at)) or (xw(at) and yz(at))), (x, y, z, w)
        )

    def different(self) -> Clue:
        (o, p), (c, d) = self.objects(2), self.categories(2)
        a, b = self.at(o, c), self.at(p, d)
        people = self.family(a, b)
        theme = self.page.theme
        kind = f"different {plural(theme.person)}" if people else f"two different {plural(theme.noun)}"
        return self.clue(
            f"{self.write.name(a, people)} and {self.write.name(b, people)} are {kind}", differ(a, b), (a, b)
        )

    def all_different(self) -> Clue:
        """The four errands are A, B, C and D: one value of each object, not all of one category."""
        picks = [self.at(o, self.rng.randrange(self.k)) for o in range(self.n)]
        if len({c for c, _ in picks}) < 3:
            return self.draw()
        self.rng.shuffle(picks)
        names = [self.write.name(e, False) for e in picks]
        number = NUMBERS[self.n]
        return self.clue(
            f"the {number} {plural(self.page.theme.noun)} are {listed(names)}",
            lambda at: len({holder(at, e) for e in picks}) == self.n,
            tuple(picks),
        )

    def pair(self) -> tuple[Entity, Entity, int, bool]:
        """Two values of different objects outside the measured category, and their difference."""
        o, p = self.objects(2)
        a, b = self.at(o, self.unmeasured()), self.at(p, self.unmeasured())
        magnitudes = self.page.categories[self.page.measured].magnitudes
        m = self.page.measured
        difference = magnitudes[self.page.hidden[m][o]] - magnitudes[self.page.hidden[m][p]]
        return a, b, difference, self.family(a, b) and bool(self.write.compare(True)[0])

    def gap(self, a: Entity, b: Entity) -> Callable[[Assignment], int]:
        m, magnitudes = self.page.measured, self.page.categories[self.page.measured].magnitudes
        return lambda at: magnitudes[held(at, m, holder(at, a))] - magnitudes[held(at, m, holder(at, b))]

    def compare_by(self) -> Clue:
        """X started 30 minutes after Y."""
        a, b, difference, people = self.pair()
        verb, measure = self.write.compare(people)
        way = measure.kind.up if difference > 0 else measure.kind.down
        gap = self.gap(a, b)
        text = (
            f"{self.write.name(a, people)} {verb} {measure.kind.amount(abs(difference))} {way} "
            f"{self.write.name(b, people)}"
        )
        return self.clue(text, lambda at: gap(at) == difference, (a, b), measured=True)

    def compare(self) -> Clue:
        """X started sometime after Y."""
        a, b, difference, people = self.pair()
        verb, measure = self.write.compare(people)
        way = self.rng.choice(measure.kind.vague).format(w=measure.kind.up if difference > 0 else measure.kind.down)
        gap, up = self.gap(a, b), difference > 0
        text = f"{self.write.name(a, people)} {verb} {way} {self.write.name(b, people)}"
        return self.clue(text, lambda at: (gap(at) > 0) == up and gap(at) != 0, (a, b), measured=True)

    def plus_or_minus(self) -> Clue:
        """X paid either $2 more or $2 less than Y."""
        a, b, difference, people = self.pair()
        verb, measure = self.write.compare(people)
        amount, up, down = measure.kind.amount(abs(difference)), measure.kind.up, measure.kind.down
        if up.endswith(" than") and down.endswith(" than"):
            way = f"either {amount} {up[:-5]} or {amount} {down[:-5]} than"
        else:
            way = f"either {amount} {up} or {amount} {down}"
        gap = self.gap(a, b)
        text = f"{self.write.name(a, people)} {verb} {way} {self.write.name(b, people)}"
        return self.clue(text, lambda at: abs(gap(at)) == abs(difference), (a, b), measured=True)
