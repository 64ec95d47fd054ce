"""Trust in what the referee lets in: a forged game, non-standard JSON, a header that lies, one bad
transcribed line, a file called anything: each refused (or judged) alike by `validate` and `import`,
in one line naming the line or event, with a non-zero exit, no traceback, and the store untouched."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.cli import main
from munchkin_nb.replay import ReplayError, export_games, import_file, validate_path
from munchkin_nb.replay.samples import to_transcribed
from munchkin_nb.replay.transcribed import read_transcribed
from munchkin_nb.store import EventStore


@pytest.fixture(scope="module")
def record(won_game):
    """A three-player game the bots played to a win. (tests/conftest.py)"""
    return won_game


@pytest.fixture(scope="module")
def lines(record, tmp_path_factory):
    """The game exported, as JSON objects: the header, then one per event."""
    with EventStore(str(tmp_path_factory.mktemp("src") / "src.db"), snapshot_every=0) as src:
        gid = src.add_game(record.meta, record.events)
        fh = io.StringIO()
        export_games(src, [gid], fh)
    return [json.loads(line) for line in fh.getvalue().splitlines()]


@pytest.fixture
def db(tmp_path):
    """A store the attacks are aimed at: it holds another game already."""
    path = tmp_path / "target.db"
    other = play_game(3, 500, "heuristic", max_turns=2)
    with EventStore(str(path), snapshot_every=0) as store:
        store.add_game(other.meta, other.events)
    return path


def digest(path: Path) -> str:
    return "".join(
        hashlib.sha256(p.read_bytes()).hexdigest()
        for p in (path, path.with_name(path.name + "-wal"))
        if p.exists()
    )


def text_of(objs: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs)


def renumbered(objs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The header and events with seq 1, 2, 3, ... again."""
    return [objs[0], *({**o, "seq": i} for i, o in enumerate(objs[1:], 1))]


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused_everywhere(capsys, tmp_path, db, text: str, line: int, *also: str) -> tuple[str, str]:
    """validate and import (with every --allow-*) both refuse, naming `line`; the store is untouched.

    Returns what validate and import said."""
    path = tmp_path / "attack.jsonl"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = digest(db)
    v_code, v_out, v_err = cli(capsys, "replay", "validate", str(path))
    i_code, _, i_err = cli(
        capsys, "replay", "import", str(path), "--db", str(db), "--allow-illegal", "--allow-unfinished"
    )
    assert v_code != 0 and i_code != 0, (v_out, v_err, i_err)
    said = v_out + v_err
    assert f"line {line}" in said and f"line {line}" in i_err, (said, i_err)
    for words in also:
        assert words in said and words in i_err, (said, i_err)
    assert "Traceback" not in said + i_err and "internal error" not in said + i_err
    assert i_err.startswith("munchkin-nb: error: ") and "\n" not in i_err.split("\n  ")[0].strip()
    assert digest(db) == before
    return said, i_err


def event(type_: str, payload: dict[str, Any], turn: int = 0, phase: str = "setup") -> dict[str, Any]:
    return {"type": type_, "actor": None, "automatic": True, "turn": turn, "phase": phase, "rules": []} | {
        "payload": payload
    }


def forged(lines, position: dict[str, Any], winners: list[str], scenario: bool) -> str:
    """Header, GameStarted (a scenario's, when `scenario`), a PositionSet, then GameWon."""
    header = {k: v for k, v in lines[0].items() if k not in ("winners", "turns")}
    started = dict(lines[1])
    if scenario:
        started["payload"] = dict(started["payload"], scenario="forged", seed=None)
        header["seed"] = None
    objs = [header, started, event("PositionSet", position), event("GameWon", {"winners": winners}, 1, "end")]
    return text_of(renumbered(objs))


# -- item 2: only what the engine makes ------------------------------------------------------------

FORGED_TABLES = {
    "Ana at level 10": ({"players": [{"name": "Ana", "level": 10}], "turn_of": "Ana"}, ["Ana"], "level.win"),
    "a winner who is not a player": (
        {"players": [{"name": n} for n in ("Ana", "Ben", "Cleo")], "turn_of": "Ana"},
        ["Zorro"],
        "not players",
    ),
    "one card copy placed twice": (
        {"players": [{"name": "Ana", "hand": ["crabs", "crabs"]}], "turn_of": "Ana"},
        ["Ana"],
        "placed twice",
    ),
}


