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


def _descriptions(w):
    """Every button label under a widget."""
    out = [w.description] if isinstance(getattr(w, "description", None), str) and w.description else []
    for c in getattr(w, "children", ()):
        out += _descriptions(c)
    return out


def test_the_guided_game_speaks_the_language_the_course_keeps(tmp_path):
    from munchkin_nb.viz.words import action_words

    g = GuidedGame(players=4, seed=1, store_path=str(tmp_path / "p.db"))
    english = _descriptions(g.choices)
    assert "Finish setting up" in english and g.hint_button.description == "hint?"
    # the browser tells the language the course page chose (the shared localStorage key)
    g.language_store.lang = "es"
    assert g.lang == "es" and g.language.value == "es"
    spanish = _descriptions(g.choices)
    assert "Terminar de prepararse" in spanish and not set(english) & set(spanish)
    assert spanish == [action_words(a, g.game.state, with_player=False, lang="es") for a in g.my_moves()]
    assert g.hint_button.description == "¿pista?" and g.undo_button.description == "⟲ deshacer"
    assert "Te toca decidir" in g.prompt.value and "Tu mano" in g.hand.value
    assert "<th>nivel</th>" in g.table.value and "<caption>preparación</caption>" in g.table.value
    g.hint()
    assert "Un buen jugador" in g.hint_out.value
    # what the bots do from now on is told in Spanish, with the rulebook's words
    while g.decisions < 6 and not g.over:
        wanted = g.hint()
        g.go_on() if wanted is None else g.choose(wanted)
    told = " ".join(g.log)
    assert f"<p class='mine'>{g.me} " in told and "abrió la puerta de una patada" in told
    # and the page's own choice goes back to the store, for the course page to follow
    g.language.value = "en"
    assert g.language_store.lang == "en" and "Your hand" in g.hand.value


def test_an_unknown_language_is_refused(tmp_path):
    with pytest.raises(ValueError, match="lang"):
        GuidedGame(store_path=str(tmp_path / "x.db"), lang="fr")


def test_moves_are_offered_as_things_to_do_and_told_afterwards_as_done(tmp_path):
    from munchkin_nb.engine import Action
    from munchkin_nb.viz.words import action_words

    g = GuidedGame(players=3, seed=2, store_path=str(tmp_path / "p.db"))
    s = g.game.state
    kick = Action("kick_door", g.me, {})
    assert action_words(kick, s, with_player=False) == "Kick open the door"
    assert action_words(kick, s) == f"{g.me} chose to kick open the door"
    assert action_words(Action("unequip", g.me, {"card": "leather_armor"}), s, with_player=False) == (
        "Turn Leather Armor sideways"
    )
    # the page tells nothing of the server: no file or folder of it
    assert "/tmp" not in g.head.value and ".db" not in g.head.value


def test_a_hint_says_why_the_move_is_good_in_the_pages_language(tmp_path):
    from munchkin_nb.engine import Action
    from munchkin_nb.widgets.hint_words import REASONS, hint_reason

    g = GuidedGame(players=4, seed=1, store_path=str(tmp_path / "p.db"))
    while g.decisions < 12 and not g.over:  # past the set-up, into turns
        wanted = g.hint()
        if wanted is None:
            g.go_on()
        else:
            g.choose(wanted)
    s = g.game.state
    kick = Action("kick_door", g.me, {})
    assert hint_reason(s, kick) == (
        "Kicking open the door is the only way to meet a monster this turn, and beating a monster is "
        "how you gain levels"
    )
    assert hint_reason(s, kick, "es").startswith("Abrir la puerta de una patada es la única forma")
    # the hint on the page says why; every reason has its Spanish words
    if g.hint() is not None:
        assert "Why:" in g.hint_out.value
    from munchkin_nb.i18n import missing

    assert missing("course", "es", list(REASONS.values())) == []


def test_each_hint_of_a_game_names_a_reason_of_the_bot(tmp_path):
    from munchkin_nb.bots.heuristic import why

    g = GuidedGame(players=3, seed=4, store_path=str(tmp_path / "p.db"))
    keys = set()
    while g.decisions < 40 and not g.over:
        wanted = g.hint()
        if wanted is None:
            g.go_on()
            continue
        keys.add(why(g.game.state, wanted)[0])
        g.choose(wanted)
    # the game's decisions are told by their own reasons, not only by the bot's order of preference
    assert len(keys - {"best_ranked"}) >= 4, keys
