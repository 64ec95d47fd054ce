"""Players that choose among the engine's legal actions, and a runner for whole games."""

from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .runner import GameRecord, play_game

BOTS = {"random": RandomBot, "heuristic": HeuristicBot}

__all__ = ["RandomBot", "HeuristicBot", "GameRecord", "play_game", "BOTS"]
