"""Plotly figures of a game: the combat waterfall and the level timeline (pure functions)."""

from __future__ import annotations

from collections.abc import Iterable

import plotly.graph_objects as go

from munchkin_nb.engine.combat import Breakdown
from munchkin_nb.engine.events import Event

PLAYERS_COLOUR = "#2a9d8f"
MONSTERS_COLOUR = "#e76f51"
TOTAL_COLOUR = "#264653"


def waterfall_terms(bd: Breakdown) -> list[tuple[str, int, str]]:
    """(label, signed amount, side) of every term: the players' terms up, the monsters' down."""
    rows = [(t.label, t.amount, "players") for t in bd.terms if t.side == "players"]
    rows += [(t.label, -t.amount, "monsters") for t in bd.terms if t.side == "monsters"]
    return rows


def unique_labels(labels: Iterable[str]) -> list[str]:
    """Labels made distinct (plotly merges equal ones on an axis): a second "X" becomes "X (2)"."""
    seen: dict[str, int] = {}
    out = []
    for lab in labels:
        n = seen.get(lab, 0)
        seen[lab] = n + 1
        out.append(lab if n == 0 else f"{lab} ({n + 1})")
    return out


def combat_title(bd: Breakdown) -> str:
    margin = f"{bd.margin:+d}"
    return f"Players {bd.players} against monsters {bd.monsters}: margin {margin}, {bd.outcome}"


def combat_waterfall(bd: Breakdown) -> go.Figure:
    """A waterfall of every term of both sides: players' terms rise to their total, the
    monsters' terms (negative) bring it down to the margin; the outcome is in the title."""
    rows = waterfall_terms(bd)
    players = [r for r in rows if r[2] == "players"]
    monsters = [r for r in rows if r[2] == "monsters"]
    labels = [r[0] for r in players] + ["Players' total"] + [r[0] for r in monsters] + ["Margin"]
    values = [r[1] for r in players] + [0] + [r[1] for r in monsters] + [0]
    measure = ["relative"] * len(players) + ["total"] + ["relative"] * len(monsters) + ["total"]
    text = [f"{v:+d}" for v in values[: len(players)]] + [str(bd.players)]
    text += [f"{v:+d}" for v in values[len(players) + 1 : -1]] + [f"{bd.margin:+d}"]
    fig = go.Figure(
        go.Waterfall(
            x=unique_labels(labels),
            y=values,
            measure=measure,
            text=text,
            textposition="outside",
            increasing={"marker": {"color": PLAYERS_COLOUR}},
            decreasing={"marker": {"color": MONSTERS_COLOUR}},
            totals={"marker": {"color": TOTAL_COLOUR}},
            connector={"line": {"color": "#999", "width": 1}},
            hovertemplate="%{x}: %{text}<extra></extra>",
            name="combat",
        )
    )
    fig.update_layout(
        title=combat_title(bd),
        showlegend=False,
        height=380,
        margin={"l": 40, "r": 20, "t": 60, "b": 100},
        yaxis_title="strength",
        template="plotly_white",
    )
    fig.add_hline(y=0, line_width=1, line_color="#666")
    return fig


def levels_by_turn(events: Iterable[Event]) -> dict[str, list[tuple[int, int]]]:
    """Each player's (turn, level) points: the starting level, then every LevelChanged."""
    series: dict[str, list[tuple[int, int]]] = {}
    last_turn = 0
    for e in events:
        last_turn = max(last_turn, e.turn)
        p = e.payload
        if e.type == "GameStarted":
            for x in p.get("players", []):
                name = x["name"] if isinstance(x, dict) else str(x)
                series[name] = [(0, 1)]
        elif e.type == "PositionSet":
            for x in p.get("players", []):
                series[x["name"]] = [(e.turn, int(x.get("level", 1)))]
        elif e.type == "LevelChanged":
            series.setdefault(p["player"], [(0, 1)]).append((e.turn, p["level"]))
    for pts in series.values():
        if pts[-1][0] < last_turn:
            pts.append((last_turn, pts[-1][1]))
    return series


# The name of the vertical line that marks the stepper's position on the level timeline.
POSITION_MARK = "now"


def level_timeline(events: Iterable[Event], at_turn: int | None = None) -> go.Figure:
    """Each player's level across the turns (a step line per player), from LevelChanged events;
    a dashed line at `at_turn` marks the position being looked at."""
    fig = go.Figure()
    for name, pts in levels_by_turn(events).items():
        fig.add_trace(
            go.Scatter(
                x=[t for t, _ in pts],
                y=[lv for _, lv in pts],
                mode="lines+markers",
                line_shape="hv",
                name=name,
                hovertemplate=f"{name}: level %{{y}} (turn %{{x}})<extra></extra>",
            )
        )
    fig.update_layout(
        title="Levels across the game",
        xaxis_title="turn",
        yaxis_title="level",
        yaxis={"range": [0.5, 10.5], "dtick": 1},
        height=360,
        template="plotly_white",
        margin={"l": 40, "r": 20, "t": 50, "b": 40},
    )
    if at_turn is not None:
        fig.add_vline(
            x=at_turn,
            line_dash="dash",
            line_color=TOTAL_COLOUR,
            name=POSITION_MARK,
            annotation_text=f"turn {at_turn}",
            annotation_position="top",
        )
    return fig
