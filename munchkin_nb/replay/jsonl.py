"""Replays as JSON Lines: per game a header line, one event a line (with seq), then its notes (optional)."""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, TypeAlias

from munchkin_nb.engine.core.chance import DIE_SIDES, is_face
from munchkin_nb.engine.core.events import Event
from munchkin_nb.rules.rulesets import MODULES
from munchkin_nb.store import EventStore
from munchkin_nb.store.games import check_meta
from munchkin_nb.store.notes import check_note

FILE_FORMAT = 1
MAX_BYTES = 64 * 1024 * 1024
# JSON nested deeper than this is no event of ours; refused before anything walks it recursively.
MAX_DEPTH = 32
TOO_DEEP = f"JSON nested deeper than {MAX_DEPTH} levels"
_HEADER_ONLY = ("kind", "format")

# A card set's name -> its instance ids, or None to leave card ids unchecked.
CardIds: TypeAlias = Callable[[str], set[str] | None]
# What read_jsonl reads from: a path, or an open text or binary file.
Source: TypeAlias = str | os.PathLike[str] | IO[str] | IO[bytes]


class ReplayError(Exception):
    """A replay file refused on import; `line` is the 1-based line at fault (or None)."""

    def __init__(self, line: int | None, message: str, findings: Iterable[str] = ()) -> None:
        self.line, self.message = line, message
        self.findings = list(findings)  # the referee's findings, one line each, when it refused
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass
class ReplayGame:
    """One game read from a replay file, with the file line of its header and of each event."""

    meta: dict[str, Any]
    header_line: int
    events: list[Event] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)  # {seq, text, mark, created}


# -- export ------------------------------------------------------------------


def export_games(store: EventStore, game_ids: Iterable[int], fh: IO[str]) -> int:
    """Write each game as a header line and its event lines to fh; returns lines written."""
    written = 0
    for game_id in game_ids:
        meta = store.game(game_id)
        meta.pop("id")  # ids belong to one database; import assigns new ones
        meta.pop("content_hash", None)  # worked out again from the events on import
        fh.write(_line({"kind": "game", "format": FILE_FORMAT, **meta}))
        events = store.events(game_id)
        fh.writelines(_line({"seq": seq, **e.to_dict()}) for seq, e in enumerate(events, 1))
        notes = store.notes(game_id)
        fh.writelines(_line({"kind": "note", **{k: v for k, v in n.items() if k != "id"}}) for n in notes)
        written += 1 + len(events) + len(notes)
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
    allow_unfinished: bool = False,
    allow_illegal: bool = False,
) -> list[int]:
    """Check a whole replay file, the referee judging each game; store all its games in ONE transaction."""
    from .referee import import_games

    return import_games(
        store,
        src,
        allow_unfinished=allow_unfinished,
        allow_illegal=allow_illegal,
        max_bytes=max_bytes,
        card_ids=card_ids,
    )


def read_jsonl(
    src: Source,
    *,
    max_bytes: int = MAX_BYTES,
    card_ids: CardIds | None = None,
) -> list[tuple[dict[str, Any], list[Event]]]:
    """Parse and check a replay file: [(metadata, events)]; ReplayError on the first fault."""
    return [(g.meta, g.events) for g in read_games(src, max_bytes=max_bytes, card_ids=card_ids)]


def read_games(
    src: Source, *, max_bytes: int = MAX_BYTES, card_ids: CardIds | None = None
) -> list[ReplayGame]:
    """Parse and check a replay file game by game, keeping line numbers; ReplayError on the first fault."""
    if isinstance(src, (str, os.PathLike)):
        try:
            with open(src, "rb") as fh:
                return _parse(fh, max_bytes, card_ids or card_set_ids)
        except OSError as error:
            raise ReplayError(None, f"cannot read {os.fspath(src)}: {error.strerror or error}") from None
    return _parse(src, max_bytes, card_ids or card_set_ids)


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


def _parse(fh: IO[str] | IO[bytes], max_bytes: int, card_ids: CardIds) -> list[ReplayGame]:
    games: list[ReplayGame] = []
    for n, text, complete in _lines(fh, max_bytes):
        if not text.strip():
            continue
        obj = _json(n, text, complete)
        if obj.get("kind") == "game":
            if games:
                _finish(games[-1], card_ids)
            games.append(ReplayGame(_header(n, obj), n))
        elif obj.get("kind") == "note":
            if not games:
                raise ReplayError(n, "a note before any game header")
            games[-1].notes.append(_note(n, obj, games[-1]))
        elif "kind" in obj:
            raise ReplayError(n, f"field 'kind': unknown line kind {obj['kind']!r}")
        elif not games:
            raise ReplayError(n, "an event before any game header")
        else:
            game = games[-1]
            game.events.append(_event(n, obj, len(game.events) + 1))
            game.lines.append(n)
    if games:
        _finish(games[-1], card_ids)
    return games


def _json(n: int, text: str, complete: bool) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as error:
        if not complete:
            raise ReplayError(n, "truncated line: the file ends inside it") from None
        raise ReplayError(n, f"invalid JSON ({error.msg}, column {error.colno})") from None
    except RecursionError:
        raise ReplayError(n, TOO_DEEP) from None
    if not isinstance(obj, dict):
        raise ReplayError(n, f"expected a JSON object, got {type(obj).__name__}")
    if json_depth(obj) > MAX_DEPTH:
        raise ReplayError(n, TOO_DEEP)
    return obj


