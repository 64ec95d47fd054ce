"""The event store: schema, append-only triggers, transactions, reads, snapshots."""

from __future__ import annotations

import json
import sqlite3

import pytest

from munchkin_nb.engine.core.events import Event
from munchkin_nb.store import SCHEMA_VERSION, EventStore, Reducer, StoreError
from munchkin_nb.store.bench import append_rate
from munchkin_nb.store.games import check_meta
from munchkin_nb.store.synthetic import synthetic_game

META = {"source": "simulated", "seed": 7}


def counting_reducer(calls: list | None = None) -> Reducer:
    """A toy fold (event count, types seen by turn) standing in for the engine."""

    def evolve(state, event):
        if calls is not None:
            calls.append(event)
        state["n"] += 1
        state["last"] = event.type
        state["turn"] = event.turn
        return state

    return Reducer(lambda: {"n": 0, "last": None, "turn": 0}, evolve, dict, dict)


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db", snapshot_every=0) as s:
        yield s


def raw(path) -> sqlite3.Connection:
    """A plain sqlite3 connection, as any other program would open the file."""
    return sqlite3.connect(str(path), isolation_level=None)


def test_schema_tables_wal_and_version(store):
    tables = set(store.db.table_names())
    assert {"games", "events", "snapshots", "meta"} <= tables
    assert store.db.journal_mode == "wal"
    assert store.db.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA_VERSION)
    assert store.db["events"].pks == ["game_id", "seq"]


def test_newer_schema_version_is_refused(tmp_path):
    EventStore(tmp_path / "g.db").close()
    with raw(tmp_path / "g.db") as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(StoreError, match="newer"):
        EventStore(tmp_path / "g.db")


def test_reopen_keeps_games(tmp_path):
    with EventStore(tmp_path / "g.db", snapshot_every=0) as s:
        gid = s.add_game(META, synthetic_game(3))
    with EventStore(tmp_path / "g.db", snapshot_every=0) as s:
        assert s.events(gid) == synthetic_game(3)


def test_add_game_round_trip_and_metadata(store):
    events = synthetic_game(5, seed=7)
    gid = store.add_game(META, events)
    assert store.events(gid) == events
    assert [e.turn for e in store.events(gid)] == [e.turn for e in events]
    game = store.game(gid)
    assert game["ruleset"] == "classic" and game["card_set"] == "classic"
    assert game["players"] == ["ann", "bob", "cyd"] and game["modules"] == []
    assert game["winners"] == events[-1].payload["winners"] and game["turns"] == 5
    assert game["source"] == "simulated" and game["seed"] == 7 and game["created"]
    assert [g["id"] for g in store.games()] == [gid]
    assert store.last_seq(gid) == len(events)


def test_events_slice_is_inclusive(store):
    events = synthetic_game(4)
    gid = store.add_game(META, events)
    assert store.events(gid, 3, 7) == events[2:7]
    assert store.events(gid, 10) == events[9:]


def test_add_game_is_all_or_nothing(store):
    good = synthetic_game(2)
    bad = good + [Event("CardPlayed", {"player": "ann", "card": {1, 2}})]  # a set: not JSON
    with pytest.raises(StoreError):
        store.add_games([(META, good), (META, bad)])
    assert store.games() == []
    assert store.db.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 0


@pytest.mark.parametrize(
    "meta, match",
    [
        ({"source": "dreamt"}, "source"),
        ({"source": "played", "seed": "x"}, "seed"),
        ({"source": "played", "id": 3}, "'id'"),
        ({"source": "played", "bot": {1, 2}}, "not JSON"),
    ],
)
def test_bad_metadata_is_refused(store, meta, match):
    with pytest.raises(StoreError, match=match):
        store.add_game(meta, synthetic_game(1))


def test_extra_metadata_is_kept(store):
    gid = store.add_game({**META, "bot": "heuristic", "notes": {"table": 3}}, synthetic_game(1))
    game = store.game(gid)
    assert (game["bot"], game["notes"]) == ("heuristic", {"table": 3})
    assert "extra" not in game
    assert json.loads(store.db.execute("SELECT extra FROM games").fetchone()[0]) == {
        "bot": "heuristic",
        "notes": {"table": 3},
    }


def test_first_event_must_be_game_started(store):
    with pytest.raises(StoreError, match="GameStarted"):
        store.add_game({**META, "ruleset": "classic", "players": ["a"]}, synthetic_game(1)[1:])


def test_append_continues_seq_and_sets_result(store):
    events = synthetic_game(6)
    gid = store.add_game({**META, "ruleset": "classic", "players": ["ann"]}, events[:4])
    assert store.game(gid)["winners"] is None
    assert store.append(gid, events[4:20]) == 20
    assert store.append(gid, events[20:]) == len(events)
    assert store.events(gid) == events
    assert store.game(gid)["winners"] == events[-1].payload["winners"]


def test_append_to_unknown_game(store):
    with pytest.raises(StoreError, match="no game"):
        store.append(99, synthetic_game(1))


def test_set_result_updates_the_game_row(store):
    gid = store.add_game(META, synthetic_game(2))
    store.set_result(gid, ["bob"], 9)
    assert (store.game(gid)["winners"], store.game(gid)["turns"]) == (["bob"], 9)


