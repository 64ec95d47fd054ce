"""The Munchkinomicon: the book at set-up, its return from death and the roll-off, bot games."""

from __future__ import annotations

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Action, ScriptedChance, new_game
from munchkin_nb.engine.core.builder import Builder
from munchkin_nb.engine.core.evolve import fold
from munchkin_nb.engine.procs.flow import start_turn
from munchkin_nb.plugins.munchkinomicon import BOOK
from munchkin_nb.plugins.munchkinomicon.engine import WAITS, holder, travels
from munchkin_nb.replay.referee import referee_events

NAMES = ["Ana", "Ben", "Cleo"]


def test_without_the_module_there_is_no_book_and_no_spell_deck():
    s = fold(new_game(NAMES, seed=1))
    assert set(s.decks) == {"door", "treasure"}
    assert all(not c.startswith(BOOK) for c in s.decks["treasure"])


def _dead_table(seed: int = 1) -> Builder:
    """A game in which Ben holds the book; the builder is ready to record what happens next."""
    s = fold(new_game(NAMES, seed=seed, modules=["munchkinomicon"]))
    s.decks["treasure"].remove(BOOK)
    s.player("Ben").equipped.append(BOOK)
    s.phase, s.turn = "before_door", 1
    return Builder(s, ScriptedChance(dice=[2, 5, 3, 3]))


def test_the_book_waits_for_the_dead_and_is_theirs_when_they_come_back():
    b = _dead_table()
    b.emit("PlayerDied", {"player": "Ana", "by": None}, ["death.lose_everything"])
    travels(b, Action("run_away", "Ana", {}))
    assert b.s.location_of(BOOK) == "table" and b.s.marks[WAITS] == "Ana"
    spells = len(b.s.decks["spell"])
    start_turn(b, "Ana")  # she comes back at her next turn
    travels(b, Action("end_turn", "Cleo", {}))
    assert holder(b.s) == "Ana" and BOOK in b.s.player("Ana").equipped
    assert WAITS not in b.s.marks
    assert len(b.s.decks["spell"]) == spells - 1  # one spell for getting it, none more for the turn


def test_two_deaths_at_once_roll_for_the_book():
    b = _dead_table()
    b.emit("PlayerDied", {"player": "Ana", "by": None}, ["death.lose_everything"])
    b.emit("PlayerDied", {"player": "Cleo", "by": None}, ["death.lose_everything"])
    travels(b, Action("run_away", "Ana", {}))
    rolls = [e.payload for e in b.events if e.type == "DieRolled"]
    assert [(r["player"], r["result"]) for r in rolls] == [("Ana", 2), ("Cleo", 5)]
    assert b.s.marks[WAITS] == "Cleo"


def test_a_tied_roll_for_the_book_is_rolled_again():
    b = _dead_table()
    b.chance = ScriptedChance(dice=[4, 4, 6, 1])
    b.emit("PlayerDied", {"player": "Ana", "by": None}, ["death.lose_everything"])
    b.emit("PlayerDied", {"player": "Cleo", "by": None}, ["death.lose_everything"])
    travels(b, Action("run_away", "Ana", {}))
    assert len([e for e in b.events if e.type == "DieRolled"]) == 4
    assert b.s.marks[WAITS] == "Ana"


def test_bots_finish_munchkinomicon_games_and_the_referee_accepts_them():
    for seed in range(2):
        rec = play_game(4, seed, "heuristic", modules=["munchkinomicon"])
        assert rec.meta["winners"] and rec.meta["modules"] == ["munchkinomicon"]
        rules = {r for e in rec.events for r in e.rules}
        assert {"munchkinomicon.start", "munchkinomicon.spell_on_receipt"} <= rules
        assert referee_events(rec.events).legal
