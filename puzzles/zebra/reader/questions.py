"""The page's questions (`Who owns the zebra?`, `What did Bea order?`), answered from its one solution.

A question names a value; its answer is the rest of that value's object:
every other category's value there, and the house when objects are houses
(only the house's number when that is what it asks, checked against the
answers a benchmark offers).
A question that names no value is answered with that, never refused: the
page still reads and solves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.core import PuzzleError
from puzzles.zebra.model import Puzzle
from puzzles.zebra.reader.mentions import find_mentions

CHOICE = re.compile(r"\s*(?:choice\s*:|\(?[A-J]\))\s*(.*\S)\s*$", re.IGNORECASE)
"""An answer a benchmark offers after its question: `choice: 3`, `(A) 2`."""
HOUSE_ASKED = re.compile(r"\b(?:number of the house|which house|what house)\b", re.IGNORECASE)
"""A question that asks only for a house: `What is the number of the house where the cat keeper lives?`"""


@dataclass(frozen=True)
class Answer:
    question: str
    answer: str

    def to_json(self) -> dict[str, str]:
        return {"question": self.question, "answer": self.answer}


def answers(puzzle: Puzzle, solution: tuple[tuple[str, ...], ...] | None) -> tuple[Answer, ...]:
    """Each question of the page with its answer; without one solution, what stops it."""
    found = []
    for question, choices in asked(puzzle.questions):
        said = answer(puzzle, question, solution)
        if choices and solution is not None and said not in choices:
            said += f" (not among its choices {', '.join(choices)})"
        found.append(Answer(question, said))
    return tuple(found)


def asked(lines: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """The questions of the page, each with the answers it offers (a benchmark's `choice: 3` lines after it)."""
    found: list[tuple[str, list[str]]] = []
    for line in lines:
        if (choice := CHOICE.fullmatch(line)) and found:
            found[-1][1].append(choice.group(1))
        else:
            found += [(q.strip() + "?", []) for q in line.split("?") if q.strip()]
    return found


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
    if puzzle.key is None and HOUSE_ASKED.search(question):
        return str(at + 1)
    told = [f"{puzzle.categories[c].name} {solution[at][c]}" for c in range(len(puzzle.categories)) if c not in named]
    if puzzle.key is None:
        told.append(f"house {at + 1}")
    return f"{puzzle.categories[category].values[value]}: {', '.join(told)}"
