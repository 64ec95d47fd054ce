"""Hook points: where a ruleset or module plug-in changes what the core engine does.

The core never asks which game it is playing. Numbers that differ are fields of `Ruleset`;
behaviour that differs is a function a plug-in registers here for its own name (a ruleset or a
module), and the core calls every function registered for the game's ruleset and modules at
the named point. With nothing registered a point costs one dict lookup.

Points (the signature each registered function has):
- `discard_pile`  fn(state, card) -> str | None: the discard pile a card goes to, when it is not
  its deck's own (a pile the ruleset lists in `Ruleset.piles`), or "top:<deck>" for the top of
  a deck.
- `may_drop`      fn(state, player, card) -> (rule, sentence) | None: a refusal to drop a race,
  class or cheat card at will.
- `after_action`  fn(builder, action) -> None: after every action's own events, to add what
  follows from them (a game-end condition, losing a card whose condition is gone).
- `monster_level` fn(state, monster card, terms) -> list[Term]: terms added to one monster's
  level terms (its printed level and the enhancers on it), such as a floor.
- `player_terms`  fn(state, player name, combat) -> list[Term]: terms added to one fighter's or
  helper's side, such as a module's penalty for the next combat.
- `abilities`     fn(state, player, key) -> list: race or class abilities (the vocabulary's
  effect keys, such as `hand_limit`) a player has beyond those printed on their cards.
- `kick_door`     fn(builder, player) -> bool: opens the door in its own way (True) instead of
  the core's one card face up (False: not for this player).
- `curse_hits`    fn(builder, victim, curse, by, rules) -> bool: answers a curse before it lands
  (True: it left a decision or dealt with the curse; the module then calls `curse_lands`).
- `sale_value`    fn(state, player, cards) -> int | None: what the cards fetch when this player
  sells them, when not the core's value (None).
- `next_turn`     fn(builder, player) -> str | None: who plays after `player`'s turn ends, when
  not the player on their left (None): an extra turn.
- `reward_bonus`  fn(state, combat, levels) -> (levels, treasures, rules): what a won combat gives
  the fighter beyond the monsters' printed levels and treasures (a race's or class's reward).
- `counts_against` fn(state, player, cond) -> bool: a monster's bonus or penalty against COND
  (a race, class or sex) also applies to this player (through a companion of theirs that matches).
- `run_away_own`  fn(state, player) -> int | None: the player's own run-away modifier (race, class,
  items) replaced by this one (a mount's), or None to keep it.
- `big_exempt`    fn(state, card) -> bool: a big card in play that the big-item limit does not count.
- `game_setup`    fn(builder) -> None: after the shuffles and the deal of a new game, to lay out
  what a module puts on the table or on a deck before the first turn.
- `set_aside`     fn(state, deck) -> list[str]: cards of that deck left where they lie when a
  card is drawn from it (the next one is drawn instead).
- `attachments_follow` fn(state, item) -> bool: the cards attached to this item go with it to
  its new owner when it changes hands (instead of being discarded).
- `may_unequip`   fn(state, player, card) -> (rule, sentence) | None: a refusal to turn an
  equipped item sideways.
- `reward_to`     fn(state, combat) -> str | None: the player who gains a won fight's levels and
  treasures instead of its fighter (None: the fighter).
- `may_attach`    fn(state, player, card, on) -> (rule, sentence) | None: a refusal to play a card
  (an enhancer) onto a card in play; asked by the moves that attach one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .core.state import GameState

F = TypeVar("F", bound=Callable[..., Any])

POINTS = (
    "discard_pile",
    "may_drop",
    "after_action",
    "monster_level",
    "player_terms",
    "abilities",
    "kick_door",
    "curse_hits",
    "sale_value",
    "reward_bonus",
    "next_turn",
    "counts_against",
    "run_away_own",
    "big_exempt",
    "game_setup",
    "set_aside",
    "attachments_follow",
    "may_unequip",
    "reward_to",
    "may_attach",
)

#: point -> owner (a ruleset or module name) -> the functions it registered, in order
HOOKS: dict[str, dict[str, list[Callable[..., Any]]]] = {p: {} for p in POINTS}

_NONE: list[Callable[..., Any]] = []


def hook(point: str, owner: str) -> Callable[[F], F]:
    """Register a function at a hook point for one ruleset or module (a decorator)."""
    if point not in HOOKS:
        raise ValueError(f"unknown hook point {point!r}; known: {', '.join(POINTS)}")

    def deco(fn: F) -> F:
        HOOKS[point].setdefault(owner, []).append(fn)
        return fn

    return deco


def of(s: GameState, point: str) -> list[Callable[..., Any]]:
    """The functions to call at `point` for the game in `s`: its ruleset's, then its modules'."""
    table = HOOKS[point]
    if not table:
        return _NONE
    fns = table.get(s.ruleset, _NONE)
    if s.modules:
        fns = fns + [f for m in s.modules for f in table.get(m, _NONE)]
    return fns
