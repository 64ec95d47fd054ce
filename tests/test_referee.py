"""The referee re-applies recorded and transcribed games and reports every illegal step."""

from __future__ import annotations

import json

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.cli import main
from munchkin_nb.replay import ReplayError, import_file, referee_events, validate_path
from munchkin_nb.replay.samples import to_transcribed
from munchkin_nb.store import EventStore


@pytest.fixture(scope="module")
def game():
    return play_game(4, 7, "heuristic", max_turns=25).events


def test_a_simulated_game_is_legal_and_ends_in_the_same_state(game):
    rep = referee_events(game)
    assert rep.findings == []
    assert rep.legal and rep.recorded_hash == rep.replayed_hash


def _first(events, pred):
    return next(i for i, e in enumerate(events) if pred(e))


def test_a_changed_die_is_caught(game):
    events = list(game)
    i = _first(events, lambda e: e.type == "DieRolled" and e.turn > 0)
    p = events[i].payload
    events[i] = events[i]._replace(payload=dict(p, result=7 - p["result"]))
    rep = referee_events(events)
    assert not rep.legal


def test_every_illegal_step_is_reported_not_just_the_first(game):
    events = list(game)
    kicks = [
        i
        for i, e in enumerate(events)
        if e.type == "ActionTaken" and e.payload["action"]["name"] == "kick_door"
    ][1:3]
    for i in kicks:
        a = events[i].payload["action"]
        other = next(n for n in ("Ana", "Ben", "Cleo", "Dario") if n != a["player"])
        events[i] = events[i]._replace(payload={"action": dict(a, player=other)})
    rep = referee_events(events)
    illegal = [f for f in rep.findings if f.rule == "decision.pending"]
    assert len(illegal) == 2
    assert all(f.where.startswith("seq ") for f in illegal)


def test_transcribed_games_round_trip_through_the_referee(tmp_path, game):
    path = tmp_path / "t.transcribed.jsonl"
    path.write_text("\n".join(to_transcribed(game)) + "\n")
    [rep] = validate_path(str(path))
    assert rep.legal, [str(f) for f in rep.findings]
    with EventStore(str(tmp_path / "db.sqlite")) as store:
        with pytest.raises(ReplayError, match="unfinished"):  # the fixture stops after 25 turns
            import_file(store, str(path))
        [gid] = import_file(store, str(path), allow_unfinished=True)
        assert store.game(gid)["source"] == "transcribed"
        assert store.game(gid)["flags"] == ["unfinished"]
        assert store.game(gid)["seed"] is None

        # a table game has no seed and no known deck order; every action and its outcome are the same
        def table(events):
            return [e.to_json() for e in events if e.type not in ("GameStarted", "DeckShuffled")]

        assert table(store.events(gid)) == table(game)


def test_an_illegal_transcribed_line_is_named_and_nothing_is_stored(tmp_path, game):
    lines = to_transcribed(game)
    n = next(k for k, line in enumerate(lines) if '"kick_door"' in line and k > 20)
    bad = json.loads(lines[n])
    bad["action"] = "loot_the_room"
    lines[n] = json.dumps(bad)
    path = tmp_path / "bad.transcribed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    [rep] = validate_path(str(path))
    assert any(f.where == f"line {n + 1}" for f in rep.findings)
    db = tmp_path / "db.sqlite"
    with EventStore(str(db)) as store:
        with pytest.raises(ReplayError):
            import_file(store, str(path))
        assert store.games() == []


def test_cli_validate_exit_codes(tmp_path, game, capsys):
    good = tmp_path / "good.transcribed.jsonl"
    good.write_text("\n".join(to_transcribed(game)) + "\n")
    assert main(["replay", "validate", str(good)]) == 0
    lines = to_transcribed(game)
    obj = json.loads(lines[5])
    obj["player"] = "Nobody"
    lines[5] = json.dumps(obj)
    bad = tmp_path / "bad.transcribed.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert main(["replay", "validate", str(bad)]) == 1
    assert "line 6" in capsys.readouterr().out


def test_the_bundled_table_games_are_legal_and_show_what_a_learner_needs():
    from pathlib import Path

    from munchkin_nb.replay.samples import WANTED, features
    from munchkin_nb.replay.transcribed import read_transcribed

    shown = set()
    files = sorted((Path(__file__).resolve().parents[1] / "replays").glob("*.transcribed.jsonl"))
    assert len(files) >= 2
    for path in files:
        [rep] = validate_path(str(path))
        assert rep.legal, [str(f) for f in rep.findings]
        events, findings = read_transcribed(path)
        assert not findings
        shown |= features(events)
    assert shown >= WANTED
