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
    RandomChance,
    ScriptedChance,
    apply,
    evolve,
    new_game,
    state_hash,
    verify,
)
from munchkin_nb.engine.core.chance import ChanceExhausted
from munchkin_nb.store import StoreError

from .jsonl import PARENT_GAME, PARENT_SEQ, ReplayError, ReplayGame, Source, read_games
from .table_events import TABLE_EVENTS, engine_made, table_fault
from .table_events import waiver as waiver_before
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
    fatal: bool = False  # a record no game can have (not a wrong move): no option keeps it

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
    setup: str = ""  # a scenario's or lesson's set-up position ("scenario 'x'"): not a dealt game
    started: Event | None = None  # the game's GameStarted
    # actions the rules refuse that the table allowed (a recorded RuleWaived): notes, not findings
    allowed: list[Finding] = field(default_factory=list)

    @property
    def flags(self) -> list[str]:
        """What import marks the game with: "illegal", "scenario", "unfinished" (sorted)."""
        return (
            (["illegal"] if not self.legal else [])
            + (["scenario"] if self.setup else [])
            + (["unfinished"] if self.unfinished else [])
        )

    @property
    def fatal(self) -> list[Finding]:
        """The findings no option keeps: a table, a winner or an event no game can have."""
        return [f for f in self.findings if f.fatal]

    def notes(self) -> list[str]:
        """What the table allowed against the rules, one line each ("allowed by the table: ...")."""
        return [
            f"{f.where}: {f.action} — allowed by the table: [{f.rule}] {f.sentence}" for f in self.allowed
        ]

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
        verdict += f", set-up position ({self.setup})" if self.setup else ""
        verdict += f", {len(self.allowed)} allowed by the table" if self.allowed else ""
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
    rep.started = events[0]
    cut_off = False  # the record stops inside the consequences of its last decision
    for first, seg in segments:
        where = place(first)
        if seg[0].type == "ActionTaken":
            try:
                action = Action.from_event(seg[0])
            except Exception as exc:  # any payload at all may be read here: no traceback for one
                rep.findings.append(Finding(where, "?", "card.effect", f"unreadable action: {exc}"))
                if not _fold_all(recorded, seg, rep, place, first, events):
                    break
                replayed = recorded.copy()
                continue
            try:
                _verify(replayed, action, events, first, where, rep)
                produced = apply(replayed, action, _chance_of(seg), checked=True)
            except IllegalAction as exc:
                rep.findings.append(Finding(where, str(action), exc.rule_id, exc.sentence))
                produced = None
            except ChanceExhausted as exc:
                rep.findings.append(
                    Finding(where, str(action), "card.effect", f"cannot be reproduced: {exc}")
                )
                produced = None
            except Exception as exc:  # the engine fails on the table this record reached: no game's
                sentence = (
                    f"the engine cannot act on the table the record reaches ({type(exc).__name__}: {exc})"
                )
                rep.findings.append(Finding(where, str(action), "card.effect", sentence, fatal=True))
                break
        else:
            produced = _opening(seg, rep, place)
        made = engine_made(seg)  # the table's own events aside (a recording at a table)
        if produced is not None:
            mine = [e.to_json() for e in produced]
            theirs = [e.to_json() for _i, e in made]
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
                said = f"the record has {got} where the engine makes {want}"
                if got == want:
                    said = (
                        f"the record's {got} is not the one the engine makes ({_differs(mine[k], theirs[k])})"
                    )
                rule = "setup.deal" if seg[0].type != "ActionTaken" else "card.effect"
                at = made[k][0] if k < len(made) else len(seg)
                rep.findings.append(Finding(place(first + at), seg[0].type, rule, said))
        if not _fold_all(recorded, seg, rep, place, first, events):
            break
        if produced is not None and not rep.findings and not cut_off:
            # the engine's events are the record's: with the table's among them, the record folds
            for e in produced if len(made) == len(seg) else seg:
                evolve(replayed, e)
        else:
            replayed = recorded.copy()
    rep.recorded_hash = state_hash(recorded)
    rep.replayed_hash = state_hash(replayed)
    rep.winners, rep.turns = list(recorded.winners), recorded.turn
    rep.unfinished = "" if recorded.winners and not cut_off else place(len(events))
    return rep


