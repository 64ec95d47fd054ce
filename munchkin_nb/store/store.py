"""EventStore: append-only games of events in SQLite, one transaction per write."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import warnings
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeAlias

from munchkin_nb.engine.core.events import Event

from . import games as _games
from . import notes as _notes
from .schema import StoreError, connect, sqlite_message
from .snapshots import DEFAULT_EVERY, Reducer, crosses, engine_reducer, fold_snapshots

# One encoder object: json.dumps(..., sort_keys=...) builds a new one per call,
# which is a measurable share of the append path.
_dumps = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode

_INSERT_EVENT = (
    "INSERT INTO events (game_id, seq, turn, phase, actor, type, payload, rules, automatic)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_SELECT_EVENTS = (
    "SELECT type, payload, actor, automatic, rules, turn, phase FROM events"
    " WHERE game_id = ? AND seq BETWEEN ? AND ? ORDER BY seq"
)


# game_id, seq, turn, phase, actor, type, payload (JSON), rules (JSON), automatic
EventRow: TypeAlias = tuple[int, int, int, str, str | None, str, str, str, bool]


def event_rows(game_id: int, first_seq: int, events: Iterable[Event]) -> list[EventRow]:
    """The `events` table rows for `events`, numbered from first_seq."""
    try:
        rows: list[EventRow] = [
            (
                game_id,
                seq,
                e.turn,
                e.phase,
                e.actor,
                e.type,
                _dumps(e.payload),
                _dumps(list(e.rules)) if e.rules else "[]",
                e.automatic,
            )
            for seq, e in enumerate(events, first_seq)
        ]
    except (TypeError, ValueError, AttributeError) as error:
        raise StoreError(f"an event cannot be stored: {error}") from error
    for row in rows:
        turn = row[2]
        # SQLite keeps 64-bit integers: a larger turn (a forged game kept with --allow-illegal) is refused
        if isinstance(turn, int) and not -(2**63) <= turn < 2**63:
            raise StoreError(f"event {row[1]}: turn {turn} is larger than the store can keep (64-bit)")
    return rows


def content_hash(rows: Iterable[EventRow]) -> str:
    """A game's fingerprint: its events in order (not its id, header or time of import)."""
    digest = hashlib.sha256()
    for row in rows:
        digest.update(_dumps(list(row[2:])).encode("utf-8", "surrogatepass") + b"\n")
    return digest.hexdigest()


