"""Synthetic games: valid-typed event lists for tests and benchmarks, no engine needed."""

from __future__ import annotations

import random

from munchkin_nb.engine.core.events import Event

# Instance ids in the shape of docs/cards.md; tests pass this set as the card set.
CARDS = tuple([f"door_{i}" for i in range(40)] + [f"treasure_{i}#{c}" for i in range(20) for c in (1, 2)])
DOORS, TREASURES = CARDS[:40], CARDS[40:]


def _turn(rng: random.Random, turn: int, player: str) -> list[Event]:
    door, treasure = rng.choice(DOORS), rng.choice(TREASURES)
    roll = rng.randint(1, 6)
    return [
        Event("TurnStarted", {"player": player}, turn=turn, phase="start"),
        Event("PhaseChanged", {"phase": "kick_door"}, turn=turn, phase="kick_door"),
        Event(
            "CardDrawn",
            {"player": player, "card": door, "deck": "door", "face": "up"},
            turn=turn,
            phase="kick_door",
        ),
        Event(
            "CombatStarted",
            {"player": player, "monster": door},
            turn=turn,
            phase="combat",
            rules=("combat.start",),
        ),
        Event(
            "DieRolled", {"player": player, "purpose": "run_away", "result": roll}, turn=turn, phase="combat"
        ),
        Event(
            "ActionTaken",
            {"action": {"kind": "play", "card": treasure}},
            actor=player,
            automatic=False,
            turn=turn,
            phase="combat",
        ),
        Event(
            "LevelChanged",
            {"player": player, "delta": 1, "level": 2, "reason": "kill"},
            turn=turn,
            phase="combat",
            rules=("level.kill", "combat.win"),
        ),
        Event("TurnEnded", {"player": player}, turn=turn, phase="charity"),
    ]


def synthetic_game(
    turns: int, players: tuple[str, ...] = ("ann", "bob", "cyd"), seed: int = 0
) -> list[Event]:
    """GameStarted, two shuffles, `turns` whole turns of 8 events, GameWon."""
    rng = random.Random(seed)
    events = [
        Event(
            "GameStarted",
            {"ruleset": "classic", "card_set": "classic", "players": list(players), "seed": seed},
        ),
        Event("DeckShuffled", {"deck": "door", "order": rng.sample(DOORS, len(DOORS))}),
        Event("DeckShuffled", {"deck": "treasure", "order": rng.sample(TREASURES, len(TREASURES))}),
        Event("FirstPlayerChosen", {"player": players[0]}),
    ]
    for turn in range(1, turns + 1):
        events += _turn(rng, turn, players[(turn - 1) % len(players)])
    winner = players[(turns - 1) % len(players)] if turns else players[0]
    events.append(Event("GameWon", {"winners": [winner]}, turn=turns, phase="end"))
    return events


def synthetic_events(n: int, seed: int = 0) -> list[Event]:
    """Exactly n events (n >= 2) shaped like a game: for benchmarks only."""
    events = synthetic_game(n // 8 + 1, seed=seed)
    return events[: n - 1] + events[-1:]
