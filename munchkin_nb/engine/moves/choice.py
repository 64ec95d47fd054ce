"""Decisions the engine waits for: what to lose, what to loot, whether to stop a curse."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action, require
from ..core.builder import Builder
from ..core.cards import card
from ..core.decisions import (
    ChooseStepsDecision,
    CurseResponseDecision,
    LootTheBodyDecision,
    LoseCardDecision,
    TakeItemDecision,
    waiting,
)
from ..core.state import GameState
from ..procs.curses import apply_curse
from ..procs.flow import advance, discard, end_looting, give, reopen_if_fighting
from ..procs.steps import resume, steps_rule
from ..query.cardinfo import gold
from ..query.items import entry_refusal
from .base import Move, act, move


def _done(b: Builder, player: str, kind: str) -> None:
    b.emit("DecisionMade", {"player": player, "kind": kind}, ["curse.victim_chooses"])


def _lootable(s: GameState, dead: str) -> list[str]:
    p = s.player(dead)
    return p.hand + p.equipped + p.carried + list(p.attachments)


def _holds(s: GameState, player: str) -> list[str]:
    p = s.player(player)
    return p.hand + p.equipped + p.carried + p.races + p.classes


def _loss_options(s: GameState, player: str) -> list[str]:
    have = set(_holds(s, player))
    return [c for c in waiting(s, LoseCardDecision)["options"] if c in have]


@move
class ChooseLoss(Move):
    """The player picks which card the curse or bad stuff takes."""

    name = "choose_loss"
    when = ("pending:lose_card",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        opts = _loss_options(s, player)
        for cid in opts:
            yield act(self.name, player, card=cid)
        if not opts:
            yield act(self.name, player, card=None)

    def check(self, s: GameState, a: Action) -> None:
        opts = _loss_options(s, a.player)
        require(
            a.params.get("card") in opts or (not opts and a.params.get("card") is None),
            "curse.victim_chooses",
            f"choose one of: {', '.join(opts)}.",
        )

    def run(self, b: Builder, a: Action) -> None:
        pend = waiting(b.s, LoseCardDecision).copy()
        _done(b, a.player, "lose_card")
        cid = a.params.get("card")
        own = pend.get("victim", a.player) == a.player
        if cid is not None:
            discard(b, a.player, cid, f"lost to {card(b.s, pend['source']).name}", ["curse.victim_chooses"])
            if own:
                pend["lost"] = (pend.get("lost") or 0) + gold(b.s, cid)
        have = set(_holds(b.s, a.player))
        rest = [c for c in pend["options"] if c != cid and c in have] if cid is not None else []
        worth = pend.get("worth")
        if worth is not None and cid is not None:
            worth -= gold(b.s, cid)
        more = worth > 0 if worth is not None else pend["count"] > 1
        if more and rest:
            b.emit(
                "DecisionRequired",
                dict(pend, options=rest, count=pend["count"] - 1, worth=worth),
                ["curse.victim_chooses"],
            )
        else:
            resume(b, pend)
        advance(b)


@move
class ChooseSteps(Move):
    """The victim picks which of the bad stuff's lists to suffer."""

    name = "choose_steps"
    when = ("pending:choose_steps",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for i in range(len(waiting(s, ChooseStepsDecision)["options"])):
            yield act(self.name, player, option=i)

    def check(self, s: GameState, a: Action) -> None:
        i = a.params.get("option")
        options = waiting(s, ChooseStepsDecision)["options"]
        require(
            isinstance(i, int) and 0 <= i < len(options),
            "curse.victim_chooses",
            f"choose an option from 0 to {len(options) - 1}.",
        )

    def run(self, b: Builder, a: Action) -> None:
        pend = waiting(b.s, ChooseStepsDecision).copy()
        _done(b, a.player, "choose_steps")
        resume(b, dict(pend, then=list(pend["options"][a.params["option"]]) + list(pend["then"])))
        advance(b)


@move
class LootTheBody(Move):
    """Take one card from a dead character, highest level first."""

    name = "loot_the_body"
    when = ("pending:loot_the_body",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in _lootable(s, waiting(s, LootTheBodyDecision)["dead"]):
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(
            a.params.get("card") in _lootable(s, waiting(s, LootTheBodyDecision)["dead"]),
            "death.loot_the_body",
            "take one of the dead character's cards.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        dead = waiting(s, LootTheBodyDecision)["dead"]
        _done(b, a.player, "loot_the_body")
        give(
            b,
            {
                "from_player": dead,
                "to_player": a.player,
                "card": a.params["card"],
                "reason": "loot the body",
                "to": "hand",
            },
            ["death.loot_the_body"],
        )
        more = any(p["kind"] == "loot_the_body" and p["dead"] == dead for p in s.pending)
        if not more or not _lootable(s, dead):
            end_looting(b, dead, ["curse.victim_chooses"])  # the rule `_done` records
        else:
            advance(b)


def _victim_zone(s: GameState, pend: TakeItemDecision) -> list[str]:
    v = s.player(pend["from"])
    return list(v.hand) if pend.get("zone") == "hand" else v.equipped + v.carried


@move
class TakeItem(Move):
    """Bad stuff lets other players pick the victim's items (or hand cards), to take or to discard."""

    name = "take_item"
    when = ("pending:take_item",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in _victim_zone(s, waiting(s, TakeItemDecision)):
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(
            a.params.get("card") in _victim_zone(s, waiting(s, TakeItemDecision)),
            "run.bad_stuff",
            "pick one of the victim's cards.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        pend = waiting(s, TakeItemDecision).copy()
        victim = pend["from"]
        _done(b, a.player, "take_item")
        if pend.get("do", "take") == "discard":
            rule = steps_rule(s, pend["source"])
            discard(b, a.player, a.params["card"], f"{card(s, pend['source']).name}", [rule])
        else:
            zone = "hand" if pend.get("zone") == "hand" else "carried"
            rules = ["run.bad_stuff"]
            over = entry_refusal(s, a.player, [a.params["card"]]) if zone == "carried" else None
            if over is not None:  # no room on the taker's table (a second big item): into the hand
                zone, rules = "hand", [*rules, over[0]]
            give(
                b,
                {
                    "from_player": victim,
                    "to_player": a.player,
                    "card": a.params["card"],
                    "reason": "bad stuff",
                    "to": zone,
                },
                rules,
            )
        batch = pend.get("batch")
        if not _victim_zone(s, pend):
            # nothing left to pick: the rest of this batch is skipped, its steps go on
            while s.pending and s.pending[0]["kind"] == "take_item" and s.pending[0].get("batch") == batch:
                pend = waiting(s, TakeItemDecision).copy()
                _done(b, pend["player"], "take_item")
        if not (s.pending and s.pending[0].get("batch") == batch and batch):
            resume(b, pend)
        advance(b)


@move
class CancelCurse(Move):
    """Stop a curse that is about to hit you with a card that cancels curses."""

    name = "cancel_curse"
    when = ("pending:curse_response",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in waiting(s, CurseResponseDecision)["options"]:
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(
            a.params.get("card") in waiting(s, CurseResponseDecision)["options"],
            "card.effect",
            "that card cannot cancel the curse.",
        )

    def run(self, b: Builder, a: Action) -> None:
        pend = waiting(b.s, CurseResponseDecision).copy()
        _done(b, a.player, "curse_response")
        discard(b, a.player, a.params["card"], "cancelled a curse", ["card.effect"])
        discard(b, pend["by"], pend["curse"], "cancelled", ["card.effect"])
        reopen_if_fighting(b, pend["by"])
        advance(b)


@move
class AcceptCurse(Move):
    """Let the curse take effect."""

    name = "accept_curse"
    when = ("pending:curse_response",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        pend = waiting(b.s, CurseResponseDecision).copy()
        _done(b, a.player, "curse_response")
        apply_curse(b, a.player, pend["curse"], pend["by"], ["curse.any"])
        reopen_if_fighting(b, pend["by"])
        advance(b)
