"""What monsters do besides their level: on entering a combat, and when killed by a tag.

The strength and reward effects (bonus, items_only, level_only, extra_treasures,
extra_level_*) are read in query/combat.py; whether one lets a player go (wont_pursue) in
query/fight.py; running away (run_away, auto_escape, cannot_be_outrun, escape_by_discarding_tag)
in moves/combat.py and procs/running.py; the moves a monster offers in moves/monsters.py.
"""

from __future__ import annotations

from ..core.builder import Builder
from ..core.cards import card, effect, effects
from ..core.decisions import TradeTreasuresDecision
from ..core.registry import handles
from ..query.cardinfo import holds
from .steps import apply_steps


def on_enter(b: Builder, monster: str) -> None:
    """A monster has just joined the combat (from the door, from a hand, as a wanderer)."""
    trade_treasures(b, monster)
    if b.s.combat and any(m["card"] == monster for m in b.s.fight.monsters):
        reveal(b, monster)


@handles("effect", "on_reveal")
def reveal(b: Builder, monster: str) -> None:
    steps = effect(card(b.s, monster), "on_reveal")
    if steps:
        apply_steps(b, b.s.fight.fighter, list(steps), monster)


@handles("effect", "trade_treasures")
def trade_treasures(b: Builder, monster: str) -> None:
    """It does not fight a fighter of that kind, who may swap treasures from hand for new ones."""
    fighter = b.s.fight.fighter
    for e in effects(card(b.s, monster), "trade_treasures"):
        if isinstance(e, dict) and holds(b.s, b.s.player(fighter), e.get("for")):
            b.emit(
                "MonsterRemoved",
                {"monster": monster, "reason": "will not fight", "treasures": 0},
                ["combat.defeat_without_kill", "card.effect"],
            )
            trade: TradeTreasuresDecision = {
                "player": fighter,
                "kind": "trade_treasures",
                "source": monster,
                "most": int(e["trade_treasures"]),
                "then": [],
            }
            b.emit("DecisionRequired", dict(trade), ["card.effect"])
            return


@handles("effect", "killed_by_tag")
def killed_by_tags(b: Builder, tags: list[str]) -> None:
    """A one-shot with the right tag kills such a monster at once; its levels and treasures are
    paid with the rest when the combat is won (000, rule 3: no rewards in mid-combat)."""
    c = b.s.fight
    for m in list(c.monsters):
        mc = card(b.s, m["card"])
        tag = effect(mc, "killed_by_tag")
        if tag and tag in tags:
            n = 1 + len(m.get("mates", []))
            b.emit(
                "MonsterRemoved",
                {
                    "monster": m["card"],
                    "reason": "killed",
                    "treasures": (mc.treasures or 0) * n,
                    "levels": (mc.levels or 1) * n,
                    "kills": n,
                },
                ["combat.win", "combat.rewards_after", "card.effect"],
            )