def _fold_all(
    state: GameState,
    seg: list[Event],
    rep: Report,
    place: Callable[[int], str],
    first: int,
    events: list[Event],
) -> bool:
    """Fold a recorded stretch into `state`; False (and a fatal finding) when it is no game's."""
    names = _names(rep.started) if rep.started else []
    for i, e in enumerate(seg):
        if e.type == "GameWon" and not _winners_ok(e.payload.get("winners"), names):
            sentence = f"the winners {e.payload.get('winners')!r} are not players of this game"
            rep.findings.append(Finding(place(first + i), e.type, "level.win", sentence, fatal=True))
            return False
        try:
            fault = table_fault(state, events, first - 1 + i) if e.type in TABLE_EVENTS else None
            if fault:
                rep.findings.append(Finding(place(first + i), e.type, *fault))
            evolve(state, e)
        except Exception as exc:  # a record folds into a table, or it is no game's record
            sentence = f"the recorded event does not fold: {type(exc).__name__}: {exc}"
            rep.findings.append(Finding(place(first + i), e.type, "card.effect", sentence, fatal=True))
            return False
    return True


def _verify(s: GameState, action: Action, events: list[Event], seq: int, where: str, rep: Report) -> None:
    """IllegalAction unless `action` (event `seq`) is legal, or refused right after a RuleWaived
    of its player: then a note of what the table allowed."""
    try:
        verify(s, action)
    except IllegalAction as exc:
        waiver = waiver_before(events, seq)
        if waiver is None or waiver.payload.get("player") != action.player:
            raise
        rep.allowed.append(Finding(where, str(action), exc.rule_id, exc.sentence))


def _winners_ok(winners: object, names: list[str]) -> bool:
    return isinstance(winners, list) and bool(winners) and all(w in names for w in winners)


def _names(started: Event) -> list[str]:
    players = started.payload.get("players")
    if not isinstance(players, list):
        return []
    return [str(p.get("name")) if isinstance(p, dict) else str(p) for p in players]


def _differs(mine: str, theirs: str) -> str:
    """Which fields of two events (canonical JSON) differ, in words: "payload.order"."""
    a, b = json.loads(mine), json.loads(theirs)
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    if keys == ["payload"] and isinstance(a["payload"], dict) and isinstance(b["payload"], dict):
        pa, pb = a["payload"], b["payload"]
        keys = [f"payload.{k}" for k in sorted(set(pa) | set(pb)) if pa.get(k) != pb.get(k)]
    return ", ".join(keys) + " differ" if keys else "they differ"


def _opening(seg: list[Event], rep: Report, place: Callable[[int], str]) -> list[Event] | None:
    """The engine's own opening for the recorded one (None: none can be made; a finding says why).

    A game of the rules is dealt by new_game: with its seed's own shuffles when it names a seed,
    else with the recorded ones. A scenario or lesson (GameStarted names it) lays its table out
    with one PositionSet, which must be a consistent table; nothing else may."""
    started = seg[0].payload
    scenario = started.get("scenario")
    at_position = next((i for i, e in enumerate(seg) if e.type == "PositionSet"), None)
    if at_position is not None:
        from .setup import position_faults

        fault = position_faults(started, seg[at_position].payload)
        if fault:  # a table no game can have, scenario or not
            rep.findings.append(Finding(place(1 + at_position), "PositionSet", *fault, fatal=True))
            return None
    if scenario is not None:
        return _scenario_opening(seg, rep, place)
    if at_position is not None:
        sentence = (
            "a set-up position (PositionSet) in a game that does not say it is a scenario or a "
            "lesson: no game of the rules starts from a table laid out by hand"
        )
        rep.findings.append(Finding(place(1 + at_position), "set-up", "setup.deal", sentence))
        return None
    seed = started.get("seed")
    try:
        return new_game(
            list(started.get("players", [])),
            started.get("ruleset", "?"),
            seed,
            # a named seed deals as it always does; a game with no seed (a table game) as recorded
            RandomChance(seed) if _whole(seed) else _chance_of(seg),
            deal=any(e.type == "CardDrawn" for e in seg),
            modules=started.get("modules", []),
            mix=started.get("mix", []),
        )
    except Exception as exc:  # a GameStarted new_game cannot start: its refusal is the finding
        rule = getattr(exc, "rule_id", "setup.players")
        rep.findings.append(Finding(place(1), "set-up", rule, str(getattr(exc, "sentence", exc))))
        return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _scenario_opening(seg: list[Event], rep: Report, place: Callable[[int], str]) -> list[Event] | None:
    """A declared scenario's opening as the scenario runner lays it out, its table checked first."""
    from .setup import scenario_opening

    started = seg[0].payload
    name = started.get("scenario")
    positions = [i for i, e in enumerate(seg) if e.type == "PositionSet"]
    if not isinstance(name, str) or not name.strip():
        rep.findings.append(Finding(place(1), "set-up", "setup.deal", "field 'scenario': a scenario's name"))
        return None
    rep.setup = f"scenario {name!r}"
    if not positions:
        sentence = "a scenario lays its table out with a PositionSet, and this one has none"
        rep.findings.append(Finding(place(1), "set-up", "setup.deal", sentence))
        return None
    try:
        return scenario_opening(started, seg[positions[0]].payload)
    except Exception as exc:  # the runner cannot lay this table out: no scenario's record
        sentence = f"the engine cannot lay this table out: {exc}"
        rep.findings.append(
            Finding(place(1 + positions[0]), "PositionSet", "setup.deal", sentence, fatal=True)
        )
        return None


