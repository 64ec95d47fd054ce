"""Engine: whole 4-player classic games per second with heuristic bots, no store;
baseline: the same games' events folded with `evolve` only (the fold ceiling)."""

from __future__ import annotations

import time

from .common import row


def run(quick: bool = False, games: int | None = None) -> list[dict]:
    from munchkin_nb.bots import play_game
    from munchkin_nb.engine import GameState, evolve

    n = games or (3 if quick else 50)
    repeats = 1 if quick else 5
    play_game(4, 0, "heuristic")  # warm-up, untimed: loading the card set is not playing
    # each side is timed `repeats` times, in turns, and the fastest run kept, the same for both;
    # the time is this process's CPU time: on a shared machine the wall clock and the slower runs
    # measure the neighbours, not the code
    play_s = fold_s = float("inf")
    records = []
    for _ in range(repeats):
        # the last run's records are let go first: held while the next games are played, they
        # would double what the garbage collector scans, a cost of this loop, not of the engine
        records = []
        t0 = time.process_time()
        records = [play_game(4, seed, "heuristic") for seed in range(1, n + 1)]
        play_s = min(play_s, time.process_time() - t0)
        t0 = time.process_time()
        for r in records:
            s = GameState.initial()
            for e in r.events:
                evolve(s, e)
        fold_s = min(fold_s, time.process_time() - t0)
    n_events = sum(len(r.events) for r in records)

    out_of_turn = sum(
        1 for r in records for e in r.events if e.type == "ActionTaken" and e.payload.get("out_of_turn")
    )
    note = (
        f"{n} games, {n_events} events, seeds 1..{n}, best of {repeats} (CPU time); "
        f"{out_of_turn} out-of-turn plays checked and made"
    )
    return [
        row(
            "engine",
            "games/s (4 players, heuristic bots)",
            n / play_s,
            "games/s",
            n / fold_s,
            "fold of the same events",
            note=note,
        ),
        row(
            "engine",
            "events/s while playing",
            n_events / play_s,
            "events/s",
            n_events / fold_s,
            "evolve-only fold",
            note=note,
            target="ratio >= 0.05",
            ok=(n_events / play_s) / (n_events / fold_s) >= 0.05,
        ),
    ]
