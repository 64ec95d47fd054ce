"""Special cards played for their own effect (not a bonus): each effect kind is one small function."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from ..core.builder import Builder
from ..core.cards import card, effect
from ..core.registry import handles
from ..core.state import GameState
from ..query.cardinfo import holds, is_a
from ..query.combat import monster_treasures
from ..query.ruleset import rs
from .flow import change_level, check_win, discard, draw, give

if TYPE_CHECKING:
    from munchkin_nb.cards import Card


def on_draw(b: Builder, player: str, cid: str) -> None:
    """A card that acts as soon as it is drawn face up (Divine Intervention)."""
    use_effects(b, player, cid, {})


#: runner(b, player, cid, params, value): `value` is the effect's value in the card data
EffectFn: TypeAlias = Callable[[Builder, str, str, dict[str, Any], Any], None]

# effect kind -> (needs, runner); `needs` lists the params the action must name
EFFECTS: dict[str, tuple[tuple[str, ...], EffectFn]] = {}

_E = TypeVar("_E", bound=EffectFn)


def effect_kind(name: str, needs: tuple[str, ...] = ()) -> Callable[[_E], _E]:
    def deco(fn: _E) -> _E:
        EFFECTS[name] = (needs, fn)
        return handles("effect", name)(fn)

    return deco


@effect_kind("draw_treasures")
def _draw_treasures(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    for _ in range(int(arg)):
        draw(b, player, "treasure", "down", card(b.s, cid).name, ["card.effect"])


@effect_kind("take_from_discard", ("pick",))
def _take_from_discard(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    pick = params["pick"]
    deck = card(b.s, pick).deck
    b.emit(
        "CardTakenFromDiscard",
        {"player": player, "card": pick, "deck": deck},
        ["card.effect", "decks.no_search"],
    )


@effect_kind("steal_item", ("target", "item"))
def _steal_item(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    give(
        b,
        {
            "from_player": params["target"],
            "to_player": player,
            "card": params["item"],
            "reason": "steal",
            "to": "carried",
        },
        ["card.effect"],
    )


@effect_kind("level_up_all")
def _level_up_all(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    e = effect(card(b.s, cid), "level_up_all")
    n = e["level_up_all"] if isinstance(e, dict) else int(arg)
    cond = e.get("for") if isinstance(e, dict) else None
    for p in b.s.players:
        if holds(b.s, p, cond):
            change_level(b, p.name, int(n), card(b.s, cid).name, by_kill=True, rules=["card.effect"])
    check_win(b)


@effect_kind("steal_level", ("target",))
def _steal_level(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    if change_level(b, params["target"], -1, card(b.s, cid).name, rules=["card.effect"]):
        change_level(b, player, 1, card(b.s, cid).name, rules=["card.effect"])


@effect_kind("cancel_curse", ("curse",))
def _cancel_lasting_curse(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    """A lasting curse in play on anyone is gone: the Wishing Ring "at any time" (a curse that is
    only about to hit is answered by `cancel_curse`, the response, in moves/choice.py)."""
    curse = params["curse"]
    owner = next(p.name for p in b.s.players if curse in p.curses)
    discard(b, owner, curse, f"cancelled with {card(b.s, cid).name}", ["curse.persistent", "card.effect"])


@effect_kind("discard_in_play", ("pick",))
def _discard_in_play(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    discard(b, player, params["pick"], card(b.s, cid).name, ["card.effect"])


@effect_kind("banish_monster", ("monster",))
def _banish(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    """One monster leaves the fight: no level; its treasures are paid if the fight is won (or it
    was the last), all of them where the ruleset says so, else only a lone monster's printed ones."""
    c = b.s.fight
    m = params["monster"]
    if rs(b).removed_monster_treasures:
        treasures = next(monster_treasures(b.s, c, x) for x in c.monsters if x["card"] == m)
    else:
        treasures = (card(b.s, m).treasures or 0) if len(c.monsters) == 1 else 0
    b.emit(
        "MonsterRemoved",
        {"monster": m, "reason": card(b.s, cid).name, "treasures": treasures},
        ["combat.defeat_without_kill"],
    )


