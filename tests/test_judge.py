"""The rules judge (issue 27): positions held in mind, the rulebooks' rulings, impossible set-ups
named by field, the shared link, the scenario export and the command line."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from munchkin_nb.cli import main
from munchkin_nb.engine import Action
from munchkin_nb.judge import LinkError, Position, PositionError, Table, decode, encode, fight, may_do, why
from munchkin_nb.scenarios import run_scenario

FIGHT: dict[str, Any] = {
    "players": [
        {"name": "Ana", "level": 3, "classes": ["warrior"], "equipped": ["helm_of_courage"]},
        {"name": "Ben", "level": 9, "hand": ["curse_lose_a_level"]},
        {"name": "Cleo", "hand": ["gold_pieces_1000"]},
    ],
    "turn": "Ana",
    "fight": {"monsters": ["lame_goblin"]},
}


def _problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(PositionError) as info:
        Position.from_data(data)
    return [str(p) for p in info.value.problems]


def test_a_curse_in_another_players_fight_is_legal_by_curse_any() -> None:
    s = Position.from_data(FIGHT).game().state
    ruling = why(s, Action("curse", "Ben", {"card": "curse_lose_a_level", "target": "Cleo"}))
    assert ruling.allowed and ruling.rule == "curse.any"
    listed = may_do(s, "Ben")["Ben"]
    assert {a.action.params["target"] for a in listed if a.action.name == "curse"} == {"Ana", "Ben", "Cleo"}
    assert all(a.rule == "curse.any" and a.out_of_turn for a in listed)


def test_go_up_a_level_never_gives_the_winning_level() -> None:
    s = Position.from_data(FIGHT).game().state
    ruling = why(s, Action("go_up_a_level", "Cleo", {"card": "gold_pieces_1000", "target": "Ben"}))
    assert not ruling.allowed and ruling.rule == "level.win_by_kill"
    assert "level 10" in ruling.sentence and "«" in ruling.citation
    targets = {a.action.params["target"] for a in may_do(s, "Cleo")["Cleo"]}
    assert "Ben" not in targets and "Ana" in targets


def test_a_warrior_wins_a_tie() -> None:
    data = {
        "players": [{"name": "Ana", "level": 1, "classes": ["warrior"]}, "Ben", "Cleo"],
        "fight": {"monsters": ["lame_goblin"]},
    }
    got = fight(Position.from_data(data).game().state)
    assert got is not None and got["margin"] == 0 and got["ties_win"]
    assert got["outcome"] == "players win" and got["rule"] == "combat.ties"
    data["players"][0]["classes"] = []
    plain = fight(Position.from_data(data).game().state)
    assert plain is not None and plain["outcome"] == "monsters win"


def test_the_allowing_rule_of_the_decider_and_of_an_interjection() -> None:
    s = Position.from_data({"players": ["Ana", "Ben", "Cleo"]}).game().state
    ana = {a.action.name: a for a in may_do(s)["Ana"]}
    assert ana["kick_door"].rule == "turn.kick_door" and not ana["kick_door"].out_of_turn
    assert may_do(s)["Ben"] == []  # nothing to play out of turn with an empty hand
    ruling = why(s, Action("kick_door", "Ben"))
    assert not ruling.allowed and ruling.rule == "decision.pending" and "Ana's decision" in ruling.sentence


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda d: d["players"][1].update(hand=["helm_of_courage"]),
            "players[1].hand[0]: card 'helm_of_courage' placed twice (also in players[0].equipped[0])",
        ),
        (
            lambda d: d["players"][0].update(classes=["warrior", "thief"]),
            "players[0].classes: 2 classes without Super Munchkin: at most 1 allowed",
        ),
        (
            lambda d: d["players"][2].update(hand=["goblin_lame"]),
            "players[2].hand[0]: unknown card 'goblin_lame'",
        ),
        (lambda d: d["players"][1].update(level=10), "players[1].level: 10 is not a level from 1 to 9"),
        (lambda d: d["fight"].update(helper="Dora"), "fight.helper: 'Dora' is not a player"),
        (lambda d: d["fight"].update(helper="Ana"), "fight.helper: 'Ana' is the fighter"),
        (lambda d: d.update(turn="Dora"), "turn: 'Dora' is not a player"),
        (
            lambda d: d["players"][0].update(races=["warrior"]),
            "players[0].races[0]: 'warrior' is a class, not a race",
        ),
    ],
)
def test_each_impossible_setup_names_its_field(change: Any, expected: str) -> None:
    data = json.loads(json.dumps(FIGHT))
    change(data)
    assert any(p.startswith(expected) for p in _problems(data)), _problems(data)


def test_every_problem_is_named_at_once() -> None:
    data = json.loads(json.dumps(FIGHT))
    data["players"][1]["level"] = 0
    data["players"][2]["hand"] = ["nothing_such"]
    data["fight"]["helper"] = "Zed"
    fields = [p.split(":")[0] for p in _problems(data)]
    assert fields == ["players[1].level", "players[2].hand[0]", "fight.helper"]


def test_a_third_class_is_refused_even_with_super_munchkin() -> None:
    data = {
        "players": [
            {"name": "Ana", "classes": ["warrior", "thief", "wizard"], "super_munchkin": "super_munchkin"},
            "Ben",
            "Cleo",
        ]
    }
    assert _problems(data) == ["players[0].classes: 3 classes: at most 2 allowed"]
    data["players"][0]["classes"] = ["warrior", "thief"]
    assert Position.from_data(data).game().state.player("Ana").classes


def test_the_link_round_trips_and_refuses_damage() -> None:
    pos = Position.from_data(FIGHT)
    link = encode(pos)
    assert link.startswith("v1.") and decode(link) == pos
    assert set(link[3:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    with pytest.raises(LinkError, match="unknown link version 'v9'"):
        decode("v9." + link[3:])
    with pytest.raises(LinkError, match="damaged"):
        decode(link[:-6])
    flipped = link[:10] + ("A" if link[10] != "A" else "B") + link[11:]
    with pytest.raises(LinkError):
        decode(flipped)
    not_json = "v1." + base64.urlsafe_b64encode(zlib.compress(b"{players")).decode().rstrip("=")
    with pytest.raises(LinkError, match="bad JSON"):
        decode(not_json)
    bad = dict(pos.data, turn="Zed")
    packed = zlib.compress(json.dumps(bad).encode())
    with pytest.raises(LinkError) as info:
        decode("v1." + base64.urlsafe_b64encode(packed).decode().rstrip("="))
    assert [str(p) for p in info.value.problems] == ["turn: 'Zed' is not a player"]


def test_try_an_action_in_words_and_step_back() -> None:
    table = Table(Position.from_data(FIGHT).game())
    before = table.state.player("Ana").level
    words = table.take(Action("curse", "Ben", {"card": "curse_lose_a_level", "target": "Ana"}))
    assert words and table.state.player("Ana").level == before - 1
    assert any("Ana" in w for w in words)
    assert table.back() and table.state.player("Ana").level == before
    assert not table.back()


def test_the_export_is_a_scenario_the_runner_accepts(tmp_path: Path) -> None:
    data = {
        "players": [
            {"name": "Ana", "level": 3, "classes": ["warrior"], "hand": ["mate"]},
            {"name": "Ben", "level": 2},
            "Cleo",
        ],
        "fight": {
            "monsters": ["lame_goblin", "potted_plant"],
            "enhancers": [{"card": "ancient", "monster": "lame_goblin", "by": "Ben"}],
            "helper": "Cleo",
        },
    }
    pos = Position.from_data(data)
    f = tmp_path / "p.yaml"
    f.write_text(yaml.safe_dump(pos.to_scenario()))
    assert run_scenario(f).ok
    got = fight(pos.game().state)
    assert got is not None and (got["players"], got["monsters"]) == (4, 12)


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def test_cli_lists_asks_links_and_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "fight.yaml"
    f.write_text(yaml.safe_dump(FIGHT))
    rc, out, _ = _cli(capsys, "judge", str(f))
    assert rc == 0 and "curse {card: curse_lose_a_level#1, target: Cleo}  [curse.any]  (out of turn)" in out
    assert "fight: players 4 vs monsters 1: players win" in out
    rc, out, _ = _cli(capsys, "judge", str(f), "--player", "Cleo", "--json")
    assert rc == 0 and list(json.loads(out)["actions"]) == ["Cleo"]
    why_up = "player: Cleo, action: go_up_a_level, card: gold_pieces_1000, target: Ben"
    rc, out, _ = _cli(capsys, "judge", str(f), "--why", why_up, "--lang", "de")
    assert rc == 0 and out.startswith("refused [level.win_by_kill]")
    rc, out, _ = _cli(
        capsys,
        "judge",
        str(f),
        "--why",
        "{action: curse, card: curse_lose_a_level, target: Ana}",
        "--player",
        "Ben",
    )
    assert rc == 0 and out.startswith("allowed [curse.any]")
    rc, out, _ = _cli(capsys, "judge", str(f), "--link")
    assert rc == 0 and decode(out.strip()) == Position.from_data(FIGHT)
    for bad in ("{player: Ben", "player: Ben", "[1, 2]"):
        rc, out, err = _cli(capsys, "judge", str(f), "--why", bad)
        assert rc == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    rc, _, err = _cli(capsys, "judge", str(f), "--player", "Zed")
    assert rc == 2 and "'Zed' is not a player" in err
    broken = dict(FIGHT, turn="Zed", steps=[])
    f.write_text(yaml.safe_dump(broken))
    rc, _, err = _cli(capsys, "judge", str(f))
    assert rc == 2 and "2 problems" in err and "  turn: 'Zed' is not a player" in err and "  steps:" in err
    rc, _, err = _cli(capsys, "judge", str(tmp_path / "missing.yaml"))
    assert rc == 2 and err.count("\n") == 1
