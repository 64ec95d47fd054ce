"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from munchkin_nb.engine import Action, GameState, legal_actions


class RandomBot:
    """Chooses any legal action, with its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, state: GameState, me: str) -> None:
        return None  # it always picks from the whole list

    def considers(self, state: GameState, me: str) -> None:
        return None  # any legal action at all

    def choose(self, state: GameState, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]

    def interject(self, state: GameState, me: str) -> Action | None:
        """Now and then (one chance in twenty) any out-of-turn play at all."""
        if self.rng.random() >= 0.05:
            return None
        legal = legal_actions(state, me)
        return legal[self.rng.randrange(len(legal))] if legal else None
