"""Cards put on the table from a hand, and items sold for levels."""

from __future__ import annotations

from collections.abc import Iterable

from .. import hooks
from ..core.builder import Builder
from ..core.cards import card
from ..core.state import GameState
from ..query.cardinfo import abilities
from ..query.items import IDENTITY, fits, sale_value
from ..query.ruleset import rs
from .flow import change_level, discard


def place(b: Builder, name: str, cid: str, rules: Iterable[str] = ("turn.before_door",)) -> None:
    """Put a race, class or item from hand onto the table."""
    s = b.s
    c = card(s, cid)
    if c.kind in ("race", "class", "half_breed", "super_munchkin"):
        into = {"race": "races", "class": "classes"}.get(c.kind, c.kind)
        b.emit(
            "CardPlayed",
            {"player": name, "card": cid, "into": into},
            list(rules) + [_identity_rule(s, cid)],
        )
    elif c.kind == "one_shot":  # kept on the table for later, never counting (combat.one_shot)
        b.emit(
            "CardPlayed", {"player": name, "card": cid, "into": "carried"}, list(rules) + ["combat.one_shot"]
        )
    else:
        into = "equipped" if fits(s, name, cid) else "carried"
        b.emit(
            "CardPlayed",
            {"player": name, "card": cid, "into": into},
            list(rules) + ["items.slots", "items.restrictions"],
        )


def _identity_rule(s: GameState, cid: str) -> str:
    """The rule a race, class, Half-Breed or Super Munchkin card follows as it goes on the table."""
    kind = card(s, cid).kind
    if kind in IDENTITY:
        return IDENTITY[kind][1]
    return hooks.CHEAT_RULE.first(s, cid) or "cheat.super_munchkin"


def sell(b: Builder, player: str, cards: list[str], rules: Iterable[str] = ("items.sell",)) -> None:
    """Sell the cards: a level for each full 1,000 gold (no change given), never the winning level."""
    s = b.s
    p = s.player(player)
    value = sale_value(s, player, cards)
    doubled = bool(abilities(s, p, "double_sell")) and not p.sold_double
    b.emit("ItemsSold", {"player": player, "cards": cards, "value": value, "doubled": doubled}, rules)
    for cid in cards:
        discard(b, player, cid, "sold", rules)
    change_level(b, player, value // rs(b).sell_per_level, "sold items", rules=rules)
