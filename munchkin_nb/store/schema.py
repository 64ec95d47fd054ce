"""The event store's schema: tables, append-only triggers, the schema version, and which files are ours."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from urllib.parse import quote

import sqlite_utils

# Version 2 added games.flags, games.content_hash, the games triggers and PRAGMA application_id.
# Version 3 added the notes table (annotations on events) and its triggers.
SCHEMA_VERSION = 3
# The marks a note may carry (a chess annotator's words; None for a plain note).
MARKS = ("good", "mistake", "blunder", "interesting", "dubious")
SOURCES = ("simulated", "played", "transcribed", "tutorial")
# How long a writer waits for another process's write transaction to finish.
BUSY_TIMEOUT_MS = 30_000
# Written into every store's header (PRAGMA application_id): "MNKN" in ASCII. A file with another
# application's id, or with tables but neither this id nor our older schema, is not ours.
APPLICATION_ID = 0x4D4E4B4E
_SQLITE_MAGIC = b"SQLite format 3\x00"
# What marks a file written before APPLICATION_ID existed as ours (schema version 1).
_OUR_TABLES = {"meta", "games", "events", "snapshots"}


class StoreError(Exception):
    """The event store refused an operation (bad database, bad game, bad events)."""


# Triggers are the guarantee: Python code is not the only thing that opens
# the file (sqlite3, sqlite-utils, Datasette), so the rules live in SQLite.
_TRIGGERS_V1 = {
    "events_no_update": """BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END""",
    "events_no_delete": """BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END""",
    "events_gapless": """BEFORE INSERT ON events
WHEN NEW.seq IS NOT COALESCE(
    (SELECT MAX(seq) FROM events WHERE game_id = NEW.game_id), 0) + 1
BEGIN SELECT RAISE(ABORT, 'events: seq must be max(seq)+1 for its game'); END""",
    "games_source": f"""BEFORE INSERT ON games
WHEN NEW.source NOT IN ({", ".join(repr(s) for s in SOURCES)})
BEGIN SELECT RAISE(ABORT, 'games: unknown source'); END""",
    "snapshots_no_update": """BEFORE UPDATE ON snapshots
BEGIN SELECT RAISE(ABORT, 'snapshots are written once: UPDATE refused'); END""",
}
# Deleting a game, or renumbering it, would hide its events as surely as deleting them.
_TRIGGERS_V2 = {
    **_TRIGGERS_V1,
    "games_no_delete": """BEFORE DELETE ON games
BEGIN SELECT RAISE(ABORT, 'games are kept: DELETE refused'); END""",
    "games_no_renumber": """BEFORE UPDATE OF id ON games
BEGIN SELECT RAISE(ABORT, 'games are kept: changing a game id refused'); END""",
}
# A note is on an event the game has, with a known mark; notes are a table of their own so that
# the events stay append-only (a note may be added after the game, the events never change).
_TRIGGERS_V3 = {
    **_TRIGGERS_V2,
    "notes_on_an_event": """BEFORE INSERT ON notes
WHEN NEW.seq < 1 OR NEW.seq > (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = NEW.game_id)
BEGIN SELECT RAISE(ABORT, 'notes: no such event in that game'); END""",
    "notes_mark": f"""BEFORE INSERT ON notes
