"""The steeds module as a plug-in: steeds (monturas) from the door deck, items that equip themselves.

A steed in play is an equipped item of its rider (slot none, big but outside the big-item limit);
monster enhancers played on it sit in the rider's `attachments` on the steed, as on a hireling
(the rule and its arithmetic are shared with the hirelings module). Drawn face up, a steed may be
fought as a monster: its card carries those numbers (level twice its bonus, 1 treasure, 1 level,
bad stuff: lose a level). Switched on per game: `simulate --modules steeds`.
"""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Module, Phrases, Plugin, Words

from .rules import RULES

NAME = "steeds"

MODULE = Module(
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
PLUGIN = Plugin(
    NAME,
    RULES,
    module=MODULE,
    # a steed card: an item's numbers, its numbers as a monster, and {steed_run_away: N}, the
    # run-away modifier that replaces its rider's; a steed enhancer (an item that improves steeds,
    # treasure): {steed_bonus: N}, what it adds to the steed it sits on
    words=Words(
        kinds={
            "steed": (
                frozenset({"door"}),
                frozenset({"bonus", "gold", "big", "effects", "level", "treasures", "levels", "bad_stuff"}),
            ),
            "steed_enhancer": (frozenset({"treasure"}), frozenset({"effects"})),
        },
        effects={"steed_run_away": frozenset(), "steed_bonus": frozenset()},
    ),
    lessons=("steeds",),
    course_order=60,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "mount_steed": "mounted {card}",
            "dismount": "got off the steed",
            "fight_steed": "fought {card} as a monster",
            "enhance_steed": "played {card} on the steed {on}",
            "improve_steed": "improved the steed {on} with {card}",
        },
        to_do={
            "mount_steed": "mount {card}",
            "dismount": "get off the steed",
            "fight_steed": "fight {card} as a monster",
            "enhance_steed": "play {card} on the steed {on}",
            "improve_steed": "improve the steed {on} with {card}",
        },
        done_variants={
            ("mount_steed", "cheat"): "mounted {card} as a second steed, with {cheat}",
        },
        to_do_variants={
            ("mount_steed", "cheat"): "mount {card} as a second steed, with {cheat}",
        },
    ),
)

__all__ = ["MODULE", "NAME", "PLUGIN", "RULES"]
