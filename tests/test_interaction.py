"""Who may act: the interaction table, out-of-turn plays, and bots that interject in real games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.engine import (
    Action,
    Event,
    Game,
    GameState,
    IllegalAction,
    can,
    evolve,
    legal_actions,
    state_hash,
)
from munchkin_nb.engine.interaction import STAGES, stage_of, table_markdown
from munchkin_nb.engine.legal import context, to_act
from munchkin_nb.engine.moves.base import MOVES
from munchkin_nb.replay.referee import referee_events
from munchkin_nb.rules.catalogue import RULE_INDEX
from munchkin_nb.scenarios import load_scenario, scenario_game
from munchkin_nb.viz.words import describe
from tests.sizes import sized

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = Path(__file__).parent / "scenarios"


def test_the_architecture_doc_holds_the_interaction_table_of_the_code():
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert table_markdown() in doc, "paste munchkin_nb.engine.interaction.table_markdown() into the doc"


def test_every_stage_and_every_out_of_turn_move_names_a_catalogue_rule():
    for st in STAGES:
        assert st.rule in RULE_INDEX, st
    for m in MOVES.values():
        if m.anytime:
            assert m.anytime_rule in RULE_INDEX, m.name
            # a situation, or one kind of pending decision ("pending:d10")
            assert {stage_of(w).situation for w in m.anytime} <= {st.situation for st in STAGES}, m.name
    assert stage_of("pending:loot_the_body").situation == "pending"


# rules: setup.play_before_first_turn
def test_set_up_is_played_by_everyone_at_once():
    g = Game.start(["Ana", "Ben", "Cy"], seed=3)
    assert to_act(g.state) == ["Ana", "Ben", "Cy"]
    g.act(Action("finish_setup", "Cy", {}))
    # Cy is done and may play nothing more; Ana and Ben still may, in any order
    assert to_act(g.state) == ["Ana", "Ben"]
    assert legal_actions(g.state, "Cy") == []
    with pytest.raises(IllegalAction) as exc:
        g.act(Action("finish_setup", "Cy", {}))
    assert exc.value.rule_id == "setup.play_before_first_turn"
    # nobody is "out of turn" in the set-up: it is everyone's
    assert not any(e.payload.get("out_of_turn") for e in g.events if e.type == "ActionTaken")


def _fight_then_run(g: Game, monster: str) -> None:
    """Ana kicks the door on a monster she cannot beat, everyone passes, and she runs from it."""
    for who, name in [("Ana", "kick_door"), ("Ana", "pass"), ("Ben", "pass"), ("Cleo", "pass")]:
        g.act(Action(name, who, {}))
    g.act(Action("run_away", "Ana", {"monster": monster}))


def _scenario_game(name: str) -> Game:
    return scenario_game(load_scenario(SCENARIOS / f"{name}.yaml"))


def test_an_interjection_is_recorded_with_its_rule_and_said_in_words():
    g = _scenario_game("out_of_turn_curse_and_go_up_a_level")
    before = g.state.copy()
    curse = next(
        a for a in legal_actions(g.state, "Cleo") if a.name == "curse" and a.params["target"] == "Ben"
    )
    first, *_ = g.act(curse)
    assert first.type == "ActionTaken" and first.payload["out_of_turn"] is True
    assert first.rules == ("curse.any",)
    assert describe(first, before).endswith(", out of turn while Ana was deciding.")
    assert context(g.state)[0] == "Ana"  # the decision stayed where it was


def test_refusals_out_of_turn_name_their_rule():
    g = _scenario_game("out_of_turn_trade_and_gift")
    with pytest.raises(IllegalAction) as exc:
        g.act(Action("kick_door", "Ben", {}))
    assert exc.value.rule_id == "decision.pending"
    with pytest.raises(IllegalAction) as exc:
        g.act(Action("discard_card", "Ben", {}))  # no card named: a refusal, not a crash
    assert exc.value.rule_id == "items.no_discard"


# rules: turn.loot_the_room
def test_looting_after_running_away_is_refused_for_running_away():
    g = _scenario_game("loot_not_after_fleeing")
    _fight_then_run(g, "flying_frogs")
    assert g.state.fled and g.state.combat is None
    with pytest.raises(IllegalAction) as exc:
        g.act(Action("loot_the_room", "Ana", {}))
    assert exc.value.rule_id == "turn.loot_the_room"
    assert "ran away" in exc.value.sentence


# rules: death.help_next_turn
def test_who_died_this_turn_may_not_help_until_the_next():
    g = _scenario_game("death_help_from_next_turn")
    _fight_then_run(g, "unspeakably_awful_indescribable_horror")  # she dies
    g.act(Action("end_turn", "Ana", {}))
    g.act(Action("kick_door", "Ben", {}))
    ask = Action("ask_for_help", "Ben", {"helper": "Ana", "treasures": 0, "items": []})
    assert can(g.state, ask)  # she died last turn: her new character may help
    g.state.player("Ana").died_on_turn = g.state.turn  # as if she had died in this very turn
    with pytest.raises(IllegalAction) as exc:
        g.act(ask)
    assert exc.value.rule_id == "death.help_next_turn"


# seeded games per bot: 20 (over 300 interjections each), 100 under the thorough profile
GAMES = sized(20, 100)


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_bots_interject_and_every_interjection_is_legal_for_its_actor(bot):
    """Over GAMES seeded games per bot: every out-of-turn action was legal for its player at that
    point, the fold of the events is the game's state, and the bots interjected at least 100 times."""
    seen = 0
    for seed in range(GAMES):
        rec = play_game(3 + seed % 4, seed, bot, max_turns=40)
        s = GameState.initial()
        for e in rec.events:
            if e.type == "ActionTaken" and e.payload.get("out_of_turn"):
                a = Action.from_dict(e.payload["action"])
                assert a.player != context(s)[0]
                assert can(s, a), f"seed {seed}: {a} was not legal for {a.player} at seq {s.seq + 1}"
                seen += 1
            evolve(s, e)
        assert state_hash(s) == state_hash(_fold(rec.events))
    assert seen >= 100, f"the {bot} bots interjected only {seen} times in {GAMES} games"


