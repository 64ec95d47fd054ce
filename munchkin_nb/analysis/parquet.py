"""Export a store as Parquet: one typed row per event (shards of events/), the seats, the games."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from munchkin_nb.store import EventStore

from .engines import EVENTS_DIR, GAMES_DIR, GAMES_FILE, SEATS_DIR, SEATS_FILE, parquet_source
from .relations import EV_COLUMNS, SEAT_COLUMNS, SEATS_SQL, ev_sql

# Rows per Parquet shard: a shard is built in memory, then written by DuckDB.
SHARD_ROWS = 500_000
_GAME_COLUMNS = {
    "id": "BIGINT",
    "ruleset": "VARCHAR",
    "card_set": "VARCHAR",
    "modules": "VARCHAR",
    "players": "VARCHAR",
    "seed": "BIGINT",
    "source": "VARCHAR",
    "created": "VARCHAR",
    "winners": "VARCHAR",
    "turns": "BIGINT",
    "extra": "VARCHAR",
}


def _check_folder(out: Path) -> None:
    """The folder is new, empty, or an earlier export of ours (replaced); anything else is refused."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"--parquet {out} is a file, not a folder")
    if out.is_dir():
        ours = {EVENTS_DIR, SEATS_FILE, GAMES_FILE, SEATS_DIR, GAMES_DIR}
        others = [p.name for p in out.iterdir() if p.name not in ours]
        if others:
            raise ValueError(f"--parquet {out} holds other files ({others[0]}, ...); not written")
    elif not out.parent.is_dir():
        raise ValueError(f"--parquet {out}: the folder {out.parent} does not exist")


def _write(con: Any, rows: list[tuple[Any, ...]], columns: dict[str, str], path: Path) -> None:
    """Write rows (tuples in `columns` order) to one Parquet file, each column cast to its type."""
    names = list(columns)
    cols = list(zip(*rows, strict=True)) if rows else [() for _ in names]
    # object arrays: DuckDB reads a dict of NumPy arrays as a table; the casts fix the types
    frame = {n: np.array(c, dtype=object) for n, c in zip(names, cols, strict=True)}  # noqa: F841 (read by name in the SQL)
    select = ", ".join(f"CAST({n} AS {t}) AS {n}" for n, t in columns.items())
    target = str(path).replace("'", "''")
    con.execute(f"COPY (SELECT {select} FROM frame) TO '{target}' (FORMAT PARQUET, COMPRESSION ZSTD)")


def write_store(
    conn: Any,
    work: Path,
    con: Any,
    *,
    shard_rows: int = SHARD_ROWS,
    part: str = "part-{n:05d}",
    id_offset: int = 0,
    sharded: bool = False,
    progress: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Write the events, seats and games of the store connection `conn` as Parquet under `work`.

    `id_offset` is added to every game id (a shard of a larger corpus keeps its games' ids apart);
    `sharded` puts the seats and games into seats/ and games/ too, one file per `part`."""
    counts = {"events": 0, "shards": 0, "seats": 0, "games": 0}

    def shifted(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        return [(r[0] + id_offset, *r[1:]) for r in rows] if id_offset else rows

    ev_types = {n: t for n, (t, _e) in EV_COLUMNS.items()}
    cursor = conn.execute(ev_sql("ORDER BY game_id, seq"))
    while rows := cursor.fetchmany(shard_rows):
        name = part.format(n=counts["shards"])
        _write(con, shifted(rows), ev_types, work / EVENTS_DIR / f"{name}.parquet")
        counts["events"] += len(rows)
        counts["shards"] += 1
        if progress:
            progress(counts["events"])
    if not counts["shards"]:  # an empty store still has the columns, for readers
        _write(con, [], ev_types, work / EVENTS_DIR / f"{part.format(n=0)}.parquet")
    seats = conn.execute(f"SELECT {', '.join(SEAT_COLUMNS)} FROM ({SEATS_SQL})").fetchall()
    games = conn.execute(f"SELECT {', '.join(_GAME_COLUMNS)} FROM games ORDER BY id").fetchall()
    if sharded:
        seats_path = work / SEATS_DIR / f"{part.format(n=0)}.parquet"
        games_path = work / GAMES_DIR / f"{part.format(n=0)}.parquet"
    else:
        seats_path, games_path = work / SEATS_FILE, work / GAMES_FILE
    _write(con, shifted(seats), SEAT_COLUMNS, seats_path)
    _write(con, shifted(games), _GAME_COLUMNS, games_path)
    counts["seats"], counts["games"] = len(seats), len(games)
    return counts


def export_parquet(
    db: str, folder: str, shard_rows: int = SHARD_ROWS, progress: Callable[[int], None] | None = None
) -> dict[str, int]:
    """Write `folder`/events/part-NNNNN.parquet, seats.parquet and games.parquet from the store `db`.

    Written into a temporary folder beside it and renamed at the end: nothing half-written is left."""
    import duckdb

    out = Path(folder)
    work = start_folder(out)
    con = duckdb.connect()
    try:
        with EventStore(db, readonly=True) as store:
            counts = write_store(store.db.conn, work, con, shard_rows=shard_rows, progress=progress)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    finally:
        con.close()
    finish_folder(work, out)
    return counts


def start_folder(out: Path, sharded: bool = False) -> Path:
    """Check `out` (see _check_folder) and make the empty folder beside it that is written first."""
    _check_folder(out)
    work = out.with_name(out.name + ".partial")
    if work.exists():
        shutil.rmtree(work)
    (work / EVENTS_DIR).mkdir(parents=True)
    if sharded:
        (work / SEATS_DIR).mkdir()
        (work / GAMES_DIR).mkdir()
    return work


def finish_folder(work: Path, out: Path) -> None:
    """Put the finished export in place of `out` (an earlier export there is replaced)."""
    if out.exists():
        shutil.rmtree(out)
    work.rename(out)


def read_games(folder: str) -> list[dict[str, Any]]:
    """The games of a Parquet export as plain data (JSON columns decoded)."""
    import duckdb

    path = parquet_source(Path(folder), GAMES_FILE, GAMES_DIR)
    with duckdb.connect() as con:
        cur = con.execute(f"SELECT * FROM read_parquet('{path}') ORDER BY id")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
    for r in rows:
        for k in ("modules", "players", "winners", "extra"):
            r[k] = json.loads(r[k]) if r[k] is not None else None
    return rows
