"""Dungeons and portals as a module of the base game: a dungeon deck, dungeons in play, portals.

Dungeons are a deck of their own (`dungeon`); the ones face up lie on the table, nobody's, and
change the game for everyone through hooks (monsters' and fighters' strength, abilities, levels
for entering or leaving). Portals are door cards that move the party between dungeons.
`engine.py` carries them out. Switched on per game: `simulate --modules dungeons`.
"""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Module, Phrases, Plugin, Words

from .rules import RULES

NAME = "dungeons"
DECK = "dungeon"  # the dungeon deck, and the kind of its cards
PORTAL = "portal"  # a door card

MODULE = Module(
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
PLUGIN = Plugin(
    NAME,
    RULES,
    module=MODULE,
    words=Words(
        decks=frozenset({DECK}),
        kinds={
            DECK: (frozenset({DECK}), frozenset({"effects"})),
            PORTAL: (frozenset({"door"}), frozenset({"effects"})),
        },
        effects={
            # dungeons: what they change while in play
            "monsters": frozenset(),  # {monsters: N}: every monster N stronger
            # {fighters: N, for: COND}: each fighter or helper matching COND +N
            "fighters": frozenset({"for"}),
            # {grant: KEY, value: V, for: COND}: an ability (vocabulary key)
            "grant": frozenset({"value", "for"}),
            "enter_level": frozenset({"wins"}),  # {enter_level: N}: who leads the party in goes up N levels
            "leave_level": frozenset({"wins"}),  # {leave_level: N}: who leads the party out goes up N levels
            # portals: where they lead
            "enter_dungeon": frozenset({"leave"}),  # {enter_dungeon: deck|discards, leave: one|all}
            "exit_dungeon": frozenset(),  # leave one of the dungeons in play (never the last)
        },
    ),
    lessons=("dungeons",),
    course_order=70,
    # its moves in words (English: the msgids of locale/<lang>/LC_MESSAGES/words.po)
    phrases=Phrases(
        done={
            "discover_exit": "discarded {cards} to find a way out",
            "dungeon_leave": "left the dungeon {card}",
            "dungeon_stay": "stayed in every dungeon",
            "play_portal": "played the portal {card}",
            "portal_flip": "turned over the portal {card}",
            "portal_keep": "kept the portal",
        },
        to_do={
            "discover_exit": "discard {cards} to find a way out",
            "dungeon_leave": "leave the dungeon {card}",
            "dungeon_stay": "stay in every dungeon",
            "play_portal": "play the portal {card}",
            "portal_flip": "turn over the portal {card}",
            "portal_keep": "keep the portal",
        },
        engine_words=("entered {what}", "left {what}"),
    ),
)

__all__ = ["DECK", "MODULE", "NAME", "PLUGIN", "PORTAL", "RULES"]
