"""A pupil's progress, kept in the class's store when the dashboards are served to a class
(``stainedglass serve`` names the store in :data:`~.rooms.STORE_VARIABLE`): a lesson tried, a
puzzle's first try, a game played in a room, the coach's accuracy over a game. The teacher's
console (:mod:`.console`) shows it.

A pupil's **Match me** level (``stainedglass.ai.levels.MatchMe``, one a game) is kept too: in
the class's store under their name on a class's server (:func:`keep_match`), and without a
class by the browser, as it keeps the name (``Board.levels``, ``board.js``); the play
dashboards read it back when they open (:func:`kept_match`).

A pupil is known by the name they type once, wherever progress is kept: the **Your name** box
(:func:`name_box`) at the top of each tutorial, in the coach's panel and on the puzzles page,
and the **Name** box of a play dashboard's Room panel. The browser keeps it (``Board.pupil``,
``board.js``) and hands it to every board of the class's pages; a tutorial's lessons take it
from the tutorial's box too (:func:`pupil_name`), and their progress is kept under it
(:data:`NAME_WORDS` says so beside every such box). With no name, or outside a class server,
nothing is kept and no box is shown. A game in a room counts once it is over; the console also
shows the games under way (the store's ``progress(under_way=True)``).

>>> import os, pathlib, tempfile
>>> from stainedglass_widgets.kit.board import Board
>>> boards = [Board()]
>>> note(boards, "cathedral", "lesson", "start")  # no class server: nothing is kept
False
>>> os.environ[STORE_VARIABLE] = str(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> set_pupil(boards, "  Ana "); pupil_name(boards)
'Ana'
>>> note(boards, "cathedral", "lesson", "start")
True
>>> class_store().progress()[0].lessons
{'cathedral': 1}
>>> from stainedglass.ai.levels import MatchMe
>>> keep_match(boards, "cathedral", MatchMe(5)), kept_match(boards, "cathedral").level
('class', 5)
>>> del os.environ[STORE_VARIABLE]
>>> keep_match(boards, "coloring", MatchMe(2)), kept_match(boards, "coloring").level
('browser', 2)
>>> boards[0].levels
'{"coloring": {"games": 0, "level": 2, "results": []}}'
"""

from __future__ import annotations

import json
import os
import threading
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Iterable

if TYPE_CHECKING:
    from stainedglass.ai.levels import MatchMe
    from stainedglass_widgets.serving.classroom import Store

    from .board import Board

STORE_VARIABLE = "STAINEDGLASS_STORE"
"""The environment variable that names the class's store (``stainedglass serve`` sets it for
every kernel it starts): a SQLite file or a ``postgresql://`` address."""
PASSWORD_VARIABLE = "STAINEDGLASS_CONSOLE_PASSWORD"
"""The environment variable holding the teacher's password for the console (``stainedglass
serve`` sets it when other machines can reach the server)."""
NAME_LIMIT = 40
"""The longest name a pupil may type (the store's limit)."""
LEVELS_LIMIT = 20_000
"""The most characters of Match me levels a browser keeps (``board.js`` keeps no more)."""
NAME_WORDS = (
    "Your progress (the lessons you try, puzzles, the coach's games, games in rooms) is kept "
    "under this name in your class's store, on your teacher's server, and shown on the "
    "teacher's console. Type it once: this browser keeps it for the class's other pages."
)
"""Where a pupil gives their name, and what is kept under it: said where a name is typed."""
NAME_WORDS_HTML = f'<p style="margin:2px 0;line-height:1.35;font-size:13px">{NAME_WORDS}</p>'
""":data:`NAME_WORDS` as shown beside a name box (small, in short lines)."""

_stores: dict[str, Store] = {}
_lock = threading.Lock()


def store_location(where: str | os.PathLike[str] | None = None) -> str:
    """Where the class's store is: ``where``, else :data:`STORE_VARIABLE` (a class server's),
    else ``class.sqlite3`` in the user's data folder."""
    if where:
        return str(where)
    from stainedglass_widgets.serving.classroom import default_store_path

    return os.environ.get(STORE_VARIABLE) or str(default_store_path())


def class_store() -> Store | None:
    """The class's store when this kernel was started by a class server, else None."""
    where = os.environ.get(STORE_VARIABLE, "")
    if not where:
        return None
    with _lock:
        if where not in _stores:
            from stainedglass_widgets.serving.classroom import open_store

            _stores[where] = open_store(where)
        return _stores[where]


def boards_in(widgets: Iterable[Any]) -> list[Board]:
    """The boards among ``widgets`` and inside them (:func:`.board.boards_in`, imported when
    first asked: the server's side of the class never loads the widgets)."""
    from .board import boards_in as found

    return found(widgets)


_page_pupil = [""]
"""The name typed in this kernel's :func:`name_box` (one kernel serves one page, one pupil)."""


def pupil_name(widgets: Iterable[Any]) -> str:
    """The pupil's name as the boards among ``widgets`` have it, else as typed in this page's
    :func:`name_box` ("" when not given)."""
    found = next((b.pupil.strip() for b in boards_in(widgets) if b.pupil.strip()), "")
    return found or _page_pupil[0]


