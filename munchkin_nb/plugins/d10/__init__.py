"""The Munchkin d10 module as a plug-in: spend a level before kicking the door to roll a d10.

The table of ten results is in 000 (the module section at its end); `engine.py` carries it out
with its own moves and hooks. Switched on per game: `simulate --modules d10`, `modules: [d10]`.
"""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Module, Phrases, Plugin, Words

from .rules import RULES

NAME = "d10"
SIDES = 10

MODULE = Module(
    name=NAME,
    title="Munchkin d10",
    source="Munchkin (the base game), the Munchkin d10 module",
    die_sides=SIDES,
    # how often a heuristic bot takes each of the module's moves when it may (the rest: its own)
    bot_tries={
        "d10_roll": 0.3,
        "d10_set_die": 0.2,
        "d10_apply": 1.0,
        "d10_choose": 1.0,
        "d10_reload": 0.5,
    },
    cards=NAME,  # the Reloaded Die: its cards.yaml
)
PLUGIN = Plugin(
    NAME,
    RULES,
    module=MODULE,
    # the Reloaded Die's word: turn someone else's d10 to any face (carried out in engine.py)
    words=Words(effects={"set_others_die": frozenset()}),
    lessons=("d10",),
    course_order=30,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "d10_roll": "gave up a level to roll the d10",
            "d10_set_die": "set the d10 to {value} with {card}",
            "d10_choose": "chose face {face} of the d10",
            "d10_apply": "carried out the d10",
            "d10_reload": "turned the d10 to {value} with {card}",
        },
        to_do={
            "d10_roll": "give up a level to roll the d10",
            "d10_set_die": "set the d10 to {value} with {card}",
            "d10_choose": "choose face {face} of the d10",
            "d10_apply": "carry out the d10",
            "d10_reload": "turn the d10 to {value} with {card}",
        },
        done_variants={
            ("d10_apply", "source"): "took the d10's card from the {source}",
            ("d10_apply", "mine"): "swapped {mine} for {theirs} (d10)",
            ("d10_apply", "target"): "took a level from {target} (d10)",
        },
        to_do_variants={
            ("d10_apply", "source"): "take the d10's card from the {source}",
            ("d10_apply", "mine"): "swap {mine} for {theirs} (d10)",
            ("d10_apply", "target"): "take a level from {target} (d10)",
        },
    ),
)

__all__ = ["MODULE", "NAME", "PLUGIN", "RULES", "SIDES"]
