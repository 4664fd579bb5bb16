"""The registry of puzzle types: every type has what a new one must provide, and a missing example is said clearly."""

import pytest

from assistant.kinds import KINDS, Kind


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_type_has_an_engine_an_example_and_names_its_part_of_the_cli(kind):
    assert kind.title and kind.summary and kind.engine.parse and kind.first_example().strip()
    assert kind.cli is None or hasattr(kind.cli, "BENCHMARKS") or hasattr(kind.cli, "register")
    assert (kind.commands is not None) == hasattr(kind.cli, "register"), "the registry names the commands it adds"
    assert kind.keeps == hasattr(kind.cli, "kept"), "the registry says whose `solve` reads the app's cache"


def test_a_type_without_an_example_fails_saying_what_to_add():
    with pytest.raises(LookupError, match=r"add puzzles/examples/nonesuch-<example>\.txt"):
        Kind("nonesuch", "Nonesuch", "A type with no example yet.", "NonesuchScreen").screen()
