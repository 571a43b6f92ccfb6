"""The project's modules import each other in one direction: no circle at run time, and the engine
never imports the views.

A circle of imports makes a module half-made when another one reads it, and it makes each of them
impossible to change alone. The check reads every module's imports from its source (``ast``),
those made when the module loads and those made later inside a function alike, and leaves out:

- imports for type checkers only (under ``if TYPE_CHECKING:``);
- a module's use of a package it lies in (``import stainedglass as sg`` inside the engine): by
  then Python has that package's namespace, and its names are read when they are called.
"""

from __future__ import annotations

import ast
import pathlib

from harness import ROOT

PACKAGES = {
    "stainedglass": ROOT / "stainedglass",
    "stainedglass_widgets": ROOT / "widgets" / "stainedglass_widgets",
}
ENGINE_MAY_IMPORT_VIEWS = {"stainedglass.__main__"}
"""The command line serves the views (``stainedglass serve``); nothing else in the engine may."""


def modules() -> dict[str, pathlib.Path]:
    """Every module of the project by its dotted name."""
    found = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """The import statements of a module, but those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child)

    walk(tree)
    return found


def imported(name: str, path: pathlib.Path, known: set[str]) -> set[str]:
    """The project's modules that module ``name`` imports at run time."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in _imports(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - node.level + 1]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        targets.add(module)
        targets |= {f"{module}.{alias.name}" for alias in node.names}  # a submodule by name
    found = set()
    for target in targets:
        while target and target not in known:  # a name inside a module: the module
            target = target.rpartition(".")[0]
        if target and target != name and not name.startswith(target + "."):
            found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imported(name, path, known) for name, path in mods.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: the strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_in_a_circle() -> None:
    found = circles(graph())
    assert not found, "import circles at run time: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_engine_never_imports_the_views() -> None:
    wrong = {
        name: sorted(t for t in targets if t.startswith("stainedglass_widgets"))
        for name, targets in graph().items()
        if name.startswith("stainedglass.") and name not in ENGINE_MAY_IMPORT_VIEWS
    }
    assert not {k: v for k, v in wrong.items() if v}


def test_the_check_finds_a_circle_and_leaves_type_checking_imports_out(
    tmp_path: pathlib.Path,
) -> None:
    """The check itself: a circle of two modules is found; the same imports for type checkers
    only, or of the package a module lies in, are not a circle."""
    (tmp_path / "a.py").write_text("from pkg import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from pkg import a\n")
    (tmp_path / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import d\n"
    )
    (tmp_path / "d.py").write_text("import pkg.c\n")
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"}
    edges = {f"pkg.{m}": imported(f"pkg.{m}", tmp_path / f"{m}.py", known) for m in "abcd"}
    assert edges["pkg.c"] == set() and edges["pkg.d"] == {"pkg.c"}
    assert circles(edges) == [["pkg.a", "pkg.b"]]
