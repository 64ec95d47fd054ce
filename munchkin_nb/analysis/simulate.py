"""Bot games in chunks of seeds, played here or fanned out over Dask workers (a local cluster of
processes, or a running scheduler: the same client calls either way), into the store or Parquet shards.

A game depends on its seed only, and chunks are written in seed order, so the same seeds give the
same events (and the same game ids) whatever the number of workers."""

from __future__ import annotations

import logging
import os
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from munchkin_nb.engine.core.events import Event

# The metadata the store keeps of a simulated game (the runner's record has a few more keys).
META_KEYS = ("ruleset", "modules", "players", "seed", "winners", "turns", "bot")
Played = list[tuple[dict[str, Any], list[Event]]]


@dataclass(frozen=True)
class Chunk:
    """Games `first` .. `first + count - 1` of a run (0-based), game i with seed `seed + i`."""

    first: int
    count: int
    seed: int
    players: int  # 0: cycle from the ruleset's fewest to its most players, by seed
    bot: str
    ruleset: str
    modules: tuple[str, ...]
    #: other games' card sets shuffled in
    mix: tuple[str, ...] = ()

    def seeds(self) -> range:
        return range(self.seed + self.first, self.seed + self.first + self.count)


def chunks(games: int, size: int, **game: Any) -> list[Chunk]:
    """The run of `games` games cut into chunks of at most `size`."""
    return [Chunk(first, min(size, games - first), **game) for first in range(0, games, size)]


def play_chunk(chunk: Chunk) -> Played:
    """Play every game of a chunk; (metadata, events) each, in seed order."""
    from munchkin_nb.bots import play_game
    from munchkin_nb.rules.rulesets import ruleset

    rs = ruleset(chunk.ruleset)
    low, high = rs.min_players, rs.max_players
    out: Played = []
    for seed in chunk.seeds():
        players = chunk.players or low + seed % (high - low + 1)
        rec = play_game(
            players, seed, chunk.bot, ruleset=chunk.ruleset, modules=list(chunk.modules), mix=list(chunk.mix)
        )
        meta = {k: rec.meta[k] for k in META_KEYS} | {"source": "simulated"}
        out.append((meta, rec.events))
    return out


def shard_chunk(chunk: Chunk, folder: str) -> dict[str, int]:
    """Play a chunk and write it as one Parquet shard (events, seats, games) into `folder`.

    The games go through a scratch store first, so the typed columns are the export's own; game ids
    are the run's numbering (game i is id i + 1), as a store the run filled alone would have them."""
    import duckdb

    from munchkin_nb.store import EventStore

    from .parquet import write_store

    played = play_chunk(chunk)
    # snapshot_every=0: no snapshots, the shard never seeks
    with (
        tempfile.TemporaryDirectory() as scratch,
        EventStore(os.path.join(scratch, "shard.db"), snapshot_every=0) as store,
    ):
        store.add_games(played)
        con = duckdb.connect()
        try:
            counts = write_store(
                store.db.conn,
                Path(folder),
                con,
                part=f"part-{chunk.first:012d}-{{n:03d}}",
                id_offset=chunk.first,
                sharded=True,
            )
        finally:
            con.close()
    counts["turns"] = sum(meta["turns"] or 0 for meta, _ in played)
    return counts


@contextmanager
def dask_client(workers: int, scheduler: str | None = None) -> Iterator[Any]:
    """A Dask client: of the scheduler at `scheduler`, or of a local cluster of `workers` processes."""
    from distributed import Client, LocalCluster

    # distributed's constructors carry no annotations: typed as Any here, once
    client_of: Callable[..., Any] = Client
    cluster_of: Callable[..., Any] = LocalCluster
    if scheduler:
        with client_of(scheduler) as client:
            yield client
        return
    # one thread a process: the engine is pure Python, threads would share one interpreter lock
    with (
        cluster_of(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        client_of(cluster) as client,
    ):
        yield client


def in_order(client: Any, fn: Callable[..., Any], items: Iterable[Chunk], *args: Any) -> Iterator[Any]:
    """`fn(item, *args)` for each item on the client's workers, yielded in the items' order; a few
    chunks a worker are in flight at a time, so finished chunks do not pile up in memory."""
    pending: deque[Any] = deque()
    window = 3 * max(1, len(client.scheduler_info().get("workers", {})))
    items = iter(items)
    for item in items:
        pending.append(client.submit(fn, item, *args, pure=False))
        if len(pending) >= window:
            break
    while pending:
        future = pending.popleft()
        result = future.result()  # a worker's exception is raised here, with its own message
        future.release()
        nxt = next(items, None)
        if nxt is not None:
            pending.append(client.submit(fn, nxt, *args, pure=False))
        yield result


def run(
    work: list[Chunk], fn: Callable[..., Any], *args: Any, workers: int = 0, scheduler: str | None = None
) -> Iterator[Any]:
    """`fn(chunk, *args)` for every chunk, in order: here (no workers, no scheduler) or on Dask."""
    if not workers and not scheduler:
        for chunk in work:
            yield fn(chunk, *args)
        return
    with dask_client(workers, scheduler) as client:
        yield from in_order(client, fn, work, *args)
