"""Logic-grid pages in the style the big puzzle sites print, each with its one answer proved by brute force.

`generate(seed)` writes a short story, one header line per category (`times :
8:00am, 8:30am.` or `Prices: $4.99, $5.99`), `Clues:` and numbered clues.
Exactly one category is ordered, a kind of quantity (`quantities`); the rest
come from an invented theme (`themes`).  Clues are drawn true of a hidden
answer (`clues`) until the brute force (`search`) leaves one answer, then each
clue the answer does not need is dropped.  Everything follows from the seed:
the pages test a reader on wording nobody tuned it to.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from puzzles.zebra.stories import search
from puzzles.zebra.stories.clues import Assignment, Category, Clue, Drawer, Page
from puzzles.zebra.stories.quantities import printed
from puzzles.zebra.stories.themes import NUMBERS, THEMES, Theme

__all__ = ["Story", "count", "generate"]

BUDGET = 3_000  # placements one search may try while a page is drawn


@dataclass(frozen=True)
class Story:
    """A page and its answer: for each object, its value in every category, in the page's category order."""

    text: str
    answer: tuple[tuple[str, ...], ...]
    headers: tuple[str, ...]
    values: tuple[tuple[str, ...], ...]
    clues: tuple[Clue, ...]
    ordered: int  # the category whose values are quantities, smallest first


def generate(seed: int, n: int = 4, categories: int = 3) -> Story:
    """A page of n objects in `categories` categories (one of them measured) with exactly one answer."""
    if not 4 <= n <= 7 or not 3 <= categories <= 5:
        raise ValueError("a story has 4 to 7 values in each of 3 to 5 categories")
    rng = Random(seed)
    page = hidden_page(rng, rng.choice(THEMES), n, categories)
    clues = unique_clues(page, rng)
    return Story(
        text=write(page, clues, rng),
        answer=rows(page.categories, page.hidden),
        headers=tuple(c.header for c in page.categories),
        values=tuple(c.values for c in page.categories),
        clues=tuple(clues),
        ordered=page.measured,
    )


def count(story: Story) -> int:
    """How many answers the story's clues allow (1 for every generated story)."""
    return search.count(len(story.values[0]), len(story.values), story.clues)


def hidden_page(rng: Random, theme: Theme, n: int, k: int) -> Page:
    """The theme's people, k - 2 plain categories and one measured one, shuffled; and a hidden answer."""
    measure = rng.choice(theme.measures)
    magnitudes, shown = printed(measure.kind, rng, n)
    cats = [
        Category(rng.choice(theme.people), tuple(sorted(rng.sample(theme.names, n))), None),
        *(
            Category(rng.choice(p.headers), tuple(sorted(rng.sample(p.values, n))), p)
            for p in rng.sample(theme.plains, k - 2)
        ),
        Category(rng.choice(measure.headers), shown, measure, magnitudes),
    ]
    rng.shuffle(cats)
    measured = next(i for i, c in enumerate(cats) if c.magnitudes)
    hidden = (tuple(range(n)), *(tuple(rng.sample(range(n), n)) for _ in range(k - 1)))
    return Page(theme, tuple(cats), measured, hidden)


def unique_clues(page: Page, rng: Random) -> list[Clue]:
    """True clues drawn until one answer is left, then those it does not need dropped.

    Each search has a budget of placements: where it runs out, the clues are
    taken as not yet unique (another clue is drawn) or the clue as needed (it
    stays), so a page may keep a clue more than it needs but never has two answers.
    """
    n, k = len(page.categories[0].values), len(page.categories)
    drawer, clues = Drawer(page, rng), []
    while not unique(n, k, clues):
        clue = drawer.draw()
        if clue.text not in {c.text for c in clues}:
            clues.append(clue)
    for clue in list(clues):
        rest = [c for c in clues if c is not clue]
        if unique(n, k, rest):
            clues = rest
    return clues


def unique(n: int, k: int, clues: list[Clue]) -> bool:
    """Proved to leave exactly one answer within the budget."""
    try:
        return search.count(n, k, clues, limit=2, budget=BUDGET) == 1
    except search.TooHard:
        return False


def rows(cats: tuple[Category, ...], hidden: Assignment) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(c.values[hidden[i][o]] for i, c in enumerate(cats)) for o in range(len(cats[0].values)))


def header(category: Category, rng: Random) -> str:
    """A category line in one of the two printed styles: `times : a, b.` or `Times: a, b`."""
    values = ", ".join(category.values)
    if rng.random() < 0.5:
        return f"{category.header[0].lower()}{category.header[1:]} : {values}."
    return f"{category.header[0].upper()}{category.header[1:]}: {values}"


def write(page: Page, clues: list[Clue], rng: Random) -> str:
    n = len(page.categories[0].values)
    intro = rng.choice(page.theme.intros).format(N=NUMBERS[n].capitalize(), n=NUMBERS[n])
    lines = [intro, "", *(header(c, rng) for c in page.categories), "", "Clues:"]
    lines += [f"{i}. {clue.text}" for i, clue in enumerate(clues, 1)]
    return "\n".join(lines) + "\n"
