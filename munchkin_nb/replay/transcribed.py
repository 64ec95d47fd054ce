"""Transcribed table games: the players' actions plus the cards and dice that really came up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from munchkin_nb.engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    ScriptedChance,
    apply,
    context,
    evolve,
    legal_actions,
    new_game,
)
from munchkin_nb.engine.core.chance import ChanceExhausted, is_face
from munchkin_nb.rules.rulesets import die_sides
from munchkin_nb.rules.rulesets import ruleset as get_ruleset

from .jsonl import MAX_BYTES, ReplayError, card_refs, card_set_ids, json_object

if TYPE_CHECKING:
    from .referee import Finding


class TranscribedHeader(TypedDict):
    """Line 1 of a transcribed file: the table and what each player was dealt."""

    kind: Literal["transcribed"]
    format: int
    ruleset: str
    players: list[dict[str, Any]]  # {"name", "sex"}
    deal: dict[str, dict[str, list[str]]]  # player -> "door"/"treasure" -> card ids, in dealt order
    note: str


class TranscribedAction(TypedDict):
    """Every later line: one decision, with the cards drawn and the dice rolled after it."""

    player: str
    action: str
    params: NotRequired[dict[str, Any]]
    draws: NotRequired[list[str]]
    dice: NotRequired[list[int]]


def is_transcribed(path: Path) -> bool:
    """Whether the first line of `path` is a transcribed game's header (any fault: it is not)."""
    try:
        with open(path, encoding="utf-8") as fh:
            first = fh.readline(MAX_BYTES)
        kind: object = json.loads(first).get("kind")
        return kind == "transcribed"
    except (OSError, ValueError, AttributeError, RecursionError):
        return False


def _deal_draws(header: dict[str, Any], names: list[str], line: int) -> list[str]:
    """The dealt cards in the order the engine deals them: door rounds, then treasure rounds."""
    rs = get_ruleset(header.get("ruleset", "classic"))
    deal = header.get("deal")
    if not isinstance(deal, dict) or set(deal) != set(names):
        raise ReplayError(line, "field 'deal': give each player's dealt door and treasure cards")
    out: list[str] = []
    for kind, n in (("door", rs.start_doors), ("treasure", rs.start_treasures)):
        for name in names:
            cards = deal[name].get(kind, []) if isinstance(deal[name], dict) else []
            if len(cards) != n:
                raise ReplayError(
                    line, f"field 'deal': {name} must be dealt {n} {kind} cards, not {len(cards)}"
                )
        for i in range(n):
            out.extend(deal[name][kind][i] for name in names)
    return out


