"""The game picker's words and filters: each game says where it comes from (transcribed from a real
table, simulated by bots, played here), its ruleset and modules, its players and winner; drop-downs
keep only the games that match."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from munchkin_nb.i18n import gettext, pgettext

from .base import View

ANY = "any"
# what the store's `source` means to a reader
SOURCE_WORDS = {
    "transcribed": "transcribed from a real table",
    "simulated": "simulated by bots",
    "played": "played here",
    "tutorial": "a lesson's game",
}


def _names(players: Any) -> list[str]:
    return [p if isinstance(p, str) else str(p.get("name", p)) for p in players or []]


def rules_words(g: dict[str, Any]) -> str:
    """The ruleset and its modules: "<ruleset>", "<ruleset> + <module>"."""
    return " + ".join([str(g.get("ruleset", "?")), *map(str, g.get("modules") or [])])


def game_label(g: dict[str, Any], lang: str = "en") -> str:
    """One line for a game: id, players, then where it comes from, rules, length and winner."""
    _ = gettext("stats", lang)
    source = pgettext("stats", lang)("source", str(g.get("source", "?")))
    if g.get("parent_game") is not None:
        source += _(", a variation of game {game}").format(game=g["parent_game"])
    parts = [source, rules_words(g)]
    if g.get("turns") is not None:
        parts.append(_("{n} turns").format(n=g["turns"]))
    winners = ", ".join(map(str, g.get("winners") or []))
    parts.append(_("won by {players}").format(players=winners) if winners else _("no winner"))
    players = ", ".join(_names(g.get("players")))
    return _("Game {game}: {players} ({about})").format(game=g["id"], players=players, about="; ".join(parts))


# filter name -> what of a game it compares (a game matches a value if it is among them); the
# words of the menus (the names, "any", the sources, "no winner") are said in the page's language
FACETS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "source": lambda g: [str(g.get("source", "?"))],
    "ruleset": lambda g: [rules_words(g)],
    "players": lambda g: [str(len(_names(g.get("players"))))],
    "winner": lambda g: [str(w) for w in g.get("winners") or []] or ["no winner"],
}


class GameFilters(View):
    """Drop-downs over `games` (where from, rules, number of players, winner) that set the options of
    `picker`; `on_pick(game_id)` is called when filtering changes the picked game."""

    def __init__(
        self,
        games: list[dict[str, Any]],
        picker: widgets.Dropdown,
        on_pick: Callable[[int], None],
        lang: str = "en",
    ) -> None:
        self.games = games
        self.lang = lang
        _ = self._ = gettext("stats", lang)
        in_context = pgettext("stats", lang)

        def said(facet: str, value: str) -> str:
            """A menu's value in words: a source or "no winner" translated, names and numbers kept."""
            return (
                in_context("source", value)
                if facet == "source"
                else _(value)
                if value == "no winner"
                else value
            )

        self.picker = picker
        self.on_pick = on_pick
        self.busy = False  # while the picker's options change: its value moves, no game is opened
        self.menus: dict[str, widgets.Dropdown] = {}
        for name, facet in FACETS.items():
            values = sorted({v for g in games for v in facet(g)}, key=lambda v: (len(v), v))
            menu = widgets.Dropdown(
                options=[(_(ANY), ANY), *((said(name, v), v) for v in values)],
                value=ANY,
                description=_(name),
                layout=widgets.Layout(width="220px", max_width="100%"),
            )
            menu.add_class(f"munchkin-filter-{name}")
            menu.observe(self._on_menu, names="value")
            self.menus[name] = menu
        self.count = widgets.HTML()
        self.count.add_class("munchkin-filter-count")
        # the app's selects are 40 px high (touch): their boxes grow with them
        style = widgets.HTML(
            "<style>.munchkin-game-filters {gap: 4px; align-items: center;}"
            ".munchkin-game-filters .widget-dropdown {height: auto;}</style>"
        )
        self.widget = widgets.HBox(
            [style, *self.menus.values(), self.count], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.widget.add_class("munchkin-game-filters")
        self.picker.options = [(game_label(g, lang), g["id"]) for g in games]
        self.picker.value = games[0]["id"] if games else None
        self._say(len(games))

    def _on_menu(self, _change: dict[str, Any]) -> None:
        if not self.busy:
            self.apply()

    def matching(self) -> list[dict[str, Any]]:
        """The games every filter keeps, in the store's order."""
        wanted = {n: m.value for n, m in self.menus.items() if m.value != ANY}
        return [g for g in self.games if all(v in FACETS[n](g) for n, v in wanted.items())]

    def apply(self) -> None:
        """Offer the matching games; the picked game stays if it matches, else the first one is opened."""
        kept = self.matching()
        current = self.picker.value
        self.busy = True
        try:
            self.picker.options = [(game_label(g, self.lang), g["id"]) for g in kept]
            ids = [g["id"] for g in kept]
            if current in ids:
                self.picker.value = current
        finally:
            self.busy = False
        self._say(len(kept))
        if self.picker.value is not None and self.picker.value != current:
            self.on_pick(self.picker.value)

    def follow(self, game_id: int) -> None:
        """Pick `game_id` without opening it (the stepper moved there by itself: a variation)."""
        self.reveal(game_id)
        self.busy = True
        try:
            self.picker.value = game_id
        finally:
            self.busy = False

    def reveal(self, game_id: int) -> None:
        """Clear the filters when they hide `game_id` (a link names it)."""
        if game_id not in {g["id"] for g in self.matching()}:
            self.busy = True
            try:
                for menu in self.menus.values():
                    menu.value = ANY
            finally:
                self.busy = False
            self.apply()

    def _say(self, kept: int) -> None:
        total, _ = len(self.games), self._
        if kept == total:
            said = _("{total} games").format(total=total)
        elif kept:
            said = _("{kept} of {total} games").format(kept=kept, total=total)
        else:
            said = _("no game of {total} matches: the game shown stays").format(total=total)
        self.count.value = f"<span>{escape(said)}</span>"
