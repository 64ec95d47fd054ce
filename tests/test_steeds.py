"""The steeds module: its cards as data (a steed's numbers as a monster), its moves only while on,
the hooks it uses answering for steeds alone, and bots playing it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

from munchkin_nb.bots import play_game
from munchkin_nb.cards import load_set
from munchkin_nb.engine import Game, legal_actions
from munchkin_nb.engine.moves.base import MOVES
from munchkin_nb.plugins.steeds.engine import outside_the_limit, steed_bonus, steed_run_away
from munchkin_nb.replay.referee import referee_events
from tests.test_properties import cards_in_one_place

ROOT = Path(__file__).resolve().parents[1]


def test_the_core_engine_never_names_the_module():
    core = (ROOT / "munchkin_nb" / "engine").glob("*.py")
    hits = [p.name for p in core if "steed" in p.read_text().lower()]
    assert hits == []


def test_every_steed_carries_its_numbers_as_a_monster():
    """000: level twice the combat bonus, 1 treasure, 1 level, bad stuff 'lose a level'."""
    steeds = [c for c in load_set("steeds").cards.values() if c.deck == "door"]
    assert steeds
    for c in steeds:
        assert (c.kind, c.deck, c.big) == ("steed", "door", True), c.id
        assert c.bonus and c.level == 2 * c.bonus, c.id
        assert (c.treasures, c.levels, list(c.bad_stuff)) == (1, 1, [{"lose_levels": 1}]), c.id
        assert c.gold, f"{c.id}: a steed is an item, with a gold value"


def test_the_card_file_header_counts_its_cards():
    text = (ROOT / "munchkin_nb" / "plugins" / "steeds" / "cards.yaml").read_text(encoding="utf-8")
    cards = yaml.safe_load(text)["cards"]
    kinds = Counter(c["kind"] for c in cards)
    doors = sum(1 for c in cards if c["deck"] == "door")
    assert f"{doors} door cards" in text and f"{kinds['steed']} steeds" in text
    gear, copies = kinds["steed_enhancer"], sum(c.get("copies", 1) for c in cards if c["deck"] == "treasure")
    assert f"{gear} treasure cards of kind `steed_enhancer` ({copies} with copies)" in text


def test_steed_enhancers_are_treasures_that_add_to_a_steed():
    gear = [c for c in load_set("steeds").cards.values() if c.kind == "steed_enhancer"]
    s = Game.start(["Ana", "Ben", "Cleo"], seed=2, modules=["steeds"]).state
    assert gear and all(
        c.deck == "treasure" and steed_bonus(s, f"{c.id}#1" if c.copies > 1 else c.id) > 0 for c in gear
    )


def test_the_hooks_answer_for_steeds_only():
    s = Game.start(["Ana", "Ben", "Cleo"], seed=2, modules=["steeds"]).state
    assert outside_the_limit(s, "steed_dinosaur") and not outside_the_limit(s, "huge_rock")
    assert steed_run_away(s, "steed_turtle") == -1 and steed_run_away(s, "steed_warhorse") is None


def test_without_the_module_its_moves_are_never_asked():
    mine = ["mount_steed", "dismount", "fight_steed", "enhance_steed", "improve_steed"]
    assert all(MOVES[m].module == "steeds" for m in mine)
    g = Game.start(["Ana", "Ben", "Cleo"], seed=2)
    for name in g.state.names():
        assert not [a for a in legal_actions(g.state, name) if a.name in mine]


def test_bots_finish_steed_games_and_the_referee_accepts_them():
    fired: Counter[str] = Counter()
    for seed in range(3):
        rec = play_game(4, seed, "heuristic", modules=["steeds"])
        assert rec.meta["winners"] and rec.meta["modules"] == ["steeds"]
        for _ in cards_in_one_place(rec.events, "classic+steeds"):
            pass
        fired.update(r for e in rec.events for r in e.rules if r.startswith("steeds."))
        assert referee_events(rec.events).legal
    assert fired["steeds.items"] > 0 and fired["steeds.as_monster"] > 0
    assert fired["steeds.steed_enhancers"] > 0  # the bots put steed enhancers on their steeds
