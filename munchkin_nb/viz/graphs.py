"""Who did what to whom, and how the cards of a set relate: networkx graphs drawn with plotly."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from munchkin_nb.engine.core.events import Event

from .figures import Spec, figure, template, unique_labels
from .words import card_name

if TYPE_CHECKING:  # both imported where a graph is built: a page that draws none loads neither
    import networkx as nx
    import plotly.graph_objects as go

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


def plural(kind: str) -> str:
    """The legend's plural of a node kind: classes, sexes, monsters, enhancers."""
    return kind + ("es" if kind.endswith(("s", "x", "ch", "sh")) else "s")


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
    import networkx as nx

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
    """A plotly drawing of `g` (see `graph_spec`)."""
    return figure(graph_spec(g, title, node_colours, height))


def graph_spec(
    g: nx.DiGraph, title: str, node_colours: dict[str, str] | None = None, height: int = 480
) -> Spec:
    """A plotly drawing of `g` as a plain spec: spring layout with a fixed seed, one line trace
    per edge kind, arrows as annotations, hover text on nodes and edge midpoints."""
    import networkx as nx

    node_colours = node_colours or {}
    pos = nx.spring_layout(g, seed=SEED, k=1.2 / math.sqrt(max(len(g), 1))) if len(g) else {}
    pos = {n: (float(x), float(y)) for n, (x, y) in pos.items()}  # numpy numbers -> JSON numbers
    data: list[dict[str, Any]] = []
    arrows: list[dict[str, Any]] = []
    by_kind: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for a, b, edge in g.edges(data=True):
        main = max(edge["kinds"], key=edge["kinds"].get)
        by_kind.setdefault(main, []).append((a, b, edge))
    mids_x, mids_y, mids_text = [], [], []
    for kind, edges in sorted(by_kind.items()):
        xs: list[float | None] = []
        ys: list[float | None] = []
        for a, b, edge in edges:
            (x0, y0), (x1, y1) = pos[a], pos[b]
            xs += [x0, x1, None]
            ys += [y0, y1, None]
            mids_x.append((x0 + x1) / 2)
            mids_y.append((y0 + y1) / 2)
            mids_text.append(f"{a} → {b}: {_edge_label(edge['kinds'])}")
            arrows.append(
                {
                    "x": x1,
                    "y": y1,
                    "ax": x0,
                    "ay": y0,
                    "xref": "x",
                    "yref": "y",
                    "axref": "x",
                    "ayref": "y",
                    "showarrow": True,
                    "arrowhead": 2,
                    "arrowsize": 1.2,
                    "standoff": 10,
                    "arrowcolor": KIND_COLOURS.get(kind, "#888"),
                    "opacity": 0.6,
                    "text": "",
                }
            )
        data.append(
            {
                "type": "scatter",
                "x": xs,
                "y": ys,
                "mode": "lines",
                "name": kind,
                "hoverinfo": "skip",
                "line": {"width": 1.5, "color": KIND_COLOURS.get(kind, "#888")},
            }
        )
    data.append(
        {
            "type": "scatter",
            "x": mids_x,
            "y": mids_y,
            "mode": "markers",
            "marker": {"size": 6, "opacity": 0},
            "text": mids_text,
            "hoverinfo": "text",
            "showlegend": False,
            "name": "edges",
        }
    )
    groups: dict[str, list[str]] = {}
    for n, node in g.nodes(data=True):
        groups.setdefault(node.get("kind", "node"), []).append(n)
    for kind, nodes in sorted(groups.items()):
        data.append(
            {
                "type": "scatter",
                "x": [pos[n][0] for n in nodes],
                "y": [pos[n][1] for n in nodes],
                "mode": "markers+text",
                "text": nodes,
                "textposition": "top center",
                "name": plural(kind),
                "hovertext": [f"{n}: {g.out_degree(n)} out, {g.in_degree(n)} in" for n in nodes],
                "hoverinfo": "text",
                "marker": {
                    "size": 16 if kind == "player" else 10,
                    "color": node_colours.get(kind, "#888"),
                    "line": {"width": 1, "color": "#333"},
                },
            }
        )
    layout = {
        "title": {"text": title},
        "height": height,
        "template": template(),
        "showlegend": True,
        "xaxis": {"visible": False},
        "yaxis": {"visible": False},
        "margin": {"l": 10, "r": 10, "t": 50, "b": 10},
        "annotations": arrows,
    }
    return {"data": data, "layout": layout}


