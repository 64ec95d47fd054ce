"""Positions from elsewhere: a game's state (the stepper's "judge this position") and a scenario
file's text (the judge page's import), checked like any other position."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from munchkin_nb.engine import GameState, fold
from munchkin_nb.scenarios import run_scenario
from munchkin_nb.scenarios.model import ScenarioError, load_scenario
from munchkin_nb.scenarios.names import base
from munchkin_nb.scenarios.yaml_io import YamlError, load_yaml

from .position import PHASES, ZONES, Position, PositionError, Problem

# the state's phase -> the position's; a fight is laid out from before the door (docs/judge.md)
_PHASE = {p: p for p in PHASES} | {"combat": "before_door"}


def position_data(s: GameState) -> dict[str, Any]:
    """The table of `s` as a position's data: players, their cards, whose turn, the phase and the
    fight (its monsters, their enhancers, the helper). A decision pending at that moment (a die
    to roll, a curse to answer) and the order of the decks are not part of a position."""
    if s.phase not in _PHASE or not s.players:
        said = {"setup": "the game is being set up", "over": "the game is over"}.get(s.phase, s.phase)
        raise PositionError([Problem("phase", f"{said}: no table to judge yet")])
    players = []
    for p in s.players:
        spec: dict[str, Any] = {"name": p.name, "sex": p.sex, "level": p.level}
        for z in ZONES:
            spec[z] = [base(c) for c in getattr(p, z)]
        for single in ("half_breed", "super_munchkin"):
            cid = getattr(p, single)
            if cid:
                spec[single] = base(cid)
        players.append(spec)
    data: dict[str, Any] = {
        "ruleset": s.ruleset or "classic",
        "modules": list(s.modules),
        "players": players,
        "turn": s.active.name,
        "phase": _PHASE[s.phase],
    }
    if s.combat is not None and s.combat.monsters:
        fighter = s.combat.fighter
        data["turn"] = fighter if s.has_player(fighter) else data["turn"]
        data["fight"] = {
            "monsters": [base(m["card"]) for m in s.combat.monsters],
            "enhancers": [
                {"card": base(e), "monster": base(m["card"]), "by": data["turn"]}
                for m in s.combat.monsters
                for e in m.get("enhancers", [])
            ],
            **({"helper": s.combat.helper} if s.combat.helper else {}),
        }
    return data


def position_of(s: GameState) -> Position:
    """The position of a game's state (PositionError when it has none, or the table cannot be one)."""
    return Position.from_data(position_data(s))


def position_from_text(text: str, name: str = "scenario.yaml") -> Position:
    """The position a scenario file's text lays out: its table, or, when it has steps, the table its
    steps reach (as `munchkin-nb scenario run` plays them). ValueError says in one line what is
    wrong, PositionError names the fields of an impossible table."""
    from .cli import RUN_KEYS, position_from_scenario

    with tempfile.TemporaryDirectory(prefix="munchkin-judge-") as folder:
        path = Path(folder) / (Path(name).name or "scenario.yaml")
        path.write_text(text, encoding="utf-8")
        try:
            data = load_yaml(path, what="scenario")
        except YamlError as exc:
            raise ValueError(str(exc).replace(str(path), path.name)) from None
        if not isinstance(data, dict) or not any(k in data for k in RUN_KEYS):
            return position_from_scenario(data)  # a position file (the judge's own `fight` too)
        try:
            result = run_scenario(load_scenario(path))
        except ScenarioError as exc:
            raise ValueError(str(exc).replace(str(path), path.name)) from None
    return position_of(fold(result.events))
