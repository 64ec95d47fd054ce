"""Who did what to whom, and how the cards of a set relate: networkx graphs drawn with plotly."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import networkx as nx
import plotly.graph_objects as go

from munchkin_nb.engine.events import Event

from .words import card_name

SEED = 7
KIND_COLOURS = {
    "cursed": "#9b2226",
    "helped": "#2a9d8f",
    "enhanced against": "#ee9b00",
    "sent a monster at": "#ca6702",
    "played against": "#bb3e03",
    "boosted": "#0a9396",
    "killed": "#005f73",
    "looted": "#6a4c93",
    "restricted to": "#577590",
    "stronger against": "#e76f51",
    "enhances": "#f4a261",
}


def _add(g: nx.DiGraph, a: str, b: str, kind: str, **node_attrs: Any) -> None:
    for n in (a, b):
        if n not in g:
            g.add_node(n, kind=node_attrs.get(n, "player"))
    if g.has_edge(a, b):
        kinds = g.edges[a, b]["kinds"]
        kinds[kind] = kinds.get(kind, 0) + 1
        g.edges[a, b]["weight"] += 1
    else:
        g.add_edge(a, b, kinds={kind: 1}, weight=1)


def interaction_digraph(
    events: Iterable[Event], source: Any, turns: tuple[int, int] | None = None
) -> nx.DiGraph:
    """A DiGraph of players (and the monsters they killed): an edge per who-did-what-to-whom,
    with `kinds` {kind: count}; only events of turns a..b (inclusive) when `turns` is given."""
    g = nx.DiGraph()
    fighter: str | None = None
    lo, hi = turns if turns else (-math.inf, math.inf)
    for e in events:
        p = e.payload
        if e.type == "GameStarted":
            for x in p.get("players", []):
                g.add_node(x["name"] if isinstance(x, dict) else str(x), kind="player")
        if e.type == "CombatStarted":
            fighter = p["player"]
        if not lo <= e.turn <= hi:
            continue
        if e.type == "CurseApplied" and p.get("by") and p["by"] != p["player"]:
            _add(g, p["by"], p["player"], "cursed")
        elif e.type == "HelpAccepted" and fighter:
            _add(g, p["helper"], fighter, "helped")
        elif e.type == "EnhancerPlayed" and fighter and p.get("by") and p["by"] != fighter:
            _add(g, p["by"], fighter, "enhanced against")
        elif e.type == "MonsterAdded" and fighter and p.get("by") and p["by"] != fighter:
            _add(g, p["by"], fighter, "sent a monster at")
        elif e.type == "ModifierPlayed" and fighter and p.get("by"):
            if p.get("side") == "monsters" and p["by"] != fighter:
                _add(g, p["by"], fighter, "played against")
            elif p.get("side") == "players" and p.get("target") and p["target"] != p["by"]:
                _add(g, p["by"], p["target"], "boosted")
        elif e.type == "CombatWon" and fighter:
            for m in p.get("monsters", []):
                name = card_name(source, m)
                _add(g, fighter, name, "killed", **{name: "monster"})
        elif e.type == "CardGiven" and p.get("reason") == "loot the body":
            _add(g, p["to_player"], p["from_player"], "looted")
    return g


def _edge_label(kinds: dict[str, int]) -> str:
    return ", ".join(f"{k} ×{n}" if n > 1 else k for k, n in sorted(kinds.items()))


def draw_graph(
    g: nx.DiGraph, title: str, node_colours: dict[str, str] | None = None, height: int = 480
) -> go.Figure:
    """A plotly drawing of `g`: spring layout with a fixed seed, one line trace per edge kind,
    arrows as annotations, hover text on nodes and edge midpoints."""
    node_colours = node_colours or {}
    pos = nx.spring_layout(g, seed=SEED, k=1.2 / math.sqrt(max(len(g), 1))) if len(g) else {}
    fig = go.Figure()
    by_kind: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for a, b, data in g.edges(data=True):
        main = max(data["kinds"], key=data["kinds"].get)
        by_kind.setdefault(main, []).append((a, b, data))
    mids_x, mids_y, mids_text = [], [], []
    for kind, edges in sorted(by_kind.items()):
        xs, ys = [], []
        for a, b, data in edges:
            (x0, y0), (x1, y1) = pos[a], pos[b]
            xs += [x0, x1, None]
            ys += [y0, y1, None]
            mids_x.append((x0 + x1) / 2)
            mids_y.append((y0 + y1) / 2)
            mids_text.append(f"{a} → {b}: {_edge_label(data['kinds'])}")
            fig.add_annotation(
                x=x1,
                y=y1,
                ax=x0,
                ay=y0,
                xref="x",
                yref="y",
                axref="x",
                ayref="y",
                showarrow=True,
                arrowhead=2,
                arrowsize=1.2,
                standoff=10,
                arrowcolor=KIND_COLOURS.get(kind, "#888"),
                opacity=0.6,
                text="",
            )
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                name=kind,
                hoverinfo="skip",
                line={"width": 1.5, "color": KIND_COLOURS.get(kind, "#888")},
            )
        )
    fig.add_trace(
        go.Scatter(
            x=mids_x,
            y=mids_y,
            mode="markers",
            marker={"size": 6, "opacity": 0},
            text=mids_text,
            hoverinfo="text",
            showlegend=False,
            name="edges",
        )
    )
    groups: dict[str, list[str]] = {}
    for n, data in g.nodes(data=True):
        groups.setdefault(data.get("kind", "node"), []).append(n)
    for kind, nodes in sorted(groups.items()):
        fig.add_trace(
            go.Scatter(
                x=[pos[n][0] for n in nodes],
                y=[pos[n][1] for n in nodes],
                mode="markers+text",
                text=nodes,
                textposition="top center",
                name=kind + "s",
                hovertext=[f"{n}: {g.out_degree(n)} out, {g.in_degree(n)} in" for n in nodes],
                hoverinfo="text",
                marker={
                    "size": 16 if kind == "player" else 10,
                    "color": node_colours.get(kind, "#888"),
                    "line": {"width": 1, "color": "#333"},
                },
            )
        )
    fig.update_layout(
        title=title,
        height=height,
        template="plotly_white",
        showlegend=True,
        xaxis={"visible": False},
        yaxis={"visible": False},
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
    )
    return fig


def interaction_graph(
    events: Iterable[Event], source: Any, turns: tuple[int, int] | None = None
) -> go.Figure:
    """Who did what to whom over turns a..b: curses, help, enhancers and wandering monsters
    played into others' combats, kills and loot."""
    g = interaction_digraph(events, source, turns)
    span = f" (turns {turns[0]}–{turns[1]})" if turns else ""
    return draw_graph(g, f"Who did what to whom{span}", {"player": "#264653", "monster": "#e76f51"})


