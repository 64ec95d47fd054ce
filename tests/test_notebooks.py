"""The notebooks run top to bottom in a fresh kernel: nbval (--nbval-lax) in a pytest of their own.

`make test` runs `pytest`, whose testpaths (["tests"]) collect this file; the notebooks are run
by ONE child `python -m pytest --nbval-lax NOTEBOOK...` (nbval starts a fresh kernel for each
file), so pyproject's shared pytest options stay as they are, notebooks/app.ipynb (owned
elsewhere) is not collected here, and the child's start (seconds of CPU) is paid once, not per
notebook. Each notebook's test then reports that notebook's cells.
"""

from __future__ import annotations

import json
import os
import re
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
# a line of the child's short summary (-r): the outcome of one cell, or of a file that failed to load
OUTCOME = re.compile(r"^(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS) (\S+?\.ipynb)(?:::(.*)| - .*)?$", re.M)


def run_notebooks(notebooks: list[str], env: dict[str, str], timeout: int) -> dict[str, str]:
    """Runs the notebooks under nbval in one child pytest; for each, '' if every cell ran clean,
    else what went wrong (the failed cells and the child's output)."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-rfEsxXp", "-o", "addopts=", "-p", "no:cacheprovider"]
    cmd += ["--nbval-lax", "--nbval-cell-timeout=300", *notebooks]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    out = proc.stdout[-6000:] + proc.stderr[-2000:]
    if proc.returncode not in (0, 1):  # 1: some cells failed; anything else: the run itself broke
        return {nb: f"nbval exited with {proc.returncode}:\n{out}" for nb in notebooks}
    outcomes: dict[str, list[tuple[str, str]]] = {nb: [] for nb in notebooks}
    for outcome, nb, cell in OUTCOME.findall(proc.stdout):
        outcomes.setdefault(nb, []).append((outcome, cell))
    report = {}
    for nb in notebooks:
        bad = [f"{o} {cell or '(the file)'}" for o, cell in outcomes[nb] if o in ("FAILED", "ERROR")]
        if not outcomes[nb]:
            bad = ["no cell of it ran"]
        report[nb] = "; ".join(bad) + f"\n{out}" if bad else ""
    if proc.returncode and not any(report.values()):  # failed, yet no cell of ours says so
        return {nb: f"nbval exited with {proc.returncode}:\n{out}" for nb in notebooks}
    return report


@pytest.fixture(scope="module")
def notebook_runs() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "MUNCHKIN_DB"}  # the notebook simulates its own store
    return run_notebooks(NOTEBOOKS, env, timeout=900 * len(NOTEBOOKS))


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_a_fresh_kernel(notebook, notebook_runs):
    assert notebook_runs[notebook] == "", notebook_runs[notebook]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_outputs_are_stripped(notebook):
    nb = read_notebook(ROOT / notebook)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert not cell["outputs"] and cell["execution_count"] is None, (
                f"{notebook}: outputs left in a cell"
            )


def read_notebook(path: Path) -> dict:
    """The notebook's JSON (nbformat 4), read without nbformat: importing it costs seconds of CPU
    (jsonschema builds its IRI parsers), paid by each pytest process that only lists cells."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4, f"{path.name}: nbformat {nb['nbformat']}, not 4"
    return nb
