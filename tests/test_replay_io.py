"""JSON Lines replays: export/import round trip, and every kind of bad file refused."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.engine.core.events import Event
from munchkin_nb.replay import ReplayError, export_games, import_jsonl, read_jsonl
from munchkin_nb.replay.jsonl import card_refs, known_rulesets
from munchkin_nb.store import EventStore
from munchkin_nb.store.synthetic import CARDS, synthetic_game


def cards(name: str) -> set[str]:
    """The synthetic games' card set, standing in for munchkin_nb.cards.load_set."""
    if name != "classic":
        raise KeyError(name)
    return set(CARDS)


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db", snapshot_every=0) as s:
        yield s


def dump(store: EventStore) -> str:
    return "\n".join(store.db.conn.iterdump())


def lines_of(store: EventStore, *game_ids: int) -> list[str]:
    fh = io.StringIO()
    export_games(store, game_ids, fh)
    return fh.getvalue().splitlines(keepends=True)


@pytest.fixture(scope="module")
def played():
    """Two whole games the bots played to a win: what the referee accepts."""
    records = [
        r
        for r in (play_game(4, seed, "heuristic") for seed in range(1, 12))
        if r.events[-1].type == "GameWon"
    ]
    return records[:2]


@pytest.fixture
def played_lines(tmp_path, played):
    """The two played games exported from a store of their own, as lines."""
    with EventStore(tmp_path / "played.db", snapshot_every=0) as source:
        ids = [source.add_game(r.meta, r.events) for r in played]
        return lines_of(source, *ids)


@pytest.fixture
def exported(store):
    """Two stored games and their export, as lines."""
    a = store.add_game({"source": "simulated", "seed": 1}, synthetic_game(4, seed=1))
    b = store.add_game(
        {"source": "transcribed", "modules": ["epic"], "bot": "heuristic"}, synthetic_game(2, seed=2)
    )
    return lines_of(store, a, b)


def refuse(store, text: str | bytes, match: str, line: int | None, **kw) -> ReplayError:
    """Import must fail naming `line`, and leave the database byte-for-byte as it was."""
    before = dump(store)
    src = io.BytesIO(text) if isinstance(text, bytes) else io.StringIO(text)
    kw.setdefault("card_ids", cards)  # None: the real card set, for played games
    with pytest.raises(ReplayError, match=match) as info:
        import_jsonl(store, src, **kw)
    assert info.value.line == line
    if line is not None:
        assert str(info.value).startswith(f"line {line}: ")
    assert dump(store) == before
    return info.value


def test_export_then_import_gives_identical_events(store, played, played_lines, tmp_path):
    path = tmp_path / "two.jsonl"
    path.write_text("".join(played_lines), encoding="utf-8")
    ids = import_jsonl(store, path)
    assert ids == [1, 2]
    for r, new in zip(played, ids, strict=True):
        assert store.events(new) == r.events
        assert store.game(new)["flags"] == [] and store.game(new)["bot"] == "heuristic"
    # and the second export is byte-identical to the first (created travels in the header)
    assert lines_of(store, *ids) == played_lines


def test_export_format(store, exported):
    header = json.loads(exported[0])
    assert header["kind"] == "game" and header["format"] == 1 and "id" not in header
    assert "content_hash" not in header
    assert header["ruleset"] == "classic" and header["source"] == "simulated"
    first = json.loads(exported[1])
    assert first["seq"] == 1 and first["type"] == "GameStarted"
    assert Event.from_dict(first) == synthetic_game(4, seed=1)[0]
    assert sum(1 for line in exported if '"kind":"game"' in line) == 2
    second = json.loads(next(line for line in exported[1:] if '"kind":"game"' in line))
    assert second["bot"] == "heuristic"  # extra metadata travels in the header


def test_import_from_binary_handle_and_blank_lines(store, played_lines):
    text = "\n".join(played_lines).encode("utf-8")  # blank lines between records are allowed
    assert len(import_jsonl(store, io.BytesIO(text))) == 2


