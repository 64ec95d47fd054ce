"""Expectations a scenario step can state about the table, the combat and the legal actions."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

from munchkin_nb.engine import Action, Event, GameState, Player, breakdown, legal_actions
from munchkin_nb.engine.legal import context, to_act

from .names import CardNames, base

# One expectation's check: (state, what the scenario file wants, the last step's events, how the
# scenario names cards) -> mismatches. What is wanted is YAML data, its shape checked by shapes.py.
Check: TypeAlias = Callable[[GameState, Any, list[Event], CardNames], list[str]]


def _cards(cids: Iterable[str]) -> list[str]:
    return sorted(base(c) for c in cids)


def _per_player(attr: Callable[[Player], Any]) -> Check:
    def check(s: GameState, want: dict[str, Any], events: list[Event], names: CardNames) -> list[str]:
        out = []
        for name, val in want.items():
            got = attr(s.player(name))
            if isinstance(val, list):
                out += _zone(name, val, got, names, exact=True)
            elif got != val:
                out.append(f"{name}: expected {val!r}, got {got!r}")
        return out

    return check


def _zone(name: str, want: list[str], got: list[str], names: CardNames, exact: bool) -> list[str]:
    """A player's zone against the cards named: all of them, and (if `exact`) nothing else."""
    missing, extra = names.unmatched(want, got)
    if not missing and not (exact and extra):
        return []
    if _cards(want) == _cards(got) or not exact:
        return [f"{name}: lacks {missing} (has {sorted(got)})"]
    return [f"{name}: expected {sorted(want)}, got {_cards(got)}"]


def _holds(s: GameState, want: dict[str, list[str]], events: list[Event], names: CardNames) -> list[str]:
    out = []
    for name, cards in want.items():
        p = s.player(name)
        out += _zone(name, cards, p.hand + p.in_play(), names, exact=False)
    return out


def _location(s: GameState, want: dict[str, str], events: list[Event], names: CardNames) -> list[str]:
    out = []
    for cid, where in want.items():
        # a card the scenario placed: one of its placed copies; otherwise any copy in the game
        copies = names.copies(cid) or [x for x in _all_ids(s) if base(x) == cid]
        found = [s.location_of(x) for x in copies]
        if where not in found:
            out.append(f"{cid}: expected at {where}, found at {', '.join(sorted(set(found)))}")
    return out


def _all_ids(s: GameState) -> list[str]:
    from munchkin_nb.engine.core.cards import card_set

    return card_set(s.card_set).instances()


def _combat(s: GameState, want: Any, events: list[Event], names: CardNames) -> list[str]:
    # `want` is the file's null, "none", or a mapping of combat facts: YAML, taken as written
    if want in (None, "none"):
        return [] if s.combat is None else ["expected no combat, but one is in progress"]
    if s.combat is None:
        return ["expected a combat, but there is none"]
    bd = breakdown(s)
    out = []
    for key in ("players", "monsters", "margin", "outcome"):
        if key in want and getattr(bd, key) != want[key]:
            out.append(f"combat {key}: expected {want[key]!r}, got {getattr(bd, key)!r}")
    for t in want.get("terms", []):
        if not any(x.label == t["label"] and x.amount == t["amount"] for x in bd.terms):
            out.append(
                f"combat has no term {t['label']!r} = {t['amount']}; terms: "
                + "; ".join(f"{x.label}={x.amount}" for x in bd.terms)
            )
    if "monster_count" in want and len(s.fight.monsters) != want["monster_count"]:
        out.append(f"expected {want['monster_count']} monsters, got {len(s.fight.monsters)}")
    if "helper" in want and s.fight.helper != want["helper"]:
        out.append(f"helper: expected {want['helper']!r}, got {s.fight.helper!r}")
    if "stage" in want and s.fight.stage != want["stage"]:
        out.append(f"stage: expected {want['stage']!r}, got {s.fight.stage!r}")
    return out


def _same(names: CardNames, want: Any, got: Any) -> bool:
    """A value the step names equals one the engine holds; card names follow the scenario's rule."""
    if isinstance(want, str) and isinstance(got, str) and names.known(got) and want != got:
        return names.means(want, got)
    return bool(want == got)


