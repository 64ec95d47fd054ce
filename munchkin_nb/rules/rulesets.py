"""Rulesets as data: what differs between games lives here, not in if-chains."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ruleset:
    """The numbers and switches of one variant of the game."""

    name: str
    card_set: str
    min_players: int = 3
    max_players: int = 6
    start_doors: int = 4
    start_treasures: int = 4
    win_level: int = 10
    hand_limit: int = 5
    escape_on: int = 5  # a run-away roll of this or more escapes
    sell_per_level: int = 1000
    modules: tuple[str, ...] = ()


RULESETS: dict[str, Ruleset] = {
    "classic": Ruleset(name="classic", card_set="classic"),
}


def ruleset(name: str) -> Ruleset:
    """The ruleset of that name; ValueError lists the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}") from None
