"""What the hirelings module does in the engine: hiring, dismissing, sacrificing, enhancing a hireling.

A hireling sits in its owner's `attachments` on no item (""); an enhancer played on it sits there on
the hireling, so that discarding the hireling discards its enhancers (the core's `detach`). The items
a hireling carries are its owner's equipped items, listed in the mark `hirelings.carries:<player>`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from munchkin_nb.engine.kit import (
    ABILITIES,
    AFTER_ACTION,
    COUNTS_AGAINST,
    NOWHERE,
    OPEN,
    PLAYER_TERMS,
    Action,
    Builder,
    CardParams,
    Combat,
    Enhance,
    GameState,
    Move,
    Player,
    Term,
    act,
    advance,
    card,
    cheated,
    check_cheat,
    companions,
    discard,
    effects,
    enhancer_levels,
    handles,
    in_hand,
    item_usable,
    move,
    params,
    parse,
    play_cheat,
    reopen_if_fighting,
    require,
    unrolled,
    with_cheat,
)

from . import NAME

CARRIES = "hirelings.carries"  # mark: player -> the items their hireling carries


# -- what is in play --------------------------------------------------------------
def hirelings_of(s: GameState, p: Player) -> list[str]:
    """The hirelings `p` has in play (more than one only with a Cheat!), in the order hired."""
    return companions(s, p, "hireling")


def hireling_of(s: GameState, p: Player) -> str | None:
    """The hireling `p` has in play, if any (the first hired, when a Cheat! lets them have two)."""
    return next(iter(hirelings_of(s, p)), None)


def counted_hirelings(s: GameState, p: Player) -> list[str]:
    """The hirelings of `p` that the one-hireling limit counts: those without a Cheat! on them."""
    return [c for c in hirelings_of(s, p) if not cheated(s, p, c)]


def carried_by_hireling(s: GameState, name: str) -> list[str]:
    got = s.marks.get(f"{CARRIES}:{name}")
    return [c for c in got if c in s.player(name).equipped] if isinstance(got, list) else []


# -- its bonus, its enhancers, what monsters see ---------------------------------------
@PLAYER_TERMS.register(NAME)
def hireling_terms(s: GameState, name: str, c: Combat) -> list[Term]:
    """Each hireling's printed bonus and its enhancers' levels count on its owner's side."""
    p = s.player(name)
    out = []
    for cid in hirelings_of(s, p) if p.attachments else ():
        hc = card(s, cid)
        if hc.bonus:
            out.append(Term("players", hc.name, hc.bonus, cid, "hirelings.play", name))
        levels = enhancer_levels(s, p, cid)
        if levels:
            out.append(Term("players", f"enhancers on {hc.name}", levels, cid, "hirelings.enhancers", name))
    return out


def _matches(ident: dict[str, Any], cond: dict[str, Any]) -> bool:
    """Whether a hireling of this race, class and sex meets a monster's condition (positive keys only)."""
    for key, val in cond.items():
        if key == "any":
            if not any(_matches(ident, c) for c in val):
                return False
        elif key not in ("race", "class", "sex") or ident.get(key) != val:
            return False
    return True


@COUNTS_AGAINST.register(NAME)
@handles("effect", "counts_as")
def through_hireling(s: GameState, name: str, cond: dict[str, Any]) -> bool:
    """A monster's bonus or penalty against a race, class or sex that one of the player's hirelings is."""
    return any(
        isinstance(ident, dict) and _matches(ident, cond)
        for cid in hirelings_of(s, s.player(name))
        for ident in effects(card(s, cid), "counts_as")
    )


@ABILITIES.register(NAME)
@handles("effect", "extra_item")
def hireling_hands(s: GameState, p: Player, key: str) -> list[Any]:
    """A hireling that lends a hand (or carries an item) lets its owner use one more item."""
    if key != "extra_item":
        return []
    return [v for cid in hirelings_of(s, p) for v in effects(card(s, cid), "extra_item")]


