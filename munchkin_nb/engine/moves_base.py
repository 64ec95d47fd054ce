"""The move registry: each action has candidates (for legal_actions), a check, and a run."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action, require
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


def act(name: str, player: str, **params) -> Action:
    return Action(name, player, params)


def in_hand(s: GameState, a: Action, key: str = "card") -> str:
    cid = a.params.get(key)
    require(
        isinstance(cid, str) and cid in s.player(a.player).hand,
        "card.effect",
        f"{a.player} has no card {cid!r} in hand.",
    )
    return cid


def owned(s: GameState, a: Action, key: str = "card") -> str:
    cid = a.params.get(key)
    p = s.player(a.player)
    require(
        isinstance(cid, str) and (cid in p.hand or cid in p.in_play()),
        "ability.discard_cost",
        f"{a.player} has no card {cid!r} in hand or in play.",
    )
    return cid


def target(s: GameState, a: Action, key: str = "target") -> str:
    name = a.params.get(key)
    require(isinstance(name, str) and s.has_player(name), "card.effect", f"there is no player {name!r}.")
    return name
