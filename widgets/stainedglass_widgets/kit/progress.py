"""A pupil's progress, kept in the class's store when the dashboards are served to a class
(``stainedglass serve`` names the store in :data:`~.rooms.STORE_VARIABLE`): a lesson tried, a
puzzle's first try, a game played in a room, the coach's accuracy over a game. The teacher's
console (:mod:`.console`) shows it.

A pupil is known by the name they type once, in the **Name** box of a play dashboard's Room
panel (starting or joining a room) or on the puzzles page: the browser keeps it
(``Board.pupil``, ``board.js``) and hands it to every board of the class's pages, the lessons'
too, and their progress is kept under it (:data:`NAME_WORDS` says so where a name is typed).
With no name, or outside a class server, nothing is kept. A game in a room counts once it is
over; the console also shows the games under way (the store's ``progress(under_way=True)``).

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
>>> del os.environ[STORE_VARIABLE]
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any
from collections.abc import Iterable

if TYPE_CHECKING:
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
NAME_WORDS = (
    "Your progress (lesson steps, puzzles, games in rooms) is kept under this name on the "
    "class's server, for your teacher's console. Type it once, here or on the puzzles page: "
    "this browser keeps it for the lessons too."
)
"""Where a pupil gives their name, and what is kept under it: said where a name is typed."""

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


def pupil_name(widgets: Iterable[Any]) -> str:
    """The pupil's name as the boards among ``widgets`` have it ("" when not given)."""
    return next((b.pupil.strip() for b in boards_in(widgets) if b.pupil.strip()), "")


def set_pupil(widgets: Iterable[Any], name: str) -> None:
    """Give the boards among ``widgets`` the pupil's ``name`` (the browser keeps it for the
    class's pages)."""
    name = " ".join(str(name).split())[:NAME_LIMIT]
    for board in boards_in(widgets):
        board.pupil = name


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
