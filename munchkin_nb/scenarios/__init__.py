"""Scenarios: a position, stacked decks, forced dice, then steps and expectations (docs/scenarios.md)."""

from .model import Scenario, ScenarioError, load_scenario
from .runner import ScenarioResult, StepFailure, report, run_scenario, scenario_game

__all__ = [
    "Scenario",
    "ScenarioError",
    "load_scenario",
    "ScenarioResult",
    "StepFailure",
    "report",
    "run_scenario",
    "scenario_game",
]
