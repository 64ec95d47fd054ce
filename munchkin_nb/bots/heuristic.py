"""A bot that plays sensibly: equips, sells, asks for help when losing, bribes, runs when it must."""

from __future__ import annotations

import random

from munchkin_nb.engine import Action, GameState, breakdown
from munchkin_nb.engine.cardinfo import card

# preference of each action when nothing more specific applies (higher first)
ORDER = {
    "play_card": 90,
    "equip": 85,
    "sell": 80,
    "use_card": 40,
    "kick_door": 50,
    "look_for_trouble": 0,
    "loot_the_room": 30,
    "give_charity": 70,
    "end_turn": 10,
    "finish_setup": 5,
    "run_away": 50,
    "accept_roll": 1,
    "flight": 60,
    "reroll": 60,
    "escape_by_discarding": 70,
    "choose_loss": 10,
    "loot_the_body": 10,
    "take_item": 10,
    "cancel_curse": 60,
    "accept_curse": 1,
    "set_die": 65,
    "steal": 20,
    "resurrect": 0,
    "choose_steps": 5,
    "trade_treasures": 5,
    "force_rerun": 5,
    "let_escape": 1,
    "unequip": -10,
    "give_item": -10,
    "discard_card": -10,
    "offer_trade": -10,
    "accept_trade": -5,
    "decline_trade": 0,
}


class HeuristicBot:
    """Prefers moves that help itself and hinder the leader."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, s: GameState, legal: list[Action]) -> Action:
        me = legal[0].player
        by: dict[str, list[Action]] = {}
        for a in legal:
            by.setdefault(a.name, []).append(a)
        if s.combat and s.fight.stage == "fight" and ("pass" in by or "accept_help" in by):
            return self._combat(s, me, by, legal)
        if "look_for_trouble" in by:
            for a in by["look_for_trouble"]:
                if s.player(me).level + 3 > (card(s, a.params["card"]).level or 0):
                    return a
        if "choose_loss" in by or "loot_the_body" in by or "take_item" in by:
            opts = by.get("choose_loss") or by.get("loot_the_body") or by["take_item"]

            def worth(a: Action) -> int:
                return (card(s, a.params["card"]).gold or 0) if a.params.get("card") else 0

            return (min if "choose_loss" in by else max)(opts, key=worth)
        if "curse" in by and self.rng.random() < 0.5:
            leader = max((p for p in s.players if p.name != me), key=lambda p: p.level).name
            for a in by["curse"]:
                if a.params["target"] == leader:
                    return a
        if "go_up_a_level" in by:
            for a in by["go_up_a_level"]:
                if a.params["target"] == me:
                    return a
        best = max(legal, key=lambda a: ORDER.get(a.name, 0))
        return best

    def _combat(self, s: GameState, me: str, by: dict[str, list[Action]], legal: list[Action]) -> Action:
        c = s.fight
        bd = breakdown(s)
        mine = me == c.fighter or me == c.helper
        if "accept_help" in by:
            paid = c.offer.get("treasures") or c.offer.get("items")
            return by["accept_help"][0] if paid or "decline_help" not in by else by["decline_help"][0]
        if mine:
            if bd.players_win:
                return by["pass"][0]
            for name in ("berserk", "turning", "send_away", "decline_fight", "charm"):
                if name in by:
                    return by[name][0]
            for a in by.get("play_one_shot", []):
                if (
                    a.params.get("side") == "players"
                    and (card(s, a.params["card"]).bonus or 0) >= -bd.margin + 1
                ):
                    return a
            if "ask_for_help" in by:
                return max(by["ask_for_help"], key=lambda a: s.player(a.params["helper"]).level)
            for a in by.get("play_one_shot", []):
                if a.params.get("side") == "players":
                    return a
            return by["pass"][0]
        fighter = s.player(c.fighter)
        if bd.players_win and fighter.level >= 7:
            for name in ("play_enhancer", "wandering_monster"):
                if name in by:
                    return by[name][0]
            for a in by.get("play_one_shot", []):
                if a.params.get("side") == "monsters":
                    return a
        return by["pass"][0]
