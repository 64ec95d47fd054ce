"""Jupyter widgets over the engine and the store: stepper, combat, graphs, rules, lessons, the app view.

The names are imported on first use (PEP 562): a page that imports one widget module does not
load every other one (and what they import) into its kernel. The app view's names are imported
at once: its submodule is called ``app_view`` like its function, and importing the submodule
would otherwise leave the package's ``app_view`` naming the module.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .app_view import AppView, GameView, app_view, games_table_html

if TYPE_CHECKING:
    from .base import View, error_box
    from .combat_view import CombatView, what_if
    from .figure_output import RENDERER, figure_bundle, show_figure
    from .graph_view import GraphView
    from .lesson import Lesson
    from .rules_explorer import RulesExplorer, scenarios_for, search_rules
    from .sample import simulate_games
    from .stepper import TurnStepper

#: each public name and the module of this package that defines it
_MODULES = {
    "View": "base",
    "error_box": "base",
    "CombatView": "combat_view",
    "what_if": "combat_view",
    "RENDERER": "figure_output",
    "figure_bundle": "figure_output",
    "show_figure": "figure_output",
    "GraphView": "graph_view",
    "Lesson": "lesson",
    "RulesExplorer": "rules_explorer",
    "scenarios_for": "rules_explorer",
    "search_rules": "rules_explorer",
    "simulate_games": "sample",
    "TurnStepper": "stepper",
}

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


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


def __dir__() -> list[str]:
    return sorted(__all__)
