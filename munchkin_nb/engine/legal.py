"""Who may act now, which actions are legal, and applying one: the engine's public verbs."""

from __future__ import annotations

# Importing these modules registers their moves and handlers. Their order is the order of
# legal_actions, which the bots and so the recorded games depend on: kept out of isort's hands.
# isort: off
from .moves import turn  # noqa: F401
from .moves import monsters  # noqa: F401
from .moves import combat  # noqa: F401
from .moves import choice  # noqa: F401
from .moves import cards  # noqa: F401
from .moves import oneshots  # noqa: F401
from .moves import trade  # noqa: F401
from .moves import big_items  # noqa: F401
from .moves import received  # noqa: F401

# isort: on
from collections.abc import Collection
from typing import Any

from . import hooks
from .core.actions import Action, IllegalAction
from .core.builder import Builder, renames_of
from .core.cards import card, kinds_in_hand
from .core.chance import Chance, RandomChance
from .core.events import Event
from .core.state import GameState
from .moves.base import MOVES, Move
from .procs.flow import big_items_hold


def context(s: GameState) -> tuple[str | None, str]:
    """The player who must decide now and the kind of decision ('turn', 'combat', 'run', ...)."""
    if s.winners:
        return None, "over"
    if s.pending:
        return s.pending[0]["player"], "pending:" + s.pending[0]["kind"]
    if s.phase == "setup":
        waiting = [n for n in s.names() if n not in s.ready]
        return (waiting[0] if waiting else None), "setup"
    c = s.combat
    if c:
        if c.stage == "fight":
            if c.asked:
                return c.asked, "help"
            return c.window[0], "combat"
        if c.escape:
            return c.escape["player"], "escape"
        if c.to_run:
            return c.to_run[0][0], "run"
    return s.active.name, "turn"


_OPEN_MOVES: dict[tuple[str, bool, str, frozenset[str] | None, tuple[str, ...]], list[Move]] = {}
_NO_MODULES: tuple[str, ...] = ()


def _moves_for(
    when: str,
    deciding: bool,
    phase: str,
    only: frozenset[str] | None = None,
    modules: tuple[str, ...] = _NO_MODULES,
) -> list[Move]:
    """The moves open in one situation and phase, in registry order (cached): to its decider,
    the moves of `when` and `anytime`; to everyone else, only the `anytime` ones; `only` narrows.
    A module's own moves are there only in a game with that module."""
    key = (when, deciding, phase, only, modules)
    found = _OPEN_MOVES.get(key)
    if found is None:
        found = _OPEN_MOVES[key] = [
            m
            for m in MOVES.values()
            if (when in m.anytime or (deciding and when in m.when))
            and (m.phases is None or phase in m.phases)
            and (only is None or m.name in only)
            and (not m.module or m.module in modules)
        ]
    return found


def _modules(s: GameState) -> tuple[str, ...]:
    return tuple(s.modules) if s.modules else _NO_MODULES


def legal_actions(
    s: GameState, player: str | None = None, only: Collection[str] | None = None
) -> list[Action]:
    """Every action `player` may take now, in a stable order; by default the decider's.
    `only` narrows the search to the named moves (what a bot or a widget is asking about)."""
    decider, when = context(s)
    if player is None:
        player = decider
    if player is None or not s.has_player(player):
        return []
    narrow = None if only is None else only if isinstance(only, frozenset) else frozenset(only)
    out: list[Action] = []
    held: frozenset[str] | None = None  # the kinds of card in the player's hand, once asked
    for m in _moves_for(when, player == decider, s.phase, narrow, _modules(s)):
        if m.hand_kinds is not None:
            if held is None:
                held = kinds_in_hand(s, player)
                if any(card(s, c).kind == "one_shot" for c in s.player(player).carried):
                    held |= {"one_shot"}  # a one-shot on the table is used as one from the hand
            if not m.hand_kinds & held:
                continue
        if m.exact:
            out.extend(m.candidates(s, player))
            continue
        for a in m.candidates(s, player):
            # who and when hold by construction; only the move's own check is left
            if _passes(m, s, a):
                out.append(a)
    return out


def may_act(s: GameState, player: str) -> bool:
    """Whether `player` has at least one legal action now (stops at the first one found)."""
    decider, when = context(s)
    if not s.has_player(player):
        return False
    for m in _moves_for(when, player == decider, s.phase, None, _modules(s)):
        for a in m.candidates(s, player):
            if m.exact or _passes(m, s, a):
                return True
    return False


