"""The guided game through its Python API: 30 decisions with a hint and an undo, all stored."""

from __future__ import annotations

import pytest

from munchkin_nb.engine import context, legal_actions
from munchkin_nb.store import EventStore
from munchkin_nb.widgets.play import GuidedGame


def test_thirty_decisions_with_a_hint_and_an_undo_are_stored_and_reviewed(tmp_path):
    path = str(tmp_path / "play.db")
    g = GuidedGame(players=4, seed=1, store_path=path)
    undone = False
    hints = 0
    while g.decisions < 30 and not g.over:
        if g.deciding:
            assert context(g.game.state)[0] == g.me
        wanted = g.hint()
        hints += 1
        if wanted is None:
            assert not g.deciding  # a decision always has a move to suggest
            g.go_on()
            continue
        assert wanted in legal_actions(g.game.state, g.me) or g.game.state.pending
        if g.decisions == 10 and not undone:
            events_before = list(g.game.events)
            g.choose(wanted)
            assert g.decisions == 11 and len(g.game.events) > len(events_before)
            assert g.undo()
            assert g.game.events == events_before and g.decisions == 10
            assert not g.undo()  # only the last decision can be taken back
            undone = True
        g.choose(wanted)
    assert g.decisions == 30 and undone and hints >= 30
    # the bots' moves were told in words, the learner's marked as theirs
    assert any("class='mine'" in line for line in g.log) and len(g.log) > 30
    stored = EventStore(path).events(g.game_id)
    assert stored == g.game.events[: len(stored)]  # the store holds what was played, never more
    stepper = g.review()
    assert stepper.last == len(g.game.events) == len(EventStore(path).events(g.game_id))


def test_the_learner_sees_their_own_hand_card_by_card(tmp_path):
    from munchkin_nb.viz.words import card_name

    g = GuidedGame(players=3, seed=2, store_path=str(tmp_path / "p.db"))
    me = g.game.state.player(g.me)
    assert me.hand and f"Your hand ({len(me.hand)})" in g.hand.value
    assert all(card_name(g.game.state, c) in g.hand.value for c in me.hand)


def test_a_table_of_two_or_seven_is_refused(tmp_path):
    for n in (2, 7):
        with pytest.raises(ValueError, match="3 to 6"):
            GuidedGame(players=n, store_path=str(tmp_path / "x.db"))
