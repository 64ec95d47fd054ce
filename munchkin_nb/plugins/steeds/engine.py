"""What the steeds module does in the engine: mounting, the run-away modifier, dismounting, enhancers,
and fighting a steed drawn face up as a monster.

The steed's bonus counts as any equipped item's does (the core's `counting_items`, slot none). The
enhancers on it follow the hirelings module's rule and arithmetic, which 000 says steeds share.
A second steed comes in with a Cheat! on it (in its rider's `attachments`, so that it leaves with
the steed, the core's `detach`); a steed enhancer (an item that improves steeds) sits there too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from munchkin_nb.engine.kit import (
    AFTER_ACTION,
    BIG_EXEMPT,
    HOLD_LIMITS,
    MAY_ATTACH,
    PLAYER_TERMS,
    RUN_AWAY_OWN,
    Action,
    Builder,
    CardParams,
    Combat,
    Drawn,
    Enhance,
    GameState,
    Move,
    Player,
    Term,
    act,
    card,
    cheated,
    check_cheat,
    counting_items,
    discard,
    effects,
    enhancer_levels,
    handles,
    in_hand,
    items_ignored,
    level_only,
    move,
    params,
    parse,
    payload,
    play_cheat,
    require,
    start_combat,
    unrolled,
    with_cheat,
)

from . import NAME

DRAWN = "steeds.drawn"  # mark: the steed the active player has just drawn face up, [turn, card]
GEAR = "steed_enhancer"  # the kind of the items that improve steeds


def steeds_of(s: GameState, p: Player) -> list[str]:
    """The steeds `p` has in play (more than one only with a Cheat!)."""
    return [c for c in p.equipped + p.carried if card(s, c).kind == "steed"]


def steed_of(s: GameState, p: Player) -> str | None:
    """The steed `p` rides, if any (the first, when a Cheat! lets them have two)."""
    return next(iter(steeds_of(s, p)), None)


def counted_steeds(s: GameState, p: Player) -> list[str]:
    """The steeds of `p` that the one-steed limit counts: those without a Cheat! on them."""
    return [c for c in steeds_of(s, p) if not cheated(s, p, c)]


@HOLD_LIMITS.register(NAME)
def one_steed(s: GameState, name: str) -> list[tuple[str, str]]:
    """000: 'No se puede tener más de una montura, a no ser que se esté usando una carta de ¡Eso es
    trampa!': broken by two steeds in play without a Cheat! on the second, however they came."""
    if len(counted_steeds(s, s.player(name))) > 1:
        return [("steeds.one", f"{name} may have one steed in play (a second needs a Cheat! on it).")]
    return []


@BIG_EXEMPT.register(NAME)
def outside_the_limit(s: GameState, cid: str) -> bool:
    """A steed is big, but the big-item limit does not count it."""
    return card(s, cid).kind == "steed"


@handles("effect", "steed_run_away")
def steed_run_away(s: GameState, cid: str) -> int | None:
    """The steed's own run-away modifier, if it has one."""
    got = [int(v) for v in effects(card(s, cid), "steed_run_away") if isinstance(v, int)]
    return sum(got) if got else None


@RUN_AWAY_OWN.register(NAME)
def rider_runs(s: GameState, name: str) -> int | None:
    """A steed with a run-away modifier gives it to its rider instead of their own."""
    mods = [m for m in (steed_run_away(s, c) for c in steeds_of(s, s.player(name))) if m is not None]
    return sum(mods) if mods else None  # two steeds (a Cheat!): both modifiers, instead of yours


@PLAYER_TERMS.register(NAME)
def steed_enhancers(s: GameState, name: str, c: Combat) -> list[Term]:
    """The levels the monster enhancers on a steed give its rider in every fight."""
    p = s.player(name)
    out = []
    for cid in steeds_of(s, p):
        levels = enhancer_levels(s, p, cid)
        if levels:
            out.append(
                Term("players", f"enhancers on {card(s, cid).name}", levels, cid, "steeds.enhancers", name)
            )
    return out


@handles("effect", "steed_bonus")
def steed_bonus(s: GameState, cid: str) -> int:
    """What a steed enhancer adds to the steed it sits on."""
    return sum(int(v) for v in effects(card(s, cid), "steed_bonus") if isinstance(v, int))


@PLAYER_TERMS.register(NAME)
def steed_gear(s: GameState, name: str, c: Combat) -> list[Term]:
    """Each steed enhancer's bonus, while the steed it sits on counts as an item does."""
    p = s.player(name)
    if level_only(s, c) or items_ignored(s, p) or not p.attachments:
        return []
    counting = counting_items(s, p)
    out = []
    for att, on in p.attachments.items():
        if card(s, att).kind == GEAR and on in counting:
            label = f"{card(s, att).name} ({card(s, on).name})"
            out.append(Term("players", label, steed_bonus(s, att), att, "steeds.steed_enhancers", name))
    return out


@MAY_ATTACH.register(NAME)
def no_item_enhancers(s: GameState, player: str, cid: str, on: object) -> tuple[str, str] | None:
    """An ordinary item enhancer does not go on a steed."""
    if isinstance(on, str) and card(s, on).kind == "steed" and card(s, cid).kind != GEAR:
        return (
            "steeds.no_item_enhancers",
            f"{card(s, cid).name} improves items, not steeds such as {card(s, on).name}.",
        )
    return None


def _on(s: GameState, player: str) -> bool:
    return NAME in s.modules and not s.player(player).dead


