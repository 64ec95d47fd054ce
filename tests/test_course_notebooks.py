"""The course notebooks run top to bottom in a fresh kernel under nbval (one child pytest for both,
as in tests/test_notebooks.py), with their outputs stripped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.test_notebooks import read_notebook, run_notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ["notebooks/course.ipynb", "notebooks/play.ipynb"]


@pytest.fixture(scope="module")
def notebook_runs(tmp_path_factory) -> dict[str, str]:
    # the kernel imports the package of this checkout (not another one installed in the venv);
    # the guided game stores its game in this run's folder (else a temporary folder left behind)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "MUNCHKIN_PLAY_DB": str(tmp_path_factory.mktemp("played") / "play.db"),
    }
    return run_notebooks(NOTEBOOKS, env, timeout=600 * len(NOTEBOOKS))


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_course_notebook_runs_in_a_fresh_kernel(notebook, notebook_runs):
    assert notebook_runs[notebook] == "", notebook_runs[notebook]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_course_notebook_outputs_are_stripped(notebook):
    nb = read_notebook(ROOT / notebook)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(not c["outputs"] and c["execution_count"] is None for c in code)