def _matches(a: Action, spec: dict[str, Any], names: CardNames) -> bool:
    if a.name != spec.get("action") or a.player != spec.get("player", a.player):
        return False
    return all(_same(names, v, a.params.get(k)) for k, v in spec.items() if k not in ("action", "player"))


def _legal(
    s: GameState, want: dict[str, list[dict[str, Any]]], events: list[Event], names: CardNames
) -> list[str]:
    # everyone's: the decider's actions and every other player's out-of-turn plays
    legal = [a for name in s.names() for a in legal_actions(s, name)]
    out = []
    for spec in want.get("includes", []):
        if not any(_matches(a, spec, names) for a in legal):
            out.append(f"legal actions lack {spec}; offered: {[str(a) for a in legal][:15]}")
    for spec in want.get("excludes", []):
        if any(_matches(a, spec, names) for a in legal):
            out.append(f"legal actions should not include {spec}")
    return out


def _emitted(e: Event, spec: str | dict[str, Any], names: CardNames) -> bool:
    """An event matches a type name, or a mapping: its type, and every other key equal in the payload."""
    if isinstance(spec, str):
        return e.type == spec
    return e.type == spec["type"] and all(
        k in e.payload and _same(names, v, e.payload[k]) for k, v in spec.items() if k != "type"
    )


def _events(s: GameState, want: dict[str, list[Any]], events: list[Event], names: CardNames) -> list[str]:
    types = [e.type for e in events]
    out = [
        f"the last step emitted no {spec} (it emitted {types})"
        for spec in want.get("includes", [])
        if not any(_emitted(e, spec, names) for e in events)
    ]
    out += [
        f"the last step emitted {spec}"
        for spec in want.get("excludes", [])
        if any(_emitted(e, spec, names) for e in events)
    ]
    rules = {r for e in events for r in e.rules}
    out += [
        f"the last step applied no rule {r} (it applied {sorted(rules)})"
        for r in want.get("rules", [])
        if r not in rules
    ]
    return out


def _simple(getter: Callable[[GameState], object], label: str) -> Check:
    def check(s: GameState, want: object, events: list[Event], names: CardNames) -> list[str]:
        got = getter(s)
        return [] if got == want else [f"{label}: expected {want!r}, got {got!r}"]

    return check


def _to_act(s: GameState, want: object, events: list[Event], names: CardNames) -> list[str]:
    """A name: the player who decides now. A list: everyone who may act now, decider first."""
    got: object = to_act(s) if isinstance(want, list) else context(s)[0]
    return [] if got == want else [f"to act: expected {want!r}, got {got!r}"]


CHECKS: dict[str, Check] = {
    "level": _per_player(lambda p: p.level),
    "sex": _per_player(lambda p: p.sex),
    "dead": _per_player(lambda p: p.dead),
    "hand": _per_player(lambda p: p.hand),
    "hand_size": _per_player(lambda p: len(p.hand)),
    "equipped": _per_player(lambda p: p.equipped),
    "carried": _per_player(lambda p: p.carried),
    "races": _per_player(lambda p: p.races),
    "classes": _per_player(lambda p: p.classes),
    "curses": _per_player(lambda p: p.curses),
    "holds": _holds,
    "location": _location,
    "combat": _combat,
    "legal": _legal,
    "events": _events,
    "phase": _simple(lambda s: s.phase, "phase"),
    "turn_of": _simple(lambda s: s.active.name, "turn of"),
    "to_act": _to_act,
    "winners": _simple(lambda s: s.winners, "winners"),
}


def check_expectation(
    s: GameState, body: dict[str, Any], events: list[Event], names: CardNames | None = None
) -> list[str]:
    """Every mismatch between the expectation and the state, in words; empty when all hold."""
    names = names or CardNames()
    out = []
    for key, want in body.items():
        if key not in CHECKS:
            out.append(f"unknown expectation {key!r}; known: {', '.join(CHECKS)}")
            continue
        out.extend(CHECKS[key](s, want, events, names))
    return out
