"""Stepper: server-side time of one "next" of TurnStepper (p50/p95 over 100 steps);
baseline: moving a bare ipywidgets IntSlider by one (notebooks/bare_slider.ipynb)."""

from __future__ import annotations

import os
import tempfile

from .common import not_available, percentile, row, timed


def run(quick: bool = False) -> list[dict]:
    try:
        import ipywidgets as widgets

        from munchkin_nb.widgets import TurnStepper
    except ImportError as error:
        return [not_available("stepper", "next p95", f"import failed: {error}", "ms")]
    from munchkin_nb.bots import play_game
    from munchkin_nb.store import EventStore

    steps = 20 if quick else 100
    rec = play_game(4, 1, "heuristic")
    slider = widgets.IntSlider(value=1, min=1, max=10_000, description="Level")

    def bump():
        slider.value += 1

    base = timed(bump, steps)
    with tempfile.TemporaryDirectory() as tmp, EventStore(os.path.join(tmp, "stepper.db")) as store:
        gid = store.add_game(rec.meta, rec.events)
        stepper = TurnStepper(store, gid)
        nxt = stepper.next_button
        times = timed(lambda: nxt.click(), steps)
        moved = stepper.seq - 1
    if moved != steps:
        return [
            not_available("stepper", "next p95", f"{steps} clicks moved the stepper {moved} events", "ms")
        ]
    ms = 1000.0
    p95 = percentile(times, 95) * ms
    note = f"{steps} clicks of next from event 1 of a {len(rec.events)}-event game"
    return [
        row(
            "stepper",
            "next p50",
            percentile(times, 50) * ms,
            "ms",
            percentile(base, 50) * ms,
            "bare IntSlider += 1",
            note=note,
            higher_is_better=False,
        ),
        row(
            "stepper",
            "next p95",
            p95,
            "ms",
            percentile(base, 95) * ms,
            "bare IntSlider += 1",
            target="p95 < 50 ms",
            ok=p95 < 50,
            note=note,
            higher_is_better=False,
        ),
    ]
