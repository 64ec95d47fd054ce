"""The scenario runner never crashes: every broken file gets one line naming the file and the step."""

from __future__ import annotations

import copy
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from munchkin_nb.scenarios import ScenarioError, load_scenario, report, run_scenario
from munchkin_nb.scenarios.names import CardNames
from munchkin_nb.scenarios.yaml_io import MAX_BYTES, YamlError, load_yaml

ROOT = Path(__file__).resolve().parents[1]

# A scenario that runs clean; each broken file below is this one with one thing wrong.
BASE: dict[str, Any] = {
    "name": "base",
    "rules": ["turn.kick_door"],
    "players": [{"name": "Ana", "hand": ["crabs"]}, "Ben", "Cleo"],
    "turn": "Ana",
    "decks": {"door": ["maul_rat"]},
    "steps": [
        {"do": {"player": "Ana", "action": "kick_door"}},
        {"expect": {"combat": {"monster_count": 1}}},
    ],
}


def _with(change: Callable[[dict[str, Any]], object]) -> str:
    data = copy.deepcopy(BASE)
    change(data)
    return yaml.safe_dump(data, sort_keys=False)


def _step(i: int, step: Any) -> str:
    return _with(lambda d: d["steps"].__setitem__(i, step))


def _set(key: str, value: Any) -> str:
    return _with(lambda d: d.__setitem__(key, value))


def _player(key: str, value: Any) -> str:
    return _with(lambda d: d["players"][0].__setitem__(key, value))


BOMB = (
    "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9))
    + _step(1, {"say": "PLACEHOLDER"}).replace("PLACEHOLDER", "*a8")
)

