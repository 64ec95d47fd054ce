"""Try it: take an action on a judged table, read what happened in words, and step back."""

from __future__ import annotations

from dataclasses import dataclass, field

from munchkin_nb.engine import Action, Game, GameState, RandomChance, fold
from munchkin_nb.viz.words import describe

from .ask import resolve


@dataclass
class Table:
    """A game laid out from a Position, with an undo stack of the states before each action."""

    game: Game
    undo_stack: list[int] = field(default_factory=list)  # the event count before each action

    def __post_init__(self) -> None:
        # a table held in mind has no dice scripted: the dice of a tried action are rolled (seeded)
        self.game.chance = RandomChance(0)

    @property
    def state(self) -> GameState:
        return self.game.state

    def take(self, a: Action, lang: str = "en") -> list[str]:
        """Take `a` (IllegalAction if refused, nothing changed) and say what happened, one line per event."""
        before = self.game.state.copy()
        a = resolve(self.game.state, a)
        mark = len(self.game.events)
        events = self.game.act(a)
        self.undo_stack.append(mark)
        return [describe(e, before, lang) for e in events if e.type != "ActionTaken"]

    def back(self) -> bool:
        """Step back one action; False when there is none to undo."""
        if not self.undo_stack:
            return False
        mark = self.undo_stack.pop()
        del self.game.events[mark:]
        self.game.state = fold(self.game.events)
        return True
