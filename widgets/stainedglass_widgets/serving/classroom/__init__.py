"""A class playing together: rooms where pupils play each other from their own devices, and
each pupil's progress, kept in the class's store (a SQLite file, or a PostgreSQL server)::

    from stainedglass_widgets.serving.classroom import open_store

    store = open_store("class.sqlite3")             # or postgresql://user:password@host/db
    room = store.create_room("cathedral")           # room.code: five letters to read aloud
    ann = store.join(room.code, "Ann")              # each device keeps its seat's token
    ben = store.join(room.code, "Ben")
    store.play(room.code, ann.token, "cathedral e4 d5 e5 f5 e6 e7", ply=0)
    store.moves_since(room.code, 0)                 # what Ben's device polls for

``rooms`` holds the rules (pure Python), ``store`` the store (SQLAlchemy Core and alembic: the
``serve`` extra, ``pip install 'stainedglass-games[serve]'``), whose parts are ``schema`` (the tables
and their migrations), ``connection`` (where a store is, and reaching it), ``checks`` (what it is
given), ``store_rooms``, ``store_progress`` and ``store_leading``. ``docs/classroom.md`` tells the
whole.
"""

try:
    import sqlalchemy  # noqa: F401 - only whether the serve extra is installed
    import alembic  # noqa: F401 - the same
except ImportError as e:  # the engine alone: numpy and nothing else
    raise ImportError(
        f"the class's store needs SQLAlchemy and alembic ({e.name} is missing): "
        "pip install 'stainedglass-games[serve]'"
    ) from None

from .rooms import (
    BOT,
    HOT_SEAT,
    PUPIL,
    Answer,
    Lead,
    PlayedMove,
    Progress,
    Question,
    Room,
    Seat,
    SeatInfo,
)
from .store import Store, default_store_path, forget, open_store

__all__ = [
    "open_store",
    "default_store_path",
    "forget",
    "Store",
    "Room",
    "Seat",
    "SeatInfo",
    "PlayedMove",
    "Progress",
    "Lead",
    "Question",
    "Answer",
    "PUPIL",
    "HOT_SEAT",
    "BOT",
]