def _fold(events: list) -> GameState:
    s = GameState.initial()
    for e in events:
        evolve(s, e)
    return s


def test_the_referee_accepts_out_of_turn_plays_and_refuses_a_forged_one():
    rec = play_game(4, 7, "heuristic")
    assert any(e.type == "ActionTaken" and e.payload.get("out_of_turn") for e in rec.events)
    assert referee_events(rec.events).legal
    # the same game with one interjection moved to a player who could not make it
    events = list(rec.events)
    k = next(i for i, e in enumerate(events) if e.type == "ActionTaken" and e.payload.get("out_of_turn"))
    forged = json.loads(events[k].to_json())
    forged["payload"]["action"]["player"] = "Nobody"
    events[k] = Event.from_dict(forged)
    report = referee_events(events)
    assert not report.legal
    assert any(re.search(r"Nobody", f.sentence) for f in report.findings)


def test_a_transcribed_table_game_with_interjections_replays_legally(tmp_path):
    from munchkin_nb.replay.referee import validate_path
    from munchkin_nb.replay.samples import to_transcribed

    rec = play_game(4, 11, "heuristic")
    interjections = [e for e in rec.events if e.type == "ActionTaken" and e.payload.get("out_of_turn")]
    assert interjections
    path = tmp_path / "table.transcribed.jsonl"
    lines = to_transcribed(rec.events, "a table game with interjections")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (report,) = validate_path(str(path))
    assert report.legal, [str(f) for f in report.findings]
    # an interjection by a player who cannot make it is one finding, naming its line
    k = next(i for i, line in enumerate(lines) if '"curse"' in line or '"go_up_a_level"' in line)
    bad = json.loads(lines[k])
    bad["params"]["card"] = "divine_intervention"  # a card nobody may play this way
    lines[k] = json.dumps(bad)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (report,) = validate_path(str(path))
    assert not report.legal
    assert any(f"line {k + 1}" in f.where for f in report.findings), [str(f) for f in report.findings]


def test_only_an_action_picked_from_the_list_skips_the_second_check():
    g = Game.start(["Ana", "Ben", "Cy"], seed=3)
    legal = legal_actions(g.state)
    # an action that merely looks listed is checked as any other: not Ana's to take now
    stranger = Action("finish_setup", "Nobody", {})
    with pytest.raises(IllegalAction):
        g.act(stranger, listed=legal)
    before = len(g.events)
    g.act(legal[0], listed=legal)
    assert len(g.events) > before and g.events[before].payload["action"] == legal[0].to_dict()
