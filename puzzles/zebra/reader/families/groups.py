"""Values taken together: all different, a list of all the objects, neither-nor, one-the-other, either-or."""

from __future__ import annotations

from puzzles.zebra.model import HowMany, differ, same
from puzzles.zebra.reader.skeleton import NUMBERS, Reading, Said, how_many, negated


def all_different(r: Reading, listed: bool = False) -> Said | None:
    """`A, B and C are all different`, `Gail and the baker are different people`: no two are one object."""
    if not listed and (len(r.refs) < 2 or not r.has(r"\b(all )?different\b") or r.has(r"\bparity\b")):
        return None
    refs = r.refs
    names = [r.name(ref) for ref in refs]
    text = f"{', '.join(names[:-1])} and {names[-1]} are all different"
    pairs = [differ(a, b) for i, a in enumerate(refs) for b in refs[i + 1 :] if a[0] != b[0]]
    # One atom a pair, each over two categories: one atom over all of them would be a table of every arrangement.
    # Two values of one category are different objects already.
    return [(pairs[0] if pairs else None, text)] + [(pair, "") for pair in pairs[1:]]


def listed(r: Reading) -> Said | None:
    """`The four errands are Gail's, the 9:00am one, the florist trip and the bakery visit`: all different."""
    match = r.has(r"^the (\w+) [^@]*\b(?:are|were|will be)\b[^@]*@(?:[^@]*,[^@]*@)*[^@]*\band\b[^@]*@[^@]*$")
    if match is None or len(r.refs) < 3 or how_many(match.group(1)) != len(r.refs):
        return None
    said = all_different(r, listed=True)
    return said


def neither(r: Reading) -> Said | None:
    """`Neither A nor B is C`: as the sites mean it, three different things, so A is not B either."""
    if len(r.refs) != 3 or not r.has(r"\bneither\b[^@]*@.*\bnor\b[^@]*@"):
        return None
    return all_different(r, listed=True)


def one_other(r: Reading) -> Said | None:
    """`Of A and B, one is C and the other is D`: a pairing in either order, A and B distinct."""
    if len(r.refs) != 4 or not r.has(r"\bthe other\b"):
        return None
    a, b, c, d = r.refs
    names = [r.name(ref) for ref in r.refs]
    both = (HowMany((same(a, c), same(b, d)), 2, 2), HowMany((same(a, d), same(b, c)), 2, 2))
    return [
        (HowMany(both, 1, 2), f"of {names[0]} and {names[1]}, one is {names[2]} and the other is {names[3]}"),
        (differ(a, b), f"{names[0]} != {names[1]}"),
    ]


def either_or(r: Reading) -> Said | None:
    """`Either A or B is C`, `A is either B or C`, `A and B are in either C or D`."""
    if " or " not in r.skeleton or len(r.refs) not in (3, 4):
        return None
    refs, names = r.refs, [r.name(ref) for ref in r.refs]
    inclusive = bool(r.has(r"\bor both\b"))  # puzzle sites mean exactly one unless they say `or both`
    high, tail = (2, " or both") if inclusive else (1, ", but not both")
    before_or = r.skeleton[: r.skeleton.index(" or ")].count("@")
    if len(refs) == 4 and before_or == 2 and r.has(r"^either\b"):  # `Either Ann bought the Fiat or Bo bought the Kia`
        a, b, c, d = refs
        text = f"{names[0]} == {names[1]} or {names[2]} == {names[3]}{tail}"
        return [(HowMany((same(a, b), same(c, d)), 1, high), text)]
    if len(refs) == 4 and before_or == 3:
        a, b, c, d = refs
        return [
            (HowMany((same(a, c), same(a, d)), 1, 1), f"{names[0]} == {names[2]} or {names[0]} == {names[3]}"),
            (HowMany((same(b, c), same(b, d)), 1, 1), f"{names[1]} == {names[2]} or {names[1]} == {names[3]}"),
            (differ(a, b), f"{names[0]} != {names[1]}"),
        ]
    if len(refs) != 3:
        return None
    if negated(r):  # `A is not B or C`: neither
        if before_or != 2 or r.has(r"\beither\b"):
            return None
        (a, b, c), (x, y, z) = refs, names
        return [(differ(a, b), f"{x} != {y}"), (differ(a, c), f"{x} != {z}")]
    if before_or == 1:  # A or B is C
        (a, b, c), (x, y, z) = refs, names
        atoms, text = (same(a, c), same(b, c)), f"{x} == {z} or {y} == {z}"
    elif before_or == 2:  # A is B or C
        (a, b, c), (x, y, z) = refs, names
        atoms, text = (same(a, b), same(a, c)), f"{x} == {y} or {x} == {z}"
    else:
        return None
    return [(HowMany(atoms, 1, high), text + tail)]


WORDS = {
    all_different: NUMBERS + "all different distinct from and are each other",
    listed: NUMBERS + "the are were will be and",
    neither: "neither nor and",
    one_other: "of one the other and either or is are",
    either_or: "either or both but not and",
}
