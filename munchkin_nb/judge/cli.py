"""`munchkin-nb judge FILE.yaml`: each player's legal actions with their rules, `--why` one action,
`--link` the position as a shareable text,
`--scenario` the scenario file that lays it out (docs/judge.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from munchkin_nb.engine import Action
from munchkin_nb.scenarios.yaml_io import YamlError, load_yaml

from .ask import fight, may_do, why
from .link import encode
from .position import Position, PositionError, Problem

# scenario fields that say nothing about the table (kept out of the position)
PROSE_KEYS = ("name", "description", "rules", "tags")
# scenario fields a position cannot hold: the judge answers for a table, not for a run
RUN_KEYS = ("steps", "dice", "table", "xfail")


class JudgeInputError(ValueError):
    """Bad input to the judge: one line, or one line per field at fault."""

    def __init__(self, message: str, problems: list[Problem] | None = None):
        super().__init__(message)
        self.findings = [str(p) for p in problems or []]


def position_from_scenario(data: Any) -> Position:
    """A position from a scenario file's data (docs/scenarios.md, plus `fight`); prose is ignored."""
    if not isinstance(data, dict):
        raise PositionError([Problem("the file", "a position is a mapping of fields (players, turn, ...)")])
    run = [Problem(k, "a position is a table, not a run: remove it") for k in RUN_KEYS if k in data]
    try:
        pos = Position.from_data({k: v for k, v in data.items() if k not in PROSE_KEYS + RUN_KEYS})
    except PositionError as exc:
        raise PositionError(run + exc.problems) from None
    if run:
        raise PositionError(run)
    return pos


def parse_action(text: str, player: str | None = None) -> Action:
    """An action in the scenario steps' syntax: `{player: Ana, action: curse, card: x, target: Ben}`
    (the braces may be left out; `--player` gives the player when the text does not)."""
    body = text.strip()
    if not body.startswith("{"):
        body = "{" + body + "}"
    try:
        spec = load_yaml(body, what="action")
    except YamlError as exc:
        raise JudgeInputError(f"--why: {exc}") from None
    if not isinstance(spec, dict) or not isinstance(spec.get("action"), str):
        raise JudgeInputError(
            "--why: write the action as a step: {player: NAME, action: ACTION, param: value}"
        )
    who = spec.get("player", player)
    if not isinstance(who, str):
        raise JudgeInputError("--why: the action needs a player (player: NAME, or --player NAME)")
    return Action(spec["action"], who, {k: v for k, v in spec.items() if k not in ("player", "action")})


def run(args: Any) -> int:
    """The `judge` subcommand."""
    path = Path(args.file)
    if not path.is_file():  # a missing file, a folder, or a FIFO that would block the read
        raise JudgeInputError(f"{path}: not a file")
    try:
        data = load_yaml(path, what="position")
        pos = position_from_scenario(data)
    except YamlError as exc:
        raise JudgeInputError(str(exc)) from None
    except PositionError as exc:
        n = len(exc.problems)
        raise JudgeInputError(
            f"{path}: an impossible table ({n} problem{'s' * (n != 1)}):", exc.problems
        ) from None
    if args.link:
        print(encode(pos))
        return 0
    if args.scenario:
        print(yaml.safe_dump(pos.to_scenario(path.stem), sort_keys=False, allow_unicode=True), end="")
        return 0
    try:
        state = pos.game().state
    except Exception as exc:  # the engine could not reach the table (a fight it would not start)
        raise JudgeInputError(f"{path}: the engine cannot lay this table out: {exc}") from None
    if args.player and not state.has_player(args.player):
        raise JudgeInputError(f"--player: {args.player!r} is not a player ({', '.join(pos.names)})")
    if args.why is not None:
        ruling = why(state, parse_action(args.why, args.player), args.lang)
        if args.json:
            print(json.dumps(ruling.to_dict(), ensure_ascii=False, indent=1))
        else:
            verdict = "allowed" if ruling.allowed else "refused"
            print(f"{verdict} [{ruling.rule}] {ruling.sentence}")
            if ruling.citation:
                print(f"  {ruling.citation}")
        return 0
    answers = may_do(state, args.player)
    strength = fight(state)
    if args.json:
        out = {n: [a.to_dict() for a in acts] for n, acts in answers.items()}
        print(json.dumps({"actions": out, "fight": strength}, ensure_ascii=False, indent=1))
        return 0
    for name, acts in answers.items():
        print(f"{name}: {len(acts)} action{'s' * (len(acts) != 1)}")
        for a in acts:
            params = ", ".join(f"{k}: {v}" for k, v in a.action.params.items())
            shown = f"{a.action.name}" + (f" {{{params}}}" if params else "")
            print(f"  {shown}  [{a.rule}]" + ("  (out of turn)" if a.out_of_turn else ""))
    if strength:
        sides = f"players {strength['players']} vs monsters {strength['monsters']}"
        print(f"fight: {sides}: {strength['outcome']} [{strength['rule']}]")
        for t in strength["terms"]:
            print(f"  {t['side']}: {t['label']} {t['amount']:+d}")
    sys.stdout.flush()
    return 0
