"""Collection for the whole checkout: the doctests of modules whose extra is not installed are
left out (the class's store needs the ``serve`` extra, the OpenSpiel and PettingZoo adapters the
``rl`` extra), and the store's alembic migrations run only under alembic, never on import."""

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(m) is None for m in modules)


CLASSROOM = "widgets/stainedglass_widgets/serving/classroom"
collect_ignore = [f"{CLASSROOM}/migrations"]
if _missing("sqlalchemy", "alembic"):
    collect_ignore += [f"{CLASSROOM}/{name}" for name in ("__init__.py", "store.py", "rooms.py")]
collect_ignore += [
    f"stainedglass/interop/{name}"
    for name, needs in (("openspiel.py", "pyspiel"), ("pettingzoo.py", "pettingzoo"))
    if _missing(needs)
]
