"""What Munchkin Booty changes in the engine: its hooks, its one step, and its three moves."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from munchkin_nb.engine.kit import (
    AFTER_ACTION,
    OPEN,
    Action,
    Builder,
    CardParams,
    Ctx,
    Discarded,
    Drawn,
    GameState,
    Given,
    Move,
    act,
    advance,
    card,
    check_identity,
    discard,
    in_hand,
    move,
    name_of,
    nothing,
    params,
    payload,
    place,
    playable_on_table,
    require,
    step,
)

from . import NAME

RECEIVED = "received"  # the pending decision: lay out what you just received, or keep it


# -- Super Munchkin and Bilingual go with what they stand on ----------------------------------
def _lost_a_class(b: Builder, name: str) -> bool:
    """Whether this action's events took a class card away from `name`."""
    for e in b.events:
        if e.type == "CardDiscarded":
            left, cid = payload(e, Discarded).player, payload(e, Discarded).card
        elif e.type == "CardGiven":
            left, cid = payload(e, Given).from_player, payload(e, Given).card
        else:
            continue
        if left == name and card(b.s, cid).kind == "class":
            return True
    return False


def _settle_cheats(b: Builder) -> None:
    for p in b.s.players:
        if p.super_munchkin and (not p.classes or _lost_a_class(b, p.name)):
            discard(b, p.name, p.super_munchkin, "a class was lost", ["booty.super_munchkin_lost"])
        if p.half_breed and not p.races:
            discard(b, p.name, p.half_breed, "no accent left", ["booty.bilingual_lost"])


# -- cards received out of your own turn may be laid out at that moment --------------------------
def _received(b: Builder) -> dict[str, list[str]]:
    """Cards this action put into the hand of a player whose turn it is not, still in hand."""
    s = b.s
    got: dict[str, list[str]] = {}
    for e in b.events:
        if e.type == "CardDrawn" and payload(e, Drawn).reason != "new_character":
            who, cid = payload(e, Drawn).player, payload(e, Drawn).card
        elif e.type == "CardGiven" and payload(e, Given).to == "hand":
            who, cid = payload(e, Given).to_player, payload(e, Given).card
        else:
            continue
        if who is not None and who != s.active.name and cid in s.player(who).hand:
            got.setdefault(who, []).append(cid)
    return got


def _layable(s: GameState, player: str, cards: Iterable[str]) -> list[str]:
    p = s.player(player)
    return [c for c in cards if c in p.hand and playable_on_table(s, player, c)]


def _offer(b: Builder, player: str, cards: list[str]) -> None:
    layable = _layable(b.s, player, cards)
    if layable and not b.s.player(player).dead:
        b.emit(
            "DecisionRequired",
            {"player": player, "kind": RECEIVED, "cards": layable, "then": []},
            ["booty.received"],
        )


@AFTER_ACTION.register(NAME)
def settle(b: Builder, a: Action) -> None:
    """After each action: cheats whose class or accent is gone go; received cards may be laid out."""
    _settle_cheats(b)
    if b.s.phase == "setup" or b.s.winners:
        return
    for player, cards in _received(b).items():
        _offer(b, player, cards)


@move
class LayOutReceived(Move):
    """Lay out one card you have just received, out of your own turn (Booty)."""

    name = "lay_out_received"
    exact = True
    when = (f"pending:{RECEIVED}",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in _layable(s, player, s.pending[0]["cards"]):
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        require(cid in s.pending[0]["cards"], "booty.received", f"{cid} was not just received.")
        check_identity(s, a.player, cid)
        require(playable_on_table(s, a.player, cid), "booty.big", f"{cid} cannot be laid out now.")

    def run(self, b: Builder, a: Action) -> None:
        laid_out = params(a, CardParams).card
        rest = [c for c in b.s.pending[0]["cards"] if c != laid_out]
        b.emit("DecisionMade", {"player": a.player, "kind": RECEIVED}, ["booty.received"])
        place(b, a.player, laid_out, ("booty.received",))
        _offer(b, a.player, rest)  # the others, if they still fit
        advance(b)


@move
class KeepReceived(Move):
    """Keep the rest of what you just received in your hand."""

    name = "keep_received"
    exact = True
    when = (f"pending:{RECEIVED}",)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        yield act(self.name, player)

    def run(self, b: Builder, a: Action) -> None:
        b.emit("DecisionMade", {"player": a.player, "kind": RECEIVED, "kept": True}, ["booty.received"])
        advance(b)


# -- Super Munchkin, Bilingual and a second accent: at any time -------------------------------------
class _AnyTime(Move):
    """Play a card from hand out of turn, or in a fight, where Booty's rulebook says 'jederzeit'."""

    exact = True
    anytime = OPEN

    def allows(self, s: GameState, player: str, cid: str) -> bool:
        return False

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if s.ruleset != NAME or (player == s.active.name and s.combat is None):
            return  # on one's own turn outside a fight, play_card lays these out
        for cid in s.player(player).hand:
            if self.allows(s, player, cid) and playable_on_table(s, player, cid):
                yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        require(s.ruleset == NAME, "turn.own_turn_only", "only on your own turn.")
        require(
            self.allows(s, a.player, cid),
            self.anytime_rule,
            f"{card(s, cid).name} needs its class or accent (or Bilingual) in play first.",
        )
        check_identity(s, a.player, cid)

    def rule_for(self, s: GameState, cid: str) -> str:
        return self.anytime_rule

    def run(self, b: Builder, a: Action) -> None:
        cid = params(a, CardParams).card
        place(b, a.player, cid, (self.rule_for(b.s, cid),))
        advance(b)


@move
class PlaySuperMunchkin(_AnyTime):
    """Super Munchkin, at any time, to a player with a class."""

    name = "play_super_munchkin"
    anytime_rule = "booty.super_munchkin"

    def allows(self, s: GameState, player: str, cid: str) -> bool:
        return card(s, cid).kind == "super_munchkin" and bool(s.player(player).classes)


@move
class PlayBilingual(_AnyTime):
    """Bilingual, at any time, to a player with an accent; with it out, a second accent too."""

    name = "play_bilingual"
    anytime_rule = "booty.bilingual"

    def allows(self, s: GameState, player: str, cid: str) -> bool:
        kind = card(s, cid).kind
        if kind == "half_breed":
            return bool(s.player(player).races)
        return kind == "race" and s.player(player).half_breed is not None

    def rule_for(self, s: GameState, cid: str) -> str:
        return "booty.bilingual" if card(s, cid).kind == "half_breed" else "booty.bilingual_second_accent"


# -- the one new step: worn items into the backpack ----------------------------------------------
@step("into_the_backpack")
def into_the_backpack(b: Builder, ctx: Ctx, arg: Any, st: Any) -> None:
    """Every item the victim wears turns sideways, into the backpack (it stays in play)."""
    worn = list(b.s.player(ctx.victim).equipped)
    if not worn:
        nothing(b, ctx, "into_the_backpack")
        return
    for cid in worn:
        b.emit(
            "ItemEquipped",
            {"player": ctx.victim, "card": cid, "equipped": False, "reason": name_of(b, ctx.source)},
            ["booty.into_the_backpack", "booty.backpack"],
        )
