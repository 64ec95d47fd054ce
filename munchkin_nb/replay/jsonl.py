"""Replays as JSON Lines: per game a header line, then one event a line (with seq)."""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, TypeAlias

from munchkin_nb.engine.events import Event
from munchkin_nb.store import EventStore, StoreError
from munchkin_nb.store.games import check_meta

FILE_FORMAT = 1
MAX_BYTES = 64 * 1024 * 1024
_HEADER_ONLY = ("kind", "format")

# A card set's name -> its instance ids, or None to leave card ids unchecked.
CardIds: TypeAlias = Callable[[str], set[str] | None]
# What read_jsonl reads from: a path, or an open text or binary file.
Source: TypeAlias = str | os.PathLike[str] | IO[str] | IO[bytes]


class ReplayError(Exception):
    """A replay file refused on import; `line` is the 1-based line at fault (or None)."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line, self.message = line, message
        super().__init__(f"line {line}: {message}" if line else message)


# -- export ------------------------------------------------------------------


def export_games(store: EventStore, game_ids: Iterable[int], fh: IO[str]) -> int:
    """Write each game as a header line and its event lines to fh; returns lines written."""
    written = 0
    for game_id in game_ids:
        meta = store.game(game_id)
        meta.pop("id")  # ids belong to one database; import assigns new ones
        fh.write(_line({"kind": "game", "format": FILE_FORMAT, **meta}))
        events = store.events(game_id)
        fh.writelines(_line({"seq": seq, **e.to_dict()}) for seq, e in enumerate(events, 1))
        written += 1 + len(events)
    return written


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


# -- import ------------------------------------------------------------------


def import_jsonl(
    store: EventStore,
    src: Source,
    *,
    max_bytes: int = MAX_BYTES,
    card_ids: CardIds | None = None,
) -> list[int]:
    """Check a whole replay file, then store all its games in ONE transaction."""
    games = read_jsonl(src, max_bytes=max_bytes, card_ids=card_ids)
    try:
        return store.add_games(games)
    except StoreError as error:
        raise ReplayError(None, f"the store refused the file: {error}") from error


def read_jsonl(
    src: Source,
    *,
    max_bytes: int = MAX_BYTES,
    card_ids: CardIds | None = None,
) -> list[tuple[dict[str, Any], list[Event]]]:
    """Parse and check a replay file: [(metadata, events)]; ReplayError on the first fault."""
    if isinstance(src, (str, os.PathLike)):
        with open(src, "rb") as fh:
            return _parse(fh, max_bytes, card_ids or _card_set_ids)
    return _parse(src, max_bytes, card_ids or _card_set_ids)


def _lines(fh: IO[str] | IO[bytes], max_bytes: int) -> Iterator[tuple[int, str, bool]]:
    """(line number, text, ended by a newline); refuses a file over max_bytes."""
    total, n = 0, 0
    while True:
        # Bounded readline: a file that is one huge line must not fill memory.
        raw = fh.readline(max_bytes - total + 1)
        if not raw:
            return
        n += 1
        size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
        total += size
        if total > max_bytes:
            raise ReplayError(n, f"the file is over the size limit of {max_bytes} bytes")
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise ReplayError(n, f"not UTF-8 text ({error.reason})") from None
        yield n, raw, raw.endswith("\n")


def _parse(
    fh: IO[str] | IO[bytes], max_bytes: int, card_ids: CardIds
) -> list[tuple[dict[str, Any], list[Event]]]:
    games: list[tuple[dict[str, Any], list[Event]]] = []
    cards: set[str] | None = None
    for n, text, complete in _lines(fh, max_bytes):
        if not text.strip():
            continue
        obj = _json(n, text, complete)
        if obj.get("kind") == "game":
            meta, cards = _header(n, obj, card_ids)
            games.append((meta, []))
        elif "kind" in obj:
            raise ReplayError(n, f"field 'kind': unknown line kind {obj['kind']!r}")
        elif not games:
            raise ReplayError(n, "an event before any game header")
        else:
            meta, events = games[-1]
            events.append(_event(n, obj, meta, len(events) + 1, cards))
    return games


def _json(n: int, text: str, complete: bool) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as error:
        if not complete:
            raise ReplayError(n, "truncated line: the file ends inside it") from None
        raise ReplayError(n, f"invalid JSON ({error.msg}, column {error.colno})") from None
    if not isinstance(obj, dict):
        raise ReplayError(n, f"expected a JSON object, got {type(obj).__name__}")
    return obj


def _header(n: int, obj: dict[str, Any], card_ids: CardIds) -> tuple[dict[str, Any], set[str] | None]:
    if obj.get("format") != FILE_FORMAT:
        raise ReplayError(n, f"field 'format': expected {FILE_FORMAT}, got {obj.get('format')!r}")
    meta = {k: v for k, v in obj.items() if k not in _HEADER_ONLY}
    try:
        meta = check_meta(meta)
    except ValueError as error:
        raise ReplayError(n, str(error)) from None
    known = known_rulesets()
    if meta["ruleset"] not in known:
        raise ReplayError(n, f"unknown ruleset {meta['ruleset']!r} (known: {', '.join(sorted(known))})")
    try:
        cards = card_ids(meta["card_set"])
    except (LookupError, ValueError, OSError) as error:
        raise ReplayError(n, f"unknown card set {meta['card_set']!r} ({type(error).__name__})") from None
    return meta, cards


def _event(n: int, obj: dict[str, Any], meta: dict[str, Any], expected: int, cards: set[str] | None) -> Event:
    seq = obj.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise ReplayError(n, f"field 'seq': expected a whole number, got {seq!r}")
    if seq != expected:
        what = "duplicate or out of order" if seq < expected else "gap"
        raise ReplayError(n, f"seq {seq} where {expected} was expected ({what})")
    try:
        event = Event.from_dict(obj)
    except ValueError as error:
        raise ReplayError(n, str(error)) from None
    if seq == 1:
        if event.type != "GameStarted":
            raise ReplayError(n, f"event 1 must be GameStarted, not {event.type}")
        if event.payload.get("ruleset") != meta["ruleset"]:
            raise ReplayError(
                n,
                f"GameStarted names ruleset {event.payload.get('ruleset')!r}, the header {meta['ruleset']!r}",
            )
    if cards is not None:
        for card in card_refs(event):
            if card not in cards:
                raise ReplayError(n, f"unknown card id {card!r} in card set {meta['card_set']!r}")
    return event


def card_refs(event: Event) -> Iterator[str]:
    """Every card id an event names: `card`/`monster` at any depth, DeckShuffled `order`."""
    if event.type == "DeckShuffled":
        # Only a shuffle's order lists cards; WindowOpened's order lists players.
        order = event.payload.get("order")
        yield from (c for c in order if isinstance(c, str)) if isinstance(order, list) else ()
    stack: list[Any] = [event.payload]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("card", "monster") and isinstance(value, str):
                    yield value
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(v for v in node if isinstance(v, (dict, list)))


def known_rulesets() -> set[str]:
    """Ruleset names import accepts: munchkin_nb.rules.RULESETS (only 'classic' without it)."""
    try:
        from munchkin_nb.rules import RULESETS
    except ImportError:
        return {"classic"}
    return set(RULESETS)


_CARD_SETS: dict[str, set[str]] = {}


def _card_set_ids(name: str) -> set[str] | None:
    """Instance ids of a card set via munchkin_nb.cards.load_set; None (no check) without it."""
    if name not in _CARD_SETS:
        try:
            from munchkin_nb.cards import load_set
        except ImportError:
            warnings.warn("munchkin_nb.cards.load_set is missing: card ids not checked", stacklevel=2)
            return None
        _CARD_SETS[name] = {getattr(i, "id", i) for i in load_set(name).instances()}
    return _CARD_SETS[name]
