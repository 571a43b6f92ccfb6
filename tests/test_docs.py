"""The project's documentation stays true: its examples run, and its links lead somewhere."""

from __future__ import annotations

import doctest
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_the_api_page_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


def test_the_records_page_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "records.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 4 and result.failed == 0


def markdown_files() -> list[pathlib.Path]:
    skip = {".venv", "test-artifacts", "build", ".git"}
    return [p for p in ROOT.rglob("*.md") if not skip & set(p.relative_to(ROOT).parts)]


def test_links_in_the_docs_lead_to_files_that_exist() -> None:
    broken = []
    for page in markdown_files():
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text()):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a public site, or a place on the same page
            if not (page.parent / target.split("#")[0]).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert markdown_files() and broken == []


def test_nothing_points_outside_the_repository() -> None:
    """The project stands alone: no document or source names a path above its own folder."""
    found = []
    for path in ROOT.rglob("*"):
        parts = set(path.relative_to(ROOT).parts)
        if {".venv", ".git", "test-artifacts", "build"} & parts or not path.is_file():
            continue
        if path.suffix not in {".md", ".py", ".ipynb", ".toml", ".txt", ".json", ".cfg", ".j2"}:
            continue
        text = path.read_text(errors="replace")
        if re.search(r"\.\./shared|\bshared/(seeds|rulings|api)", text):
            found.append(str(path.relative_to(ROOT)))
    assert found == []
