"""Figures: time to build the combat waterfall of a combat and the interaction graph of a
whole game (p50 over 20); baseline: the bare figure of notebooks/bare_figure.ipynb."""

from __future__ import annotations

from .common import not_available, p50, row, timed


def bare_figure():
    import plotly.graph_objects as go

    fig = go.Figure(
        go.Waterfall(
            x=["level", "sword", "helmet", "monster", "enhancer"],
            y=[4, 3, 1, -10, -2],
            measure=["relative"] * 5,
        )
    )
    fig.update_layout(title="Players against monsters", height=360)
    return fig


def combat_state(events):
    """The state at the richest combat of the game (most terms), and its breakdown."""
    from munchkin_nb.engine import GameState, breakdown, evolve

    s, best = GameState.initial(), None
    for e in events:
        evolve(s, e)
        if s.combat is not None:
            bd = breakdown(s)
            if best is None or len(bd.terms) > len(best[1].terms):
                best = (s.copy(), bd)
    return best


def run(quick: bool = False) -> list[dict]:
    from munchkin_nb.bots import play_game
    from munchkin_nb.engine import GameState, evolve

    n = 5 if quick else 20
    rec = play_game(4, 1, "heuristic")
    base = p50(timed(bare_figure, n)) * 1000
    rows = []
    try:
        from munchkin_nb.engine import breakdown
        from munchkin_nb.viz import combat_waterfall
    except ImportError as error:
        rows.append(not_available("figures", "combat waterfall p50", f"import failed: {error}", "ms"))
    else:
        found = combat_state(rec.events)
        if found is None:
            rows.append(not_available("figures", "combat waterfall p50", "no combat in the game", "ms"))
        else:
            state, bd = found
            t = p50(timed(lambda: combat_waterfall(breakdown(state)), n)) * 1000
            rows.append(
                row(
                    "figures",
                    "combat waterfall p50 (breakdown + figure)",
                    t,
                    "ms",
                    base,
                    "bare plotly waterfall",
                    target="< 30 ms",
                    ok=t < 30,
                    note=f"a combat of {len(bd.terms)} terms, p50 of {n}",
                    higher_is_better=False,
                )
            )
    try:
        from munchkin_nb.viz import interaction_graph
    except ImportError as error:
        rows.append(not_available("figures", "interaction graph p50", f"import failed: {error}", "ms"))
    else:
        source = evolve(GameState.initial(), rec.events[0])
        t = p50(timed(lambda: interaction_graph(rec.events, source), n)) * 1000
        rows.append(
            row(
                "figures",
                "interaction graph p50 (whole game)",
                t,
                "ms",
                base,
                "bare plotly waterfall",
                note=f"{len(rec.events)} events, {rec.meta['turns']} turns, p50 of {n}",
                higher_is_better=False,
            )
        )
    return rows
