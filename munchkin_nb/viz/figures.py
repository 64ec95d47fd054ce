"""Plotly figures of a game: the combat waterfall and the level timeline (pure functions).

Each figure is first a plain plotly spec (``{"data": [...], "layout": {...}}``, the ``*_spec``
functions): that is what the app's page shows, without ``plotly.graph_objects``, whose
validators take about 30 MB in every kernel that builds one ``go.Figure`` (measured). The
figure functions wrap the same spec in a ``go.Figure`` for notebooks and tests.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from munchkin_nb.engine.core.events import Event
from munchkin_nb.engine.query.combat import Breakdown

if TYPE_CHECKING:
    import plotly.graph_objects as go

#: a plotly figure as plain data: {"data": [trace, ...], "layout": {...}}
Spec = dict[str, Any]

PLAYERS_COLOUR = "#2a9d8f"
MONSTERS_COLOUR = "#e76f51"
TOTAL_COLOUR = "#264653"
#: plotly's toolbar upright at the right edge, clear of the left-aligned title (`fit_title`)
MODEBAR = {"orientation": "v"}


def waterfall_terms(bd: Breakdown, label: Callable[[Any], str] | None = None) -> list[tuple[str, int, str]]:
    """(label, signed amount, side) of every term: the players' terms up, the monsters' down;
    `label(term)` names a term (its own label if not given: a page's language names it)."""
    said = label or (lambda t: str(t.label))
    rows = [(said(t), t.amount, "players") for t in bd.terms if t.side == "players"]
    rows += [(said(t), -t.amount, "monsters") for t in bd.terms if t.side == "monsters"]
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


def combat_title(bd: Breakdown, lang: str = "en") -> str:
    _ = _words(lang)
    return _("Players {players} against monsters {monsters}: margin {margin}, {outcome}").format(
        players=bd.players, monsters=bd.monsters, margin=f"{bd.margin:+d}", outcome=_(bd.outcome)
    )


def _words(lang: str) -> Callable[[str], str]:
    """The figures' words in `lang` (gettext domain "figures")."""
    from munchkin_nb.i18n import gettext

    return gettext("figures", lang)


def fit_title(text: str, width: int = 34) -> dict[str, Any]:
    """A figure's title that a phone shows whole: left-aligned, broken into lines of about `width`
    characters (plotly never wraps a title), clear of the plot's toolbar (which stands at the
    right, upright: `layout()`)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return {"text": "<br>".join(lines), "x": 0.01, "xanchor": "left", "font": {"size": 15}}


def title_margin(title: dict[str, Any]) -> int:
    """The top margin a `fit_title` title needs."""
    return 30 + 20 * (str(title["text"]).count("<br>") + 1)


@lru_cache(maxsize=1)
def template() -> dict[str, Any]:
    """plotly's "plotly_white" template as data, read from plotly's own package data (what
    ``template="plotly_white"`` puts into a figure), without importing plotly.graph_objects."""
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("plotly")  # finds the package without importing it
    folders = spec.submodule_search_locations if spec else None
    if not folders:
        raise ImportError("plotly is not installed")
    path = Path(next(iter(folders))) / "package_data" / "templates" / "plotly_white.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def figure(spec: Spec) -> go.Figure:
    """`spec` as a plotly ``go.Figure``."""
    import plotly.graph_objects as go

    return go.Figure(spec)


def vertical_line(x: float, colour: str, name: str, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The shape and the label above it of a dashed vertical line at `x` (``fig.add_vline``'s)."""
    shape = {
        "type": "line",
        "name": name,
        "x0": x,
        "x1": x,
        "xref": "x",
        "y0": 0,
        "y1": 1,
        "yref": "y domain",
        "line": {"color": colour, "dash": "dash"},
    }
    label = {
        "text": text,
        "showarrow": False,
        "x": x,
        "xref": "x",
        "xanchor": "center",
        "y": 1,
        "yref": "y domain",
        "yanchor": "bottom",
    }
    return shape, label


def combat_waterfall(bd: Breakdown, lang: str = "en") -> go.Figure:
    """A waterfall of every term of both sides: players' terms rise to their total, the
    monsters' terms (negative) bring it down to the margin; the outcome is in the title."""
    return figure(combat_waterfall_spec(bd, lang))


def combat_waterfall_spec(bd: Breakdown, lang: str = "en", label: Callable[[Any], str] | None = None) -> Spec:
    """`combat_waterfall` as a plain plotly spec; `label(term)` names the terms (in `lang`)."""
    _ = _words(lang)
    rows = waterfall_terms(bd, label)
    players = [r for r in rows if r[2] == "players"]
    monsters = [r for r in rows if r[2] == "monsters"]
    labels = [r[0] for r in players] + [_("Players' total")] + [r[0] for r in monsters] + [_("Margin")]
    values = [r[1] for r in players] + [0] + [r[1] for r in monsters] + [0]
    measure = ["relative"] * len(players) + ["total"] + ["relative"] * len(monsters) + ["total"]
    text = [f"{v:+d}" for v in values[: len(players)]] + [str(bd.players)]
    text += [f"{v:+d}" for v in values[len(players) + 1 : -1]] + [f"{bd.margin:+d}"]
    trace = {
        "type": "waterfall",
        "x": unique_labels(labels),
        "y": values,
        "measure": measure,
        "text": text,
        "textposition": "outside",
        "increasing": {"marker": {"color": PLAYERS_COLOUR}},
        "decreasing": {"marker": {"color": MONSTERS_COLOUR}},
        "totals": {"marker": {"color": TOTAL_COLOUR}},
        "connector": {"line": {"color": "#999", "width": 1}},
        "hovertemplate": "%{x}: %{text}<extra></extra>",
        "name": "combat",
    }
    zero = {
        "type": "line",
        "x0": 0,
        "x1": 1,
        "xref": "x domain",
        "y0": 0,
        "y1": 0,
        "yref": "y",
        "line": {"color": "#666", "width": 1},
    }
    title = fit_title(combat_title(bd, lang))
    layout = {
        "title": title,
        "showlegend": False,
        "height": 380,
        "margin": {"l": 40, "r": 36, "t": title_margin(title), "b": 100},
        "modebar": MODEBAR,
        "yaxis": {"title": {"text": _("strength")}},
        "template": template(),
        "shapes": [zero],
    }
    return {"data": [trace], "layout": layout}


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


def level_timeline(events: Iterable[Event], at_turn: int | None = None, lang: str = "en") -> go.Figure:
    """Each player's level across the turns (a step line per player), from LevelChanged events;
    a dashed line at `at_turn` marks the position being looked at. The level axis reaches the
    highest level of the game (10 at least; a module that raises the winning level takes them past 20)."""
    return figure(level_timeline_spec(events, at_turn, lang))


def level_timeline_spec(events: Iterable[Event], at_turn: int | None = None, lang: str = "en") -> Spec:
    """`level_timeline` as a plain plotly spec."""
    _ = _words(lang)
    series = levels_by_turn(events)
    top = max([10, *(lv for pts in series.values() for _t, lv in pts)])
    player_at = _("{player}: level %{{y}} (turn %{{x}})")
    data = [
        {
            "type": "scatter",
            "x": [t for t, _ in pts],
            "y": [lv for _, lv in pts],
            "mode": "lines+markers",
            "line": {"shape": "hv"},
            "name": name,
            "hovertemplate": player_at.format(player=name) + "<extra></extra>",
        }
        for name, pts in series.items()
    ]
    title = fit_title(_("Levels across the game"))
    layout: dict[str, Any] = {
        "title": title,
        "xaxis": {"title": {"text": _("turn")}},
        # a tick per level up to 10; past that (a longer game) every other level, so that labels stay apart
        "yaxis": {"title": {"text": _("level")}, "range": [0.5, top + 0.5], "dtick": 1 if top <= 12 else 2},
        "legend": {"orientation": "h", "y": -0.2, "x": 0},
        "height": 360 if top <= 12 else 420,
        "template": template(),
        "modebar": MODEBAR,
        "margin": {"l": 40, "r": 36, "t": title_margin(title), "b": 40},
    }
    if at_turn is not None:
        where = _("turn {turn}").format(turn=at_turn)
        shape, label = vertical_line(at_turn, TOTAL_COLOUR, POSITION_MARK, where)
        layout["shapes"], layout["annotations"] = [shape], [label]
    return {"data": data, "layout": layout}
