"""The Epic Munchkin module as a plug-in: play on to level 20, Epic characters from level 10.

Its numbers (the winning level, the levels only a kill reaches) are `Module.changes` to the
ruleset; what an Epic character does differently (two doors, race and class powers) is in
`engine.py`, as hooks and moves. Switched on per game: `simulate --modules epic`, `modules: [epic]`.
"""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Module, Phrases, Plugin

from .expansions_rules import RULES as WITH_EXPANSIONS
from .rules import RULES

NAME = "epic"
#: the level from which a character is Epic: where the base game would have been won
EPIC_FROM = 10

MODULE = Module(
    name=NAME,
    title="Epic Munchkin",
    source="Munchkin (the base game), the Epic Munchkin module",
    # how often a heuristic bot takes each of the module's moves when it may
    bot_tries={
        "epic_miracle": 0.2,
        "epic_shadow_steal": 0.5,
        "epic_escape_curse": 0.7,
        "epic_suffer_curse": 1.0,
        "epic_orc_eat": 1.0,
        "epic_drop_big_item": 1.0,
        "epic_centaur_herd": 0.5,
        "epic_pet_bonus": 0.5,
        "epic_tame_pet": 1.0,
        "epic_pet_wander": 0.5,
        "epic_arrow": 0.5,
        "epic_play_turned": 0.7,
        "epic_fight_now": 1.0,  # when it does not play the turned card
        "epic_miracle_play": 1.0,
        "epic_ranger_tame": 0.5,
    },
    # in a fight won anyway: a human with no pet may keep a small monster for later, the pet being a
    # one-shot bonus of its level, or a Wandering Monster to set on the leader's fight; an orc may
    # eat a level-1 monster for a level nobody can stop, rather than fight it for its treasure
    bot_gains={"epic_tame_pet": 0.3, "epic_orc_eat": 0.5},
    changes={"win_level": 20, "kill_levels": 2, "kill_rule": "epic.kill_levels"},
)
# with them the expansions' epic powers; they act only with both modules on
PLUGIN = Plugin(
    NAME,
    RULES + WITH_EXPANSIONS,
    module=MODULE,
    lessons=("epic",),
    course_order=90,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "epic_arrow": "shot an arrow at the monsters (-2), discarding {card}",
            "epic_escape_curse": "discarded {card} to run from the curse",
            "epic_suffer_curse": "let the curse land",
            "epic_miracle": "discarded {cards} for a miracle",
            "epic_shadow_steal": "discarded {card} to steal from {target}'s hand",
            "epic_orc_eat": "ate {monster}",
            "epic_centaur_herd": "discarded {cards} to take the steed",
            "epic_tame_pet": "made {monster} a pet",
            "epic_pet_bonus": "sacrificed the pet for {target}",
            "epic_pet_wander": "set the pet on the fight",
            "epic_ranger_tame": "discarded the hand to tame {monster}",
            "epic_drop_big_item": "discarded the big item {card}",
            "epic_play_turned": "played {card}, turned at the door, before the fight",
            "epic_fight_now": "kept the turned card and went on to the fight",
            "epic_miracle_play": "played {card}, brought by the miracle, at once",
            "epic_miracle_keep": "kept the miracle's treasure in hand",
        },
        to_do={
            "epic_arrow": "shoot an arrow at the monsters (-2), discarding {card}",
            "epic_escape_curse": "discard {card} to run from the curse",
            "epic_suffer_curse": "let the curse land",
            "epic_miracle": "discard {cards} for a miracle",
            "epic_shadow_steal": "discard {card} to steal from {target}'s hand",
            "epic_orc_eat": "eat {monster}",
            "epic_centaur_herd": "discard {cards} to take the steed",
            "epic_tame_pet": "make {monster} a pet",
            "epic_pet_bonus": "sacrifice the pet for {target}",
            "epic_pet_wander": "set the pet on the fight",
            "epic_ranger_tame": "discard the hand to tame {monster}",
            "epic_drop_big_item": "discard the big item {card}",
            "epic_play_turned": "play {card}, turned at the door, before the fight",
            "epic_fight_now": "keep the turned card and go on to the fight",
            "epic_miracle_play": "play {card}, brought by the miracle, at once",
            "epic_miracle_keep": "keep the miracle's treasure in hand",
        },
        done_variants={
            ("epic_arrow", "target"): "shot an arrow at {target} (-2), discarding {card}",
        },
        to_do_variants={
            ("epic_arrow", "target"): "shoot an arrow at {target} (-2), discarding {card}",
        },
    ),
)

__all__ = ["EPIC_FROM", "MODULE", "NAME", "PLUGIN", "RULES"]
