"""Players that choose among the engine's legal actions, and a runner for whole games."""

from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .runner import Bot, BotFactory, GameRecord, play_game

BOTS: dict[str, BotFactory] = {"random": RandomBot, "heuristic": HeuristicBot}

__all__ = ["Bot", "BotFactory", "RandomBot", "HeuristicBot", "GameRecord", "play_game", "BOTS"]
