"""`simulate --workers N` / `--scheduler`: the same seeds give the same events and game ids whatever
N is, into the store or into Parquet shards that `stats --parquet` reads like an export."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from munchkin_nb.analysis.engines import duckdb_query, sqlite_query
from munchkin_nb.analysis.parquet import MANIFEST, read_games
from munchkin_nb.analysis.simulate import chunks
from munchkin_nb.analysis.stats import corpus_stats
from munchkin_nb.cli import main
from munchkin_nb.store import EventStore

GAMES = ["--games", "6", "--seed", "40", "--players", "0", "--quiet"]


def _run(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        status = main(["simulate", *argv])
    return status, err.getvalue()


def _games(db: Path) -> list[tuple[int, int | None, list[dict[str, object]]]]:
    """(id, seed, every event as data) of each game in the store."""
    with EventStore(str(db), readonly=True) as store:
        return [(g["id"], g["seed"], [e.to_dict() for e in store.events(g["id"])]) for g in store.games()]


@pytest.fixture(scope="module")
def serial_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("serial") / "serial.db"
    assert _run(*GAMES, "--db", str(db))[0] == 0
    return db


def test_chunks_cover_the_run_once_in_order() -> None:
    work = chunks(7, 3, seed=10, players=4, bot="heuristic", ruleset="classic", modules=())
    assert [list(c.seeds()) for c in work] == [[10, 11, 12], [13, 14, 15], [16]]


@pytest.mark.parametrize("workers", ["1", "2", "3"])
def test_same_seeds_same_events_whatever_the_workers(serial_db: Path, tmp_path: Path, workers: str) -> None:
    db = tmp_path / "fanned.db"
    assert _run(*GAMES, "--db", str(db), "--workers", workers, "--chunk", "1") == (0, "")
    fanned, serial = _games(db), _games(serial_db)
    assert [(i, s) for i, s, _ in fanned] == [(i + 1, 40 + i) for i in range(6)]
    assert fanned == serial


def test_a_running_scheduler_takes_the_same_path(serial_db: Path, tmp_path: Path) -> None:
    from distributed import LocalCluster

    db = tmp_path / "remote.db"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert _run(*GAMES, "--db", str(db), "--scheduler", cluster.scheduler_address)[0] == 0
    assert _games(db) == _games(serial_db)


def test_parquet_shards_hold_the_same_corpus(serial_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "shards"
    assert _run(*GAMES, "--parquet", str(out), "--workers", "2", "--chunk", "2")[0] == 0
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "events", "games", "seats"]
    assert len(list((out / "events").glob("*.parquet"))) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["shards"]  # no work folder left beside it
    games = read_games(str(out))
    with EventStore(str(serial_db), readonly=True) as store:
        stored = store.games()
    assert [(g["id"], g["seed"], g["winners"]) for g in games] == [
        (g["id"], g["seed"], g["winners"]) for g in stored
    ]
    with duckdb_query(str(out)) as q:
        from_shards = corpus_stats(q).to_dict()
    with sqlite_query(str(serial_db)) as q:
        from_store = corpus_stats(q).to_dict()
    # the engines add floating-point rates in different orders: equal to 12 places
    assert _rounded(from_shards) == _rounded(from_store)


def _rounded(data: object) -> object:
    if isinstance(data, float):
        return round(data, 12)
    if isinstance(data, dict):
        return {k: _rounded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_rounded(v) for v in data]
    return data


def test_store_and_parquet_together_are_refused(tmp_path: Path) -> None:
    status, err = _run(*GAMES, "--db", str(tmp_path / "a.db"), "--parquet", str(tmp_path / "p"))
    assert status == 2
    assert err.count("\n") == 1 and "choose one" in err
    assert not (tmp_path / "a.db").exists() and not (tmp_path / "p").exists()


def test_parquet_into_a_folder_of_other_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.txt").write_text("keep me")
    status, err = _run(*GAMES, "--parquet", str(tmp_path / "mine"))
    assert status == 2 and "other files" in err
    assert (tmp_path / "mine" / "thesis.txt").read_text() == "keep me"


def test_a_scheduler_that_cannot_be_reached_is_one_line_and_no_file(tmp_path: Path) -> None:
    import dask

    db = tmp_path / "never.db"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        status, err = _run(*GAMES, "--db", str(db), "--scheduler", "tcp://127.0.0.1:1")
    assert status == 2
    assert err.count("\n") == 1 and "tcp://127.0.0.1:1" in err
    assert not db.exists()
