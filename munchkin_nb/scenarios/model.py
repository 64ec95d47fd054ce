"""The scenario file: read safely, every field checked, card ids resolved to physical cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_nb.cards import CardError, load_set
from munchkin_nb.rules import ruleset
from munchkin_nb.rules.rulesets import check_mix, check_modules, deck_name, die_sides

from .fields import FieldError, need_int, need_known_keys, need_list, need_map, need_str, str_list
from .names import CardNames
from .shapes import SEXES, START_PHASES, STEP_KINDS, Table, check_step, rule_id
from .yaml_io import YamlError, load_yaml

PLAYER_ZONES = ("hand", "equipped", "carried", "races", "classes", "curses")
PLAYER_KEYS = ("name", "sex", "level", *PLAYER_ZONES, "half_breed", "super_munchkin")
TOP_KEYS = (
    "name",
    "description",
    "rules",
    "ruleset",
    "modules",
    "mix",
    "players",
    "turn",
    "phase",
    "decks",
    "discards",
    "table",  # cards in play belonging to nobody (a module's dungeons)
    "dice",
    "steps",
    "tags",
    "xfail",  # tests/test_scenarios.py: a known engine gap, with the reason
)
__all__ = ["STEP_KINDS", "Scenario", "ScenarioError", "load_scenario"]


class ScenarioError(ValueError):
    """A scenario file that cannot be run: one line naming the file, the field or step, and what is wrong."""


@dataclass
class Scenario:
    """One scenario: where the table stands, what is stacked, and the steps."""

    name: str
    path: str
    ruleset: str
    rules: list[str]
    players: list[dict[str, Any]]
    turn_of: str
    phase: str
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    dice: list[int]
    steps: list[dict[str, Any]]
    description: str = ""
    tags: list[str] = field(default_factory=list)
    cards: CardNames = field(default_factory=CardNames)  # which copy each bare card id means
    modules: list[str] = field(default_factory=list)  # optional modules switched on
    mix: list[str] = field(default_factory=list)  # other games' card sets shuffled in
    table: list[str] = field(default_factory=list)  # in play, nobody's (a module's dungeons)


def _player(i: int, p: Any, cards: CardNames) -> dict[str, Any]:
    at = f"players[{i}]"
    if isinstance(p, str):
        p = {"name": p}
    p = need_map(p, at)
    need_known_keys(p, at, PLAYER_KEYS)
    if "name" not in p:
        raise FieldError(f"{at}: needs a name")
    sex = p.get("sex", SEXES[i % 2])
    if sex not in SEXES:
        raise FieldError(f"{at}.sex: {sex!r} is neither female nor male")
    spec: dict[str, Any] = {
        "name": need_str(p["name"], f"{at}.name"),
        "sex": sex,
        "level": need_int(p.get("level", 1), f"{at}.level", lo=1),
    }
    for zone in PLAYER_ZONES:
        names = str_list(p.get(zone, []), f"{at}.{zone}")
        spec[zone] = [cards.place(c, f"{at}.{zone}[{j}]") for j, c in enumerate(names)]
    for zone in ("half_breed", "super_munchkin"):
        if p.get(zone):
            spec[zone] = cards.place(need_str(p[zone], f"{at}.{zone}"), f"{at}.{zone}")
    return spec


def _piles(
    data: dict[str, Any], key: str, cards: CardNames, extra: tuple[str, ...] = ()
) -> dict[str, list[str]]:
    piles = need_map(data.get(key) or {}, key)
    need_known_keys(piles, key, ("door", "treasure", *extra))
    return {
        kind: [cards.place(c, f"{key}.{kind}[{j}]") for j, c in enumerate(str_list(v or [], f"{key}.{kind}"))]
        for kind, v in piles.items()
    }


def _read(path: Path) -> Scenario:
    data = load_yaml(path, what="scenario")
    if data is None:
        raise FieldError("the file is empty")
    if not isinstance(data, dict):
        raise FieldError("a scenario is a mapping of fields (name, players, steps, ...), not a list or text")
    data = need_map(data, "the scenario")
    need_known_keys(data, "the scenario", TOP_KEYS)
    rs_name = need_str(data.get("ruleset", "classic"), "ruleset")
    try:
        rs = ruleset(rs_name)
    except ValueError as exc:
        raise FieldError(f"ruleset: {exc}") from None
    try:
        modules = check_modules(data.get("modules", []), rs_name)
    except ValueError as exc:
        raise FieldError(f"modules: {exc}") from None
    try:
        mix = check_mix(data.get("mix", []), rs_name)
    except ValueError as exc:
        raise FieldError(f"mix: {exc}") from None
    try:
        card_set = load_set(deck_name(rs_name, modules, mix))
    except (ValueError, CardError) as exc:
        raise FieldError(f"cards: {exc}") from None
    cards = CardNames(tuple(card_set.instances()))
    rules = [rule_id(r, f"rules[{i}]") for i, r in enumerate(need_list(data.get("rules", []), "rules"))]
    players = [_player(i, p, cards) for i, p in enumerate(need_list(data.get("players") or [], "players"))]
    if not rs.min_players <= len(players) <= rs.max_players:
        raise FieldError(f"players: {len(players)} players; {rs.min_players} to {rs.max_players} allowed")
    names = [p["name"] for p in players]
    for n in names:
        if names.count(n) > 1:
            raise FieldError(f"players: the name {n!r} is given twice")
    turn_of = data.get("turn", names[0])
    if turn_of not in names:
        raise FieldError(f"turn: {turn_of!r} is not a player")
    phase = data.get("phase", "before_door")
    if phase not in START_PHASES:
        raise FieldError(f"phase: a scenario starts in one of {', '.join(START_PHASES)}, not {phase!r}")
    own = tuple(sorted({card_set.cards[c].deck for c in card_set.cards} - {"door", "treasure"}))
    decks = _piles(data, "decks", cards, own)  # a module's own decks (dungeons) as well
    discards = _piles(data, "discards", cards, rs.piles + own)
    table = [cards.place(c, f"table[{j}]") for j, c in enumerate(str_list(data.get("table", []), "table"))]
    faces = die_sides(modules)  # 6, or a module's larger die (the d10)
    dice = [
        need_int(d, f"dice[{i}]", 1, faces) for i, d in enumerate(need_list(data.get("dice", []), "dice"))
    ]
    if "xfail" in data:
        need_str(data["xfail"], "xfail")
    steps = need_list(data.get("steps") or [], "steps")
    table_spec = Table(names, cards, own)
    for i, st in enumerate(steps):
        check_step(i, st, table_spec)
    return Scenario(
        name=need_str(data.get("name", path.stem), "name"),
        path=str(path),
        ruleset=rs_name,
        rules=rules,
        players=players,
        turn_of=turn_of,
        phase=phase,
        decks=decks,
        discards=discards,
        dice=dice,
        steps=steps,
        description=need_str(data["description"], "description") if data.get("description") else "",
        tags=str_list(data.get("tags", []), "tags"),
        cards=cards,
        modules=modules,
        mix=mix,
        table=table,
    )


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; ScenarioError says in one line what is wrong and where."""
    path = Path(path)
    try:
        return _read(path)
    except YamlError as exc:  # already names the file
        raise ScenarioError(str(exc)) from None
    except FieldError as exc:
        raise ScenarioError(f"{path}: {exc}") from None
