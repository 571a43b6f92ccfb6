"""``make bench``: run every ``bench_*.py`` beside this file, in name order."""

from __future__ import annotations

import importlib
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
# the browser and server harness the tests share (tests/harness.py) drives the serving benchmarks
sys.path.insert(1, str(HERE.parent / "tests"))

if __name__ == "__main__":
    only = sys.argv[1:]
    for path in sorted(HERE.glob("bench_*.py")):
        if only and not any(word in path.stem for word in only):
            continue
        importlib.import_module(path.stem).main()
