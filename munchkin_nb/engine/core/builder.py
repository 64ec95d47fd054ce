"""A scratch copy of the state that records every event it is given: how actions make events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from munchkin_nb.rules.rulesets import RULESETS

from .chance import DIE_SIDES, Chance
from .events import Event
from .evolve import evolve
from .state import GameState

_RENAMES: dict[str, Mapping[str, str]] = {}


def renames_of(ruleset: str) -> Mapping[str, str]:
    """The ruleset's own rule ids for core rules (empty for the base game or before a game)."""
    found = _RENAMES.get(ruleset)  # asked once per action
    if found is None:
        rs = RULESETS.get(ruleset)
        found = rs.renames if rs else {}
        if rs is not None:  # an unknown name is not remembered: its ruleset may register later
            _RENAMES[ruleset] = found
    return found


class Builder:
    """Emit events one by one, each folded at once into a private copy of the state
    (or, with `in_place`, into the caller's state: the caller then owns any half-made change)."""

    def __init__(self, state: GameState, chance: Chance, in_place: bool = False) -> None:
        self.s = state if in_place else state.copy()
        self.chance = chance
        self.events: list[Event] = []
        self._renames_of = ""  # the ruleset whose renames are loaded ("" before GameStarted)
        self._renames: Mapping[str, str] = {}

    def emit(
        self,
        etype: str,
        payload: dict[str, Any] | None = None,
        rules: Iterable[str] = (),
        actor: str | None = None,
        automatic: bool = True,
    ) -> Event:
        if self.s.ruleset != self._renames_of:
            self._renames_of = self.s.ruleset
            self._renames = renames_of(self.s.ruleset)
        if self._renames:  # a ruleset cites its own rule where it has one for the same thing
            rules = [self._renames.get(r, r) for r in rules]
        e = Event(etype, payload or {}, actor, automatic, tuple(rules), self.s.turn, self.s.phase)
        evolve(self.s, e)
        self.events.append(e)
        return e

    def roll(
        self, player: str | None, purpose: str, rules: Iterable[str] = (), sides: int = DIE_SIDES
    ) -> int:
        """Roll a die (the six-sided one unless `sides` says); the result is recorded as an event."""
        result = self.chance.roll(sides)
        payload: dict[str, Any] = {"player": player, "purpose": purpose, "result": result}
        if sides != DIE_SIDES:  # the six-sided die's events keep the form they always had
            payload["sides"] = sides
        self.emit("DieRolled", payload, rules)
        return result