# (what is wrong, the file's bytes or text, words the one line must hold)
BROKEN: list[tuple[str, str | bytes, list[str]]] = [
    ("unknown player in expect", _step(1, {"expect": {"level": {"Zed": 2}}}), ["step 2 (expect)", "'Zed'"]),
    (
        "reject without action",
        _step(1, {"reject": {"player": "Ana", "rule": "turn.kick_door"}}),
        ["step 2 (reject)", "needs 'action'"],
    ),
    (
        "reject without rule",
        _step(1, {"reject": {"player": "Ana", "action": "kick_door"}}),
        ["step 2 (reject)", "needs 'rule'"],
    ),
    (
        "reject, unknown rule",
        _step(1, {"reject": {"player": "Ana", "action": "kick_door", "rule": "no.such"}}),
        ["step 2 (reject)", "unknown rule id"],
    ),
    (
        "do, unknown action",
        _step(0, {"do": {"player": "Ana", "action": "kik_door"}}),
        ["step 1 (do)", "did you mean 'kick_door'"],
    ),
    ("do without player", _step(0, {"do": {"action": "kick_door"}}), ["step 1 (do)", "needs 'player'"]),
    (
        "do, unknown player",
        _step(0, {"do": {"player": "Zed", "action": "kick_door"}}),
        ["step 1 (do)", "unknown player 'Zed'"],
    ),
    (
        "do, unknown card",
        _step(0, {"do": {"player": "Ana", "action": "play_card", "card": "crbas"}}),
        ["step 1 (do)", "unknown card 'crbas'"],
    ),
    (
        "do, card of wrong type",
        _step(0, {"do": {"player": "Ana", "action": "play_card", "card": [1]}}),
        ["step 1 (do)", "card", "a list"],
    ),
    (
        "do, target not a player",
        _step(0, {"do": {"player": "Ana", "action": "curse", "card": "crabs", "target": "Zed"}}),
        ["step 1 (do)", "target"],
    ),
    (
        "do with a rule",
        _step(0, {"do": {"player": "Ana", "action": "kick_door", "rule": "turn.kick_door"}}),
        ["step 1 (do)", "reject"],
    ),
    ("level of wrong type", _player("level", "three"), ["players[0].level", "whole number"]),
    ("level zero", _player("level", 0), ["players[0].level", "out of range"]),
    ("unknown sex", _player("sex", "robot"), ["players[0].sex", "robot"]),
    ("players not a list", _set("players", {"Ana": 1}), ["players", "expected a list"]),
    ("steps not a list", _set("steps", {"do": "x"}), ["steps", "expected a list"]),
    ("dice not a list", _set("dice", "5 2"), ["dice", "expected a list"]),
    ("die of 0", _set("dice", [3, 0]), ["dice[1]", "out of range"]),
    ("die of 7", _set("dice", [7]), ["dice[0]", "out of range"]),
    ("die of yes", _set("dice", [True]), ["dice[0]", "whole number"]),
    ("unknown phase", _set("phase", "lunch"), ["phase", "'lunch'"]),
    ("duplicate player names", _set("players", ["Ana", "Ben", "Ana"]), ["players", "'Ana' is given twice"]),
    ("too few players", _set("players", ["Ana", "Ben"]), ["players", "3 to 6"]),
    ("turn of a stranger", _set("turn", "Zed"), ["turn", "'Zed' is not a player"]),
    (
        "unknown card in set-up",
        _player("hand", ["crabs", "no_such_card"]),
        ["players[0].hand[1]", "unknown card"],
    ),
    ("one card placed twice", _player("hand", ["crabs", "crabs"]), ["players[0].hand[1]", "crabs"]),
    ("unknown deck", _set("decks", {"doors": ["maul_rat"]}), ["decks", "'doors'"]),
    ("unknown step kind", _step(1, {"expct": {"phase": "combat"}}), ["step 2", "did you mean 'expect'"]),
    (
        "a step with two kinds",
        _step(1, {"expect": {"phase": "combat"}, "say": "hi"}),
        ["step 2", "one of do, expect, reject, say"],
    ),
    ("a step that is text", _step(1, "kick the door"), ["step 2", "one of do, expect, reject, say"]),
    (
        "unknown expectation",
        _step(1, {"expect": {"levle": {"Ana": 1}}}),
        ["step 2 (expect)", "did you mean 'level'"],
    ),
    (
        "expectation of wrong type",
        _step(1, {"expect": {"combat": {"monster_count": "one"}}}),
        ["step 2 (expect)", "monster_count"],
    ),
    (
        "unknown event type",
        _step(1, {"expect": {"events": {"includes": ["CombatBegan"]}}}),
        ["step 2 (expect)", "event type"],
    ),
    (
        "event mapping without type",
        _step(1, {"expect": {"events": {"includes": [{"player": "Ana"}]}}}),
        ["step 2 (expect)", "needs 'type'"],
    ),
    (
        "legal entry without action",
        _step(1, {"expect": {"legal": {"includes": [{"player": "Ana"}]}}}),
        ["step 2 (expect)", "needs 'action'"],
    ),
    (
        "unknown place",
        _step(1, {"expect": {"location": {"crabs": "pocket:Ana"}}}),
        ["step 2 (expect)", "pocket:Ana"],
    ),
    ("unknown phase expected", _step(1, {"expect": {"phase": "lunch"}}), ["step 2 (expect)", "'lunch'"]),
    ("say that is not text", _step(1, {"say": ["a", "b"]}), ["step 2 (say)", "a list"]),
    ("unknown top-level key", _set("stpes", []), ["unknown key 'stpes'"]),
    ("unknown player key", _player("hnad", []), ["players[0]", "unknown key 'hnad'"]),
    ("unknown ruleset", _set("ruleset", "nosuch"), ["ruleset", "nosuch"]),
    ("unknown rule in rules", _set("rules", ["turn.kick_door", "no.such"]), ["rules[1]", "unknown rule id"]),
    ("not UTF-8", b"name: caf\xe9\nsteps: []\n", ["not UTF-8"]),
    ("YAML syntax error", "name: [unclosed\nsteps: []\n", ["YAML error at line"]),
    ("a tab for indent", "name: x\nsteps:\n\t- say: hi\n", ["YAML error at line 3"]),
    ("top level a list", "- name: x\n", ["a scenario is a mapping"]),
    ("top level text", "just some words\n", ["a scenario is a mapping"]),
    ("empty file", "", ["the file is empty"]),
    ("a key given twice", "name: a\nname: b\n", ["line 2", "'name' is given twice"]),
    ("object tag", "name: !!python/object/apply:os.system [echo hi]\n", ["YAML error", "constructor"]),
    ("alias bomb in say", BOMB, ["alias"]),
    ("recursive alias", "name: &n [*n]\n", ["recursive alias"]),
    ("nested too deep", "name: " + "[" * 200 + "]" * 200 + "\n", ["nested more than"]),
    ("larger than the cap", "description: " + "x" * MAX_BYTES + "\n", ["larger than"]),
]


