"""Replays as JSON Lines: per game a header line, one event a line (with seq), then its notes (optional)."""

from __future__ import annotations

import json
import os
import re
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
        size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
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
        return json_object(n, text)
    except ReplayError as error:
        if not complete and error.message.startswith("invalid JSON"):
            raise ReplayError(n, "truncated line: the file ends inside it") from None
        raise


class NotStandardJson(ValueError):
    """What Python's json module reads but JSON (RFC 8259) has not: NaN, Infinity, 1e400."""


def _no_constant(name: str) -> Any:
    raise NotStandardJson(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise NotStandardJson(f"{text} is too large for a number")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def json_object(n: int, text: str) -> dict[str, Any]:
    """Line `n` read as one object of standard JSON; ReplayError (naming the line) otherwise.

    Refused beyond a JSON syntax error: NaN and Infinity, a number too large for a float, an
    integer of thousands of digits, a lone surrogate (text no UTF-8 file can hold), nesting
    deeper than MAX_DEPTH. Every reader of a replay file uses it, so that they all agree."""
    try:
        obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as error:
        raise ReplayError(n, f"invalid JSON ({error.msg}, column {error.colno})") from None
    except NotStandardJson as error:
        raise ReplayError(n, f"not standard JSON: {error}") from None
    except ValueError as error:  # an integer past Python's limit of digits
        raise ReplayError(n, f"not standard JSON: {str(error).split(':')[0].lower()}") from None
    except RecursionError:
        raise ReplayError(n, TOO_DEEP) from None
    if not isinstance(obj, dict):
        raise ReplayError(n, f"expected a JSON object, got {type(obj).__name__}")
    if json_depth(obj) > MAX_DEPTH:
        raise ReplayError(n, TOO_DEEP)
    # in a file's text only an escape can make one; a str handed in may hold one as it is
    if _SURROGATE.search(text) or ("\\u" in text.lower() and _has_surrogate(obj)):
        raise ReplayError(n, "a lone surrogate (\\ud800 to \\udfff) in a string: not Unicode text")
    return obj


def _has_surrogate(obj: object) -> bool:
    stack = [obj]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if _SURROGATE.search(node):
                return True
        elif isinstance(node, dict):
            stack.extend(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


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
    if events:
        # what the header leaves out is GameStarted's; what it says must be GameStarted's too
        started = events[0].payload
        game.meta.setdefault("modules", started.get("modules", []))
        game.meta.setdefault("seed", started.get("seed"))
    _check_extra(n, game.meta, events)
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
        said: list[tuple[str, object]] = [
            ("ruleset", started.get("ruleset")),
            ("card_set", started.get("card_set", meta["card_set"])),
            ("players", names),
            ("modules", started.get("modules", [])),
        ]
        if PARENT_GAME not in meta:  # a variation's seed is of the dice after its branch
            said.append(("seed", started.get("seed")))
        for name, value in said:
            if meta[name] != value:
                where = f"GameStarted (line {game.lines[0]})"
                raise ReplayError(n, f"field {name!r}: the header says {meta[name]!r}, {where} {value!r}")
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


# The header keys beyond the `games` columns that a game of ours carries, and what each holds:
# the bots' runner and the play widget write `bot` and `learner`; a variation (replay branch)
# its parent game, the event it branched after, and the action it took there.
PARENT_GAME, PARENT_SEQ, BRANCH_ACTION = "parent_game", "parent_seq", "branch_action"
_BOT = re.compile(r"[a-z_]{1,32}")
EXTRA_KEYS: dict[str, tuple[Callable[[Any], object], str]] = {
    "bot": (lambda v: v is None or (isinstance(v, str) and _BOT.fullmatch(v)), "a bot's name or null"),
    "learner": (lambda v: isinstance(v, str), "a player's name"),
    PARENT_GAME: (lambda v: _whole(v) and v >= 1, "a game id (a whole number from 1)"),
    PARENT_SEQ: (lambda v: _whole(v) and v >= 1, "an event number (a whole number from 1)"),
    BRANCH_ACTION: (lambda v: v is None or isinstance(v, dict), "an action or null"),
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value < 2**63


def _check_extra(n: int, meta: dict[str, Any], events: list[Event]) -> None:
    """The header's keys beyond the columns: known ones only, each of its type, and consistent."""
    from munchkin_nb.store.games import FIELDS

    for key, value in meta.items():
        if key in FIELDS or key in ("id", "content_hash"):
            continue  # the columns are check_meta's
        if key not in EXTRA_KEYS:
            known = ", ".join([*FIELDS[:-1], *EXTRA_KEYS])
            raise ReplayError(n, f"field {key!r}: not a header field (known: {known})")
        ok, expected = EXTRA_KEYS[key]
        if not ok(value):
            raise ReplayError(n, f"field {key!r}: expected {expected}, got {value!r}")
    names = _player_names(events)
    if "learner" in meta and names is not None and meta["learner"] not in names:
        raise ReplayError(n, f"field 'learner': {meta['learner']!r} is not a player of this game")
    branch = [k for k in (PARENT_GAME, PARENT_SEQ) if k in meta]
    if branch and len(branch) < 2:
        missing = PARENT_SEQ if branch == [PARENT_GAME] else PARENT_GAME
        raise ReplayError(n, f"field {missing!r}: missing (a variation names its parent game and event)")
    if branch:
        at = meta[PARENT_SEQ]
        if at >= len(events) or events[at].type != "ActionTaken":
            raise ReplayError(
                n, f"field {PARENT_SEQ!r}: a variation branches before a decision; event {at + 1} is none"
            )
        taken = meta.get(BRANCH_ACTION)
        if taken is not None and events[at].payload.get("action") != taken:
            raise ReplayError(n, f"field {BRANCH_ACTION!r}: event {at + 1} takes another action")
    elif BRANCH_ACTION in meta:
        raise ReplayError(n, f"field {BRANCH_ACTION!r}: only a variation (with {PARENT_GAME}) has one")


def _player_names(events: list[Event]) -> list[Any] | None:
    if not events:
        return None
    players = events[0].payload.get("players")
    return (
        [p.get("name") if isinstance(p, dict) else p for p in players] if isinstance(players, list) else None
    )


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
CARD_KEYS = frozenset({"card", "monster", "item", "discard", "new_monster", "pick", "curse", "stand_in"})
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
