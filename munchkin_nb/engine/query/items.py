"""Questions about items and identities on the table: big items, free slots, a second race, sale value."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import replace

from .. import hooks
from ..core.actions import IllegalAction
from ..core.cards import card, effect
from ..core.registry import handles
from ..core.state import GameState
from .cardinfo import abilities, has_ability, item_usable
from .combat import counting_items, extra_items
from .ruleset import ruleset_of

IDENTITY = {"race": ("races", "race.one"), "class": ("classes", "class.one")}


def fits(s: GameState, name: str, cid: str) -> bool:
    """Whether the item could count if equipped now: usable, a free slot."""
    p = s.player(name)
    c = card(s, cid)
    if not item_usable(s, p, cid):
        return False
    slot = c.slot or "none"
    if slot == "none":
        return True
    return cid in counting_items(s, replace(p, equipped=p.equipped + [cid]))


@handles("effect", "big_items_unlimited")
def big_item_allowed(s: GameState, name: str, cid: str) -> bool:
    p = s.player(name)
    if not card(s, cid).big or has_ability(s, p, "big_items_unlimited"):
        return True
    return len(big_items(s, name)) < big_item_limit(s, name)


def big_item_limit(s: GameState, name: str) -> int:
    """How many big items the player may have in play (a dwarf: no limit)."""
    p = s.player(name)
    if has_ability(s, p, "big_items_unlimited"):
        return 10**6
    return 1 + len(abilities(s, p, "extra_big_item")) + extra_items(s, p)


def big_items(s: GameState, name: str) -> list[str]:
    p = s.player(name)
    # big cards a module keeps outside the limit
    return [x for x in p.equipped + p.carried if card(s, x).big and not hooks.BIG_EXEMPT.any(s, x)]


def limits_broken(s: GameState, name: str) -> list[tuple[str, str]]:
    """The limits on cards in play that `name`'s table breaks now (rule, sentence): more big items
    than allowed, and what modules limit (one companion of a kind, unless a Cheat! allows one more)."""
    out = []
    have, limit = len(big_items(s, name)), big_item_limit(s, name)
    if have > limit:
        out.append(("items.big", f"{name} may have {limit} big item(s) in play, not {have}."))
    return out + hooks.HOLD_LIMITS.concat(s, name)


def entry_refusal(
    s: GameState, name: str, coming: Iterable[str], going: Iterable[str] = ()
) -> tuple[str, str] | None:
    """Why these cards cannot come into `name`'s play (with `going` leaving it in the same move, a
    trade), or None: a limit the table would then break that it does not break now. Asked wherever a
    card comes into play (played, traded, given, taken by bad stuff, stolen), so the limits hold
    however it comes; a Cheat! on a card in play still counts, one on a card changing hands does not
    (it is discarded as the card leaves, unless a module keeps it on)."""
    coming, going = list(coming), list(going)
    if not coming:
        return None
    t = copy.copy(s)  # a table of its own for `name` only: the rest is shared, read-only
    p = replace(s.player(name))
    p.equipped = [c for c in p.equipped if c not in going]
    p.carried = [c for c in p.carried if c not in going] + coming
    p.hand = [c for c in p.hand if c not in coming]
    p.attachments = {a: on for a, on in p.attachments.items() if a not in going and on not in going}
    t.players = [p if q.name == name else q for q in s.players]
    before = {rule for rule, _ in limits_broken(s, name)}
    for rule, why in limits_broken(t, name):
        if rule not in before:
            return rule, why
    return None


def check_entry(s: GameState, name: str, coming: Iterable[str], going: Iterable[str] = ()) -> None:
    """Refuse (IllegalAction) cards that would take `name`'s table over a limit (`entry_refusal`)."""
    refusal = entry_refusal(s, name, coming, going)
    if refusal is not None:
        raise IllegalAction(*refusal)


def identity_refusal(s: GameState, name: str, cid: str) -> tuple[str, str] | None:
    """Why a race, class, Half-Breed or Super Munchkin card cannot join `name`'s table now
    (rule id and sentence), or None when it can. A plain answer, no exception: the legal-action
    search asks this for every such card in every hand."""
    p = s.player(name)
    c = card(s, cid)
    if c.kind in IDENTITY:
        zone, rule = IDENTITY[c.kind]
        have = getattr(p, zone)
        value = c.race if c.kind == "race" else c.klass
        if any((card(s, x).race if c.kind == "race" else card(s, x).klass) == value for x in have):
            return rule, f"{name} already has the {value} {c.kind} card."
        extra = p.half_breed if c.kind == "race" else p.super_munchkin
        if len(have) >= identity_room(s, extra):
            second = "Half-Breed" if c.kind == "race" else "Super Munchkin"
            return rule, f"{name} already has a {c.kind}; a second needs {second}."
    elif c.kind == "half_breed" and (not p.races or p.half_breed):
        return "cheat.super_munchkin", "Half-Breed needs a race, and only one may be in play."
    elif c.kind == "super_munchkin" and (not p.classes or p.super_munchkin):
        return "cheat.super_munchkin", "Super Munchkin needs a class, and only one may be in play."
    return None


@handles("effect", "identities")
def identity_room(s: GameState, cheat: str | None) -> int:
    """How many races (or classes) a player may have with this Half-Breed or Super Munchkin card
    in play: one without, two with, or what the card's `identities` says (0: any number)."""
    if not cheat:
        return 1
    room = effect(card(s, cheat), "identities")
    if room is None:
        return 2
    return int(room) or 10**6


def check_identity(s: GameState, name: str, cid: str) -> None:
    refusal = identity_refusal(s, name, cid)
    if refusal is not None:
        raise IllegalAction(*refusal)


def playable_on_table(s: GameState, name: str, cid: str) -> bool:
    c = card(s, cid)
    if c.kind in ("race", "class", "half_breed", "super_munchkin"):
        return identity_refusal(s, name, cid) is None
    if c.kind == "one_shot":
        return ruleset_of(s).one_shots_on_table
    return c.kind == "item" and entry_refusal(s, name, [cid]) is None


@handles("effect", "double_sell")
def sale_value(s: GameState, name: str, cards: list[str]) -> int:
    """What the cards fetch when sold: their gold, a halfling's dearest once a turn doubled."""
    got = hooks.SALE_VALUE.first(s, name, cards)
    if got is not None:
        return int(got)
    p = s.player(name)
    total = sum(card(s, c).gold or 0 for c in cards)
    if abilities(s, p, "double_sell") and not p.sold_double and cards:
        total += max(card(s, c).gold or 0 for c in cards)
    return total


@handles("effect", "ignore_drawn_curses")
def ignores_drawn_curses(s: GameState, player: str) -> bool:
    p = s.player(player)
    return any(effect(card(s, c), "ignore_drawn_curses") and item_usable(s, p, c) for c in p.equipped)
