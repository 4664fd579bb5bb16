"""The logic-grid-quint-t corpus's forms, exactly as it writes them (`A == B`, `A is on the left of B`)."""

from __future__ import annotations

import re

from puzzles.zebra.model import Between, Gap, HowMany, differ, same
from puzzles.zebra.reader.families.positions import EVEN, LEFT, NOT_LEFT, NOT_RIGHT, ODD, RIGHT
from puzzles.zebra.reader.skeleton import Reading, Said, need_positions


def formal(r: Reading) -> Said | None:
    """The corpus's forms, exactly as it writes them."""
    s, refs = r.skeleton, r.refs
    names = [r.name(ref) for ref in refs]
    binary = {
        "@ == @": frozenset({0}),
        "@ != @": None,
        "@ is on the left of @": frozenset({-1}),
        "@ is on the right of @": frozenset({1}),
        "@ is on the left or right of @": frozenset({-1, 1}),
        "@ is immediately to the left of @": frozenset({-1}),
        "@ is immediately to the right of @": frozenset({1}),
        "@ is next to @": frozenset({-1, 1}),
        "@ is somewhere to the left of @": LEFT,
        "@ is somewhere to the right of @": RIGHT,
        "@ is not to the left of @": NOT_LEFT,
        "@ is not to the right of @": NOT_RIGHT,
        "@ and @ have the same parity positions": EVEN,
        "@ and @ have different parity positions": ODD,
    }
    if s in binary:
        gaps = binary[s]
        if gaps is None:
            return [(differ(*refs), f"{names[0]} != {names[1]}")]
        if gaps != frozenset({0}):
            need_positions(r, s.replace("@ ", "").replace(" @", ""))
        return [(Gap(refs[0], refs[1], gaps), s.replace("@", "{}").format(*names))]
    if s in ("@ is between @ and @", "@ is somewhere between @ and @"):
        need_positions(r, "between")
        return [(Between(*refs, immediate="somewhere" not in s), s.replace("@", "{}").format(*names))]
    if match := re.fullmatch(r"(@ (==|!=) @) or (@ (==|!=) @)(, but not both| or both)", s):
        atoms = tuple(
            same(refs[i], refs[i + 1]) if op == "==" else differ(refs[i], refs[i + 1])
            for i, op in ((0, match.group(2)), (2, match.group(4)))
        )
        high = 1 if "not both" in match.group(5) else 2
        return [(HowMany(atoms, 1, high), s.replace("@", "{}").format(*names))]
    return None
