"""Where the statistics' SQL runs: SQLite over an event store, or DuckDB over a Parquet export."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from munchkin_nb.store import EventStore

from .relations import seats_filter, sqlite_views
from .stats import Query

# The Parquet layout `replay export --parquet` writes and DuckDB reads.
EVENTS_DIR = "events"
SEATS_FILE = "seats.parquet"
GAMES_FILE = "games.parquet"
# A corpus simulated in shards (`simulate --parquet`) has one file per shard in each of these instead.
SEATS_DIR = "seats"
GAMES_DIR = "games"


def parquet_source(root: Path, file: str, folder: str) -> str:
    """The read_parquet pattern of one relation: its single file, or every shard in its folder
    (quoted for an SQL string literal)."""
    path = root / file if (root / file).is_file() else root / folder / "*.parquet"
    return str(path).replace("'", "''")


def _rows(cursor: Any) -> list[dict[str, Any]]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


@contextmanager
def sqlite_query(path: str, ruleset: str | None = None, modules: list[str] | None = None) -> Iterator[Query]:
    """A query function over the store at `path`, opened read-only, with its TEMP views."""
    with EventStore(path, readonly=True) as store:
        conn: sqlite3.Connection = store.db.conn
        sqlite_views(conn, ruleset, modules)

        def query(sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
            return _rows(conn.execute(sql, list(params)))

        yield query


@contextmanager
def duckdb_query(
    folder: str, ruleset: str | None = None, modules: list[str] | None = None
) -> Iterator[Query]:
    """A query function over a Parquet export in `folder` (DuckDB, in memory; the files are only read)."""
    import duckdb

    root = Path(folder)
    if not ((root / SEATS_FILE).is_file() or (root / SEATS_DIR).is_dir()) or not (root / EVENTS_DIR).is_dir():
        raise ValueError(f"{folder} holds no Parquet export (no {SEATS_FILE} or {EVENTS_DIR}/)")
    con = duckdb.connect()
    try:
        pattern = str(root / EVENTS_DIR / "*.parquet").replace("'", "''")
        con.execute(f"CREATE VIEW ev AS SELECT * FROM read_parquet('{pattern}')")
        seats_path = parquet_source(root, SEATS_FILE, SEATS_DIR)
        where = seats_filter(ruleset, modules)
        con.execute(f"CREATE VIEW seats AS SELECT * FROM read_parquet('{seats_path}') {where}")
        games_path = parquet_source(root, GAMES_FILE, GAMES_DIR)
        con.execute(f"CREATE VIEW games AS SELECT * FROM read_parquet('{games_path}')")
        # an export older than flags kept every game in seats: none is counted as left out for them
        has_flags = "flags" in {row[0] for row in con.execute("DESCRIBE games").fetchall()}
        flagged = "flags != '[]'" if has_flags else "FALSE"
        con.execute(
            f"CREATE VIEW all_games AS SELECT ({flagged}) AS flagged,"
            " (winners IS NOT NULL AND winners != '[]') AS finished, ruleset, modules FROM games"
            f" {where}"
        )

        def query(sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
            return _rows(con.execute(sql, list(params)))

        yield query
    finally:
        con.close()
