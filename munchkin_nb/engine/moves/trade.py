"""Trading items in play between two players: one offers, the other accepts or declines."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action, IllegalAction, require
from ..core.builder import Builder
from ..core.decisions import TradeOfferDecision, waiting
from ..core.state import GameState
from ..procs.flow import advance, give
from ..query.items import check_entry, entry_refusal
from ..query.ruleset import ruleset_of
from .base import OPEN, Move, act, in_the_fight, move, target


def _items(s: GameState, name: str) -> list[str]:
    p = s.player(name)
    return p.equipped + p.carried


def _fits(s: GameState, player: str, other: str, give: list[str], take: list[str]) -> bool:
    """Whether both tables stay within their limits after the trade."""
    return entry_refusal(s, other, give, take) is None and entry_refusal(s, player, take, give) is None


def _check_fits(s: GameState, player: str, other: str, give: list[str], take: list[str]) -> None:
    """000: 'Cualquier objeto que recibas en un intercambio se pondrá inmediatamente en juego', so
    a trade that takes either table over a limit (a second big item, say) is refused."""
    check_entry(s, other, give, take)
    check_entry(s, player, take, give)


def _fight_bars_trade(s: GameState) -> bool:
    """Whether the ruleset bars everyone, not only the fighter and helper, from trading in a fight."""
    return s.combat is not None and ruleset_of(s).no_trade_in_a_fight


def _swap(b: Builder, giver: str, taker: str, cards: list[str]) -> None:
    for cid in cards:
        give(
            b,
            {"from_player": giver, "to_player": taker, "card": cid, "reason": "trade", "to": "carried"},
            ["items.trade"],
        )


@move
class OfferTrade(Move):
    """Offer some of your items in play for some of another player's; they accept or decline."""

    name = "offer_trade"
    exact = True
    anytime = OPEN
    anytime_rule = "items.trade"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        mine = _items(s, player)
        if not mine or in_the_fight(s, player) or _fight_bars_trade(s):
            return
        for other in s.names():
            if other == player or s.player(other).dead or in_the_fight(s, other):
                continue
            theirs = _items(s, other)
            if mine and theirs and _fits(s, player, other, [mine[0]], [theirs[0]]):
                yield act(self.name, player, to=other, give=[mine[0]], take=[theirs[0]])

    def check(self, s: GameState, a: Action) -> None:
        other = target(s, a, "to")
        require(
            other != a.player and not s.player(other).dead,
            "death.no_cards",
            "{target} cannot trade now.",
            target=other,
        )
        busy = in_the_fight(s, a.player, other)
        require(not busy, "items.trade", "{busy} is in the combat: nobody trades while fighting.", busy=busy)
        require(not _fight_bars_trade(s), "items.trade", "a fight is on: nobody trades until it is over.")
        give, take = a.params.get("give"), a.params.get("take")
        if not (isinstance(give, list) and isinstance(take, list) and (give or take)):
            raise IllegalAction("items.trade", "a trade names the items given and taken.")
        require(
            all(c in _items(s, a.player) for c in give),
            "items.trade",
            "only items on the table can be traded, not cards in hand.",
        )
        require(
            all(c in _items(s, other) for c in take),
            "items.trade",
            "{target} does not have all those items on the table.",
            target=other,
        )
        _check_fits(s, a.player, other, give, take)

    def run(self, b: Builder, a: Action) -> None:
        offer: TradeOfferDecision = {
            "player": a.params["to"],
            "kind": "trade_offer",
            "from": a.player,
            "give": list(a.params["give"]),
            "take": list(a.params["take"]),
            "then": [],
        }
        b.emit("DecisionRequired", dict(offer), ["items.trade"])


@move
class AcceptTrade(Move):
    """Take the trade: the items change hands and go into play, not to be sold until your turn."""

    name = "accept_trade"
    when = ("pending:trade_offer",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        offer = waiting(s, TradeOfferDecision)
        require(
            all(c in _items(s, offer["from"]) for c in offer["give"])
            and all(c in _items(s, a.player) for c in offer["take"]),
            "items.trade",
            "the items of the offer are no longer on the table.",
        )
        _check_fits(s, offer["from"], a.player, offer["give"], offer["take"])

    def run(self, b: Builder, a: Action) -> None:
        offer = waiting(b.s, TradeOfferDecision).copy()
        b.emit("DecisionMade", {"player": a.player, "kind": "trade_offer"}, ["items.trade"])
        _swap(b, offer["from"], a.player, offer["give"])
        _swap(b, a.player, offer["from"], offer["take"])
        advance(b)


@move
class DeclineTrade(Move):
    """Refuse the trade."""

    name = "decline_trade"
    when = ("pending:trade_offer",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": "trade_offer", "declined": True}, ["items.trade"])
        advance(b)
