"""The steeds module as a plug-in: steeds (monturas) from the door deck, items that equip themselves.

A steed in play is an equipped item of its rider (slot none, big but outside the big-item limit);
monster enhancers played on it sit in the rider's `attachments` on the steed, as on a hireling
(the rule and its arithmetic are shared with the hirelings module). Drawn face up, a steed may be
fought as a monster: its card carries those numbers (level twice its bonus, 1 treasure, 1 level,
bad stuff: lose a level). Switched on per game: `simulate --modules steeds`.
"""

from __future__ import annotations

from munchkin_nb.cards import vocabulary
from munchkin_nb.rules.catalogue import register_rules
from munchkin_nb.rules.rulesets import Module, register_module

from .rules import RULES

NAME = "steeds"

# a steed card: an item's numbers, its numbers as a monster, and {steed_run_away: N}, the run-away
# modifier that replaces its rider's; a steed enhancer (an item that improves steeds, treasure):
# {steed_bonus: N}, what it adds to the steed it sits on
vocabulary.extend(
    kinds={
        "steed": (
            {"door"},
            {"bonus", "gold", "big", "effects", "level", "treasures", "levels", "bad_stuff"},
        ),
        "steed_enhancer": ({"treasure"}, {"effects"}),
    },
    effects={"steed_run_away": set(), "steed_bonus": set()},
)

MODULE = register_module(
    Module(
        name=NAME,
        title="Steeds",
        source="Munchkin (the base game), steeds from its expansions",
        cards=NAME,
        bot_tries={
            "mount_steed": 0.9,
            "fight_steed": 0.4,
            "dismount": 0.8,
            "enhance_steed": 0.4,
            "improve_steed": 0.9,
        },
    )
)
register_rules(RULES)

__all__ = ["MODULE", "NAME", "RULES"]
