"""The page's questions (`Who owns the zebra?`, `What did Bea order?`), answered from its one solution.

A question names a value; its answer is the rest of that value's object:
every other category's value there, and the house when objects are houses.
A question that names no value is answered with that, never refused: the
page still reads and solves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.core import PuzzleError
from puzzles.zebra.mentions import find_mentions
from puzzles.zebra.model import Puzzle


@dataclass(frozen=True)
class Answer:
    question: str
    answer: str

    def to_json(self) -> dict[str, str]:
        return {"question": self.question, "answer": self.answer}


def answers(puzzle: Puzzle, solution: tuple[tuple[str, ...], ...] | None) -> tuple[Answer, ...]:
    """Each question of the page with its answer; without one solution, what stops it."""
    asked = [q.strip() + "?" for text in puzzle.questions for q in text.split("?") if q.strip()]
    return tuple(Answer(question, answer(puzzle, question, solution)) for question in asked)


def answer(puzzle: Puzzle, question: str, solution: tuple[tuple[str, ...], ...] | None) -> str:
    if solution is None:
        return "no answer until the clues leave one solution"
    try:
        mentions = find_mentions(puzzle, re.sub(r"^\s*(?:now|so|then)\s*,\s*", "", question, flags=re.IGNORECASE), [])
    except PuzzleError as error:
        return f"cannot read the question: {error.message}"
    if not mentions:
        return "it names no value of this puzzle"
    category, value = mentions[0].ref
    named = {m.ref[0] for m in mentions}
    at = next(o for o, row in enumerate(solution) if row[category] == puzzle.categories[category].values[value])
    told = [f"{puzzle.categories[c].name} {solution[at][c]}" for c in range(len(puzzle.categories)) if c not in named]
    if puzzle.key is None:
        told.append(f"house {at + 1}")
    return f"{puzzle.categories[category].values[value]}: {', '.join(told)}"
