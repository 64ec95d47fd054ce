"""Every move of every module is played by the bots.

Always on: each module move is within the heuristic bot's reach (in its module's `bot_tries`, or
an answer to a decision, which the bot picks among the legal ones), and a few games, chosen once
from the 300 below, take every module move between them. Thorough profile
(HYPOTHESIS_PROFILE=thorough): every module move is taken within 300 games with its module on: all
seven (seeds 1-300, 3 to 6 players), else its module alone (Epic's human and his pet: with the
expansions' races on, an Epic character is hardly ever a human)."""

from __future__ import annotations

import os

import pytest

from munchkin_nb.bots import GameRecord, play_game
from munchkin_nb.engine.moves.base import MOVES
from munchkin_nb.rules.rulesets import MODULES

BASE_MODULES = ["d10", "dungeons", "epic", "expansions", "hirelings", "munchkinomicon", "steeds"]
# (modules, players, seed) of games in which, between them, every module move is taken; should a
# change of the engine or the bots leave a move out, pick new ones from the thorough run's games
ALL = tuple(BASE_MODULES)
GAMES: list[tuple[tuple[str, ...], int, int]] = [
    (ALL, 3, 240),  # the dungeons', hirelings', steeds', d10's and Munchkinomicon's usual moves
    (ALL, 3, 264),  # an orc eats; a gnome's illusion; a race played from the doors
    (("epic",), 4, 34),  # an elf's arrows, a thief's steal
    (ALL, 4, 41),  # a ranger tames; a steed fought; a hireling sacrificed
    (("epic",), 4, 20),  # a human's pet: tamed, sacrificed for a bonus, set on another's fight
    (ALL, 3, 280),  # a race kept for the fight; a miracle's item kept in hand
    (ALL, 3, 188),  # a centaur takes a discarded steed
    (ALL, 3, 192),  # a big item dropped with the Epic steed
    (ALL, 4, 33),  # a rider dismounts
]


def module_moves() -> dict[str, str]:
    """move name -> the module of the base game it belongs to."""
    return {n: m.module for n, m in MOVES.items() if getattr(m, "module", None) in BASE_MODULES}


def taken(rec: GameRecord) -> set[str]:
    """The moves the game's players took."""
    return {e.payload["action"]["name"] for e in rec.events if e.type == "ActionTaken"}


def test_every_module_move_is_within_the_bots_reach():
    missed = [
        n
        for n, mod in module_moves().items()
        if n not in MODULES[mod].bot_tries and not any(w.startswith("pending:") for w in MOVES[n].when)
    ]
    assert missed == []


def test_a_few_chosen_games_take_every_module_move():
    seen: set[str] = set()
    for modules, players, seed in GAMES:
        seen |= taken(play_game(players, seed, "heuristic", modules=list(modules)))
    assert sorted(set(module_moves()) - seen) == []


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "thorough", reason="up to 300 games a module")
def test_three_hundred_games_with_its_module_on_take_every_module_move():
    missing = set(module_moves())
    for modules in [BASE_MODULES] + [[m] for m in BASE_MODULES]:
        for seed in range(1, 301):
            if not any(module_moves()[n] in modules for n in missing):
                break
            missing -= taken(play_game(3 + seed % 4, seed, "heuristic", modules=modules))
    assert sorted(missing) == []