def interaction_graph(
    events: Iterable[Event], source: Any, turns: tuple[int, int] | None = None
) -> go.Figure:
    """Who did what to whom over turns a..b (see `interaction_graph_spec`)."""
    return figure(interaction_graph_spec(events, source, turns))


def interaction_graph_spec(
    events: Iterable[Event], source: Any, turns: tuple[int, int] | None = None, now: int | None = None
) -> Spec:
    """Who did what to whom over turns a..b, as a plain plotly spec: curses, help, enhancers and
    wandering monsters played into others' combats, kills and loot. `now`: the turn the replay
    stands in, marked (its player ringed, what was done in it drawn over in red)."""
    events = list(events)
    g = interaction_digraph(events, source, turns)
    span = f" (turns {turns[0]}–{turns[1]})" if turns else ""
    spec = graph_spec(g, f"Who did what to whom{span}", {"player": "#264653", "monster": "#e76f51"})
    if now is not None and now >= 1:  # set-up (turn 0) is nobody's turn: nothing to mark
        _mark_turn(spec, g, interaction_digraph(events, source, (now, now)), events, now)
    return spec


POSITION = "#d00000"  # the colour of the replay's position, as on the level timeline


def _mark_turn(spec: Spec, g: Any, this_turn: Any, events: list[Event], now: int) -> None:
    """Draw the replay's position onto a drawn graph: what was done in turn `now`, and its player."""
    xy = {t["text"][i]: (t["x"][i], t["y"][i]) for t in spec["data"] if t.get("mode") == "markers+text"
          for i in range(len(t["text"]))}  # fmt: skip
    xs: list[float | None] = []
    ys: list[float | None] = []
    for a, b in this_turn.edges():
        if a in xy and b in xy and g.has_edge(a, b):
            xs += [xy[a][0], xy[b][0], None]
            ys += [xy[a][1], xy[b][1], None]
    # whose turn: the TurnStarted just before the turn's first event (it carries the turn before)
    first = next((i for i, e in enumerate(events) if e.turn == now), 0)
    player = next((e.payload["player"] for e in reversed(events[:first]) if e.type == "TurnStarted"), None)
    spec["data"].append(
        {
            "type": "scatter",
            "x": xs,
            "y": ys,
            "mode": "lines",
            "name": f"turn {now}",
            "hoverinfo": "skip",
            "line": {"width": 5, "color": POSITION},
            "opacity": 0.45,
        }
    )
    if player in xy:
        spec["data"].append(
            {
                "type": "scatter",
                "x": [xy[player][0]],
                "y": [xy[player][1]],
                "mode": "markers",
                "name": f"{player}'s turn",
                "hoverinfo": "skip",
                "marker": {"size": 30, "symbol": "circle-open", "color": POSITION, "line": {"width": 3}},
            }
        )
    title = spec["layout"]["title"]["text"]
    spec["layout"]["title"]["text"] = f"{title}, turn {now} marked"


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
    import networkx as nx

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


NODE_COLOURS = {
    "item": "#577590",
    "monster": "#e76f51",
    "enhancer": "#f4a261",
    "race": "#43aa8b",
    "class": "#90be6d",
    "sex": "#f9c74f",
    "card": "#264653",
}


def _relations(card_set: Any) -> list[tuple[str, str, str, str, str]]:
    """(card id, card name, relation, node, node kind) for each item restriction and each monster
    bonus against a race, class or sex; enhancers go on any monster, so they get no edge each."""
    out = []
    for c in card_set.cards.values():
        if c.kind == "item" and c.requires:
            out += [(c.id, c.name, "restricted to", node, kind) for node, kind in _cond_nodes(c.requires)]
        if c.kind == "monster":
            for e in c.effects:
                if isinstance(e, dict) and "bonus" in e and "against" in e:
                    sign = f"{e['bonus']:+d}" if isinstance(e["bonus"], int) else str(e["bonus"])
                    out += [
                        (c.id, c.name, f"stronger against ({sign})", node, kind)
                        for node, kind in _cond_nodes(e["against"])
                    ]
    return out


