"""Import is the referee: the header is checked against the events, findings name their lines,
unfinished or illegal games are kept only when asked (and then flagged), dice show real faces."""

from __future__ import annotations

import io
import json

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.cli import main
from munchkin_nb.engine.core.chance import NotAFace, ScriptedChance
from munchkin_nb.replay import ReplayError, export_games, import_file, import_jsonl
from munchkin_nb.replay.samples import to_transcribed
from munchkin_nb.replay.transcribed import read_transcribed
from munchkin_nb.store import EventStore


@pytest.fixture(scope="module")
def record():
    return next(
        r for r in (play_game(4, s, "heuristic") for s in range(1, 20)) if r.events[-1].type == "GameWon"
    )


@pytest.fixture
def lines(tmp_path, record):
    with EventStore(str(tmp_path / "src.db"), snapshot_every=0) as src:
        gid = src.add_game(record.meta, record.events)
        fh = io.StringIO()
        export_games(src, [gid], fh)
    return fh.getvalue().splitlines(keepends=True)


@pytest.fixture
def store(tmp_path):
    with EventStore(str(tmp_path / "db.sqlite"), snapshot_every=0) as s:
        yield s


def with_header(lines, **changes):
    return "".join([json.dumps(dict(json.loads(lines[0]), **changes)) + "\n", *lines[1:]])


@pytest.mark.parametrize(
    "field, value", [("players", ["Zed", "Yan", "Xi", "Wu"]), ("winners", ["Nobody"]), ("turns", 2)]
)
def test_a_header_that_contradicts_its_events_is_refused_naming_the_field(store, lines, field, value):
    with pytest.raises(ReplayError, match=f"line 1: field '{field}'"):
        import_jsonl(store, io.StringIO(with_header(lines, **{field: value})))
    assert store.games() == []


def test_winners_and_turns_may_be_left_to_the_events(store, lines, record):
    header = {k: v for k, v in json.loads(lines[0]).items() if k not in ("winners", "turns")}
    [gid] = import_jsonl(store, io.StringIO("".join([json.dumps(header) + "\n", *lines[1:]])))
    assert store.game(gid)["winners"] == record.events[-1].payload["winners"]
    assert store.game(gid)["turns"] == record.meta["turns"]


def illegal(lines, count):
    """The game with `count` kicks made by the wrong player: each one an illegal line."""
    out = list(lines)
    kicks = [i for i, line in enumerate(out) if '"name":"kick_door"' in line][2 : 2 + count]
    names = json.loads(out[0])["players"]
    for i in kicks:
        event = json.loads(out[i])
        action = event["payload"]["action"]
        action["player"] = next(n for n in names if n != action["player"])
        out[i] = json.dumps(event) + "\n"
    return "".join(out), [i + 1 for i in kicks]


def test_an_illegal_game_is_refused_with_every_finding_then_kept_flagged_when_asked(store, lines, tmp_path):
    text, bad_lines = illegal(lines, 2)
    with pytest.raises(ReplayError, match="illegal") as info:
        import_jsonl(store, io.StringIO(text))
    assert "--allow-illegal" in str(info.value)
    for n in bad_lines:
        assert any(f.startswith(f"line {n}: ") for f in info.value.findings), info.value.findings
    assert store.games() == []
    [gid] = import_jsonl(store, io.StringIO(text), allow_illegal=True)
    assert store.game(gid)["flags"] == ["illegal"]


def test_a_cut_off_game_and_a_game_without_events(store, lines, tmp_path, capsys):
    header = {k: v for k, v in json.loads(lines[0]).items() if k not in ("winners", "turns")}
    cut = "".join([json.dumps(header) + "\n", *lines[1 : len(lines) // 2]])
    with pytest.raises(ReplayError, match="unfinished"):
        import_jsonl(store, io.StringIO(cut))
    with pytest.raises(ReplayError, match="unfinished"):
        import_jsonl(store, io.StringIO(json.dumps(header) + "\n"))
    path = tmp_path / "cut.jsonl"
    path.write_text(cut)
    db = str(tmp_path / "cli.db")
    assert main(["replay", "import", str(path), "--db", db]) == 2
    assert main(["replay", "import", str(path), "--db", db, "--allow-unfinished"]) == 0
    capsys.readouterr()
    assert main(["games", "--db", db]) == 0
    assert "FLAGGED unfinished" in capsys.readouterr().out


@pytest.mark.parametrize("result", [0, 7, 20, 60, -3, True, "6"])
def test_dice_outside_the_faces_are_refused_everywhere(store, lines, result):
    assert ScriptedChance(dice=[4]).roll() == 4
    with pytest.raises(NotAFace):
        ScriptedChance(dice=[result]).roll()
    n = next(i for i, line in enumerate(lines) if '"DieRolled"' in line)
    event = json.loads(lines[n])
    event["payload"]["result"] = result
    text = "".join([*lines[:n], json.dumps(event) + "\n", *lines[n + 1 :]])
    with pytest.raises(ReplayError, match=f"line {n + 1}: die result .* not a face"):
        import_jsonl(store, io.StringIO(text), allow_illegal=True)


def test_three_illegal_transcribed_lines_are_three_findings(tmp_path, record, store):
    table = to_transcribed(record.events)
    kicks = [i for i, line in enumerate(table) if '"kick_door"' in line][3:6]
    names = [p["name"] for p in json.loads(table[0])["players"]]
    for i in kicks:
        obj = json.loads(table[i])
        obj["player"] = next(n for n in names if n != obj["player"])
        table[i] = json.dumps(obj)
    path = tmp_path / "t.transcribed.jsonl"
    path.write_text("\n".join(table) + "\n")
    _, findings = read_transcribed(path)
    assert [f.where for f in findings] == [f"line {i + 1}" for i in kicks]
    with pytest.raises(ReplayError) as info:
        import_file(store, str(path))
    assert len(info.value.findings) == 3
    [gid] = import_file(store, str(path), allow_illegal=True)
    assert store.game(gid)["flags"] == ["illegal"]


def test_a_transcribed_die_that_cannot_be_is_a_finding_of_its_line(tmp_path, record):
    table = to_transcribed(record.events)
    k = next(i for i, line in enumerate(table) if '"dice"' in line)
    obj = json.loads(table[k])
    obj["dice"][0] = 7
    table[k] = json.dumps(obj)
    path = tmp_path / "t.transcribed.jsonl"
    path.write_text("\n".join(table) + "\n")
    _, findings = read_transcribed(path)
    assert findings and findings[0].where == f"line {k + 1}" and "not a face" in findings[0].sentence


@pytest.mark.parametrize("key", ["draws", "deal"])
def test_unknown_cards_in_a_transcribed_game_are_refused(tmp_path, record, key):
    table = to_transcribed(record.events)
    if key == "deal":
        header = json.loads(table[0])
        first = next(iter(header["deal"]))
        header["deal"][first]["door"][0] = "plutonium"
        table[0] = json.dumps(header)
    else:
        k = next(i for i, line in enumerate(table) if '"draws"' in line)
        obj = json.loads(table[k])
        obj["draws"][0] = "plutonium"
        table[k] = json.dumps(obj)
    path = tmp_path / "t.transcribed.jsonl"
    path.write_text("\n".join(table) + "\n")
    with pytest.raises(ReplayError, match="plutonium"):
        read_transcribed(path)
