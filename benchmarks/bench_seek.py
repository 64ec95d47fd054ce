"""Seek: store.state_at p50/p95 at random points of one long simulated game,
with snapshots vs use_snapshots=False (a fold from event 1)."""

from __future__ import annotations

import os
import random
import tempfile

from .common import percentile, row, timed

# 6 random bots: seed 195 plays past 20,000 events (searched once; seed 32 ends at 15,843);
# capped by max_events; should the engine change, long_game() searches on.
LONG_SEEDS = (195, 32)


def long_game(target: int):
    """One simulated game of `target` events (capped by max_events), or the longest tried."""
    from munchkin_nb.bots import play_game

    best = None
    for seed in (*LONG_SEEDS, *range(400, 460)):
        rec = play_game(6, seed, "random", max_turns=100_000, max_events=target)
        if best is None or len(rec.events) > len(best.events):
            best = rec
        if len(best.events) >= target:
            break
    return best


def run(quick: bool = False) -> list[dict]:
    from munchkin_nb.bots import play_game
    from munchkin_nb.store import EventStore

    if quick:
        rec, points = play_game(6, 1, "random", max_turns=100_000, max_events=3_000), 20
    else:
        rec, points = long_game(20_000), 200
    n = len(rec.events)
    rng = random.Random(7)
    seqs = [rng.randint(1, n) for _ in range(points)]
    with tempfile.TemporaryDirectory() as tmp, EventStore(os.path.join(tmp, "seek.db")) as store:
        gid = store.add_game(rec.meta, rec.events)
        it = iter(seqs)
        snap = timed(lambda: store.state_at(gid, next(it)), points)
        it = iter(seqs)
        bare = timed(lambda: store.state_at(gid, next(it), use_snapshots=False), points)
    ms = 1000.0
    note = f"one game of {n} events (6 random bots, seed {rec.meta['seed']}), {points} random points"
    p95 = percentile(snap, 95) * ms
    return [
        row(
            "seek",
            "state_at p50",
            percentile(snap, 50) * ms,
            "ms",
            percentile(bare, 50) * ms,
            "use_snapshots=False",
            note=note,
            higher_is_better=False,
        ),
        row(
            "seek",
            "state_at p95",
            p95,
            "ms",
            percentile(bare, 95) * ms,
            "use_snapshots=False",
            target="p95 < 20 ms",
            ok=p95 < 20,
            note=note,
            higher_is_better=False,
        ),
    ]
