"""The modules of the base game together (hypothesis): every pair of them and all seven, over
seeds, with invariants checked at every action boundary: nobody over the limits of steeds,
hirelings and big items without the card that allows it (a player may be over the big-item limit
only while their choice of what to keep is waiting); the same events whatever order the modules
are named in; every game ends.

Sized for CI: a handful of games a property (each a whole game with up to seven modules on); the
`thorough` hypothesis profile plays many more."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from munchkin_nb.bots import play_game
from munchkin_nb.engine import GameState, evolve
from munchkin_nb.engine.query.items import limits_broken
from tests.sizes import sized

MODULES = ["d10", "dungeons", "epic", "expansions", "hirelings", "munchkinomicon", "steeds"]
COMBINATIONS = [list(p) for p in itertools.combinations(MODULES, 2)] + [MODULES]
EXAMPLES = sized(4, 150)
#: the decisions during which a player may hold more big items than allowed: the choice of which to keep
CHOOSING = {"keep_big_item", "epic_drop_big_item"}

combos = st.sampled_from(COMBINATIONS)
seeds = st.integers(min_value=0, max_value=10_000)
bots = st.sampled_from(["random", "heuristic"])


def limits_hold(s: GameState) -> list[str]:
    """Every limit some living player's table breaks now, unless their choice is waiting."""
    out = []
    choosing = {d.get("player") for d in s.pending if d.get("kind") in CHOOSING}
    for p in s.players:
        if p.dead:
            continue
        for rule, why in limits_broken(s, p.name):
            if not (rule == "items.big" and p.name in choosing):
                out.append(f"turn {s.turn}: {rule}: {why}")
    return out


@settings(max_examples=EXAMPLES)
@given(combos, seeds, bots)
def test_limits_hold_at_every_action_and_every_game_ends(modules, seed, bot):
    # a random bot plays no game to its end: a short game of it tests the limits only
    rec = play_game(4, seed, bot, modules=modules, max_turns=400 if bot == "heuristic" else 40)
    s = GameState.initial()
    for e in rec.events:
        if e.type == "ActionTaken" and s.turn:  # the previous action is complete
            assert limits_hold(s) == [], f"{modules} seed {seed}"
        evolve(s, e)
    assert limits_hold(s) == []
    if bot == "heuristic":
        assert s.winners, f"{modules} seed {seed} did not end in {s.turn} turns"


@settings(max_examples=EXAMPLES)
@given(combos, seeds)
def test_the_same_events_whatever_order_the_modules_are_named_in(modules, seed):
    one = play_game(4, seed, "random", max_turns=30, modules=modules)
    other = play_game(4, seed, "random", max_turns=30, modules=list(reversed(modules)))
    assert [e.to_dict() for e in one.events] == [e.to_dict() for e in other.events]