@effect_kind("replace_monster", ("monster", "new_monster"))
def _replace(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    b.emit(
        "MonsterRemoved",
        {"monster": params["monster"], "reason": card(b.s, cid).name, "treasures": 0},
        ["card.effect"],
    )
    b.emit("MonsterAdded", {"monster": params["new_monster"], "by": player}, ["card.effect"])


@effect_kind("end_combat")
def _end_combat(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    for m in list(b.s.fight.monsters):
        b.emit(
            "MonsterRemoved",
            {"monster": m["card"], "reason": card(b.s, cid).name, "treasures": 0},
            ["combat.defeat_without_kill"],
        )


@effect_kind("transfer_combat", ("new_fighter",))
def _transfer(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    """Another player takes over the combat, with its rewards and its bad stuff."""
    b.emit(
        "CombatTransferred",
        {"player": params["new_fighter"], "from_player": b.s.fight.fighter},
        ["card.effect"],
    )


@effect_kind("cheat", ("item",))
def _cheat(b: Builder, player: str, cid: str, params: dict[str, Any], arg: Any) -> None:
    b.emit(
        "CardPlayed",
        {"player": player, "card": cid, "into": "attachments", "on": params["item"]},
        ["card.effect"],
    )


def use_effects(b: Builder, player: str, cid: str, params: dict[str, Any]) -> None:
    c = card(b.s, cid)
    kept = any(isinstance(e, str) and e == "cheat" for e in c.effects)
    for e in c.effects:
        key = e if isinstance(e, str) else next(iter(e))
        if key in EFFECTS:
            EFFECTS[key][1](b, player, cid, params, e if isinstance(e, str) else e[key])
    where = b.s.location_of(cid)
    if not kept and not where.startswith("discard:") and where != "nowhere":  # any deck's discards
        discard(b, player, cid, "played", ["card.effect"])


# id of a Card -> (the Card, its effect kinds played for an effect): asked for every special card
# in every hand at every decision; the entry holds the Card so that its id is not reused
_USABLE: dict[int, tuple[Card, tuple[str, ...]]] = {}


def usable_effects(c: Card) -> tuple[str, ...]:
    """The card's effect kinds that playing it for its effect carries out (EFFECTS has them)."""
    hit = _USABLE.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    keys = tuple(k for k in (e if isinstance(e, str) else next(iter(e)) for e in c.effects) if k in EFFECTS)
    _USABLE[id(c)] = (c, keys)
    return keys


def param_options(s: GameState, player: str, need: str, c: Card) -> list[str]:
    p = s.player(player)
    if need == "target":
        return [q.name for q in s.players if q.name != player and not q.dead]
    if need == "curse":  # every lasting curse in play, on anyone
        return [x for q in s.players for x in q.curses]
    if need == "item":
        if "cheat" in usable_effects(c):
            return list(p.equipped + p.carried)
        return [x for q in s.players if q.name != player for x in q.equipped + q.carried]
    if need == "new_fighter":
        c_ = s.combat
        return [q.name for q in s.players if c_ and q.name not in (c_.fighter, c_.helper) and not q.dead]
    if need == "monster":
        return [m["card"] for m in s.fight.monsters] if s.combat else []
    if need == "new_monster":
        return [x for x in p.hand if card(s, x).kind == "monster"]
    if need == "pick":
        if "discard_in_play" in usable_effects(c):
            want = effect(c, "discard_in_play")
            return [x for q in s.players for x in q.in_play() if is_a(s, x, want)]
        # the card lets its player search the piles (decks.no_search): the top cards first, then the rest
        tops = s.discards["door"][-1:] + s.discards["treasure"][-1:]
        deeper = s.discards["door"][-2::-1] + s.discards["treasure"][-2::-1]
        return tops + deeper
    return []


def auto_params(s: GameState, player: str, c: Card) -> dict[str, Any]:
    """The first valid choice of every parameter a card's effects need (for cards played as a whole)."""
    out: dict[str, Any] = {}
    for k in usable_effects(c):
        for n in EFFECTS[k][0]:
            opts = param_options(s, player, n, c)
            if opts:
                out[n] = opts[0]
    return out
