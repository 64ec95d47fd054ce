"""Nothing is lost: a writer killed mid-write, two writers at once.

Each game is written by store.add_game in ONE transaction (events and
snapshots together), so after a crash a game is either all there or not
there at all. The writers store real games played by the bots.
"""

from __future__ import annotations

import functools
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from munchkin_nb.bots import play_game
from munchkin_nb.store import EventStore

ROOT = Path(__file__).resolve().parents[1]

# Plays its seeds' games once, then stores them over and over (run = 0, 1, ...),
# so most of its time is spent inside write transactions: where a kill must land.
WRITER = textwrap.dedent("""
    import sys
    from munchkin_nb.bots import play_game
    from munchkin_nb.store import EventStore
    path, name, seeds, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    records = [play_game(4, int(s), "heuristic") for s in seeds.split(",")]
    store = EventStore(path, snapshot_every=100)
    for run in range(count):
        rec = records[run % len(records)]
        store.add_game(dict(rec.meta, writer=name, run=run), rec.events)
""")


@functools.cache
def expected(seed: int) -> list:
    return play_game(4, seed, "heuristic").events


def writer(path: Path, name: str, seeds: tuple[int, ...], count: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [str(path), name, ",".join(map(str, seeds)), str(count)]
    return subprocess.Popen([sys.executable, "-c", WRITER, *args], env=env, stderr=subprocess.PIPE, text=True)


def n_games(path: Path) -> int:
    conn = sqlite3.connect(str(path), timeout=30)
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # the schema is not there yet
        return 0
    finally:
        conn.close()


def check_whole(path: Path) -> list[dict]:
    """Integrity, gapless seqs, every game exactly the game its seed plays; returns the games."""
    conn = sqlite3.connect(str(path))
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    gaps = conn.execute(
        "SELECT game_id, MIN(seq), MAX(seq), COUNT(*) FROM events"
        " GROUP BY game_id HAVING MIN(seq) != 1 OR MAX(seq) != COUNT(*)"
    )
    assert gaps.fetchall() == []
    assert (
        conn.execute("SELECT COUNT(*) FROM games WHERE id NOT IN (SELECT game_id FROM events)").fetchone()[0]
        == 0
    )
    stray = conn.execute(
        "SELECT COUNT(*) FROM snapshots s WHERE s.seq >"
        " (SELECT MAX(seq) FROM events e WHERE e.game_id = s.game_id)"
    )
    assert stray.fetchone()[0] == 0
    conn.close()
    with EventStore(path, snapshot_every=0) as store:
        for game in store.games():
            events = expected(game["seed"])
            assert store.events(game["id"]) == events
            assert store.game(game["id"])["winners"] == events[-1].payload["winners"]
        return store.games()


def test_sigkill_mid_write_leaves_only_whole_games(tmp_path):
    path = tmp_path / "crash.db"
    for round_, delay in enumerate((0.0, 0.011, 0.037, 0.05)):
        before = n_games(path)
        proc = writer(path, f"w{round_}", (1, 2, 3), 100_000)
        deadline = time.monotonic() + 60
        while n_games(path) < before + 2 and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(delay)  # land the kill somewhere inside a later game's transaction
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL
        assert len(check_whole(path)) == n_games(path) > before
    # the database takes new games after the crashes, with ids after the last
    with EventStore(path, snapshot_every=100) as store:
        gid = store.add_game({"source": "simulated", "seed": 2}, expected(2))
        assert store.events(gid) == expected(2)
        assert gid == max(g["id"] for g in store.games())


def test_two_writers_at_once_both_succeed(tmp_path):
    path = tmp_path / "both.db"
    a, b = writer(path, "a", (1, 2), 15), writer(path, "b", (3, 4), 15)
    for proc in (a, b):
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    games = check_whole(path)
    for name, seeds in (("a", (1, 2)), ("b", (3, 4))):
        mine = [g for g in games if g["writer"] == name]
        assert sorted(g["run"] for g in mine) == list(range(15))
        assert all(g["seed"] == seeds[g["run"] % 2] for g in mine)
