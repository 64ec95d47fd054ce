"""The referee: re-apply a recorded game through the engine and report every illegal step."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from munchkin_nb.engine.core.chance import ChanceExhausted
from munchkin_nb.store import StoreError

from .jsonl import ReplayError, ReplayGame, Source, read_games
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
    winners: list[str] = field(default_factory=list)  # of the recorded events, folded
    turns: int = 0
    unfinished: str = ""  # where a game ends that no one has won (not illegal; import asks)

    @property
    def flags(self) -> list[str]:
        """Why import would refuse the game: "illegal", "unfinished" (sorted)."""
        return (["illegal"] if not self.legal else []) + (["unfinished"] if self.unfinished else [])

    def all_findings(self) -> list[str]:
        """Every finding, one line each, the game's end included when no one has won."""
        lines = [str(f) for f in self.findings]
        if not self.legal and not self.findings:
            lines.append("the replayed final state differs from the recorded one")
        if self.unfinished:
            lines.append(f"{self.unfinished}: [level.win] {_UNFINISHED}")
        return lines

    @property
    def legal(self) -> bool:
        return not self.findings and self.recorded_hash == self.replayed_hash

    def summary(self) -> str:
        verdict = "LEGAL" if self.legal else f"ILLEGAL ({len(self.findings)} finding(s))"
        verdict += ", UNFINISHED" if self.unfinished else ""
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


_UNFINISHED = "the game ends before anyone has won"


def _seq(seq: int) -> str:
    return f"seq {seq}"


