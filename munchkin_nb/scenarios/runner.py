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
from munchkin_nb.engine.core.builder import Builder
from munchkin_nb.engine.core.chance import ChanceExhausted
from munchkin_nb.rules import ruleset
from munchkin_nb.rules.rulesets import deck_name

from .checks import engine_answer, same_answer
from .expect import check_expectation
from .model import Scenario, ScenarioError, load_scenario
from .names import CardNames, base
from .shapes import CARD_PARAMS, CARDS_PARAMS, prose_in


@dataclass
class StepFailure:
    """Where a scenario broke: the step's index (len(steps) for the end), what it was, and why."""

    index: int
    step: dict[str, Any]
    message: str

    @property
    def where(self) -> str:
        if not self.step:
            return "after the last step"
        return f"step {self.index + 1} ({next(iter(self.step))})"

    def __str__(self) -> str:
        return " ".join(f"{self.where}: {self.message}".split())  # one line, whatever the engine said


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
            "card_set": deck_name(sc.ruleset, sc.modules, sc.mix),
            "modules": list(sc.modules),
            **({"mix": list(sc.mix)} if sc.mix else {}),
            "piles": list(ruleset(sc.ruleset).piles),
            "players": [{"name": p["name"], "sex": p["sex"]} for p in sc.players],
            "seed": None,
            "scenario": sc.name,
        },
        ["setup.players"],
    )
    for kind in list(b.s.decks):  # door, treasure, then a module's own decks
        b.emit("DeckShuffled", {"deck": kind, "order": list(b.s.decks[kind])}, ["setup.deal"])
    b.emit(
        "PositionSet",
        {
            "players": sc.players,
            "turn_of": sc.turn_of,
            "phase": sc.phase,
            "decks": sc.decks,
            "discards": sc.discards,
            **({"table": sc.table} if sc.table else {}),
        },
        ["setup.play_before_first_turn"],
    )
    return Game(b.s, list(b.events), chance)


def _action(spec: dict[str, Any]) -> Action:
    params = {k: v for k, v in spec.items() if k not in ("player", "action", "rule")}
    return Action(spec["action"], spec["player"], params)


def _do(game: Game, body: dict[str, Any], names: CardNames) -> tuple[list[Event], str]:
    """Take a `do` step's action: (its events, a log line); StepError says why it could not be."""
    try:
        a = _resolve_params(game.state, _action(body), names)
        events = game.act(a)
    except IllegalAction as exc:
        raise StepError(f"the action was refused: {exc}") from None
    except ChanceExhausted:
        raise StepError("a die was rolled but no scripted die is left (add one to `dice`)") from None
    except Exception as exc:  # the engine failed on a well-formed step: report it, never crash
        raise StepError(f"the engine failed: {type(exc).__name__}: {exc}") from None
    return events, f"{a} -> {', '.join(e.type for e in events)}"


def _reject(state: GameState, body: dict[str, Any], names: CardNames) -> str | None:
    """Why a `reject` step fails (the action was allowed, or refused by another rule), or None."""
    try:
        verify(state, _resolve_params(state, _action(body), names))
    except IllegalAction as exc:
        if exc.rule_id != body["rule"]:
            return f"refused by {exc.rule_id}, expected {body['rule']}: {exc.sentence}"
        return None
    except Exception as exc:  # a refusal must name a rule; anything else is an engine fault
        return f"the engine failed instead of refusing: {type(exc).__name__}: {exc}"
    return "the action was accepted but should be refused"


def _check(state: GameState, body: dict[str, Any]) -> str | None:
    """Why a `check` step fails (the engine answers otherwise, or cannot answer here), or None."""
    try:
        got = engine_answer(state, body)
    except Exception as exc:  # the question does not apply to this position
        return f"the engine cannot answer this check here: {exc}"
    if not same_answer(got, body["answer"]):
        return f"the engine answers {got!r}, the lesson says {body['answer']!r}"
    return None


class StepError(Exception):
    """A `do` step that could not be taken; the run stops there."""


