"""The judge's answers: who may do what now (with the rule that allows it), why not, and the fight."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from munchkin_nb.engine import (
    Action,
    GameState,
    IllegalAction,
    RandomChance,
    apply,
    breakdown,
    context,
    legal_actions,
    verify,
)
from munchkin_nb.rules import rule
from munchkin_nb.rules.citations import citation
from munchkin_nb.scenarios.names import base
from munchkin_nb.scenarios.shapes import CARD_PARAMS, CARDS_PARAMS


@dataclass(frozen=True)
class Allowed:
    """One legal action and the rule that allows it (out of turn: the rule that lets anyone play it)."""

    action: Action
    rule: str
    out_of_turn: bool

    def to_dict(self) -> dict[str, Any]:
        return {**_step(self.action), "rule": self.rule, "out_of_turn": self.out_of_turn}


@dataclass(frozen=True)
class Ruling:
    """The answer to "may I?": allowed, or refused by `rule` with the engine's sentence and the
    citation; `template` and `fields` make the sentence (IllegalAction's), for a page to translate."""

    action: Action
    allowed: bool
    rule: str
    sentence: str
    citation: str
    template: str = ""
    fields: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            **_step(self.action),
            "allowed": self.allowed,
            "rule": self.rule,
            "sentence": self.sentence,
            "citation": self.citation,
        }


def _step(a: Action) -> dict[str, Any]:
    """An action as a scenario step writes it: {player, action, ...params}."""
    return {"player": a.player, "action": a.name, **a.params}


def allowing_rule(s: GameState, a: Action) -> tuple[str, bool]:
    """The rule the engine records for `a` taken now, and whether it is out of turn: an
    interjection's rule is on its ActionTaken; the decider's, on the first consequence citing one."""
    events = apply(s, a, RandomChance(0), checked=True)
    first = events[0]
    if first.payload.get("out_of_turn"):
        return first.rules[0], True
    return next((r for e in events for r in e.rules if r), "play.out_of_turn"), False


def may_do(s: GameState, player: str | None = None) -> dict[str, list[Allowed]]:
    """For every player (or one), each legal action now with the rule allowing it."""
    names = [player] if player else s.names()
    out: dict[str, list[Allowed]] = {}
    for n in names:
        found = []
        for a in legal_actions(s, n):
            r, oot = allowing_rule(s, a)
            found.append(Allowed(a, r, oot))
        out[n] = found
    return out


def resolve(s: GameState, a: Action) -> Action:
    """Let a step name cards by bare id (`crabs`): the copy the player holds, has in play, or fights."""
    params = dict(a.params)
    for key, val in a.params.items():
        if key in CARD_PARAMS and isinstance(val, str):
            params[key] = _copy(s, a.player, val)
        elif key in CARDS_PARAMS and isinstance(val, list):
            params[key] = [_copy(s, a.player, v) if isinstance(v, str) else v for v in val]
    return Action(a.name, a.player, params)


def _copy(s: GameState, player: str, name: str) -> str:
    if "#" in name:
        return name
    pools: list[list[str]] = []
    if s.has_player(player):
        p = s.player(player)
        pools += [p.hand, p.equipped, p.carried, p.races, p.classes]
    if s.combat:
        pools.append([m["card"] for m in s.fight.monsters])
    for q in s.players:
        pools += [q.equipped, q.carried, q.hand, q.curses]
    return next((c for pool in pools for c in pool if base(c) == name), name)


def why(s: GameState, a: Action, lang: str = "en") -> Ruling:
    """Whether `a` may be taken now; when not, the rule, the engine's sentence and the citation."""
    a = resolve(s, a)
    try:
        verify(s, a)
    except IllegalAction as exc:
        return Ruling(a, False, exc.rule_id, exc.sentence, _cite(exc.rule_id, lang), exc.template, exc.fields)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # malformed parameters
        return Ruling(
            a, False, "card.effect", f"the action's parameters do not fit: {exc}", _cite("card.effect", lang)
        )
    r, _ = allowing_rule(s, a)
    fields = {"player": a.player, "move": a.name.replace("_", " ")}
    return Ruling(a, True, r, ALLOWED.format(**fields), _cite(r, lang), ALLOWED, fields)


#: the sentence of an allowed action (the move by its name)
ALLOWED = "{player} may {move} now."


def _cite(rule_id: str, lang: str) -> str:
    try:
        return citation(rule(rule_id), lang).text()
    except KeyError:
        return ""


def fight(s: GameState) -> dict[str, Any] | None:
    """The combat strength breakdown (the engine's own arithmetic), None when nobody fights."""
    if not s.combat:
        return None
    bd = breakdown(s)
    out = bd.to_dict()
    out["ties_win"] = bd.ties_win
    out["rule"] = "combat.ties" if bd.margin == 0 else "combat.strength"
    return out


def decider(s: GameState) -> tuple[str | None, str]:
    """Who decides now and the kind of decision."""
    return context(s)
