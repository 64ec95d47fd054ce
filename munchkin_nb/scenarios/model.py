"""The scenario file: parsed and checked, with card ids resolved to physical cards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from munchkin_nb.cards import CardSet, load_set
from munchkin_nb.rules import RULE_INDEX, ruleset

PLAYER_ZONES = ("hand", "equipped", "carried", "races", "classes", "curses")
STEP_KINDS = ("do", "expect", "reject", "say")


class ScenarioError(ValueError):
    """A scenario file that cannot be run: names the file and what is wrong."""


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


def _resolver(card_set: CardSet) -> Callable[[str, str], str]:
    """Turn 'elf' into the next unused copy 'elf#1', 'elf#2', ...; keep exact instance ids."""
    used: set[str] = set()
    instances = set(card_set.instances())

    def resolve(name: str, where: str) -> str:
        if name in instances and name not in used:
            used.add(name)
            return name
        for cid in card_set.instances():
            if cid.split("#")[0] == name and cid not in used:
                used.add(cid)
                return cid
        raise ScenarioError(f"{where}: unknown or already used card {name!r}")

    return resolve


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; ScenarioError names the file and the field."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{path}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a mapping")
    where = str(path)
    rs_name = data.get("ruleset", "classic")
    try:
        rs = ruleset(rs_name)
    except ValueError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    resolve = _resolver(load_set(rs.card_set))
    rules = list(data.get("rules", []))
    for r in rules:
        if r not in RULE_INDEX:
            raise ScenarioError(f"{where}: field 'rules': unknown rule id {r!r}")
    players = []
    for i, p in enumerate(data.get("players") or []):
        if isinstance(p, str):
            p = {"name": p}
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise ScenarioError(f"{where}: players[{i}] needs a name")
        spec = {
            "name": p["name"],
            "sex": p.get("sex", "male" if i % 2 else "female"),
            "level": int(p.get("level", 1)),
        }
        for zone in PLAYER_ZONES:
            spec[zone] = [resolve(c, f"{where}: players[{i}].{zone}") for c in p.get(zone, [])]
        for zone in ("half_breed", "super_munchkin"):
            if p.get(zone):
                spec[zone] = resolve(p[zone], f"{where}: players[{i}].{zone}")
        players.append(spec)
    if not rs.min_players <= len(players) <= rs.max_players:
        raise ScenarioError(
            f"{where}: field 'players': {len(players)} players; {rs.min_players} to {rs.max_players} allowed"
        )
    names = [p["name"] for p in players]
    turn_of = data.get("turn", names[0])
    if turn_of not in names:
        raise ScenarioError(f"{where}: field 'turn': {turn_of!r} is not a player")
    decks = {k: [resolve(c, f"{where}: decks.{k}") for c in v] for k, v in (data.get("decks") or {}).items()}
    discards = {
        k: [resolve(c, f"{where}: discards.{k}") for c in v] for k, v in (data.get("discards") or {}).items()
    }
    for k in list(decks) + list(discards):
        if k not in ("door", "treasure"):
            raise ScenarioError(f"{where}: unknown deck {k!r}")
    steps = data.get("steps") or []
    for i, st in enumerate(steps):
        if not isinstance(st, dict) or len(st) != 1 or next(iter(st)) not in STEP_KINDS:
            raise ScenarioError(f"{where}: steps[{i}]: a step is one of {', '.join(STEP_KINDS)}")
    return Scenario(
        name=data.get("name", path.stem),
        path=where,
        ruleset=rs_name,
        rules=rules,
        players=players,
        turn_of=turn_of,
        phase=data.get("phase", "before_door"),
        decks=decks,
        discards=discards,
        dice=[int(d) for d in data.get("dice", [])],
        steps=steps,
        description=data.get("description", ""),
        tags=list(data.get("tags", [])),
    )
