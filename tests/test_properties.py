"""Invariants over many random games (hypothesis): cards, levels, hands, legality, determinism, folds.

Each property plays 10 games (or random walks) under `make test` and CI, and 300 under the
thorough profile (HYPOTHESIS_PROFILE=thorough, tests/sizes.py): with 25 they took 200 s of CPU,
the slowest file of the suite outside the browser."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from munchkin_nb.bots import play_game
from munchkin_nb.engine import Game, GameState, can, evolve, fold, legal_actions, state_hash
from munchkin_nb.engine.core.cards import card_set
from munchkin_nb.engine.core.state import combat_cards
from munchkin_nb.engine.query.cardinfo import hand_limit
from munchkin_nb.rules import RULESETS
from munchkin_nb.rules.rulesets import MODULES, ruleset_with
from tests.sizes import sized

seeds = st.integers(min_value=0, max_value=10_000)
players = st.integers(min_value=3, max_value=6)
bots = st.sampled_from(["random", "heuristic"])
# games per property (the other settings are the profile's)
GAMES = settings(max_examples=sized(10, 300))


def _with_modules(name: str):
    """That ruleset with any set of the modules it can take (none, some, or all)."""
    fits = sorted(m for m, mod in MODULES.items() if name in mod.rulesets)
    chosen = st.lists(st.sampled_from(fits), unique=True).map(sorted) if fits else st.just([])
    return chosen.map(lambda ms: {"ruleset": name, "modules": ms})


# every invariant holds for every ruleset (classic and each plug-in) with any of its modules on,
# drawn like the seed; `rs` is the keyword arguments of `play_game` that say so
rulesets = st.sampled_from(sorted(RULESETS)).flatmap(_with_modules)


def every_card(s: GameState) -> Counter:
    seen: Counter = Counter()
    for pile in (*s.decks.values(), *s.discards.values()):  # a ruleset's own piles too
        seen.update(pile)
    seen.update(s.table)  # in play but nobody's (a module's dungeons)
    for p in s.players:
        seen.update(p.hand)
        seen.update(p.in_play())
    if s.combat:
        seen.update(c for c in combat_cards(s.combat) if c)
    return seen


@GAMES
@given(seeds, players, bots, rulesets)
def test_every_card_is_in_exactly_one_place_after_every_event(seed, n, bot, rs):
    rec = play_game(n, seed, bot, max_turns=40, **rs)
    for _ in cards_in_one_place(rec.events, rec.events[0].payload["card_set"]):
        pass


def cards_in_one_place(events, card_set_name: str):
    """Fold the events, checking after each that every card is in exactly one place; yields each."""
    all_cards = set(card_set(card_set_name).instances())
    s = GameState.initial()
    for i, e in enumerate(events):
        evolve(s, e)
        if i == 0:
            continue
        seen = every_card(s)
        dupes = [c for c, k in seen.items() if k > 1]
        assert not dupes, f"event {i + 1} ({e.type}): cards in two places: {dupes}"
        assert set(seen) == all_cards, f"event {i + 1} ({e.type}): lost {sorted(all_cards - set(seen))[:5]}"
        yield e


@GAMES
@given(seeds, players, bots, rulesets)
def test_levels_stay_within_bounds_and_ten_only_by_a_kill(seed, n, bot, rs):
    rec = play_game(n, seed, bot, max_turns=60, **rs)
    win = ruleset_with(rs["ruleset"], tuple(rs["modules"])).win_level
    for e in rec.events:
        if e.type == "LevelChanged":
            assert 1 <= e.payload["level"] <= win + 3, e.payload
            if e.payload["level"] >= win:
                assert (
                    e.payload["reason"]
                    in ("killed a monster", "helped kill a monster", "the last non-Cultist")
                    or "card.effect" in e.rules
                ), e


@GAMES
@given(seeds, players, bots, rulesets)
def test_hands_obey_the_limit_when_a_turn_ends(seed, n, bot, rs):
    rec = play_game(n, seed, bot, max_turns=40, **rs)
    s = GameState.initial()
    limit = ruleset_with(rs["ruleset"], tuple(rs["modules"])).hand_limit
    for e in rec.events:
        if e.type == "TurnEnded":
            p = s.player(e.payload["player"])
            assert len(p.hand) <= hand_limit(s, p, limit), f"{p.name} ended a turn with {len(p.hand)} cards"
        evolve(s, e)


def random_walk(seed: int, n: int, steps: int, rs: dict | None = None):
    """A game driven by uniformly random legal actions: yields (step, game, legal) before each action."""
    import random

    rs = rs or {"ruleset": "classic", "modules": []}
    names = ["Ana", "Ben", "Cleo", "Dario", "Eva", "Fritz"][:n]
    game = Game.start(names, rs["ruleset"], seed=seed, modules=rs["modules"])
    rng = random.Random(seed)
    for step in range(steps):
        legal = legal_actions(game.state)
        if not legal:
            return
        yield step, game, legal
        game.act(rng.choice(legal))


@GAMES
@given(seeds, players, rulesets)
def test_every_legal_action_is_accepted(seed, n, rs):
    for _, game, legal in random_walk(seed, n, 300, rs):
        for a in legal:
            assert can(game.state, a), f"offered but refused: {a}"


@GAMES
@given(seeds, players, bots, rulesets)
def test_same_seed_same_events_byte_for_byte(seed, n, bot, rs):
    a = play_game(n, seed, bot, max_turns=30, **rs)
    b = play_game(n, seed, bot, max_turns=30, **rs)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


@GAMES
@given(seeds, players, rulesets, st.data())
def test_every_prefix_folds_to_the_same_state(seed, n, rs, data):
    rec = play_game(n, seed, "random", max_turns=30, **rs)
    k = data.draw(st.integers(min_value=1, max_value=len(rec.events)))
    incremental = GameState.initial()
    for e in rec.events[:k]:
        evolve(incremental, e)
    assert state_hash(fold(rec.events[:k])) == state_hash(incremental)
    again = GameState.from_dict(incremental.to_dict())
    assert state_hash(again) == state_hash(incremental)


@GAMES
@given(seeds, players, rulesets)
def test_an_action_outside_the_legal_list_is_refused(seed, n, rs):
    """Whatever any move could propose for any player, the engine accepts exactly what it lists
    for that player (the decider's actions and everyone's out-of-turn plays)."""
    from munchkin_nb.engine.moves.base import MOVES

    for step, game, _legal in random_walk(seed, n, 250, rs):
        if step % 10:
            continue
        listed = {a.key() for name in game.state.names() for a in legal_actions(game.state, name)}
        for m in MOVES.values():
            for name in game.state.names():
                try:
                    proposals = list(m.candidates(game.state, name))
                except (AttributeError, KeyError, TypeError, IndexError):
                    continue  # a move that makes no sense in this decision proposes nothing
                for a in proposals:
                    assert can(game.state, a) == (a.key() in listed), f"{a}: listed={a.key() in listed}"