def _cond_nodes(cond: dict[str, Any] | None) -> list[tuple[str, str]]:
    """The (node, kind) a condition names: race elf, class wizard, sex female, not class cleric..."""
    out: list[tuple[str, str]] = []
    for key, val in (cond or {}).items():
        if key == "any":
            for c in val:
                out += _cond_nodes(c)
        elif key in ("race", "class", "sex"):
            out.append((f"{key} {val}", key))
        elif key in ("not_race", "not_class", "not_sex"):
            out.append((f"not {key[4:]} {val}", key[4:]))
    return out


def card_set_digraph(card_set: Any) -> nx.DiGraph:
    """How the cards of a set relate: items -> the race/class/sex they need ('restricted to'),
    monsters -> the race/class/sex they are stronger against, enhancers -> monsters."""
    g = nx.DiGraph()
    cards = list(card_set.cards.values())
    monsters = [c for c in cards if c.kind == "monster"]
    for c in cards:
        if c.kind == "item" and c.requires:
            for node, kind in _cond_nodes(c.requires):
                _add(g, c.name, node, "restricted to", **{c.name: "item", node: kind})
        if c.kind == "monster":
            for e in c.effects:
                if isinstance(e, dict) and "bonus" in e and "against" in e:
                    for node, kind in _cond_nodes(e["against"]):
                        _add(g, c.name, node, "stronger against", **{c.name: "monster", node: kind})
                        g.edges[c.name, node]["bonus"] = e["bonus"]
        if c.kind == "monster_enhancer":
            for m in monsters:
                _add(g, c.name, m.name, "enhances", **{c.name: "enhancer", m.name: "monster"})
    return g


def card_set_graph(card_set: Any) -> go.Figure:
    """The card set as a graph: restrictions, monsters' bonuses against races/classes/sexes, enhancers."""
    g = card_set_digraph(card_set)
    return draw_graph(
        g,
        f"How the cards of {getattr(card_set, 'name', 'the set')} relate",
        {
            "item": "#577590",
            "monster": "#e76f51",
            "enhancer": "#f4a261",
            "race": "#43aa8b",
            "class": "#90be6d",
            "sex": "#f9c74f",
        },
        height=720,
    )