def read_transcribed(
    path: Path, max_bytes: int = MAX_BYTES, allowed: list[Finding] | None = None
) -> tuple[list[Event], list[Finding]]:
    """Turn a transcribed file into the event stream, and list every illegal line once.

    An illegal line is still taken as the table played it (its recorded draws and dice), when
    the engine can carry it out at all, so that the lines after it are judged on what happened.
    A file of format 2 (a table's recording: cards not shown, cards shown later, actions the table
    allowed) is read by the table recorder; `allowed` then gets what the table allowed."""
    from .referee import Finding

    try:
        if path.stat().st_size > max_bytes:
            raise ReplayError(None, f"the file is {path.stat().st_size} bytes, over the limit of {max_bytes}")
        raw = path.read_bytes()
    except OSError as error:
        raise ReplayError(None, f"cannot read {path}: {error.strerror or error}") from None
    try:
        lines = raw.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ReplayError(line, f"not UTF-8 text ({error.reason})") from None
    header = _line_object(lines[0] if lines else "", 1)
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and "name" in p for p in players):
        raise ReplayError(1, "field 'players': a list of {name, sex}")
    if header.get("format", 1) == 2:
        return _read_recorded(header, lines, allowed if allowed is not None else [])
    names = [p["name"] for p in players]
    try:
        get_ruleset(header.get("ruleset", "classic"))
        chance = ScriptedChance(draws=_deal_draws(header, names, 1), strict=True)
        modules = header.get("modules", [])
        events = new_game(players, header.get("ruleset", "classic"), None, chance, modules=modules)
    except (IllegalAction, ValueError, ChanceExhausted, TypeError, AttributeError) as exc:
        raise ReplayError(1, str(exc)) from None
    card_set = events[0].payload.get("card_set", "classic")
    top = die_sides(events[0].payload.get("modules", []))  # the largest die this game rolls
    cards = card_set_ids(card_set)
    for e in events:
        _known_cards(e, cards, card_set, 1)
    state = GameState.initial()
    for e in events:
        evolve(state, e)
    findings = []
    parsed = [_action_line(text, n, cards, card_set) for n, text in enumerate(lines[1:], 2) if text.strip()]
    for k, (n, action, dice, draws) in enumerate(parsed):
        where, what = f"line {n}", str(action)
        faces = [d for d in dice if not is_face(d, top)]
        chance = ScriptedChance(dice=dice, draws=draws, strict=True)
        new: list[Event] | None = None
        if faces:
            sentence = f"die result {faces[0]!r} is not a face of the {top}-sided die"
            findings.append(Finding(where, what, "card.effect", sentence))
        else:
            try:
                new = apply(state, action, chance)
            except IllegalAction as exc:
                findings.append(Finding(where, what, exc.rule_id, exc.sentence))
            except ChanceExhausted as exc:
                findings.append(Finding(where, what, "card.effect", str(exc)))
            except Exception as exc:  # the engine fails on this line's parameters: still one finding
                findings.append(Finding(where, what, "card.effect", f"cannot be carried out: {exc}"))
            else:
                if chance.left():
                    sentence = f"scripted but never used: {chance.left()}"
                    findings.append(Finding(where, what, "card.effect", sentence))
        if new is None:  # one finding for the line; the next lines are judged on what most likely happened
            unseen = _unseen_cards(parsed[k + 1 :])
            new = _as_played(state, action, dice, draws, top, parsed[k + 1 : k + 1 + LOOKAHEAD], unseen)
        for e in new:
            evolve(state, e)
        events.extend(new)
    return events, findings


def _read_recorded(
    header: dict[str, Any], lines: list[str], allowed: list[Finding]
) -> tuple[list[Event], list[Finding]]:
    """A format 2 file read as the table recorder reads it: each line refused is one finding, taken
    as the table played it when it can be."""
    from munchkin_nb.recorder.transcribed import read_lines
    from munchkin_nb.store import EventStore

    from .referee import Finding

    findings: list[Finding] = []

    def fault(n: int, action: str, rule: str, sentence: str) -> bool:
        findings.append(Finding(f"line {n}", action, rule, sentence))
        return True

    def note(n: int, action: str, rule: str, sentence: str) -> None:
        allowed.append(Finding(f"line {n}", action, rule, sentence))

    with EventStore(":memory:") as scratch:
        rec = read_lines(scratch, header, lines, fault, allowed=note)
    return rec.events, findings


def _action_line(
    text: str, n: int, cards: set[str] | None, card_set: str
) -> tuple[int, Action, list[Any], list[str]]:
    """One action line read and its cards checked: (line, action, dice, draws)."""
    obj = _line_object(text, n)
    try:
        action = Action.from_dict(
            {"name": obj["action"], "player": obj["player"], "params": obj.get("params", {})}
        )
        dice, draws = list(obj.get("dice", [])), list(obj.get("draws", []))
    except (ValueError, KeyError, TypeError) as exc:
        raise ReplayError(n, f"not an action line: {exc}") from None
    if not all(isinstance(d, str) for d in draws):
        raise ReplayError(n, "field 'draws': a list of card ids")
    _known_cards(
        Event("ActionTaken", {"action": action.to_dict(), "draws": {"cards": draws}}), cards, card_set, n
    )
    return n, action, dice, draws


