"""The stepper's turn and level-change navigation, its keyboard shortcuts, its tree of variations
(moving between games keeps the event while they agree) and its JSONL download (with the notes)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from munchkin_nb.analysis.variations import (
    branch,
    landing_seq,
    legal_at,
    other_choice,
    shared_events,
    tree_label,
)
from munchkin_nb.replay.jsonl import import_jsonl
from munchkin_nb.store import EventStore
from munchkin_nb.widgets import TurnStepper
from munchkin_nb.widgets.stepper_keys import SHORTCUTS, KeyShortcuts

SAMPLE = Path(__file__).resolve().parents[1] / "replays" / "sample.db"


@pytest.fixture(scope="module")
def family(tmp_path_factory: pytest.TempPathFactory) -> tuple[EventStore, int, int, int]:
    """Game 1 of the sample, a variation of it at a decision after event 40 and a variation of
    that one later: (store, the branch point, the child's id, the grandchild's id)."""
    path = tmp_path_factory.mktemp("family") / "store.db"
    shutil.copy(SAMPLE, path)
    store = EventStore(str(path))
    at, other = other_choice(store, 1, after=40)
    child = branch(store, 1, at, other, seed=5)
    child_events = store.events(child)
    later = next(i for i in range(at + 20, len(child_events)) if child_events[i].type == "ActionTaken")
    grandchild = branch(store, child, later, None, seed=2)
    store.add_note(1, 3, "a good start", "good")
    return store, at, child, grandchild


def test_turn_navigation_lands_on_the_first_event_of_each_turn(family) -> None:
    store = family[0]
    stepper = TurnStepper(store, 1)
    starts = [
        seq for seq, e in enumerate(stepper.events, 1) if seq == 1 or stepper.events[seq - 2].turn < e.turn
    ]
    walked = [stepper.seq]
    while not stepper.next_turn_button.disabled:
        stepper.next_turn()
        walked.append(stepper.seq)
    assert walked == starts
    stepper.go(starts[3] + 2)  # inside a turn: back to its start, then to the turn before
    stepper.previous_turn()
    assert stepper.seq == starts[3]
    stepper.previous_turn()
    assert stepper.seq == starts[2]


def test_next_level_change_visits_every_level_change(family) -> None:
    stepper = TurnStepper(family[0], 1)
    changes = [seq for seq, e in enumerate(stepper.events, 1) if e.type == "LevelChanged"]
    seen = []
    while not stepper.next_level_button.disabled:
        stepper.next_level_change()
        seen.append(stepper.seq)
    assert seen == changes and len(changes) > 3


def test_keyboard_messages_move_the_stepper(family) -> None:
    stepper = TurnStepper(family[0], 1)
    keys = stepper.keys
    assert isinstance(keys, KeyShortcuts)

    def press(key: str) -> None:  # what the page's listener sends for a key
        keys._on_msg(keys, {"key": SHORTCUTS[key]}, [])

    press("End")
    assert stepper.seq == stepper.last
    press("ArrowLeft")
    assert stepper.seq == stepper.last - 1
    press("Home")
    assert stepper.seq == 1
    press("ArrowRight")
    assert stepper.seq == 2
    press("PageDown")
    assert stepper.seq == stepper.combats[0]
    press("ArrowDown")
    assert stepper.event.turn == stepper.events[stepper.combats[0] - 1].turn + 1
    keys._on_msg(keys, {"key": "delete_everything"}, [])  # not a shortcut: nothing happens
    keys._on_msg(keys, "ArrowLeft", [])
    assert stepper.event.turn == stepper.events[stepper.combats[0] - 1].turn + 1


def test_the_tree_lists_the_family_and_moves_between_games(family) -> None:
    store, at, child, grandchild = family
    stepper = TurnStepper(store, 1, at - 5)
    assert [value for _label, value in stepper.variations.options][:3] == [1, child, grandchild]
    assert stepper.variations.layout.display != "none"
    moved: list[tuple[int, int]] = []
    stepper.on_game(lambda g, s: moved.append((g, s)))
    stepper.variations.value = child  # before the branch point: the same event
    assert (stepper.game_id, stepper.seq) == (child, at - 5)
    assert stepper.events == store.events(child)
    stepper.go(stepper.last)
    stepper.variations.value = 1  # past the branch point: the first event where they differ
    assert (stepper.game_id, stepper.seq) == (1, at + 1)
    assert moved == [(child, at - 5), (1, at + 1)]
    assert stepper.variations.value == 1 and stepper.slider.max == len(store.events(1))


def test_a_game_without_variations_hides_the_tree(family) -> None:
    stepper = TurnStepper(family[0], 2)
    assert stepper.variations.layout.display == "none"


def test_shared_events_follow_the_branch_points() -> None:
    games = {
        1: {"id": 1},
        2: {"id": 2, "parent_game": 1, "parent_seq": 50},
        3: {"id": 3, "parent_game": 1, "parent_seq": 20},
        4: {"id": 4, "parent_game": 2, "parent_seq": 80},
    }
    assert shared_events(games, 2, 1) == 50
    assert shared_events(games, 2, 3) == 20
    assert shared_events(games, 4, 1) == 50
    assert shared_events(games, 4, 2) == 80
    assert landing_seq(games, 4, 70, 2, 500) == 70
    assert landing_seq(games, 4, 90, 2, 500) == 81
    assert landing_seq(games, 4, 90, 3, 30) == 21
    assert tree_label(1, games[2] | {"winners": ["Ana"]}).endswith("after event 50 of game 1; Ana")


def test_the_download_is_the_game_and_its_notes(family, tmp_path: Path) -> None:
    store = family[0]
    stepper = TurnStepper(store, 1)
    sent: list[dict[str, str]] = []
    stepper.download.send = lambda content, buffers=None: sent.append(content)  # the page's side
    stepper.download._on_msg(stepper.download, {"download": True}, [])
    (message,) = sent
    assert message["name"] == "munchkin-game-1.jsonl"
    lines = message["jsonl"].splitlines()
    assert len(lines) == 1 + len(store.events(1)) + len(store.notes(1))
    with EventStore(str(tmp_path / "copy.db")) as copy:
        (new_id,) = import_jsonl(copy, io.StringIO(message["jsonl"]))
        assert copy.events(new_id) == store.events(1)
        assert [(n["seq"], n["text"], n["mark"]) for n in copy.notes(new_id)] == [
            (n["seq"], n["text"], n["mark"]) for n in store.notes(1)
        ]


def test_other_choice_is_an_open_action_that_was_not_taken(family) -> None:
    store, at = family[0], family[1]
    assert other_choice(store, 1, after=40)[0] == at
    events = store.events(1)
    found, other = other_choice(store, 1, after=at + 1)
    assert found > at and events[found].type == "ActionTaken"
    assert other.to_dict() != events[found].payload["action"]
    assert other.key() in {a.key() for a in legal_at(store, 1, found)}
    with pytest.raises(LookupError):
        other_choice(store, 1, after=len(events))
