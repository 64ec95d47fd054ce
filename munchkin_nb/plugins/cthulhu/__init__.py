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

RULESET = Ruleset(
    name=NAME,
    card_set=NAME,
    start_doors=2,
    start_treasures=2,
    piles=(PILE,),
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

__all__ = ["CULTIST", "NAME", "PILE", "PLUGIN", "RULES", "RULESET", "Rule"]
