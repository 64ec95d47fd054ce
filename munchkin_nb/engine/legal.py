"""Who may act now, which actions are legal, and applying one: the engine's public verbs."""

from __future__ import annotations

# Importing these modules registers their moves and handlers. Their order is the order of
# legal_actions, which the bots and so the recorded games depend on: kept out of isort's hands.
# isort: off
from . import (  # noqa: F401
    moves_turn,
    moves_combat,
    moves_choice,
    moves_cards,
    moves_oneshots,
    moves_trade,
    monster_effects,
    steps,
)

# isort: on
from .actions import Action, IllegalAction, require
from .builder import Builder
from .chance import Chance, RandomChance
from .events import Event
from .moves_base import MOVES, Move
from .state import GameState


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


_BY_CONTEXT: dict[str, list[Move]] = {}


def _moves_for(when: str) -> list[Move]:
    """The moves allowed in one kind of decision, in registry order (cached)."""
    if when not in _BY_CONTEXT:
        _BY_CONTEXT[when] = [m for m in MOVES.values() if when in m.when]
    return _BY_CONTEXT[when]


def legal_actions(s: GameState) -> list[Action]:
    """Every action the pending decision allows, in a stable order."""
    player, when = context(s)
    if player is None:
        return []
    out: list[Action] = []
    for m in _moves_for(when):
        for a in m.candidates(s, player):
            # who and when hold by construction; only the move's own check is left
            try:
                m.check(s, a)
            except (IllegalAction, KeyError, TypeError, ValueError, AttributeError):
                continue
            out.append(a)
    return out


def verify(s: GameState, a: Action) -> None:
    """Raise IllegalAction (rule id and sentence) unless `a` is legal now."""
    require(not s.winners, "game.over", f"the game is over: {', '.join(s.winners)} won.")
    m = MOVES.get(a.name)
    if m is None:
        raise IllegalAction("card.effect", f"there is no action called {a.name!r}.")
    require(s.has_player(a.player), "setup.players", f"there is no player {a.player!r}.")
    player, when = context(s)
    if a.player != player:
        raise IllegalAction("decision.pending", f"it is {player}'s decision now ({when}), not {a.player}'s.")
    if when not in m.when:
        rule = "combat.no_equipment_changes" if s.combat else "turn.own_turn_only"
        raise IllegalAction(rule, f"{a.name} cannot be done now ({when}).")
    m.check(s, a)


def can(s: GameState, a: Action) -> bool:
    try:
        verify(s, a)
    except IllegalAction:
        return False
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


def apply(s: GameState, a: Action, chance: Chance | None = None, in_place: bool = False) -> list[Event]:
    """The events that taking `a` produces (the decision first); `s` is not changed unless `in_place`."""
    verify(s, a)
    b = Builder(s, chance or RandomChance(0), in_place)
    b.emit("ActionTaken", {"action": a.to_dict()}, [], actor=a.player, automatic=False)
    MOVES[a.name].run(b, a)
    return b.events
