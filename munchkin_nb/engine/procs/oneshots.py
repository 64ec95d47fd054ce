"""One-shots played in a combat, for either side: each effect kind is one small function."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from ..core.actions import Action, IllegalAction, require
from ..core.builder import Builder
from ..core.registry import handles
from ..core.state import GameState
from ..moves.base import Move, act, move
from ..query.cardinfo import card, effect, effects, when_ok
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


def _holds_one_shot(s: GameState, player: str, cid: str) -> bool:
    p = s.player(player)
    return (cid in p.hand or cid in p.carried) and card(s, cid).kind == "one_shot"


def _sides(s: GameState, kind: str) -> list[dict[str, str]]:
    if kind == "double_strength" and s.fight.helper:
        return []  # its copy fights only beside a player fighting alone
    if kind == "bonus":
        return [{"side": "players", "target": f} for f in fighters(s.fight)] + [{"side": "monsters"}]
    if kind in ("auto_escape", "double_strength"):
        return [{"side": "players", "target": f} for f in fighters(s.fight)]
    if kind == "bonus_if":
        return [{"side": "players"}]
    return [{"side": "monsters"}]


@move
class PlayOneShot(Move):
    """A one-shot from hand or table for either side: a bonus, an escape, or the end of the fight."""

    name = "play_one_shot"
    when = ("run", "escape")
    anytime = ("combat",)
    anytime_rule = "combat.anyone_plays"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        p = s.player(player)
        for cid in p.hand + p.carried:
            c = card(s, cid)
            kind = kind_of(c) if c.kind == "one_shot" else None
            if kind is None or (s.fight.stage != "fight" and kind != "auto_escape"):
                continue
            if (c.when == "after_failed_roll") != (s.fight.escape is not None):
                continue  # such a card waits for a failed roll; only such a card helps after one
            if c.when == "after_failed_roll":
                yield act(self.name, player, card=cid, side="players", target=player)
                continue
            for side in _sides(s, kind):
                yield act(self.name, player, card=cid, **side)

    def check(self, s: GameState, a: Action) -> None:
        cid = a.params.get("card")
        if not (isinstance(cid, str) and _holds_one_shot(s, a.player, cid)):
            raise IllegalAction("combat.one_shot", f"{cid!r} is not a one-shot {a.player} holds.")
        kind = kind_of(card(s, cid))
        if kind is None:
            raise IllegalAction("combat.one_shot", f"{card(s, cid).name} is not played this way.")
        c = card(s, cid)
        if c.when == "after_failed_roll":
            require(
                when_ok(s, a.player, c) and a.params.get("target") == a.player,
                "card.effect",
                f"{c.name} is played only by a runner, after a failed run-away roll.",
            )
        elif s.fight.escape is not None:
            raise IllegalAction("run.roll", "after a failed run-away roll only cards made for it help.")
        if s.fight.stage != "fight":
            require(kind == "auto_escape", "run.roll", "while running away only escape cards help.")
        require(
            kind != "double_strength" or s.fight.helper is None,
            "card.effect",
            f"{c.name} is played only by a player fighting alone, and {s.fight.helper} is helping.",
        )
        want = {k: a.params.get(k) for k in ("side", "target") if a.params.get(k) is not None}
        require(
            want in _sides(s, kind),
            "combat.one_shot",
            "a one-shot for the players' side is played on the fighter or the helper.",
        )

    def run(self, b: Builder, a: Action) -> None:
        cid = a.params["card"]
        c = card(b.s, cid)
        kind = kind_of(c)
        assert kind is not None, "check() lets through only one-shots played this way"
        (ONE_SHOTS.get(kind) or _bonus)(b, a.player, cid, a.params, effect(c, kind))
        tags = _tags(c)
        if tags and b.s.combat and b.s.fight.stage == "fight" and a.params.get("side") == "players":
            killed_by_tags(b, tags)
        e = b.s.combat.escape if b.s.combat else None
        if e is not None and e["player"] in b.s.fight.auto_escape:
            from ..moves.combat import finish_run

            finish_run(b, e["player"], e["monster"], True, f"escaped anyway: {c.name}")
            return
        from ..moves.combat import reopen

        reopen(b, a.player)
