"""The adapters' doctests need the ``rl`` extra; without it they are not collected."""

import importlib.util

collect_ignore = [name for name, needs in (("openspiel.py", "pyspiel"),
                                           ("pettingzoo.py", "pettingzoo"))
                  if importlib.util.find_spec(needs) is None]
