"""Stepper navigation: previous/next combat land on the events that open a combat, and the level
timeline marks the stepper's turn (redrawn when the turn changes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_nb.store import EventStore
from munchkin_nb.viz.figures import POSITION_MARK, level_timeline
from munchkin_nb.widgets import TurnStepper

SAMPLE = Path(__file__).resolve().parents[1] / "replays" / "sample.db"


@pytest.fixture(scope="module")
def stepper() -> TurnStepper:
    store = EventStore(str(SAMPLE), readonly=True)
    return TurnStepper(store, 1, 1)


def test_next_combat_walks_every_combat_start_in_order_and_back(stepper: TurnStepper) -> None:
    starts = [seq for seq, e in enumerate(stepper.events, 1) if e.type == "CombatStarted"]
    assert len(starts) > 2
    stepper.go(1)
    assert stepper.prev_combat_button.disabled
    visited = []
    while not stepper.next_combat_button.disabled:
        stepper.next_combat_button.click()
        visited.append(stepper.seq)
        assert stepper.event.type == "CombatStarted"
    assert visited == starts
    stepper.next_combat()  # past the last combat: stays
    assert stepper.seq == starts[-1]
    back = []
    while not stepper.prev_combat_button.disabled:
        stepper.prev_combat_button.click()
        back.append(stepper.seq)
    assert back == starts[-2::-1]


def test_previous_combat_from_inside_a_combat_goes_to_its_start(stepper: TurnStepper) -> None:
    starts = [seq for seq, e in enumerate(stepper.events, 1) if e.type == "CombatStarted"]
    stepper.go(starts[1] + 1)
    stepper.previous_combat()
    assert stepper.seq == starts[1]
    stepper.go(starts[1] + 1)
    stepper.next_combat()
    assert stepper.seq == starts[2]


def _marks(fig: object) -> list[float]:
    shapes = fig.layout.shapes  # type: ignore[attr-defined]  # a plotly Figure
    return [s.x0 for s in shapes if s.name == POSITION_MARK]


def test_the_level_timeline_marks_the_turn_given(stepper: TurnStepper) -> None:
    assert _marks(level_timeline(stepper.events)) == []
    assert _marks(level_timeline(stepper.events, 7)) == [7]


def test_the_game_view_moves_the_mark_with_the_stepper() -> None:
    from munchkin_nb.widgets.app_view import GameView

    with EventStore(str(SAMPLE), readonly=True) as store:
        view = GameView(store, 1, 1)
        view.draw_levels()
        later = next(seq for seq, e in enumerate(view.stepper.events, 1) if e.turn == 5)
        view.stepper.go(later)
        spec = view.levels_out.outputs[-1]["data"]["application/vnd.plotly.v1+json"]
        assert [s["x0"] for s in spec["layout"]["shapes"] if s.get("name") == POSITION_MARK] == [5]


def test_show_every_hand_names_the_cards_in_each_hand(stepper: TurnStepper) -> None:
    from munchkin_nb.viz.words import card_name

    stepper.go(10)
    state = stepper.state(10)
    holder = next(p for p in state.players if p.hand)
    first = card_name(state, holder.hand[0])
    assert first not in stepper.table.value  # hands are counts until asked for
    stepper.hands_toggle.value = True
    try:
        assert first in stepper.table.value
        assert f"{len(holder.hand)}: " in stepper.table.value
    finally:
        stepper.hands_toggle.value = False
    assert first not in stepper.table.value


def test_the_interaction_graph_marks_the_replays_turn_and_follows_the_stepper() -> None:
    from munchkin_nb.viz.graphs import interaction_digraph, interaction_graph_spec
    from munchkin_nb.widgets.app_view import GameView

    with EventStore(str(SAMPLE), readonly=True) as store:
        view = GameView(store, 1, 1)
        events = view.stepper.events
        # a turn in which somebody did something to somebody else, and whose turn it was
        turn = next(
            t for t in range(1, events[-1].turn) if interaction_digraph(events, "classic", (t, t)).edges
        )
        first = next(seq for seq, e in enumerate(events, 1) if e.turn == turn)
        player = view.stepper.state(first).active.name  # whose turn it is, as the engine folds it
        spec = interaction_graph_spec(events, "classic", None, now=turn)
        marked = next(t for t in spec["data"] if t.get("name") == f"turn {turn}")
        assert [x for x in marked["x"] if x is not None]  # what was done in that turn, drawn over
        assert any(t.get("name") == f"{player}'s turn" for t in spec["data"])
        assert spec["layout"]["title"]["text"].endswith(f"turn {turn} marked")
        view.show_graph()
        assert "marked" not in view.graph.figure["layout"]["title"]["text"]  # set-up: nobody's turn
        view.stepper.go(next(seq for seq, e in enumerate(events, 1) if e.turn == turn))
        assert view.graph.figure["layout"]["title"]["text"].endswith(f"turn {turn} marked")


def test_an_illegal_replay_is_a_message_and_the_stepper_steps_back(tmp_path: Path) -> None:
    """A stored game whose 4th event deals a card that is not in the deck: events 1-3 draw their
    table, the 4th a message naming what the engine refused (no table, no traceback), and the
    stepper goes back to event 3. (Was a browser test: the page shows the stepper's HTML as is.)"""
    from munchkin_nb.bots import play_game

    record = play_game(3, 5, "heuristic")
    events = list(record.events)
    assert events[3].type == "CardDrawn"
    events[3] = events[3]._replace(payload=dict(events[3].payload, card="no_such_card#9"))
    with EventStore(str(tmp_path / "illegal.db")) as bad:
        # stored as it came (an import decides what is legal); the store says it could not fold it
        with pytest.warns(UserWarning, match=r"'no_such_card#9' is not in the door deck"):
            game = bad.add_game(record.meta, events)
        stepper = TurnStepper(bad, game, 1)
        for seq in (2, 3):
            stepper.next_button.click()
            assert stepper.seq == seq and "munchkin-table" in stepper.table.value
            assert "munchkin-error" not in stepper.event_html.value
        stepper.next_button.click()
        assert stepper.seq == 4
        assert stepper.table.value == ""
        message = stepper.event_html.value
        assert "munchkin-error" in message and "illegal or damaged" in message
        assert "no_such_card#9" in message and "Traceback" not in message
        assert not stepper.prev_button.disabled
        stepper.prev_button.click()
        assert stepper.seq == 3 and "munchkin-table" in stepper.table.value
        assert "munchkin-error" not in stepper.event_html.value
