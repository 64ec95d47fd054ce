"""The Epic Munchkin module: a game to level 20, switched on per game, nothing of it in the core."""

from __future__ import annotations

from pathlib import Path

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Game
from munchkin_nb.engine.flow import ruleset_of
from munchkin_nb.replay.referee import referee_events

ENGINE = Path(__file__).resolve().parents[1] / "munchkin_nb" / "engine"


def test_the_core_engine_never_names_the_module():
    hits = [p.name for p in ENGINE.glob("*.py") if "epic" in p.read_text(encoding="utf-8").lower()]
    assert hits == []


def test_the_module_changes_the_numbers_only_while_on():
    assert ruleset_of(Game.start(["Ana", "Ben", "Cleo"], seed=1).state).win_level == 10
    on = ruleset_of(Game.start(["Ana", "Ben", "Cleo"], seed=1, modules=["epic"]).state)
    assert (on.win_level, on.kill_levels, on.kill_rule) == (20, 2, "epic.kill_levels")


def test_bots_finish_epic_games_at_level_20_and_the_referee_accepts_them():
    for seed in range(2):
        rec = play_game(4, seed, "heuristic", modules=["epic"])
        assert rec.meta["winners"] and rec.meta["modules"] == ["epic"]
        levels: dict[str, int] = {}
        for e in rec.events:
            if e.type == "LevelChanged":
                levels[e.payload["player"]] = e.payload["level"]
        assert all(levels[w] >= 20 for w in rec.meta["winners"])
        assert any("epic.two_doors" in e.rules for e in rec.events)
        assert referee_events(rec.events).legal
