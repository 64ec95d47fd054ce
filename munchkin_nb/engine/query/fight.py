"""Questions about the fight in progress: who may help, which monster lets whom go, what helps a runner."""

from __future__ import annotations

from typing import Any

from ..core.cards import card, effect, effects
from ..core.registry import handles
from ..core.state import GameState
from .cardinfo import holds, item_usable
from .ruleset import ruleset_of


@handles("effect", "no_help")
def no_help(s: GameState) -> bool:
    return any(effect(card(s, m["card"]), "no_help") for m in s.fight.monsters)


@handles("effect", "double_strength")
def doubled(s: GameState) -> bool:
    """A fighter whose strength a one-shot doubled fights alone from then on (the Doppleganger)."""
    return any(mod.get("double") for mod in s.fight.modifiers)


def may_help(s: GameState, name: str) -> bool:
    """Alive, or dead since an earlier turn: the new character helps from the next turn on."""
    p = s.player(name)
    return not p.dead or p.died_on_turn + ruleset_of(s).dead_help_delay <= s.turn


@handles("effect", "compel_help")
def compels(s: GameState, fighter: str, helper: str) -> bool:
    """Kneepads of Allure: a higher-level player asked by its wearer must help, for nothing."""
    p = s.player(fighter)
    return s.player(helper).level > p.level and any(
        effect(card(s, c), "compel_help") and item_usable(s, p, c) for c in p.equipped
    )


def die_setters(s: GameState, name: str) -> list[str]:
    p = s.player(name)
    return [c for c in p.hand + p.carried if card(s, c).kind == "one_shot" and effect(card(s, c), "set_die")]


@handles("effect", "force_rerun")
def glue_pots(s: GameState, runner: str) -> list[tuple[str, str]]:
    """(holder, card) for every card in another player's hand that can make the runner roll again."""
    return [
        (q.name, c)
        for q in s.players
        if q.name != runner and not q.dead
        for c in q.hand
        if effect(card(s, c), "force_rerun")
    ]


@handles("effect", "wont_pursue")
def wont_pursue(s: GameState, player: str, monster: str) -> bool:
    """Whether this monster lets this player go (decline the fight, or escape it unrolled)."""
    p = s.player(player)
    for wp in effects(card(s, monster), "wont_pursue"):
        level: Any = wp if not isinstance(wp, dict) else wp.get("wont_pursue")  # card data: "any" or a level
        unless = wp.get("unless") if isinstance(wp, dict) else None
        if (level == "any" or p.level <= int(level)) and not (unless and holds(s, p, unless)):
            return True
    return False
