"""Game metadata: checked and normalised for the `games` table, and read back."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from munchkin_nb.engine.core.events import Event

from .schema import SOURCES

FORMAT_VERSION = 1  # of the events' own shape (Event.to_dict); bump on a change
FIELDS = (
    "ruleset",
    "card_set",
    "modules",
    "players",
    "seed",
    "source",
    "format_version",
    "created",
    "winners",
    "turns",
    "flags",
)
# Why a game was kept although the import referee found it wanting (--allow-unfinished/-illegal),
# or that it starts from a scenario's table laid out by hand (no dealt game of the rules).
FLAGS = ("unfinished", "illegal", "scenario")
# Any other metadata (the runner's "bot", a transcriber's notes) is kept as a
# JSON object in the `extra` column and read back at the top level.
EXTRA = "extra"
_JSON_FIELDS = ("modules", "players", "winners", "flags", EXTRA)
_RESERVED = ("id", EXTRA, "kind", "format", "content_hash")
# Names, never paths: a replay file must not make the card loader open a file it names.
_NAME = re.compile(r"[a-z0-9_]+")


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _int_or_none(value: Any) -> bool:
    """None, or a whole number SQLite can keep (64-bit signed)."""
    return value is None or (
        isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63
    )


# field -> (its check, which may return any truthy value for "good"; what it expects, in words)
_CHECKS: dict[str, tuple[Callable[[Any], object], str]] = {
    "ruleset": (lambda v: isinstance(v, str) and _NAME.fullmatch(v), "a name of [a-z0-9_]"),
    # a ruleset's set, other games' sets mixed in, its modules' own ("classic+steeds",
    # "cthulhu&classic": rules.rulesets.deck_name)
    "card_set": (
        lambda v: isinstance(v, str) and all(_NAME.fullmatch(part) for part in re.split("[+&]", v)),
        "names of [a-z0-9_] joined by + or &",
    ),
    "modules": (_str_list, "a list of strings"),
    "players": (lambda v: _str_list(v) and len(v) > 0, "a non-empty list of names"),
    "seed": (_int_or_none, "a whole number or null"),
    "source": (lambda v: v in SOURCES, "one of " + ", ".join(SOURCES)),
    "format_version": (lambda v: _int_or_none(v) and v is not None, "a whole number"),
    "created": (lambda v: isinstance(v, str), "an ISO timestamp string"),
    "winners": (lambda v: v is None or _str_list(v), "a list of names or null"),
    "turns": (_int_or_none, "a whole number or null"),
    "flags": (lambda v: _str_list(v) and set(v) <= set(FLAGS), "a list of " + ", ".join(FLAGS)),
}


def _player_names(players: Any) -> Any:
    """GameStarted may list names or {"name": ...} objects; the table keeps names."""
    if isinstance(players, list):
        return [p.get("name") if isinstance(p, dict) else p for p in players]
    return players


def check_meta(meta: dict[str, Any], events: Sequence[Event] = ()) -> dict[str, Any]:
    """The games-row values for `meta`, defaults filled in; ValueError names a bad field."""
    if not isinstance(meta, dict):
        raise ValueError("game metadata must be an object")
    reserved = [k for k in _RESERVED if k in meta]
    if reserved:
        raise ValueError(f"field {reserved[0]!r}: not game metadata (the store sets it)")
    row = {k: v for k, v in meta.items() if k in FIELDS}
    extra = {k: v for k, v in meta.items() if k not in FIELDS}
    try:
        json.dumps(extra)
    except (TypeError, ValueError) as error:
        raise ValueError(f"extra game metadata is not JSON: {error}") from None
    first = events[0] if events else None
    if first is not None and first.type == "GameStarted":
        # The first event already names these; the row repeats them for SQL queries.
        started = first.payload
        row.setdefault("ruleset", started.get("ruleset"))
        row.setdefault("card_set", started.get("card_set"))
        row.setdefault("players", _player_names(started.get("players")))
    last = events[-1] if events else None
    if last is not None and last.type == "GameWon" and row.get("winners") is None:
        row["winners"] = last.payload.get("winners")
        row.setdefault("turns", last.turn)
    if "ruleset" in row:
        row.setdefault("card_set", row["ruleset"])  # a ruleset's own set by default
    row.setdefault("modules", [])
    row.setdefault("seed", None)
    row.setdefault("format_version", FORMAT_VERSION)
    row.setdefault("created", datetime.now(UTC).isoformat(timespec="seconds"))
    row.setdefault("winners", None)
    row.setdefault("turns", None)
    row.setdefault("flags", [])
    for name in FIELDS:
        if name not in row:
            raise ValueError(f"field {name!r}: missing")
        ok, expected = _CHECKS[name]
        if not ok(row[name]):
            raise ValueError(f"field {name!r}: expected {expected}, got {row[name]!r}")
    return {**row, **extra}


def to_row(meta: dict[str, Any]) -> dict[str, Any]:
    """Checked metadata as `games` values: the columns, the rest under `extra`, lists as JSON."""
    row = {k: v for k, v in meta.items() if k in FIELDS}
    row[EXTRA] = {k: v for k, v in meta.items() if k not in FIELDS}
    return {k: json.dumps(v) if k in _JSON_FIELDS and v is not None else v for k, v in row.items()}


def from_row(row: dict[str, Any]) -> dict[str, Any]:
    """A `games` row as plain data: JSON decoded, `extra` keys at the top level."""
    out = {k: json.loads(v) if k in _JSON_FIELDS and v is not None else v for k, v in row.items()}
    extra = out.pop(EXTRA, None) or {}
    return {**out, **extra}