def referee_events(events: list[Event], label: str = "game", place: Callable[[int], str] = _seq) -> Report:
    """Re-check a recorded event stream: every decision legal, every consequence the engine's own.

    `place` names where event `seq` is (a file line on import); a game that no one has won yet
    gets an "unfinished" finding."""
    rep = Report(label, len(events))
    if not events:
        rep.unfinished = f"{place(1)} (the game has no events)"
        return rep
    if events[0].type != "GameStarted":
        rep.findings.append(Finding(place(1), "-", "setup.players", "a game starts with GameStarted"))
        return rep
    recorded = GameState.initial()
    replayed = GameState.initial()
    segments = _segments(events)
    cut_off = False  # the record stops inside the consequences of its last decision
    for first, seg in segments:
        where = place(first)
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
                    modules=seg[0].payload.get("modules", []),
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
            if seg is segments[-1][1] and len(theirs) < len(mine) and mine[: len(theirs)] == theirs:
                cut_off = True  # not a wrong step: the file ends before the step's end
            elif mine != theirs:
                k = next(
                    # the first event that differs, or the end of the shorter list
                    (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                    min(len(mine), len(theirs)),
                )
                got = json.loads(theirs[k])["type"] if k < len(theirs) else "nothing"
                want = json.loads(mine[k])["type"] if k < len(mine) else "nothing"
                rep.findings.append(
                    Finding(
                        place(first + k),
                        seg[0].type,
                        "card.effect",
                        f"the record has {got} where the engine makes {want}",
                    )
                )
        if not _fold_all(recorded, seg, rep, where):
            break
        if produced is not None and not rep.findings and not cut_off:
            for e in produced:
                evolve(replayed, e)
        else:
            replayed = recorded.copy()
    rep.recorded_hash = state_hash(recorded)
    rep.replayed_hash = state_hash(replayed)
    rep.winners, rep.turns = list(recorded.winners), recorded.turn
    rep.unfinished = "" if recorded.winners and not cut_off else place(len(events))
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
    """Referee a .jsonl replay (recorded or transcribed) or the games of an event store (read-only)."""
    path = _regular(source)
    if is_transcribed(path):
        return [judge_transcribed(path)]
    if path.suffix in (".jsonl", ".json", ".ndjson"):
        return [judge(g, f"{path.name} game {i + 1}") for i, g in enumerate(_some_games(path))]
    from munchkin_nb.store import EventStore

    with EventStore(str(path), readonly=True) as store:
        ids = [game] if game else [g["id"] for g in store.games()]
        if game:
            store.game(game)  # StoreError for an unknown game
        return [referee_events(store.events(gid), f"game {gid}") for gid in ids]


def _regular(source: str) -> Path:
    """The path of an existing regular file (never a folder, nor a FIFO that would block a read)."""
    path = Path(source)
    if not path.exists():
        raise ReplayError(None, f"no such file: {source}")
    if path.is_dir():
        raise ReplayError(None, f"{source} is a folder, not a replay or a database")
    if not path.is_file():
        raise ReplayError(None, f"{source} is not a regular file")
    return path


def _some_games(src: Source) -> list[ReplayGame]:
    games = read_games(src)
    if not games:
        raise ReplayError(None, "the file holds no game")
    return games


def judge(game: ReplayGame, label: str) -> Report:
    """The referee's report on one recorded game of a file, with file lines, header included."""

    def place(seq: int) -> str:
        return f"line {game.lines[seq - 1] if 0 < seq <= len(game.lines) else game.header_line}"

    rep = referee_events(game.events, label, place)
    meta = game.meta
    for name, computed in (("winners", rep.winners or None), ("turns", rep.turns)):
        if game.events and meta.get(name) is not None and meta[name] != computed:
            raise ReplayError(
                game.header_line, f"field {name!r}: the header says {meta[name]!r}, the events {computed!r}"
            )
    return rep


def judge_transcribed(path: Path) -> Report:
    """The referee's report on a transcribed game: its lines were judged as they were read."""
    events, findings = read_transcribed(path)
    final = GameState.initial()
    for e in events:
        evolve(final, e)
    rep = Report(f"{path.name} (transcribed)", len(events), findings)
    rep.recorded_hash = rep.replayed_hash = state_hash(final)
    rep.winners, rep.turns = list(final.winners), final.turn
    rep.unfinished = "" if final.winners else "the last line"
    return rep


def import_file(
    store: EventStore, path: str, *, allow_unfinished: bool = False, allow_illegal: bool = False
) -> list[int]:
    """Import a replay after the referee has judged every game in it; all games or none.

    A game with findings is refused (every finding listed) unless its kinds of finding are
    allowed; then it is stored flagged. A game already in the store (same events) is refused."""
    notes: list[list[dict[str, Any]]] = []
    if is_transcribed(_regular(path)):
        rep = judge_transcribed(Path(path))
        events, _ = read_transcribed(Path(path))
        meta: dict[str, Any] = {"source": "transcribed", "seed": None, "winners": rep.winners or None}
        judged = [(dict(meta, turns=rep.turns), events, rep, 1)]
    else:
        games = _some_games(path)
        judged = [(g.meta, g.events, judge(g, f"game {i + 1}"), g.header_line) for i, g in enumerate(games)]
        notes = [g.notes for g in games]
    return store_judged(
        store, judged, allow_unfinished=allow_unfinished, allow_illegal=allow_illegal, notes=notes
    )


def import_games(
    store: EventStore,
    src: Source,
    *,
    allow_unfinished: bool = False,
    allow_illegal: bool = False,
    **read: Any,
) -> list[int]:
    """Import a recorded .jsonl replay (a path or an open file) through the referee; all or none."""
    games = read_games(src, **read)
    if not games:
        raise ReplayError(None, "the file holds no game")
    judged = [(g.meta, g.events, judge(g, f"game {i + 1}"), g.header_line) for i, g in enumerate(games)]
    return store_judged(
        store,
        judged,
        allow_unfinished=allow_unfinished,
        allow_illegal=allow_illegal,
        notes=[g.notes for g in games],
    )


Judged = tuple[dict[str, Any], list[Event], Report, int]


def store_judged(
    store: EventStore,
    judged: Sequence[Judged],
    *,
    allow_unfinished: bool,
    allow_illegal: bool,
    notes: Sequence[list[dict[str, Any]]] = (),
) -> list[int]:
    """Refuse (all of it) on a finding not allowed or a game already stored; else store, flagged
    (with each game's notes, when given)."""
    from munchkin_nb.store.store import content_hash, event_rows

    allowed = {"unfinished"} if allow_unfinished else set()
    allowed |= {"illegal"} if allow_illegal else set()
    for _meta, _events, rep, line in judged:
        refused = [k for k in rep.flags if k not in allowed]
        if refused:
            findings = rep.all_findings()
            options = " or ".join(f"--allow-{k}" for k in refused)
            raise ReplayError(
                line,
                f"{rep.label} refused: {' and '.join(refused)} ({len(findings)} finding(s)); "
                f"{options} keeps it, flagged",
                findings,
            )
    known = store.content_hashes()
    seen: dict[str, int] = {}
    for _meta, events, rep, line in judged:
        digest = content_hash(event_rows(0, 1, events))
        if digest in known:
            raise ReplayError(line, f"{rep.label} is already stored as game {known[digest]} (same events)")
        if digest in seen:
            raise ReplayError(line, f"{rep.label} repeats the game of line {seen[digest]} (same events)")
        seen[digest] = line
    rows = [(dict(meta, flags=rep.flags), events) for meta, events, rep, _ in judged]
    try:
        return store.add_games(rows, notes)
    except StoreError as error:
        raise ReplayError(None, f"the store refused the file: {error}") from error