@pytest.mark.parametrize("scenario", [False, True], ids=["dealt", "declared scenario"])
@pytest.mark.parametrize("name", list(FORGED_TABLES))
def test_a_forged_set_up_is_refused_whatever_is_allowed(capsys, tmp_path, db, lines, name, scenario):
    position, winners, words = FORGED_TABLES[name]
    line = 4 if words == "not players" else 3  # the GameWon's line, or the PositionSet's
    said, _ = refused_everywhere(
        capsys, tmp_path, db, forged(lines, position, winners, scenario), line, words
    )
    assert "LEGAL" not in said.replace("ILLEGAL", "")


def test_a_hand_laid_table_in_a_dealt_game_is_illegal(capsys, tmp_path, db, lines):
    """A consistent table, but the game does not say it is a scenario: no dealt game has one."""
    names = ("Ana", "Ben", "Cleo")
    position = {"players": [{"name": n, "level": 9 if n == "Ana" else 1} for n in names], "turn_of": "Ana"}
    path = tmp_path / "table.jsonl"
    path.write_text(forged(lines, position, ["Ana"], scenario=False))
    code, out, _ = cli(capsys, "replay", "validate", str(path))
    assert code == 1 and "line 3: set-up — [setup.deal]" in out and "not say it is a scenario" in out
    before = digest(db)
    code, _, err = cli(capsys, "replay", "import", str(path), "--db", str(db))
    assert code == 2 and "illegal" in err and digest(db) == before


def test_an_event_the_engine_did_not_make_is_found(capsys, tmp_path, db, lines):
    objs = list(lines)
    k = next(i for i, o in enumerate(objs) if o.get("type") == "TurnStarted" and i > 100)
    player = objs[k]["payload"]["player"]
    lift = {"player": player, "delta": 9, "level": 10, "reason": "forged"}
    objs.insert(k + 1, event("LevelChanged", lift, objs[k]["turn"], objs[k]["phase"]))
    path = tmp_path / "lifted.jsonl"
    path.write_text(text_of(renumbered(objs)))
    code, out, _ = cli(capsys, "replay", "validate", str(path))
    assert code == 1 and f"line {k + 2}: " in out, out
    before = digest(db)
    code, _, err = cli(capsys, "replay", "import", str(path), "--db", str(db))
    assert code == 2 and f"line {k + 2}: " in err and digest(db) == before


def test_a_deck_that_is_not_the_seeds_is_found(capsys, tmp_path, lines):
    objs = [dict(o) for o in lines]
    shuffle = objs[2]
    order = list(shuffle["payload"]["order"])
    order[-1], order[-2] = order[-2], order[-1]  # two cards deep in the deck: the deal is the same
    objs[2] = dict(shuffle, payload=dict(shuffle["payload"], order=order))
    path = tmp_path / "stacked.jsonl"
    path.write_text(text_of(objs))
    code, out, _ = cli(capsys, "replay", "validate", str(path))
    assert code == 1 and "line 3: GameStarted — [setup.deal]" in out and "payload.order differ" in out


def scenario_lines(tmp_path) -> list[dict[str, Any]]:
    """A scenario played by the scenario runner, stored as a lesson's game and exported."""
    from munchkin_nb.scenarios.runner import run_scenario

    root = Path(__file__).resolve().parent
    result = run_scenario(root / "scenarios" / "charity_give_to_lowest.yaml")
    assert result.ok
    with EventStore(str(tmp_path / "lesson.db"), snapshot_every=0) as store:
        gid = store.add_game({"source": "tutorial"}, result.events)
        fh = io.StringIO()
        export_games(store, [gid], fh)
    return [json.loads(line) for line in fh.getvalue().splitlines()]


def test_a_declared_scenario_is_judged_and_kept_marked(capsys, tmp_path, db):
    objs = scenario_lines(tmp_path)
    path = tmp_path / "lesson.jsonl"
    path.write_text(text_of(objs))
    code, out, _ = cli(capsys, "replay", "validate", str(path))
    assert code == 0 and "LEGAL" in out
    assert "set-up position (scenario 'Charity goes to the lowest-level player')" in out
    assert cli(capsys, "replay", "import", str(path), "--db", str(db), "--allow-unfinished")[0] == 0
    with EventStore(str(db), readonly=True) as store:
        assert "scenario" in store.games()[-1]["flags"]
    # the same events without the scenario's name: a dealt game whose table was laid out by hand
    objs[1] = dict(objs[1], payload={k: v for k, v in objs[1]["payload"].items() if k != "scenario"})
    path.write_text(text_of(objs))
    code, out, _ = cli(capsys, "replay", "validate", str(path))
    assert code == 1 and "not say it is a scenario" in out


