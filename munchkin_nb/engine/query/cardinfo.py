"""What the engine needs to know about cards and players, read from the card data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import hooks
from ..core.cards import card, effect, effects
from ..core.registry import handles
from ..core.state import GameState, Player

if TYPE_CHECKING:
    from munchkin_nb.cards import Card


def races(state: GameState, p: Player) -> set[str | None]:
    r = {card(state, c).race for c in p.races}
    return r or {"human"}


def classes(state: GameState, p: Player) -> set[str | None]:
    k = {card(state, c).klass for c in p.classes}
    return k or {"none"}


@handles(
    "condition", "race", "not_race", "class", "not_class", "sex", "not_sex", "any", "level_at_most", "wears"
)
def holds(state: GameState, p: Player, cond: dict[str, Any] | None) -> bool:
    """Whether a condition (docs/cards.md, Conditions) holds for player `p`."""
    if not cond:
        return True
    for key, val in cond.items():
        if key == "race" and val not in races(state, p):
            return False
        if key == "not_race" and val in races(state, p):
            return False
        if key == "class" and val not in classes(state, p):
            return False
        if key == "not_class" and val in classes(state, p):
            return False
        if key == "sex" and p.sex != val:
            return False
        if key == "not_sex" and p.sex == val:
            return False
        if key == "level_at_most" and p.level > val:
            return False
        if key == "any" and not any(holds(state, p, c) for c in val):
            return False
        if key == "wears" and not any(_slot_of(state, c) in _slots(val) for c in p.equipped):
            return False
    return True


@handles(
    "when",
    "combat",
    "own_turn",
    "any_time",
    "on_draw",
    "after_failed_roll",
    "after_combat",
    "not_highest",
    "in_play",
)
def when_ok(s: GameState, player: str, c: Card) -> bool:
    """Whether the card's `when` lets `player` play it (or have it played on them) now."""
    w = c.when or "any_time"
    if w == "combat":
        return s.combat is not None
    if w == "own_turn":
        # in or out of a combat: what the card acts on (a monster, a target) is checked by its params
        return s.active.name == player
    if w == "on_draw":
        return False
    if w == "after_failed_roll":
        fight = s.combat
        return fight is not None and fight.escape is not None and fight.escape["player"] == player
    if isinstance(w, dict):
        if w.get("in_play"):
            return any(is_a(s, x, w["in_play"]) for p in s.players for x in p.in_play())
        if w.get("not_highest"):
            top = max(p.level for p in s.players)
            return s.player(player).level < top
        if w.get("after_combat"):
            return s.fought and s.combat is None
    return True


def is_a(s: GameState, cid: str, word: str) -> bool:
    """Whether a card is a copy of the card `word` names, or of that kind: the base game's card of
    that name and a module's cards of that kind alike are "one of them" to the cards that name it."""
    return cid.split("#")[0] == word or card(s, cid).kind == word


def _slot_of(state: GameState, cid: str) -> str:
    return card(state, cid).slot or "none"


def _slots(val: str) -> tuple[str, ...]:
    return ("one_hand", "two_hands") if val == "hand" else (val,)


def abilities(state: GameState, p: Player, key: str) -> list[Any]:
    """Every race or class ability `key` the player has (a module's hooks may grant more)."""
    if not (p.races or p.classes or hooks.ABILITIES.fns(state)):
        return []  # a human with no class, in a game whose modules grant nothing: the common case
    out: list[Any] = []
    for c in p.races + p.classes:
        out.extend(effects(card(state, c), key))
    out.extend(hooks.ABILITIES.concat(state, p, key))
    return out


def has_ability(state: GameState, p: Player, key: str) -> bool:
    return bool(abilities(state, p, key))


@handles("effect", "hand_limit")
def hand_limit(state: GameState, p: Player, base: int) -> int:
    limits = [v for v in abilities(state, p, "hand_limit") if isinstance(v, int)]
    return max([base] + limits)


def item_usable(state: GameState, p: Player, cid: str) -> bool:
    """Whether the item's restrictions let `p` use it (Cheat! lifts them)."""
    c = card(state, cid)
    if p.attachments and any(
        on == cid and effect(card(state, att), "cheat") for att, on in p.attachments.items()
    ):
        return True  # Cheat! on it; other cards attached to an item (enhancers) lift nothing
    if not c.requires:
        return True
    if holds(state, p, c.requires):
        return True
    # Super Munchkin with a single class, Half-Breed with a single race: no disadvantages
    req = c.requires
    if p.super_munchkin and len(p.classes) == 1 and set(req) <= {"not_class"}:
        return True
    if p.half_breed and len(p.races) == 1 and set(req) <= {"not_race"}:
        return True
    return hooks.MAY_USE.any(state, p, cid)


def gold(state: GameState, cid: str) -> int:
    return card(state, cid).gold or 0
