"""StatsView: the per-card table of a corpus (sorted, filtered by a card's name), each card's win
rate with its interval against the baseline, the games in which its player won, opened in a stepper;
and the tables of races and classes, seats, monsters and game lengths. Texts in the page's language
(gettext domain `stats`), cards by their names in it."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from munchkin_nb.analysis.stats import CardStats, Rate, Stats
from munchkin_nb.i18n import gettext
from munchkin_nb.site import page_url
from munchkin_nb.viz.figures import MODEBAR, Spec, fit_title, template, title_margin
from munchkin_nb.viz.words import any_card_name

from .address import PageAddress
from .base import View
from .figure_output import show_figure, show_message
from .links import card_link, cards_with_a_view, in_link, link
from .table import CSS

# sort key -> (its words, the order); the key is what a link names (?sort=name)
SORTS: dict[str, tuple[str, Callable[[CardStats], Any]]] = {
    "most drawn": ("most drawn", lambda c: -c.drawn),
    "most played": ("most played", lambda c: -c.played),
    "holders' win rate": (
        "holders' win rate",
        lambda c: -(c.holder.rate if c.holder and c.holder.rate is not None else -1),
    ),
    "furthest above baseline": (
        "furthest above baseline",
        lambda c: -((c.holder.rate - c.holder.baseline) if c.holder and c.holder.rate is not None else -1),
    ),
    "name": ("name", lambda c: c.card),  # replaced by the name in the page's language (`rows`)
}
SEAT = re.compile(r"(\d+) players, seat (\d+)")
STATS_CSS = (
    "<style>.munchkin-outside{color:#b00}.munchkin-too-few{color:#777}"
    # a phone: a wide table scrolls in its own box, the page does not
    ".munchkin-stats-table,.munchkin-stats-more{max-width:100%;overflow-x:auto}"
    ".munchkin-stats-view{max-width:100%}.munchkin-stats-none{color:#555;font-style:italic}"
    ".munchkin-stats-more td:first-child{white-space:normal}</style>"
)


def _rate_cell(r: Rate | None, _: Callable[[str], str]) -> str:
    if r is None:
        return "<td>—</td>"
    if r.rate is None:
        return f"<td class='munchkin-too-few'>{escape(_('too few games (n={n})').format(n=r.n))}</td>"
    outside = " class='munchkin-outside'" if not r.low <= r.baseline <= r.high else ""
    base = escape(_("baseline {rate}").format(rate=f"{r.baseline:.1%}"))
    return f"<td{outside}>{r.rate:.1%} <small>[{r.low:.1%}, {r.high:.1%}] n={r.n}, {base}</small></td>"


def _table(head: list[str], rows: list[str], cls: str = "") -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    return f"<table class='munchkin-table {cls}'><tr>{th}</tr>{''.join(rows)}</table>"


def cards_html(cards: list[CardStats], lang: str = "en") -> str:
    """The card table: games drawn/played/equipped, holders' and players' win rates, example games."""
    _ = gettext("stats", lang)
    rows = [
        f"<tr><td title='{escape(c.card)}'>{_card_cell(c.card, lang)}</td>"
        f"<td>{c.drawn}</td><td>{c.played}</td><td>{c.equipped}</td>"
        f"{_rate_cell(c.holder, _)}{_rate_cell(c.player, _)}"
        f"<td>{', '.join(_game_link(g, lang) for g in c.examples) or '—'}</td></tr>"
        for c in cards
    ]
    head = ["card", "drawn", "played", "equipped", "holders win", "players win", "won with it (games)"]
    return _table([_(h) for h in head], rows, "munchkin-stats")


def _card_cell(card: str, lang: str) -> str:
    """A card's name in `lang`: a link to its view in the rules explorer where it has one."""
    name = any_card_name(card, lang)
    return card_link(card, lang, name) if card in cards_with_a_view() else escape(name)


def _game_link(game: int, lang: str) -> str:
    """An example game's number as a link to the stepper at that game."""
    return link(page_url("games", lang=in_link(lang), game=game), str(game))


