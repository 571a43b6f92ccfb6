"""The store's doctests need the ``serve`` extra (SQLAlchemy, alembic); the migrations run only
under alembic, never on import."""

import importlib.util

collect_ignore = ["migrations"]
if importlib.util.find_spec("sqlalchemy") is None or importlib.util.find_spec("alembic") is None:
    collect_ignore += ["__init__.py", "store.py", "rooms.py"]