def _node_of_card(card: Any) -> tuple[str, str] | None:
    """The race/class node a race or class card stands for ("race dwarf"), if it is one."""
    if card.kind == "race" and card.race:
        return f"race {card.race}", "race"
    if card.kind == "class" and card.klass:
        return f"class {card.klass}", "class"
    return None


def neighbourhood(card_set: Any, card_id: str) -> dict[str, list[tuple[str, str, str]]]:
    """What one card relates to, by side: {"in": [(name, kind, relation)], "out": [...]}.

    "out": what it is restricted to, whom it is stronger against, what it goes on.
    "in": the items restricted to it and the monsters stronger against it (a race or a class),
    the enhancers that can be played on it (a monster); one node for "every monster" instead of
    an edge to each."""
    card = card_set.cards[card_id]
    rels = _relations(card_set)
    mine = _node_of_card(card)
    out: dict[str, list[tuple[str, str, str]]] = {"in": [], "out": []}
    for cid, name, rel, node, kind in rels:
        if cid == card_id:
            out["out"].append((node, kind, rel))
        if mine and node in (mine[0], f"not {mine[0]}"):
            who = "monster" if rel.startswith("stronger") else "item"
            out["in"].append((name, who, rel if node == mine[0] else f"{rel} (not {mine[0]})"))
    enhancers = [c for c in card_set.cards.values() if c.kind == "monster_enhancer"]
    monsters = [c for c in card_set.cards.values() if c.kind == "monster"]
    if card.kind == "monster":
        out["in"] += [(e.name, "enhancer", "can be played on it") for e in enhancers]
    if card.kind == "monster_enhancer":
        out["out"].append((f"every monster ({len(monsters)})", "monster", "goes on"))
    return out


FIGURES = "figures"  # the gettext domain of the words drawn inside the card figures


class _Words:
    """The words drawn inside the card figures, in one language: card names as the event lines
    say them (the rulebook's name, else ours, else the English one), our own words for the rest."""

    #: every message drawn, for the test that each language translates them all
    MESSAGES = (
        "race", "class", "sex", "not", "not {kind} {value}", "male", "female", "Human",
        "restricted to", "stronger against", "goes on", "can be played on it", "every monster ({n})",
        "no relation to other cards in this set", "only", "items", "monsters", "enhancers", "races",
        "classes", "sexes", "item", "monster", "monster enhancer",
    )  # fmt: skip

    def __init__(self, card_set: Any, lang: str) -> None:
        from munchkin_nb.i18n import gettext

        self.t = gettext(FIGURES, lang)
        # the names the event lines and the lessons use: the rulebook's, else ours (domain `cards`)
        self._name = {c.name: card_name(card_set, c.id, lang) for c in card_set.cards.values()}
        # a race or class node is named like the card that gives it ("race dwarf": Enano)
        self._value = {
            (c.kind, c.race if c.kind == "race" else c.klass): card_name(card_set, c.id, lang)
            for c in card_set.cards.values()
            if c.kind in ("race", "class")
        }

    def card(self, name: str) -> str:
        return self._name.get(name, name)

    def node(self, node: str) -> str:
        """ "race dwarf" -> "raza Enano", "not class cleric" -> "no clase Clérigo"; a card name as it is."""
        words = node.split(" ", 2)
        negated = words[0] == "not"
        if negated:
            words = words[1:]
        if len(words) != 2 or words[0] not in ("race", "class", "sex"):
            return self.card(node)
        kind, value = words
        # a race or class no card gives (Human: everyone without a race) is named like a card
        shown = self._value.get((kind, value)) or self.t(value if kind == "sex" else value.capitalize())
        if negated:  # a whole phrase: some languages put the "not" after the words it denies
            return self.t("not {kind} {value}").format(kind=self.t(kind), value=shown)
        return f"{self.t(kind)} {shown}"

    def relation(self, rel: str) -> str:
        """ "stronger against (+5)" -> "más fuerte contra (+5)"; a relation with its node after "(not"."""
        head, sep, rest = rel.partition(" (")
        if rest.startswith("not "):
            return f"{self.t(head)} ({self.node(rest[:-1])})"
        return self.t(head) + (sep + rest if sep else "")


