"""The expansions as a module: more races and classes, their cheat cards, race, class and item enhancers.

Its cards (cards.yaml here) join classic's decks while the module is on; the words they use
are added to the card vocabulary here, and carried out in `engine.py` (hooks and moves).
Switched on per game: `simulate --modules expansions`, `modules: [expansions]`.
"""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Module, Phrases, Plugin, Words

from .rules import RULES

NAME = "expansions"
#: the enhancer kinds -> the zone of the card they are played on
ENHANCES = {"race_enhancer": "races", "class_enhancer": "classes", "item_enhancer": "items"}

MODULE = Module(
    name=NAME,
    title="More races, classes and enhancers",
    source="Munchkin (the base game), the expansions' races, classes and enhancers",
    cards=NAME,
    # how often a heuristic bot takes each of the module's moves when it may
    bot_tries={"enhance": 0.8, "gnome_illusion": 0.6, "bardic_luck_discard": 1.0},
)
PLUGIN = Plugin(
    NAME,
    RULES,
    module=MODULE,
    words=Words(
        races=frozenset({"orc", "gnome", "lizard_man", "centaur"}),
        classes=frozenset({"bard", "ranger"}),
        effects={
            "overkill_level": frozenset(),  # orc: one more level for a win by this much
            "illusion": frozenset(),  # gnome: a monster card from hand fights on your side
            "carry_big": frozenset(),  # centaur: more big items
            "bardic_luck": frozenset(),  # bard: one more treasure, then discard one
            "strength": frozenset(),  # an enhancer's combat bonus
        },
        kinds={
            kind: (frozenset({"treasure" if kind == "item_enhancer" else "door"}), frozenset({"effects"}))
            for kind in ENHANCES
        },
    ),
    lessons=("expansions",),
    course_order=40,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "bardic_luck_discard": "discarded {card} (bardic luck)",
            "enhance": "played {card} on {onto}",
            "gnome_illusion": "discarded {card} for an illusion",
        },
        to_do={
            "bardic_luck_discard": "discard {card} (bardic luck)",
            "enhance": "play {card} on {onto}",
            "gnome_illusion": "discard {card} for an illusion",
        },
    ),
)

__all__ = ["ENHANCES", "MODULE", "NAME", "PLUGIN", "RULES"]
