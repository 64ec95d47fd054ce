"""The plug-in kit: typed hook points that compose whatever order modules are named in, a registry
that builds an engine from some plug-ins only, plug-ins that import the kit alone, and the docs."""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.engine import hooks, kit, new_game
from munchkin_nb.plugins.d10.engine import Face as FaceOfD10
from munchkin_nb.rules import registry
from munchkin_nb.rules.registry import PLUGINS, folders
from munchkin_nb.rules.rulesets import MODULES, REQUIRES, Module, check_modules

ROOT = Path(__file__).resolve().parents[1]
ALL = ["expansions", "hirelings", "steeds", "dungeons", "munchkinomicon", "epic", "d10"]


def _events(modules: list[str], seed: int) -> list[str]:
    rec = play_game(4, seed, "heuristic", modules=modules)
    return [json.dumps(e.to_dict(), sort_keys=True) for e in rec.events]


@pytest.mark.parametrize("seed", [0, 1])
def test_every_module_on_plays_the_same_game_whatever_order_they_are_named_in(seed):
    assert _events(ALL, seed) == _events(list(reversed(ALL)), seed)


def test_the_game_records_its_modules_in_their_canonical_order():
    started = new_game(["Ana", "Ben", "Cleo"], modules=["steeds", "d10", "expansions"])[0]
    assert started.payload["modules"] == ["d10", "expansions", "steeds"]
    assert started.payload["card_set"] == "classic+d10+expansions+steeds"


def test_epic_players_turn_two_doors_with_dungeons_on_in_either_order():
    for order in (["dungeons", "epic"], ["epic", "dungeons"]):
        rec = play_game(4, 0, "heuristic", modules=order)
        assert any("epic.two_doors" in e.rules for e in rec.events), order


def test_every_point_calls_the_ruleset_then_the_modules_by_name():
    assert hooks.canonical("classic", ["steeds", "epic", "d10"]) == ("classic", "d10", "epic", "steeds")
    s = kit.GameState(ruleset="classic", modules=["steeds", "hirelings"])
    assert hooks.PLAYER_TERMS.used_by(s.ruleset, s.modules) == ["hirelings", "steeds"]
    names = [f.__module__ for f in hooks.PLAYER_TERMS.fns(s)]
    assert names == sorted(names, key=lambda m: m.split(".")[2])


def _part(name: str, **fns: object) -> ModuleType:
    """A module standing for a plug-in's engine part, defining these functions."""
    module = ModuleType(name)
    for fn_name, fn in fns.items():
        fn.__module__ = name  # type: ignore[attr-defined]
        setattr(module, fn_name, fn)
    return module


def test_a_point_for_one_plug_in_refuses_a_game_where_two_use_it():
    def other_kick(b: kit.Builder, player: str) -> bool:
        return False

    hooks.KICK_DOOR.register("zz_test")(other_kick)
    parts = {n: registry.engine_parts(n) for n in ("epic", "dungeons")}
    parts["zz_test"] = (_part("zz_test.engine", other_kick=other_kick),)
    with pytest.raises(ValueError, match="epic and zz_test both use the hook point 'kick_door'"):
        hooks.Hooks.build(hooks.canonical("classic", ["zz_test", "epic"]), parts).check()
    hooks.Hooks.build(hooks.canonical("classic", ["zz_test", "dungeons"]), parts).check()  # fine


def test_registering_a_hook_marks_the_function_and_changes_no_table():
    before = hooks.for_game("classic", ["epic"])

    def late_kick(b: kit.Builder, player: str) -> bool:
        return False

    assert hooks.KICK_DOOR.register("epic")(late_kick) is late_kick
    assert late_kick not in hooks.for_game("classic", ["epic"]).fns["kick_door"]
    assert hooks.for_game("classic", ["epic"]) is before
    with pytest.raises(TypeError):
        before.fns["kick_door"] = ()  # type: ignore[index]  # a game's table is frozen


def test_two_games_with_different_plug_ins_in_one_process_each_call_only_their_own():
    epic = hooks.for_game("classic", ["epic"])
    dungeons = hooks.for_game("classic", ["dungeons"])
    owners = {
        n: {f.__module__.split(".")[2] for fns in h.fns.values() for f in fns}
        for n, h in (("epic", epic), ("dungeons", dungeons))
    }
    assert owners == {"epic": {"epic"}, "dungeons": {"dungeons"}}
    assert epic.used_by("kick_door") == ["epic"] and dungeons.used_by("kick_door") == []
    assert hooks.for_game("classic", []).fns == {}
    # played in turn in one process, each game is the one a process with its plug-in alone plays
    here = {m: _events([m], 3) for m in ("epic", "dungeons")}
    code = "import json, sys; from tests.test_kit import _events; print(json.dumps(_events(sys.argv[1:], 3)))"
    for m in ("epic", "dungeons"):
        env = {**os.environ, "MUNCHKIN_NB_PLUGINS": m}
        out = subprocess.run(
            [sys.executable, "-c", code, m], env=env, capture_output=True, text=True, cwd=ROOT
        )
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == here[m], m


