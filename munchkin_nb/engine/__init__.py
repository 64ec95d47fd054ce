"""The rules engine: state is data, actions are intents, events are facts, evolve is the fold."""

from munchkin_nb.rules.registry import load_engine

from .core.actions import Action, IllegalAction
from .core.chance import RandomChance, ScriptedChance
from .core.events import EVENT_TYPES, Event
from .core.evolve import evolve, fold
from .core.state import Combat, GameState, Player, state_hash
from .game import Game, new_game
from .legal import apply, can, context, legal_actions, verify
from .query.combat import Breakdown, Term, breakdown

# the ruleset and module plug-ins register their hooks, steps and moves with the engine
load_engine()

__all__ = [
    "Action",
    "IllegalAction",
    "RandomChance",
    "ScriptedChance",
    "Breakdown",
    "Term",
    "breakdown",
    "EVENT_TYPES",
    "Event",
    "evolve",
    "fold",
    "Game",
    "new_game",
    "apply",
    "can",
    "context",
    "legal_actions",
    "verify",
    "Combat",
    "GameState",
    "Player",
    "state_hash",
]