def more_html(stats: Stats, lang: str = "en") -> str:
    """The races and classes, the seats, the monsters and the games' lengths, a table each."""
    _ = gettext("stats", lang)
    rate_head = [_("win rate [95% interval], n, baseline")]
    races = [
        f"<tr><td>{escape(any_card_name(name, lang))}</td>{_rate_cell(r, _)}</tr>"
        for name, r in sorted(stats.races_classes.items(), key=lambda kv: any_card_name(kv[0], lang))
    ]
    seats = []
    for name, r in stats.seats.items():
        seat = SEAT.fullmatch(name)  # "4 players, seat 2", as the query names a seat
        said = _("{n} players, seat {seat}").format(n=seat[1], seat=seat[2]) if seat else name
        seats.append(f"<tr><td>{escape(said)}</td>{_rate_cell(r, _)}</tr>")
    monsters = []
    for m in stats.monsters:
        beaten = Rate(**m["beaten"])
        shown = (
            escape(_("too few fights (n={n})").format(n=beaten.n))
            if beaten.rate is None
            else f"{beaten.rate:.1%} [{beaten.low:.1%}, {beaten.high:.1%}]"
        )
        monsters.append(
            f"<tr><td>{escape(any_card_name(m['monster'], lang))}</td><td>{m['combats']}</td>"
            f"<td>{m['bad_stuff']}</td><td>{m['kills']}</td><td>{shown}</td></tr>"
        )
    lengths = [
        f"<tr><td>{r['n_players']}</td><td>{r['games']}</td><td>{r['mean_turns']:.1f}</td>"
        f"<td>{r['min_turns']}–{r['max_turns']}</td></tr>"
        for r in stats.length
    ]
    parts = [
        (_("Races and classes (played)"), [_("race or class"), *rate_head], races),
        (_("Seats (seat 1 plays first)"), [_("seat"), *rate_head], seats),
        (
            _("Monsters"),
            [_("monster"), _("fights"), _("bad stuff"), _("kills"), _("players beat it")],
            monsters,
        ),
        (_("Game length (turns)"), [_("players"), _("games"), _("mean"), _("shortest–longest")], lengths),
    ]
    return "".join(
        f"<h3>{escape(title)}</h3><div class='munchkin-stats-more'>{_table(head, rows)}</div>"
        for title, head, rows in parts
        if rows
    )


def rate_figure_spec(cards: list[CardStats], lang: str = "en", limit: int = 40) -> Spec:
    """Each card's holders' win rate with its 95% interval, and the baseline they would expect.
    Each card's name stands above its row, inside the plot: the plot keeps the page's width on a
    phone (names in a margin left it some 50 px)."""
    _ = gettext("stats", lang)
    shown = [c for c in cards if c.holder is not None and c.holder.rate is not None][:limit]
    names = [any_card_name(c.card, lang) for c in shown]
    rates = [c.holder.rate or 0.0 for c in shown if c.holder]
    lows = [c.holder.low for c in shown if c.holder]
    highs = [c.holder.high for c in shown if c.holder]
    data = [
        {
            "type": "scatter",
            "x": rates,
            "y": names,
            "mode": "markers",
            "name": _("holders' win rate"),
            "error_x": {
                "type": "data",
                "symmetric": False,
                "array": [h - r for h, r in zip(highs, rates, strict=True)],
                "arrayminus": [r - low for r, low in zip(rates, lows, strict=True)],
            },
        },
        {
            "type": "scatter",
            "x": [c.holder.baseline for c in shown if c.holder],
            "y": names,
            "mode": "markers",
            "marker": {"symbol": "line-ns-open", "size": 12},
            "name": _("baseline"),
        },
    ]
    title = fit_title(_("Holders' win rate of each card"))
    layout = {
        "title": title,
        "height": max(260, 34 * len(names) + 120),
        "xaxis": {"title": {"text": _("win rate (95% interval)")}, "tickformat": ".0%", "range": [0, 1]},
        "yaxis": {"autorange": "reversed", "ticklabelposition": "inside top", "ticks": ""},
        "legend": {"orientation": "h", "y": -0.12, "x": 0},
        "margin": {"l": 10, "r": 36, "t": title_margin(title), "b": 40},
        "modebar": MODEBAR,
        "template": template(),
    }
    return {"data": data, "layout": layout}