# -- hire, dismiss -------------------------------------------------------------------
def _alive(s: GameState, player: str) -> bool:
    return NAME in s.modules and not s.player(player).dead


@move
class Hire(Move):
    """Put a hireling from hand in play, at any time, even in a combat; one at a time, unless a
    Cheat! from hand (`cheat`) comes in on the new one."""

    name = "hire"
    module = NAME
    when = ("turn",)
    anytime = OPEN
    anytime_rule = "hirelings.play"
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if not _alive(s, player):
            return
        p = s.player(player)
        for extra in with_cheat(s, p, counted_hirelings(s, p)):
            for cid in p.hand:
                if card(s, cid).kind == "hireling":
                    yield act(self.name, player, card=cid, **extra)

    def check(self, s: GameState, a: Action) -> None:
        cid = in_hand(s, a)
        p = s.player(a.player)
        require(card(s, cid).kind == "hireling", "hirelings.play", f"{card(s, cid).name} is not a hireling.")
        require(not p.dead, "hirelings.play", f"{a.player} is dead.")
        check_cheat(s, a, counted_hirelings(s, p), ("hirelings.one", "hirelings.cheat"), "hireling")

    def run(self, b: Builder, a: Action) -> None:
        payload = {
            "player": a.player,
            "card": params(a, CardParams).card,
            "into": "attachments",
            "on": NOWHERE,
        }
        b.emit("CardPlayed", payload, ["hirelings.play", "hirelings.one"])
        play_cheat(b, a, "hirelings.cheat")
        reopen_if_fighting(b, a.player)


def let_go(b: Builder, player: str, why: str, rules: list[str]) -> None:
    """The hireling leaves with the items it carries (its enhancers go with it, by `detach`)."""
    s = b.s
    cid = hireling_of(s, s.player(player))
    if cid is None:
        return
    for item in carried_by_hireling(s, player):
        discard(b, player, item, f"went with {card(s, cid).name}", [*rules, "hirelings.carries"])
    if f"{CARRIES}:{player}" in s.marks:
        b.emit("MarkSet", {"key": f"{CARRIES}:{player}", "value": None}, ["hirelings.carries"])
    discard(b, player, cid, why, rules)


@move
class Dismiss(Move):
    """Discard your hireling at any time."""

    name = "dismiss_hireling"
    module = NAME
    when = ("turn",)
    anytime = OPEN
    anytime_rule = "hirelings.discard"
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if _alive(s, player) and hireling_of(s, s.player(player)) is not None:
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        have = hireling_of(s, s.player(a.player))
        require(have is not None, "hirelings.discard", f"{a.player} has no hireling in play.")

    def run(self, b: Builder, a: Action) -> None:
        let_go(b, a.player, "dismissed", ["hirelings.discard"])
        reopen_if_fighting(b, a.player)


# -- the items a hireling carries ------------------------------------------------------------
@handles("effect", "carries")
def room(s: GameState, player: str) -> int:
    """How many more items the player's hireling can carry."""
    cid = hireling_of(s, s.player(player))
    if cid is None:
        return 0
    n = sum(int(v) for v in effects(card(s, cid), "carries") if isinstance(v, int))
    return n - len(carried_by_hireling(s, player))


