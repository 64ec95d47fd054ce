"""Snapshots: the state every N events, so seeking folds a few events, not the game."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from munchkin_nb.engine.core.events import Event

DEFAULT_EVERY = 500


@dataclass(frozen=True)
class Reducer:
    """How to fold events into a state and (de)serialise it; the engine's by default."""

    initial: Callable[[], Any]
    evolve: Callable[[Any, Event], Any]
    to_dict: Callable[[Any], dict[str, Any]]
    from_dict: Callable[[dict[str, Any]], Any]


def engine_reducer() -> Reducer | None:
    """The engine's fold (GameState, evolve), or None while the engine is not there."""
    try:
        from munchkin_nb.engine import GameState, evolve
    except ImportError:
        return None
    return Reducer(GameState.initial, evolve, lambda s: s.to_dict(), GameState.from_dict)


def dumps_state(reducer: Reducer, state: Any) -> str:
    """Canonical JSON of a state, as stored in `snapshots.state`."""
    return json.dumps(reducer.to_dict(state), sort_keys=True, separators=(",", ":"))


def crosses(last_seq: int, n_new: int, every: int) -> bool:
    """True when appending n_new events after last_seq reaches a snapshot point."""
    return every > 0 and (last_seq + n_new) // every > last_seq // every


def fold_snapshots(
    reducer: Reducer, state: Any, last_seq: int, events: Iterable[Event], every: int
) -> list[tuple[int, str]]:
    """Fold `events` (seq last_seq+1...) into `state`; (seq, JSON) at each multiple of every."""
    out = []
    evolve = reducer.evolve
    for seq, event in enumerate(events, last_seq + 1):
        state = evolve(state, event)
        if seq % every == 0:
            out.append((seq, dumps_state(reducer, state)))
    return out
