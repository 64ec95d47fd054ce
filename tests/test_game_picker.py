"""The app's game picker: each game says where it comes from, its rules, players and winner; the
filters keep the matching games, open the first one when the shown game is filtered out, and a
link to a hidden game clears them."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.store import EventStore
from munchkin_nb.widgets import AppView
from munchkin_nb.widgets.game_picker import game_label


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Game 1: simulated classic, 3 players; 2: the same events said to be transcribed;
    3: simulated classic, 4 players; 4: simulated cthulhu, 3 players."""
    path = tmp_path_factory.mktemp("picker") / "store.db"
    with EventStore(str(path)) as store:
        for players, seed, ruleset, source in [
            (3, 1, "classic", "simulated"),
            (3, 1, "classic", "transcribed"),
            (4, 2, "classic", "simulated"),
            (3, 3, "cthulhu", "simulated"),
        ]:
            rec = play_game(players, seed, "heuristic", ruleset=ruleset)
            store.add_game(rec.meta | {"source": source}, rec.events)
    return path


def test_the_label_says_where_from_rules_players_and_winner(db: Path) -> None:
    with EventStore(str(db), readonly=True) as store:
        games = store.games()
    label = game_label(games[1])
    players = ", ".join(games[1]["players"])
    winners = ", ".join(games[1]["winners"])
    assert label == f"Game 2: {players} (transcribed; classic; {games[1]['turns']} turns; won by {winners})"
    assert game_label(games[3] | {"modules": ["d10"], "parent_game": 1, "winners": None}).endswith(
        f"(simulated, a variation of game 1; cthulhu + d10; {games[3]['turns']} turns; no winner)"
    )


def test_filters_keep_the_matching_games_and_open_one(db: Path) -> None:
    app = AppView(db)
    assert app.picker is not None
    menus = app.filters.menus
    assert {v for _l, v in menus["source"].options} == {"any", "simulated", "transcribed"}
    menus["source"].value = "transcribed"
    assert [v for _l, v in app.picker.options] == [2]
    assert app.game_view is not None and app.game_view.stepper.game_id == 2
    menus["source"].value = "any"
    menus["ruleset"].value = "cthulhu"
    assert [v for _l, v in app.picker.options] == [4]
    assert app.game_view.stepper.game_id == 4 if app.game_view else False
    menus["ruleset"].value = "any"
    menus["players"].value = "3"
    assert [v for _l, v in app.picker.options] == [1, 2, 4]
    assert app.game_view.stepper.game_id == 4  # still matches: stays
    menus["players"].value = "4"
    menus["ruleset"].value = "cthulhu"  # nothing matches: the game shown stays
    assert list(app.picker.options) == []
    assert "no game" in app.filters.count.value
    assert app.game_view.stepper.game_id == 3


def test_a_link_to_a_filtered_out_game_clears_the_filters(db: Path) -> None:
    app = AppView(db)
    app.filters.menus["ruleset"].value = "cthulhu"
    app.go_to({"game": "3", "event": "5"})
    assert [v for _l, v in app.picker.options] == [1, 2, 3, 4]
    assert app.game_view is not None
    assert (app.game_view.stepper.game_id, app.game_view.stepper.seq) == (3, 5)


def test_the_winner_filter(db: Path) -> None:
    app = AppView(db)
    with EventStore(str(db), readonly=True) as store:
        games = store.games()
    winner = games[2]["winners"][0]
    app.filters.menus["winner"].value = winner
    assert [v for _l, v in app.picker.options] == [g["id"] for g in games if winner in (g["winners"] or [])]
