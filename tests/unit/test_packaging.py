"""What a fresh install gets: every package the code imports is declared, and the licence it names is there."""

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
OWN = {"assistant", "puzzles"}


def imported_top_level(folder: Path) -> set[str]:
    """The first name of every absolute import in a source tree."""
    names = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def declared(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower() for requirement in requirements}


def test_every_third_party_import_is_a_declared_dependency():
    third_party = {
        name
        for folder in OWN
        for name in imported_top_level(ROOT / folder)
        if name not in sys.stdlib_module_names and name not in OWN
    }
    distributions = packages_distributions()
    needed = {distributions[name][0].lower() for name in third_party}
    assert needed <= declared(PROJECT["dependencies"]), needed - declared(PROJECT["dependencies"])


def test_the_tests_own_imports_are_in_the_test_extra():
    third_party = {
        name
        for name in imported_top_level(ROOT / "tests")
        if name not in sys.stdlib_module_names and name not in OWN | {"tests"}
    }
    distributions = packages_distributions()
    needed = {distributions[name][0].lower() for name in third_party}
    available = declared(PROJECT["dependencies"]) | declared(PROJECT["optional-dependencies"]["test"])
    assert needed <= available, needed - available


def test_the_licence_named_is_shipped():
    assert PROJECT["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
