"""Notes on events: a text and an optional mark, in a table of their own beside the append-only events."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

from .schema import MARKS, StoreError

# A note is a comment on a move, not a document: long enough for a paragraph.
MAX_TEXT = 4000


def check_note(text: object, mark: object) -> tuple[str, str | None]:
    """The note's text and mark as stored; ValueError naming what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("a note needs some text")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a note is at most {MAX_TEXT} characters, this one has {len(text)}")
    if mark is not None and mark not in MARKS:
        raise ValueError(f"unknown mark {mark!r} (known: {', '.join(MARKS)})")
    return text.strip(), mark if isinstance(mark, str) else None


def insert_notes(conn: sqlite3.Connection, game_id: int, notes: list[dict[str, Any]]) -> list[int]:
    """Insert notes ({seq, text, mark, created?}) on a game inside the caller's transaction; their ids."""
    ids = []
    for note in notes:
        text, mark = check_note(note.get("text"), note.get("mark"))
        created = note.get("created") or datetime.now(UTC).isoformat(timespec="seconds")
        try:
            cursor = conn.execute(
                "INSERT INTO notes (game_id, seq, text, mark, created) VALUES (?, ?, ?, ?, ?)",
                (game_id, note.get("seq"), text, mark, str(created)),
            )
        except sqlite3.IntegrityError as error:
            raise StoreError(f"game {game_id}, event {note.get('seq')}: {error}") from None
        ids.append(int(cursor.lastrowid or 0))
    return ids


def read_notes(conn: sqlite3.Connection, game_id: int) -> list[dict[str, Any]]:
    """A game's notes in event order (then in the order written); [] in a store older than notes."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'notes'").fetchone() is None:
        return []  # a version 1 or 2 file opened read-only: it has no notes yet
    rows = conn.execute(
        "SELECT id, seq, text, mark, created FROM notes WHERE game_id = ? ORDER BY seq, id", (game_id,)
    ).fetchall()
    return [{"id": i, "seq": s, "text": t, "mark": m, "created": c} for i, s, t, m, c in rows]