def clean_name(name: str) -> str:
    """A typed name as kept: its spaces made single, at most :data:`NAME_LIMIT` characters.

    >>> clean_name("  Ana   Lopez ")
    'Ana Lopez'
    """
    return " ".join(str(name).split())[:NAME_LIMIT]


def set_pupil(widgets: Iterable[Any], name: str) -> None:
    """Give the boards among ``widgets`` the pupil's ``name`` (the browser keeps it for the
    class's pages)."""
    name = clean_name(name)
    for board in boards_in(widgets):
        board.pupil = name


def name_words() -> Any:
    """:data:`NAME_WORDS` as shown beside a name box (a small HTML widget), hidden outside a
    class's server, where nothing is kept."""
    import ipywidgets as w

    words = w.HTML(
        NAME_WORDS_HTML,
        layout=w.Layout(max_width="640px", display=None if class_store() else "none"),
    )
    words.add_class("sg-pupil-name-words")
    return words


def name_box(boards: Callable[[], Iterable[Any]] | None = None) -> Any:
    """The **Your name** box of a page that keeps progress, with :data:`NAME_WORDS` beside it:
    shown only on a class's server (elsewhere nothing is kept, and the box is an empty,
    hidden one). A name typed here goes to the boards ``boards()`` gives (the browser keeps it
    for the class's other pages) and to this page's lessons (:func:`pupil_name`); one the
    browser already keeps is filled in.

    >>> box = name_box()  # not on a class's server: nothing asked
    >>> box.layout.display
    'none'
    """
    import ipywidgets as w

    from .board import Board

    shown = class_store() is not None
    keeper = Board(layout=w.Layout(display="none"))  # the browser's keeper of the name
    text = w.Text(
        description="Your name",
        placeholder="for your teacher",
        tooltip=NAME_WORDS,
        continuous_update=False,
        layout=w.Layout(width="260px"),
    )
    text.add_class("sg-pupil-name")
    words = name_words()

    def typed(change: dict[str, Any]) -> None:
        name = clean_name(change["new"])
        _page_pupil[0] = name
        set_pupil([keeper, *(boards() if boards is not None else ())], name)

    def known(change: dict[str, Any]) -> None:
        if change["new"] and not text.value:
            text.value = change["new"]

    text.observe(typed, "value")
    keeper.observe(known, "pupil")
    box = w.VBox([text, words, keeper], layout=w.Layout(display=None if shown else "none"))
    box.add_class("sg-pupil")
    return box


def note(
    pupil: str | Iterable[Any],
    game: str,
    kind: str,
    item: str = "",
    value: float | bool | None = None,
) -> bool:
    """Keep a step of ``pupil``'s progress (a name, or the boards that have it:
    :meth:`~stainedglass_widgets.serving.classroom.Store.add_progress`); False when nothing was kept: outside a
    class server, or no name given."""
    store = class_store()
    name = pupil.strip() if isinstance(pupil, str) else pupil_name(pupil)
    if store is None or not name:
        return False
    store.add_progress(name, game, kind, item, value)
    return True


def _browser_levels(boards: Iterable[Board]) -> dict[str, Any]:
    """The Match me levels the browser keeps, by game (JSON on the boards; what does not read
    as such, as a browser's storage may hold anything, is nothing kept)."""
    for board in boards:
        text = board.levels
        if not text or len(text) > LEVELS_LIMIT:
            continue
        try:
            kept = json.loads(text)
        except ValueError:
            continue
        if isinstance(kept, dict):
            return kept
    return {}


def kept_match(widgets: Iterable[Any], game: str) -> MatchMe | None:
    """The pupil's Match me in ``game`` as kept: in the class's store under the name the
    boards among ``widgets`` have (on a class's server), else by the browser (without a
    class); None when none is kept (or what is kept does not read as one)."""
    from stainedglass.ai.levels import MatchMe

    store = class_store()
    if store is not None:
        name = pupil_name(widgets)
        data = store.kept_level(name, game) if name else None
    else:
        data = _browser_levels(boards_in(widgets)).get(game)
    if data is None:
        return None
    try:
        return MatchMe.from_dict(data)
    except (ValueError, TypeError):
        return None


def keep_match(widgets: Iterable[Any], game: str, match: MatchMe) -> str:
    """Keep the pupil's Match me in ``game``: ``"class"`` (in the class's store, under the name
    the boards among ``widgets`` have), ``"browser"`` (without a class: the boards hand it to
    the browser) or ``""`` (a class's pupil who gave no name: nothing kept)."""
    store = class_store()
    boards = boards_in(widgets)
    if store is not None:
        name = pupil_name(widgets)
        if not name:
            return ""
        store.keep_level(name, game, match.to_dict())
        return "class"
    kept = _browser_levels(boards)
    kept[game] = match.to_dict()
    text = json.dumps(kept, sort_keys=True)
    if len(text) > LEVELS_LIMIT:  # a browser's storage filled by something else: this game's
        text = json.dumps({game: match.to_dict()}, sort_keys=True)
    for board in boards:
        board.levels = text
    return "browser"