class StatsView(View):
    """The table of `stats` with a sort, a name filter, the win-rate plot and example games; the
    other tables under them. In `lang`."""

    def __init__(self, stats: Stats, store: Any | None = None, lang: str = "en") -> None:
        self.stats = stats
        self.store = store
        self.lang = lang
        _ = self._ = gettext("stats", lang)
        # the page's address and its copy-link button, in the words of the games page's own
        self.address = PageAddress()
        say = gettext("games", lang)
        self.address.say(say("copy link"), say("link copied"), say("copy the link to this position"))
        self.sort = widgets.Dropdown(
            options=[(_(words), key) for key, (words, _order) in SORTS.items()],
            value="most drawn",
            description=_("sort"),
        )
        self.filter = widgets.Text(placeholder=_("part of a card's name"), description=_("find"))
        self.filter.add_class("munchkin-stats-filter")
        self.table = widgets.HTML()
        self.table.add_class("munchkin-stats-table")
        self.plot = widgets.Output(layout=widgets.Layout(max_width="100%"))
        self.example = widgets.Dropdown(options=[], description=_("example game"))
        self.example.add_class("munchkin-stats-example")
        self.game_box = widgets.VBox()
        self.sort.observe(lambda _c: self.render(), names="value")
        self.filter.observe(lambda _c: self.render(), names="value")
        self.example.observe(lambda c: self.open_game(c["new"]), names="value")
        about = _(
            "{games} finished games, {player_games} player-games. A win rate is shown with its Wilson "
            "95% interval and n; red where the baseline (one seat's win rate at that table size) lies "
            "outside the interval; below n={min_n}: too few games."
        ).format(games=stats.games, player_games=stats.player_games, min_n=stats.min_n)
        self.more = widgets.HTML(more_html(stats, lang))
        self.more.add_class("munchkin-stats-more-box")
        intro = _(
            "For every card: in how many games it was drawn, played and equipped, and how often the "
            "players who held it won, against what one seat wins at that table size. Games between "
            "bots say how the bots fare, not how people do."
        )
        how = _(
            "Sort the table or find a card by its name; the plot shows each card's holders' win rate "
            "with its interval (the bar) and the baseline (the tick). Pick an example game, one the "
            "card's player won, to step through it."
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(CSS + STATS_CSS),
                widgets.HTML(
                    f"<h1>{escape(_('Statistics across games'))}</h1><p>{escape(intro)}</p>"
                    f"<p>{escape(about)}</p><p>{escape(how)}</p>"
                ),
                widgets.HBox([self.sort, self.filter], layout=widgets.Layout(flex_flow="row wrap")),
                self.table,
                self.plot,
                self.example,
                self.game_box,
                self.more,
            ]
        )
        self.widget.add_class("munchkin-stats-view")
        self.render()

    def name(self, c: CardStats) -> str:
        return any_card_name(c.card, self.lang)

    def rows(self) -> list[CardStats]:
        """The cards the filter keeps (a part of the name in the page's language, in English, or of
        the id), in the chosen order."""
        text = " ".join(self.filter.value.lower().replace("_", " ").split())
        kept = [
            c
            for c in self.stats.cards
            if not text
            or text in self.name(c).lower()
            or text in any_card_name(c.card).lower()
            or text in c.card.replace("_", " ")
        ]
        if self.sort.value == "name":
            return sorted(kept, key=lambda c: self.name(c).lower())
        order = SORTS[self.sort.value][1]
        return sorted(kept, key=lambda c: (order(c), self.name(c).lower()))  # ties by name

    def render(self) -> None:
        rows = self.rows()
        if rows:
            self.table.value = cards_html(rows, self.lang)
        else:
            said = self._("No card's name contains “{text}”.").format(text=self.filter.value.strip())
            self.table.value = f"<p class='munchkin-stats-none'>{escape(said)}</p>"
        if any(c.holder is not None and c.holder.rate is not None for c in rows):
            show_figure(self.plot, rate_figure_spec(rows, self.lang))
        elif rows:  # an empty plot says nothing: say why there is none
            said = self._("No card here was held in {n} games or more: too few games for a win rate.")
            show_message(self.plot, said.format(n=self.stats.min_n))
        else:
            self.plot.outputs = ()
        word = self._("game {game} ({card})")
        self.example.options = [("—", 0)] + [
            (word.format(game=g, card=self.name(c)), g) for c in rows[:50] for g in c.examples
        ]

    def open_game(self, game_id: int) -> None:
        """Show an example game in a stepper under the table (needs the store)."""
        if not game_id or self.store is None:
            self.game_box.children = ()
            return
        from .stepper import TurnStepper

        self.game_box.children = (TurnStepper(self.store, game_id).widget,)
