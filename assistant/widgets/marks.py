"""Pencil marks in an empty cell, at the level the person chose: nothing, counts, or the candidates.

The candidates stay live, but a person decides how much of them to see:

- "nothing": the board as printed, with only what was typed;
- "counts": how many values each empty cell has left, as a subscript (₃);
- "candidates": the values themselves, as superscripts (² ⁷), so that even a
  cell with one value left reads as a pencil mark and never as an entry.

Values are run together only on boards of single digits (or symbols, as
Sudoku's A..G); elsewhere they are separated ("² ⁷", never "²⁷", which reads as
27), and a cell too narrow for them shows their count instead, or nothing where
even that does not fit.  "×" means no value fits, at every level but "nothing".
The person's own pencil marks are superscripts too (`own_marks`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

LEVELS = ("nothing", "counts", "candidates")
DEFAULT_LEVEL = "counts"  # the puzzle, not what looks like its answer, on first sight
SAYING = {
    "nothing": "no marks",
    "counts": "marks show how many values each empty cell has left",
    "candidates": "marks show the values each empty cell can still take",
}

# A..G: a 16x16 Sudoku's 10..16, as small letters (the small capitals lack C and F in most fonts)
SUPERSCRIPT = str.maketrans("0123456789-ABCDEFG", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻ᵃᵇᶜᵈᵉᶠᵍ")
SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def next_level(level: str) -> str:
    return LEVELS[(LEVELS.index(level) + 1) % len(LEVELS)] if level in LEVELS else DEFAULT_LEVEL


def pencil_marks(
    values: Sequence[int],
    width: int,
    level: str,
    *,
    single_digits: bool = False,
    spell: Callable[[int], str] = str,
) -> str:
    """An empty cell's marks in at most `width` columns, at `level`.

    `single_digits`: every value is spelled in one character; `spell`: a value as the board writes it.
    """
    if level not in ("counts", "candidates"):
        return ""
    if not values:
        return "×"
    count = str(len(values)).translate(SUBSCRIPT)
    count = count if len(count) <= width else ""  # a cut count ("₁" of 16) would be a wrong one
    if level == "counts":
        return count
    for joined in (" ".join(map(spell, values)), "".join(map(spell, values)) if single_digits else ""):
        if joined and len(joined) <= width:
            return joined.translate(SUPERSCRIPT)
    return count


def own_marks(values: Sequence[int], width: int, spell: Callable[[int], str] = str) -> str:
    """The person's own pencil marks (values of one character) as superscripts; more than fit end in "…"."""
    joined = "".join(map(spell, values)).translate(SUPERSCRIPT)
    return joined if len(joined) <= width else joined[: width - 1] + "…"
