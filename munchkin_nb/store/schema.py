"""The event store's schema: tables, append-only triggers, the schema version."""

from __future__ import annotations

import sqlite_utils

SCHEMA_VERSION = 1
SOURCES = ("simulated", "played", "transcribed", "tutorial")
# How long a writer waits for another process's write transaction to finish.
BUSY_TIMEOUT_MS = 30_000


class StoreError(Exception):
    """The event store refused an operation (bad database, bad game, bad events)."""


# Triggers are the guarantee: Python code is not the only thing that opens
# the file (sqlite3, sqlite-utils, Datasette), so the rules live in SQLite.
_TRIGGERS = f"""
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;
CREATE TRIGGER IF NOT EXISTS events_gapless BEFORE INSERT ON events
WHEN NEW.seq IS NOT COALESCE(
    (SELECT MAX(seq) FROM events WHERE game_id = NEW.game_id), 0) + 1
BEGIN SELECT RAISE(ABORT, 'events: seq must be max(seq)+1 for its game'); END;
CREATE TRIGGER IF NOT EXISTS games_source BEFORE INSERT ON games
WHEN NEW.source NOT IN ({", ".join(repr(s) for s in SOURCES)})
BEGIN SELECT RAISE(ABORT, 'games: unknown source'); END;
CREATE TRIGGER IF NOT EXISTS snapshots_no_update BEFORE UPDATE ON snapshots
BEGIN SELECT RAISE(ABORT, 'snapshots are written once: UPDATE refused'); END;
"""


def connect(path: str) -> sqlite_utils.Database:
    """Open (creating if needed) a store database in WAL mode with its schema checked."""
    db = sqlite_utils.Database(path)
    # Set before anything that may lock, so a second process waits rather than fails.
    db.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.conn.execute("PRAGMA foreign_keys = ON")
    if path != ":memory:":
        db.enable_wal()
    # WAL + NORMAL is durable against process crashes (only a power loss can
    # drop the last commits), and keeps each commit cheap.
    db.conn.execute("PRAGMA synchronous = NORMAL")
    _ensure_schema(db)
    return db


def stored_version(db: sqlite_utils.Database) -> int | None:
    """The schema version written in `meta`, or None for an empty database."""
    if not db["meta"].exists():
        return None
    row = db.conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else None


def _ensure_schema(db: sqlite_utils.Database) -> None:
    version = stored_version(db)
    if version is not None and version > SCHEMA_VERSION:
        raise StoreError(
            f"database schema version {version} is newer than this code knows "
            f"({SCHEMA_VERSION}); upgrade munchkin_nb to open it"
        )
    if version == SCHEMA_VERSION:
        return
    # IMMEDIATE: two processes creating the schema at once serialise here.
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        _create(db)
        db.conn.execute("COMMIT")
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise


def _create(db: sqlite_utils.Database) -> None:
    db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)
    db.table("games").create(
        {
            "id": int,
            "ruleset": str,
            "card_set": str,
            "modules": str,
            "players": str,
            "seed": int,
            "source": str,
            "format_version": int,
            "created": str,
            "winners": str,
            "turns": int,
            "extra": str,
        },
        pk="id",
        not_null=[
            "ruleset",
            "card_set",
            "modules",
            "players",
            "source",
            "format_version",
            "created",
            "extra",
        ],
        defaults={"extra": "{}"},
        if_not_exists=True,
    )
    db.table("events").create(
        {
            "game_id": int,
            "seq": int,
            "turn": int,
            "phase": str,
            "actor": str,
            "type": str,
            "payload": str,
            "rules": str,
            "automatic": int,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
        # PK columns of a rowid table may hold NULL in SQLite unless told not to.
        not_null=["game_id", "seq", "turn", "phase", "type", "payload", "rules", "automatic"],
        if_not_exists=True,
    )
    db.table("snapshots").create(
        {"game_id": int, "seq": int, "state": str},
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
        not_null=["game_id", "seq", "state"],
        if_not_exists=True,
    )
    db.executescript(_TRIGGERS)  # inside our transaction: no implicit commit
    db.conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
    )
