"""Special cards and one-shots played for their own effect (the effect kinds are in procs/effects.py)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action, CardName, require
from ..core.builder import Builder
from ..core.cards import card
from ..core.state import GameState
from ..procs.effects import EFFECTS, param_options, usable_effects, use_effects
from ..procs.flow import advance, open_window
from ..query.cardinfo import when_ok
from ..query.ruleset import ruleset_of
from .base import OPEN, Move, act, in_hand, move, target

SPECIAL_KINDS = ("special", "one_shot")


def _usable_from(s: GameState, player: str) -> list[str]:
    """The cards a player may play for their effect: the hand, and one-shots on the table where
    the ruleset lets one-shots be laid there ("on the table or in the hand")."""
    p = s.player(player)
    if not ruleset_of(s).one_shots_on_table:
        return p.hand
    return p.hand + [c for c in p.carried if card(s, c).kind == "one_shot"]


@move
class UseCard(Move):
    """Play a special card or a one-shot for what it does (not for a bonus)."""

    name = "use_card"
    hand_kinds = frozenset(SPECIAL_KINDS)
    anytime = OPEN
    anytime_rule = "card.special_any_time"

    def candidates(self, s: GameState, player: str) -> Iterable[Action]:
        for cid in _usable_from(s, player):
            c = card(s, cid)
            if c.kind not in SPECIAL_KINDS or not usable_effects(c) or not when_ok(s, player, c):
                continue
            needs = sorted({n for k in usable_effects(c) for n in EFFECTS[k][0]})
            params = {"card": cid}
            ok = True
            for n in needs:
                opts = param_options(s, player, n, c)
                if not opts:
                    ok = False
                    break
                params[n] = opts[0]
            if ok:
                yield act(self.name, player, **params)

    def check(self, s: GameState, a: Action) -> None:
        cid = a.params.get("card")
        if cid not in _usable_from(s, a.player):
            cid = in_hand(s, a)
        c = card(s, cid)
        require(
            c.kind in SPECIAL_KINDS and bool(usable_effects(c)),
            "card.effect",
            "{card} is not played for an effect.",
            card=CardName(c.name, cid),
        )
        require(when_ok(s, a.player, c), "card.effect", f"{c.name} cannot be played now ({c.when}).")
        for k in usable_effects(c):
            for n in EFFECTS[k][0]:
                require(
                    a.params.get(n) in param_options(s, a.player, n, c),
                    "card.effect",
                    f"{c.name} needs a valid {n!r}.",
                )
        if "steal_item" in usable_effects(c) and "target" in a.params:
            require(
                a.params["item"] in s.player(target(s, a)).equipped + s.player(a.params["target"]).carried,
                "card.effect",
                "the item must belong to the named player.",
            )

    def run(self, b: Builder, a: Action) -> None:
        use_effects(b, a.player, a.params["card"], a.params)
        if b.s.combat and b.s.fight.stage == "fight":
            open_window(b, a.player)
        advance(b)
