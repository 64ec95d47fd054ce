"""Rulesets as data: what differs between games lives here, not in if-chains."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Ruleset:
    """The numbers and switches of one variant of the game."""

    name: str
    card_set: str
    min_players: int = 3
    max_players: int = 6
    start_doors: int = 4  # dealt at the start, and again to a new character after a death
    start_treasures: int = 4
    win_level: int = 10
    hand_limit: int = 5
    escape_on: int = 5  # a run-away roll of this or more escapes
    sell_per_level: int = 1000
    modules: tuple[str, ...] = ()
    #: discard piles besides "door" and "treasure" (hooks.discard_pile sends cards there)
    piles: tuple[str, ...] = ()
    #: turns after a death before the new character may help in a fight (0: at once)
    dead_help_delay: int = 1
    #: core rule id -> this ruleset's own rule for the same thing (cited in events and refusals)
    renames: Mapping[str, str] = field(default_factory=dict)
    #: the rulebook this ruleset follows, as a reader knows it
    source: str = "Munchkin (the base game)"


RULESETS: dict[str, Ruleset] = {
    "classic": Ruleset(name="classic", card_set="classic"),
}


def register_ruleset(rs: Ruleset) -> Ruleset:
    """A plug-in adds its ruleset (or a module its switches); the name must be new."""
    if rs.name in RULESETS and RULESETS[rs.name] is not rs:
        raise ValueError(f"ruleset {rs.name!r} is registered twice")
    RULESETS[rs.name] = rs
    return rs


def ruleset(name: str) -> Ruleset:
    """The ruleset of that name; ValueError lists the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}") from None
