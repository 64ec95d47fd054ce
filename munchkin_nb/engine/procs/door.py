"""A monster or another card comes through the door: the combat it starts, or what the card does face up."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.builder import Builder
from ..core.cards import card
from ..query.items import ignores_drawn_curses
from .curses import curse_hits
from .effects import on_draw
from .flow import discard, open_window, phase
from .monster_effects import on_enter


def start_combat(b: Builder, player: str, monster: str, from_door: bool, rules: Iterable[str]) -> None:
    b.emit("CombatStarted", {"player": player, "monster": monster, "from_door": from_door}, rules)
    open_window(b, player)
    on_enter(b, monster)


def open_door(b: Builder, player: str, cid: str | None) -> None:
    """The door card is face up: fight a monster, suffer a curse, play an on-draw card, keep the rest."""
    s = b.s
    if cid is None:
        phase(b, "after_door", ["decks.reshuffle"])
        return
    c = card(s, cid)
    if c.kind == "monster":
        start_combat(b, player, cid, True, ["turn.kick_door"])
        return
    phase(b, "after_door", ["turn.kick_door"])
    if c.kind == "curse":
        if ignores_drawn_curses(s, player):
            discard(b, player, cid, "ignored", ["curse.door", "card.effect"])
            return
        curse_hits(b, player, cid, player, ["curse.door"])
    elif c.when == "on_draw":
        on_draw(b, player, cid)
