"""Plotly figures and networkx graphs of games and card sets (pure functions, no widgets)."""

from .figures import combat_title, combat_waterfall, level_timeline, levels_by_turn, waterfall_terms
from .graphs import card_set_digraph, card_set_graph, draw_graph, interaction_digraph, interaction_graph
from .words import action_words, card_name, describe

__all__ = [
    "combat_title",
    "combat_waterfall",
    "level_timeline",
    "levels_by_turn",
    "waterfall_terms",
    "card_set_digraph",
    "card_set_graph",
    "draw_graph",
    "interaction_digraph",
    "interaction_graph",
    "action_words",
    "card_name",
    "describe",
]
