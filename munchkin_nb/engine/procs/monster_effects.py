"""What monsters do besides their level: on entering a combat, when declined, when killed by a tag.

The strength and reward effects (bonus, items_only, level_only, extra_treasures,
extra_level_*) are read in combat.py; running away (run_away, auto_escape,
cannot_be_outrun, wont_pursue, escape_by_discarding_tag) in moves/combat.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.actions import Action, IllegalAction, require
from ..core.builder import Builder
from ..core.registry import handles
from ..core.state import GameState
from ..moves.base import Move, act, move
from ..query.cardinfo import card, effect, effects, holds
from .flow import advance, apply_steps, discard, draw, open_window


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
            b.emit(
                "DecisionRequired",
                {
                    "player": fighter,
                    "kind": "trade_treasures",
                    "source": monster,
                    "most": int(e["trade_treasures"]),
                    "then": [],
                },
                ["card.effect"],
            )
            return


def _treasures_in_hand(s: GameState, player: str) -> list[str]:
    return [c for c in s.player(player).hand if card(s, c).deck == "treasure"]


@move
class TradeTreasures(Move):
    """Discard up to N treasure cards from hand and draw as many face down (or none)."""

    name = "trade_treasures"
    when = ("pending:trade_treasures",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player, cards=[])
        have = _treasures_in_hand(s, player)[: s.pending[0]["most"]]
        if have:
            yield act(self.name, player, cards=have)

    def check(self, s: GameState, a: Action) -> None:
        cards = a.params.get("cards", [])
        require(
            isinstance(cards, list)
            and len(cards) <= s.pending[0]["most"]
            and len(set(cards)) == len(cards)
            and all(c in _treasures_in_hand(s, a.player) for c in cards),
            "card.effect",
            f"discard at most {s.pending[0]['most']} treasure cards from your hand.",
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": "trade_treasures"}, ["card.effect"])
        for cid in a.params.get("cards", []):
            discard(b, a.player, cid, "traded", ["card.effect"])
        for _ in a.params.get("cards", []):
            draw(b, a.player, "treasure", "down", "trade", ["card.effect"])
        advance(b)


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


@move
class DeclineFight(Move):
    """A monster that will not pursue a player of that level: the fighter declines it; nobody gains."""

    name = "decline_fight"
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        c = s.fight
        if player == c.fighter and not c.helper:
            for m in c.monsters:
                if wont_pursue(s, player, m["card"]):
                    yield act(self.name, player, monster=m["card"])

    def check(self, s: GameState, a: Action) -> None:
        c = s.fight
        require(
            a.player == c.fighter and not c.helper,
            "card.effect",
            "only the fighter, fighting alone, may decline.",
        )
        m = a.params.get("monster")
        in_combat: list[str] = [x["card"] for x in c.monsters]
        if not (m in in_combat and wont_pursue(s, a.player, m)):
            raise IllegalAction("card.effect", f"{m!r} does not let {a.player} go.")

    def run(self, b: Builder, a: Action) -> None:
        b.emit(
            "MonsterRemoved",
            {"monster": a.params["monster"], "reason": "will not pursue", "treasures": 0},
            ["card.effect"],
        )
        if b.s.fight.monsters:
            open_window(b, a.player)
        else:
            from .flow import end_combat

            end_combat(b, "declined")
        advance(b)


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
