"""Micro benchmark: store.add_game against raw sqlite3 executemany of the same rows."""

from __future__ import annotations

import os
import tempfile
import time

from munchkin_nb.engine.core.events import Event

from .schema import connect
from .store import EventStore, event_rows
from .synthetic import synthetic_events

_META = {"source": "simulated", "seed": 0}


def _store_rate(path: str, events: list[Event]) -> float:
    with EventStore(path, snapshot_every=0) as store:
        t0 = time.perf_counter()
        store.add_game(_META, events)
        return len(events) / (time.perf_counter() - t0)


def _executemany_rate(path: str, events: list[Event]) -> float:
    db = connect(path)  # the same schema, triggers included
    try:
        conn = db.conn
        with conn:  # the games row is not what we time
            conn.execute(
                "INSERT INTO games (id, ruleset, card_set, modules, players, source,"
                " format_version, created) VALUES (1, 'classic', 'classic', '[]',"
                " '[\"ann\"]', 'simulated', 1, '')"
            )
        rows = event_rows(1, 1, events)  # prepared before the clock starts
        t0 = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(
            "INSERT INTO events (game_id, seq, turn, phase, actor, type,"
            " payload, rules, automatic) VALUES (?,?,?,?,?,?,?,?,?)",
            rows,
        )
        conn.execute("COMMIT")
        return len(events) / (time.perf_counter() - t0)
    finally:
        db.close()


def append_rate(n_events: int = 100_000, repeat: int = 3) -> dict[str, int | float]:
    """Events/s of store.add_game and of bare executemany (best of `repeat`), and the ratio.

    The store's figure includes turning Event objects into rows (JSON of
    payloads and rules); executemany gets those rows ready-made. Snapshots are
    off: they cost the engine's fold, not the store's writing.
    """
    events = synthetic_events(n_events)
    store, raw = 0.0, 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(repeat):
            store = max(store, _store_rate(os.path.join(tmp, f"s{i}.db"), events))
            raw = max(raw, _executemany_rate(os.path.join(tmp, f"r{i}.db"), events))
    return {
        "n_events": n_events,
        "store_events_per_s": round(store),
        "executemany_events_per_s": round(raw),
        "ratio": round(store / raw, 3),
    }


if __name__ == "__main__":
    print(append_rate())
