"""Lesson checks: questions a learner answers before the lesson goes on, answered by the engine.

A `check` step asks one of four things about the position at that step: a side's combat strength
(the engine's breakdown), who wins the fight as it stands, which of some cards a player can play
now (`legal_actions`), or who may receive the charity cards. The step carries the answer the
lesson's prose assumes; `scenario run` fails the step when the engine answers otherwise.
"""

from __future__ import annotations

from typing import Any

from munchkin_nb.engine import breakdown, context, legal_actions
from munchkin_nb.engine.core.state import GameState

from .fields import FieldError, need_choice, need_int, need_known_keys, need_list, need_map, need_str
from .names import base

ASKS = ("strength", "winner", "playable", "charity")
SIDES = ("players", "monsters")
WINNERS = ("players", "monsters")
CHECK_KEYS = ("ask", "player", "side", "cards", "answer", "say", "explain")
# the rule each kind of question is about, shown with the explanation
ASK_RULES = {
    "strength": ["combat.strength"],
    "winner": ["combat.strength", "combat.ties"],
    "playable": [],
    "charity": ["turn.charity"],
}
Answer = int | str | list[str]


def check_shape(body: Any, at: str, players: list[str], card: Any, prose: Any) -> None:
    """Raise FieldError unless a check step is well formed (the answer's type fits the question)."""
    body = need_map(body, at)
    need_known_keys(body, at, CHECK_KEYS)
    ask = need_choice(body.get("ask"), f"{at}.ask", ASKS, "question")
    if "answer" not in body:
        raise FieldError(f"{at}: needs 'answer', what the engine must answer")
    ans = body["answer"]
    if ask == "strength":
        need_choice(body.get("side", "players"), f"{at}.side", SIDES, "side")
        need_int(ans, f"{at}.answer", lo=0)
    elif ask == "winner":
        need_choice(ans, f"{at}.answer", WINNERS, "winner")
    elif ask == "playable":
        need_choice(body.get("player"), f"{at}.player", players, "player")
        options = need_list(body.get("cards"), f"{at}.cards")
        if not options:
            raise FieldError(f"{at}.cards: name the cards to choose among")
        for i, c in enumerate(options):
            card(c, f"{at}.cards[{i}]")
        for i, c in enumerate(need_list(ans, f"{at}.answer")):
            if c not in options:
                raise FieldError(f"{at}.answer[{i}]: {c!r} is not one of the check's cards")
    else:
        for i, name in enumerate(need_list(ans, f"{at}.answer")):
            need_choice(name, f"{at}.answer[{i}]", players, "player")
    for key in ("say", "explain"):
        if key in body:
            prose(body[key], f"{at}.{key}")


def engine_answer(s: GameState, body: dict[str, Any]) -> Answer:
    """What the engine says the answer is now; ValueError when the question does not apply here."""
    ask = body["ask"]
    if ask in ("strength", "winner"):
        if s.combat is None:
            raise ValueError(f"there is no combat to ask about ({ask})")
        bd = breakdown(s)
        if ask == "winner":
            return "players" if bd.players_win else "monsters"
        return bd.players if body.get("side", "players") == "players" else bd.monsters
    if ask == "playable":
        return playable(s, body["player"], [need_str(c, "cards") for c in body["cards"]])
    decider, _ = context(s)
    gifts = legal_actions(s, decider, only=("give_charity",)) if decider else []
    if not gifts:
        raise ValueError("nobody is giving charity now")
    return [n for n in s.names() if any(a.params.get("to") == n for a in gifts)]


def playable(s: GameState, player: str, cards: list[str]) -> list[str]:
    """Which of `cards` (ids as a lesson names them) `player` can play now: a legal action of theirs
    plays that card."""
    ids = [a.params["card"] for a in legal_actions(s, player) if isinstance(a.params.get("card"), str)]
    played = set(ids) | {base(c) for c in ids}
    return [c for c in cards if c in played or base(c) in played]


def same_answer(got: Answer, want: Any) -> bool:
    """Lists are compared as sets (the order of cards or names does not matter)."""
    if isinstance(got, list):
        return isinstance(want, list) and sorted(map(str, got)) == sorted(map(str, want))
    return bool(got == want)