@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_a_file_with_no_game_is_an_error(store, text):
    refuse(store, text, "holds no game", None)


def test_the_same_game_twice_is_reported_not_stored_again(store, played_lines):
    import_jsonl(store, io.StringIO("".join(played_lines)))
    refuse(store, "".join(played_lines), "already stored as game 1", 1, card_ids=None)
    second = played_lines.index(next(line for line in played_lines[1:] if '"kind":"game"' in line))
    twice = played_lines[:second] + played_lines[:second]
    fresh = EventStore(":memory:", snapshot_every=0)
    refuse(fresh, "".join(twice), "repeats the game of line 1", second + 1, card_ids=None)


def test_import_is_all_or_nothing_across_games(store, exported):
    bad = exported[:-1] + [exported[-1].replace('"seq":', '"seq":1', 1)]
    refuse(store, "".join(bad), "seq", len(exported))


def test_store_failure_during_import_rolls_everything_back(store, played_lines, monkeypatch):
    calls = []
    original = EventStore._insert_rows

    def fail_on_second(self, conn, rows, *args):
        calls.append(rows[0][0])
        if len(calls) == 2:
            raise sqlite3.OperationalError("disk I/O error (simulated)")
        return original(self, conn, rows, *args)

    monkeypatch.setattr(EventStore, "_insert_rows", fail_on_second)
    before = dump(store)
    with pytest.raises(sqlite3.OperationalError):
        import_jsonl(store, io.StringIO("".join(played_lines)))
    assert dump(store) == before and len(calls) == 2


def test_truncated_last_line(store, exported):
    text = "".join(exported)
    refuse(store, text[: len(text) - 20], "truncated", len(exported))


def test_invalid_json_line(store, exported):
    bad = exported[:3] + ['{"seq": 3, "type": \n'] + exported[4:]
    refuse(store, "".join(bad), "invalid JSON", 4)


def test_line_not_an_object(store, exported):
    refuse(store, "".join(exported[:2] + ["[1, 2]\n"]), "JSON object", 3)


def test_not_utf8(store, exported):
    refuse(store, "".join(exported[:2]).encode() + b'{"x": "\xff"}\n', "UTF-8", 3)


@pytest.mark.parametrize(
    "field, value, match",
    [
        ("turn", "one", "'turn'"),
        ("actor", 5, "'actor'"),
        ("automatic", "yes", "'automatic'"),
        ("rules", "combat.start", "'rules'"),
        ("payload", [], "'payload'"),
        ("seq", "3", "'seq'"),
    ],
)
def test_wrong_type_of_an_event_field(store, exported, field, value, match):
    event = json.loads(exported[3])
    event[field] = value
    bad = exported[:3] + [json.dumps(event) + "\n"] + exported[4:]
    refuse(store, "".join(bad), match, 4)


@pytest.mark.parametrize(
    "field, value, match",
    [
        ("players", "ann", "'players'"),
        ("seed", 1.5, "'seed'"),
        ("source", "dreamt", "'source'"),
        ("modules", [1], "'modules'"),
        ("format", 2, "'format'"),
        ("id", 3, "'id'"),
    ],
)
def test_wrong_type_of_a_header_field(store, exported, field, value, match):
    header = json.loads(exported[0])
    header[field] = value
    refuse(store, "".join([json.dumps(header) + "\n"] + exported[1:]), match, 1)


def test_missing_payload_key(store, exported):
    event = json.loads(exported[4])
    event["payload"] = {}
    refuse(store, "".join(exported[:4] + [json.dumps(event) + "\n"]), "payload lacks", 5)


def test_unknown_event_type(store, exported):
    bad = exported[:5] + [exported[5].replace('"type":"', '"type":"Teleported', 1)]
    refuse(store, "".join(bad + exported[6:]), "unknown event type 'Teleported", 6)


