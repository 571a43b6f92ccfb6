"""Print a pip constraints file that pins every direct dependency of the project (the engine's,
every extra's, the test tools') at the lower bound pyproject.toml gives it, so that CI can run
the suite with the oldest versions the project claims to work with.

    python .ci/lowest.py > lowest.txt
    pip install -c lowest.txt -e ".[all,test]"
"""

from __future__ import annotations

import pathlib
import re
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
BOUND = re.compile(r"^([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*>=\s*([0-9][^,;\s]*)(\s*,\s*<[^,;\s]+)?$")


def lowest(pyproject: pathlib.Path = ROOT / "pyproject.toml") -> dict[str, str]:
    project = tomllib.loads(pyproject.read_text())["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    pins: dict[str, str] = {}
    for requirement in requirements:
        if requirement.startswith(project["name"] + "["):
            continue  # an extra naming other extras
        match = BOUND.match(requirement.partition(";")[0].strip())  # a platform marker aside
        if not match:
            raise ValueError(f"pyproject.toml: {requirement!r} has no lower bound (name>=x.y)")
        pins[match.group(1).lower()] = match.group(3)
    return pins


if __name__ == "__main__":
    sys.stdout.write("".join(f"{name}=={version}\n" for name, version in lowest().items()))
