"""Dungeons and portals as a module of the base game: a dungeon deck, dungeons in play, portals.

Dungeons are a deck of their own (`dungeon`); the ones face up lie on the table, nobody's, and
change the game for everyone through hooks (monsters' and fighters' strength, abilities, levels
for entering or leaving). Portals are door cards that move the party between dungeons.
`engine.py` carries them out. Switched on per game: `simulate --modules dungeons`.
"""

from __future__ import annotations

from munchkin_nb.cards import vocabulary
from munchkin_nb.rules.catalogue import register_rules
from munchkin_nb.rules.rulesets import Module, register_module

from .rules import RULES

NAME = "dungeons"
DECK = "dungeon"  # the dungeon deck, and the kind of its cards
PORTAL = "portal"  # a door card

vocabulary.extend(
    decks=frozenset({DECK}),
    kinds={DECK: ({DECK}, {"effects"}), PORTAL: ({"door"}, {"effects"})},
    effects={
        # dungeons: what they change while in play
        "monsters": set(),  # {monsters: N}: every monster N stronger
        "fighters": {"for"},  # {fighters: N, for: COND}: each fighter or helper matching COND +N
        "grant": {"value", "for"},  # {grant: KEY, value: V, for: COND}: an ability (vocabulary key)
        "enter_level": {"wins"},  # {enter_level: N}: who leads the party in goes up N levels
        "leave_level": {"wins"},  # {leave_level: N}: who leads the party out goes up N levels
        # portals: where they lead
        "enter_dungeon": {"leave"},  # {enter_dungeon: deck|discards, leave: one|all}
        "exit_dungeon": set(),  # leave one of the dungeons in play (never the last)
    },
)

MODULE = register_module(
    Module(
        name=NAME,
        title="Dungeons and portals",
        source="Munchkin (the base game), the dungeons and portals module",
        cards=NAME,
        # how often a heuristic bot takes each of the module's moves when it may
        bot_tries={
            "play_portal": 0.5,
            "discover_exit": 0.03,
            "portal_flip": 0.5,
            "portal_keep": 1.0,
            "dungeon_leave": 0.6,
            "dungeon_stay": 1.0,
        },
    )
)
register_rules(RULES)

__all__ = ["DECK", "MODULE", "NAME", "PORTAL", "RULES"]
