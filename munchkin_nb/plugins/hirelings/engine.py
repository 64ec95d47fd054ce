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
    HOLD_LIMITS,
    MAY_USE,
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
    check_entry,
    companions,
    discard,
    effects,
    enhancer_levels,
    entry_refusal,
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


BASE_HIRELING = "hireling"  # the base game's Hireling, an item card: it is a hireling as well


def counted_hirelings(s: GameState, p: Player) -> list[str]:
    """The hirelings of `p` that the one-hireling limit counts: those without a Cheat! on them, the
    base game's Hireling item among them."""
    base = [c for c in p.equipped + p.carried if c.split("#")[0] == BASE_HIRELING]
    return [c for c in base + hirelings_of(s, p) if not cheated(s, p, c)]


@HOLD_LIMITS.register(NAME)
def one_hireling(s: GameState, name: str) -> list[tuple[str, str]]:
    """000: 'siempre que sólo tengas un único escudero en juego en cualquier momento', the base
    game's Hireling counted too; a Cheat! on one lets it be the extra one."""
    if len(counted_hirelings(s, s.player(name))) > 1:
        return [("hirelings.one", f"{name} may have one hireling in play (a second needs a Cheat!).")]
    return []


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


def chosen(s: GameState, a: Action, rule: str) -> str:
    """The hireling the action names (`card`; without one, the first hired), one of the player's."""
    have = hirelings_of(s, s.player(a.player))
    named = parse(a, WhichHireling)
    cid = named.card if named is not None and named.card is not None else (have[0] if have else None)
    require(cid in have, rule, f"{a.player} has no such hireling in play.")
    return str(cid)


def let_go(b: Builder, player: str, why: str, rules: list[str], cid: str | None = None) -> None:
    """A hireling (the first hired, unless named) leaves, with the items it carries if it is the one
    carrying them (its enhancers go with it, by `detach`)."""
    s = b.s
    first = hireling_of(s, s.player(player))
    cid = cid or first
    if cid is None:
        return
    for item in carried_by_hireling(s, player) if cid == first else ():
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
        if not _alive(s, player):
            return
        have = hirelings_of(s, s.player(player))
        for cid in have:
            yield act(self.name, player, card=cid) if len(have) > 1 else act(self.name, player)

    def check(self, s: GameState, a: Action) -> None:
        chosen(s, a, "hirelings.discard")

    def run(self, b: Builder, a: Action) -> None:
        let_go(b, a.player, "dismissed", ["hirelings.discard"], chosen(b.s, a, "hirelings.discard"))
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


def meets(s: GameState, hireling: str, cond: dict[str, Any] | None) -> bool:
    """Whether the hireling's own race, class and sex (its `counts_as`, the picture) meet an item's
    restrictions (000: 'el escudero es del sexo que se muestre en su ilustración')."""
    if not cond:
        return True
    idents = [i for i in effects(card(s, hireling), "counts_as") if isinstance(i, dict)]
    ident = idents[0] if idents else {}
    for key, val in cond.items():
        word = key.removeprefix("not_")
        if word not in ("race", "class", "sex"):
            return False  # a level or a slot worn: a hireling meets nothing of the kind
        if (ident.get(word) == val) == key.startswith("not_"):
            return False
    return True


@MAY_USE.register(NAME)
def hireling_uses(s: GameState, p: Player, item: str) -> bool:
    """000: 'un escudero puede usar un objeto que tú no podrías usar': an item the hireling carries
    counts when the hireling meets its restrictions, whoever its owner is."""
    hired = hireling_of(s, p)
    if hired is None or item not in carried_by_hireling(s, p.name):
        return False
    return meets(s, hired, card(s, item).requires)


@move
class Carry(Move):
    """Hand one of your items (from hand or carried sideways) to your hireling to carry and use: one
    you or the hireling could use, a big one if your table has room for it; any other with a Cheat!
    (`cheat`) from your hand on it."""

    name = "hireling_carry"
    module = NAME
    when = ("turn",)
    exact = True

    def _items(self, s: GameState, player: str, cheat: bool) -> list[str]:
        p = s.player(player)
        hired = hireling_of(s, p)
        if hired is None:
            return []
        return [
            c
            for c in p.hand + p.carried
            if card(s, c).kind == "item"
            and (cheat or item_usable(s, p, c) or meets(s, hired, card(s, c).requires))
            and (c in p.carried or entry_refusal(s, player, [c]) is None)
        ]

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        if not _alive(s, player) or s.combat is not None or room(s, player) <= 0:
            return
        p = s.player(player)
        plain = self._items(s, player, False)
        for cid in plain:
            yield act(self.name, player, card=cid)
        for extra in with_cheat(s, p, [NOWHERE]):
            for cid in self._items(s, player, True):
                if extra and cid not in plain:
                    yield act(self.name, player, card=cid, **extra)

    def check(self, s: GameState, a: Action) -> None:
        require(s.combat is None, "hirelings.carries", "items change hands outside a combat.")
        require(room(s, a.player) > 0, "hirelings.carries", f"{a.player}'s hireling can carry no more items.")
        given = parse(a, CarryParams)
        cid, cheat = (given.card, given.cheat) if given is not None else (None, None)
        if cheat is not None:
            check_cheat(s, a, [NOWHERE], ("hirelings.carries", "hirelings.cheat"), "hireling")
        p = s.player(a.player)
        if cid in p.hand and card(s, cid).kind == "item":
            check_entry(s, a.player, [cid])
        require(
            cid in self._items(s, a.player, cheat is not None),
            "hirelings.carries",
            "the hireling carries an item of yours from your hand or carried sideways, one you or it "
            "could use (any other with a Cheat! on it).",
        )

    def run(self, b: Builder, a: Action) -> None:
        s, cid = b.s, params(a, CardParams).card
        if cid in s.player(a.player).hand:
            b.emit("CardPlayed", {"player": a.player, "card": cid, "into": "equipped"}, ["hirelings.carries"])
        else:
            b.emit("ItemEquipped", {"player": a.player, "card": cid, "equipped": True}, ["hirelings.carries"])
        play_cheat(b, a, "hirelings.cheat")
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
class CarryParams:
    """An item given to the hireling to carry, and the Cheat! that lets it carry any item."""

    card: str
    cheat: str | None = None


@dataclass(frozen=True)
class WhichHireling:
    """The hireling a move names (none named: the first hired)."""

    card: str | None = None


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
        have = hirelings_of(s, s.player(player))
        for cid in have:
            which = {"card": cid} if len(have) > 1 else {}
            if helper is not None and unrolled(s, helper):
                yield act(self.name, player, helper_escapes=True, **which)
                yield act(self.name, player, helper_escapes=False, **which)
            else:
                yield act(self.name, player, **which)

    def check(self, s: GameState, a: Action) -> None:
        chosen(s, a, "hirelings.sacrifice")
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
        cid = chosen(s, a, "hirelings.sacrifice")
        let_go(b, a.player, "sacrificed", ["hirelings.sacrifice"], cid)
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
