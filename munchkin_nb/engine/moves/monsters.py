"""Moves a monster's own effect offers: trading treasures with it, declining a fight it will not pursue."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action, IllegalAction, require
from ..core.builder import Builder
from ..core.cards import card
from ..core.decisions import TradeTreasuresDecision, waiting
from ..core.state import GameState
from ..procs.flow import advance, discard, draw, end_combat, open_window
from ..query.fight import wont_pursue
from .base import Move, act, move, quoted


def _treasures_in_hand(s: GameState, player: str) -> list[str]:
    return [c for c in s.player(player).hand if card(s, c).deck == "treasure"]


@move
class TradeTreasures(Move):
    """Discard up to N treasure cards from hand and draw as many face down (or none)."""

    name = "trade_treasures"
    when = ("pending:trade_treasures",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player, cards=[])
        have = _treasures_in_hand(s, player)[: waiting(s, TradeTreasuresDecision)["most"]]
        if have:
            yield act(self.name, player, cards=have)

    def check(self, s: GameState, a: Action) -> None:
        cards = a.params.get("cards", [])
        most = waiting(s, TradeTreasuresDecision)["most"]
        require(
            isinstance(cards, list)
            and len(cards) <= most
            and len(set(cards)) == len(cards)
            and all(c in _treasures_in_hand(s, a.player) for c in cards),
            "card.effect",
            f"discard at most {most} treasure cards from your hand.",
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": "trade_treasures"}, ["card.effect"])
        for cid in a.params.get("cards", []):
            discard(b, a.player, cid, "traded", ["card.effect"])
        for _ in a.params.get("cards", []):
            draw(b, a.player, "treasure", "down", "trade", ["card.effect"])
        advance(b)


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
            raise IllegalAction(
                "card.effect",
                "{monster} does not let {player} go.",
                monster=quoted(m),
                player=a.player,
            )

    def run(self, b: Builder, a: Action) -> None:
        b.emit(
            "MonsterRemoved",
            {"monster": a.params["monster"], "reason": "will not pursue", "treasures": 0},
            ["card.effect"],
        )
        if b.s.fight.monsters:
            open_window(b, a.player)
        else:
            end_combat(b, "declined")
        advance(b)
