"""Munchkin Booty as a plug-in: its ruleset, its rules and the words its cards use.

What differs from the base game: accents take the place of races (the engine's race slot holds
them); Super Munchkin and Bilingual may be played at any time and go as soon as a class, or the
last accent, is lost; cards received out of your own turn may be laid out at that moment; the
dead help in a fight at once; bad stuff may send worn items into the backpack. The German text
names no ships, and this set has none. The engine part (`engine.py`) carries these out through
the hooks of `munchkin_nb.engine.hooks` and two moves of its own.
"""

from __future__ import annotations

from munchkin_nb.rules.catalogue import Rule
from munchkin_nb.rules.rulesets import Phrases, Plugin, Ruleset, Words

from .rules import RENAMES, RULES

NAME = "booty"
ACCENTS = frozenset({"french", "spanish", "british", "dutch"})
CLASSES = frozenset({"privateer", "gunner", "swashbuckler", "captain"})

RULESET = Ruleset(
    name=NAME,
    card_set=NAME,
    dead_help_delay=0,  # 'Du kannst ab sofort schon wieder im Kampf helfen'
    received_rule="booty.received",  # 'oder in dem Moment, in dem man sie erhält'
    removed_monster_treasures=True,  # 'egal, ob du das Monster getötet oder anders eliminiert hast'
    sell_received_at_once=True,  # 'Du darfst ihn nur in deinem eigenen Zug verkaufen'
    no_trade_in_a_fight=True,  # 'nicht erlaubt, während eines Kampfes Gegenstände zu … handeln'
    renames=RENAMES,
    source="Munchkin Booty",
)
PLUGIN = Plugin(
    NAME,
    RULES,
    ruleset=RULESET,
    words=Words(races=ACCENTS, classes=CLASSES, steps={"into_the_backpack": frozenset()}),
    lessons=("what_changes_booty",),
    course_order=20,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "lay_out_received": "laid out {card} at once",
            "keep_received": "kept the rest in hand",
            "play_bilingual": "played {card}",
            "play_super_munchkin": "played {card}",
        },
        to_do={
            "lay_out_received": "lay out {card} at once",
            "keep_received": "keep the rest in hand",
            "play_bilingual": "play {card}",
            "play_super_munchkin": "play {card}",
        },
    ),
)

__all__ = ["ACCENTS", "CLASSES", "NAME", "PLUGIN", "RULES", "RULESET", "Rule"]
