"""Play whole games with bots: every event recorded, same seed same events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from munchkin_nb.engine import Action, Event, Game, GameState, legal_actions

NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva", "Fritz"]


class Bot(Protocol):
    """A player: picks one of the legal actions (never an empty list) in a state."""

    def choose(self, state: GameState, legal: list[Action], /) -> Action: ...


# How a bot is made: from its seed (a bot class such as RandomBot).
BotFactory: TypeAlias = Callable[[int], Bot]


@dataclass
class GameRecord:
    """One finished (or abandoned) game: metadata and the event stream."""

    meta: dict[str, Any]
    events: list[Event] = field(default_factory=list)


def play_game(
    players: int = 4, seed: int = 0, bot: str = "heuristic", max_turns: int = 400, max_events: int = 200_000
) -> GameRecord:
    """Play one game to its end (or `max_turns`); returns the record."""
    from . import BOTS

    game = Game.start(NAMES[:players], seed=seed)
    bots = {name: BOTS[bot](seed * 101 + i) for i, name in enumerate(NAMES[:players])}
    while not game.state.winners and game.state.turn <= max_turns and len(game.events) < max_events:
        legal = legal_actions(game.state)
        if not legal:
            raise RuntimeError(f"no legal action at event {len(game.events)} (phase {game.state.phase})")
        who = legal[0].player
        game.act(bots[who].choose(game.state, legal))
    meta = {
        "ruleset": "classic",
        "modules": [],
        "players": NAMES[:players],
        "seed": seed,
        "source": "simulated",
        "bot": bot,
        "winners": list(game.state.winners),
        "turns": game.state.turn,
    }
    return GameRecord(meta, game.events)
