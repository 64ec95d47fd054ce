"""Store: events appended per second through store.add_game vs bare sqlite3 executemany
of the same rows into the same schema (munchkin_nb.store.bench.append_rate)."""

from __future__ import annotations

from .common import row


def run(quick: bool = False) -> list[dict]:
    from munchkin_nb.store.bench import append_rate

    n, repeat = (5_000, 1) if quick else (100_000, 3)
    r = append_rate(n, repeat)
    ratio = r["store_events_per_s"] / r["executemany_events_per_s"]
    return [
        row(
            "store",
            "add_game events/s",
            r["store_events_per_s"],
            "events/s",
            r["executemany_events_per_s"],
            "sqlite3 executemany, same rows & schema",
            target="ratio >= 0.5",
            ok=ratio >= 0.5,
            note=f"{n} synthetic events, best of {repeat}, snapshots off",
        )
    ]