@pytest.mark.parametrize("needle", ['"card":"door_', '"monster":"door_', '"order":["door_'])
def test_unknown_card_id(store, exported, needle):
    n = next(i for i, line in enumerate(exported) if needle in line)
    bad = exported[:n] + [exported[n].replace(needle, needle[:-5] + "plutonium_", 1)]
    refuse(store, "".join(bad + exported[n + 1 :]), "unknown card id 'plutonium_", n + 1)


def test_card_ids_inside_an_action_are_checked(store, exported):
    n = next(i for i, line in enumerate(exported) if "ActionTaken" in line)
    event = json.loads(exported[n])
    event["payload"]["action"]["card"] = "no_such_card"
    bad = exported[:n] + [json.dumps(event) + "\n"] + exported[n + 1 :]
    refuse(store, "".join(bad), "no_such_card", n + 1)


def test_card_refs_skip_player_orders():
    window = Event("WindowOpened", {"order": ["ann", "bob"]})
    assert list(card_refs(window)) == []
    shuffle = Event("DeckShuffled", {"deck": "door", "order": ["elf#1", "elf#2"]})
    assert sorted(card_refs(shuffle)) == ["elf#1", "elf#2"]


def test_default_card_check_uses_the_real_card_set(store, exported):
    # the synthetic games' ids (door_0, ...) are not classic cards
    with pytest.raises(ReplayError, match="unknown card id 'door_"):
        import_jsonl(store, io.StringIO("".join(exported)))


def test_card_set_must_be_a_name_not_a_path(store, exported):
    header = json.loads(exported[0])
    header["card_set"] = "../../etc/passwd"
    refuse(store, "".join([json.dumps(header) + "\n"] + exported[1:]), "'card_set'", 1)


def test_unknown_card_set(store, exported):
    header = json.loads(exported[0])
    header["card_set"] = "pirate_parrots"
    refuse(store, "".join([json.dumps(header) + "\n"] + exported[1:]), "'card_set'", 1)


def test_gap_in_seq(store, exported):
    refuse(store, "".join(exported[:3] + exported[4:]), "seq 4 where 3 .*gap", 4)


def test_duplicate_seq(store, exported):
    bad = exported[:4] + [exported[3]] + exported[4:]
    refuse(store, "".join(bad), "seq 3 where 4 .*duplicate", 5)


def test_unknown_ruleset(store, exported):
    assert "classic" in known_rulesets()
    header = json.loads(exported[0])
    header["ruleset"] = "spelljammer"
    refuse(store, "".join([json.dumps(header) + "\n"] + exported[1:]), "unknown ruleset", 1)


def test_ruleset_of_header_and_game_started_must_agree(store, exported):
    event = json.loads(exported[1])
    event["payload"]["ruleset"] = "cthulhu"
    refuse(
        store,
        "".join(exported[:1] + [json.dumps(event) + "\n"] + exported[2:]),
        "'ruleset': the header says 'classic', GameStarted .line 2. 'cthulhu'",
        1,
    )


def test_first_event_must_be_game_started(store, exported):
    event = json.loads(exported[2])
    event["seq"] = 1
    refuse(store, "".join(exported[:1] + [json.dumps(event) + "\n"]), "GameStarted", 2)


def test_file_over_the_size_limit(store, played_lines):
    text = "".join(played_lines)
    size = len(text.encode())
    refuse(store, text, "size limit", len(played_lines), max_bytes=size - 1, card_ids=None)
    assert import_jsonl(store, io.StringIO(text), max_bytes=size)


def test_one_huge_line_is_not_read_whole(store):
    with pytest.raises(ReplayError, match="line 1: .*size limit"):
        read_jsonl(io.StringIO("x" * 10_000), max_bytes=1000, card_ids=cards)


def test_events_before_a_header(store, exported):
    refuse(store, "".join(exported[1:]), "before any game header", 1)


def test_unknown_line_kind(store, exported):
    refuse(store, "".join(exported[:2] + ['{"kind": "comment"}\n']), "kind", 3)