def _passes(m: Move, s: GameState, a: Action) -> bool:
    """The move's own check, as a yes or no (the legal-action search lists only what passes)."""
    try:
        m.check(s, a)
    except (IllegalAction, KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


def to_act(s: GameState) -> list[str]:
    """Everyone who may act now: the decider first (if any), then, in seat order, every other
    player holding an out-of-turn play."""
    decider, _ = context(s)
    out = [decider] if decider else []
    return out + [n for n in s.names() if n != decider and may_act(s, n)]


def verify(s: GameState, a: Action) -> None:
    """Raise IllegalAction (rule id and sentence) unless `a` is legal now."""
    try:
        _verify_move(s, a, _move_of(s, a), *context(s))
    except IllegalAction as exc:
        raise _renamed(s, exc) from None


def _renamed(s: GameState, exc: IllegalAction) -> IllegalAction:
    """The refusal citing the ruleset's own rule, where it has one for the core rule."""
    own = renames_of(s.ruleset).get(exc.rule_id)
    if not own:
        return exc
    return IllegalAction(own, exc.template, **exc.fields)


def _move_of(s: GameState, a: Action) -> Move:
    """The move an action names, once the game is on and its player is at the table."""
    # plain ifs, not `require`: the sentences are made only for a refusal (this runs every action)
    if s.winners:
        raise IllegalAction("game.over", "the game is over: {winners} won.", winners=", ".join(s.winners))
    m = MOVES.get(a.name)
    if m is None:
        raise IllegalAction("card.effect", "there is no action called {move}.", move=repr(a.name))
    if not s.has_player(a.player):
        raise IllegalAction("setup.players", "there is no player {player}.", player=repr(a.player))
    return m


def _verify_move(s: GameState, a: Action, m: Move, decider: str | None, when: str) -> None:
    """The part of `verify` after the basics: who may take this move now, then its own check."""
    if when in m.anytime or (a.player == decider and when in m.when):
        m.check(s, a)
        return
    if a.player != decider and when in m.when:
        raise IllegalAction(
            "decision.pending",
            "it is {decider}'s decision now ({when}), not {player}'s.",
            decider=decider,
            when=when,
            player=a.player,
        )
    if a.player != decider and decider is not None:
        raise IllegalAction(
            "play.out_of_turn",
            "{move} is not a play anyone may make out of turn; it is {decider}'s decision now ({when}).",
            move=a.name,
            decider=decider,
            when=when,
        )
    rule = "combat.no_equipment_changes" if s.combat else "turn.own_turn_only"
    raise IllegalAction(rule, "{move} cannot be done now ({when}).", move=a.name, when=when)


def out_of_turn(s: GameState, a: Action) -> bool:
    """Whether `a`, taken now, is an interjection: its player is not the one deciding (in set-up
    everyone plays at once, so nobody is out of turn there)."""
    decider, when = context(s)
    return decider != a.player and when != "setup"


def can(s: GameState, a: Action) -> bool:
    try:
        verify(s, a)
    except IllegalAction:
        return False
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


def apply(
    s: GameState, a: Action, chance: Chance | None = None, in_place: bool = False, checked: bool = False
) -> list[Event]:
    """The events that taking `a` produces (the decision first); `s` is not changed unless `in_place`.
    `checked`: `a` was listed by `legal_actions` for this very state, so its check is not repeated."""
    try:
        m = _move_of(s, a)
        decider, when = context(s)  # once: it also says whether the action is out of turn
        if not checked:
            _verify_move(s, a, m, decider, when)
    except IllegalAction as exc:
        raise _renamed(s, exc) from None
    b = Builder(s, chance or RandomChance(0), in_place)
    payload: dict[str, Any] = {"action": a.to_dict()}
    rules: list[str] = []
    if decider != a.player and when != "setup":  # as out_of_turn() says, without a second look
        # recorded, with the rule that allows it, so that replays, the stepper and the words
        # can say who interjected and why they could
        payload["out_of_turn"] = True
        rules.append(m.anytime_rule)
    b.emit("ActionTaken", payload, rules, actor=a.player, automatic=False)
    m.run(b, a)
    hooks.AFTER_ACTION.each(b, a)
    big_items_hold(b)  # the one limit checked after the fact: the room for big items can shrink
    return b.events
