"""The store never changes a file that is not ours, opens read-only where it only reads, keeps
its games, checks its safeguards on open, and brings our older files up to date."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from munchkin_nb.store import SCHEMA_VERSION, EventStore, StoreError
from munchkin_nb.store.schema import APPLICATION_ID
from munchkin_nb.store.synthetic import synthetic_game

META = {"source": "simulated", "seed": 1}
SAMPLE = Path(__file__).resolve().parents[1] / "replays" / "sample.db"
V1 = Path(__file__).resolve().parent / "fixtures" / "store_v1.db"


def other_application(path: Path) -> bytes:
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT); INSERT INTO events VALUES (1, 'x');"
    )
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("readonly", [False, True])
def test_another_applications_database_is_refused_and_left_alone(tmp_path, readonly):
    path = tmp_path / "theirs.db"
    before = other_application(path)
    with pytest.raises(StoreError, match="not a munchkin_nb event store"):
        EventStore(str(path), readonly=readonly)
    assert path.read_bytes() == before
    conn = sqlite3.connect(path)  # their application still writes as before
    conn.execute("INSERT INTO events (what) VALUES ('y')")
    conn.commit()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall() == []


def test_a_file_marked_by_another_application_is_refused_even_when_empty(tmp_path):
    path = tmp_path / "marked.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 42")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another application"):
        EventStore(str(path))
    assert path.read_bytes() == before


def test_a_new_store_is_marked(tmp_path):
    with EventStore(str(tmp_path / "new.db")) as store:
        assert store.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert store.db.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA_VERSION)


def test_read_only_never_creates_nor_writes(tmp_path):
    missing = tmp_path / "missing.db"
    with pytest.raises(StoreError, match="no such database file"):
        EventStore(str(missing), readonly=True)
    assert not missing.exists()
    empty = tmp_path / "x.log"
    empty.write_text("")
    with pytest.raises(StoreError, match="empty file"):
        EventStore(str(empty), readonly=True)
    assert empty.read_text() == ""
    path = tmp_path / "g.db"
    with EventStore(str(path)) as store:
        store.add_game(META, synthetic_game(2))
    before = path.read_bytes()
    with EventStore(str(path), readonly=True) as store:
        assert len(store.games()) == 1
        with pytest.raises(StoreError, match="read-only"):
            store.add_game(META, synthetic_game(3))
        with pytest.raises(StoreError, match="read-only"):
            store.set_result(1, ["ann"], 3)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda p: p.mkdir(), "is a folder"),
        (lambda p: p.write_text("hello"), "not an SQLite database"),
        (lambda p: None, "folder .* does not exist"),
    ],
)
def test_odd_paths_are_one_clear_error(tmp_path, make, match):
    path = (
        tmp_path / "x.db" if "folder" not in match or "does not" not in match else tmp_path / "nope" / "x.db"
    )
    make(path)
    with pytest.raises(StoreError, match=match) as info:
        EventStore(str(path))
    assert "\n" not in str(info.value)


def test_read_only_file_and_folder_are_refused_before_any_write(tmp_path):
    path = tmp_path / "g.db"
    EventStore(str(path)).close()
    before = path.read_bytes()
    path.chmod(0o444)
    with pytest.raises(StoreError, match="read-only"):
        EventStore(str(path))
    assert path.read_bytes() == before
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    with pytest.raises(StoreError, match="read-only"):
        EventStore(str(folder / "new.db"))
    assert not (folder / "new.db").exists()


def test_games_are_kept_like_their_events(tmp_path):
    with EventStore(str(tmp_path / "g.db")) as store:
        gid = store.add_game(META, synthetic_game(2))
        for sql in ("DELETE FROM games", f"UPDATE games SET id = 99 WHERE id = {gid}"):
            with pytest.raises(sqlite3.IntegrityError, match="games are kept"):
                store.db.conn.execute(sql)
        store.set_result(gid, ["ann"], 3)  # a result may still be recorded
        assert store.game(gid)["winners"] == ["ann"]


@pytest.mark.parametrize(
    "sql, match",
    [
        ("DROP TRIGGER events_no_delete", "trigger events_no_delete is missing"),
        ("DROP TRIGGER games_no_delete", "trigger games_no_delete is missing"),
        (
            "DROP TRIGGER events_no_update;"
            " CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT 1; END",
            "events_no_update was changed",
        ),
    ],
)
@pytest.mark.parametrize("readonly", [False, True])
def test_open_checks_the_safeguards(tmp_path, sql, match, readonly):
    path = tmp_path / "g.db"
    EventStore(str(path)).close()
    conn = sqlite3.connect(path)
    conn.executescript(sql)
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=match):
        EventStore(str(path), readonly=readonly)
    assert path.read_bytes() == before


def test_an_older_store_is_read_as_it_is_and_brought_up_to_date_on_first_write(tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(V1, path)  # the first game of the sample as version 1 of the schema wrote it
    conn = sqlite3.connect(path)
    version = conn.execute("SELECT value FROM meta").fetchone()[0]
    conn.close()
    assert version == "1"
    before = path.read_bytes()
    with EventStore(str(path), readonly=True) as store:
        games = store.games()
        assert games and all("flags" not in g for g in games)
        assert len(store.content_hashes()) == len(games)
    assert path.read_bytes() == before
    with EventStore(str(path)) as store:  # the first write-open migrates, in one transaction
        assert store.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert [g["id"] for g in store.games()] == [g["id"] for g in games]
        assert all(g["flags"] == [] for g in store.games())
        assert store.events(1) == EventStore(str(V1), readonly=True).events(1)
        with pytest.raises(sqlite3.IntegrityError):
            store.db.conn.execute("DELETE FROM games")


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "g.db"
    EventStore(str(path)).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = '99'")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        EventStore(str(path), readonly=True)
