"""No import circles in the engines: no two modules (or more) import each other, not even inside a function.

A circle works only while the imports run in one order, and it hides which module is the lower layer: what
both sides need belongs in a third module they both import.  Imports under `if TYPE_CHECKING:` are left
out: they run no code, and an annotation may name a type from the layer above (puzzles/disks/ladder.py
names `Disks` so).
"""

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules_in(package: Path) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own, from its __init__.py)."""
    modules = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def imports_in(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import in the tree, at any depth (inside functions too), but those under `if TYPE_CHECKING:`."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    elif isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
        for branch in node.orelse:
            yield from imports_in(branch)
    else:
        for child in ast.iter_child_nodes(node):
            yield from imports_in(child)


def longest_module(name: str, modules: dict[str, Path]) -> str | None:
    """Of a.b.c, a.b and a, the longest that is one of the modules (`import a.b.c` imports all three)."""
    parts = name.split(".")
    return next((m for m in (".".join(parts[:k]) for k in range(len(parts), 0, -1)) if m in modules), None)


def import_graph(package: Path) -> dict[str, set[str]]:
    """Per module, the package's modules it imports: `from a.b import c` imports a.b.c where that is a module,
    else a.b; relative imports are read from the module's own package."""
    modules = modules_in(package)
    graph = {}
    for name, path in modules.items():
        home = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets: set[str | None] = set()
        for node in imports_in(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {longest_module(alias.name, modules) for alias in node.names}
                continue
            base = node.module or ""
            if node.level:
                base = ".".join(home[: len(home) - node.level + 1] + ([node.module] if node.module else []))
            targets |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names}
        graph[name] = (targets & modules.keys()) - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two modules or more each reaching every other (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def test_circles_are_found_of_two_modules_and_of_three_and_nothing_else():
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a", "c"}}
    assert circles(graph) == [["a", "b"], ["c", "d", "e"]]


def test_the_graph_sees_imports_inside_functions_and_relative_ones_and_leaves_out_type_checking_ones(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg.a import A\n")
    (package / "a.py").write_text("A = 1\n\n\ndef late():\n    from pkg import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\n\nfrom . import c\n\nif TYPE_CHECKING:\n    import pkg\n"
    )
    (package / "c.py").write_text("import os\nimport pkg.a\n")
    graph = import_graph(package)
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": {"pkg.a"}}
    assert circles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_no_engine_module_is_imported_back_by_what_it_imports():
    found = circles(import_graph(ROOT / "puzzles"))
    assert found == [], "import circles: " + "; ".join(" <-> ".join(group) for group in found)
