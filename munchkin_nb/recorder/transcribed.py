"""A recording as a transcribed file (docs/replays.md), and a transcribed file as a recording.

Format 1 is the deal and one line per action with its draws and dice. Format 2 adds what a
table's recording holds: a card not shown (null in the deal and in `draws`), a line
`{"player": P, "shows": CARD}` (a card of P's not shown until then was CARD), and
`"allowed": true` on an action the rules refuse and the table allowed, and `draws` in the header
(the cards the set-up draws after the deal: a module's card turned onto the table). A recording
that uses none of them is written as format 1."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from munchkin_nb.engine import Action, Event, GameState, evolve
from munchkin_nb.replay.jsonl import MAX_BYTES, ReplayError, json_object

from .outcomes import Need, Recorded, RecordingError, Refused

if TYPE_CHECKING:
    from munchkin_nb.store import EventStore

    from .recording import Recording

FORMAT = 2  # the newest format written; a file of format 1 is read as it always was


def export_transcribed(events: list[Event]) -> str:
    """A game's events as a transcribed file's text (format 1 when nothing needs format 2)."""
    started = events[0].payload
    names = [p["name"] for p in started["players"]]
    deal: dict[str, dict[str, list[str | None]]] = {n: {"door": [], "treasure": []} for n in names}
    lines: list[dict[str, Any]] = []
    setup: list[str | None] = []
    s = GameState.initial()
    hidden = False  # the next card drawn is not shown
    newer = False  # anything format 1 cannot say
    allowed = False
    for e in events:
        p = e.payload
        if e.type == "CardHidden":
            hidden = newer = True
        elif e.type == "CardDrawn" and not lines and p.get("reason") == "deal":
            deal[p["player"]][p["deck"]].append(None if hidden else p["card"])
        elif e.type == "CardDrawn" and not lines:  # drawn by the set-up after the deal
            setup.append(None if hidden else p["card"])
        elif e.type == "CardDrawn":
            lines[-1].setdefault("draws", []).append(None if hidden else p["card"])
        elif e.type == "DieRolled" and lines:
            lines[-1].setdefault("dice", []).append(p["result"])
        elif e.type == "RuleWaived":
            allowed = newer = True
        elif e.type == "StandInSwapped" and p["reason"] == "named":
            line: dict[str, Any] = {"player": p["player"], "shows": p["card"]}
            if p["stand_in"] != _stand_in(s, p["player"], p["card"]):
                line["stand_in"] = p["stand_in"]
            lines.append(line)
            newer = True
        elif e.type == "ActionTaken":
            action = Action.from_event(e)
            line = {"player": action.player, "action": action.name}
            if action.params:
                line["params"] = action.params
            if allowed:
                line["allowed"] = True
            allowed = False
            lines.append(line)
        if e.type != "CardHidden":
            hidden = False
        evolve(s, e)
    header: dict[str, Any] = {
        "kind": "transcribed",
        "format": FORMAT if newer else 1,
        "ruleset": started["ruleset"],
        "players": [{"name": p["name"], "sex": p["sex"]} for p in started["players"]],
        "deal": deal,
    }
    if started.get("modules"):
        header["modules"] = started["modules"]
    if setup:  # what format 1 cannot say either: the cards the set-up draws after the deal
        header["draws"] = setup
        header["format"] = FORMAT
    return "".join(json.dumps(obj, ensure_ascii=False) + "\n" for obj in (header, *lines))


def _stand_in(s: GameState, player: str, cid: str) -> str | None:
    """The stand-in `name_card` takes by default for `cid` shown by `player`."""
    from .recording import default_stand_in

    return default_stand_in(s, player, cid)


Fault = tuple[int, str, str, str]  # (line, action, rule, sentence)


def import_transcribed(
    store: EventStore, source: str | Path, note: str = "", meta: Mapping[str, Any] | None = None
) -> Recording:
    """A transcribed file (a path, or its text) recorded line by line into a new recording, to be
    continued. A line the recorder cannot take is a ReplayError naming it; nothing is kept then."""
    text = _text(source)
    lines = text.splitlines()
    header = json_object(1, lines[0]) if lines else {}
    if header.get("kind") != "transcribed":
        raise ReplayError(1, 'not a transcribed game (its first line has no "kind": "transcribed")')

    def refuse(n: int, action: str, rule: str, sentence: str) -> bool:
        raise ReplayError(n, f"{action}: [{rule}] {sentence}")

    with _memory() as scratch:
        rec = read_lines(scratch, header, lines, refuse, note)
        events = rec.events
    from .recording import Recording

    extra = dict(meta or {})  # the caller's own fields (the page's private key), stored as given
    meta = {**extra, "source": "played", "seed": None, "recorder": 1}
    meta["flags"] = [] if rec.state.winners else ["unfinished"]
    if note or header.get("note"):
        meta["note"] = note or header.get("note")
    return Recording(store, store.add_game(meta, events), events)


def read_lines(
    store: EventStore,
    header: dict[str, Any],
    lines: list[str],
    fault: Callable[[int, str, str, str], bool],
    note: str = "",
    allowed: Callable[[int, str, str, str], object] = lambda *_: None,
) -> Recording:
    """Record a transcribed file's lines into `store`. `fault(line, action, rule, sentence)` hears of
    each line the rules or the table refuse, and says whether to take it as the table played it
    (True) or to leave it out (False); it may raise instead. `allowed` hears of each line marked
    "allowed" that the rules refuse (what the table allowed)."""
    from .recording import Recording

    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and "name" in p for p in players):
        raise ReplayError(1, "field 'players': a list of {name, sex}")
    try:
        rec = Recording.start(
            store,
            players,
            str(header.get("ruleset", "classic")),
            list(header.get("modules", [])),
            header.get("deal"),
            note,
            list(header.get("draws", [])),
        )
    except (RecordingError, TypeError, AttributeError, KeyError) as exc:
        raise ReplayError(1, f"field 'deal': {exc}") from None
    for n, obj in _lines(lines):
        if "shows" in obj:
            try:
                rec.name_card(str(obj.get("player")), str(obj["shows"]), obj.get("stand_in"))
            except RecordingError as exc:
                fault(n, f"{obj.get('player')} shows {obj['shows']}", "card.effect", str(exc))
            continue
        try:
            action = Action.from_dict(
                {"name": obj.get("action"), "player": obj.get("player"), "params": obj.get("params", {})}
            )
        except ValueError as exc:
            raise ReplayError(n, f"not an action line: {exc}") from None
        _record(rec, n, action, obj, fault, allowed)
    return rec


def _record(
    rec: Recording,
    n: int,
    action: Action,
    obj: dict[str, Any],
    fault: Callable[[int, str, str, str], bool],
    allowed: Callable[[int, str, str, str], object],
) -> None:
    dice, draws = obj.get("dice", []), obj.get("draws", [])
    if not isinstance(dice, list) or not isinstance(draws, list):
        raise ReplayError(n, "fields 'dice' and 'draws': lists")
    try:
        out = rec.record(action, dice, draws, allow=obj.get("allowed") is True)
    except RecordingError as exc:
        fault(n, str(action), "card.effect", str(exc))
        return
    waived = [e for e in out.events if e.type == "RuleWaived"] if isinstance(out, Recorded) else []
    for e in waived:
        allowed(n, str(action), e.payload["rule"], e.payload["sentence"])
    if isinstance(out, Refused):
        if fault(n, str(action), out.rule, out.sentence):
            _taken(rec, n, action, dice, draws, fault)
    elif isinstance(out, Need):
        what = f"a die of {out.sides}" if out.kind == "die" else f"a {out.deck} card drawn face {out.face}"
        fault(n, str(action), "card.effect", f"{what} is not given")


def _taken(
    rec: Recording,
    n: int,
    action: Action,
    dice: list[Any],
    draws: list[Any],
    fault: Callable[[int, str, str, str], bool],
) -> None:
    """An illegal line taken as the table played it (marked as allowed by the table)."""
    try:
        out = rec.record(action, dice, draws, allow=True)
    except RecordingError as exc:
        fault(n, str(action), "card.effect", str(exc))
        return
    if not isinstance(out, Recorded):
        fault(n, str(action), "card.effect", "the line cannot be carried out as written")


def _lines(lines: list[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    for n, text in enumerate(lines[1:], 2):
        if text.strip():
            yield n, json_object(n, text)


def _text(source: str | Path) -> str:
    """A transcribed file's text: `source` is its path, or (holding a newline) the text itself."""
    if isinstance(source, str) and "\n" in source:
        return source
    path = Path(source)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ReplayError(None, f"the file is {path.stat().st_size} bytes, over the limit of {MAX_BYTES}")
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ReplayError(None, f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise ReplayError(None, f"not UTF-8 text ({error.reason})") from None


def _memory() -> EventStore:
    """A store in memory: a file's game is recorded there first, and kept only when all of it is."""
    from munchkin_nb.store import EventStore

    return EventStore(":memory:")