def _line_object(text: str, n: int) -> dict[str, Any]:
    if n == 1 and not text.strip():
        raise ReplayError(1, "the header is missing: the file is empty")
    return json_object(n, text)


def _known_cards(event: Event, cards: set[str] | None, card_set: str, n: int) -> None:
    if cards is None:
        return
    for card in card_refs(event):
        if card not in cards:
            raise ReplayError(n, f"unknown card id {card!r} in card set {card_set!r}")


# How many of the lines after an illegal one a reading of it must make legal, at most, to be
# preferred: one line alone is often legal after several readings.
LOOKAHEAD = 3
Parsed = tuple[int, Action, list[Any], list[str]]


def _as_played(
    state: GameState,
    action: Action,
    dice: list[Any],
    draws: list[str],
    top: int,
    following: list[Parsed],
    unseen: list[str],
) -> list[Event]:
    """What an illegal line most likely did at the table, so that the next lines are judged on it.

    The readings, in order: the same action by the player whose decision it was (a name written
    down wrong), the action carried out as written, a legal action of the decider that uses
    exactly the line's draws and dice (an action named wrong), or nothing at all (a line that did
    not happen); a die that is no face of the die is read as each face in turn, and a card drawn
    but not written down as each `unseen` card in turn. The reading after which most of the next
    LOOKAHEAD lines are legal is taken (the first of equals)."""
    fixed = [d if is_face(d, top) else None for d in dice]
    rolls = (
        [dice] if None not in fixed else [[f if d is None else d for d in fixed] for f in range(1, top + 1)]
    )
    decider, _ = context(state)
    actions = []
    if decider is not None and decider != action.player:
        actions.append(
            (Action.from_dict({"name": action.name, "player": decider, "params": action.params}), False)
        )
    actions.append((action, True))  # carried out as written: the check that refused it is skipped
    if decider is not None:
        actions.extend((a, False) for a in legal_actions(state) if a.key() != action.key())
    pulls = [draws, *([*draws, c] for c in unseen[:MAX_UNSEEN])]
    readings: list[list[Event]] = []
    for candidate, as_written in actions:
        for roll in rolls:
            tried = [_try(state, candidate, roll, pull, as_written) for pull in pulls]
            found = [events for events in tried if events is not None]
            readings.extend(found)
            if found:
                break
    readings.append([])
    best, score = readings[0], -1
    for events in readings:
        after = state.copy()
        for event in events:
            evolve(after, event)
        legal = _legal_run(after, following)
        if legal > score:
            best, score = events, legal
        if score == len(following):
            break
    return best


# Cards tried, at most, for one drawn but not written down
MAX_UNSEEN = 24


def _unseen_cards(later: list[Parsed]) -> list[str]:
    """Cards the later lines name in their actions but never draw, in the order first named: a
    card drawn and not written down is most likely one of them."""
    drawn = {c for _n, _a, _d, draws in later for c in draws}
    named: dict[str, None] = {}
    for _n, action, _d, _draws in later:
        event = Event("ActionTaken", {"action": action.to_dict()})
        named.update((c, None) for c in card_refs(event) if c not in drawn)
    return list(named)


def _try(
    state: GameState, action: Action, dice: list[Any], draws: list[str], as_written: bool
) -> list[Event] | None:
    """The events of `action` with exactly these draws and dice, or None when it cannot be so."""
    chance = ScriptedChance(dice=dice, draws=draws, strict=True)
    try:
        events = apply(state, action, chance, checked=as_written)
    except Exception:  # an action that cannot be carried out (as written, or at all) is no reading
        return None
    return None if chance.left() else events


def _legal_run(state: GameState, following: list[Parsed]) -> int:
    """How many of `following` are legal one after the other from `state`, with their own chance."""
    state = state.copy()
    for count, (_n, action, dice, draws) in enumerate(following):
        events = _try(state, action, dice, draws, False)
        if events is None:
            return count
        for e in events:
            evolve(state, e)
    return len(following)
