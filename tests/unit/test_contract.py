"""Every puzzle type keeps the engine contract (puzzles.core.Engine), as Harlequin checks its adapters.

The app and the CLI treat engines alike through this contract alone, so a
ninth puzzle type that passes these tests plugs in with one line in kinds.py.
"""

import inspect

import pytest

from assistant.kinds import KINDS
from puzzles import magic
from puzzles.core import Budget, Count, Option, Status
from puzzles.examples import examples

ENGINES = [pytest.param(kind.engine, id=kind.name) for kind in KINDS]
EXAMPLES = [
    pytest.param(kind.engine, text, id=f"{kind.name}-{name}")
    for kind in KINDS
    for name, text in examples(kind.name).items()
]


def keywords(function) -> dict[str, inspect.Parameter]:
    return {
        name: parameter
        for name, parameter in inspect.signature(function).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    }


@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_names_what_the_app_and_the_cli_read(engine):
    assert isinstance(engine.SOLVE_OPTIONS, tuple) and all(isinstance(o, Option) for o in engine.SOLVE_OPTIONS)
    assert engine.BUDGET is None or (isinstance(engine.BUDGET, Budget) and engine.BUDGET.seconds is None)
    assert {"budget", "should_stop"} <= set(keywords(engine.analyse))
    assert {"limit", "budget", "should_stop"} <= set(keywords(engine.solve))
    assert keywords(engine.solve)["budget"].default is engine.BUDGET, "solve defaults to the engine's work budget"


@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_has_an_example_to_open_with(engine):
    kind = next(kind for kind in KINDS if kind.engine is engine)
    assert examples(kind.name), f"puzzles/examples/{kind.name}-*.txt: the screen opens on the first one"


@pytest.mark.parametrize("engine, text", EXAMPLES)
def test_every_example_reads_back_and_analyses_into_what_the_panel_shows(engine, text):
    puzzle = engine.parse(text)
    assert engine.parse(engine.format(puzzle)) == puzzle
    analysis = engine.analyse(puzzle)
    assert isinstance(analysis.count, Count) and isinstance(analysis.status, Status)
    assert analysis.status.tone in {"info", "good", "warning", "bad"}
    assert isinstance(analysis.headline, str) and analysis.headline
    report = engine.solve(puzzle, limit=2)
    assert {"count", "solutions"} <= set(report.to_json()) and isinstance(report.to_text(), str)


@pytest.mark.parametrize(
    "count, status",
    [
        (Count(0), Status.CONTRADICTION),
        (Count(0, exact=False), Status.UNKNOWN),
        (Count(1), Status.UNIQUE),
        (Count(1, exact=False), Status.UNKNOWN),  # one found, maybe the only one
        (Count(2, exact=False), Status.SEVERAL),
        (Count(5), Status.SEVERAL),
    ],
)
def test_a_count_implies_a_status(count, status):
    assert Status.of(count) is status and status == status.value


def test_solve_says_one_completion_found_is_unknown_whether_unique_not_several():
    board = magic.parse(". . . .\n. . . .\n. . . .\n. . . .\n")
    report = magic.solve(board, budget=Budget(work=50))  # a classic square found, the count cut short
    assert report.to_text().splitlines()[0] == "at least 1 completion (unknown whether unique)"
    assert report.to_json()["status"] == "unknown" and report.to_json()["exact"] is False
