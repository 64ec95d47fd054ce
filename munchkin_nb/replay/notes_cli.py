"""`replay note` (write a note on an event of a stored game) and `replay notes` (a game's notes)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from munchkin_nb.safe_io import printable
from munchkin_nb.store import EventStore
from munchkin_nb.store.schema import MARKS, check_path


def register_notes(rps: Any, whole: Any) -> None:
    """Add `replay note` and `replay notes` to the CLI's replay subcommands."""
    most = whole(1, 2**63 - 1)
    note = rps.add_parser("note", help="write a note (and a mark) on an event of a stored game")
    note.add_argument("--db", required=True)
    note.add_argument("--game", type=most, required=True)
    note.add_argument("--at", type=most, required=True, help="the event the note is on")
    note.add_argument("--text", required=True)
    note.add_argument("--mark", choices=MARKS)
    notes = rps.add_parser("notes", help="list the notes of a stored game")
    notes.add_argument("--db", required=True)
    notes.add_argument("--game", type=most, required=True)
    notes.add_argument("--json", action="store_true")


def note_cli(args: argparse.Namespace) -> int:
    """`replay note`: store the note and say its id (in an existing store: a note needs a game)."""
    check_path(args.db, readonly=True)  # a missing or empty file is refused, not made a new store
    # and an empty database is not made a store either: it is not ours to write (create=False)
    with EventStore(args.db, create=False) as store:
        store.check_integrity()  # a damaged file is not written to
        note_id = store.add_note(args.game, args.at, args.text, args.mark)
    print(f"note {note_id} on event {args.at} of game {args.game}")
    return 0


def notes_cli(args: argparse.Namespace) -> int:
    """`replay notes`: one line a note (event, mark, text), or JSON; read-only."""
    with EventStore(args.db, readonly=True) as store:
        store.game(args.game)  # StoreError for an unknown game
        notes = store.notes(args.game)
    if args.json:
        print(json.dumps(notes, indent=1, ensure_ascii=False))
        return 0
    for n in notes:
        mark = f"[{n['mark']}] " if n["mark"] else ""
        print(printable(f"event {n['seq']:>5}  {mark}{' '.join(n['text'].split())}"))
    if not notes:
        print(f"game {args.game} has no notes")
    return 0
