"""What every part of the benchmarks shares: a result row, percentiles, timers."""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def row(
    part: str,
    name: str,
    value: float | None,
    unit: str,
    baseline: float | None = None,
    baseline_name: str = "",
    *,
    target: str = "",
    ok: bool | None = None,
    note: str = "",
    higher_is_better: bool = True,
) -> dict[str, Any]:
    """One figure, its baseline measured in the same run, their ratio and the target's verdict."""
    ratio = None
    if value is not None and baseline:
        ratio = value / baseline
    status = "" if ok is None else ("PASS" if ok else "MISS")
    if value is None:
        status = "N/A"
    return {
        "part": part,
        "name": name,
        "value": _num(value),
        "unit": unit,
        "baseline": _num(baseline),
        "baseline_name": baseline_name,
        "ratio": None if ratio is None else round(ratio, 3),
        "target": target,
        "status": status,
        "note": note,
    }


def not_available(part: str, name: str, reason: str, unit: str = "") -> dict[str, Any]:
    return row(part, name, None, unit, None, "", target="", note=f"not available: {reason}")


def _num(x: float | None) -> float | None:
    if x is None:
        return None
    if abs(x) >= 100:
        return round(x, 1)
    return float(f"{x:.4g}")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest rank on the sorted values."""
    s = sorted(values)
    if not s:
        raise ValueError("no values")
    k = max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))
    return s[k]


def p50(values: list[float]) -> float:
    return statistics.median(values)


def timed(fn: Callable[[], Any], n: int) -> list[float]:
    """Seconds of `n` calls of `fn`."""
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out