# -- item 5: standard JSON only ----------------------------------------------------------------------


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400", "9" * 5000])
def test_non_standard_numbers_are_refused_on_every_path_in(capsys, tmp_path, db, lines, value):
    text = text_of(lines).replace('"seed": 1,', f'"seed": {value},', 2)
    assert value in text
    refused_everywhere(capsys, tmp_path, db, text, 1, "not standard JSON")


def test_non_standard_numbers_are_refused_in_a_transcribed_game(capsys, tmp_path, db, record):
    table = to_transcribed(record.events)
    k = next(i for i, line in enumerate(table) if '"dice": [' in line)
    table[k] = table[k].replace('"dice": [', '"dice": [NaN, ', 1)
    refused_everywhere(capsys, tmp_path, db, "\n".join(table) + "\n", k + 1, "NaN")


# -- item 7: the header agrees with the events -------------------------------------------------------


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("modules", ["not_a_module", "<script>alert(1)</script>"], "field 'modules'"),
        ("seed", 999, "field 'seed'"),
        ("parent_game", "abc", "field 'parent_game'"),
        ("parent_game", 9999, "field 'parent_seq'"),
        ("bot", 5, "field 'bot'"),
        ("bot", "<b>", "field 'bot'"),
        ("evil", {"x": 1}, "field 'evil': not a header field"),
        ("learner", "Zorro", "field 'learner'"),
        ("branch_action", {"name": "pass"}, "field 'branch_action'"),
    ],
)
def test_a_header_that_lies_or_carries_unknown_keys_is_refused(
    capsys, tmp_path, db, lines, field, value, words
):
    objs = [dict(lines[0], **{field: value}), *lines[1:]]
    refused_everywhere(capsys, tmp_path, db, text_of(objs), 1, words)


def test_a_variation_is_kept_only_with_its_parent_in_the_store(capsys, tmp_path, record):
    from munchkin_nb.analysis.variations import branch, other_choice

    with EventStore(str(tmp_path / "a.db"), snapshot_every=0) as a:
        parent = a.add_game(record.meta, record.events)
        at, action = other_choice(a, parent, 40)
        child = branch(a, parent, at, action, max_turns=3)
        for gid, name in ((parent, "parent"), (child, "child")):
            with open(tmp_path / f"{name}.jsonl", "w", encoding="utf-8") as fh:
                export_games(a, [gid], fh)
    b, c = tmp_path / "b.db", tmp_path / "c.db"
    allow = ("--allow-unfinished",)
    assert cli(capsys, "replay", "import", str(tmp_path / "parent.jsonl"), "--db", str(b))[0] == 0
    assert cli(capsys, "replay", "import", str(tmp_path / "child.jsonl"), "--db", str(b), *allow)[0] == 0
    with EventStore(str(b), readonly=True) as store:
        assert store.games()[-1]["parent_game"] == 1
    # a store where game 1 is another game: the variation's parent is not there
    with EventStore(str(c), snapshot_every=0) as store:
        other = play_game(3, 500, "heuristic", max_turns=2)
        store.add_game(other.meta, other.events)
    before = digest(c)
    code, _, err = cli(capsys, "replay", "import", str(tmp_path / "child.jsonl"), "--db", str(c), *allow)
    assert code == 2 and "line 1: field 'parent_game': game 1 of this store does not start" in err
    assert digest(c) == before


# -- item 13: one bad line, one finding --------------------------------------------------------------


@pytest.mark.parametrize("fault", ["a die of 0", "an unknown action", "a wrong player", "a draw missing"])
def test_one_bad_transcribed_line_is_one_finding(capsys, tmp_path, db, record, fault):
    table = to_transcribed(record.events)
    if fault == "a die of 0":
        k = next(i for i, line in enumerate(table) if '"dice"' in line and i > 10)
        obj = json.loads(table[k])
        obj["dice"][0] = 0
    elif fault == "a draw missing":
        k = next(i for i, line in enumerate(table) if '"kick_door"' in line and i > 10)
        obj = json.loads(table[k])
        obj.pop("draws")
    else:
        k = next(i for i, line in enumerate(table) if '"kick_door"' in line and i > 10)
        obj = json.loads(table[k])
        if fault == "an unknown action":
            obj["action"] = "teleport"
        else:
            names = [p["name"] for p in json.loads(table[0])["players"]]
            obj["player"] = next(n for n in names if n != obj["player"])
    table[k] = json.dumps(obj)
    path = tmp_path / "t.transcribed.jsonl"
    path.write_text("\n".join(table) + "\n")
    _, findings = read_transcribed(path)
    assert [f.where for f in findings] == [f"line {k + 1}"], [str(f) for f in findings]
    code, out, _ = cli(capsys, "replay", "validate", str(path))
    assert code == 1 and out.count("\n  line ") == 1 and f"  line {k + 1}: " in out
    before = digest(db)
    code, _, err = cli(capsys, "replay", "import", str(path), "--db", str(db))
    assert code == 2 and f"line {k + 1}: " in err and digest(db) == before


