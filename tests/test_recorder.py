"""The table recorder: a real game recorded as it is played, continued, refused, allowed, stored."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.cli import main
from munchkin_nb.engine import Action, Event, fold, state_hash
from munchkin_nb.engine.core.cards import card_set
from munchkin_nb.recorder import Need, Recorded, Recording, RecordingError, Refused
from munchkin_nb.replay.jsonl import ReplayError
from munchkin_nb.replay.referee import referee_events, validate_path
from munchkin_nb.store import EventStore
from munchkin_nb.viz import describe
from munchkin_nb.widgets import TurnStepper
from tests.test_properties import cards_in_one_place, every_card

# the table of the bots' games that these tests record again (play_game's names and sexes)
PLAYERS = [
    {"name": "Ana", "sex": "male"},
    {"name": "Ben", "sex": "female"},
    {"name": "Cleo", "sex": "male"},
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
    """What each player was dealt, None for a card `shown` says the table did not see."""
    deal: dict[str, dict[str, list[str | None]]] = {p["name"]: {"door": [], "treasure": []} for p in PLAYERS}
    for e in opening:
        if e.type == "CardDrawn":
            p = e.payload
            deal[p["player"]][p["deck"]].append(p["card"] if shown(p["card"]) else None)
    return deal


def _enter(rec: Recording, seg: list[Event], hide: Any = lambda need: False) -> tuple[Recorded, list[Need]]:
    """Record one decision as a table does: the action, then each die and card as it is asked for
    (a card drawn face down given as not shown when `hide(need)` says so). AssertionError when the
    recorder refuses it."""
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
            given_draws.append(None if out.face == "down" and hide(out) else draws[len(given_draws)])


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
    over = again.record(Action("kick_door", rec.state.winners[0]), allow=True)
    assert isinstance(over, Refused) and over.rule == "game.over"  # not even the table plays on
    report = referee_events(store.events(rec.game_id), "recorded")
    assert report.legal and report.winners == rec.state.winners and not report.unfinished
    stepper = TurnStepper(store, rec.game_id)  # opens like any other game
    stepper.go(len(rec.events))
    assert stepper.last == len(rec.events) and "won" in stepper.event_html.value


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


def _census(rec: Recording) -> Counter[str]:
    """How many times each card lies somewhere: decks, discards, the table, hands, play, combat."""
    return every_card(rec.state)


@pytest.mark.parametrize(
    ("seed", "hide_deal", "hide_draws", "turns"),
    [(0, 1.0, 0.0, 12), (1, 0.5, 0.5, 12), (2, 0.3, 1.0, 12), (3, 1.0, 1.0, 12), (9, 0.6, 0.7, 80)],
)
def test_unknown_cards_keep_every_card_in_one_place_and_the_referee_takes_the_game(
    seed: int, hide_deal: float, hide_draws: float, turns: int
) -> None:
    """A bot game recorded as a table that did not see part of the deal and of the face-down draws
    (the seeds, the share of cards not shown): every card is in exactly one place after every
    action, the stand-ins are shown as the cards are played, and the referee finds it legal.
    Seed 9 plays on until the discards holding cards not shown are shuffled into a deck again."""
    import random

    rng = random.Random(seed)
    game = play_game(3, seed, "heuristic", max_turns=turns)
    opening, segs = _segments(game.events)
    every = set(card_set("classic").instances())
    with EventStore(":memory:") as store:
        rec = Recording.start(store, PLAYERS, deal=_deal(opening, lambda card: rng.random() >= hide_deal))
        assert rec.state.unknown and sum(rec.hidden(p["name"]) for p in PLAYERS) == len(rec.state.unknown)
        recorded, reshuffled = 0, 0
        for seg in segs:
            unknown = set(rec.state.unknown)
            try:
                done, _ = _enter(rec, seg, lambda need: rng.random() < hide_draws)
            except AssertionError:
                # the engine decided by itself on a hand the table had not seen (whether a failed
                # run-away roll waits for a Loaded Die): from here on it is another game
                break
            recorded += 1
            for e in done.events:
                if e.type == "DeckShuffled" and unknown & set(e.payload["order"]):
                    reshuffled += 1  # back in a deck, a card not shown is as unseen as the rest
                    assert not unknown & set(e.payload["order"]) & set(rec.state.unknown)
            census = _census(rec)
            assert set(census) == every and set(census.values()) == {1}
            assert set(rec.state.unknown) <= every
        assert recorded >= min(len(segs), 30), recorded
        assert reshuffled or turns < 80
        for _ in cards_in_one_place(rec.events, "classic"):  # after every event, each swap too
            pass
        swaps = [e for e in rec.events if e.type == "StandInSwapped"]
        assert swaps or not any(e.type == "CardHidden" for e in rec.events)
        report = referee_events(rec.events, "recorded")
        assert report.legal, report.all_findings()


def test_a_card_not_shown_is_named_and_the_unseen_cards_are_what_it_may_be(store: EventStore) -> None:
    rec = Recording.start(store, PLAYERS)  # no card of the deal shown
    assert rec.hidden("Ana") == 8 and len(rec.state.unknown) == 24
    assert set(rec.state.decks["door"]) < set(rec.unseen("door"))  # the deck's cards and the stand-ins
    assert [c.action.name for c in rec.choices()["Ana"]] == ["finish_setup", "name_card"]
    shown = next(c for c in rec.unseen("door") if c.startswith("curse_"))
    before = _census(rec)
    done = rec.name_card("Ana", shown)
    (swap,) = done.events
    assert swap.type == "StandInSwapped" and swap.payload["card"] == shown and swap.payload["player"] == "Ana"
    assert shown in rec.state.player("Ana").hand and shown not in rec.state.unknown
    assert rec.hidden("Ana") == 7 and _census(rec) == before
    assert store.events(rec.game_id)[-1] == swap
    assert describe(swap, fold(rec.events[:-1])).startswith("Ana showed a card not shown so far: ")
    # the card is now Ana's in plain view: it cannot be anyone else's card not shown
    with pytest.raises(RecordingError, match="seen it in Ana's hand"):
        rec.name_card("Ben", shown)
    for _ in range(4):  # Cleo's four doors, one by one; a fifth she does not hold
        rec.name_card("Cleo", next(c for c in rec.unseen("door") if c not in rec.state.player("Cleo").hand))
    with pytest.raises(RecordingError, match="Cleo holds no door card that was not shown"):
        rec.name_card("Cleo", rec.unseen("door")[0])
    assert rec.hidden("Cleo") == 4


def _setup_done(rec: Recording) -> None:
    """Every player finishes set-up; the first-player rolls come up 6, 5, 4... (no tie)."""
    rolls = iter(range(6, 0, -1))
    for name in rec.players:
        dice: list[int] = []
        while isinstance(out := rec.record(Action("finish_setup", name), dice), Need):
            dice.append(next(rolls))
        assert isinstance(out, Recorded)


def test_a_card_drawn_face_up_is_never_a_card_not_shown(store: EventStore) -> None:
    rec = Recording.start(store, PLAYERS)
    _setup_done(rec)
    who, what = rec.decider()
    assert (who, what) == ("Ana", "turn")
    with pytest.raises(RecordingError, match="face up"):
        rec.record(Action("kick_door", who), draws=[None])
    # the door kicked open is a card that stood in for one of Ben's: Ben's is another card
    stand_in = next(
        c for c in rec.state.player("Ben").hand if c in rec.state.unknown and c.startswith("curse")
    )
    done = rec.record(Action("kick_door", who), draws=[stand_in])
    assert isinstance(done, Recorded)
    swap, taken, drawn = done.events[:3]
    assert swap.type == "StandInSwapped" and swap.payload["reason"] == "drawn"
    assert swap.payload["stand_in"] == stand_in and swap.payload["player"] == "Ben"
    assert taken.type == "ActionTaken" and drawn.payload["card"] == stand_in and drawn.payload["face"] == "up"
    assert stand_in not in rec.state.unknown and rec.hidden("Ben") == 8
    assert _census(rec) == Counter({c: 1 for c in card_set("classic").instances()})
    assert referee_events(rec.events).legal


def test_the_referee_notes_what_the_table_allowed_and_checks_the_table_s_own_events(
    store: EventStore, capsys: Any
) -> None:
    rec = Recording.start(store, PLAYERS)  # nothing of the deal shown
    _setup_done(rec)
    refused = rec.record(Action("end_turn", "Ana"))  # before kicking the door: refused
    assert isinstance(refused, Refused)
    assert isinstance(rec.record(Action("end_turn", "Ana"), allow=True), Recorded)
    who, _ = rec.decider()
    out_of_turn = next(p for p in rec.players if p != who)
    door = rec.state.decks["door"][0]
    assert isinstance(rec.record(Action("kick_door", out_of_turn), draws=[door], allow=True), Recorded)
    report = referee_events(rec.events, "table")
    assert report.legal and not report.findings
    assert [f.action for f in report.allowed] == ["Ana: end_turn()", f"{out_of_turn}: kick_door()"]
    assert report.allowed[0].rule == refused.rule and "2 allowed by the table" in report.summary()
    assert report.notes()[0].endswith(f"allowed by the table: [{refused.rule}] {refused.sentence}")
    stepper = TurnStepper(store, rec.game_id)  # the stepper tells what the table allowed
    stepper.go(next(i for i, e in enumerate(rec.events, 1) if e.type == "RuleWaived"))
    assert "The table allowed Ana what a rule refuses" in stepper.event_html.value
    assert main(["replay", "validate", store.path]) == 0
    printed = capsys.readouterr().out
    assert "LEGAL" in printed and printed.count("allowed by the table") == 3  # the summary and 2 notes
    # the table's own events are checked too: the door kicked open is in plain view, and no
    # card not shown can trade places with it
    stand_in = next(c for c in rec.state.unknown if _deck_of(c) == "door")
    forged = Event("StandInSwapped", {"stand_in": stand_in, "card": door, "player": "Ana", "reason": "named"})
    report = referee_events([*rec.events, forged], "forged")
    assert not report.legal
    assert report.findings[0].rule == "card.effect" and "seen by the table" in report.findings[0].sentence
    # an action refused with no RuleWaived before it stays a finding
    waived = next(i for i, e in enumerate(rec.events) if e.type == "RuleWaived")
    report = referee_events(rec.events[:waived] + rec.events[waived + 1 :], "unmarked")
    assert [f.rule for f in report.findings][:1] == [refused.rule]


def _deck_of(cid: str) -> str:
    return card_set("classic").card_of(cid).deck


@pytest.mark.parametrize("hide", [0.0, 0.5])
def test_a_recording_exports_to_the_transcribed_format_and_imports_as_the_same_events(
    tmp_path: Any, hide: float
) -> None:
    """record -> export -> import: the same events, byte for byte; a recording with every card
    shown and nothing allowed is a format 1 file, which the format 1 reader takes as it always did."""
    import random

    rng = random.Random(7)
    game = play_game(3, 7, "heuristic", max_turns=10)
    opening, segs = _segments(game.events)
    with EventStore(":memory:") as store:
        rec = Recording.start(store, PLAYERS, deal=_deal(opening, lambda card: rng.random() >= hide))
        for seg in segs:
            try:
                _enter(rec, seg, lambda need: rng.random() < hide)
            except AssertionError:
                break  # the engine decided by itself on a hand not shown (see the test above)
        if hide:  # and the table allowed one action the rules refuse
            who, _ = rec.decider()
            other = next(p for p in rec.players if p != who)
            assert isinstance(rec.record(Action("pass", other), allow=True), Recorded)
        text = rec.export_transcribed()
    header = json.loads(text.splitlines()[0])
    assert header["format"] == (2 if hide else 1)
    if hide:
        assert '"shows": ' in text and "null" in text and '"allowed": true' in text
    with EventStore(str(tmp_path / "again.db")) as store:
        again = Recording.import_transcribed(store, text)
        assert [e.to_json() for e in again.events] == [e.to_json() for e in rec.events]
        assert store.events(again.game_id) == again.events
        assert store.game(again.game_id)["source"] == "played"
    path = tmp_path / "table.transcribed.jsonl"
    path.write_text(text, encoding="utf-8")
    (report,) = validate_path(str(path))
    assert report.legal and report.findings == []
    assert len(report.allowed) == (1 if hide else 0)
    again_from_file = Recording.import_transcribed(EventStore(":memory:"), path)
    assert len(again_from_file.events) == len(rec.events)
    db = str(tmp_path / "imported.db")  # the referee's import takes it too, with the same events
    assert main(["replay", "import", str(path), "--db", db, "--allow-unfinished"]) == 0
    with EventStore(db, readonly=True) as imported:
        assert [e.to_json() for e in imported.events(1)] == [e.to_json() for e in rec.events]
    if hide:  # a refused line not marked as allowed by the table is a finding naming its line
        unmarked = tmp_path / "unmarked.transcribed.jsonl"
        unmarked.write_text(text.replace(', "allowed": true', ""), encoding="utf-8")
        (report,) = validate_path(str(unmarked))
        assert not report.legal and not report.allowed
        (finding,) = report.findings
        assert finding.where == f"line {len(text.splitlines())}" and finding.action.endswith(": pass()")


def test_a_transcribed_file_the_recorder_cannot_take_is_refused_naming_its_line() -> None:
    text = Recording.start(EventStore(":memory:"), PLAYERS).export_transcribed()
    bad = text + json.dumps({"player": "Ana", "action": "kick_door"}) + "\n"
    with pytest.raises(
        ReplayError, match=r"^line 2: Ana: kick_door\(\): \[turn\.own_turn_only\] .*\(setup\)"
    ):
        Recording.import_transcribed(EventStore(":memory:"), bad)
    unknown = text + json.dumps({"player": "Ana", "shows": "no_such_card"}) + "\n"
    with pytest.raises(
        ReplayError, match="^line 2: Ana shows no_such_card: .* no card 'no_such_card' in this game"
    ):
        Recording.import_transcribed(EventStore(":memory:"), unknown)


@pytest.mark.parametrize("lang", ["es", "de", "eo", "ko", "ru"])
def test_the_table_s_events_are_told_in_every_language(store: EventStore, lang: str) -> None:
    rec = Recording.start(store, PLAYERS)
    assert isinstance(rec.record(Action("end_turn", "Ben"), allow=True), Recorded)
    rec.name_card("Ana", rec.unseen("door")[0])
    told = {}
    for i, e in enumerate(rec.events):
        if e.type in ("CardHidden", "RuleWaived", "StandInSwapped") or e.type == "CardDrawn" and i < 8:
            before = fold(rec.events[:i])
            told[e.type] = (describe(e, before), describe(e, before, lang))
    assert set(told) == {"CardHidden", "CardDrawn", "RuleWaived", "StandInSwapped"}
    for english, there in told.values():
        assert there != english and there.endswith(".")
    assert "a card not shown" in told["CardDrawn"][0] and "Playing out of turn" in told["RuleWaived"][0]
    assert "Ana" in told["StandInSwapped"][1] and "Ben" in told["RuleWaived"][1]


def test_the_command_line_exports_a_recorded_game_as_a_transcribed_file(
    store: EventStore, tmp_path: Any
) -> None:
    rec = Recording.start(store, PLAYERS)
    _setup_done(rec)
    out = tmp_path / "game.transcribed.jsonl"
    assert (
        main(
            [
                "replay",
                "export",
                "--db",
                store.path,
                "--game",
                str(rec.game_id),
                "--transcribed",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    assert out.read_text(encoding="utf-8") == rec.export_transcribed()
    assert main(["replay", "validate", str(out)]) == 0
    assert main(["replay", "export", "--db", store.path, "--transcribed"]) == 2  # which game?


def test_a_page_left_open_behind_another_never_writes_over_it(store: EventStore) -> None:
    first = Recording.start(store, PLAYERS)
    second = Recording.open(store, first.game_id)  # the same game opened in a second page
    second.name_card("Ana", second.unseen("door")[0])
    with pytest.raises(RecordingError, match="open it again"):
        first.name_card("Ben", first.unseen("door")[-1])
    assert store.events(first.game_id) == second.events


def test_a_module_s_set_up_draw_is_asked_for_given_and_kept_in_the_transcribed_file(
    store: EventStore,
) -> None:
    with pytest.raises(
        RecordingError, match="the set-up draws a dungeon card after the deal: give it in draws"
    ):
        Recording.start(store, PLAYERS, modules=["dungeons"])
    with pytest.raises(RecordingError, match="face up"):
        Recording.start(store, PLAYERS, modules=["dungeons"], draws=[None])
    assert store.games() == []
    rec = Recording.start(store, PLAYERS, modules=["dungeons"], draws=["dungeon_lowly_tunnels"])
    assert rec.state.table == ["dungeon_lowly_tunnels"]
    text = rec.export_transcribed()
    header = json.loads(text.splitlines()[0])
    assert header["format"] == 2 and header["draws"] == ["dungeon_lowly_tunnels"]
    again = Recording.import_transcribed(EventStore(":memory:"), text)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in rec.events]
