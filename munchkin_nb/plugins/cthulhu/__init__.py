"""Munchkin Cthulhu as a plug-in: its ruleset, its rules and the words its cards use.

What differs from the base game: two and two cards at the start and after a death; four classes
and no races; the Cultist (kept against your will, its own discard pile, the game's two other
ends); no card takes a player's or a monster's level to 0 or below. The engine part
(`engine.py`) carries these out through the hooks of `munchkin_nb.engine.hooks`.
"""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule
from munchkin_nb.rules.rulesets import Plugin, Ruleset, Words

from .rules import RENAMES, RULES

NAME = "cthulhu"
CULTIST = "cultist"  # the class word of the Cultist cards
PILE = "cultist"  # the Cultists' own discard pile
#: the base game's card that the rulebook says cures every Cultist (in a game with the classic cards mixed in)
CURE = "divine_intervention"

RULESET = Ruleset(
    name=NAME,
    card_set=NAME,
    start_doors=2,
    start_treasures=2,
    piles=(PILE,),
    received_rule="cthulhu.received",  # 'сразу же, как только вы их получили'
    removed_monster_treasures=True,  # 'убив или убрав его, используя карту'
    no_trade_in_a_fight=True,
    one_shots_on_table=True,  # 'на столе она или в «руке»'  # 'Вы не можете торговать во время боя.'
    # 'может комбинироваться с ним': the base game (Star Munchkin and Munchkin Fu are not here)
    mixes=("classic",),
    renames=RENAMES,
    source="Munchkin Cthulhu",
)
PLUGIN = Plugin(
    NAME,
    RULES,
    ruleset=RULESET,
    words=Words(
        classes=frozenset({"professor", "investigator", "monster_whacker", CULTIST}),
        steps={"become_cultist": frozenset()},
    ),
    lessons=("what_changes_cthulhu",),
    course_order=10,
)

__all__ = ["CURE", "CULTIST", "NAME", "PILE", "PLUGIN", "RULES", "RULESET", "Rule"]
