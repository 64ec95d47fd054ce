"""A curse reaches its victim: a module may answer it, a card may cancel it, else it acts or stays in play."""

from __future__ import annotations

from collections.abc import Iterable

from .. import hooks
from ..core.builder import Builder
from ..core.cards import card, effect
from ..core.decisions import CurseResponseDecision
from ..core.registry import handles
from .flow import discard
from .steps import apply_steps


def curse_hits(b: Builder, victim: str, cid: str, by: str, rules: Iterable[str]) -> None:
    """A curse reaches its victim: a module may answer it first, then `curse_lands`."""
    if hooks.CURSE_HITS.any(b, victim, cid, by, rules):
        return
    curse_lands(b, victim, cid, by, rules)


@handles("effect", "cancel_curse")
def curse_lands(b: Builder, victim: str, cid: str, by: str, rules: Iterable[str]) -> None:
    """The curse is on its victim: a Wishing Ring may stop it, else it acts or stays."""
    s = b.s
    p = s.player(victim)
    savers = [x for x in p.hand + p.equipped + p.carried if effect(card(s, x), "cancel_curse")]
    if savers:
        response: CurseResponseDecision = {
            "player": victim,
            "kind": "curse_response",
            "curse": cid,
            "by": by,
            "options": savers,
            "then": [],
        }
        b.emit("DecisionRequired", dict(response), ["card.effect"])
        return
    apply_curse(b, victim, cid, by, rules)


def apply_curse(b: Builder, victim: str, cid: str, by: str, rules: Iterable[str]) -> None:
    s = b.s
    c = card(s, cid)
    b.emit("CurseApplied", {"player": victim, "card": cid, "by": by}, list(rules))
    if c.persistent:
        b.emit(
            "CardPlayed", {"player": by, "card": cid, "into": "curses", "owner": victim}, ["curse.persistent"]
        )
        steps = [e for e in c.effects if not isinstance(e, dict) or "persistent" not in e]
        if steps:
            apply_steps(b, victim, steps, cid)
        return
    discard(b, by, cid, "curse played", ["curse.any"])
    apply_steps(b, victim, list(c.effects), cid)
