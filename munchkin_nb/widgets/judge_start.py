"""What the judge's page opens with and reads before a visit: its lead, the example table, each
rule's folded line (cached: the same few rules after every change) and the warm-up a preheated
kernel runs."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from munchkin_nb.engine.core.cards import card_set as load_set
from munchkin_nb.judge import Position, may_do
from munchkin_nb.rules import BASE_GAME
from munchkin_nb.viz.words import action_words

from .judge_editor import Catalogue, _
from .lesson import rules_folded


@lru_cache(maxsize=1024)
def rule_folded(rule_id: str, lang: str) -> str:
    """One rule folded as an action's line shows it (the same few rules after every change)."""
    return rules_folded([rule_id], lang)


LEAD = _(
    "Set up a table as you hold it in mind, and the rules engine says what every player may do "
    "now, out of turn too, each with the rule that allows it; ask why not for any action, try a "
    "move, and share the table as a link or a scenario file."
)

#: the table the page opens with: a fight, a curse in hand, a player one level from winning
EXAMPLE: dict[str, Any] = {
    "players": [
        {"name": "Ana", "level": 3, "classes": ["warrior"], "equipped": ["helm_of_courage"]},
        {"name": "Ben", "level": 9, "hand": ["curse_lose_a_level"]},
        {"name": "Cleo", "sex": "female", "hand": ["gold_pieces_1000"]},
    ],
    "turn": "Ana",
    "fight": {"monsters": ["lame_goblin"]},
}


def warm() -> None:
    """Read what every visit needs (the card sets, the rules' words in every language, the
    engine's moves) before the visitor comes: a preheated kernel runs this while it waits."""
    from munchkin_nb.i18n import LANGUAGES

    state = Position.from_data(EXAMPLE).game().state
    may_do(state)
    for lang in LANGUAGES:
        cat = Catalogue(load_set(BASE_GAME), lang)
        cat.labels()
        for found in may_do(state).values():
            for a in found:
                rule_folded(a.rule, lang)
                action_words(a.action, state, with_player=False, lang=lang)
