"""The hirelings module: its cards as data, its arithmetic, its moves only while on, bots playing it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from munchkin_nb.bots import play_game
from munchkin_nb.cards import load_set
from munchkin_nb.cards import vocabulary as V
from munchkin_nb.engine import Game, legal_actions
from munchkin_nb.engine.kit import levels_of
from munchkin_nb.replay.referee import referee_events
from munchkin_nb.rules.rulesets import deck_name
from tests.test_properties import cards_in_one_place

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ana", "Ben", "Cleo", "Dario"]


def test_the_core_engine_never_names_the_module():
    # the core may name the base game's Hireling card (a docstring does), never the module
    hits = [p.name for p in (ROOT / "munchkin_nb" / "engine").glob("*.py") if "hirelings" in p.read_text()]
    assert hits == []


def test_the_cards_join_the_decks_only_with_the_module():
    assert deck_name("classic", ["hirelings"]) == "classic+hirelings"
    mine = load_set("hirelings")
    joined = load_set("classic+hirelings")
    assert len(joined) == len(load_set("classic")) + len(mine)
    assert all(c.kind == "hireling" and c.deck == "door" for c in mine.cards.values())


def test_the_card_file_header_counts_its_cards_and_every_hireling_is_well_formed():
    text = (ROOT / "munchkin_nb" / "plugins" / "hirelings" / "cards.yaml").read_text(encoding="utf-8")
    kinds = Counter(c["kind"] for c in yaml.safe_load(text)["cards"])
    assert f"{sum(kinds.values())} door cards" in text and f"{kinds['hireling']} hirelings" in text
    for c in load_set("hirelings").cards.values():
        assert not c.gold, f"{c.id}: a hireling with a gold value would be an item"
        for e in c.effects:
            assert isinstance(e, dict), c.id
            ident = e.get("counts_as")
            if ident is not None:
                every = V.of()
                allowed = {"race": every.races, "class": every.classes, "sex": V.SEXES}
                assert ident and all(k in allowed and v in allowed[k] for k, v in ident.items()), c.id
            for key in ("extra_item", "carries"):
                assert key not in e or (isinstance(e[key], int) and e[key] > 0), c.id
            if "carries" in e:  # a hireling that uses an item himself has a slot for it
                assert any(isinstance(x, dict) and x.get("extra_item") for x in c.effects), c.id


@pytest.mark.parametrize(("value", "levels"), [(10, 2), (5, 1), (3, 0), (-5, -1), (-10, -2), (0, 0)])
def test_each_full_five_of_an_enhancer_is_one_level(value, levels):
    assert levels_of(value) == levels


def _hired(modules: list[str]) -> Game:
    g = Game.start(NAMES[:3], seed=4, modules=modules)
    while g.state.phase == "setup":
        g.act(next(a for a in g.legal_actions() if a.name == "finish_setup"))
    return g


def test_without_the_module_its_moves_are_never_asked():
    from munchkin_nb.engine.moves.base import MOVES

    mine = ["hire", "dismiss_hireling", "hireling_carry", "sacrifice_hireling", "enhance_hireling"]
    assert all(MOVES[m].module == "hirelings" for m in mine)
    g = _hired([])
    for name in g.state.names():
        assert not [a for a in legal_actions(g.state, name) if a.name in mine]


def test_bots_finish_hireling_games_and_the_referee_accepts_them():
    fired: Counter[str] = Counter()
    for seed in range(3):
        rec = play_game(4, seed, "heuristic", modules=["hirelings"])
        assert rec.meta["winners"] and rec.meta["modules"] == ["hirelings"]
        for _ in cards_in_one_place(rec.events, "classic+hirelings"):
            pass
        fired.update(r for e in rec.events for r in e.rules if r.startswith("hirelings."))
        assert referee_events(rec.events).legal
    assert fired["hirelings.play"] > 0
