"""The engine is typed: mypy checks it as part of the test suite."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_type_checks():
    result = subprocess.run([sys.executable, "-m", "mypy", "stainedglass"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
