"""Every move of every module is played by the bots.

Always on: each module move is within the heuristic bot's reach (in its module's `bot_tries`, or
an answer to a decision, which the bot picks among the legal ones). Thorough profile
(HYPOTHESIS_PROFILE=thorough): 300 games with all seven modules on take every module move."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from munchkin_nb.bots import play_game
from munchkin_nb.engine.moves.base import MOVES
from munchkin_nb.rules.rulesets import MODULES

BASE_MODULES = ["d10", "dungeons", "epic", "expansions", "hirelings", "munchkinomicon", "steeds"]


def module_moves() -> dict[str, str]:
    """move name -> the module of the base game it belongs to."""
    return {n: m.module for n, m in MOVES.items() if getattr(m, "module", None) in BASE_MODULES}


def test_every_module_move_is_within_the_bots_reach():
    missed = [
        n
        for n, mod in module_moves().items()
        if n not in MODULES[mod].bot_tries and not any(w.startswith("pending:") for w in MOVES[n].when)
    ]
    assert missed == []


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "thorough", reason="300 whole games")
def test_three_hundred_games_with_all_modules_take_every_module_move():
    taken: Counter = Counter()
    for seed in range(1, 301):
        rec = play_game(4, seed, "heuristic", modules=BASE_MODULES)
        taken.update(e.payload["action"]["name"] for e in rec.events if e.type == "ActionTaken")
    assert [n for n in module_moves() if not taken[n]] == []
