"""Variations: a branch is a new game with its parent recorded, legal under the referee; the parent
is never changed; an illegal action or a point where no player decided stores nothing."""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from munchkin_nb.analysis.variations import branch, legal_at, tree, variations
from munchkin_nb.cli import main
from munchkin_nb.engine import Action, IllegalAction
from munchkin_nb.replay.referee import validate_path
from munchkin_nb.store import EventStore

SAMPLE = Path(__file__).resolve().parents[1] / "replays" / "sample.db"
GAME = 1


def _points() -> tuple[int, int]:
    """In game 1 of the sample: the first point (after event 40) where a player decides between
    several actions, and the first point after it where the engine acts by itself."""
    with EventStore(str(SAMPLE), readonly=True) as store:
        events = store.events(GAME)
        at = next(
            i
            for i in range(40, len(events))
            if events[i].type == "ActionTaken" and len(legal_at(store, GAME, i)) > 1
        )
    auto = next(i for i in range(at, len(events)) if events[i].type != "ActionTaken")
    return at, auto


AT, AUTOMATIC = _points()


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    path = tmp_path / "store.db"
    shutil.copy(SAMPLE, path)
    return path


def test_branch_plays_another_line_and_keeps_the_parent(db: Path) -> None:
    with EventStore(str(db)) as store:
        parent_events = store.events(GAME)
        parent_hashes = store.content_hashes()
        legal = legal_at(store, GAME, AT)
        taken = store.events(GAME, AT + 1, AT + 1)[0].payload["action"]
        other = next(a for a in legal if a.to_dict() != taken)  # not what was played
        new_id = branch(store, GAME, AT, other, seed=3)
        assert store.events(GAME) == parent_events
        assert store.content_hashes().items() >= parent_hashes.items()
        child = store.game(new_id)
        events = store.events(new_id)
        assert (child["parent_game"], child["parent_seq"]) == (GAME, AT)
        assert events[:AT] == parent_events[:AT]
        assert Action.from_event(events[AT]) == other
        assert events[-1].type == "GameWon" and child["winners"]
        assert [g["id"] for g in variations(store, GAME)] == [new_id]
        grandchild = branch(store, new_id, AT, None, bot="random", seed=1)
        assert [(d, g["id"]) for d, g in tree(store, grandchild)][:3] == [
            (0, GAME),
            (1, new_id),
            (2, grandchild),
        ]
    (report,) = validate_path(str(db), new_id)
    assert report.legal, report.findings


def test_refused_branches_store_nothing(db: Path) -> None:
    with EventStore(str(db)) as store:
        count = len(store.games())
        with pytest.raises(IllegalAction):
            branch(store, GAME, AT, Action("kick_door", "Ana"))
        with pytest.raises(ValueError, match="did by itself"):
            branch(store, GAME, AUTOMATIC, None)
        assert len(store.games()) == count


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_branch_command(db: Path) -> None:
    here = ("replay", "branch", "--db", str(db), "--game", "1", "--at", str(AT))
    status, out, _ = _run(*here, "--legal")
    with EventStore(str(db), readonly=True) as store:
        taken = Action.from_event(store.events(GAME, AT + 1, AT + 1)[0])
    assert status == 0 and taken.name in out and len(out.splitlines()) > 1
    status, out, _ = _run(*here, "--action", "2", "--bot", "none")
    assert status == 0 and f"branched from game 1 after event {AT}" in out
    status, _, err = _run(*here, "--action", '{"name":"kick_door"}')
    assert status == 2 and err.count("\n") == 1
    status, _, err = _run(*here, "--action", '{"name":"kick_door","player":"Ana"}')
    assert status == 2 and "refused" in err and err.count("\n") == 1