@move
class Carry(Move):
    """Hand one of your items (from hand or carried sideways) to your hireling to carry and use."""

    name = "hireling_carry"
    module = NAME
    when = ("turn",)
    exact = True

    def _items(self, s: GameState, player: str) -> list[str]:
        p = s.player(player)
        return [
            c
            for c in p.hand + p.carried
            if card(s, c).kind == "item" and not card(s, c).big and item_usable(s, p, c)
        ]

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if not _alive(s, player) or s.combat is not None or room(s, player) <= 0:
            return
        for cid in self._items(s, player):
            yield act(self.name, player, card=cid)

    def check(self, s: GameState, a: Action) -> None:
        require(s.combat is None, "hirelings.carries", "items change hands outside a combat.")
        require(room(s, a.player) > 0, "hirelings.carries", f"{a.player}'s hireling can carry no more items.")
        require(
            (item := parse(a, CardParams)) is not None and item.card in self._items(s, a.player),
            "hirelings.carries",
            "the hireling carries a small item of yours, from your hand or carried sideways.",
        )

    def run(self, b: Builder, a: Action) -> None:
        s, cid = b.s, params(a, CardParams).card
        if cid in s.player(a.player).hand:
            b.emit("CardPlayed", {"player": a.player, "card": cid, "into": "equipped"}, ["hirelings.carries"])
        else:
            b.emit("ItemEquipped", {"player": a.player, "card": cid, "equipped": True}, ["hirelings.carries"])
        value = carried_by_hireling(s, a.player) + [cid]
        b.emit("MarkSet", {"key": f"{CARRIES}:{a.player}", "value": value}, ["hirelings.carries"])


@AFTER_ACTION.register(NAME)
def forget_carried(b: Builder, a: Action) -> None:
    """A carried item gone another way (bad stuff, a curse), or a hireling gone: the list follows."""
    s = b.s
    for key, value in list(s.marks.items()):
        if not key.startswith(CARRIES + ":"):
            continue
        name = key.split(":", 1)[1]
        now = carried_by_hireling(s, name) if hireling_of(s, s.player(name)) else []
        if now != value:
            b.emit("MarkSet", {"key": key, "value": now or None}, ["hirelings.carries"])


# -- the sacrifice -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SacrificeParams:
    """A hireling sacrificed to escape: whether the helper escapes with the fighter too."""

    helper_escapes: bool = False


@move
class Sacrifice(Move):
    """Instead of rolling to run away, discard your hireling and all it carries: escape every monster."""

    name = "sacrifice_hireling"
    module = NAME
    when = ("run",)
    exact = True

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if not _alive(s, player) or hireling_of(s, s.player(player)) is None or not unrolled(s, player):
            return
        c = s.fight
        helper = c.helper if player == c.fighter else None
        if helper is not None and unrolled(s, helper):
            yield act(self.name, player, helper_escapes=True)
            yield act(self.name, player, helper_escapes=False)
        else:
            yield act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        require(
            hireling_of(s, s.player(a.player)) is not None,
            "hirelings.sacrifice",
            f"{a.player} has no hireling to sacrifice.",
        )
        require(
            unrolled(s, a.player),
            "hirelings.sacrifice",
            "a hireling is sacrificed instead of rolling to run away, before any roll.",
        )
        escapes = parse(a, SacrificeParams)
        require(escapes is not None, "hirelings.helper_escapes", "helper_escapes is true or false.")
        if escapes is not None and escapes.helper_escapes:
            c = s.fight
            require(
                a.player == c.fighter and c.helper is not None and unrolled(s, c.helper),
                "hirelings.helper_escapes",
                "only the fighter decides for a helper still to run.",
            )

    def run(self, b: Builder, a: Action) -> None:
        s = b.s
        cid = hireling_of(s, s.player(a.player))
        let_go(b, a.player, "sacrificed", ["hirelings.sacrifice"])
        b.emit("AutoEscapeGranted", {"player": a.player, "card": cid}, ["hirelings.sacrifice"])
        if params(a, SacrificeParams).helper_escapes:
            helper = s.fight.helper
            b.emit("AutoEscapeGranted", {"player": helper, "card": cid}, ["hirelings.helper_escapes"])
        advance(b)


# -- monster enhancers on a hireling (and, through the steeds module, on a steed) -------------------


@move
class EnhanceHireling(Enhance):
    """A monster enhancer on a hireling: +5 a level in every fight; a negative one only cancels."""

    name = "enhance_hireling"
    module = NAME
    anytime_rule = "hirelings.enhancers"
    rule = "hirelings.enhancers"
    negative_rule = "hirelings.negative"
    needs = NAME

    def companion(self, s: GameState, p: Player) -> str | None:
        return hireling_of(s, p)
