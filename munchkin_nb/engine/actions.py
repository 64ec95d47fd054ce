"""Actions are intents: a player asks to do something; the engine checks and answers with events."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .events import Event


class IllegalAction(Exception):
    """An action the rules do not allow; carries the rule id and a sentence."""

    def __init__(self, rule_id: str, sentence: str):
        super().__init__(f"[{rule_id}] {sentence}")
        self.rule_id = rule_id
        self.sentence = sentence


@dataclass(frozen=True)
class Action:
    """One intent: `name` in the game's words (kick_door, run_away, ...), who, and its parameters."""

    name: str
    player: str
    params: dict[str, Any] = field(default_factory=dict)

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


def require(cond: bool, rule_id: str, sentence: str) -> None:
    """Raise IllegalAction(rule_id, sentence) unless cond holds."""
    if not cond:
        raise IllegalAction(rule_id, sentence)
