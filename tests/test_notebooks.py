"""The notebooks run top to bottom in a fresh kernel: nbval (--nbval-lax) in a pytest of their own.

`make test` runs `pytest`, whose testpaths (["tests"]) collect this file; each notebook is
run by a child `python -m pytest --nbval-lax NOTEBOOK`, so pyproject's shared pytest
options stay as they are and notebooks/app.ipynb (owned elsewhere) is not collected here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = [
    "notebooks/first_lesson.ipynb",
    "notebooks/replay_analyser.ipynb",
    "notebooks/rules_explorer.ipynb",
    "notebooks/stats.ipynb",
]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_a_fresh_kernel(notebook):
    env = {k: v for k, v in os.environ.items() if k != "MUNCHKIN_DB"}  # the notebook simulates its own store
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-o",
            "addopts=",
            "-p",
            "no:cacheprovider",
            "--nbval-lax",
            "--nbval-cell-timeout=300",
            notebook,
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_outputs_are_stripped(notebook):
    import nbformat

    nb = nbformat.read(ROOT / notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, f"{notebook}: outputs left in a cell"