def _column(names: list[str], x: float) -> list[tuple[float, float]]:
    """Evenly spaced points down a column, centred on 0."""
    n = len(names)
    return [(x, (n - 1) / 2 - i) for i in range(n)]


def neighbourhood_graph(card_set: Any, card_id: str, title: str | None = None, lang: str = "en") -> go.Figure:
    """One card in the middle, what points at it on the left, what it points at on the right;
    one colour per kind, labels beside the points (never on top of each other), hover for the
    relation; every word in `lang`. A layout by kind, not a spring: a reader finds the same thing
    in the same place."""
    card = card_set.cards[card_id]
    nb = neighbourhood(card_set, card_id)
    w = _Words(card_set, lang)
    import plotly.graph_objects as go

    fig = go.Figure()
    left = sorted(nb["in"], key=lambda t: (t[1], t[0]))
    right = sorted(nb["out"], key=lambda t: (t[1], t[0]))
    lp, rp = _column([t[0] for t in left], -1.0), _column([t[0] for t in right], 1.0)
    for side, pts in ((left, lp), (right, rp)):
        for (_name, _kind, rel), (x, y) in zip(side, pts, strict=True):
            fig.add_trace(
                go.Scatter(
                    x=[0, x],
                    y=[0, y],
                    mode="lines",
                    line={"width": 1.2, "color": KIND_COLOURS.get(rel.split(" (")[0], "#999")},
                    hoverinfo="skip",
                    showlegend=False,
                )
            )
    groups: dict[str, list[tuple[str, str, float, float, str]]] = {}
    for side, pts, pos in ((left, lp, "middle left"), (right, rp, "middle right")):
        for (name, kind, rel), (x, y) in zip(side, pts, strict=True):
            shown = _every_monster(w, name) if name.startswith("every monster") else w.node(name)
            groups.setdefault(kind, []).append((shown, w.relation(rel), x, y, pos))
    for kind, members in sorted(groups.items()):
        fig.add_trace(
            go.Scatter(
                x=[m[2] for m in members],
                y=[m[3] for m in members],
                mode="markers+text",
                # long names in short lines, so that a phone's narrow plot does not cut them off
                text=["<br>".join(textwrap.wrap(m[0], 14)) or m[0] for m in members],
                textposition=[m[4] for m in members],
                hovertext=[f"{m[0]}: {m[1]}" for m in members],
                hoverinfo="text",
                name=w.t(plural(kind)),
                marker={
                    "size": 12,
                    "color": NODE_COLOURS.get(kind, "#888"),
                    "line": {"width": 1, "color": "#333"},
                },
            )
        )
    fig.add_trace(
        go.Scatter(
            x=[0],
            y=[0],
            mode="markers+text",
            text=[f"<b>{w.card(card.name)}</b>"],
            textposition="top center",
            name=w.t(card.kind.replace("_", " ")),
            marker={"size": 20, "color": NODE_COLOURS["card"]},
            hoverinfo="text",
            hovertext=[w.card(card.name)],
        )
    )
    rows = max(len(left), len(right), 1)
    if not left and not right:
        fig.add_annotation(x=0, y=-0.6, text=w.t("no relation to other cards in this set"), showarrow=False)
    fig.update_layout(
        title=title or f"{w.card(card.name)}: what it relates to",
        height=max(260, 60 + 28 * rows),
        template="plotly_white",
        xaxis={"visible": False, "range": [-2.6, 2.6]},
        yaxis={"visible": False, "range": [-(rows / 2) - 0.2, rows / 2 + 0.4]},
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        legend={"orientation": "h", "y": -0.02},
    )
    return fig


