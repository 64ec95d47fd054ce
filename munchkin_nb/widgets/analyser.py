"""The replay analyser's page: its heading and what it does, in the page's language, over the app's
view of a store (a game picker with filters, the stepper, the combat, the levels, who did what to
whom). One widget, shown once: the page's parts are never displayed from separate cells (a part
shown while another cell still changed it sometimes reached the page before its model did)."""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as widgets

from munchkin_nb.i18n import gettext

from .app_view import AppView
from .base import View


class AnalyserPage(View):
    """The analyser over the store at `db_path`, in `lang`; `go_to(params)` opens the game and event
    a link names (``?game=5&event=100``)."""

    def __init__(self, db_path: str | Path, lang: str = "en") -> None:
        _ = gettext("stats", lang)
        self.app = AppView(db_path, lang)
        intro = _(
            "Pick a game of the store, or narrow the list by where the games come from, their rules, "
            "players and winner. Step through the game event by event, with the rule each event "
            "applied; see each fight's sum with what-if boxes, each player's level across the game, "
            "and who did what to whom."
        )
        head = widgets.HTML(f"<h1>{escape(_('Replay analyser'))}</h1><p>{escape(intro)}</p>")
        self.widget = widgets.VBox([head, self.app.widget], layout=widgets.Layout(max_width="100%"))
        self.widget.add_class("munchkin-analyser")

    def go_to(self, params: dict[str, str]) -> None:
        self.app.go_to(params)
