"""`make screenshots` takes every view, each picture is in the README, and nothing in screenshots/ is stale."""

from pathlib import Path

from assistant.screenshots import View, take, views

ROOT = Path(__file__).parents[2]


def test_every_picture_is_a_view_and_in_the_readme():
    names = [view.name for view in views()]
    assert len(set(names)) == len(names)
    assert sorted(path.stem for path in (ROOT / "screenshots").glob("*.svg")) == sorted(names)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [name for name in names if f"(screenshots/{name}.svg)" not in readme] == []


async def test_a_view_is_taken_from_a_real_run(tmp_path):
    """The openings map: the peg screen, then `o`, saved once the openings have been worked out."""
    [openings] = [view for view in views() if view.name == "peg-openings"]
    path = await take(openings, tmp_path, (80, 24))
    assert path == tmp_path / "peg-openings.svg"
    assert "438,984&#160;winning&#160;games" in path.read_text(encoding="utf-8")


async def test_a_view_can_load_a_puzzle_first(tmp_path):
    from puzzles import peg

    path = await take(View("x", "peg", load=lambda: peg.start("triangle4", 2)), tmp_path, (80, 24))
    assert "triangle4" in path.read_text(encoding="utf-8")