def _every_monster(w: _Words, name: str) -> str:
    """ "every monster (37)" in the figure's language."""
    n = name[name.index("(") + 1 : -1]
    return w.t("every monster ({n})").format(n=n)


def relation_matrix(card_set: Any, title: str | None = None, lang: str = "en") -> go.Figure:
    """The overview, grouped by kind: monsters and items down, races, classes and sexes across;
    a cell is a monster's bonus against them or an item's restriction to them; words in `lang`."""
    w = _Words(card_set, lang)
    rels = _relations(card_set)
    order = {"race": 0, "class": 1, "sex": 2}
    cols = sorted({(order.get(k, 3), n) for _c, _n, _r, n, k in rels})
    col_names = [n for _o, n in cols]
    kinds = {cid: card_set.cards[cid].kind for cid, *_ in rels}
    rows = sorted({(kinds[cid] != "monster", name) for cid, name, *_ in rels})
    row_names = [n for _m, n in rows]
    z: list[list[float | None]] = [[None] * len(col_names) for _ in row_names]
    text = [[""] * len(col_names) for _ in row_names]
    for _cid, name, rel, node, _k in rels:
        i, j = row_names.index(name), col_names.index(node)
        if rel.startswith("stronger"):
            bonus = rel[rel.index("(") + 1 : -1]
            z[i][j] = 1.0
            text[i][j] = bonus
        else:
            z[i][j] = 0.0
            text[i][j] = w.t("only") if not node.startswith("not ") else w.t("not")
    import plotly.graph_objects as go

    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=unique_labels([w.node(n) for n in col_names]),
            y=unique_labels([w.card(n) for n in row_names]),
            text=text,
            texttemplate="%{text}",
            colorscale=[[0, NODE_COLOURS["item"]], [1, NODE_COLOURS["monster"]]],
            showscale=False,
            xgap=2,
            ygap=2,
            hovertemplate="%{y} — %{x}: %{text}<extra></extra>",
        )
    )
    fig.update_layout(
        title=title or "Monsters (red: bonus against) and items (blue: only for) by race, class and sex",
        height=120 + 18 * len(row_names),
        template="plotly_white",
        xaxis={"side": "top", "tickangle": -40},
        yaxis={"autorange": "reversed", "automargin": True},
        margin={"l": 10, "r": 10, "t": 120, "b": 10},
    )
    return fig


def relation_list_html(card_set: Any, lang: str = "en") -> str:
    """The overview of `relation_matrix` as a list for a narrow screen: for each race, class and
    sex (the matrix's columns, in its order), the monsters with a bonus against it and the items
    restricted to it; words in `lang`."""
    from html import escape

    w = _Words(card_set, lang)
    order = {"race": 0, "class": 1, "sex": 2}
    by_node: dict[str, dict[str, list[str]]] = {}
    for _cid, name, rel, node, _kind in _relations(card_set):
        if rel.startswith("stronger"):
            bonus = rel[rel.index("(") + 1 : -1]
            by_node.setdefault(node, {}).setdefault("monsters", []).append(f"{w.card(name)} ({bonus})")
        else:
            by_node.setdefault(node, {}).setdefault("items", []).append(w.card(name))
    kinds = {node: kind for *_r, node, kind in _relations(card_set)}
    said = {"monsters": w.t("stronger against"), "items": w.t("restricted to")}
    parts = []
    for node in sorted(by_node, key=lambda n: (order.get(kinds[n], 3), n)):
        lines = "".join(
            f"<li><b>{escape(w.t(group))}</b> ({escape(said[group])}): "
            f"{escape(', '.join(sorted(by_node[node][group])))}</li>"
            for group in ("monsters", "items")
            if group in by_node[node]
        )
        parts.append(f"<h4>{escape(w.node(node))}</h4><ul>{lines}</ul>")
    return f"<div class='munchkin-relation-list'>{''.join(parts)}</div>"


def card_set_graph(card_set: Any) -> go.Figure:
    """The card set's relations at a glance: the monsters × items by race, class and sex matrix."""
    return relation_matrix(card_set, f"How the cards of {getattr(card_set, 'name', 'the set')} relate")
