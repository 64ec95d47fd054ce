"""Nothing is lost: a writer killed mid-write, two writers at once.

Each game is written by store.add_game in ONE transaction, so after a crash
a game is either all there or not there at all.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from munchkin_nb.store import EventStore
from munchkin_nb.store.synthetic import synthetic_game

ROOT = Path(__file__).resolve().parents[1]

# A writer: games of 150..600 turns (1.2k..4.8k events) from seeds start, start+1, ...
WRITER = textwrap.dedent("""
    import sys
    from munchkin_nb.store import EventStore
    from munchkin_nb.store.synthetic import synthetic_game
    path, start, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    store = EventStore(path, snapshot_every=0)
    for seed in range(start, start + count):
        turns = 150 + seed * 37 % 450
        store.add_game({"source": "simulated", "seed": seed}, synthetic_game(turns, seed=seed))
""")


def writer(path: Path, start: int, count: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(start), str(count)],
                            env=env, stderr=subprocess.PIPE, text=True)


def n_games(path: Path) -> int:
    conn = sqlite3.connect(str(path), timeout=30)
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # the schema is not there yet
        return 0
    finally:
        conn.close()


def check_whole(path: Path) -> int:
    """Integrity, gapless seqs, and every game exactly the game its seed makes."""
    conn = sqlite3.connect(str(path))
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    gaps = conn.execute("SELECT game_id, MIN(seq), MAX(seq), COUNT(*) FROM events"
                        " GROUP BY game_id HAVING MIN(seq) != 1 OR MAX(seq) != COUNT(*)")
    assert gaps.fetchall() == []
    orphans = conn.execute("SELECT COUNT(*) FROM games WHERE id NOT IN"
                           " (SELECT game_id FROM events)").fetchone()[0]
    assert orphans == 0
    conn.close()
    with EventStore(path, snapshot_every=0) as store:
        for game in store.games():
            seed = game["seed"]
            assert store.events(game["id"]) == synthetic_game(150 + seed * 37 % 450, seed=seed)
        return len(store.games())


def test_sigkill_mid_write_leaves_only_whole_games(tmp_path):
    path = tmp_path / "crash.db"
    killed_at = []
    for round_, delay in enumerate((0.05, 0.13, 0.29)):
        before = n_games(path)
        proc = writer(path, 1000 * round_, 10_000)
        deadline = time.monotonic() + 60
        while n_games(path) < before + 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(delay)  # land the kill somewhere inside a later game's transaction
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL
        killed_at.append(n_games(path))
        assert check_whole(path) == killed_at[-1] > before
    # and the database takes new games after the crashes
    with EventStore(path, snapshot_every=0) as store:
        gid = store.add_game({"source": "simulated", "seed": 5}, synthetic_game(150 + 5 * 37 % 450, seed=5))
        assert store.last_seq(gid) == len(synthetic_game(150 + 5 * 37 % 450, seed=5))


def test_two_writers_at_once_both_succeed(tmp_path):
    path = tmp_path / "both.db"
    a, b = writer(path, 0, 12), writer(path, 100, 12)
    for proc in (a, b):
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    assert check_whole(path) == 24
    with EventStore(path, snapshot_every=0) as store:
        assert sorted(g["seed"] for g in store.games()) == list(range(12)) + list(range(100, 112))
