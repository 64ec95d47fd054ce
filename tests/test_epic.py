"""The Epic Munchkin module: a game to level 20, switched on per game, nothing of it in the core."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Game, GameState, can, evolve, legal_actions
from munchkin_nb.engine.query.ruleset import ruleset_of
from munchkin_nb.replay.referee import referee_events
from tests.test_properties import cards_in_one_place

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


# -- invariants with the module on (hypothesis) ---------------------------------------
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=10_000)
players = st.integers(min_value=3, max_value=6)


@SETTINGS
@given(seeds, players)
def test_epic_games_keep_every_card_in_one_place_and_19_20_come_only_from_kills(seed, n):
    rec = play_game(n, seed, "heuristic", modules=["epic"])
    for e in cards_in_one_place(rec.events, "classic"):
        if e.type == "LevelChanged" and e.payload["delta"] > 0 and e.payload["level"] >= 19:
            # a card that says it may give the winning level (Divine Intervention) is obeyed
            kill = e.payload["reason"] in ("killed a monster", "helped kill a monster")
            assert kill or "card.effect" in e.rules, e


@SETTINGS
@given(seeds)
def test_in_epic_games_every_listed_action_is_accepted(seed):
    rec = play_game(4, seed, "heuristic", modules=["epic"], max_turns=120)
    s = GameState.initial()
    boundaries = 0
    for e in rec.events:
        if e.type == "ActionTaken" and s.turn and not s.winners:  # between two actions
            boundaries += 1
            if boundaries % 7 == 0:
                for a in legal_actions(s):
                    assert can(s, a), f"offered but refused: {a}"
        evolve(s, e)


# -- the human's pet and the ranger's tamed steed ----------------------------------------
def _moves_taken(rec, names):
    return [
        e.payload["action"]["name"]
        for e in rec.events
        if e.type == "ActionTaken" and e.payload["action"]["name"] in names
    ]


def test_bots_tame_pets_and_sacrifice_them_and_the_referee_accepts_the_game():
    rec = play_game(4, 20, "heuristic", modules=["epic"])  # a seed whose game has both
    taken = _moves_taken(rec, {"epic_tame_pet", "epic_pet_bonus"})
    assert "epic_tame_pet" in taken and "epic_pet_bonus" in taken
    for _ in cards_in_one_place(rec.events, "classic"):
        pass
    assert referee_events(rec.events).legal


def test_bots_tame_steeds_as_epic_rangers_and_the_referee_accepts_the_game():
    # seed 2: the modules are dealt in their canonical (name) order whatever order they are named in
    rec = play_game(4, 2, "heuristic", modules=["epic", "steeds", "expansions"])
    assert "epic_ranger_tame" in _moves_taken(rec, {"epic_ranger_tame"})
    for _ in cards_in_one_place(rec.events, rec.events[0].payload["card_set"]):
        pass
    assert referee_events(rec.events).legal


def test_a_ranger_tames_nothing_without_the_steeds_module():
    """The ranger's steed needs the steeds module: with the expansions alone the window never opens."""
    rec = play_game(4, 1, "heuristic", modules=["epic", "expansions"])
    assert not any("epic.ranger" in e.rules for e in rec.events)
    assert _moves_taken(rec, {"epic_ranger_tame"}) == []
