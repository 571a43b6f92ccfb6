"""The tree a newcomer reads: the engine, the views in their parts, the serving side, the tests'
own harness, the benchmarks' data in a folder of its own (``docs/contributing.md`` draws it)."""

from __future__ import annotations

import ast
import pathlib

import stainedglass as sg

ROOT = pathlib.Path(__file__).resolve().parents[1]
VIEWS = ROOT / "widgets" / "stainedglass_widgets"
PARTS = {"kit", "features", "pages", "serving"}


def test_the_views_package_is_in_parts_and_game_folders() -> None:
    modules = sorted(p.name for p in VIEWS.glob("*.py"))
    assert modules == ["__init__.py"], f"modules beside the parts: {modules}"
    folders = {p.name for p in VIEWS.iterdir() if p.is_dir() and not p.name.startswith("__")}
    assert folders >= PARTS
    assert folders - PARTS == set(sg.games()), "every other folder is a game's view folder"


def test_no_conftest_and_no_test_harness_in_a_shipped_package() -> None:
    for package in (ROOT / "stainedglass", VIEWS):
        assert not list(package.rglob("conftest.py"))
        assert not list(package.rglob("testing.py"))
    assert (ROOT / "tests" / "harness.py").is_file()


def imported(path: pathlib.Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_the_engine_needs_no_store_nor_jupyter() -> None:
    """The engine is pure Python and numpy: the class's store (SQLAlchemy, alembic) is on the
    serving side, with the server."""
    for path in (ROOT / "stainedglass").rglob("*.py"):
        found = imported(path) & {"sqlalchemy", "alembic", "ipywidgets", "anywidget", "voila"}
        assert not found, f"{path.relative_to(ROOT)} imports {found}"
    store = VIEWS / "serving" / "classroom" / "store.py"
    assert "sqlalchemy" in imported(store)


def test_benchmark_data_is_in_its_folder_and_no_test_imports_a_benchmark() -> None:
    bench = ROOT / "benchmarks"
    assert not [p.name for p in bench.iterdir() if p.suffix in {".json", ".jsonl", ".csv"}]
    assert list((bench / "data").iterdir())
    for path in (ROOT / "tests").glob("*.py"):
        if path.name == pathlib.Path(__file__).name:
            continue  # this test names what it looks for
        text = path.read_text()
        loads = "spec_from_file_location" in text or "sys.path.insert" in text
        assert not (loads and '"benchmarks"' in text), f"{path.name} imports a benchmark script"
