"""The move registry: each action has candidates (for legal_actions), a check, and a run."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import Action, IllegalAction
from .builder import Builder
from .state import GameState


class Move:
    """One kind of action. Subclasses set `name` and implement the three parts."""

    name = ""
    #: where it may be taken: "turn" (the active player's own turn, no combat),
    #: "setup", "combat" (in the priority window), "run" (running away), "pending"
    when: tuple[str, ...] = ()

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        return ()

    def check(self, s: GameState, a: Action) -> None:
        """Raise IllegalAction with the rule id unless the action is allowed."""

    def run(self, b: Builder, a: Action) -> None:
        """Emit the action's consequences into the builder."""


MOVES: dict[str, Move] = {}


def move(cls: type[Move]) -> type[Move]:
    MOVES[cls.name] = cls()
    return cls


def act(name: str, player: str, **params: Any) -> Action:
    return Action(name, player, params)


def in_hand(s: GameState, a: Action, key: str = "card") -> str:
    cid = a.params.get(key)
    if not (isinstance(cid, str) and cid in s.player(a.player).hand):
        raise IllegalAction("card.effect", f"{a.player} has no card {cid!r} in hand.")
    return cid


def owned(s: GameState, a: Action, key: str = "card") -> str:
    cid = a.params.get(key)
    p = s.player(a.player)
    if not (isinstance(cid, str) and (cid in p.hand or cid in p.in_play())):
        raise IllegalAction("ability.discard_cost", f"{a.player} has no card {cid!r} in hand or in play.")
    return cid


def target(s: GameState, a: Action, key: str = "target") -> str:
    name = a.params.get(key)
    if not (isinstance(name, str) and s.has_player(name)):
        raise IllegalAction("card.effect", f"there is no player {name!r}.")
    return name
