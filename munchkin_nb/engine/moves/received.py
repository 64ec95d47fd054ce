"""Cards received out of one's own turn, laid out at that moment, where the ruleset says so.

A ruleset whose rulebook lets a card be played "as soon as you get it" names its rule in
`Ruleset.received_rule`; its `after_action` hook calls `offer_received`, which asks each player who
has just received cards out of their turn (won as a helper, given by charity, looted from a body)
whether to lay any out. The two answers are the moves below.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action, require
from ..core.builder import Builder
from ..core.state import GameState
from ..procs.flow import advance
from ..procs.table import place
from ..query.items import check_identity, playable_on_table
from ..query.ruleset import rs, ruleset_of
from .base import Move, act, in_hand, move

RECEIVED = "received"  # the pending decision: lay out what you just received, or keep it


def _received(b: Builder) -> dict[str, list[str]]:
    """Cards this action put into the hand of a player whose turn it is not, still in hand."""
    s = b.s
    got: dict[str, list[str]] = {}
    for e in b.events:
        if e.type == "CardDrawn" and e.payload.get("reason") != "new_character":
            who, cid = e.payload["player"], e.payload["card"]
        elif e.type == "CardGiven" and e.payload.get("to", "hand") == "hand":
            who, cid = e.payload["to_player"], e.payload["card"]
        else:
            continue
        if who != s.active.name and cid in s.player(who).hand:
            got.setdefault(who, []).append(cid)
    return got


def _layable(s: GameState, player: str, cards: Iterable[str]) -> list[str]:
    p = s.player(player)
    return [c for c in cards if c in p.hand and playable_on_table(s, player, c)]


def _offer(b: Builder, player: str, cards: list[str]) -> None:
    layable = _layable(b.s, player, cards)
    if layable and not b.s.player(player).dead:
        b.emit(
            "DecisionRequired",
            {"player": player, "kind": RECEIVED, "cards": layable, "then": []},
            [rs(b).received_rule],
        )


def offer_received(b: Builder) -> None:
    """After an action: each player it gave cards out of their turn may lay them out now (if the
    ruleset has a `received_rule`; never in the set-up or once the game is won)."""
    if not rs(b).received_rule or b.s.phase == "setup" or b.s.winners:
        return
    for player, cards in _received(b).items():
        _offer(b, player, cards)


@move
class LayOutReceived(Move):
    """Lay out one card you have just received, out of your own turn."""

    name = "lay_out_received"
    exact = True
    when = (f"pending:{RECEIVED}",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in _layable(s, player, s.pending[0]["cards"]):
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        rule = ruleset_of(s).received_rule
        require(cid in s.pending[0]["cards"], rule, f"{cid} was not just received.")
        check_identity(s, a.player, cid)
        require(playable_on_table(s, a.player, cid), "items.big", f"{cid} cannot be laid out now.")

    def run(self, b: Builder, a: Action) -> None:
        rule = rs(b).received_rule
        rest = [c for c in b.s.pending[0]["cards"] if c != a.params["card"]]
        b.emit("DecisionMade", {"player": a.player, "kind": RECEIVED}, [rule])
        place(b, a.player, a.params["card"], (rule,))
        _offer(b, a.player, rest)  # the others, if they still fit
        advance(b)


@move
class KeepReceived(Move):
    """Keep the rest of what you just received in your hand."""

    name = "keep_received"
    exact = True
    when = (f"pending:{RECEIVED}",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": RECEIVED, "kept": True}, [rs(b).received_rule])
        advance(b)
