"""The Munchkinomicon as a module of the base game: one evil book and its spell deck.

The book starts on top of the treasure deck, is equipped by whoever gets it, gives +5 (and +3 for
each monster enhancer played on it, which stays with it), and changes sides without mercy: to
whoever dies, curses someone, or sacrifices a level or three cards. Its owner draws spells, a deck
of their own. `engine.py` carries it out. Switched on per game: `simulate --modules munchkinomicon`.
"""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Module, Phrases, Plugin, Words

from .rules import RULES

NAME = "munchkinomicon"
BOOK = "munchkinomicon"  # the card's id
SPELLS = "spell"  # the spell deck

MODULE = Module(
    name=NAME,
    title="The Munchkinomicon",
    source="Munchkin (the base game), the Munchkinomicon module",
    cards=NAME,
    # how often a heuristic bot takes each of the module's moves when it may
    bot_tries={"summon_munchkinomicon": 0.03, "enhance_munchkinomicon": 0.5},
)
PLUGIN = Plugin(
    NAME,
    RULES,
    module=MODULE,
    # spells are curses, one-shots and levels of a deck of their own (not items: no gold value)
    words=Words(
        decks=frozenset({SPELLS}),
        kinds={kind: (frozenset({SPELLS}), frozenset()) for kind in ("curse", "one_shot", "go_up_a_level")},
    ),
    lessons=("munchkinomicon",),
    course_order=80,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "enhance_munchkinomicon": "played {card} on the Munchkinomicon",
            "summon_munchkinomicon": "made a sacrifice to summon the Munchkinomicon",
        },
        to_do={
            "enhance_munchkinomicon": "play {card} on the Munchkinomicon",
            "summon_munchkinomicon": "make a sacrifice to summon the Munchkinomicon",
        },
    ),
)

__all__ = ["BOOK", "MODULE", "NAME", "PLUGIN", "RULES", "SPELLS"]
