"""Start-up pays only for what it uses: `--help`, the registry and the home screen import no engine.

Each check runs in a fresh interpreter and reads its `sys.modules`, so what an
earlier test imported cannot hide an eager import.  No timing is asserted:
`puzzle-assistant bench startup` measures the times.
"""

import json
import re
import subprocess
import sys

import pytest

from assistant.cli import main
from assistant.kinds import BY_NAME, KINDS

ENGINES = {f"puzzles.{kind.name}" for kind in KINDS}
HEAVY = {"numpy", "numba", "puzzles.sudoku", "puzzles.zebra.solver", "puzzles.peg.sweep", "multiprocessing"}


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120)
    return set(json.loads(result.stdout.splitlines()[-1]))


def run_cli(*argv: str) -> str:
    return f"from assistant.cli import main\ntry:\n    main({list(argv)!r})\nexcept SystemExit:\n    pass"


@pytest.mark.parametrize(
    "argv",
    [(), ("--help",), ("solve", "--help"), ("bench", "--help"), ("--version",)],
    ids=lambda argv: " ".join(argv) or "import only",
)
def test_the_command_line_and_its_help_import_no_engine_nor_textual(argv):
    code = run_cli(*argv) if argv else "import assistant.cli, assistant.kinds"
    loaded = loaded_after(code)
    assert loaded & (ENGINES | HEAVY | {"textual", "rich.console"}) == set()


@pytest.mark.parametrize(
    "argv",
    [
        ("disks", "puzzles/examples/disks-original.txt", "--json"),
        ("disks", "puzzles/examples/disks-original.txt"),
        ("sudoku", "puzzles/examples/sudoku-mini.txt"),  # searched by Python itself: no numba
        ("mastermind", "puzzles/examples/mastermind-solo-practice.txt"),  # no worker processes
        ("peg", "puzzles/examples/peg-triangle5.txt"),  # reads its kind_cli module for the cached tables
    ],
    ids=lambda argv: " ".join(argv[:1] + argv[2:]),
)
def test_solving_one_type_imports_that_engine_alone_and_prints_the_answer_without_rich(argv):
    name = argv[0]
    loaded = loaded_after(run_cli("solve", *argv))
    assert loaded & (ENGINES | HEAVY) == {f"puzzles.{name}", "numpy"}
    assert {m for m in loaded if m.startswith("assistant.kind_cli.")} == (
        {f"assistant.kind_cli.{name}"} if BY_NAME[name].keeps else set()
    ), "a type's command-line module (its benchmarks' imports) only where solve takes what the app keeps"
    assert {m for m in loaded if m.split(".")[0] == "rich"} == set()


@pytest.mark.parametrize(
    "argv, engine",
    [(("solve", "mastermind", "--help"), "puzzles.mastermind"), (("peg", "--help"), "puzzles.peg")],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else value,
)
def test_a_type_named_on_the_command_line_reads_its_own_engine_only(argv, engine):
    assert loaded_after(run_cli(*argv)) & ENGINES == {engine}


def test_the_app_reaches_its_home_screen_without_an_engine_and_opens_each_type_with_its_own():
    code = """
import sys
from assistant.app import PuzzleAssistant

engines = {}

async def visit(pilot):
    await pilot.pause()
    engines["home"] = sorted(m for m in sys.modules if m.startswith("puzzles.") and m.count(".") == 1)
    engines["markdown"] = "markdown_it" in sys.modules  # the help dialog's parser, loaded when help is shown
    await pilot.app.switch_mode("jodici")
    await pilot.pause()
    engines["jodici"] = sorted(m for m in sys.modules if m.startswith("puzzles.") and m.count(".") == 1)
    await pilot.app.switch_mode("mastermind")  # its screen keeps its totals beside peg's tables (assistant/tables.py)
    await pilot.pause()
    engines["mastermind"] = sorted(m for m in sys.modules if m.startswith("puzzles.") and m.count(".") == 1)
    pilot.app.exit()

PuzzleAssistant(restore_sessions=False).run(headless=True, auto_pilot=visit)
print(json.dumps(engines))
"""
    script = f"import json\n{code}"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120)
    engines = json.loads(result.stdout.splitlines()[-1])
    assert set(engines["home"]) & ENGINES == set() and not engines["markdown"]
    assert set(engines["jodici"]) & ENGINES == {"puzzles.jodici"}
    assert set(engines["mastermind"]) & ENGINES == {"puzzles.jodici", "puzzles.mastermind"}


def test_bench_startup_puts_each_program_beside_its_baseline(capsys):
    assert main(["bench", "startup", "--repeat", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    names = ["--help", "solve disks (the original setup)", "solve disks --json (the original setup)"]
    names += ["solve sudoku (the 4x4 example)", "the app's first frame (home)"]
    assert [f["name"].split(",")[0] for f in figures] == names
    assert all(f["kind"] == "startup" and f["runs"] == 1 and f["median"] > 0 for f in figures)
    assert [f["note"].split(" ")[0] for f in figures] == ["numpy"] * 4 + ["bare"]
    assert all(re.search(r": \d+\.\d\dx \((within|over) 1\.5x; CPU \d+\.\d\dx\), load ", f["note"]) for f in figures)


def test_the_zebra_screen_loads_the_compiled_count_ahead_only_for_a_grid_that_may_need_it():
    """Loading numba takes most of a second: a big grid's first count would spend its budget on it."""
    warm = "from puzzles import zebra\nzebra.warm_up(zebra.parse(open({!r}).read()))"
    assert "numba" not in loaded_after(warm.format("puzzles/examples/zebra-einstein.txt"))
    assert "puzzles.zebra.count.kernel" in loaded_after(warm.format("tests/fixtures/zebra-gen-8x8-1-formal.txt"))