# -- item 14: one reader, one verdict ---------------------------------------------------------------


@pytest.mark.parametrize("where", ["header", "payload"])
def test_a_lone_surrogate_is_refused_alike_by_validate_and_import(capsys, tmp_path, db, lines, where):
    objs = [dict(o) for o in lines]
    if where == "header":
        objs[0]["bot"] = "\ud800"
        line = 1
    else:
        k = next(i for i, o in enumerate(objs) if o.get("type") == "LevelChanged")
        objs[k] = dict(objs[k], payload=dict(objs[k]["payload"], reason="\udc00 up"))
        line = k + 1
    text = "".join(json.dumps(o) + "\n" for o in objs)  # ASCII: the surrogate as an escape
    refused_everywhere(capsys, tmp_path, db, text, line, "lone surrogate")


@pytest.mark.parametrize("name", ["game.txt", "game", "game.db", "game.jsonl"])
def test_a_replay_is_read_by_its_content_whatever_it_is_called(capsys, tmp_path, lines, name):
    path = tmp_path / name
    path.write_text(text_of(lines))
    code, out, _ = cli(capsys, "replay", "validate", str(path))
    assert code == 0 and "LEGAL" in out
    assert cli(capsys, "replay", "import", str(path), "--db", str(tmp_path / "x.sqlite"))[0] == 0


def test_a_store_is_a_store_whatever_it_is_called(capsys, tmp_path, db):
    store = tmp_path / "games.jsonl"
    store.write_bytes(db.read_bytes())
    code, out, _ = cli(capsys, "replay", "validate", str(store))
    assert code == 0 and out.startswith("game 1: ")
    target = tmp_path / "t.db"
    code, _, err = cli(capsys, "replay", "import", str(store), "--db", str(target))
    assert code == 2 and "is an event store, not a replay file" in err


def test_game_picks_a_files_nth_game_and_refuses_one_it_lacks(capsys, tmp_path, lines):
    path = tmp_path / "one.jsonl"
    path.write_text(text_of(lines))
    code, _, err = cli(capsys, "replay", "validate", str(path), "--game", "2")
    assert code == 2 and "--game 2: one.jsonl holds 1 game(s)" in err
    stacked = [dict(o) for o in lines]
    stacked[2] = dict(
        stacked[2], payload=dict(stacked[2]["payload"], order=stacked[2]["payload"]["order"][::-1])
    )
    two = tmp_path / "two.jsonl"
    two.write_text(text_of(lines) + text_of(stacked))
    code, out, _ = cli(capsys, "replay", "validate", str(two), "--game", "1")
    assert code == 0 and "two.jsonl game 1:" in out and "game 2" not in out
    code, out, _ = cli(capsys, "replay", "validate", str(two), "--game", "2")
    assert code == 1 and "two.jsonl game 2:" in out and "game 1:" not in out


def test_the_api_refuses_what_the_cli_refuses(tmp_path, lines):
    """validate_path and import_file share the reader: the same ReplayError from both."""
    path = tmp_path / "nan.jsonl"
    path.write_text(text_of(lines).replace('"seed": 1,', '"seed": NaN,', 1))
    with pytest.raises(ReplayError) as v:
        validate_path(str(path))
    with EventStore(str(tmp_path / "s.db")) as store, pytest.raises(ReplayError) as i:
        import_file(store, str(path))
    assert str(v.value) == str(i.value) == "line 1: not standard JSON: NaN is not a JSON number"


def test_a_lone_surrogate_handed_in_as_text_is_refused_too(tmp_path, lines):
    """import_jsonl also takes an open text file, whose str may hold a surrogate as it is."""
    from munchkin_nb.replay import import_jsonl

    text = text_of([dict(lines[0], bot="\ud800"), *lines[1:]])
    assert "\ud800" in text
    with EventStore(str(tmp_path / "s.db")) as store:
        with pytest.raises(ReplayError, match="line 1: a lone surrogate"):
            import_jsonl(store, io.StringIO(text))
        assert store.games() == []