@move
class Mount(Move):
    """Put a steed from hand in play: it equips itself; one steed at a time, unless a Cheat! from
    hand (`cheat`) comes in on the new one."""

    name = "mount_steed"
    module = NAME
    when = ("turn",)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        if not _on(s, player) or s.combat is not None:
            return
        for extra in with_cheat(s, p, counted_steeds(s, p)):
            for cid in p.hand:
                if card(s, cid).kind == "steed":
                    yield act(self.name, player, card=cid, **extra)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        require(card(s, cid).kind == "steed", "steeds.items", f"{card(s, cid).name} is not a steed.")
        require(s.combat is None, "steeds.items", "a steed, like any item, is not played in a combat.")
        check_cheat(s, a, counted_steeds(s, s.player(a.player)), ("steeds.one", "steeds.cheat"), "steed")

    def run(self, b: Builder, a: Action) -> None:
        payload = {"player": a.player, "card": params(a, CardParams).card, "into": "equipped"}
        b.emit("CardPlayed", payload, ["steeds.items", "steeds.one", "steeds.big"])
        play_cheat(b, a, "steeds.cheat")


@dataclass(frozen=True)
class OnSteed:
    """An item played on a steed: the card, and the steed it goes on."""

    card: str
    on: str


@move
class ImproveSteed(Move):
    """Play a steed enhancer (an item that improves steeds) from hand on one of your steeds in play."""

    name = "improve_steed"
    module = NAME
    when = ("turn",)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if not _on(s, player) or s.combat is not None or s.active.name != player:
            return
        p = s.player(player)
        for cid in p.hand:
            if card(s, cid).kind == GEAR:
                for on in steeds_of(s, p):
                    yield act(self.name, player, card=cid, on=on)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        rule = "steeds.steed_enhancers"
        require(card(s, cid).kind == GEAR, rule, f"{card(s, cid).name} is not a steed enhancer.")
        require(
            s.combat is None and s.active.name == a.player,
            rule,
            "an item is played on your own turn, out of combat.",
        )
        onto = parse(a, OnSteed)
        require(
            onto is not None and onto.on in steeds_of(s, s.player(a.player)),
            rule,
            f"{card(s, cid).name} goes on a steed {a.player} has in play.",
        )

    def run(self, b: Builder, a: Action) -> None:
        p = params(a, OnSteed)
        payload = {"player": a.player, "card": p.card, "into": "attachments", "on": p.on}
        b.emit("CardPlayed", payload, ["steeds.steed_enhancers"])


@move
class Dismount(Move):
    """Before rolling to run away, discard a steed that gives a run-away penalty."""

    name = "dismount"
    module = NAME
    when = ("run",)
    exact = True

    def _slow(self, s: GameState, player: str) -> str | None:
        slow = (c for c in steeds_of(s, s.player(player)) if (steed_run_away(s, c) or 0) < 0)
        return next(slow, None)

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if _on(s, player) and unrolled(s, player) and self._slow(s, player):
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(self._slow(s, a.player) is not None, "steeds.dismount", f"{a.player}'s steed slows nobody.")
        require(unrolled(s, a.player), "steeds.dismount", "a steed is left behind before any roll.")

    def run(self, b: Builder, a: Action) -> None:
        cid = self._slow(b.s, a.player)
        assert cid is not None  # checked
        discard(b, a.player, cid, "left behind", ["steeds.dismount"])


@AFTER_ACTION.register(NAME)
def equips_itself(b: Builder, a: Action) -> None:
    """A steed that came into play sideways (a trade, a gift) or was turned sideways equips itself."""
    s = b.s
    if s.combat is not None:
        return  # equipment is fixed in a fight; it equips itself after
    for p in s.players:
        for cid in list(p.carried):
            if card(s, cid).kind == "steed":
                b.emit("ItemEquipped", {"player": p.name, "card": cid, "equipped": True}, ["steeds.items"])


@AFTER_ACTION.register(NAME)
def note_drawn(b: Builder, a: Action) -> None:
    """A steed turned face up by kicking the door may be fought: remember which, this turn."""
    if a.name != "kick_door":
        return
    for e in b.events:
        if e.type == "CardDrawn" and payload(e, Drawn).face == "up":
            cid = payload(e, Drawn).card
            if isinstance(cid, str) and card(b.s, cid).kind == "steed":
                b.emit("MarkSet", {"key": DRAWN, "value": [b.s.turn, cid]}, ["steeds.as_monster"])


def _fightable(s: GameState, player: str) -> str | None:
    got = s.marks.get(DRAWN)
    if not (isinstance(got, list) and got[0] == s.turn and s.active.name == player):
        return None
    cid = got[1]
    ok = s.phase == "after_door" and s.combat is None and not s.fought and cid in s.player(player).hand
    return str(cid) if ok else None


@move
class FightSteed(Move):
    """Fight the steed you have just drawn face up as a monster (level twice its bonus)."""

    name = "fight_steed"
    module = NAME
    when = ("turn",)
    phases = ("after_door",)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        cid = _fightable(s, player) if NAME in s.modules else None
        if cid is not None:
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(
            (drawn := parse(a, CardParams)) is not None and _fightable(s, a.player) == drawn.card,
            "steeds.as_monster",
            "only the steed just drawn face up from the door, before any fight this turn.",
        )

    def run(self, b: Builder, a: Action) -> None:
        b.emit("MarkSet", {"key": DRAWN, "value": None}, ["steeds.as_monster"])
        start_combat(
            b, a.player, params(a, CardParams).card, True, ["steeds.as_monster", "steeds.as_monster_reward"]
        )


@move
class EnhanceSteed(Enhance):
    """A monster enhancer on a steed in play, as on a hireling."""

    name = "enhance_steed"
    module = NAME
    anytime_rule = "steeds.enhancers"
    rule = "steeds.enhancers"
    negative_rule = "hirelings.negative"  # the hirelings module's rule, which steeds follow
    needs = NAME

    def companion(self, s: GameState, p: Player) -> str | None:
        return steed_of(s, p)
