"""The move registry: each action has candidates (for legal_actions), a check, and a run."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import hooks
from ..core.actions import Action, CardName, IllegalAction
from ..core.builder import Builder
from ..core.state import GameState


class Move:
    """One kind of action. Subclasses set `name` and implement the three parts."""

    name = ""
    #: where the decider may take it: "turn" (the active player's own turn, no combat),
    #: "setup", "combat" (the priority window), "help", "run", "escape", "pending:<kind>"
    when: tuple[str, ...] = ()
    #: where ANY player may take it, out of turn too (see interaction.py); the move's own
    #: check still says whether this player may (a fighter's ability, a trade outside combat)
    anytime: tuple[str, ...] = ()
    #: the catalogue rule that lets a player take it out of turn (recorded with the action)
    anytime_rule = "play.out_of_turn"
    #: True when `candidates` yields only actions its `check` accepts, so that the legal-action
    #: search may skip the check (a speed-up; the property tests hold every listed action to it)
    exact = False
    #: the turn phases in which it can be legal at all, None for any: the legal-action search
    #: skips it elsewhere without asking (its check still says why, for whoever tries)
    phases: tuple[str, ...] | None = None
    #: the module whose games alone list it ("" for the core's and a ruleset's moves)
    module = ""
    #: the kinds of hand card without one of which it lists nothing (None: it needs none); the
    #: legal-action search skips it for a player holding none, without asking its candidates
    hand_kinds: frozenset[str] | None = None

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
    p = s.player(a.player)
    if not (isinstance(cid, str) and cid in p.hand):
        if isinstance(cid, str) and cid in p.in_play():
            raise IllegalAction(
                "play.no_return",
                "{card} is in {player}'s play: cards in play never go back to the hand "
                "(they leave by discarding, selling or trading).",
                card=CardName(cid, cid),
                player=a.player,
            )
        if not isinstance(cid, str):
            raise IllegalAction("card.effect", "{player} names no card.", player=a.player)
        raise IllegalAction(
            "card.effect", "{player} has no card {card} in hand.", player=a.player, card=quoted(cid)
        )
    return cid


def owned(s: GameState, a: Action, key: str = "card", ability: str = "") -> str:
    """The card the action pays an ability's cost with: one of the player's, in hand or in play,
    that no plug-in forbids paying with (`ability`: the effect key of what is paid for)."""
    cid = a.params.get(key)
    p = s.player(a.player)
    if not (isinstance(cid, str) and (cid in p.hand or cid in p.in_play())):
        if not isinstance(cid, str):
            raise IllegalAction("ability.discard_cost", "{player} names no card.", player=a.player)
        raise IllegalAction(
            "ability.discard_cost",
            "{player} has no card {card} in hand or in play.",
            player=a.player,
            card=quoted(cid),
        )
    refusal = hooks.MAY_PAY.first(s, a.player, cid, ability)
    if refusal is not None:
        raise IllegalAction(*refusal)
    return cid


def target(s: GameState, a: Action, key: str = "target") -> str:
    name = a.params.get(key)
    if not (isinstance(name, str) and s.has_player(name)):
        if name is None:
            raise IllegalAction("card.effect", "{player} names no player.", player=a.player)
        raise IllegalAction("card.effect", "there is no player {target}.", target=repr(name))
    return name


def quoted(cid: object) -> str:
    """A card id as a refusal's field (a CardName), the English sentence quoting the id; anything
    else named where a card should be, quoted as it is."""
    return CardName(repr(cid), cid) if isinstance(cid, str) else repr(cid)


def in_the_fight(s: GameState, *names: str) -> str | None:
    """The first of `names` who fights or helps in the combat now, if any: such a player may not
    trade, give or receive items (000, Comercio: 'excepto cuando estás involucrado en un combate')."""
    c = s.combat
    if c is None:
        return None
    return next((n for n in names if n in (c.fighter, c.helper)), None)


#: The situations in which out-of-turn plays are open: anything but set-up, a pending answer and
#: the end of the game.
OPEN = ("turn", "combat", "help", "run", "escape")
