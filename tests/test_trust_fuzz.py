"""Fuzzing the JSON Lines reader and the referee with mutations of real exported games: changed
fields, inserted, removed and swapped events, forged set-ups, changed headers. The invariant:
`validate` and `import` agree, and nothing the engine could not have produced is stored as legal.

60 examples by default (CI); TRUST_FUZZ_PROFILE=deep runs 1,000."""

from __future__ import annotations

import io
import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Action, Event, GameState, RandomChance, ScriptedChance, apply, evolve, new_game
from munchkin_nb.replay import ReplayError, export_games, import_file, validate_path
from munchkin_nb.store import EventStore

settings.register_profile(
    "trust-ci",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile("trust-deep", settings.get_profile("trust-ci"), max_examples=1000)
PROFILE = settings.get_profile("trust-" + os.environ.get("TRUST_FUZZ_PROFILE", "ci"))

NAMES = ["Ana", "Ben", "Cleo"]


@pytest.fixture(scope="module")
def games(tmp_path_factory, won_game) -> list[list[dict[str, Any]]]:
    """Two short real games, exported: one won (a 3-player game), one cut off after 6 turns."""
    won = won_game
    short = play_game(3, 77, "heuristic", max_turns=6)
    out = []
    with EventStore(str(tmp_path_factory.mktemp("fuzz") / "src.db"), snapshot_every=0) as store:
        for rec in (won, short):
            gid = store.add_game(rec.meta, rec.events)
            fh = io.StringIO()
            export_games(store, [gid], fh)
            out.append([json.loads(line) for line in fh.getvalue().splitlines()])
    return out


VALUES = st.one_of(
    st.integers(-3, 20),
    st.sampled_from([*NAMES, "Zorro", "", "crabs", "crabs#1", "door", "treasure", "combat", "setup"]),
    st.none(),
    st.booleans(),
    st.lists(st.sampled_from([*NAMES, "Zorro", "crabs"]), max_size=3),
    st.text(max_size=6),
)
FORGED = st.sampled_from(["LevelChanged", "GameWon", "CardDrawn", "DieRolled", "PositionSet", "PlayerDied"])


def _forged_event(kind: str, draw: Any) -> dict[str, Any]:
    payloads = {
        "LevelChanged": {
            "player": draw(st.sampled_from(NAMES)),
            "delta": 1,
            "level": draw(st.integers(1, 12)),
            "reason": "forged",
        },
        "GameWon": {"winners": draw(st.lists(st.sampled_from([*NAMES, "Zorro"]), min_size=1, max_size=2))},
        "CardDrawn": {
            "player": draw(st.sampled_from(NAMES)),
            "card": "crabs",
            "deck": "door",
            "face": "down",
        },
        "DieRolled": {
            "player": draw(st.sampled_from(NAMES)),
            "purpose": "run away",
            "result": draw(st.integers(1, 6)),
        },
        "PositionSet": {
            "players": [
                {
                    "name": n,
                    "level": draw(st.integers(0, 11)),
                    "hand": draw(st.lists(st.sampled_from(["crabs", "mate", "elf#1"]), max_size=2)),
                }
                for n in draw(st.permutations(NAMES))[: draw(st.integers(1, 3))]
            ],
            "turn_of": draw(st.sampled_from([*NAMES, "Zorro"])),
        },
        "PlayerDied": {"player": draw(st.sampled_from(NAMES))},
    }
    return {
        "type": kind,
        "actor": None,
        "automatic": True,
        "turn": 1,
        "phase": "before_door",
        "rules": [],
        "payload": payloads[kind],
    }


@st.composite
def mutated(draw, games) -> list[dict[str, Any]]:
    """A real game with up to three mutations; seqs mostly renumbered after them."""
    objs = [json.loads(json.dumps(o)) for o in draw(st.sampled_from(games))]
    for _ in range(draw(st.integers(0, 3))):  # none: the real game, the legal side of the invariant
        n = len(objs) - 1  # events
        how = draw(st.sampled_from(["field", "insert", "remove", "swap", "copy", "set-up", "header", "keep"]))
        k = draw(st.integers(1, n))
        if how == "keep":  # the game as it was (its date aside): the legal side of the invariant
            objs[0]["created"] = "2026-12-01T00:00:00+00:00"
        elif how == "field":
            where = objs[k]["payload"] if draw(st.booleans()) and objs[k]["payload"] else objs[k]
            key = draw(st.sampled_from(sorted(where)))
            where[key] = draw(VALUES)
        elif how == "insert":
            objs.insert(k, _forged_event(draw(FORGED), draw))
        elif how == "remove" and n > 1:
            del objs[k]
        elif how == "swap":
            j = draw(st.integers(1, n))
            objs[k], objs[j] = objs[j], objs[k]
        elif how == "copy":
            objs.insert(draw(st.integers(1, n)), json.loads(json.dumps(objs[k])))
        elif how == "set-up":
            # the deal replaced by a table laid out by hand, the game a scenario or not
            first = next(i for i, o in enumerate(objs) if o.get("type") == "ActionTaken")
            table = _forged_event("PositionSet", draw)
            if draw(st.booleans()):
                table["payload"]["players"] = [{"name": n, "level": draw(st.integers(1, 9))} for n in NAMES]
                table["payload"]["turn_of"] = "Ana"
            objs[4 if len(objs) > 4 else 2 : first] = [table]
            if draw(st.booleans()):
                objs[1]["payload"]["scenario"] = "fuzz"
        else:
            key = draw(
                st.sampled_from(
                    ["seed", "modules", "players", "bot", "parent_game", "created", "evil", "winners"]
                )
            )
            objs[0][key] = draw(VALUES)
    if draw(st.integers(0, 9)):  # mostly renumbered: the referee, not the seq check, is under test
        objs = [objs[0], *({**o, "seq": i} for i, o in enumerate(objs[1:], 1))]
    return objs


def _made_by_the_engine(events: list[Event]) -> bool:
    """An oracle apart from the referee: the opening is new_game's (its seed's own deck, when it
    names one), and each decision, applied with its own recorded chance, makes the recorded events."""
    start = events[0].payload
    if "scenario" in start:
        return any(e.type == "PositionSet" for e in events)  # laid out by the runner: judged elsewhere
    first = next((i for i, e in enumerate(events) if e.type == "ActionTaken"), len(events))
    seed = start.get("seed")
    recorded = ScriptedChance(
        draws=[e.payload["card"] for e in events[:first] if e.type == "CardDrawn"],
        shuffles=[e.payload["order"] for e in events[:first] if e.type == "DeckShuffled"],
        strict=True,
    )
    seeded = isinstance(seed, int) and not isinstance(seed, bool)
    opening = new_game(
        start["players"],
        start["ruleset"],
        seed,
        RandomChance(seed) if seeded else recorded,
        deal=any(e.type == "CardDrawn" for e in events[:first]),
        modules=start.get("modules", []),
    )
    if [e.to_json() for e in opening] != [e.to_json() for e in events[:first]]:
        return False
    state = GameState.initial()
    for e in events[:first]:
        evolve(state, e)
    i = first
    while i < len(events):
        j = next((m for m in range(i + 1, len(events)) if events[m].type == "ActionTaken"), len(events))
        seg = events[i:j]
        chance = ScriptedChance(
            dice=[e.payload["result"] for e in seg if e.type == "DieRolled"],
            draws=[e.payload["card"] for e in seg if e.type == "CardDrawn"],
            shuffles=[e.payload["order"] for e in seg if e.type == "DeckShuffled"],
            strict=True,
        )
        made = apply(state, Action.from_event(seg[0]), chance)
        theirs = [e.to_json() for e in seg]
        mine = [e.to_json() for e in made]
        if mine != theirs and not (j == len(events) and mine[: len(theirs)] == theirs):
            return False
        for e in seg:
            evolve(state, e)
        i = j
    return True


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzzing")


@PROFILE
@given(data=st.data())
def test_validate_and_import_agree_and_only_the_engines_games_are_stored_as_legal(games, workdir, data):
    objs = data.draw(mutated(games))
    path = workdir / "fuzz.jsonl"
    path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs), errors="surrogatepass")
    try:
        [rep] = validate_path(str(path))
        verdict = "fatal" if rep.fatal else "illegal" if not rep.legal else "legal"
    except ReplayError:
        verdict = "refused"
    stored: dict[bool, bool] = {}
    for allow_illegal in (False, True):
        db = workdir / f"fuzz-{allow_illegal}.db"
        for leftover in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            leftover.unlink(missing_ok=True)
        with EventStore(str(db), snapshot_every=0) as store:
            try:
                [gid] = import_file(store, str(path), allow_unfinished=True, allow_illegal=allow_illegal)
            except ReplayError as error:
                assert store.games() == [], "a refused file left a game behind"
                if "parent_game" in str(error):
                    return  # the parent is not in this (new) store: the store's answer, not the file's
                stored[allow_illegal] = False
                continue
            stored[allow_illegal] = True
            if not allow_illegal:
                assert _made_by_the_engine(store.events(gid)), "stored as legal, but not the engine's events"
                assert "illegal" not in store.game(gid)["flags"]
    event(f"validate: {verdict}")  # pytest --hypothesis-show-statistics shows the mix
    assert (verdict == "legal") == stored[False], (verdict, stored)
    assert (verdict in ("legal", "illegal")) == stored[True], (verdict, stored)
