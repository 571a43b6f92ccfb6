"""The extras the tests need (the checkout's ``conftest.py``): without one, a test that needs it
is skipped, saying which extra to install; where the environment variable ``CI`` is set, the run
fails before any test, naming the extra. The rl extra's PettingZoo stands for any of them here,
hidden by a plugin as if it were not installed."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import re
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def without_pettingzoo(tmp_path: pathlib.Path, ci: bool) -> subprocess.CompletedProcess[str]:
    (tmp_path / "hide_rl.py").write_text('import sys\n\nsys.modules["pettingzoo"] = None\n')
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_XDIST_WORKER")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    if ci:
        env["CI"] = "1"
    command = ["-m", "pytest", "-p", "hide_rl", "-p", "no:cacheprovider", "-q", "-rs"]
    return subprocess.run(
        [sys.executable, *command, "tests/test_pettingzoo.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_missing_extra_is_a_skip_that_names_it(tmp_path: pathlib.Path) -> None:
    run = without_pettingzoo(tmp_path, ci=False)
    # the whole module skipped as it is collected: no test to run, none failed
    assert run.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, run.stdout + run.stderr
    assert "skipped" in run.stdout and "passed" not in run.stdout
    assert "it needs the rl extra (pip install 'stainedglass-games[rl]')" in run.stdout


def test_where_ci_is_set_a_missing_extra_fails_the_run_naming_it(tmp_path: pathlib.Path) -> None:
    run = without_pettingzoo(tmp_path, ci=True)
    assert run.returncode != 0 and "skipped" not in run.stdout
    assert "CI needs every extra the tests use" in run.stderr
    assert "the rl extra's pettingzoo (ModuleNotFoundError" in run.stderr


def test_every_module_a_test_may_skip_without_belongs_to_an_extra() -> None:
    extras = root_conftest().EXTRAS
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert set(extras) <= set(declared["optional-dependencies"])
    skipped = set()
    for path in (ROOT / "tests").glob("*.py"):
        skipped |= set(re.findall(r"importorskip\(\s*\"(\w+)\"", path.read_text()))
    assert skipped and skipped <= {m for modules in extras.values() for m in modules}
