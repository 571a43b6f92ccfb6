"""The project's documentation stays true: its examples run, and its links lead somewhere."""

from __future__ import annotations

import doctest
import json
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_the_api_page_examples_run() -> None:
    result = doctest.testfile(
        str(ROOT / "docs" / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 10 and result.failed == 0


def test_the_records_page_examples_run() -> None:
    result = doctest.testfile(
        str(ROOT / "docs" / "records.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 4 and result.failed == 0


def project_files() -> list[pathlib.Path]:
    """The project's own files: what git tracks or would track, never an ignored folder
    (virtual environments, build output, test artifacts)."""
    if (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return [ROOT / name for name in listed.splitlines() if (ROOT / name).is_file()]
    skip = ("build", "test-artifacts", "__pycache__")
    return [
        p
        for p in ROOT.rglob("*")
        if p.is_file()
        and not any(part.startswith(".") or part in skip for part in p.relative_to(ROOT).parts)
    ]


def markdown_files() -> list[pathlib.Path]:
    return [p for p in project_files() if p.suffix == ".md"]


def pages_with_links() -> list[tuple[pathlib.Path, str]]:
    """Every Markdown file, and every notebook's Markdown cells, with its text."""
    pages = [(p, p.read_text()) for p in markdown_files()]
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text())["cells"]
        pages.append(
            (
                notebook,
                "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"),
            )
        )
    return pages


LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")


def broken_links(pages: list[tuple[pathlib.Path, str]]) -> list[str]:
    """The relative links (Markdown or HTML) that lead to no file beside the page."""
    broken = []
    for page, text in pages:
        for target in ("".join(groups) for groups in LINK.findall(text)):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a public site, or a place on the same page
            if not (page.parent / target.split("#")[0].split("?")[0]).exists():
                broken.append(f"{page.name}: {target}")
    return broken


def test_links_in_the_docs_lead_to_files_that_exist() -> None:
    pages = pages_with_links()
    assert len(pages) > 15 and broken_links(pages) == []


def test_a_link_to_a_missing_file_is_found(tmp_path: pathlib.Path) -> None:
    (tmp_path / "there.md").write_text("x")
    page = tmp_path / "page.md"
    text = (
        '[ok](there.md#top) [site](https://example.org) <a href="there.md?x=1">ok</a> '
        '[gone](gone.md) <a href="../nowhere.ipynb">gone</a>'
    )
    assert broken_links([(page, text)]) == ["page.md: gone.md", "page.md: ../nowhere.ipynb"]


def test_nothing_points_outside_the_repository() -> None:
    """The project stands alone: no document or source names a path above its own folder, a
    rulebook file outside it, or a numbered list of rulings that is not one of its rules pages
    (the rules pages number their referee's rulings in lower case: "ruling 13")."""
    found = []
    for path in project_files():
        if path.suffix not in {".md", ".py", ".ipynb", ".toml", ".txt", ".json", ".cfg", ".j2"}:
            continue
        text = path.read_text(errors="replace")
        if re.search(
            r"\.\./shared|\bshared/(seeds|rulings|api)|\bseeds/[\w-]+\.txt"
            r"|\bRulings(?:\s+\d|:)",
            text,
        ):
            found.append(str(path.relative_to(ROOT)))
    assert found == []


def test_the_ladder_writer_updates_strength_md_in_place(tmp_path: pathlib.Path) -> None:
    """``stainedglass.ai.ladder_report`` (which ``benchmarks/ladder.py`` writes with) puts a
    game's ladder between the markers of STRENGTH.md's Ladders section and leaves the rest of
    the report, and the other games' ladders, as they are."""
    from stainedglass.ai.ladder_report import END, START, write_section

    report = (ROOT / "benchmarks" / "STRENGTH.md").read_text()
    assert "\n## Ladders\n" in report and report.count(START) == 1
    strength = tmp_path / "STRENGTH.md"
    strength.write_text(report)
    write_section(strength, {"sagrada": "### Sagrada (solo, cards)\n\nA new ladder.\n"})
    after = strength.read_text()
    head, rest = report.split(START)
    new_head, new_rest = after.split(START)
    assert new_head == head and new_rest.split(END)[1] == rest.split(END)[1]
    assert "A new ladder." in after and after.count("<!-- game: ") == report.count("<!-- game: ")