def run_scenario(path_or_sc: Scenario | str | Path) -> ScenarioResult:
    """Run every step; a broken expectation is recorded and the run goes on where it can.

    A file that cannot be run raises ScenarioError (one line); a run never raises otherwise."""
    sc = path_or_sc if isinstance(path_or_sc, Scenario) else load_scenario(path_or_sc)
    try:
        game = scenario_game(sc)
    except Exception as exc:  # the engine could not lay the table out as the file asks
        raise ScenarioError(f"{sc.path}: the table cannot be set: {type(exc).__name__}: {exc}") from None
    res = ScenarioResult(sc)
    last: list[Event] = []
    for i, step in enumerate(sc.steps):
        kind, body = next(iter(step.items()))
        if kind == "say":
            res.log.append(prose_in(body, "en"))
        elif kind == "check":
            why = _check(game.state, body)
            if why:
                res.failures.append(StepFailure(i, step, why))
        elif kind == "do":
            try:
                last, line = _do(game, body, sc.cards)
            except StepError as exc:
                res.failures.append(StepFailure(i, step, str(exc)))
                break
            res.log.append(line)
        elif kind == "reject":
            why = _reject(game.state, body, sc.cards)
            if why:
                res.failures.append(StepFailure(i, step, why))
        elif kind == "expect":
            try:
                found = check_expectation(game.state, body, last, sc.cards)
            except Exception as exc:  # a check the engine's state could not answer
                found = [f"the check failed: {type(exc).__name__}: {exc}"]
            res.failures += [StepFailure(i, step, msg) for msg in found]
    else:
        left = _dice_left(game)
        if left:
            res.failures.append(
                StepFailure(len(sc.steps), {}, f"{len(left)} scripted dice were not used {left}")
            )
    res.events = game.events
    return res


def _dice_left(game: Game) -> list[int]:
    chance = game.chance
    return list(chance.dice) if isinstance(chance, ScriptedChance) else []


def _resolve_params(s: GameState, a: Action, names: CardNames | None = None) -> Action:
    """Let scenarios name cards by id ('crabs', 'elf'): the copy the scenario placed, else one in reach."""
    params = dict(a.params)
    for key, val in a.params.items():
        if key in CARD_PARAMS and isinstance(val, str) and "#" not in val:
            params[key] = _find(s, val, a.player, names)
        elif key in CARDS_PARAMS and isinstance(val, list):
            params[key] = [
                _find(s, v, a.player, names) if isinstance(v, str) and "#" not in v else v for v in val
            ]
    return Action(a.name, a.player, params)


def _find(s: GameState, name: str, player: str, names: CardNames | None) -> str:
    """The copy a bare id means: a placed copy the player can reach, own hand first (else the first
    placed); for a card the scenario did not place, any copy in reach."""
    p = s.player(player) if s.has_player(player) else None
    pools = []
    if p:
        pools += [p.hand, p.equipped, p.carried, p.races, p.classes]
    if s.combat:
        pools.append([m["card"] for m in s.fight.monsters])
    for q in s.players:
        pools += [q.equipped, q.carried, q.hand]
    reach = [cid for pool in pools for cid in pool]
    placed = names.placed.get(name) if names else None
    if placed:
        return next((c for c in reach if c in placed), placed[0])
    return next((cid for cid in reach if cid == name or base(cid) == name), name)


def report(path: str | Path) -> tuple[bool, list[str]]:
    """What `scenario run` prints for one file: (passed, its lines); one line per fault, never raises."""
    try:
        res = run_scenario(path)
    except ScenarioError as exc:
        return False, [f"ERROR {_one_line(str(exc))}"]
    except Exception as exc:  # a fault of ours, not the file's: still one line, and the other files run
        return False, [f"ERROR {path}: internal error: {type(exc).__name__}: {_one_line(str(exc))}"]
    if res.ok:
        return True, [f"ok    {path}  ({res.scenario.name})"]
    return False, [f"FAIL  {path}: {f}" for f in res.failures]


def _one_line(text: str) -> str:
    return " ".join(text.split())
