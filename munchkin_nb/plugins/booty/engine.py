"""What Munchkin Booty changes in the engine: its hooks, its one step, and its two moves."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from munchkin_nb.engine.kit import (
    AFTER_ACTION,
    CHEAT_RULE,
    MAY_PAY,
    OPEN,
    Action,
    Builder,
    CardParams,
    Ctx,
    Discarded,
    GameState,
    Given,
    Move,
    act,
    advance,
    card,
    check_identity,
    discard,
    effects,
    in_hand,
    move,
    name_of,
    nothing,
    offer_received,
    params,
    payload,
    place,
    playable_on_table,
    require,
    step,
)

from . import NAME


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


@CHEAT_RULE.register(NAME)
def bilingual_rule(s: GameState, cid: str) -> str | None:
    """Bilingual follows its own rule, not Super Munchkin's."""
    return "booty.bilingual" if card(s, cid).kind == "half_breed" else None


# -- a class pays for its ability with other cards, never with itself -----------------------------
@MAY_PAY.register(NAME)
def not_its_own_card(s: GameState, player: str, cid: str, ability: str) -> tuple[str, str] | None:
    c = card(s, cid)
    if ability and cid in s.player(player).in_play() and effects(c, ability):
        return "booty.discard_cost", f"{c.name} cannot pay for its own ability."
    return None


@AFTER_ACTION.register(NAME)
def settle(b: Builder, a: Action) -> None:
    """After each action: cheats whose class or accent is gone go; received cards may be laid out."""
    _settle_cheats(b)
    offer_received(b)


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