class EventStore:
    """A database of games: add and append events (never change them), read, seek.

    `readonly` opens an existing store without ever writing to it (nor creating it, nor any file
    beside it); `create=False` opens an existing store for writing, never making an empty file one."""

    def __init__(
        self,
        path: str,
        *,
        readonly: bool = False,
        create: bool = True,
        snapshot_every: int = DEFAULT_EVERY,
        reducer: Reducer | None = None,
    ) -> None:
        self.path = str(path)
        self.readonly = readonly
        self.db = connect(self.path, readonly=readonly, create=create)
        self.snapshot_every = snapshot_every
        self._reducer = reducer

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def reducer(self) -> Reducer | None:
        """The fold used for snapshots and state_at (the engine's unless given)."""
        if self._reducer is None:
            self._reducer = engine_reducer()
        return self._reducer

    # -- writing -----------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE write transaction: all of it is committed, or none of it."""
        self._writable()
        conn = self.db.conn
        if conn.in_transaction:
            raise StoreError("a write transaction is already open on this store")
        # IMMEDIATE takes the write lock now (waiting up to busy_timeout), so a
        # writer never fails half-way when another process also writes.
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _writable(self) -> None:
        if self.readonly:
            raise StoreError(f"{self.path} was opened read-only")

    def add_game(self, meta: dict[str, Any], events: list[Event]) -> int:
        """Store a new game and its events in one transaction; returns its id."""
        return self.add_games([(meta, events)])[0]

    def add_games(
        self,
        games: Iterable[tuple[dict[str, Any], list[Event]]],
        notes: Sequence[list[dict[str, Any]]] = (),
        *,
        unique: bool = False,
    ) -> list[int]:
        """Store several games (and each one's notes, if given) in ONE transaction; returns their ids.

        `unique`: refuse (all of them) when a game's events are already stored, checked inside the
        write transaction, so that two processes importing the same game store it once."""
        checked = []
        for meta, events in games:
            events = list(events)
            try:
                row = _games.check_meta(meta, events)
            except ValueError as error:
                raise StoreError(str(error)) from None
            if events and events[0].type != "GameStarted":
                raise StoreError(f"event 1 must be GameStarted, not {events[0].type}")
            # Folded before the transaction: the write lock is held for writing only.
            checked.append((row, events, self._snapshots(None, 0, events)))
        with self.transaction() as conn:
            if unique:
                self._refuse_stored([event_rows(0, 1, events) for _row, events, _snaps in checked])
            ids = [self._insert_game(conn, *game) for game in checked]
            for game_id, game_notes in zip(ids, notes, strict=False):
                _notes.insert_notes(conn, game_id, game_notes)
            return ids

    def _refuse_stored(self, games: list[list[EventRow]]) -> None:
        """StoreError naming the first of `games` whose events are already stored (or repeated)."""
        known = self.content_hashes()
        seen: dict[str, int] = {}
        for n, rows in enumerate(games, 1):
            digest = content_hash(rows)
            if digest in known:
                raise StoreError(f"game {n} is already stored as game {known[digest]} (same events)")
            if digest in seen:
                raise StoreError(f"game {n} repeats game {seen[digest]} (same events)")
            seen[digest] = n

    def _insert_game(
        self,
        conn: sqlite3.Connection,
        row: dict[str, Any],
        events: list[Event],
        snapshots: Sequence[tuple[int, str]] = (),
    ) -> int:
        rows = event_rows(0, 1, events)
        values = _games.to_row(row) | {"content_hash": content_hash(rows)}
        cursor = conn.execute(
            f"INSERT INTO games ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
            list(values.values()),
        )
        game_id = cursor.lastrowid
        if game_id is None:  # sqlite3 sets it after every successful INSERT of a row
            raise StoreError("the games row was not inserted")
        self._insert_rows(conn, [(game_id, *r[1:]) for r in rows], snapshots)
        return game_id

    def _insert_rows(
        self, conn: sqlite3.Connection, rows: list[EventRow], snapshots: Sequence[tuple[int, str]] = ()
    ) -> None:
        if not rows:
            return
        game_id = rows[0][0]
        # Raw executemany: about 3x faster than sqlite-utils insert_all here.
        conn.executemany(_INSERT_EVENT, rows)
        conn.executemany(
            "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
            [(game_id, seq, state) for seq, state in snapshots],
        )

    def _snapshots(self, game_id: int | None, last_seq: int, events: list[Event]) -> list[tuple[int, str]]:
        """(seq, state JSON) at each snapshot point among `events`; [] without the engine."""
        reducer = self.reducer
        if reducer is None or not crosses(last_seq, len(events), self.snapshot_every):
            return []  # without the engine, state_at folds from the start instead
        try:
            if game_id is None or last_seq == 0:  # a new game (add_games passes no id, and last_seq 0)
                state = reducer.initial()
            else:
                state = self._state(reducer, game_id, last_seq, True)
            return fold_snapshots(reducer, state, last_seq, events, self.snapshot_every)
        except Exception as error:  # a snapshot is an optimisation, never a reason to lose events
            warnings.warn(f"game {game_id or '(new)'}: no snapshots written ({error!r})", stacklevel=3)
            return []

    def append(self, game_id: int, events: list[Event]) -> int:
        """Append whole turns to a stored game in one transaction; returns the last seq."""
        events = list(events)
        if not events:
            return self.last_seq(game_id)
        with self.transaction() as conn:
            self.game(game_id)  # raises StoreError for an unknown game
            last = self.last_seq(game_id)
            if last == 0 and events[0].type != "GameStarted":
                raise StoreError(f"event 1 must be GameStarted, not {events[0].type}")
            snapshots = self._snapshots(game_id, last, events)
            self._insert_rows(conn, event_rows(game_id, last + 1, events), snapshots)
            # the fingerprint is of the whole game: worked out again when next asked for
            conn.execute("UPDATE games SET content_hash = NULL WHERE id = ?", (game_id,))
            if events[-1].type == "GameWon":
                self.set_result(game_id, events[-1].payload.get("winners"), events[-1].turn)
                self._finished(game_id)
            return last + len(events)

    def _finished(self, game_id: int) -> None:
        """A game flagged unfinished (a table's recording as it goes) is no longer, once won."""
        flags = self.game(game_id).get("flags") or []
        if "unfinished" in flags:
            kept = [f for f in flags if f != "unfinished"]
            self.db.execute("UPDATE games SET flags = ? WHERE id = ?", (json.dumps(kept), game_id))

    def set_result(self, game_id: int, winners: list[str] | None, turns: int | None) -> None:
        """Record a game's result (games rows may change; events never do)."""
        self._writable()
        self.game(game_id)
        self.db.execute(
            "UPDATE games SET winners = ?, turns = ? WHERE id = ?",
            (None if winners is None else json.dumps(winners), turns, game_id),
        )

    def add_note(self, game_id: int, seq: int, text: str, mark: str | None = None) -> int:
        """Write a note on event `seq` of a game (the events are not touched); returns its id."""
        try:
            _notes.check_note(text, mark)
        except ValueError as error:
            raise StoreError(str(error)) from None
        with self.transaction() as conn:
            self.game(game_id)
            last = self.last_seq(game_id)
            if not 1 <= seq <= last:
                raise StoreError(f"game {game_id} has events 1..{last}, not {seq}")
            return _notes.insert_notes(conn, game_id, [{"seq": seq, "text": text, "mark": mark}])[0]

    def check_integrity(self) -> None:
        """StoreError when SQLite finds the file damaged (PRAGMA quick_check: every page, no index
        contents; about a second a gigabyte): asked before a write that must not land in a bad file."""
        try:
            problems = [row[0] for row in self.db.execute("PRAGMA quick_check(3)").fetchall()]
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path}: {sqlite_message(error)}") from None
        if problems != ["ok"]:
            raise StoreError(
                f"{self.path}: the database file is damaged ({problems[0]}); nothing written"
                " (sqlite3's .recover may save it)"
            )

    def notes(self, game_id: int) -> list[dict[str, Any]]:
        """A game's notes ({id, seq, text, mark, created}) in event order."""
        return _notes.read_notes(self.db.conn, game_id)

    # -- reading -----------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        """Every game's metadata, oldest first."""
        return [_games.from_row(r) for r in self.db.query("SELECT * FROM games ORDER BY id")]

    def content_hashes(self) -> dict[str, int]:
        """Each stored game's content hash -> its id (worked out for games stored before hashes)."""
        # a version 1 file opened read-only has no content_hash column: every hash is worked out
        column = "content_hash" if "content_hash" in self.db["games"].columns_dict else "NULL"
        out: dict[str, int] = {}
        for game_id, stored in self.db.execute(f"SELECT id, {column} FROM games ORDER BY id").fetchall():
            out.setdefault(stored or self._hash_of(game_id), game_id)
        return out

    def _hash_of(self, game_id: int) -> str:
        rows = self.db.execute(
            "SELECT game_id, seq, turn, phase, actor, type, payload, rules, automatic FROM events"
            " WHERE game_id = ? ORDER BY seq",
            [game_id],
        ).fetchall()
        return content_hash((*r[:8], bool(r[8])) for r in rows)

    def game(self, game_id: int) -> dict[str, Any]:
        """One game's metadata; StoreError when there is no such game."""
        rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            raise StoreError(f"no game {game_id} in {self.path}")
        return _games.from_row(rows[0])

    def last_seq(self, game_id: int) -> int:
        """The seq of a game's last event (0 when it has none)."""
        last: int = self.db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", [game_id]
        ).fetchone()[0]
        return last

    def events(self, game_id: int, start: int = 1, stop: int | None = None) -> list[Event]:
        """Events start..stop of a game (both inclusive; stop None = to the end)."""
        stop = self.last_seq(game_id) if stop is None else stop
        loads = json.loads
        # Rows were checked on the way in, so Event() directly, not from_dict.
        return [
            Event(t, loads(p), a, bool(auto), tuple(loads(r)), turn, phase)
            for t, p, a, auto, r, turn, phase in self.db.execute(_SELECT_EVENTS, [game_id, start, stop])
        ]

    def state_at(self, game_id: int, seq: int, *, use_snapshots: bool = True) -> Any:
        """The state after event `seq` (0 = before any): nearest snapshot + evolve."""
        reducer = self.reducer
        if reducer is None:
            raise StoreError("state_at needs the engine (munchkin_nb.engine.evolve)")
        last = self.last_seq(game_id)
        if not 0 <= seq <= last:
            raise StoreError(f"game {game_id} has events 1..{last}, not {seq}")
        return self._state(reducer, game_id, seq, use_snapshots)

    def _state(self, reducer: Reducer, game_id: int, seq: int, use_snapshots: bool) -> Any:
        base, state = 0, None
        if use_snapshots:
            row = self.db.execute(
                "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                [game_id, seq],
            ).fetchone()
            if row:
                base, state = row[0], reducer.from_dict(json.loads(row[1]))
        if state is None:
            state = reducer.initial()
        for event in self.events(game_id, base + 1, seq) if seq > base else ():
            state = reducer.evolve(state, event)
        return state
