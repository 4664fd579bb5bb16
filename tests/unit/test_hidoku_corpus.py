"""`solve hidoku --json` over the shared 500-board corpus: every board solved to its published answer, with a hint.

The answer and its hint each run on a work budget, so what this test sees is the
same on every machine; it reads the corpus only where the machine has it
(`../shared/corpora`), as the corpus's own README asks.
"""

import json
from pathlib import Path

import pytest

from assistant.bench import corpus_dir
from assistant.cli import main
from puzzles import hidoku

FOLDER = corpus_dir("hidoku-500")

pytestmark = pytest.mark.skipif(FOLDER is None, reason="shared/corpora/hidoku-500 is not on this machine")


def published(path: Path) -> list[list[int]]:
    """The corpus file's own solution, below its `[Solution]` line."""
    return [list(row) for row in hidoku.parse(path.read_text().split("[Solution]")[1]).grid]


def test_every_corpus_board_is_solved_to_its_published_answer_with_a_hint(capsys):
    paths = sorted(FOLDER.glob("[0-9]*.txt"))
    assert len(paths) == 500
    assert main(["solve", "hidoku", *map(str, paths), "--json"]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(answers) == len(paths)
    for path, answer in zip(paths, answers, strict=True):
        assert (answer["count"], answer["exact"]) == (1, True), path.name
        assert answer["solutions"] == [published(path)], path.name
        assert answer["hint"], path.name