def _write(tmp_path: Path, i: int, body: str | bytes) -> Path:
    path = tmp_path / f"broken_{i:02d}.yaml"
    path.write_bytes(body if isinstance(body, bytes) else body.encode())
    return path


def test_the_base_scenario_runs_clean(tmp_path: Path) -> None:
    path = _write(tmp_path, 0, yaml.safe_dump(BASE))
    assert report(path) == (True, [f"ok    {path}  (base)"])


def test_there_are_at_least_thirty_kinds_of_broken_file() -> None:
    assert len({what for what, _, _ in BROKEN}) >= 30


@pytest.mark.parametrize(("what", "body", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_file_is_one_line_naming_it(
    tmp_path: Path, what: str, body: str | bytes, words: list[str]
) -> None:
    path = _write(tmp_path, 1, body)
    passed, lines = report(path)
    assert not passed
    assert len(lines) == 1 and "\n" not in lines[0], lines
    assert lines[0].startswith(f"ERROR {path}: "), lines[0]
    for w in words:
        assert w in lines[0], f"{what}: {w!r} not in {lines[0]!r}"
    with pytest.raises(ScenarioError):
        load_scenario(path)


def test_a_missing_file_and_a_folder_are_one_line(tmp_path: Path) -> None:
    for path, words in ((tmp_path / "nope.yaml", "No such file"), (tmp_path, "Is a directory")):
        passed, lines = report(path)
        assert not passed and len(lines) == 1
        assert lines[0].startswith(f"ERROR {path}: ") and words in lines[0]


def test_the_command_reports_every_file_and_a_summary(tmp_path: Path) -> None:
    good = _write(tmp_path, 0, yaml.safe_dump(BASE))
    picks = ["reject without rule", "die of 7", "not UTF-8", "alias bomb in say", "top level a list"]
    bad = [_write(tmp_path, i + 1, body) for i, (what, body, _) in enumerate(BROKEN) if what in picks]
    missing = tmp_path / "missing.yaml"
    files = [str(p) for p in [bad[0], good, *bad[1:], missing]]
    out = subprocess.run(
        [sys.executable, "-m", "munchkin_nb.cli", "scenario", "run", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 1
    assert "Traceback" not in out.stdout + out.stderr and out.stderr == ""
    lines = out.stdout.splitlines()
    assert lines[-1] == f"1 passed, {len(files) - 1} failed"
    assert len(lines) == len(files) + 1
    for f, line in zip(files, lines, strict=False):
        assert line.startswith(("ok    " if f == str(good) else "ERROR ") + f)


def test_the_command_passes_when_all_pass(tmp_path: Path) -> None:
    good = _write(tmp_path, 0, yaml.safe_dump(BASE))
    out = subprocess.run(
        [sys.executable, "-m", "munchkin_nb.cli", "scenario", "run", str(good)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (out.returncode, out.stdout.splitlines()[-1]) == (0, "1 passed, 0 failed")


def test_unused_scripted_dice_fail_the_scenario(tmp_path: Path) -> None:
    path = _write(tmp_path, 0, _set("dice", [5, 2]))
    result = run_scenario(path)
    assert [str(f) for f in result.failures] == ["after the last step: 2 scripted dice were not used [5, 2]"]
    assert report(path)[1] == [f"FAIL  {path}: after the last step: 2 scripted dice were not used [5, 2]"]


def test_a_die_rolled_beyond_the_script_fails_its_step(tmp_path: Path) -> None:
    steps = [
        {"do": {"player": "Ana", "action": "kick_door"}},
        {"do": {"player": "Ana", "action": "pass"}},
        {"do": {"player": "Ben", "action": "pass"}},
        {"do": {"player": "Cleo", "action": "pass"}},
    ]
    data = copy.deepcopy(BASE) | {"players": [{"name": "Ana", "level": 1}, "Ben", "Cleo"], "steps": steps}
    data["decks"] = {"door": ["undead_horse"]}
    data["steps"].append({"do": {"player": "Ana", "action": "run_away", "monster": "undead_horse"}})
    path = _write(tmp_path, 0, yaml.safe_dump(data))
    failures = run_scenario(path).failures
    assert len(failures) == 1
    assert str(failures[0]).startswith("step 5 (do): a die was rolled but no scripted die is left")


def _kick_then(expect: dict[str, Any]) -> str:
    return _step(1, {"expect": expect})


@pytest.mark.parametrize(
    ("spec", "holds"),
    [
        ({"type": "CardDrawn", "face": "up", "player": "Ana"}, True),
        ({"type": "CardDrawn", "face": "up", "player": "Ana", "card": "maul_rat"}, True),
        ({"type": "CardDrawn", "face": "down"}, False),
        ({"type": "CardDrawn", "player": "Ben"}, False),
        ({"type": "CardDrawn", "no_such_field": 1}, False),
        ({"type": "CombatStarted", "player": "Ana"}, True),
        ("CardDrawn", True),
        ("GameWon", False),
    ],
)
def test_event_expectations_check_payload_fields(tmp_path: Path, spec: Any, holds: bool) -> None:
    included = run_scenario(_write(tmp_path, 0, _kick_then({"events": {"includes": [spec]}})))
    excluded = run_scenario(_write(tmp_path, 1, _kick_then({"events": {"excludes": [spec]}})))
    assert (included.ok, excluded.ok) == (holds, not holds)


def test_a_bare_card_id_means_the_copy_the_scenario_placed(tmp_path: Path) -> None:
    # Ben is given dwarf#1 by its full id, so Ana's bare `dwarf` is dwarf#2; in the steps `dwarf`
    # means a placed copy: Ana's play takes her own, and both places are found
    data = copy.deepcopy(BASE)
    data["players"] = [{"name": "Ben", "hand": ["dwarf#1"]}, {"name": "Ana", "hand": ["dwarf"]}, "Cleo"]
    data["steps"] = [
        {"expect": {"location": {"dwarf": "hand:Ana", "dwarf#1": "hand:Ben"}, "hand": {"Ana": ["dwarf"]}}},
        {"do": {"player": "Ana", "action": "play_card", "card": "dwarf"}},
        {"expect": {"races": {"Ana": ["dwarf#2"]}, "hand": {"Ana": [], "Ben": ["dwarf"]}}},
        {"expect": {"events": {"includes": [{"type": "CardPlayed", "card": "dwarf"}]}}},
    ]
    result = run_scenario(_write(tmp_path, 0, yaml.safe_dump(data)))
    assert result.ok, [str(f) for f in result.failures]
    assert result.scenario.cards.placed["dwarf"] == ["dwarf#1", "dwarf#2"]


def test_a_bare_id_does_not_mean_a_copy_the_scenario_did_not_place() -> None:
    names = CardNames(("dwarf#1", "dwarf#2", "crabs"))
    assert names.place("dwarf", "here") == "dwarf#1"
    assert names.means("dwarf", "dwarf#1") and not names.means("dwarf", "dwarf#2")
    assert names.unmatched(["dwarf"], ["dwarf#2"]) == (["dwarf"], ["dwarf#2"])
    assert names.unmatched(["dwarf#2", "dwarf"], ["dwarf#1", "dwarf#2"]) == ([], [])
    # a card with no placed copy: any copy will do
    assert names.means("crabs", "crabs") and names.unmatched(["crabs"], ["crabs"]) == ([], [])


def test_a_zone_with_the_wrong_copy_fails(tmp_path: Path) -> None:
    data = copy.deepcopy(BASE)
    data["players"] = [{"name": "Ana", "hand": ["dwarf#2"]}, {"name": "Ben", "hand": ["dwarf#1"]}, "Cleo"]
    data["steps"] = [{"expect": {"hand": {"Ana": ["dwarf#1"]}}}]
    failures = [str(f) for f in run_scenario(_write(tmp_path, 0, yaml.safe_dump(data))).failures]
    assert failures == ["step 1 (expect): Ana: lacks ['dwarf#1'] (has ['dwarf#2'])"]


def test_a_reject_refused_by_another_rule_fails(tmp_path: Path) -> None:
    path = _write(
        tmp_path, 0, _step(1, {"reject": {"player": "Ben", "action": "kick_door", "rule": "turn.kick_door"}})
    )
    (failure,) = run_scenario(path).failures
    assert str(failure).startswith("step 2 (reject): refused by play.out_of_turn, expected turn.kick_door")


def test_yaml_loader_keeps_anchors_that_stay_small() -> None:
    assert load_yaml("a: &x [1, 2]\nb: *x\n") == {"a": [1, 2], "b": [1, 2]}


def test_yaml_loader_refuses_text_over_the_cap() -> None:
    with pytest.raises(YamlError, match="larger than 10 bytes"):
        load_yaml("a: 12345678901", max_bytes=10, what="scenario")
