"""The hirelings module as a plug-in: hirelings (escuderos) from the door deck, one at a time.

A hireling in play is kept in its owner's `attachments`, sitting on no item (""): so it is on the
table, looted with the body, and never taken as an item by bad stuff or a trade (000: a hireling is
not an item). Monster enhancers played on it sit on it there too, and go when it goes. What a
hireling does in play is in `engine.py`. Switched on per game: `simulate --modules hirelings`.
"""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Module, Phrases, Plugin, Words

from .rules import RULES

NAME = "hirelings"

MODULE = Module(
    name=NAME,
    title="Hirelings",
    source="Munchkin (the base game), hirelings from its expansions",
    cards=NAME,
    # how often a heuristic bot takes each of the module's moves when it may
    bot_tries={
        "hire": 0.9,
        "hireling_carry": 0.6,
        "sacrifice_hireling": 0.5,
        "enhance_hireling": 0.4,
        "dismiss_hireling": 0.01,
    },
)
PLUGIN = Plugin(
    NAME,
    RULES,
    module=MODULE,
    # a hireling card: its bonus, a gold value (none in this module's cards) and its effects:
    # {counts_as: {race, class, sex}} (what monsters see), {extra_item: N}, {carries: N}
    words=Words(
        kinds={"hireling": (frozenset({"door"}), frozenset({"bonus", "gold", "effects"}))},
        effects={"counts_as": frozenset(), "carries": frozenset()},
    ),
    lessons=("hirelings",),
    course_order=50,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "hire": "hired {card}",
            "dismiss_hireling": "dismissed the hireling",
            "hireling_carry": "gave {card} to the hireling to carry",
            "sacrifice_hireling": "sacrificed the hireling to escape",
            "enhance_hireling": "played {card} on the hireling {on}",
        },
        to_do={
            "hire": "hire {card}",
            "dismiss_hireling": "dismiss the hireling",
            "hireling_carry": "give {card} to the hireling to carry",
            "sacrifice_hireling": "sacrifice the hireling to escape",
            "enhance_hireling": "play {card} on the hireling {on}",
        },
        done_variants={
            ("hire", "cheat"): "hired {card} as a second hireling, with {cheat}",
        },
        to_do_variants={
            ("hire", "cheat"): "hire {card} as a second hireling, with {cheat}",
        },
        engine_words=("went with {what}",),
    ),
)

__all__ = ["MODULE", "NAME", "PLUGIN", "RULES"]
