"""A few simulated games in a store, so the notebooks always have something to show."""

from __future__ import annotations

import warnings
from pathlib import Path

GAME_FIELDS = ("ruleset", "card_set", "modules", "players", "seed", "source", "winners", "turns")


def simulate_games(
    path: str | Path,
    n: int = 3,
    players: int = 4,
    bot: str = "heuristic",
    first_seed: int = 0,
    max_tries: int = 200,
    max_turns: int = 120,
) -> list[int]:
    """Play `n` bot games into the store at `path`; a seed whose game the engine cannot finish
    is skipped (the engine is still growing). Returns the new game ids."""
    from munchkin_nb.bots import play_game
    from munchkin_nb.store import EventStore

    store = EventStore(str(path))
    ids: list[int] = []
    try:
        for seed in range(first_seed, first_seed + max_tries):
            if len(ids) >= n:
                break
            try:
                rec = play_game(players, seed, bot, max_turns=max_turns)
            except Exception:
                continue
            meta = {k: v for k, v in rec.meta.items() if k in GAME_FIELDS}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ids.append(store.add_game(meta, rec.events))
    finally:
        store.close()
    if len(ids) < n:
        raise RuntimeError(f"only {len(ids)} of {n} games could be simulated in {max_tries} seeds")
    return ids
