"""The referee: re-apply a recorded game through the engine and report every illegal step."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from munchkin_nb.engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    ScriptedChance,
    apply,
    evolve,
    new_game,
    state_hash,
    verify,
)
from munchkin_nb.engine.chance import ChanceExhausted

from .jsonl import ReplayError, read_jsonl
from .transcribed import is_transcribed, read_transcribed

if TYPE_CHECKING:
    from munchkin_nb.store import EventStore


@dataclass
class Finding:
    """One illegal or unreproducible step: where, what, which rule, why."""

    where: str
    action: str
    rule: str
    sentence: str

    def __str__(self) -> str:
        return f"{self.where}: {self.action} — [{self.rule}] {self.sentence}"


@dataclass
class Report:
    """The referee's verdict on one game."""

    label: str
    events: int
    findings: list[Finding] = field(default_factory=list)
    recorded_hash: str = ""
    replayed_hash: str = ""

    @property
    def legal(self) -> bool:
        return not self.findings and self.recorded_hash == self.replayed_hash

    def summary(self) -> str:
        verdict = "LEGAL" if self.legal else f"ILLEGAL ({len(self.findings)} finding(s))"
        return f"{self.label}: {self.events} events, {verdict}, final state {self.replayed_hash[:12]}"


def _chance_of(segment: list[Event]) -> ScriptedChance:
    """The chance results a recorded stretch of events used, to reproduce it exactly."""
    dice = [e.payload["result"] for e in segment if e.type == "DieRolled"]
    draws = [e.payload["card"] for e in segment if e.type == "CardDrawn"]
    shuffles = [e.payload["order"] for e in segment if e.type == "DeckShuffled"]
    return ScriptedChance(dice=dice, draws=draws, shuffles=shuffles, strict=True)


def _segments(events: list[Event]) -> list[tuple[int, list[Event]]]:
    """Split at each decision: (first seq, events) — the opening, then one stretch per action."""
    out: list[tuple[int, list[Event]]] = []
    for seq, e in enumerate(events, 1):
        if e.type == "ActionTaken" or not out:
            out.append((seq, [e]))
        else:
            out[-1][1].append(e)
    return out


def referee_events(events: list[Event], label: str = "game") -> Report:
    """Re-check a recorded event stream: every decision legal, every consequence the engine's own."""
    rep = Report(label, len(events))
    if not events or events[0].type != "GameStarted":
        rep.findings.append(Finding("seq 1", "-", "setup.players", "a game starts with GameStarted"))
        return rep
    recorded = GameState.initial()
    replayed = GameState.initial()
    for first, seg in _segments(events):
        where = f"seq {first}"
        if seg[0].type == "ActionTaken":
            try:
                action = Action.from_event(seg[0])
            except (ValueError, KeyError) as exc:
                rep.findings.append(Finding(where, "?", "card.effect", f"unreadable action: {exc}"))
                _fold_all(recorded, seg, rep, where)
                replayed = recorded.copy()
                continue
            try:
                verify(replayed, action)
                produced = apply(replayed, action, _chance_of(seg))
            except IllegalAction as exc:
                rep.findings.append(Finding(where, str(action), exc.rule_id, exc.sentence))
                produced = None
            except (ChanceExhausted, KeyError, ValueError) as exc:
                rep.findings.append(
                    Finding(where, str(action), "card.effect", f"cannot be reproduced: {exc}")
                )
                produced = None
        else:
            players = [p for p in seg[0].payload.get("players", [])]
            try:
                produced = new_game(
                    players,
                    seg[0].payload.get("ruleset", "?"),
                    seg[0].payload.get("seed"),
                    _chance_of(seg),
                    deal=any(e.type == "CardDrawn" for e in seg),
                )
                if any(e.type == "PositionSet" for e in seg):
                    produced = None  # a scenario or lesson lays its table out: taken as recorded
            except (IllegalAction, ValueError, ChanceExhausted) as exc:
                rule = getattr(exc, "rule_id", "setup.players")
                rep.findings.append(Finding(where, "set-up", rule, str(getattr(exc, "sentence", exc))))
                produced = None
        if produced is not None:
            mine = [e.to_json() for e in produced]
            theirs = [e.to_json() for e in seg]
            if mine != theirs:
                k = next(
                    # the first event that differs, or the end of the shorter list
                    (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                    min(len(mine), len(theirs)),
                )
                got = json.loads(theirs[k])["type"] if k < len(theirs) else "nothing"
                want = json.loads(mine[k])["type"] if k < len(mine) else "nothing"
                rep.findings.append(
                    Finding(
                        f"seq {first + k}",
                        seg[0].type,
                        "card.effect",
                        f"the record has {got} where the engine makes {want}",
                    )
                )
        if not _fold_all(recorded, seg, rep, where):
            break
        if produced is not None and not rep.findings:
            for e in produced:
                evolve(replayed, e)
        else:
            replayed = recorded.copy()
    rep.recorded_hash = state_hash(recorded)
    rep.replayed_hash = state_hash(replayed)
    return rep


def _fold_all(state: GameState, seg: list[Event], rep: Report, where: str) -> bool:
    try:
        for e in seg:
            evolve(state, e)
        return True
    except (ValueError, KeyError, AttributeError, TypeError) as exc:
        rep.findings.append(
            Finding(where, seg[0].type, "card.effect", f"the recorded events do not fold: {exc}")
        )
        return False


def validate_path(source: str, game: int | None = None) -> list[Report]:
    """Referee a .jsonl replay (recorded or transcribed) or the games of an event store."""
    path = Path(source)
    if not path.exists():
        raise FileNotFoundError(f"no such file: {source}")
    if is_transcribed(path):
        events, findings = read_transcribed(path)
        rep = referee_events(events, f"{path.name} (transcribed)")
        rep.findings[:0] = findings
        return [rep]
    if path.suffix in (".jsonl", ".json", ".ndjson"):
        games = read_jsonl(path, card_ids=lambda name: None)
        return [referee_events(evs, f"{path.name} game {i + 1}") for i, (meta, evs) in enumerate(games)]
    from munchkin_nb.store import EventStore

    with EventStore(str(path)) as store:
        ids = [game] if game else [g["id"] for g in store.games()]
        return [referee_events(store.events(gid), f"game {gid}") for gid in ids]


def import_file(store: EventStore, path: str) -> list[int]:
    """Import a replay: recorded games as they are, transcribed games only when found legal."""
    if is_transcribed(Path(path)):
        events, findings = read_transcribed(Path(path))
        rep = referee_events(events, Path(path).name)
        findings = findings + rep.findings
        if findings:
            raise ReplayError(
                None, "the transcribed game is not legal: " + "; ".join(map(str, findings[:10]))
            )
        final = GameState.initial()
        for e in events:
            evolve(final, e)
        meta = {"source": "transcribed", "seed": None, "winners": final.winners, "turns": final.turn}
        return [store.add_game(meta, events)]
    from .jsonl import import_jsonl

    return import_jsonl(store, path)
