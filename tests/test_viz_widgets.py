"""The figures, the words and the widgets against the engine and the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_nb.engine import EVENT_TYPES, Event, GameState, breakdown, evolve
from munchkin_nb.scenarios import load_scenario, scenario_game
from munchkin_nb.scenarios.runner import _action, _resolve_params
from munchkin_nb.store import EventStore
from munchkin_nb.viz import combat_waterfall, describe, interaction_digraph, level_timeline, waterfall_terms
from munchkin_nb.viz.words import SENTENCES
from munchkin_nb.widgets import (
    CombatView,
    Lesson,
    RulesExplorer,
    TurnStepper,
    app_view,
    search_rules,
    simulate_games,
    what_if,
)

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "lessons" / "first_turn.yaml"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = tmp_path_factory.mktemp("viz") / "games.db"
    ids = simulate_games(path, n=2, players=4)
    st = EventStore(str(path))
    yield st, ids
    st.close()


def combat_state(helper: bool = True) -> GameState:
    """The first-turn lesson after the door: Ana (level 1, Helm of Courage) against the Undead Horse,
    with Ben (level 2, +2 sword) helping when `helper`."""
    sc = load_scenario(LESSON)
    game = scenario_game(sc)
    steps = [s["do"] for s in sc.steps if "do" in s]
    game.act(_resolve_params(game.state, _action(steps[0])))  # kick the door
    if helper:
        game.act(_resolve_params(game.state, _action(steps[1])))  # ask Ben
        from munchkin_nb.engine import Action

        game.act(Action("accept_help", "Ben", {}))
    return game.state


def test_waterfall_terms_are_the_engine_breakdown():
    state = combat_state()
    bd = breakdown(state)
    fig = combat_waterfall(bd)
    trace = fig.data[0]
    rows = waterfall_terms(bd)
    players = [t for t in bd.terms if t.side == "players"]
    monsters = [t for t in bd.terms if t.side == "monsters"]
    assert [r[1] for r in rows] == [t.amount for t in players] + [-t.amount for t in monsters]
    ys = list(trace.y)
    measures = list(trace.measure)
    relative = [y for y, m in zip(ys, measures, strict=True) if m == "relative"]
    assert relative == [r[1] for r in rows]
    assert measures.index("total") == len(players)
    assert sum(relative[: len(players)]) == bd.players
    assert sum(relative) == bd.margin
    assert str(bd.margin) in fig.layout.title.text.replace("+", "") and bd.outcome in fig.layout.title.text


def test_what_if_removing_an_item_lowers_the_total_by_its_bonus():
    state = combat_state()
    view = CombatView(state, defer=False)
    full = view.breakdown.players
    helm = next(cid for cid in view.item_boxes if cid.startswith("helm_of_courage"))
    view.item_boxes[helm].value = False
    assert view.breakdown.players == full - 1
    assert state.player("Ana").equipped == [helm]  # the state itself is untouched
    assert what_if(state, {helm}).players == full - 1
    view.item_boxes[helm].value = True
    view.helper_box.value = False
    assert view.breakdown.players == full - 4  # Ben: level 2 + sword 2
    assert view.out.outputs and "application/vnd.plotly.v1+json" in view.out.outputs[0]["data"]


def test_stepper_next_moves_seq_and_changes_the_table(store):
    st, ids = store
    stepper = TurnStepper(st, ids[0])
    stepper.go(30)
    seq, table = stepper.seq, stepper.table.value
    for _ in range(40):  # some events (a pass) change nothing at the table
        stepper.next_button.click()
        if stepper.table.value != table:
            break
    assert stepper.seq > seq
    assert stepper.table.value != table
    assert "class='munchkin-table'" in stepper.table.value
    assert "changed" in stepper.table.value
    assert stepper.state().seq == stepper.seq
    stepper.prev_button.click()
    assert "munchkin-prev" in stepper.prev_button._dom_classes
    assert "munchkin-next" in stepper.next_button._dom_classes
    stepper.turn_box.value = 3
    assert stepper.event.turn == 3
    assert "Event" in stepper.event_html.value


def test_describe_covers_every_event_type(store):
    assert set(EVENT_TYPES) <= set(SENTENCES), set(EVENT_TYPES) - set(SENTENCES)
    st, ids = store
    state = GameState.initial()
    seen = set()
    for e in st.events(ids[0]):
        sentence = describe(e, state)
        assert sentence and e.type not in sentence.split()[0], sentence
        seen.add(e.type)
        evolve(state, e)
    # every type, also those the games did not reach, from a minimal payload
    for etype, keys in EVENT_TYPES.items():
        payload = {k: _dummy(k) for k in keys}
        sentence = describe(Event(etype, payload), state)
        assert isinstance(sentence, str) and sentence.endswith((".", "!")), (etype, sentence)
        assert f"{etype} (" not in sentence, (etype, sentence)  # not the fallback


def _dummy(key: str):
    return {
        "players": [{"name": "Ana", "level": 1}],
        "order": ["Ana"],
        "winners": ["Ana"],
        "monsters": ["crabs"],
        "to_run": [["Ana", "crabs"]],
        "cards": ["crabs"],
        "bribe": {"treasures": 1, "items": []},
        "action": {"name": "kick_door", "player": "Ana", "params": {}},
        "delta": 1,
        "level": 2,
        "amount": 2,
        "result": 5,
        "roll": 5,
        "total": 5,
        "value": 1000,
        "levels": 1,
        "treasures": 1,
        "escaped": True,
        "equipped": True,
        "card": "crabs",
        "monster": "crabs",
        "side": "players",
    }.get(key, "Ana")


def test_kick_door_sentence():
    state = combat_state(helper=False)
    sc_state = scenario_game(load_scenario(LESSON)).state
    e = Event("CombatStarted", {"player": "Ana", "monster": "undead_horse", "from_door": True})
    assert describe(e, sc_state) == "Ana kicked open the door and found Undead Horse (level 4): a fight!"
    assert state.combat is not None


def test_rules_explorer_finds_a_rule_by_a_word():
    explorer = RulesExplorer()
    explorer.search.value = "escapes"
    ids = [r.id for r in explorer.matches]
    assert "run.roll" in ids
    assert "run.roll" in explorer.results.value
    assert search_rules("kick", "classic")
    assert search_rules("qqqzzz xyzzy", "classic") == []


def test_rules_explorer_offers_each_module_with_its_rules_and_cards():
    explorer = RulesExplorer()
    values = [v for _label, v in explorer.ruleset.options]
    assert {"classic", "cthulhu", "hirelings", "steeds", "d10"} <= set(values)
    assert ("steeds (module)", "steeds") in explorer.ruleset.options
    explorer.open_cards()
    assert explorer.cards.card_set.name == "classic"
    explorer.ruleset.value = "steeds"
    assert explorer.matches and all("steeds" in r.rulesets for r in explorer.matches)
    # the card views follow: the base game's cards joined by the module's own
    assert explorer.cards.card_set.name == "classic+steeds"
    assert "steed_turtle" in explorer.cards.card_set.cards
    explorer.language.value = "es"
    assert ("steeds (módulo)", "steeds") in explorer.ruleset.options and explorer.ruleset.value == "steeds"
    explorer.go_to({"ruleset": "d10"})
    assert explorer.ruleset.value == "d10" and explorer.cards.card_set.name == "classic+d10"


def test_lesson_walks_the_script_and_rewinds():
    lesson = Lesson(LESSON)
    assert lesson.expected.name == "kick_door"
    lesson.choose(next(a for a in lesson.legal() if a.name == "kick_door"))
    lesson.choose(next(a for a in lesson.legal() if a.name == "ask_for_help" and a.params["helper"] == "Ben"))
    assert lesson.expected.name == "decline_help"
    lesson.choose(next(a for a in lesson.legal() if a.name == "accept_help"))
    assert lesson.off_script and "The lesson expected" in lesson.page.value
    lesson.rewind()
    assert not lesson.off_script and lesson.expected.name == "decline_help"
    while lesson.expected is not None:
        lesson.choose(next(a for a in lesson.legal() if a.name == lesson.expected.name))
    assert lesson.done and "got away" in lesson.page.value


def test_interaction_graph_and_timeline(store):
    st, ids = store
    events = st.events(ids[0])
    g = interaction_digraph(events, "classic")
    assert any("killed" in d["kinds"] for _a, _b, d in g.edges(data=True))
    fig = level_timeline(events)
    assert len(fig.data) == 4


def test_app_view_messages_instead_of_tracebacks(tmp_path, store):
    missing = app_view(tmp_path / "missing.db")
    assert "munchkin-error" in missing._dom_classes and "does not exist" in missing.value
    assert not (tmp_path / "missing.db").exists()
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"not a database at all" * 50)
    assert "munchkin-error" in app_view(bad)._dom_classes
    st, ids = store
    view = app_view(st.path)
    assert "munchkin-error" not in view._dom_classes


def test_the_level_timeline_reaches_the_highest_level_of_an_epic_game():
    from munchkin_nb.engine.core.events import Event
    from munchkin_nb.viz.figures import level_timeline_spec

    started = Event("GameStarted", {"players": ["Ana", "Ben"]}, turn=0)
    epic = [started, Event("LevelChanged", {"player": "Ana", "level": 22, "delta": 12}, turn=9)]
    assert level_timeline_spec(epic)["layout"]["yaxis"]["range"] == [0.5, 22.5]
    classic = [started, Event("LevelChanged", {"player": "Ana", "level": 4, "delta": 3}, turn=5)]
    assert level_timeline_spec(classic)["layout"]["yaxis"]["range"] == [0.5, 10.5]


def test_a_figure_title_fits_a_phone():
    from munchkin_nb.viz.figures import fit_title

    title = fit_title("Players 12 against monsters 14: margin -2, monsters win")
    assert all(len(line) <= 34 for line in title["text"].split("<br>")) and title["xanchor"] == "left"
