"""Dungeons and portals: the dungeon deck and the first dungeon at set-up, what scenarios can't lay out."""

from __future__ import annotations

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Game, ScriptedChance, new_game
from munchkin_nb.engine.core.cards import card
from munchkin_nb.engine.core.evolve import fold
from munchkin_nb.plugins.dungeons.engine import in_play
from munchkin_nb.replay.referee import referee_events


def test_the_first_dungeon_is_the_top_of_the_shuffled_deck():
    firsts = {
        fold(new_game(["Ana", "Ben", "Cleo"], seed=n, modules=["dungeons"])).table[0] for n in range(12)
    }
    assert len(firsts) > 1  # chance picks it, recorded in the shuffle


def test_without_the_module_there_is_no_dungeon_and_no_portal():
    s = fold(new_game(["Ana", "Ben", "Cleo"], seed=5))
    assert s.table == [] and set(s.decks) == {"door", "treasure"}
    assert "table" not in s.to_dict()  # a base game's state keeps its form (and hash)


def test_the_dungeon_deck_is_reshuffled_from_its_own_discards():
    game = Game.start(["Ana", "Ben", "Cleo"], seed=2, modules=["dungeons"])
    s = game.state
    while s.phase == "setup":
        game.act(next(a for a in game.legal_actions() if a.name == "finish_setup"))
    me = s.active.name
    s.discards["dungeon"] = s.decks["dungeon"][:-1]
    s.decks["dungeon"] = s.decks["dungeon"][-1:]
    s.player(me).hand = [c for c in s.decks["door"] if card(s, c).kind == "monster"][:8]
    s.decks["door"] = [c for c in s.decks["door"] if c not in s.player(me).hand]
    game.chance = ScriptedChance(fallback=None)
    exit_ = next(a for a in game.legal_actions() if a.name == "discover_exit")
    game.act(exit_)
    game.act(next(a for a in game.legal_actions() if a.name == "dungeon_leave"))
    game.act(next(a for a in game.legal_actions() if a.name == "discover_exit"))
    shuffled = [e for e in game.events[-8:] if e.type == "DeckShuffled"]
    assert shuffled and shuffled[0].payload["deck"] == "dungeon" and shuffled[0].payload["from_discards"]
    assert len(in_play(s)) == 2


def test_bots_finish_dungeon_games_and_the_referee_accepts_them():
    for seed in range(2):
        rec = play_game(4, seed, "heuristic", modules=["dungeons"])
        assert rec.meta["winners"] and rec.meta["modules"] == ["dungeons"]
        rules = {r for e in rec.events for r in e.rules}
        assert {"dungeons.start", "dungeons.in_play"} <= rules
        assert referee_events(rec.events).legal
