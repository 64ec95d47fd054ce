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
    evolve,
    new_game,
)
from munchkin_nb.engine.chance import ChanceExhausted
from munchkin_nb.rules.rulesets import ruleset as get_ruleset

from .jsonl import MAX_BYTES, ReplayError

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
    try:
        with open(path, encoding="utf-8") as fh:
            first = fh.readline()
        kind: object = json.loads(first).get("kind")
        return kind == "transcribed"
    except (OSError, ValueError, AttributeError):
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
    """Turn a transcribed file into the event stream, and list every illegal line (skipping it)."""
    from .referee import Finding

    if path.stat().st_size > max_bytes:
        raise ReplayError(None, f"the file is {path.stat().st_size} bytes, over the limit of {max_bytes}")
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        header = json.loads(lines[0])
    except (IndexError, ValueError) as exc:
        raise ReplayError(1, f"the header is not JSON: {exc}") from None
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and "name" in p for p in players):
        raise ReplayError(1, "field 'players': a list of {name, sex}")
    names = [p["name"] for p in players]
    try:
        get_ruleset(header.get("ruleset", "classic"))
        chance = ScriptedChance(draws=_deal_draws(header, names, 1), strict=True)
        events = new_game(players, header.get("ruleset", "classic"), None, chance)
    except (IllegalAction, ValueError, ChanceExhausted) as exc:
        raise ReplayError(1, str(exc)) from None
    state = GameState.initial()
    for e in events:
        evolve(state, e)
    findings = []
    for n, text in enumerate(lines[1:], 2):
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
            action = Action.from_dict(
                {"name": obj["action"], "player": obj["player"], "params": obj.get("params", {})}
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ReplayError(n, f"not an action line: {exc}") from None
        chance = ScriptedChance(dice=obj.get("dice", []), draws=obj.get("draws", []), strict=True)
        try:
            new = apply(state, action, chance)
        except IllegalAction as exc:
            findings.append(Finding(f"line {n}", str(action), exc.rule_id, exc.sentence))
            continue
        except ChanceExhausted as exc:
            findings.append(Finding(f"line {n}", str(action), "card.effect", str(exc)))
            continue
        if chance.left():
            findings.append(
                Finding(f"line {n}", str(action), "card.effect", f"scripted but never used: {chance.left()}")
            )
        for e in new:
            evolve(state, e)
        events.extend(new)
    return events, findings
