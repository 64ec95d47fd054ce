"""Decisions the engine waits for: what to lose, what to loot, whether to stop a curse."""

from __future__ import annotations

from .actions import require
from .builder import Builder
from .cardinfo import card
from .flow import advance, apply_steps, discard, discard_remains
from .moves_base import Move, act, move
from .moves_turn import apply_curse


def _done(b: Builder, player: str, kind: str) -> None:
    b.emit("DecisionMade", {"player": player, "kind": kind}, ["curse.victim_chooses"])


def _lootable(s, dead: str) -> list[str]:
    p = s.player(dead)
    return p.hand + p.equipped + p.carried + list(p.attachments)


@move
class ChooseLoss(Move):
    """The victim picks which card the curse or bad stuff takes."""

    name = "choose_loss"
    when = ("pending:lose_card",)

    def candidates(self, s, player):
        for cid in s.pending[0]["options"]:
            yield act(self.name, player, card=cid)

    def check(self, s, a):
        require(a.params.get("card") in s.pending[0]["options"], "curse.victim_chooses",
                f"choose one of: {', '.join(s.pending[0]['options'])}.")

    def run(self, b, a):
        pend = dict(b.s.pending[0])
        _done(b, a.player, "lose_card")
        discard(b, a.player, a.params["card"], f"lost to {card(b.s, pend['source']).name}", ["curse.victim_chooses"])
        rest = [c for c in pend["options"] if c != a.params["card"]]
        if pend["count"] > 1 and rest:
            b.emit("DecisionRequired", dict(pend, options=rest, count=pend["count"] - 1), ["curse.victim_chooses"])
        else:
            apply_steps(b, a.player, pend["then"], pend["source"])
        advance(b)


@move
class LootTheBody(Move):
    """Take one card from a dead character, highest level first."""

    name = "loot_the_body"
    when = ("pending:loot_the_body",)

    def candidates(self, s, player):
        for cid in _lootable(s, s.pending[0]["dead"]):
            yield act(self.name, player, card=cid)

    def check(self, s, a):
        require(a.params.get("card") in _lootable(s, s.pending[0]["dead"]), "death.loot_the_body",
                "take one of the dead character's cards.")

    def run(self, b, a):
        s = b.s
        dead = s.pending[0]["dead"]
        _done(b, a.player, "loot_the_body")
        b.emit("CardGiven", {"from_player": dead, "to_player": a.player, "card": a.params["card"],
                             "reason": "loot the body", "to": "hand"}, ["death.loot_the_body"])
        more = any(p["kind"] == "loot_the_body" and p["dead"] == dead for p in s.pending)
        if not more or not _lootable(s, dead):
            while s.pending and s.pending[0]["kind"] == "loot_the_body" and s.pending[0]["dead"] == dead:
                _done(b, s.pending[0]["player"], "loot_the_body")
            discard_remains(b, dead)
        advance(b)


@move
class TakeItem(Move):
    """Bad stuff lets each other player take an item from the victim."""

    name = "take_item"
    when = ("pending:take_item",)

    def candidates(self, s, player):
        v = s.player(s.pending[0]["from"])
        for cid in v.equipped + v.carried:
            yield act(self.name, player, card=cid)

    def check(self, s, a):
        v = s.player(s.pending[0]["from"])
        require(a.params.get("card") in v.equipped + v.carried, "run.bad_stuff", "take one of the victim's items in play.")

    def run(self, b, a):
        s = b.s
        victim = s.pending[0]["from"]
        _done(b, a.player, "take_item")
        b.emit("CardGiven", {"from_player": victim, "to_player": a.player, "card": a.params["card"],
                             "reason": "bad stuff", "to": "carried"}, ["run.bad_stuff"])
        v = s.player(victim)
        while s.pending and s.pending[0]["kind"] == "take_item" and not (v.equipped + v.carried):
            _done(b, s.pending[0]["player"], "take_item")
        advance(b)


@move
class CancelCurse(Move):
    """Stop a curse that is about to hit you with a card that cancels curses."""

    name = "cancel_curse"
    when = ("pending:curse_response",)

    def candidates(self, s, player):
        for cid in s.pending[0]["options"]:
            yield act(self.name, player, card=cid)

    def check(self, s, a):
        require(a.params.get("card") in s.pending[0]["options"], "card.effect", "that card cannot cancel the curse.")

    def run(self, b, a):
        pend = dict(b.s.pending[0])
        _done(b, a.player, "curse_response")
        discard(b, a.player, a.params["card"], "cancelled a curse", ["card.effect"])
        discard(b, pend["by"], pend["curse"], "cancelled", ["card.effect"])
        advance(b)


@move
class AcceptCurse(Move):
    """Let the curse take effect."""

    name = "accept_curse"
    when = ("pending:curse_response",)

    def candidates(self, s, player):
        yield act(self.name, player)

    def run(self, b, a):
        pend = dict(b.s.pending[0])
        _done(b, a.player, "curse_response")
        apply_curse(b, a.player, pend["curse"], pend["by"], ["curse.any"])
        advance(b)
