"""The ruleset a game is played by (with what its modules change), and the numbers read from it."""

from __future__ import annotations

from munchkin_nb.rules.rulesets import Ruleset, ruleset, ruleset_with

from ..core.builder import Builder
from ..core.state import GameState


def ruleset_of(s: GameState) -> Ruleset:
    """The ruleset the game in `s` is played by, with what its modules change."""
    if s.modules:
        return ruleset_with(s.ruleset, tuple(s.modules))
    return ruleset(s.ruleset)


def rs(b: Builder) -> Ruleset:
    return ruleset_of(b.s)


def no_kill_cap(s: GameState) -> int:
    """The highest level a character reaches without killing a monster."""
    r = ruleset_of(s)
    return r.win_level - r.kill_levels