def test_two_modules_setting_one_number_differently_are_refused(monkeypatch):
    other = Module(name="zz_short", title="Short", source="test", changes={"win_level": 8})
    monkeypatch.setitem(MODULES, "zz_short", other)
    with pytest.raises(ValueError, match="'epic' and 'zz_short' set win_level differently"):
        check_modules(["zz_short", "epic"])


def test_a_module_that_requires_another_is_refused_without_it(monkeypatch):
    monkeypatch.setitem(REQUIRES, "steeds", ("hirelings",))
    with pytest.raises(ValueError, match="module 'steeds' needs 'hirelings' on too"):
        check_modules(["steeds"])
    assert check_modules(["steeds", "hirelings"]) == ["hirelings", "steeds"]


def test_an_engine_built_with_one_plug_in_knows_only_that_one():
    code = """
from munchkin_nb.bots import play_game
from munchkin_nb.engine import hooks, new_game
from munchkin_nb.rules import RULESETS
from munchkin_nb.rules.rulesets import MODULES
assert sorted(MODULES) == ["epic"], sorted(MODULES)
assert sorted(RULESETS) == ["classic"], sorted(RULESETS)
from munchkin_nb.rules import registry
owners = {m.owner for m, _fn in hooks.marked(p for n in registry.names() for p in registry.engine_parts(n))}
assert owners == {"epic"}, owners
rec = play_game(4, 3, "heuristic", modules=["epic"])
assert rec.meta["winners"]
try:
    new_game(["Ana", "Ben", "Cleo"], modules=["dungeons"])
except ValueError as e:
    print(e)
"""
    env = {**os.environ, "MUNCHKIN_NB_PLUGINS": "epic"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "unknown module 'dungeons'; known: epic"


def test_each_plug_in_is_one_declaration_and_a_folder():
    assert set(PLUGINS) == set(folders())
    for name, home in folders().items():
        assert PLUGINS[name].name == name
        assert (home / "__init__.py").is_file()
        assert not (ROOT / "cards" / f"{name}.yaml").exists(), f"{name}'s cards belong in its folder"
        assert not (ROOT / "tests" / "scenarios" / name).exists(), f"{name}'s scenarios belong in its folder"


def test_plug_ins_import_only_the_kit_their_folder_and_data():
    allowed = ("munchkin_nb.engine.kit", "munchkin_nb.rules.catalogue", "munchkin_nb.rules.rulesets")
    for home in folders().values():
        for path in home.glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    mod = node.module
                    assert not mod.startswith("munchkin_nb") or mod in allowed, f"{path}: {mod}"
                elif isinstance(node, ast.Import):
                    assert not any(a.name.startswith("munchkin_nb") for a in node.names), path


#: the plug-ins shipped with munchkin_nb (and any other installed one, through the registry)
SHIPPED = [
    "booty",
    "cthulhu",
    "d10",
    "dungeons",
    "epic",
    "expansions",
    "hirelings",
    "munchkinomicon",
    "steeds",
]
#: the shared code: it finds the plug-ins' parts through the registry, never by a plug-in's name
SHARED = ("engine", "widgets", "bots", "viz")


def _named(text: str, names: Iterable[str]) -> list[str]:
    """The plug-in names `text` holds as a word (case aside; `d10_roll` names d10 too)."""
    return sorted({n for n in names if re.search(rf"(?<![a-z0-9]){re.escape(n)}(?![a-z0-9])", text, re.I)})


def test_the_name_scan_sees_a_plug_in_in_code_data_and_prose():
    assert _named('ORDER = ("first_turn", "d10")', SHIPPED) == ["d10"]
    assert _named('{"d10_roll": "gave up a level"}', SHIPPED) == ["d10"]
    assert _named("# past that (Epic) every other level", SHIPPED) == ["epic"]
    assert _named("an epicure's dungeon, a steed and a hireling; 10d10s", SHIPPED) == []


def test_no_plug_in_is_named_in_the_shared_code():
    """Code, data, comments and docstrings alike: an example in a docstring uses a placeholder."""
    names = {*SHIPPED, *PLUGINS}
    found = {}
    for pkg in SHARED:
        for path in sorted((ROOT / "munchkin_nb" / pkg).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".js", ".css", ".html", ".yaml", ".json"):
                named = _named(path.read_text(encoding="utf-8"), names)
                if named:
                    found[str(path.relative_to(ROOT))] = named
    assert found == {}


def test_the_pages_and_bots_take_the_base_game_from_the_rules():
    """A page, a bot or a figure that needs a default game names `BASE_GAME`, never its id."""
    found = []
    for pkg in ("widgets", "bots", "viz"):
        for path in sorted((ROOT / "munchkin_nb" / pkg).rglob("*.py")):
            if re.search(r"""["']classic["']""", path.read_text(encoding="utf-8")):
                found.append(str(path.relative_to(ROOT)))
    assert found == []


def test_architecture_doc_holds_the_generated_hook_and_kit_tables():
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert doc == kit.render(doc), (
        "docs/ARCHITECTURE.md is out of date: run "
        "python -c 'from munchkin_nb.engine import kit; kit.write_docs()'"
    )
    for p in hooks.POINTS.values():
        assert f"| `{p.name}` |" in doc
    assert set(kit.__all__) == {n for names in kit.API.values() for n in names}
    assert all(hasattr(kit, n) for n in kit.__all__)


def test_the_pending_helpers_answer_for_the_first_decision_only():
    s = kit.GameState(ruleset="classic")
    s.pending = [{"kind": "a", "player": "Ana"}, {"kind": "b", "player": "Ben"}]
    d = kit.pending(s)
    assert d is not None and (d.kind, d.player, d["player"], d.get("card")) == ("a", "Ana", "Ana", None)
    assert kit.pending(s, "b") is None and kit.decision(s, "a", "Ana", "r.x") == d
    with pytest.raises(TypeError):
        d.payload["player"] = "Ben"  # read-only: a decision changes by events only
    with pytest.raises(kit.IllegalAction, match="Ben has no such choice"):
        kit.decision(s, "a", "Ben", "r.x")


def test_action_parameters_read_as_frozen_types_check_their_json_types():
    @dataclass(frozen=True)
    class Shot:
        card: str
        side: str
        target: str | None = None

    assert kit.parse(kit.Action("x", "Ana", {"card": "c1", "side": "players"}), Shot) == Shot("c1", "players")
    assert kit.parse(kit.Action("x", "Ana", {"card": 3, "side": "players"}), Shot) is None
    assert kit.parse(kit.Action("x", "Ana", {"card": "c1"}), Shot) is None  # side is missing
    paid = kit.parse(kit.Action("x", "Ana", {"cards": ["a", "b"]}), kit.CardsParams)
    assert paid == kit.CardsParams(("a", "b"))  # a JSON list is a tuple
    assert kit.parse(kit.Action("x", "Ana", {"cards": ["a", 1]}), kit.CardsParams) is None
    assert kit.parse(kit.Action("x", "Ana", {"face": True}), FaceOfD10) is None  # a bool is no number
    with pytest.raises(dataclasses.FrozenInstanceError):
        paid.cards = ()  # type: ignore[misc]
    with pytest.raises(TypeError, match="x: its parameters"):
        kit.params(kit.Action("x", "Ana", {}), kit.CardParams)


def test_event_payloads_read_as_frozen_types():
    drawn = kit.Event("CardDrawn", {"player": None, "card": "c1", "deck": "door", "face": "up"})
    assert kit.payload(drawn, kit.Drawn) == kit.Drawn(None, "c1", "door", "up", None)
    with pytest.raises(TypeError, match="CardDrawn: its payload"):
        kit.payload(
            kit.Event("CardDrawn", {"player": "Ana", "card": 7, "deck": "door", "face": "up"}), kit.Drawn
        )
    given = kit.Event(
        "CardGiven", {"from_player": "Ana", "to_player": "Ben", "card": "c1", "reason": "trade"}
    )
    assert kit.payload(given, kit.Given).to == "hand"  # the default when the event does not say


def test_no_plug_in_reads_a_parameter_or_a_payload_by_its_string_key():
    for home in folders().values():
        for path in home.glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.findall(r"\.payload(?:\[|\.get\()", text), f"{path}: read through kit.payload"
            assert not re.findall(r"\.params(?:\[|\.get\()", text), (
                f"{path}: read through kit.parse / kit.params"
            )
