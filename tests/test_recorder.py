"""The table recorder: a real game recorded as it is played, continued, refused, allowed, stored."""

from __future__ import annotations

from typing import Any

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Action, Event, fold, state_hash
from munchkin_nb.recorder import Need, Recorded, Recording, RecordingError, Refused
from munchkin_nb.store import EventStore

PLAYERS = [
    {"name": "Ana", "sex": "female"},
    {"name": "Ben", "sex": "male"},
    {"name": "Cleo", "sex": "female"},
]


@pytest.fixture
def store(tmp_path: Any) -> EventStore:
    return EventStore(str(tmp_path / "table.db"))


def _segments(events: list[Event]) -> tuple[list[Event], list[list[Event]]]:
    """A game's opening, then each decision with its consequences."""
    k = next(i for i, e in enumerate(events) if e.type == "ActionTaken")
    segs: list[list[Event]] = []
    for e in events[k:]:
        if e.type == "ActionTaken":
            segs.append([e])
        else:
            segs[-1].append(e)
    return events[:k], segs


def _deal(opening: list[Event], shown: Any = lambda card: True) -> dict[str, dict[str, list[str | None]]]:
    deal: dict[str, dict[str, list[str | None]]] = {p["name"]: {"door": [], "treasure": []} for p in PLAYERS}
    for e in opening:
        if e.type == "CardDrawn":
            p = e.payload
            deal[p["player"]][p["deck"]].append(p["card"] if shown(p["card"]) else None)
    return deal


def _enter(rec: Recording, seg: list[Event]) -> tuple[Recorded, list[Need]]:
    """Record one decision as a table does: the action, then each die and card as it is asked for."""
    action = Action.from_event(seg[0])
    dice = [e.payload["result"] for e in seg if e.type == "DieRolled"]
    draws = [e.payload["card"] for e in seg if e.type == "CardDrawn"]
    given_dice: list[int] = []
    given_draws: list[str | None] = []
    needs = []
    while True:
        out = rec.record(action, given_dice, given_draws)
        if not isinstance(out, Need):
            assert isinstance(out, Recorded), (action, out)
            return out, needs
        needs.append(out)
        if out.kind == "die":
            given_dice.append(dice[len(given_dice)])
        else:
            given_draws.append(draws[len(given_draws)])


def test_a_game_recorded_as_played_is_the_game_and_is_stored_as_it_goes(store: EventStore) -> None:
    game = play_game(3, 5, "heuristic", max_turns=60)
    opening, segs = _segments(game.events)
    rec = Recording.start(store, PLAYERS, deal=_deal(opening))
    assert store.game(rec.game_id)["source"] == "played"
    assert store.game(rec.game_id)["flags"] == ["unfinished"]
    needs: list[Need] = []
    for n, seg in enumerate(segs):
        recorded, asked = _enter(rec, seg)
        needs += asked
        # what the engine made of the same decision with the same chance (a reshuffle's order aside)
        assert [e.type for e in recorded.events] == [e.type for e in seg]
        assert store.last_seq(rec.game_id) == len(rec.events)  # stored before record() answered
        if n == len(segs) // 2:  # the page is closed half-way: reopened, the same game goes on
            rec = Recording.open(store, rec.game_id)
            assert state_hash(rec.state) == state_hash(fold(store.events(rec.game_id)))
    assert {n.kind for n in needs} == {"die", "draw"}
    kick = next(n for n in needs if n.kind == "draw" and n.face == "up")
    assert kick.deck == "door" and kick.player in {p["name"] for p in PLAYERS}
    assert any(n.sides == 6 and n.purpose for n in needs if n.kind == "die")
    assert rec.state.winners == game.events[-1].payload["winners"]
    row = store.game(rec.game_id)
    assert row["winners"] == rec.state.winners and row["flags"] == []  # won: no longer unfinished
    again = Recording.open(store, rec.game_id)
    assert state_hash(again.state) == state_hash(rec.state)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in rec.events]


def _first_turn(store: EventStore) -> Recording:
    """A recording of a bot game's deal and set-up, up to the first player's first decision."""
    game = play_game(3, 5, "heuristic", max_turns=3)
    opening, segs = _segments(game.events)
    rec = Recording.start(store, PLAYERS, deal=_deal(opening))
    for seg in segs:
        if rec.decider()[1] == "turn":
            return rec
        _enter(rec, seg)
    raise AssertionError("the game never reached a turn")


def test_choices_list_every_players_legal_actions_with_their_rules(store: EventStore) -> None:
    rec = _first_turn(store)
    who, what = rec.decider()
    assert what == "turn"
    choices = rec.choices()
    assert set(choices) == {"Ana", "Ben", "Cleo"}
    kick = [c for c in choices[who] if c.action.name == "kick_door"]
    assert kick and kick[0].common and kick[0].rule == "turn.kick_door"
    assert all(c.rule for cs in choices.values() for c in cs)


def test_an_illegal_action_is_refused_with_its_rule_then_allowed_and_marked(store: EventStore) -> None:
    rec = _first_turn(store)
    who, _ = rec.decider()
    other = next(p["name"] for p in PLAYERS if p["name"] != who)
    before = len(rec.events)
    out = rec.record(Action("end_turn", other))
    assert isinstance(out, Refused)
    assert out.rule == "decision.pending" and who in out.sentence
    assert out.citation
    assert len(rec.events) == before and store.last_seq(rec.game_id) == before  # nothing stored
    kicked = rec.record(Action("kick_door", other), allow=True)
    assert isinstance(kicked, Need) and kicked.kind == "draw" and kicked.face == "up"
    door = rec.state.decks["door"][0]
    done = rec.record(Action("kick_door", other), draws=[door], allow=True)
    assert isinstance(done, Recorded)
    waived, taken = done.events[0], done.events[1]
    assert waived.type == "RuleWaived" and waived.automatic
    assert waived.payload == {
        "player": other,
        "rule": "decision.pending",
        "sentence": waived.payload["sentence"],
    }
    assert waived.rules == (waived.payload["rule"],)
    assert taken.type == "ActionTaken" and taken.payload["action"]["player"] == other
    assert store.events(rec.game_id)[before].type == "RuleWaived"


def test_input_no_table_can_have_is_refused_in_one_sentence_and_nothing_is_stored(store: EventStore) -> None:
    with pytest.raises(RecordingError, match="dealt 4 door cards"):
        Recording.start(store, PLAYERS, deal={"Ana": {"door": [None], "treasure": []}})
    with pytest.raises(RecordingError, match="not a player"):
        Recording.start(store, PLAYERS, deal={"Zed": {"door": [], "treasure": []}})
    assert store.games() == []
    rec = _first_turn(store)
    who, _ = rec.decider()
    seen = rec.state.player(who).hand[0]  # in plain view of no one, but not in the deck either
    before = len(rec.events)
    with pytest.raises(RecordingError, match="not in the door deck"):
        rec.record(Action("kick_door", who), draws=[seen])
    with pytest.raises(RecordingError, match="never used"):
        rec.record(Action("kick_door", who), draws=[rec.state.decks["door"][0]], dice=[3])
    assert store.last_seq(rec.game_id) == before