WHEN NEW.mark IS NOT NULL AND NEW.mark NOT IN ({", ".join(repr(m) for m in MARKS)})
BEGIN SELECT RAISE(ABORT, 'notes: unknown mark'); END""",
}
TRIGGERS = {1: _TRIGGERS_V1, 2: _TRIGGERS_V2, 3: _TRIGGERS_V3}
# The columns each version's tables must have (a check on open, not the full definition).
_COLUMNS_V1 = {
    "meta": {"key", "value"},
    "games": {"id", "ruleset", "card_set", "modules", "players", "seed", "source", "format_version"}
    | {"created", "winners", "turns", "extra"},
    "events": {"game_id", "seq", "turn", "phase", "actor", "type", "payload", "rules", "automatic"},
    "snapshots": {"game_id", "seq", "state"},
}
_COLUMNS_V2 = {**_COLUMNS_V1, "games": _COLUMNS_V1["games"] | {"flags", "content_hash"}}
COLUMNS = {
    1: _COLUMNS_V1,
    2: _COLUMNS_V2,
    3: {**_COLUMNS_V2, "notes": {"id", "game_id", "seq", "text", "mark", "created"}},
}


def connect(path: str, *, readonly: bool = False, create: bool = True) -> sqlite_utils.Database:
    """Open a store database (read-only: never created, never changed; `create=False`: an existing
    store only, an empty database is not made one); StoreError in one line if not."""
    if path == ":memory:":
        if readonly:
            raise StoreError("an in-memory store cannot be opened read-only")
        return _writable(sqlite3.connect(path), path)
    check_path(path, readonly=readonly)
    try:
        conn = sqlite3.connect(readonly_uri(path), uri=True) if readonly else sqlite3.connect(path)
    except sqlite3.Error as error:
        raise StoreError(f"{path}: cannot be opened ({error})") from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if readonly:
            version = identify(conn, path)
            if version is None:
                raise StoreError(f"{path} holds no event store (an empty database)")
            check_intact(conn, path, version)
            return sqlite_utils.Database(conn)
        if not create and identify(conn, path) is None:
            raise StoreError(f"{path} holds no event store (an empty database); nothing written")
        return _writable_when_free(conn, path)
    except sqlite3.Error as error:
        conn.close()
        raise StoreError(f"{path}: {sqlite_message(error)}") from None
    except BaseException:
        conn.close()
        raise


def readonly_uri(path: str) -> str:
    """The URI that reads the store at `path`, creating no file beside it where that is safe.

    A WAL-mode store is read through its -shm index, which SQLite creates (with an empty -wal) when
    it is missing, even for `mode=ro`. When there is no -wal file, no process has the store open
    for writing and every commit is in the main file; then it is opened `immutable` (no -shm, no
    locks) if nothing can write it while it is read: inside `brief_reads()` (one command's reads,
    done before a writer could checkpoint under them), or when its folder is read-only (a writer
    could not make its -wal). A reader that stays open where others may write (the app, a
    notebook) uses `mode=ro` and the -shm, created if missing, to see their commits safely; so does
    every reader when a -wal file is there (a writer at work, or one that crashed)."""
    absolute = os.path.abspath(path)
    uri = f"file:{quote(absolute)}?mode=ro"
    no_writer = _wal_mode(absolute) and not _has_content(absolute + "-wal")
    if no_writer and (_BRIEF.get() or not writable_path(Path(absolute).parent)):
        uri += "&immutable=1"
    return uri


# True while the reads are brief (brief_reads): a command line's, not a page's that stays open.
_BRIEF: ContextVar[bool] = ContextVar("brief_reads", default=False)


@contextmanager
def brief_reads() -> Iterator[None]:
    """Within: read-only opens of a store are brief (closed before any writer could checkpoint
    under them), so a WAL store without a -wal is read immutable and nothing is created beside it."""
    token = _BRIEF.set(True)
    try:
        yield
    finally:
        _BRIEF.reset(token)


def _wal_mode(path: str) -> bool:
    """True when the database header says WAL (its read and write versions are 2)."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(20)
    except OSError:
        return False
    return len(header) == 20 and header[18:20] == b"\x02\x02"


def _has_content(path: str) -> bool:
    try:
        return os.stat(path).st_size > 0
    except OSError:
        return False


def _writable_when_free(conn: sqlite3.Connection, path: str) -> sqlite_utils.Database:
    """`_writable`, tried again while another process holds the file: switching a new file to WAL
    is refused at once ("database is locked") rather than waited for, when two processes open it
    together; every step of `_writable` may be done twice."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            return _writable(conn, path)
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _writable(conn: sqlite3.Connection, path: str) -> sqlite_utils.Database:
    # Before anything is written: a file with tables that is not ours is refused here.
    version = identify(conn, path)
    if version is not None:
        check_intact(conn, path, version)
    db = sqlite_utils.Database(conn)
    # Set before anything that may lock, so a second process waits rather than fails.
    conn.execute("PRAGMA foreign_keys = ON")
    if path != ":memory:":
        db.enable_wal()
    # WAL + NORMAL is durable against process crashes (only a power loss can
    # drop the last commits), and keeps each commit cheap.
    conn.execute("PRAGMA synchronous = NORMAL")
    _ensure_schema(db, path)
    check_intact(conn, path, SCHEMA_VERSION)
    return db


def check_path(path: str, *, readonly: bool) -> None:
    """Refuse, before SQLite sees it, a path that cannot be (or must not become) a store file."""
    p = Path(path)
    if not path:
        raise StoreError("the database path is empty")
    try:
        if p.is_symlink() and not p.exists():  # SQLite would create the file the link points to
            raise StoreError(f"{path} is a link to a missing file ({os.readlink(p)}); nothing created")
        if not p.exists():
            if readonly:
                raise StoreError(f"no such database file: {path}")
            folder = p.parent
            if not folder.is_dir():
                raise StoreError(f"cannot create {path}: the folder {folder} does not exist")
            if not writable_path(folder):
                raise StoreError(f"cannot create {path}: the folder {folder} is read-only")
            return
        mode = p.stat().st_mode
        if stat.S_ISDIR(mode):
            raise StoreError(f"{path} is a folder, not a database file")
        if not stat.S_ISREG(mode):
            raise StoreError(f"{path} is not a regular file")
        with p.open("rb") as handle:
            head = handle.read(len(_SQLITE_MAGIC))
    except OSError as error:
        raise StoreError(f"{path}: {error.strerror or error}") from None
    if head and head != _SQLITE_MAGIC:
        raise StoreError(f"{path} is not an SQLite database")
    if not head and readonly:
        raise StoreError(f"{path} is an empty file, not an event store")
    if not readonly:
        if not writable_path(p):
            raise StoreError(f"{path} is read-only")
        if not writable_path(p.parent):  # the journal and WAL files live beside it
            raise StoreError(f"{path}: its folder {p.parent} is read-only")


def writable_path(p: Path) -> bool:
    """Writable by us and not marked read-only (which root could otherwise ignore)."""
    return os.access(p, os.W_OK) and bool(p.stat().st_mode & 0o222)


def identify(conn: sqlite3.Connection, path: str) -> int | None:
    """The schema version of our store at conn, None for an empty database; StoreError if not ours."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    tables = {t for t in tables if not t.startswith("sqlite_")}
    if app_id not in (0, APPLICATION_ID):
        raise StoreError(f"{path} belongs to another application (application_id {app_id:#x}); not opened")
    if not tables and app_id == 0:
        return None
    version = _meta_version(conn) if "meta" in tables else None
    if not tables >= _OUR_TABLES or version is None:
        listed = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise StoreError(f"{path} is not a munchkin_nb event store (its tables: {listed}); not opened")
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"database schema version {version} is newer than this code knows "
            f"({SCHEMA_VERSION}); upgrade munchkin_nb to open it"
        )
    if app_id == 0 and version >= 2:  # version 2 files are always marked: this one was altered
        raise StoreError(f"{path}: schema version {version} but not marked as a munchkin_nb store")
    return version


