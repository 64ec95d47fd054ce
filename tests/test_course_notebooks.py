"""The course notebooks run top to bottom in a fresh kernel under nbval, with their outputs stripped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ["notebooks/course.ipynb", "notebooks/play.ipynb"]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_course_notebook_runs_in_a_fresh_kernel(notebook):
    cmd = [sys.executable, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider", "--nbval-lax"]
    # the kernel imports the package of this checkout (not another one installed in the venv)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    proc = subprocess.run([*cmd, notebook], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_course_notebook_outputs_are_stripped(notebook):
    nb = nbformat.read(ROOT / notebook, as_version=4)
    assert all(not c.outputs and c.execution_count is None for c in nb.cells if c.cell_type == "code")
