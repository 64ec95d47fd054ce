"""Notes on events: a table of their own (schema 3, migrated in one transaction from our older
files, the events untouched), the `replay note`/`replay notes` commands, the JSONL round trip,
and the stepper showing the current event's notes."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from munchkin_nb.cli import main
from munchkin_nb.replay.jsonl import ReplayError, export_games, import_jsonl
from munchkin_nb.store import SCHEMA_VERSION, EventStore, StoreError
from munchkin_nb.store.schema import APPLICATION_ID

SAMPLE = Path(__file__).resolve().parents[1] / "replays" / "sample.db"
V1 = Path(__file__).resolve().parent / "fixtures" / "store_v1.db"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    path = tmp_path / "store.db"
    shutil.copy(SAMPLE, path)
    return path


def dump(path: Path, table: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
    finally:
        conn.close()


def downgrade_to_2(path: Path) -> None:
    """Make `path` (a version 3 store) a version 2 file, as version 2 of the code wrote it."""
    conn = sqlite3.connect(path)
    for name in ("notes_on_an_event", "notes_mark"):
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("DROP TABLE notes")
    conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()


def test_a_note_is_stored_beside_the_events_which_stay_unchanged(db: Path) -> None:
    events_before = dump(db, "events")
    with EventStore(str(db)) as store:
        first = store.add_note(1, 5, "Should have kept the Sword", "mistake")
        second = store.add_note(1, 5, "or sold it")
        store.add_note(1, 2, "the opening")
        notes = store.notes(1)
    assert [(n["seq"], n["text"], n["mark"]) for n in notes] == [
        (2, "the opening", None),
        (5, "Should have kept the Sword", "mistake"),
        (5, "or sold it", None),
    ]
    assert second > first
    assert dump(db, "events") == events_before


@pytest.mark.parametrize(
    ("seq", "text", "mark", "message"),
    [
        (0, "x", None, "not 0"),
        (10**9, "x", None, "events 1.."),
        (3, "   ", None, "needs some text"),
        (3, "x", "brilliant!", "unknown mark"),
    ],
)
def test_a_bad_note_is_refused_and_nothing_is_stored(
    db: Path, seq: int, text: str, mark: str | None, message: str
) -> None:
    with EventStore(str(db)) as store:
        with pytest.raises(StoreError, match=message):
            store.add_note(1, seq, text, mark)
        assert store.notes(1) == []


def test_the_table_itself_refuses_a_note_on_no_event_or_with_an_unknown_mark(db: Path) -> None:
    EventStore(str(db)).close()  # migrated to version 3
    conn = sqlite3.connect(db)
    insert = "INSERT INTO notes (game_id, seq, text, mark, created) VALUES (1, ?, 'x', ?, 'now')"
    with pytest.raises(sqlite3.IntegrityError, match="no such event"):
        conn.execute(insert, (10**9, None))
    with pytest.raises(sqlite3.IntegrityError, match="unknown mark"):
        conn.execute(insert, (1, "great"))
    conn.close()


@pytest.mark.parametrize("old", ["v1", "v2"])
def test_an_older_file_is_read_as_it_is_and_migrated_in_one_go_on_first_write(
    tmp_path: Path, old: str
) -> None:
    path = tmp_path / f"{old}.db"
    shutil.copy(V1, path)
    if old == "v2":
        EventStore(str(path)).close()
        downgrade_to_2(path)
    before = path.read_bytes()
    with EventStore(str(path), readonly=True) as store:
        assert store.notes(1) == []  # no notes table yet: no notes, and nothing written
        events = store.events(1)
    assert path.read_bytes() == before
    with EventStore(str(path)) as store:
        assert store.db.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA_VERSION) == "3"
        assert store.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert store.events(1) == events
        store.add_note(1, 1, "the first event")
        assert [n["text"] for n in store.notes(1)] == ["the first event"]


def test_a_failed_migration_leaves_the_older_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    shutil.copy(V1, path)
    EventStore(str(path)).close()
    downgrade_to_2(path)
    conn = sqlite3.connect(path)
    conn.execute("CREATE INDEX notes_game_seq ON games (id)")  # the migration's index name is taken
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="notes_game_seq already exists"):
        EventStore(str(path))
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta").fetchone()[0] == "2"
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'notes'").fetchone() is None
    conn.close()


def test_a_removed_notes_safeguard_is_noticed_on_open(db: Path) -> None:
    EventStore(str(db)).close()
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER notes_mark")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="notes_mark is missing"):
        EventStore(str(db), readonly=True)


def test_note_and_notes_commands(db: Path) -> None:
    status, out, _ = run(
        "replay",
        "note",
        "--db",
        str(db),
        "--game",
        "1",
        "--at",
        "7",
        "--text",
        "a good fight",
        "--mark",
        "good",
    )
    assert status == 0 and "on event 7 of game 1" in out
    status, out, _ = run("replay", "notes", "--db", str(db), "--game", "1")
    assert status == 0 and out.split() == ["event", "7", "[good]", "a", "good", "fight"]
    status, out, _ = run("replay", "notes", "--db", str(db), "--game", "1", "--json")
    assert [(n["seq"], n["mark"]) for n in json.loads(out)] == [(7, "good")]
    status, out, err = run("replay", "note", "--db", str(db), "--game", "1", "--at", "999999", "--text", "x")
    assert status == 2 and out == "" and err.count("\n") == 1 and "not 999999" in err
    status, _, err = run("replay", "notes", "--db", str(db), "--game", "999")
    assert status == 2 and "no game 999" in err


def test_notes_go_out_and_come_back_with_the_game_in_jsonl(db: Path, tmp_path: Path) -> None:
    with EventStore(str(db)) as store:
        store.add_note(1, 3, "why discard here?", "dubious")
        store.add_note(1, 9, "ünïcode and <b>tags</b>")
        buffer = io.StringIO()
        export_games(store, [1], buffer)
        notes = store.notes(1)
    lines = buffer.getvalue().splitlines()
    assert [json.loads(line)["seq"] for line in lines if '"kind":"note"' in line] == [3, 9]
    with EventStore(str(tmp_path / "new.db")) as fresh:
        (game,) = import_jsonl(fresh, io.StringIO(buffer.getvalue()))
        restored = fresh.notes(game)
    keep = ("seq", "text", "mark", "created")
    assert [{k: n[k] for k in keep} for n in restored] == [{k: n[k] for k in keep} for n in notes]


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ({"seq": 10**6, "text": "x"}, "a note on event 1000000"),
        ({"seq": 2, "text": ""}, "needs some text"),
        ({"seq": 2, "text": "x", "mark": "superb"}, "unknown mark"),
    ],
)
def test_a_bad_note_line_refuses_the_file_naming_its_line(
    db: Path, tmp_path: Path, note: dict[str, object], message: str
) -> None:
    with EventStore(str(db), readonly=True) as store:
        buffer = io.StringIO()
        lines = export_games(store, [1], buffer)
    text = buffer.getvalue() + json.dumps({"kind": "note", **note}) + "\n"
    with EventStore(str(tmp_path / "new.db")) as fresh:
        with pytest.raises(ReplayError, match=f"line {lines + 1}: .*{message}"):
            import_jsonl(fresh, io.StringIO(text))
        assert fresh.games() == []


def test_the_stepper_shows_the_notes_of_the_current_event(db: Path) -> None:
    from munchkin_nb.widgets import TurnStepper

    with EventStore(str(db)) as store:
        store.add_note(1, 4, "a <risky> play", "mistake")
    with EventStore(str(db), readonly=True) as store:
        stepper = TurnStepper(store, 1, 3)
        assert stepper.note_html.value == ""
        stepper.step(+1)
        assert "mistake" in stepper.note_html.value and "a &lt;risky&gt; play" in stepper.note_html.value
        stepper.step(+1)
        assert stepper.note_html.value == ""