def json_depth(obj: object) -> int:
    """How deeply lists and objects nest in obj (walked with a stack, not recursion)."""
    deepest, stack = 0, [(obj, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
            values = node.values() if isinstance(node, dict) else node
            stack.extend((v, depth + 1) for v in values if isinstance(v, (dict, list)))
    return deepest


def _header(n: int, obj: dict[str, Any]) -> dict[str, Any]:
    if obj.get("format") != FILE_FORMAT:
        raise ReplayError(n, f"field 'format': expected {FILE_FORMAT}, got {obj.get('format')!r}")
    # flags are the referee's verdict on import, not the file's claim
    return {k: v for k, v in obj.items() if k not in _HEADER_ONLY and k != "flags"}


def _finish(game: ReplayGame, card_ids: CardIds) -> None:
    """Check a whole game's header against its events, and every card it names."""
    n, events = game.header_line, game.events
    try:
        meta = check_meta(game.meta, events)
    except ValueError as error:
        raise ReplayError(n, str(error)) from None
    known = known_rulesets()
    if meta["ruleset"] not in known:
        raise ReplayError(n, f"unknown ruleset {meta['ruleset']!r} (known: {', '.join(sorted(known))})")
    if events:
        started = events[0].payload
        names = [p.get("name") if isinstance(p, dict) else p for p in started.get("players") or []]
        for name, said in (
            ("ruleset", started.get("ruleset")),
            ("card_set", started.get("card_set", meta["card_set"])),
            ("players", names),
        ):
            if meta[name] != said:
                where = f"GameStarted (line {game.lines[0]})"
                raise ReplayError(n, f"field {name!r}: the header says {meta[name]!r}, {where} {said!r}")
    try:
        cards = card_ids(meta["card_set"])
    except (LookupError, ValueError, OSError) as error:
        raise ReplayError(n, f"unknown card set {meta['card_set']!r} ({type(error).__name__})") from None
    if cards is not None:
        for line, event in zip(game.lines, events, strict=True):
            for card in card_refs(event):
                if card not in cards:
                    raise ReplayError(line, f"unknown card id {card!r} in card set {meta['card_set']!r}")
    game.meta = meta


def _note(n: int, obj: dict[str, Any], game: ReplayGame) -> dict[str, Any]:
    """A note line: on an event already read (notes follow their game's events)."""
    seq = obj.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= len(game.events):
        last = len(game.events)
        raise ReplayError(n, f"field 'seq': a note on event {seq!r}, but the game has events 1..{last}")
    try:
        text, mark = check_note(obj.get("text"), obj.get("mark"))
    except ValueError as error:
        raise ReplayError(n, str(error)) from None
    created = obj.get("created")
    if created is not None and not isinstance(created, str):
        raise ReplayError(n, f"field 'created': expected a date as text, got {created!r}")
    return {"seq": seq, "text": text, "mark": mark, "created": created}


def _event(n: int, obj: dict[str, Any], expected: int) -> Event:
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
    if seq == 1 and event.type != "GameStarted":
        raise ReplayError(n, f"event 1 must be GameStarted, not {event.type}")
    if seq > 1 and event.type == "GameStarted":
        raise ReplayError(n, "a second GameStarted inside one game (a game header line is missing)")
    if event.type == "DieRolled":
        sides = event.payload.get("sides", DIE_SIDES)  # the six-sided die unless a module's die says
        if sides not in DICE:
            raise ReplayError(n, f"field 'sides': no die of {sides!r} sides is rolled in any game")
        if not is_face(event.payload.get("result"), sides):
            raise ReplayError(
                n, f"die result {event.payload.get('result')!r} is not a face of the {sides}-sided die"
            )
    return event


# The dice a game may roll: the six-sided one and each module's own (the d10)
DICE = frozenset({DIE_SIDES} | {m.die_sides for m in MODULES.values()})


# Payload and action keys that name one card, and keys whose lists hold cards (strings only: a
# CombatWon's "treasures" is a count). DeckShuffled's "order" lists cards; WindowOpened's, players.
CARD_KEYS = frozenset({"card", "monster", "item", "discard", "new_monster", "pick", "curse"})
CARD_LIST_KEYS = frozenset({"cards", "give", "take", "monsters", "items", "treasures", "discards"})


def card_refs(event: Event) -> Iterator[str]:
    """Every card id an event names at any depth (CARD_KEYS, CARD_LIST_KEYS), DeckShuffled `order`."""
    if event.type == "DeckShuffled":
        # Only a shuffle's order lists cards; WindowOpened's order lists players.
        order = event.payload.get("order")
        yield from (c for c in order if isinstance(c, str)) if isinstance(order, list) else ()
    stack: list[Any] = [event.payload]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key in CARD_KEYS and isinstance(value, str):
                    yield value
                elif key in CARD_LIST_KEYS and isinstance(value, list):
                    yield from (v for v in value if isinstance(v, str))
                    stack.extend(v for v in value if isinstance(v, (dict, list)))
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


def card_set_ids(name: str) -> set[str] | None:
    """Instance ids of a card set via munchkin_nb.cards.load_set; None (no check) without it."""
    if name not in _CARD_SETS:
        try:
            from munchkin_nb.cards import load_set
        except ImportError:
            warnings.warn("munchkin_nb.cards.load_set is missing: card ids not checked", stacklevel=2)
            return None
        _CARD_SETS[name] = {getattr(i, "id", i) for i in load_set(name).instances()}
    return _CARD_SETS[name]
