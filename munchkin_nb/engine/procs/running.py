"""Running away: the roll and what may still change it, then the escape or the bad stuff."""

from __future__ import annotations

from ..core.builder import Builder
from ..core.cards import card, effect, effects
from ..core.decisions import ForceRerunDecision
from ..core.registry import handles
from ..core.state import GameState
from ..query.cardinfo import abilities
from ..query.combat import run_away_modifier
from ..query.fight import die_setters, glue_pots
from ..query.ruleset import rs
from .effects import usable_effects
from .flow import advance, draw
from .steps import apply_steps


def after_roll_cards(s: GameState, name: str) -> list[str]:
    """The runner's cards that still help once a run-away roll has failed: a die setter, a card
    played after a failed roll, and an own-turn card of the active player (the Magic Lamp)."""
    p = s.player(name)
    out = die_setters(s, name)
    for cid in p.hand + p.carried:
        c = card(s, cid)
        if c.when == "after_failed_roll" or (
            c.when == "own_turn" and cid in p.hand and s.active.name == name and usable_effects(c)
        ):
            out.append(cid)
    return out


def roll_escape(
    b: Builder, name: str, m: str, roll: int, bonus: int, rerolled: bool = False, glued: bool = False
) -> None:
    s = b.s
    total = roll + run_away_modifier(s, name, m) + bonus
    escaped = total >= rs(b).escape_on
    p = s.player(name)
    can_improve = not escaped and (
        after_roll_cards(s, name)
        or p.hand
        and (abilities(s, p, "flight") or (abilities(s, p, "reroll_run_away") and not rerolled))
    )
    if can_improve:
        b.emit(
            "EscapeRolled",
            {
                "player": name,
                "monster": m,
                "roll": roll,
                "total": total,
                "bonus": bonus,
                "rerolled": rerolled,
                "glued": glued,
            },
            ["run.roll"],
        )
        return
    if escaped and not glued and glue_pots(s, name):
        glue: ForceRerunDecision = {
            "player": glue_pots(s, name)[0][0],
            "kind": "force_rerun",
            "runner": name,
            "monster": m,
            "bonus": bonus,
            "roll": roll,
            "then": [],
        }
        b.emit("DecisionRequired", dict(glue), ["card.effect"])
        return
    finish_run(b, name, m, escaped, f"rolled {roll}, total {total}", by_roll=True)


@handles("effect", "escaped_bad_stuff", "escape_treasures")
def finish_run(b: Builder, name: str, m: str, escaped: bool, how: str, by_roll: bool = False) -> None:
    s = b.s
    b.emit("RanAway", {"player": name, "monster": m, "escaped": escaped, "how": how}, ["run.roll"])
    mc = card(s, m)
    if escaped and by_roll:
        p = s.player(name)
        for cid in list(p.equipped):
            for n in effects(card(s, cid), "escape_treasures"):
                for _ in range(int(n)):
                    draw(b, name, "treasure", "down", card(s, cid).name, ["card.effect"])
    if not escaped:
        b.emit("BadStuffApplied", {"player": name, "monster": m}, ["run.bad_stuff"])
        apply_steps(b, name, list(mc.bad_stuff), m)
    else:
        extra = effect(mc, "escaped_bad_stuff")
        if extra:
            b.emit(
                "BadStuffApplied", {"player": name, "monster": m, "note": "even on escape"}, ["run.bad_stuff"]
            )
            apply_steps(b, name, list(extra), m)
    advance(b)
