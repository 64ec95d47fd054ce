"""The big item kept by who stops being a dwarf (000, Objetos): the choice, and where the rest go.

Who stops being a dwarf keeps one big item of their choice; the rest are sold on their own turn,
else given to the lowest-level player(s) who can carry them, else discarded. The choice is a
pending decision; what follows it is automatic and recorded."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action, require
from ..core.builder import Builder
from ..core.decisions import KeepBigItemDecision, waiting
from ..core.state import GameState
from ..procs.flow import advance, discard, give
from ..procs.table import sell
from ..query.items import big_item_allowed, big_item_limit, big_items
from .base import Move, act, move

RULE = "items.big_after_dwarf"


def may_sell(s: GameState, name: str) -> bool:
    """000: 'Si estás en tu turno puedes venderlos' (a sale is never made in a combat)."""
    return s.active.name == name and s.combat is None


@move
class KeepBigItem(Move):
    """Choose the big item to keep; the others are sold (on your own turn, if you say so) or go."""

    name = "keep_big_item"
    when = ("pending:keep_big_item",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        sale = (True, False) if may_sell(s, player) else (False,)
        for cid in big_items(s, player):
            for choice in sale:
                yield act(self.name, player, card=cid, sell=choice)

    def check(self, s: GameState, a: Action) -> None:
        require(
            a.params.get("card") in big_items(s, a.player),
            RULE,
            f"keep one of {a.player}'s big items in play: {', '.join(big_items(s, a.player))}.",
        )
        require(
            not a.params.get("sell") or may_sell(s, a.player),
            "items.sell",
            "the other big items are sold only on your own turn, outside a combat.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        pend = waiting(s, KeepBigItemDecision).copy()
        b.emit("DecisionMade", {"player": a.player, "kind": "keep_big_item"}, [RULE])
        kept = list(pend.get("kept", [])) + [a.params["card"]]
        rest = [c for c in big_items(s, a.player) if c not in kept]
        if len(kept) < big_item_limit(s, a.player) and len(rest) > 0:
            b.emit("DecisionRequired", dict(pend, kept=kept, options=rest), [RULE])
            return
        if a.params.get("sell"):
            sell(b, a.player, rest, (RULE, "items.sell"))
        else:
            for cid in rest:
                hand_over(b, a.player, cid)
        advance(b)


def hand_over(b: Builder, giver: str, cid: str) -> None:
    """Give a big item to the lowest-level player able to carry it (from the giver's left); none: discard."""
    s = b.s
    able = [n for n in s.order_from(giver)[1:] if not s.player(n).dead and big_item_allowed(s, n, cid)]
    if not able:
        discard(b, giver, cid, "no one can carry it", [RULE])
        return
    low = min(s.player(n).level for n in able)
    to = next(n for n in able if s.player(n).level == low)
    give(
        b,
        {"from_player": giver, "to_player": to, "card": cid, "reason": "big item", "to": "carried"},
        [RULE],
    )
