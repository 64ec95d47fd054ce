"""What each step and expectation of a scenario must look like, checked before anything runs."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from munchkin_nb.engine.core.events import EVENT_TYPES
from munchkin_nb.engine.moves.base import MOVES
from munchkin_nb.rules import RULE_INDEX, RULESETS

from .checks import check_shape
from .fields import (
    FieldError,
    need_bool,
    need_choice,
    need_int,
    need_known_keys,
    need_list,
    need_map,
    need_str,
    show,
)
from .names import CardNames

STEP_KINDS = ("do", "expect", "reject", "say", "check")
# a `say` is text, or the same text per language ({en: ..., es: ...}; English is required)
PROSE_LANGUAGES = ("en", "es", "de", "eo", "ru", "ko")
SEXES = ("female", "male")
# phases a game can be in; a scenario's starting `phase` is one of the first three
PHASES = ("before_door", "after_door", "charity", "setup", "combat", "over")
START_PHASES = PHASES[:3]
# action parameters that name one card, a list of cards, or a player
CARD_PARAMS = ("card", "monster", "item", "new_monster", "pick", "discard", "onto")
CARDS_PARAMS = ("cards", "items", "give", "take")
PLAYER_PARAMS = ("target", "to", "helper", "new_fighter")
ZONES = ("hand", "equipped", "carried", "races", "classes", "curses", "holds")
COMBAT_KEYS = ("players", "monsters", "margin", "outcome", "terms", "monster_count", "helper", "stage")


def _unknown(what: str, name: Any, known: list[str], at: str) -> FieldError:
    close = difflib.get_close_matches(str(name), known, n=1) if isinstance(name, str) else []
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return FieldError(f"{at}: unknown {what} {show(name)}{hint}")


def rule_id(v: Any, at: str) -> str:
    if not isinstance(v, str) or v not in RULE_INDEX:
        raise _unknown("rule id", v, list(RULE_INDEX), at)
    return v


@dataclass
class Table:
    """What a step may name: the scenario's players and the card set's cards."""

    players: list[str]
    cards: CardNames
    decks: tuple[str, ...] = ()  # the card set's decks besides door and treasure (a module's own)

    def player(self, v: Any, at: str) -> str:
        return need_choice(v, at, self.players, "player")

    def card(self, v: Any, at: str) -> str:
        name = need_str(v, at)
        if not self.cards.known(name):
            raise FieldError(f"{at}: unknown card {name!r}")
        return name

    def card_list(self, v: Any, at: str) -> list[str]:
        return [self.card(c, f"{at}[{i}]") for i, c in enumerate(need_list(v, at))]

    def per_player(self, v: Any, at: str, value: Callable[[Any, str], object]) -> None:
        for name, val in need_map(v, at).items():
            value(val, f"{at}.{self.player(name, at)}")


def check_step(i: int, step: Any, t: Table) -> None:
    """Raise FieldError (naming the step's number and kind) unless the step is well formed."""
    at = f"step {i + 1}"
    if not isinstance(step, dict) or len(step) != 1:
        keys = f" (it has {', '.join(map(str, step))})" if isinstance(step, dict) else ""
        raise FieldError(f"{at}: a step is one of {', '.join(STEP_KINDS)} with its body{keys}")
    kind, body = next(iter(step.items()))
    if kind not in STEP_KINDS:
        raise _unknown("kind of step", kind, list(STEP_KINDS), at)
    at = f"{at} ({kind})"
    if kind == "say":
        check_prose(body, at)
    elif kind == "check":
        check_shape(body, at, t.players, t.card, check_prose)
    elif kind == "expect":
        check_expectation_shape(body, at, t)
    else:
        check_action(body, at, t, rule=kind == "reject")


def check_prose(body: Any, at: str) -> None:
    """Prose is text, or a mapping of language code to text with English among them."""
    if isinstance(body, dict):
        need_known_keys(body, at, PROSE_LANGUAGES)
        if "en" not in body:
            raise FieldError(f"{at}: prose per language needs 'en', the English text")
        for lang, text in body.items():
            need_str(text, f"{at}.{lang}")
    else:
        need_str(body, at)


def prose_in(body: Any, lang: str) -> str:
    """The text of a prose field in a language (English when that language is missing)."""
    return str(body.get(lang) or body["en"]) if isinstance(body, dict) else str(body)


def check_action(body: Any, at: str, t: Table, rule: bool = False, player_optional: bool = False) -> None:
    """An action as a step (or a `legal` entry) names it: player, action, parameters, a reject's rule."""
    body = need_map(body, at)
    if "action" not in body:
        raise FieldError(f"{at}: needs 'action', the name of the action")
    if not isinstance(body["action"], str) or body["action"] not in MOVES:
        raise _unknown("action", body["action"], sorted(MOVES), at)
    if "player" in body or not player_optional:
        if "player" not in body:
            raise FieldError(f"{at}: needs 'player', who takes the action")
        t.player(body["player"], f"{at}.player")
    if rule:
        if "rule" not in body:
            raise FieldError(f"{at}: needs 'rule', the rule id the refusal must cite")
        rule_id(body["rule"], f"{at}.rule")
    elif "rule" in body:
        raise FieldError(f"{at}: 'rule' belongs to a reject step")
    for key, val in body.items():
        if key in CARD_PARAMS:
            t.card(val, f"{at}.{key}")
        elif key in CARDS_PARAMS:
            t.card_list(val, f"{at}.{key}")
        elif key in PLAYER_PARAMS:
            t.player(val, f"{at}.{key}")


def _location(v: Any, at: str, t: Table) -> None:
    where = need_str(v, at)
    kind, _, rest = where.partition(":")
    ok = (
        (kind in ("deck", "discard") and rest in ("door", "treasure"))
        or (kind == "discard" and rest in {p for rs in RULESETS.values() for p in rs.piles})
        or (kind in ("deck", "discard") and rest in t.decks)
        or (kind in ("hand", "play") and rest in t.players)
        or where in ("combat", "nowhere", "table")
    )
    if not ok:
        raise FieldError(
            f"{at}: unknown place {show(where)}; one of deck:door, deck:treasure, discard:door, "
            "discard:treasure (or a ruleset's or module's own pile), hand:PLAYER, play:PLAYER, combat, "
            "table, nowhere"
        )


def _locations(v: Any, at: str, t: Table) -> None:
    for cid, where in need_map(v, at).items():
        _location(where, f"{at}.{t.card(cid, at)}", t)


def _combat(v: Any, at: str, t: Table) -> None:
    if v is None or v == "none":
        return
    want = need_map(v, at)
    need_known_keys(want, at, COMBAT_KEYS)
    for key in ("players", "monsters", "margin"):
        if key in want:
            need_int(want[key], f"{at}.{key}")
    if "monster_count" in want:
        need_int(want["monster_count"], f"{at}.monster_count", lo=0)
    for key in ("outcome", "stage"):
        if key in want:
            need_str(want[key], f"{at}.{key}")
    if "helper" in want and want["helper"] is not None:
        t.player(want["helper"], f"{at}.helper")
    for i, term in enumerate(need_list(want.get("terms", []), f"{at}.terms")):
        where = f"{at}.terms[{i}]"
        term = need_map(term, where)
        need_known_keys(term, where, ("label", "amount"))
        need_str(term.get("label"), f"{where}.label")
        need_int(term.get("amount"), f"{where}.amount")


def _legal(v: Any, at: str, t: Table) -> None:
    want = need_map(v, at)
    need_known_keys(want, at, ("includes", "excludes"))
    for key, specs in want.items():
        for i, spec in enumerate(need_list(specs, f"{at}.{key}")):
            check_action(spec, f"{at}.{key}[{i}]", t, player_optional=True)


def _events(v: Any, at: str, t: Table) -> None:
    want = need_map(v, at)
    need_known_keys(want, at, ("includes", "excludes", "rules"))
    for i, r in enumerate(need_list(want.get("rules", []), f"{at}.rules")):
        rule_id(r, f"{at}.rules[{i}]")
    for key in ("includes", "excludes"):
        for i, spec in enumerate(need_list(want.get(key, []), f"{at}.{key}")):
            where = f"{at}.{key}[{i}]"
            if isinstance(spec, dict):
                if "type" not in need_map(spec, where):
                    raise FieldError(f"{where}: needs 'type', the event's type")
                spec = spec["type"]
                where += ".type"
            if not isinstance(spec, str) or spec not in EVENT_TYPES:
                raise _unknown("event type", spec, list(EVENT_TYPES), where)


def _winners(v: Any, at: str, t: Table) -> None:
    for i, name in enumerate(need_list(v, at)):
        t.player(name, f"{at}[{i}]")


def _to_act(v: Any, at: str, t: Table) -> None:
    """A name (who decides), a list of names (everyone who may act), or null (nobody)."""
    if isinstance(v, list):
        for i, name in enumerate(v):
            t.player(name, f"{at}[{i}]")
    elif v is not None:
        t.player(v, at)


def _per_player(value: Callable[[Any, str, Table], object]) -> Callable[[Any, str, Table], None]:
    def check(v: Any, at: str, t: Table) -> None:
        t.per_player(v, at, lambda val, where: value(val, where, t))

    return check


# each raises FieldError or returns (what it returns is not used)
SHAPES: dict[str, Callable[[Any, str, Table], object]] = {
    "level": _per_player(lambda v, at, t: need_int(v, at, lo=1)),
    "sex": _per_player(lambda v, at, t: need_choice(v, at, SEXES, "sex")),
    "dead": _per_player(lambda v, at, t: need_bool(v, at)),
    "hand_size": _per_player(lambda v, at, t: need_int(v, at, lo=0)),
    **{zone: _per_player(lambda v, at, t: t.card_list(v, at)) for zone in ZONES},
    "location": _locations,
    "combat": _combat,
    "legal": _legal,
    "events": _events,
    "phase": lambda v, at, t: need_choice(v, at, PHASES, "phase"),
    "turn_of": lambda v, at, t: t.player(v, at),
    "to_act": _to_act,
    "winners": _winners,
}


def check_expectation_shape(body: Any, at: str, t: Table) -> None:
    """Raise FieldError unless every expectation is a known one, shaped as docs/scenarios.md says."""
    for key, want in need_map(body, at).items():
        if key not in SHAPES:
            raise _unknown("expectation", key, list(SHAPES), at)
        SHAPES[key](want, f"{at} {key}", t)
