"""Transcribed table games: the players' actions plus the cards and dice that really came up."""

from __future__ import annotations

import contextlib
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
    can,
    context,
    evolve,
    new_game,
)
from munchkin_nb.engine.core.builder import Builder
from munchkin_nb.engine.core.chance import ChanceExhausted, is_face
from munchkin_nb.engine.moves.base import MOVES
from munchkin_nb.rules.rulesets import die_sides
from munchkin_nb.rules.rulesets import ruleset as get_ruleset

from .jsonl import MAX_BYTES, MAX_DEPTH, TOO_DEEP, ReplayError, card_refs, card_set_ids, json_depth

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


def read_transcribed(path: Path, max_bytes: int = MAX_BYTES) -> tuple[list[Event], list[Finding]]:
    """Turn a transcribed file into the event stream, and list every illegal line once.

    An illegal line is still taken as the table played it (its recorded draws and dice), when
    the engine can carry it out at all, so that the lines after it are judged on what happened."""
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
        faces = [d for d in dice if not is_face(d, top)]
        if faces:
            sentence = f"die result {faces[0]!r} is not a face of the {top}-sided die"
            findings.append(Finding(f"line {n}", str(action), "card.effect", sentence))
            continue  # no outcome can be taken from dice that cannot have been rolled
        chance = ScriptedChance(dice=dice, draws=draws, strict=True)
        try:
            new = apply(state, action, chance)
        except IllegalAction as exc:
            findings.append(Finding(f"line {n}", str(action), exc.rule_id, exc.sentence))
            following = parsed[k + 1][1] if k + 1 < len(parsed) else None
            new = _as_played(state, action, dice, draws, following)
        except ChanceExhausted as exc:
            findings.append(Finding(f"line {n}", str(action), "card.effect", str(exc)))
            continue
        else:
            if chance.left():
                findings.append(
                    Finding(
                        f"line {n}", str(action), "card.effect", f"scripted but never used: {chance.left()}"
                    )
                )
        for e in new:
            evolve(state, e)
        events.extend(new)
    return events, findings


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
    try:
        obj = json.loads(text)
    except RecursionError:
        raise ReplayError(n, TOO_DEEP) from None
    except ValueError as exc:
        what = "the header" if n == 1 else "the line"
        raise ReplayError(n, f"{what} is not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise ReplayError(n, f"expected a JSON object, got {type(obj).__name__}")
    if json_depth(obj) > MAX_DEPTH:
        raise ReplayError(n, TOO_DEEP)
    return obj


def _known_cards(event: Event, cards: set[str] | None, card_set: str, n: int) -> None:
    if cards is None:
        return
    for card in card_refs(event):
        if card not in cards:
            raise ReplayError(n, f"unknown card id {card!r} in card set {card_set!r}")


def _as_played(
    state: GameState, action: Action, dice: list[Any], draws: list[str], following: Action | None
) -> list[Event]:
    """What an illegal line most likely did at the table, so that the next line is judged on it.

    The readings, in order: the same action by the player whose decision it was (a name written
    down wrong), the action carried out as written, or nothing at all (a line that did not
    happen). The first reading after which the next line is legal is taken; else the first."""
    readings: list[list[Event]] = []
    decider, _ = context(state)
    if decider is not None and decider != action.player:
        as_decider = Action.from_dict({"name": action.name, "player": decider, "params": action.params})
        # an action the decider could not have taken either is not a reading of this line
        with contextlib.suppress(IllegalAction, ChanceExhausted, KeyError, TypeError, ValueError):
            readings.append(apply(state, as_decider, ScriptedChance(dice=dice, draws=draws, strict=True)))
    move = MOVES.get(action.name)
    if move is not None and state.has_player(action.player):
        try:
            b = Builder(state, ScriptedChance(dice=dice, draws=draws, strict=True))
            b.emit("ActionTaken", {"action": action.to_dict()}, [], actor=action.player, automatic=False)
            move.run(b, action)
            readings.append(b.events)
        except Exception:  # an action that cannot be carried out as written is not a reading
            pass
    readings.append([])
    if following is None:
        return readings[0]
    for events in readings:
        after = state.copy()
        for e in events:
            evolve(after, e)
        if can(after, following):
            return events
    return readings[0]
