"""The Munchkin d10 module: switched on per game, its die recorded and checked like every die."""

from __future__ import annotations

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Game, ScriptedChance, breakdown, new_game
from munchkin_nb.engine.core.chance import NotAFace
from munchkin_nb.replay.referee import referee_events
from munchkin_nb.rules.rulesets import check_modules


def test_an_unknown_module_is_one_clear_refusal():
    with pytest.raises(ValueError, match=r"^unknown module 'epik'; known: .*d10"):
        new_game(["Ana", "Ben", "Cleo"], modules=["epik"])
    with pytest.raises(ValueError, match="named twice"):
        check_modules(["d10", "d10"])


def test_the_game_records_its_modules():
    assert new_game(["Ana", "Ben", "Cleo"])[0].payload["modules"] == []
    assert new_game(["Ana", "Ben", "Cleo"], modules=["d10"])[0].payload["modules"] == ["d10"]


def test_scripted_d10_takes_1_to_10_and_nothing_else():
    chance = ScriptedChance(dice=[10, 11])
    assert chance.roll(10) == 10
    with pytest.raises(NotAFace):
        chance.roll(10)
    with pytest.raises(NotAFace):
        ScriptedChance(dice=[7]).roll(6)


def test_a_five_costs_five_in_the_next_fight_only():
    game = Game.start(["Ana", "Ben", "Cleo"], seed=3, modules=["d10"])
    s = game.state
    while s.phase != "before_door" or s.pending:  # the bots play on to Ana's... any first turn
        game.act(game.legal_actions()[-1] if s.phase == "setup" else game.legal_actions()[0])
    me = s.active.name
    s.player(me).level = 3
    game.chance = ScriptedChance(dice=[5])
    game.act(next(a for a in game.legal_actions() if a.name == "d10_roll"))
    game.act(next(a for a in game.legal_actions() if a.name == "d10_apply"))
    assert s.marks == {f"d10.minus5:{me}": "next"}
    game.chance = ScriptedChance(dice=[], fallback=None)
    while s.combat is None:
        s.decks["door"].sort(key=lambda c: not c.startswith("crabs"))  # a monster behind the door
        game.act(next(a for a in game.legal_actions() if a.name == "kick_door"))
    terms = [t for t in breakdown(s).terms if t.rule == "d10.sex"]
    assert [t.amount for t in terms] == [-5]


def test_bots_finish_d10_games_and_the_referee_accepts_them():
    for seed in range(2):
        rec = play_game(4, seed, "heuristic", modules=["d10"])
        assert rec.meta["winners"] and rec.meta["modules"] == ["d10"]
        rolls = [e for e in rec.events if e.type == "DieRolled" and e.payload.get("sides") == 10]
        assert rolls and all(1 <= e.payload["result"] <= 10 for e in rolls)
        assert referee_events(rec.events).legal


def test_the_rules_command_lists_the_modules_rules_by_its_id(capsys):
    from munchkin_nb.cli import main

    assert main(["rules", "--ruleset", "d10"]) == 0
    out = capsys.readouterr().out
    assert "d10.roll" in out and "setup.players" not in out
    assert main(["rules", "--ruleset", "d10", "--search", "Dado Cargado", "--lang", "es"]) == 0
    assert "d10." in capsys.readouterr().out
