"""Corpus statistics on a hand-made corpus with known answers (SQLite and DuckDB over Parquet agree),
the Parquet export, and `stats` on the command line."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from munchkin_nb.analysis.engines import duckdb_query, sqlite_query
from munchkin_nb.analysis.parquet import export_parquet, read_games
from munchkin_nb.analysis.stats import corpus_stats, wilson
from munchkin_nb.cli import main
from munchkin_nb.engine.core.events import Event
from munchkin_nb.store import EventStore


def _act(turn: int, player: str, name: str, **params: str) -> Event:
    action = {"name": name, "player": player, "params": params}
    return Event("ActionTaken", {"action": action}, player, False, (), turn, "main")


def _game(first: str, body: list[Event], winners: list[str] | None, turns: int, ruleset: str = "classic"):
    players = [{"name": n, "sex": "male"} for n in ("A", "B", "C")]
    events = [
        Event("GameStarted", {"ruleset": ruleset, "card_set": "classic", "players": players}),
        Event("FirstPlayerChosen", {"player": first}),
        *body,
    ]
    if winners:
        events.append(Event("GameWon", {"winners": winners}, turn=turns))
    meta = {"source": "simulated", "winners": winners, "turns": turns}
    return meta, events


def _ev(etype: str, turn: int = 1, **payload: object) -> Event:
    return Event(etype, dict(payload), None, True, (), turn, "main")


def corpus(path: Path) -> None:
    """Three finished classic games and one unfinished, with answers counted by hand in the tests."""
    g1 = _game(
        "B",
        [
            _ev("CardDrawn", player="A", card="sword#1", deck="treasure", face="down"),
            _ev("CardDrawn", player="A", card="sword#2", deck="treasure", face="down"),
            _ev("CardDrawn", player="C", card="elf#1", deck="door", face="down"),
            _act(1, "A", "play_card", card="sword#1"),
            _ev("CardPlayed", player="A", card="sword#1", into="equipped"),
            _act(1, "C", "play_card", card="elf#1"),
            _ev("CardPlayed", player="C", card="elf#1", into="races"),
            _ev("LevelChanged", 1, player="A", delta=1, level=2, reason="x"),
            _ev("CombatStarted", 2, player="B", monster="orc"),
            _ev("CombatEnded", 2, outcome="ran away"),
            _ev("BadStuffApplied", 2, player="B", monster="orc"),
            _ev("PlayerDied", 2, player="B", by="orc"),
            _ev("LevelChanged", 3, player="A", delta=2, level=4, reason="x"),
        ],
        ["A"],
        5,
    )
    g2 = _game(
        "A",
        [
            _ev("CardDrawn", player="B", card="sword#1", deck="treasure", face="down"),
            _act(1, "A", "play_card", card="elf#2"),
            _ev("CardPlayed", player="A", card="elf#2", into="races"),
            _ev("CombatStarted", 1, player="A", monster="orc"),
            _ev("CombatEnded", 1, outcome="won"),
        ],
        ["B"],
        7,
    )
    unfinished = _game("A", [_ev("CardDrawn", player="A", card="sword#1", deck="t", face="down")], None, 3)
    other = _game(
        "A", [_ev("CardDrawn", player="A", card="sword#1", deck="t", face="d")], ["A"], 4, "cthulhu"
    )
    with EventStore(str(path)) as store:
        store.add_games([g1, g2, unfinished, other])


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "corpus.db"
    corpus(path)
    return path


@pytest.fixture(scope="module")
def corpus_parquet(corpus_db: Path) -> Path:
    folder = corpus_db.parent / "parquet"
    export_parquet(str(corpus_db), str(folder))
    return folder


def test_wilson_matches_published_intervals() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("engine", ["sqlite", "duckdb"])
def test_hand_counted_corpus(engine: str, corpus_db: Path, corpus_parquet: Path) -> None:
    opener = (
        sqlite_query(str(corpus_db), "classic")
        if engine == "sqlite"
        else duckdb_query(str(corpus_parquet), "classic")
    )
    with opener as query:
        s = corpus_stats(query, min_n=2)
    assert (s.games, s.player_games) == (2, 6)  # the unfinished and the cthulhu game left out
    assert s.baseline == {3: pytest.approx(1 / 3)}
    cards = {c.card: c for c in s.cards}
    sword = cards["sword"]  # copies count as one card; drawn by the winner of each game
    assert (sword.drawn, sword.played, sword.equipped) == (2, 1, 1)
    assert sword.holder is not None and (sword.holder.wins, sword.holder.n) == (2, 2)
    assert sword.holder.rate == 1.0 and sword.holder.baseline == pytest.approx(1 / 3)
    assert sword.holder.low == pytest.approx(wilson(2, 2)[0])
    assert sword.player is not None and sword.player.n == 1 and sword.player.rate is None  # too few
    assert sword.examples == [1]
    elf = s.races_classes["elf"]
    assert (elf.wins, elf.n, elf.rate) == (0, 2, 0.0)
    # game 1: B first, so A sits third and wins; game 2: A first, B second wins
    assert {k: (r.wins, r.n) for k, r in s.seats.items()} == {
        "3 players, seat 1": (0, 2),
        "3 players, seat 2": (1, 2),
        "3 players, seat 3": (1, 2),
    }
    (orc,) = s.monsters
    assert (orc["monster"], orc["combats"], orc["beaten"]["wins"], orc["bad_stuff"], orc["kills"]) == (
        "orc",
        2,
        1,
        1,
        1,
    )
    assert [
        (r["n_players"], r["games"], r["mean_turns"], r["min_turns"], r["max_turns"]) for r in s.length
    ] == [(3, 2, 6.0, 5, 7)]
    curve = {(r["level"], r["won"]): (r["n"], r["mean_turn"]) for r in s.levels}
    assert curve == {(2, 1): (1, 1.0), (3, 1): (1, 3.0), (4, 1): (1, 3.0)}


def test_min_n_says_too_few_games(corpus_db: Path) -> None:
    with sqlite_query(str(corpus_db)) as query:
        s = corpus_stats(query, min_n=30)
    assert all(c.holder is None or c.holder.rate is None for c in s.cards)
    assert all(r.words().startswith("too few games") for r in s.seats.values())


def test_parquet_export_is_typed_and_whole(corpus_db: Path, corpus_parquet: Path) -> None:
    import duckdb

    with EventStore(str(corpus_db), readonly=True) as store:
        total = sum(store.last_seq(g["id"]) for g in store.games())
    events = f"read_parquet('{corpus_parquet}/events/*.parquet')"
    with duckdb.connect() as con:
        types = {r[0]: r[1] for r in con.execute(f"DESCRIBE SELECT * FROM {events}").fetchall()}
        assert types["level"] == "BIGINT" and types["automatic"] == "BOOLEAN" and types["card"] == "VARCHAR"
        assert con.execute(f"SELECT COUNT(*) FROM {events}").fetchone() == (total,)
        row = con.execute(
            f"SELECT card_name, into_ FROM read_parquet('{corpus_parquet}/events/*.parquet')"
            " WHERE game_id = 1 AND type = 'CardPlayed' ORDER BY seq LIMIT 1"
        ).fetchone()
    assert row == ("sword", "equipped")
    assert [g["winners"] for g in read_games(str(corpus_parquet))] == [["A"], ["B"], None, ["A"]]


def test_parquet_export_refuses_a_folder_of_other_files(corpus_db: Path, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="other files"):
        export_parquet(str(corpus_db), str(tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_stats_command(corpus_db: Path, corpus_parquet: Path) -> None:
    before = corpus_db.read_bytes()
    status, out, _err = _run(
        "stats", "--db", str(corpus_db), "--ruleset", "classic", "--min-n", "2", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert data["games"] == 2 and {c["card"] for c in data["cards"]} == {"sword", "elf"}
    status, text, _err = _run(
        "stats", "--parquet", str(corpus_parquet), "--ruleset", "classic", "--min-n", "2"
    )
    assert status == 0 and "sword" in text and "100.0% [34.2%, 100.0%] n=2 vs 33.3%" in text
    assert "too few games (n=1)" in text
    assert corpus_db.read_bytes() == before  # the store is only read
    status, _out, err = _run("stats", "--db", str(corpus_db), "--ruleset", "x'; DROP")
    assert status == 2 and err.count("\n") == 1 and "not a ruleset" in err


def test_export_parquet_command(corpus_db: Path, tmp_path: Path) -> None:
    status, _out, err = _run("replay", "export", "--db", str(corpus_db), "--parquet", str(tmp_path / "pq"))
    assert status == 0 and "exported 4 game(s)" in err
    assert (tmp_path / "pq" / "seats.parquet").is_file()
    status, _out, err = _run(
        "replay", "export", "--db", str(corpus_db), "--parquet", str(tmp_path / "pq"), "--game", "1"
    )
    assert status == 2 and "takes no --game" in err
