"""Jupyter widgets over the engine and the store: stepper, combat, graphs, rules, lessons, the app view."""

from .app_view import AppView, GameView, app_view, games_table_html
from .base import View, error_box
from .combat_view import CombatView, what_if
from .figure_output import RENDERER, figure_bundle, show_figure
from .graph_view import GraphView
from .lesson import Lesson
from .rules_explorer import RulesExplorer, scenarios_for, search_rules
from .sample import simulate_games
from .stepper import TurnStepper

__all__ = [
    "AppView",
    "GameView",
    "app_view",
    "games_table_html",
    "View",
    "error_box",
    "CombatView",
    "what_if",
    "RENDERER",
    "figure_bundle",
    "show_figure",
    "GraphView",
    "Lesson",
    "RulesExplorer",
    "scenarios_for",
    "search_rules",
    "simulate_games",
    "TurnStepper",
]
