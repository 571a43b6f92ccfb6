"""Sagrada's options checked as the game is loaded: ``window=`` (a designed window, four rows
or a window of your own), ``tools=`` (a number drawn at random or a list of names), ``orders=``
(one unique and two basic) and ``order_weights=`` (basic, basic, unique).

>>> _check_tools(["lathekin", "redraw"])
('redraw', 'lathekin')
>>> _check_weights((1, 1, 2))
(1, 1, 2)
"""

from __future__ import annotations

from typing import Any

from .scoring import BASIC_ORDERS, ORDERS, UNIQUE_ORDERS, order_id
from .tools import TOOL_IDS, tool_id
from .windows import Window, window_from_option


def _check_tools(v: Any) -> int | tuple[str, ...]:
    if isinstance(v, bool):
        raise ValueError(f"must be a number of tools 0-9 or a list of tool names, not {v!r}")
    if isinstance(v, int):
        if not 0 <= v <= len(TOOL_IDS):
            raise ValueError(f"must be a number of tools from 0 to {len(TOOL_IDS)}, not {v}")
        return v
    if not isinstance(v, (list, tuple)):
        raise ValueError(f"must be a number of tools 0-9 or a list of tool names, not {v!r}")
    ids = [tool_id(t) for t in v]
    if len(set(ids)) != len(ids):
        raise ValueError(f"names a tool twice: {v!r}")
    return tuple(t for t in TOOL_IDS if t in ids)


def _check_orders(v: Any) -> tuple[str, str, str] | None:
    if v is None:
        return None
    if not isinstance(v, (list, tuple)) or len(v) != 3:
        raise ValueError(f"must list three orders (one unique, two basic), not {v!r}")
    ids = [order_id(o) for o in v]
    unique = [o for o in ids if ORDERS[o].kind == "unique"]
    basic = [o for o in ids if ORDERS[o].kind == "basic"]
    if len(unique) != 1 or len(set(basic)) != 2:
        raise ValueError(
            f"must be one unique order and two different basic orders, not {v!r}; "
            f"unique: {', '.join(UNIQUE_ORDERS)}; basic: {', '.join(BASIC_ORDERS)}"
        )
    return unique[0], basic[0], basic[1]


def _check_weights(v: Any) -> tuple[int, int, int]:
    if (
        not isinstance(v, (list, tuple))
        or len(v) != 3
        or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v)
    ):
        raise ValueError(f"must be three whole numbers >= 0 (basic, basic, unique), not {v!r}")
    return tuple(v)


def _check_window(v: Any) -> Window | None:
    return window_from_option(v)
