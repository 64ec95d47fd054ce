"""Scale: simulate N 4-player heuristic games into one database in a child process:
wall time and peak memory (ru_maxrss) at 25/50/75/100 %, extrapolated to 10,000 games."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

from .common import REPO, row

TARGET_GAMES = 10_000


def run(quick: bool = False, games: int | None = None) -> list[dict]:
    n = games or (20 if quick else TARGET_GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "scale.db")
        proc = subprocess.run(
            [sys.executable, "-m", "benchmarks.scale_child", "--games", str(n), "--db", db],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=3600,
        )
        size_mb = os.path.getsize(db) / 2**20 if os.path.exists(db) else 0.0
    if proc.returncode != 0:
        return [
            row(
                "scale",
                f"{n} games into one database",
                None,
                "s",
                note=f"not available: child failed: {proc.stderr.strip().splitlines()[-1:]}",
            )
        ]
    marks = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    last = marks[-1]
    wall = last["wall_s"] * TARGET_GAMES / n
    extrap = "" if n == TARGET_GAMES else f"extrapolated linearly from {n} games; "
    peaks = ", ".join(f"{m['pct']}%: {m['peak_mb']:.0f} MB" for m in marks)
    walls = ", ".join(f"{m['pct']}%: {m['wall_s']:.0f} s" for m in marks)
    growth = marks[-1]["peak_mb"] - marks[0]["peak_mb"]
    peak = last["peak_mb"]
    return [
        row(
            "scale",
            f"wall time for {TARGET_GAMES} games",
            wall,
            "s",
            None,
            "",
            target="< 600 s",
            ok=wall < 600,
            note=f"{extrap}measured {walls}; {last['events']} events, db {size_mb:.0f} MB",
        ),
        row(
            "scale",
            f"peak memory ({n} games)",
            peak,
            "MB",
            marks[0]["peak_mb"],
            "peak at 25%",
            target="< 300 MB",
            ok=peak < 300,
            note=f"ru_maxrss of the child: {peaks}; growth 25%->100% {growth:+.0f} MB",
        ),
    ]
