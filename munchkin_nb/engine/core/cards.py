"""The cards behind instance ids and their effects, read from the card data (the fold needs them)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from munchkin_nb.cards import load_set

if TYPE_CHECKING:
    from munchkin_nb.cards import Card, CardSet

    from .state import GameState


@lru_cache(maxsize=8)
def card_set(name: str) -> CardSet:

    return load_set(name)


_INSTANCES: dict[str, dict[str, Card]] = {}


def card(state: GameState, cid: str) -> Card:
    """The Card behind an instance id."""
    try:
        return _INSTANCES[state.card_set][cid]
    except KeyError:
        pass
    cs = card_set(state.card_set)
    table = _INSTANCES.setdefault(state.card_set, {i: cs.card_of(i) for i in cs.instances()})
    if cid not in table:
        return cs.card_of(cid)  # raises the loader's KeyError naming the card
    return table[cid]


def kinds_in_hand(state: GameState, name: str) -> frozenset[str]:
    """The kinds of the cards in a player's hand (curse, monster, one_shot...)."""
    hand = state.player(name).hand
    try:  # asked before most decisions of every player: the table directly, not card() per card
        table = _INSTANCES[state.card_set]
        return frozenset([table[c].kind for c in hand])
    except KeyError:  # the set not loaded yet, or a stray id (card() says which)
        return frozenset([card(state, c).kind for c in hand])


def effect(c: Card, key: str) -> Any:
    """The value of effect `key` on card `c` (True for a bare word), or None."""
    found = effects(c, key)
    return found[0] if found else None


# (id of a Card, key) -> (the Card, its effects of that key): this lookup runs tens of thousands
# of times per game. Cards never change; the entry holds the Card itself, so its id cannot be
# reused by another card while the entry lives.
_EFFECTS: dict[tuple[int, str], tuple[Card, tuple[Any, ...]]] = {}


def effects(c: Card, key: str) -> tuple[Any, ...]:
    """Every effect `key` on card `c` (an effect may appear more than once)."""
    hit = _EFFECTS.get((id(c), key))
    if hit is not None and hit[0] is c:
        return hit[1]
    out: list[Any] = []
    for e in c.effects:
        if e == key:
            out.append(True)
        elif isinstance(e, dict) and key in e:
            out.append(e[key] if len(e) == 1 else e)
    _EFFECTS[(id(c), key)] = (c, tuple(out))
    return tuple(out)
