"""Smoke test of the benchmarks: they run and report figures with baselines (no timing thresholds)."""

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_quick_bench_json_has_figures_baselines_and_ratios():
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--only", "engine,store,seek", "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)["rows"]
    assert {r["part"] for r in rows} == {"engine", "store", "seek"}
    for r in rows:
        for key in ("value", "baseline", "ratio"):
            assert isinstance(r[key], (int, float)) and not isinstance(r[key], bool), (r, key)
            assert r[key] > 0, (r, key)
        assert r["baseline_name"]