def _meta_version(conn: sqlite3.Connection) -> int | None:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.OperationalError as error:  # a meta table of someone else's (no such column)
        if "malformed" in str(error):  # ours, damaged: said so by the caller, not "not ours"
            raise
        return None
    if row is None or not str(row[0]).isdigit() or int(row[0]) < 1:
        return None
    return int(row[0])


def check_intact(conn: sqlite3.Connection, path: str, version: int) -> None:
    """StoreError unless the tables and append-only triggers of `version` are there as we made them."""
    for table, wanted in COLUMNS[version].items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not wanted <= have:
            missing = ", ".join(sorted(wanted - have))
            raise StoreError(f"{path}: the store's schema was altered (table {table} lacks {missing})")
    stored = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall())
    for name, body in TRIGGERS[version].items():
        if name not in stored:
            raise StoreError(f"{path}: the store's safeguards were removed (trigger {name} is missing)")
        if " ".join(str(stored[name]).split()) != " ".join(f"CREATE TRIGGER {name} {body}".split()):
            raise StoreError(f"{path}: the store's safeguards were altered (trigger {name} was changed)")


def stored_version(db: sqlite_utils.Database) -> int | None:
    """The schema version written in `meta`, or None for an empty database."""
    if not db["meta"].exists():
        return None
    return _meta_version(db.conn)


def _ensure_schema(db: sqlite_utils.Database, path: str) -> None:
    if stored_version(db) == SCHEMA_VERSION and _marked(db):
        return
    # IMMEDIATE: two processes creating the schema at once serialise here.
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        version = identify(db.conn, path)  # again, now that no one else can be writing
        if version is None:
            _create(db)
            version = 1
        if version < 2:
            _migrate_to_2(db)
        if version < 3:
            _migrate_to_3(db)
        db.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.conn.execute("COMMIT")
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise


def _marked(db: sqlite_utils.Database) -> bool:
    return bool(db.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID)


def sqlite_message(error: sqlite3.Error) -> str:
    """SQLite's words, with the ones a user meets most put plainly."""
    text = str(error)
    if "file is not a database" in text:
        return "not an SQLite database"
    if "malformed" in text or isinstance(error, sqlite3.DatabaseError) and "corrupt" in text:
        return f"the database file is damaged ({text}); nothing written (sqlite3's .recover may save it)"
    if "disk is full" in text or "disk I/O error" in text:
        return f"cannot write ({text}: the disk is full or a file size limit was reached)"
    return text


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
    for name, body in _TRIGGERS_V1.items():
        db.conn.execute(f"CREATE TRIGGER {name} {body}")  # inside our transaction
    db.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', '1')")


def _migrate_to_2(db: sqlite_utils.Database) -> None:
    """Version 1 -> 2, inside the caller's transaction: two columns and two triggers added."""
    # flags: why a game was kept although import found it unfinished or illegal (JSON list).
    db.conn.execute("ALTER TABLE games ADD COLUMN flags TEXT NOT NULL DEFAULT '[]'")
    # content_hash: of the game's events, so that importing the same game twice is noticed.
    db.conn.execute("ALTER TABLE games ADD COLUMN content_hash TEXT")
    db.conn.execute("CREATE INDEX games_content_hash ON games (content_hash)")
    for name, body in _TRIGGERS_V2.items():
        if name not in _TRIGGERS_V1:
            db.conn.execute(f"CREATE TRIGGER {name} {body}")
    db.conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")


def _migrate_to_3(db: sqlite_utils.Database) -> None:
    """Version 2 -> 3, inside the caller's transaction: the notes table and its two triggers."""
    db.conn.execute(
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id),"
        " seq INTEGER NOT NULL, text TEXT NOT NULL, mark TEXT, created TEXT NOT NULL)"
    )
    db.conn.execute("CREATE INDEX notes_game_seq ON notes (game_id, seq)")
    for name, body in _TRIGGERS_V3.items():
        if name not in _TRIGGERS_V2:
            db.conn.execute(f"CREATE TRIGGER {name} {body}")
    db.conn.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
