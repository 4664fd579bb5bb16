"""The bundled example puzzles: plain text files named `<kind>-<name>.txt`."""

from __future__ import annotations


def examples(kind: str) -> dict[str, str]:
    """The bundled examples of one puzzle type, by name, in name order."""
    from importlib import resources  # here: `solve` and `--help` import this module but read no example

    prefix = f"{kind}-"
    files = sorted(
        entry
        for entry in resources.files(__package__).iterdir()
        if entry.name.startswith(prefix) and entry.name.endswith(".txt")
    )
    return {entry.name[len(prefix) : -4]: entry.read_text(encoding="utf-8") for entry in files}
