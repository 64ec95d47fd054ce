"""Actions are intents: a player asks to do something; the engine checks and answers with events."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .events import Event


class IllegalAction(Exception):
    """An action the rules do not allow; carries the rule id and a sentence (its `template` and `fields`)."""

    # The sentence is kept as given (`template`: English, its {fields} filled from `fields`, a card
    # as a CardName), so that a page can look it up in its own language and fill in the same fields
    # (munchkin_nb/judge/said.py); a sentence an f-string made has no translation, and is shown as
    # it is, in English.
    def __init__(self, rule_id: str, sentence: str, **fields: Any):
        said = sentence.format(**fields) if fields else sentence
        super().__init__(f"[{rule_id}] {said}")
        self.rule_id = rule_id
        self.sentence = said
        self.template = sentence
        self.fields = fields


class CardName(str):
    """A card in a refusal's fields: written as the English sentence writes it, with its id (`cid`)
    for a page to name the card in its own language."""

    cid: str

    def __new__(cls, shown: str, cid: str) -> CardName:
        name = super().__new__(cls, shown)
        name.cid = cid
        return name


class _Fields(NamedTuple):
    name: str
    player: str
    params: dict[str, Any]


class Action(_Fields):
    """One intent: `name` in the game's words (kick_door, run_away, ...), who, and its parameters."""

    # a named tuple, immutable: the legal-action search makes tens of thousands per game, and a
    # tuple is made three times faster than a frozen dataclass
    __slots__ = ()

    def __new__(cls, name: str, player: str, params: dict[str, Any] | None = None) -> Action:
        return tuple.__new__(cls, (name, player, {} if params is None else params))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "player": self.player, "params": self.params}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Action:
        if (
            not isinstance(d, dict)
            or not isinstance(d.get("name"), str)
            or not isinstance(d.get("player"), str)
        ):
            raise ValueError("an action needs a 'name' and a 'player'")
        params = d.get("params", {})
        if not isinstance(params, dict):
            raise ValueError("an action's 'params' must be an object")
        return cls(d["name"], d["player"], params)

    @classmethod
    def from_event(cls, e: Event) -> Action:
        """The action an ActionTaken event records."""
        if e.type != "ActionTaken":
            raise ValueError(f"{e.type} is not a decision event")
        return cls.from_dict(e.payload["action"])

    def key(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.player}: {self.name}({args})"


def require(cond: bool, rule_id: str, sentence: str, **fields: Any) -> None:
    """Raise IllegalAction(rule_id, sentence, **fields) unless cond holds."""
    if not cond:
        raise IllegalAction(rule_id, sentence, **fields)