def test_update_and_delete_of_events_fail_in_sqlite(store):
    gid = store.add_game(META, synthetic_game(2))
    conn = raw(store.path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE events SET type = 'GameWon' WHERE game_id = ?", (gid,))
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM events WHERE game_id = ? AND seq = 1", (gid,))
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM events")
    conn.close()
    assert store.events(gid) == synthetic_game(2)


@pytest.mark.parametrize("seq", [0, 1, 5, 30, None])  # the game holds 1..21: 22 is next
def test_insert_off_the_end_is_refused(store, seq):
    gid = store.add_game(META, synthetic_game(2))
    conn = raw(store.path)
    with pytest.raises(sqlite3.DatabaseError):
        conn.execute("INSERT INTO events VALUES (?, ?, 2, 'x', NULL, 'TurnEnded', '{}', '[]', 1)", (gid, seq))
    conn.execute(
        "INSERT INTO events VALUES (?, 22, 2, 'x', NULL, 'TurnEnded', '{\"player\":\"ann\"}', '[]', 1)",
        (gid,),
    )
    conn.close()


def test_first_event_of_a_game_must_be_seq_1(store):
    conn = raw(store.path)
    conn.execute(
        "INSERT INTO games (id, ruleset, card_set, modules, players, source,"
        " format_version, created) VALUES (5, 'classic', 'classic', '[]', '[]',"
        " 'played', 1, '')"
    )
    with pytest.raises(sqlite3.DatabaseError, match="max"):
        conn.execute("INSERT INTO events VALUES (5, 2, 0, 'x', NULL, 'GameStarted', '{}', '[]', 1)")
    with pytest.raises(sqlite3.DatabaseError, match="source"):
        conn.execute(
            "INSERT INTO games (ruleset, card_set, modules, players, source,"
            " format_version, created) VALUES ('c', 'c', '[]', '[]', 'x', 1, '')"
        )
    conn.close()


def test_reader_reads_while_a_writer_writes(tmp_path):
    path = tmp_path / "g.db"
    writer = EventStore(path, snapshot_every=0)
    first = writer.add_game(META, synthetic_game(2))
    with writer.transaction() as conn:  # a write in progress, not yet committed
        writer._insert_game(conn, check_meta(META, synthetic_game(3)), synthetic_game(3))
        reader = EventStore(path, snapshot_every=0)
        assert [g["id"] for g in reader.games()] == [first]  # the committed state
        assert reader.events(first) == synthetic_game(2)
    assert len(reader.games()) == 2
    reader.close()
    writer.close()


def test_snapshots_every_n_and_state_at_agree(tmp_path):
    events = synthetic_game(40)  # 325 events
    with EventStore(tmp_path / "g.db", snapshot_every=50, reducer=counting_reducer()) as s:
        gid = s.add_game(META, events[:100])
        s.append(gid, events[100:260])
        s.append(gid, events[260:])
        seqs = [r[0] for r in s.db.execute("SELECT seq FROM snapshots WHERE game_id = ?", [gid])]
        assert seqs == [50, 100, 150, 200, 250, 300]
        for seq in range(len(events) + 1):
            with_snap = s.state_at(gid, seq)
            assert with_snap == s.state_at(gid, seq, use_snapshots=False)
            assert with_snap["n"] == seq
        with pytest.raises(StoreError):
            s.state_at(gid, len(events) + 1)


def test_state_at_folds_only_from_the_nearest_snapshot(tmp_path):
    calls: list = []
    with EventStore(tmp_path / "g.db", snapshot_every=100, reducer=counting_reducer(calls)) as s:
        gid = s.add_game(META, synthetic_game(100))
        calls.clear()
        state = s.state_at(gid, 730)
        assert state["n"] == 730 and len(calls) == 30
        calls.clear()
        s.state_at(gid, 730, use_snapshots=False)
        assert len(calls) == 730


def test_snapshot_failure_never_loses_events(tmp_path):
    def broken(state, event):
        raise RuntimeError("engine bug")

    reducer = Reducer(dict, broken, dict, dict)
    with EventStore(tmp_path / "g.db", snapshot_every=10, reducer=reducer) as s:
        with pytest.warns(UserWarning, match="no snapshots"):
            gid = s.add_game(META, synthetic_game(5))
        assert s.events(gid) == synthetic_game(5)


def test_snapshots_rows_hold_json_states(tmp_path):
    with EventStore(tmp_path / "g.db", snapshot_every=10, reducer=counting_reducer()) as s:
        gid = s.add_game(META, synthetic_game(3))
        seq, state = s.db.execute("SELECT seq, state FROM snapshots").fetchone()
        assert (seq, json.loads(state)["n"]) == (10, 10)
        with pytest.raises(sqlite3.DatabaseError):
            raw(s.path).execute("UPDATE snapshots SET state = '{}'")
        assert s.game(gid)


def test_append_rate_reports_both_paths_and_their_ratio():
    # speed itself is judged by `make bench`, never by a timed assert in a test
    result = append_rate(2_000, repeat=1)
    assert set(result) == {"n_events", "store_events_per_s", "executemany_events_per_s", "ratio"}
    assert result["store_events_per_s"] > 0 and result["executemany_events_per_s"] > 0
    assert result["ratio"] == pytest.approx(
        result["store_events_per_s"] / result["executemany_events_per_s"], abs=0.01
    )


def test_state_at_with_the_engine_matches_fold():
    from munchkin_nb.bots import play_game
    from munchkin_nb.engine import fold, state_hash

    record = play_game(4, 3, "heuristic")
    with EventStore(":memory:", snapshot_every=100) as s:
        gid = s.add_game(record.meta, record.events[:450])
        s.append(gid, record.events[450:])
        n = len(record.events)
        snaps = [r[0] for r in s.db.execute("SELECT seq FROM snapshots")]
        assert snaps == list(range(100, n + 1, 100))
        for seq in (0, 1, 99, 100, 101, 450, 451, n - 1, n):
            expected = state_hash(fold(record.events[:seq]))
            assert state_hash(s.state_at(gid, seq)) == expected
            assert state_hash(s.state_at(gid, seq, use_snapshots=False)) == expected
