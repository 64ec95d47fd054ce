"""One-shots played in a combat, for either side (what each kind does is in procs/oneshots.py)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action, CardName, IllegalAction, require
from ..core.builder import Builder
from ..core.cards import card
from ..core.state import GameState
from ..procs.flow import reopen
from ..procs.oneshots import kind_of, use_one_shot
from ..procs.running import finish_run
from ..query.cardinfo import when_ok
from ..query.combat import fighters
from .base import Move, act, move, quoted


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
            raise IllegalAction(
                "combat.one_shot",
                "{card} is not a one-shot {player} holds.",
                card=quoted(cid),
                player=a.player,
            )
        kind = kind_of(card(s, cid))
        if kind is None:
            raise IllegalAction(
                "combat.one_shot", "{card} is not played this way.", card=CardName(card(s, cid).name, cid)
            )
        c = card(s, cid)
        if c.when == "after_failed_roll":
            require(
                when_ok(s, a.player, c) and a.params.get("target") == a.player,
                "card.effect",
                "{card} is played only by a runner, after a failed run-away roll.",
                card=CardName(c.name, cid),
            )
        elif s.fight.escape is not None:
            raise IllegalAction("run.roll", "after a failed run-away roll only cards made for it help.")
        if s.fight.stage != "fight":
            require(kind == "auto_escape", "run.roll", "while running away only escape cards help.")
        require(
            kind != "double_strength" or s.fight.helper is None,
            "card.effect",
            "{card} is played only by a player fighting alone, and {helper} is helping.",
            card=CardName(c.name, cid),
            helper=s.fight.helper,
        )
        want = {k: a.params.get(k) for k in ("side", "target") if a.params.get(k) is not None}
        require(
            want in _sides(s, kind),
            "combat.one_shot",
            "a one-shot for the players' side is played on the fighter or the helper.",
        )

    def run(self, b: Builder, a: Action) -> None:
        c = card(b.s, a.params["card"])
        use_one_shot(b, a.player, a.params["card"], a.params)
        e = b.s.combat.escape if b.s.combat else None
        if e is not None and e["player"] in b.s.fight.auto_escape:
            finish_run(b, e["player"], e["monster"], True, f"escaped anyway: {c.name}")
            return
        reopen(b, a.player)
