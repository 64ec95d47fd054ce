"""Run a scenario through the engine and check every expectation, step by step."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_nb.engine import (
    Action,
    Event,
    Game,
    GameState,
    IllegalAction,
    ScriptedChance,
    verify,
)
from munchkin_nb.engine.builder import Builder

from .expect import check_expectation
from .model import Scenario, load_scenario


@dataclass
class StepFailure:
    """Where a scenario broke: the step's number, what it was, and why."""

    index: int
    step: dict[str, Any]
    message: str

    def __str__(self) -> str:
        return f"step {self.index + 1} {self.step}: {self.message}"


@dataclass
class ScenarioResult:
    scenario: Scenario
    failures: list[StepFailure] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def scenario_game(sc: Scenario) -> Game:
    """The game at the scenario's starting position, with its dice scripted."""
    chance = ScriptedChance(dice=sc.dice)
    b = Builder(GameState.initial(), chance)
    b.emit(
        "GameStarted",
        {
            "ruleset": sc.ruleset,
            "card_set": sc.ruleset,
            "modules": [],
            "players": [{"name": p["name"], "sex": p["sex"]} for p in sc.players],
            "seed": None,
            "scenario": sc.name,
        },
        ["setup.players"],
    )
    for kind in ("door", "treasure"):
        b.emit("DeckShuffled", {"deck": kind, "order": list(b.s.decks[kind])}, ["setup.deal"])
    b.emit(
        "PositionSet",
        {
            "players": sc.players,
            "turn_of": sc.turn_of,
            "phase": sc.phase,
            "decks": sc.decks,
            "discards": sc.discards,
        },
        ["setup.play_before_first_turn"],
    )
    return Game(b.s, list(b.events), chance)


def _action(spec: dict[str, Any]) -> Action:
    params = {k: v for k, v in spec.items() if k not in ("player", "action")}
    return Action(spec["action"], spec["player"], params)


def run_scenario(path_or_sc: Scenario | str | Path) -> ScenarioResult:
    """Run every step; a broken expectation is recorded and the run goes on where it can."""
    sc = path_or_sc if isinstance(path_or_sc, Scenario) else load_scenario(path_or_sc)
    game = scenario_game(sc)
    res = ScenarioResult(sc)
    last: list[Event] = []
    for i, step in enumerate(sc.steps):
        kind, body = next(iter(step.items()))
        if kind == "say":
            res.log.append(str(body))
            continue
        if kind == "do":
            try:
                a = _action(body)
                a = _resolve_params(game.state, a)
                last = game.act(a)
                res.log.append(f"{a} -> {', '.join(e.type for e in last)}")
            except IllegalAction as exc:
                res.failures.append(StepFailure(i, step, f"the action was refused: {exc}"))
                break
            except Exception as exc:  # a scripted die missing, a wrong card: the scenario is broken
                res.failures.append(StepFailure(i, step, f"{type(exc).__name__}: {exc}"))
                break
        elif kind == "reject":
            a = _resolve_params(game.state, _action(body))
            try:
                verify(game.state, a)
                res.failures.append(StepFailure(i, step, "the action was accepted but should be refused"))
            except IllegalAction as exc:
                if body.get("rule") and exc.rule_id != body["rule"]:
                    res.failures.append(
                        StepFailure(
                            i, step, f"refused by {exc.rule_id}, expected {body['rule']}: {exc.sentence}"
                        )
                    )
        elif kind == "expect":
            for msg in check_expectation(game.state, body, last):
                res.failures.append(StepFailure(i, step, msg))
    res.events = game.events
    return res


def _resolve_params(s: GameState, a: Action) -> Action:
    """Let scenarios name cards by id ('crabs', 'elf'): find the physical copy the player can use."""
    params = dict(a.params)
    for key, val in a.params.items():
        if (
            key in ("card", "monster", "discard", "item", "new_monster", "pick")
            and isinstance(val, str)
            and "#" not in val
        ):
            params[key] = _find(s, val, a.player)
        elif key in ("cards", "items") and isinstance(val, list):
            params[key] = [_find(s, v, a.player) if "#" not in v else v for v in val]
    return Action(a.name, a.player, params)


def _find(s: GameState, name: str, player: str) -> str:
    p = s.player(player) if s.has_player(player) else None
    pools = []
    if p:
        pools += [p.hand, p.equipped, p.carried, p.races, p.classes]
    if s.combat:
        pools.append([m["card"] for m in s.fight.monsters])
    for q in s.players:
        pools += [q.equipped, q.carried, q.hand]
    for pool in pools:
        for cid in pool:
            if cid == name or cid.split("#")[0] == name:
                return cid
    return name
