"""Rulesets are plug-ins: the core names none of them, and bots play each to a winner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.cli import main
from munchkin_nb.engine import hooks
from munchkin_nb.engine.core.state import GameState
from munchkin_nb.rules import RULE_INDEX, RULES, RULESETS

ENGINE = Path(__file__).resolve().parents[1] / "munchkin_nb" / "engine"


def test_the_core_engine_names_no_plug_in():
    plugins = [n for n in RULESETS if n != "classic"]
    assert plugins, "no ruleset plug-in is registered"
    pattern = re.compile("|".join(plugins), re.IGNORECASE)
    for path in ENGINE.glob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), f"{path.name} names a plug-in"


def test_each_plug_in_brings_its_rules_and_renames_only_to_known_rules():
    for rs in RULESETS.values():
        own = [r for r in RULES if rs.name in r.rulesets]
        assert rs.name == "classic" or len(own) >= 25, f"{rs.name}: {len(own)} rules"
        for core, mine in rs.renames.items():
            assert core in RULE_INDEX and "classic" in RULE_INDEX[core].rulesets, core
            assert rs.name in RULE_INDEX[mine].rulesets, mine


def test_a_hook_point_with_nothing_registered_gives_nothing():
    assert hooks.of(GameState(ruleset="classic"), "after_action") == ()
    assert hooks.AFTER_ACTION.fns(GameState(ruleset="classic")) == ()
    with pytest.raises(ValueError, match="unknown hook point"):
        hooks.hook("no_such_point", "classic")


@pytest.mark.parametrize("rs", sorted(RULESETS))
def test_bots_play_each_ruleset_to_a_winner(rs):
    for seed in range(4):
        rec = play_game(3 + seed, seed, "heuristic", ruleset=rs)  # random bots may wander for long
        assert rec.meta["winners"] and rec.meta["ruleset"] == rs


def test_cli_lists_a_plug_ins_rules_and_cards(capsys):
    assert main(["rules", "--ruleset", "cthulhu"]) == 0
    out = capsys.readouterr().out
    assert "cthulhu.last_non_cultist" in out and "[Munchkin Cthulhu rulebook (Russian) — " in out
    assert main(["cards", "--set", "cthulhu"]) == 0
    assert "necronomicon" in capsys.readouterr().out


def test_cli_lists_booty_rules_and_cards(capsys):
    assert main(["rules", "--ruleset", "booty"]) == 0
    out = capsys.readouterr().out
    assert "booty.bilingual_lost" in out and "[Munchkin Booty rulebook (German) — " in out
    assert main(["cards", "--set", "booty"]) == 0
    assert "davy_jones" in capsys.readouterr().out


def test_booty_moves_are_offered_in_booty_only():
    from munchkin_nb.engine.core.state import Player
    from munchkin_nb.engine.legal import legal_actions

    def table(rs: str) -> GameState:
        s = GameState(ruleset=rs, card_set="booty", phase="before_door", turn=1)  # booty cards either way
        s.players = [
            Player("Ana", "female"),
            Player("Ben", "male", races=["french_accent#1"], hand=["bilingual#1"]),
        ]
        return s

    assert any(a.name == "play_bilingual" for a in legal_actions(table("booty"), "Ben"))
    assert not any(a.name == "play_bilingual" for a in legal_actions(table("classic"), "Ben"))


@pytest.mark.parametrize("rs", sorted(RULESETS))
def test_the_first_event_cites_the_games_own_setup_rules(rs):
    """GameStarted is made before the state knows its ruleset: it still names the ruleset's rules."""
    from munchkin_nb.engine.game import new_game

    first = new_game(["Ana", "Ben", "Cleo"], rs, seed=3)[0]
    renames = RULESETS[rs].renames
    assert first.type == "GameStarted"
    assert list(first.rules) == [renames.get(r, r) for r in ("setup.players", "setup.start_character")]
    if rs == "cthulhu":
        assert list(first.rules) == ["cthulhu.players", "cthulhu.start_character"]


def test_a_cthulhu_game_with_the_classic_cards_mixed_in_plays_to_its_end():
    rec = play_game(6, 3, "heuristic", ruleset="cthulhu", mix=["classic"])
    started = rec.events[0].payload
    assert started["card_set"] == "cthulhu&classic" and started["mix"] == ["classic"]
    assert rec.meta["winners"]
    assert any("cthulhu.divine_intervention" in e.rules for e in rec.events)  # this seed cures
    from munchkin_nb.replay.referee import referee_events

    assert referee_events(rec.events).findings == []  # the referee replays the mix from event 1
    plain = play_game(4, 3, "heuristic", ruleset="cthulhu").events[0].payload
    assert "mix" not in plain and plain["card_set"] == "cthulhu"  # an unmixed game records no mix


def test_a_card_both_sets_have_is_in_a_mixed_game_twice_each_with_its_own_text():
    from munchkin_nb.cards import load_set

    cs = load_set("cthulhu&classic")
    assert cs.cards["cheat"].text == load_set("cthulhu").cards["cheat"].text
    assert cs.cards["classic_cheat"].text == load_set("classic").cards["cheat"].text
    assert "divine_intervention" in cs.cards and "necronomicon" in cs.cards


@pytest.mark.parametrize(
    ("ruleset", "mix", "says"),
    [
        ("classic", "cthulhu", "classic's rules cannot play the cthulhu cards"),
        ("booty", "classic", "booty's rules cannot play the classic cards"),
        ("cthulhu", "cthulhu", "is the cthulhu game's own card set"),
        ("cthulhu", "classic,classic", "a card set is named twice"),
        ("cthulhu", "star", "unknown card set 'star'"),
    ],
)
def test_a_mix_that_cannot_be_played_is_refused_in_one_line(capsys, tmp_path, ruleset, mix, says):
    db = tmp_path / "g.db"
    code = main(["simulate", "--games", "1", "--ruleset", ruleset, "--mix", mix, "--db", str(db), "--quiet"])
    err = capsys.readouterr().err
    assert code != 0 and says in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and not db.exists()
