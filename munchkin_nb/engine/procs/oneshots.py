"""What a one-shot played in a combat does, for either side: each effect kind is one small function."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from ..core.builder import Builder
from ..core.cards import card, effect, effects
from ..core.registry import handles
from ..query.combat import fighters
from .flow import discard
from .monster_effects import killed_by_tags

if TYPE_CHECKING:
    from munchkin_nb.cards import Card

#: runner(b, player, cid, params, value): `value` is the effect's value in the card data
OneShotFn: TypeAlias = Callable[[Builder, str, str, dict[str, Any], Any], None]

# effect kind -> runner(b, player, cid, params, value); the first kind a card has wins
ONE_SHOTS: dict[str, OneShotFn] = {}

_O = TypeVar("_O", bound=OneShotFn)


def one_shot(name: str) -> Callable[[_O], _O]:
    def deco(fn: _O) -> _O:
        ONE_SHOTS[name] = fn
        return handles("effect", name)(fn)

    return deco


def _tags(c: Card) -> list[str]:
    return [t for t in effects(c, "tag") if isinstance(t, str)]


@one_shot("end_combat")
def _end_combat(b: Builder, player: str, cid: str, params: dict[str, Any], value: Any) -> None:
    for m in list(b.s.fight.monsters):
        b.emit(
            "MonsterRemoved",
            {"monster": m["card"], "reason": card(b.s, cid).name, "treasures": 0},
            ["combat.defeat_without_kill"],
        )
    discard(b, player, cid, "one-shot used", ["combat.one_shot"])


@one_shot("auto_escape")
def _auto_escape(b: Builder, player: str, cid: str, params: dict[str, Any], value: Any) -> None:
    """The target escapes without rolling; `auto_escape: N` lets up to N fighters escape."""
    n = value if isinstance(value, int) and not isinstance(value, bool) else 1
    who = [params["target"]] + [f for f in fighters(b.s.fight) if f != params["target"]]
    for name in who[:n]:
        if name not in b.s.fight.auto_escape:
            b.emit("AutoEscapeGranted", {"player": name, "card": cid}, ["combat.one_shot"])
    discard(b, player, cid, "one-shot used", ["combat.one_shot"])


@one_shot("double_strength")
def _double(b: Builder, player: str, cid: str, params: dict[str, Any], value: Any) -> None:
    b.emit(
        "ModifierPlayed",
        {
            "card": cid,
            "side": "players",
            "target": params["target"],
            "amount": 0,
            "by": player,
            "double": True,
            "tags": _tags(card(b.s, cid)),
        },
        ["combat.one_shot", "card.effect"],
    )


@one_shot("bonus_if")
def _bonus_if(b: Builder, player: str, cid: str, params: dict[str, Any], value: Any) -> None:
    """+N to each fighter for whom the condition holds (now or if they join later)."""
    e = effect(card(b.s, cid), "bonus_if")
    b.emit(
        "ModifierPlayed",
        {
            "card": cid,
            "side": "players",
            "target": None,
            "amount": int(e["amount"]),
            "by": player,
            "cond": e["bonus_if"],
            "tags": _tags(card(b.s, cid)),
        },
        ["combat.one_shot", "card.effect"],
    )


def _bonus(b: Builder, player: str, cid: str, params: dict[str, Any], value: Any) -> None:
    c = card(b.s, cid)
    side = params["side"]
    b.emit(
        "ModifierPlayed",
        {
            "card": cid,
            "side": side,
            "target": params.get("target") if side == "players" else None,
            "amount": c.bonus,
            "by": player,
            "tags": _tags(c),
        },
        ["combat.one_shot"],
    )


def kind_of(c: Card) -> str | None:
    """What playing this one-shot in a combat does: an effect kind, 'bonus', or None."""
    for e in c.effects:
        key = e if isinstance(e, str) else next(iter(e))
        if key in ONE_SHOTS:
            return key
    return "bonus" if c.bonus else None


def use_one_shot(b: Builder, player: str, cid: str, params: dict[str, Any]) -> None:
    """A one-shot is played in a combat (`params`: its side and target): what its kind does, then a
    monster its tags kill at once."""
    c = card(b.s, cid)
    kind = kind_of(c)
    assert kind is not None, "check() lets through only one-shots played this way"
    (ONE_SHOTS.get(kind) or _bonus)(b, player, cid, params, effect(c, kind))
    tags = _tags(c)
    if tags and b.s.combat and b.s.fight.stage == "fight" and params.get("side") == "players":
        killed_by_tags(b, tags)
