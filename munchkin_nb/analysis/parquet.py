"""Export a store as Parquet: one typed row per event (shards of events/), the seats, the games."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from munchkin_nb.safe_io import check_folder
from munchkin_nb.store import EventStore
from munchkin_nb.store.schema import writable_path

from .engines import EVENTS_DIR, GAMES_DIR, GAMES_FILE, SEATS_DIR, SEATS_FILE, parquet_source
from .relations import EV_COLUMNS, SEAT_COLUMNS, ev_sql, games_columns, seats_sql

# Rows per Parquet shard: a shard is built in memory, then written by DuckDB.
SHARD_ROWS = 500_000
# Written last into every export folder: the files the export made. A folder is replaced by a new
# export only when it holds exactly these (an earlier export), so no one else's file is ever deleted.
MANIFEST = ".munchkin-nb-export.json"
MANIFEST_KIND = "munchkin_nb parquet export"
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
    "flags": "VARCHAR",  # a JSON list: why import kept a game the referee found wanting
}


def _check_folder(out: Path) -> None:
    """The folder is new, empty, or an earlier export of ours (replaced); anything else is refused."""
    if not str(out) or str(out) == ".":
        raise ValueError("--parquet: the path is empty")
    if out.is_symlink():
        raise ValueError(f"--parquet {out} is a link; not written (name the folder itself)")
    if out.exists() and not out.is_dir():
        raise ValueError(f"--parquet {out} is a file, not a folder")
    if out.is_dir():
        if not writable_path(out):
            raise ValueError(f"--parquet {out} is read-only")
        if any(out.iterdir()) and not is_export(out):
            first = sorted(p.name for p in out.iterdir())[0]
            raise ValueError(
                f"--parquet {out} holds other files than an export of ours ({first}, ...); not written"
            )
    check_folder(out.parent, f"--parquet {out}")


def _files(folder: Path) -> list[str] | None:
    """Every file under `folder` (relative, sorted), or None when it holds a link or a special file."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not (path.is_dir() or path.is_file()):
            return None
        if path.is_file():
            found.append(path.relative_to(folder).as_posix())
    return found


def is_export(folder: Path) -> bool:
    """True when `folder` holds an export of ours and nothing else: its manifest lists every file."""
    try:
        listed = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        files = _files(folder)
    except (OSError, ValueError):
        return False
    return (
        isinstance(listed, dict)
        and listed.get("kind") == MANIFEST_KIND
        and files is not None
        and sorted([*listed.get("files", []), MANIFEST]) == files
    )


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
    seats = conn.execute(f"SELECT {', '.join(SEAT_COLUMNS)} FROM ({seats_sql(conn)})").fetchall()
    have = games_columns(conn)  # a version 1 file has no flags: none of its games is flagged
    columns = ", ".join(c if c in have else f"'[]' AS {c}" for c in _GAME_COLUMNS)
    games = conn.execute(f"SELECT {columns} FROM games ORDER BY id").fetchall()
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
        discard(work)
        raise
    finally:
        con.close()
    finish_folder(work, out)
    return counts


def start_folder(out: Path, sharded: bool = False) -> Path:
    """Check `out` (see _check_folder) and make a new empty folder beside it that is written first
    (a name of its own: a folder that happens to be called out.partial is never touched)."""
    _check_folder(out)
    work = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.", suffix=".partial"))
    mask = os.umask(0o022)
    os.umask(mask)
    work.chmod(0o777 & ~mask)  # as mkdir would have made it (mkdtemp's is 0700)
    (work / EVENTS_DIR).mkdir()
    if sharded:
        (work / SEATS_DIR).mkdir()
        (work / GAMES_DIR).mkdir()
    return work


def finish_folder(work: Path, out: Path) -> None:
    """List what `work` holds in its manifest and put it in place of `out` (an empty folder, or an
    earlier export of ours, which is then removed; _check_folder refused anything else)."""
    files = _files(work) or []
    manifest = {"kind": MANIFEST_KIND, "format": 1, "files": files}
    (work / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    if not out.exists():
        work.rename(out)
        return
    if not any(out.iterdir()):
        out.rmdir()  # empty: nothing of anyone's is lost
        work.rename(out)
        return
    if not is_export(out):  # changed since it was checked: left as it is, the new export beside it
        raise ValueError(f"--parquet {out} changed while it was written; the new export is in {work}")
    old = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.", suffix=".old"))
    out.rename(old)  # onto the empty folder just made: the old export keeps its files until the swap
    work.rename(out)
    shutil.rmtree(old)


def discard(work: Path) -> None:
    """Remove a folder start_folder made (an export cut short): nothing half-written is left."""
    if work.name.endswith(".partial") and work.name.startswith("."):
        shutil.rmtree(work, ignore_errors=True)


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
