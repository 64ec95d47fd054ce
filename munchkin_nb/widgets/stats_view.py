"""StatsView: the per-card table of a corpus (sorted, filtered), each card's win rate with its
interval against the baseline, and the games in which its player won, opened in a stepper."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from munchkin_nb.analysis.stats import CardStats, Rate, Stats
from munchkin_nb.site import page_url

from .base import View
from .figure_output import show_figure
from .links import card_link, link
from .table import CSS

SORTS = {
    "most drawn": lambda c: -c.drawn,
    "most played": lambda c: -c.played,
    "holders' win rate": lambda c: -(c.holder.rate if c.holder and c.holder.rate is not None else -1),
    "furthest above baseline": lambda c: (
        -((c.holder.rate - c.holder.baseline) if c.holder and c.holder.rate is not None else -1)
    ),
    "name": lambda c: c.card,
}


def _rate_cell(r: Rate | None) -> str:
    if r is None:
        return "<td>—</td>"
    if r.rate is None:
        return f"<td class='munchkin-too-few'>too few games (n={r.n})</td>"
    outside = " class='munchkin-outside'" if not r.low <= r.baseline <= r.high else ""
    return (
        f"<td{outside}>{r.rate:.1%} <small>[{r.low:.1%}, {r.high:.1%}] n={r.n}, "
        f"baseline {r.baseline:.1%}</small></td>"
    )


def cards_html(cards: list[CardStats]) -> str:
    """The card table: games drawn/played/equipped, holders' and players' win rates, example games."""
    rows = "".join(
        f"<tr><td>{card_link(c.card)}</td><td>{c.drawn}</td><td>{c.played}</td><td>{c.equipped}</td>"
        f"{_rate_cell(c.holder)}{_rate_cell(c.player)}"
        f"<td>{', '.join(link(page_url('games', game=g), str(g)) for g in c.examples) or '—'}</td></tr>"
        for c in cards
    )
    return (
        "<table class='munchkin-table munchkin-stats'><tr><th>card</th><th>drawn</th><th>played</th>"
        "<th>equipped</th><th>holders win</th><th>players win</th><th>won with it (games)</th></tr>"
        f"{rows}</table>"
    )


def rate_figure(cards: list[CardStats], limit: int = 40) -> go.Figure:
    """Each card's holders' win rate with its 95% interval, and the baseline they would expect."""
    shown = [c for c in cards if c.holder is not None and c.holder.rate is not None][:limit]
    names = [c.card for c in shown]
    rates = [c.holder.rate or 0.0 for c in shown if c.holder]
    lows = [c.holder.low for c in shown if c.holder]
    highs = [c.holder.high for c in shown if c.holder]
    fig = go.Figure(
        [
            go.Scatter(
                x=rates,
                y=names,
                mode="markers",
                name="holders' win rate",
                error_x={
                    "type": "data",
                    "symmetric": False,
                    "array": [h - r for h, r in zip(highs, rates, strict=True)],
                    "arrayminus": [r - low for r, low in zip(rates, lows, strict=True)],
                },
            ),
            go.Scatter(
                x=[c.holder.baseline for c in shown if c.holder],
                y=names,
                mode="markers",
                marker={"symbol": "line-ns-open", "size": 12},
                name="baseline",
            ),
        ]
    )
    fig.update_layout(
        height=max(260, 22 * len(names) + 80),
        xaxis={"title": "win rate (95% interval)", "tickformat": ".0%", "range": [0, 1]},
        yaxis={"autorange": "reversed"},
        margin={"l": 200, "r": 10, "t": 20, "b": 40},
    )
    return fig


class StatsView(View):
    """The table of `stats` with a sort, a name filter, the win-rate plot and example games."""

    def __init__(self, stats: Stats, store: Any | None = None) -> None:
        self.stats = stats
        self.store = store
        self.sort = widgets.Dropdown(options=list(SORTS), value="most drawn", description="sort")
        self.filter = widgets.Text(placeholder="part of a card's name", description="filter")
        self.filter.add_class("munchkin-stats-filter")
        self.table = widgets.HTML()
        self.table.add_class("munchkin-stats-table")
        self.plot = widgets.Output()
        self.example = widgets.Dropdown(options=[], description="example game")
        self.example.add_class("munchkin-stats-example")
        self.game_box = widgets.VBox()
        self.sort.observe(lambda _c: self.render(), names="value")
        self.filter.observe(lambda _c: self.render(), names="value")
        self.example.observe(lambda c: self.open_game(c["new"]), names="value")
        head = widgets.HTML(
            f"<p>{stats.games} finished games, {stats.player_games} player-games. A win rate is shown with "
            f"its Wilson 95% interval and n; red where the seat-count baseline lies outside the interval; "
            f"below n={stats.min_n}: too few games.</p>"
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(
                    CSS + "<style>.munchkin-outside{color:#b00}.munchkin-too-few{color:#777}"
                    # a phone: the wide table scrolls in its own box, the page does not
                    ".munchkin-stats-table{max-width:100%;overflow-x:auto}"
                    ".munchkin-stats-view{max-width:100%}</style>"
                ),
                head,
                widgets.HBox([self.sort, self.filter], layout=widgets.Layout(flex_flow="row wrap")),
                self.table,
                self.plot,
                self.example,
                self.game_box,
            ]
        )
        self.widget.add_class("munchkin-stats-view")
        self.render()

    def rows(self) -> list[CardStats]:
        """The cards the filter keeps, in the chosen order."""
        text = self.filter.value.strip().lower()
        kept = [c for c in self.stats.cards if text in c.card.lower()]
        return sorted(kept, key=SORTS[self.sort.value])

    def render(self) -> None:
        rows = self.rows()
        self.table.value = cards_html(rows)
        show_figure(self.plot, rate_figure(rows))
        self.example.options = [("—", 0)] + [
            (f"game {g} ({c.card})", g) for c in rows[:50] for g in c.examples
        ]

    def open_game(self, game_id: int) -> None:
        """Show an example game in a stepper under the table (needs the store)."""
        if not game_id or self.store is None:
            self.game_box.children = ()
            return
        from .stepper import TurnStepper

        self.game_box.children = (TurnStepper(self.store, game_id).widget,)