SQLITE_MAGIC = b"SQLite format 3\x00"


def kind_of(path: Path) -> str:
    """What a file holds, by its content (never its name): "store", "transcribed" or "recorded"."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise ReplayError(None, f"cannot read {path}: {error.strerror or error}") from None
    if head == SQLITE_MAGIC:
        return "store"
    return "transcribed" if is_transcribed(path) else "recorded"


def validate_path(source: str, game: int | None = None) -> list[Report]:
    """Referee a replay file (recorded or transcribed JSON Lines) or the games of an event store
    (read-only); `game` picks one (a store's game id, or a file's game number from 1)."""
    path = _regular(source)
    kind = kind_of(path)
    if kind == "store":
        from munchkin_nb.store import EventStore

        with EventStore(str(path), readonly=True) as store:
            ids = [game] if game else [g["id"] for g in store.games()]
            if game:
                store.game(game)  # StoreError for an unknown game
            return [referee_events(store.events(gid), f"game {gid}") for gid in ids]
    if kind == "transcribed":
        _only(path, 1, game)
        return [judge_transcribed(path)]
    games = _some_games(path)
    _only(path, len(games), game)
    return [judge(g, f"{path.name} game {i + 1}") for i, g in enumerate(games) if game in (None, i + 1)]


def _only(path: Path, count: int, game: int | None) -> None:
    if game is not None and not 1 <= game <= count:
        raise ReplayError(None, f"--game {game}: {path.name} holds {count} game(s), numbered from 1")


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
        if rep.fatal:
            break  # the events are no game: their finding says why, not the header
        if game.events and meta.get(name) is not None and meta[name] != computed:
            raise ReplayError(
                game.header_line, f"field {name!r}: the header says {meta[name]!r}, the events {computed!r}"
            )
    return rep


def judge_transcribed(path: Path) -> Report:
    """The referee's report on a transcribed game: its lines were judged as they were read."""
    allowed: list[Finding] = []
    events, findings = read_transcribed(path, allowed=allowed)
    final = GameState.initial()
    for e in events:
        evolve(final, e)
    rep = Report(f"{path.name} (transcribed)", len(events), findings, allowed=allowed)
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
    kind = kind_of(_regular(path))
    if kind == "store":
        raise ReplayError(None, f"{path} is an event store, not a replay file (`replay export` makes one)")
    if kind == "transcribed":
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
    allowed |= {"scenario"}  # a declared scenario's table, checked: kept, marked as one
    for _meta, _events, rep, line in judged:
        if rep.fatal:
            raise ReplayError(
                line,
                f"{rep.label} refused: {rep.fatal[0]} (no option keeps a game that cannot be)",
                rep.all_findings(),
            )
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
    for meta, events, rep, line in judged:
        _check_parent(store, meta, events, rep, line)
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
        # checked again inside the write transaction: two imports of one game at once store it once
        return store.add_games(rows, notes, unique=True)
    except StoreError as error:
        raise ReplayError(None, f"the store refused the file: {error}") from error


def _check_parent(
    store: EventStore, meta: dict[str, Any], events: list[Event], rep: Report, line: int
) -> None:
    """A variation's parent must be a game of this store that starts with the variation's events."""
    parent, at = meta.get(PARENT_GAME), meta.get(PARENT_SEQ)
    if parent is None or at is None:
        return
    try:
        theirs = store.events(parent, 1, at) if at <= store.last_seq(parent) else []
    except StoreError:
        theirs = []
    if [e.to_json() for e in theirs] != [e.to_json() for e in events[:at]]:
        raise ReplayError(
            line,
            f"field {PARENT_GAME!r}: game {parent} of this store does not start with events 1..{at} of "
            f"{rep.label} (a variation is imported into the store that holds its parent)",
        )
