"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from munchkin_nb.engine import Action, GameState


class RandomBot:
    """Chooses any legal action, with its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
