"""The expansions module: what its scenarios cannot show (its card file, bot games, the referee)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.cards import load_set
from munchkin_nb.engine import Action, Game, IllegalAction
from munchkin_nb.engine.query.items import identity_room
from munchkin_nb.replay.referee import referee_events
from munchkin_nb.rules.rulesets import deck_name

CARDS = Path(__file__).resolve().parents[1] / "munchkin_nb" / "plugins" / "expansions" / "cards.yaml"


def test_the_card_file_header_gives_the_counts_by_kind():
    cs = load_set("expansions")
    kinds = Counter(cs.card_of(i).kind for i in cs.instances())
    decks = Counter(cs.card_of(i).deck for i in cs.instances())
    header = CARDS.read_text(encoding="utf-8").split("\nset:")[0]
    said = dict(re.findall(r"(\w+) (\d+)[,.\n]", header.split("By kind:")[1].split("#\n")[0]))
    assert {k: int(v) for k, v in said.items()} == dict(kinds)
    total = re.search(r"(\d+) cards: (\d+) door, (\d+) treasure", header)
    assert total and [int(x) for x in total.groups()] == [
        len(cs.instances()),
        decks["door"],
        decks["treasure"],
    ]


def test_the_cards_join_the_decks_only_with_the_module():
    assert deck_name("classic", ["expansions"]) == "classic+expansions"
    plain = Game.start(["Ana", "Ben", "Cleo"], seed=1)
    more = Game.start(["Ana", "Ben", "Cleo"], seed=1, modules=["expansions"])
    ours = {"orc#1", "tall#1", "sharpened#1", "chimera"}
    assert not ours & _everywhere(plain)
    assert ours <= _everywhere(more)


def _everywhere(g: Game) -> set[str]:
    """Every card of the game: decks and hands (at set-up nothing else holds any)."""
    return {c for pile in g.state.decks.values() for c in pile} | {c for p in g.state.players for c in p.hand}


def test_a_cheat_cards_room():
    g = Game.start(["Ana", "Ben", "Cleo"], seed=1, modules=["expansions"])
    s = g.state
    assert identity_room(s, None) == 1
    assert identity_room(s, "half_breed#1") == 2  # the base game's cards keep their two
    assert identity_room(s, "ultra_munchkin") == 3
    assert identity_room(s, "super_super_munchkin") >= 100  # any number


def _own_turn_with(modules: list[str], seed: int = 5) -> Game:
    """A game on its first turn, before the door (everyone finished set-up without playing)."""
    g = Game.start(["Ana", "Ben", "Cleo"], seed=seed, modules=modules)
    while g.state.phase == "setup":
        g.act(next(a for a in g.legal_actions() if a.name == "finish_setup"))
    return g


def _give(g: Game, name: str, cid: str, zone: str = "hand") -> None:
    """Lay a card out for a test (as a scenario's PositionSet does), from wherever it lies."""
    for pile in [*g.state.decks.values(), *(p.hand for p in g.state.players)]:
        if cid in pile:
            pile.remove(cid)
    getattr(g.state.player(name), zone).append(cid)


def test_an_item_enhancer_is_discarded_when_its_item_is_given_away():
    g = _own_turn_with(["expansions"])
    me = g.state.active.name
    other = next(p.name for p in g.state.players if p.name != me)
    _give(g, me, "helm_of_courage", "equipped")
    _give(g, me, "spiked#1")
    g.act(Action("enhance", me, {"card": "spiked#1", "onto": "helm_of_courage"}))
    assert g.state.player(me).attachments == {"spiked#1": "helm_of_courage"}
    g.act(Action("give_item", me, {"card": "helm_of_courage", "to": other}))
    assert "helm_of_courage" in g.state.player(other).equipped + g.state.player(other).carried
    assert g.state.player(other).attachments == {} and "spiked#1" in g.state.discards["treasure"]


def test_an_enhancer_refusal_names_its_rule():
    g = _own_turn_with(["expansions"])
    me = g.state.active.name
    _give(g, me, "legendary#1")
    with pytest.raises(IllegalAction) as exc:
        g.act(Action("enhance", me, {"card": "legendary#1", "onto": "nothing"}))
    assert exc.value.rule_id == "expansions.enhancers"
    with pytest.raises(IllegalAction) as exc:
        g.act(Action("enhance", me, {"card": "legendary#1"}))
    assert exc.value.rule_id == "expansions.enhancers"


def test_bots_finish_expansions_games_and_the_referee_accepts_them():
    fired: Counter[str] = Counter()
    for seed in range(3):
        rec = play_game(4, seed, "heuristic", modules=["expansions"])
        assert rec.meta["winners"] and rec.meta["modules"] == ["expansions"]
        assert referee_events(rec.events).legal
        fired.update(r for e in rec.events for r in e.rules if r.startswith("expansions."))
    assert fired["expansions.enhancers"] and fired["expansions.item_enhancer"]


def test_same_seed_same_events_with_the_module():
    a = play_game(4, 11, "heuristic", modules=["expansions"])
    b = play_game(4, 11, "heuristic", modules=["expansions"])
    assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
