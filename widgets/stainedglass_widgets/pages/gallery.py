"""The gallery on the landing page: one card per game that has a view, with its picture, how to
read its board, and its two notebooks (``<game>_tutorial.ipynb`` and ``<game>_play.ipynb``), and
the review notebook's example of it (``review.ipynb?game=<game>``) and its puzzles
(``puzzles.ipynb?game=<game>``) when those notebooks are there, and its designers (any other
``<game>_*.ipynb``: faces, windows, sheets).

Nothing here lists the games: they come from :func:`~.registry.views`. The notebooks are looked
for in the folder the page is served from (a kernel runs in its notebook's folder under Voila,
JupyterLab and nbval), and a card is shown only when both of its notebooks are there; the links
are relative, so the gallery works from any folder.

>>> import pathlib
>>> html_text = gallery_html(pathlib.Path(__file__).resolve().parents[3] / "notebooks")
>>> 'href="cathedral_play.ipynb"' in html_text, 'href="puzzles.ipynb?game=cathedral"' in html_text
(True, True)
"""

from __future__ import annotations

import html
import json
import pathlib
from dataclasses import dataclass
from collections.abc import Callable

from ..kit.registry import views


@dataclass(frozen=True)
class Entry:
    """A gallery card: the game's title, words, notebooks and picture."""

    game: str
    title: str
    blurb: str
    legend: str
    tutorial: str  # notebook file names, relative to the gallery's folder
    play: str
    picture: Callable[[], str]  # SVG text


def entries() -> list[Entry]:
    """A card for every game with a view, in the engine's order of games."""
    import stainedglass as sg

    return [
        Entry(
            name,
            sg.load(name).title,
            cls.blurb,
            cls.legend,
            f"{name}_tutorial.ipynb",
            f"{name}_play.ipynb",
            cls.gallery_picture,
        )
        for name, cls in views().items()
    ]


def designers(folder: pathlib.Path, entry: Entry) -> list[tuple[str, str]]:
    """The game's other notebooks beside its two (``<game>_*.ipynb``: a designer of faces,
    windows or sheets), each with its title: the first heading of its first cell."""
    found = []
    for path in sorted(folder.glob(f"{entry.game}_*.ipynb")):
        if path.name in (entry.tutorial, entry.play):
            continue
        try:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            source = "".join(cells[0]["source"])
            title = next(
                line.lstrip("# ").strip() for line in source.splitlines() if line.startswith("#")
            )
        except (OSError, ValueError, KeyError, IndexError, TypeError, StopIteration):
            title = path.stem.removeprefix(entry.game + "_").replace("_", " ").capitalize()
        found.append((path.name, title[:60]))
    return found


def gallery_html(notebooks: pathlib.Path | str | None = None) -> str:
    """HTML cards for every game whose two notebooks are in ``notebooks`` (by default the
    current folder: the one the landing page is served from)."""
    folder = pathlib.Path.cwd() if notebooks is None else pathlib.Path(notebooks)
    review = (folder / "review.ipynb").exists()
    puzzles = (folder / "puzzles.ipynb").exists()
    cards = []
    for e in entries():
        if not ((folder / e.tutorial).exists() and (folder / e.play).exists()):
            continue
        title = html.escape(e.title)
        cards.append(
            f'<div class="sg-card" data-game="{e.game}" style="width:300px;background:#f4efe1;'
            'border:3px solid #17150f;border-radius:10px;padding:10px">'
            f'<a href="{e.play}" title="play {title}">'
            f'<div style="width:280px">{e.picture()}</div></a>'
            f'<h3 style="margin:8px 0 4px 0">{title}</h3>'
            f'<p style="margin:0 0 8px 0">{html.escape(e.blurb)}</p>'
            f'<a href="{e.tutorial}"><b>Learn the rules</b></a> · '
            f'<a href="{e.play}"><b>Play</b></a>'
            + (
                f' · <a href="review.ipynb?game={e.game}"><b>Review a game</b></a>'
                if review
                else ""
            )
            + (f' · <a href="puzzles.ipynb?game={e.game}"><b>Puzzles</b></a>' if puzzles else "")
            + "".join(
                f' · <a href="{html.escape(name)}"><b>{html.escape(label)}</b></a>'
                for name, label in designers(folder, e)
            )
            + '<details style="margin-top:6px;font-size:13px"><summary>How to read the board'
            f"</summary>{html.escape(e.legend)}</details></div>"
        )
    if not cards:
        return (
            '<p class="sg-gallery">No game notebooks were found beside this page '
            f"({html.escape(str(folder))}).</p>"
        )
    return (
        '<div class="sg-gallery" style="display:flex;flex-wrap:wrap;gap:18px">'
        + "".join(cards)
        + "</div>"
    )
