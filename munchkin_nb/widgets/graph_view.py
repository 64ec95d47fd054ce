"""GraphView: the interaction graph of a game over a range of turns."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from munchkin_nb.engine.core.events import Event
from munchkin_nb.rules import BASE_GAME
from munchkin_nb.viz.figures import Spec
from munchkin_nb.viz.graphs import interaction_graph_spec

from .base import View
from .figure_output import later, show_figure, show_message


class GraphView(View):
    """Who did what to whom in turns a..b of a game; an IntRangeSlider picks the turns.
    `GraphView(store, game_id)` or `GraphView(events=..., source=state_or_card_set)`; with
    `draw=False` nothing is drawn until `draw()` is called."""

    def __init__(
        self,
        store: Any = None,
        game_id: int | None = None,
        *,
        events: Iterable[Event] | None = None,
        source: Any = None,
        defer: bool = True,
        draw: bool = True,
    ) -> None:
        if events is None:
            events = store.events(game_id)
        self.events = list(events)
        self.source = source or self._card_set_name()
        last = max((e.turn for e in self.events), default=0)
        self.slider = widgets.IntRangeSlider(
            value=(0, last),
            min=0,
            max=max(last, 1),
            step=1,
            description="turns",
            continuous_update=False,
            layout=widgets.Layout(width="480px", max_width="100%"),
        )
        self.slider.add_class("munchkin-turns")
        self.out = widgets.Output()
        self.out.add_class("munchkin-graph-figure")
        self._quiet = False  # set_events moves the slider without drawing
        self.slider.observe(self._on_slider, names="value")
        self.widget = widgets.VBox([self.slider, self.out])
        self.widget.add_class("munchkin-graph")
        self.figure: Spec | None = None  # the plotly spec drawn last
        self.now: int | None = None  # the turn the replay stands in, marked on the graph
        if not draw:
            pass  # the owner calls draw() when it wants the figure
        elif defer:
            later(self.draw)
        else:
            self.draw()

    def _on_slider(self, _change: dict[str, Any]) -> None:
        if not self._quiet:
            self.draw()

    def set_events(self, events: Iterable[Event]) -> None:
        """Show another game (a variation): its events, its whole range of turns; drawn by `draw()`."""
        self.events = list(events)
        last = max((e.turn for e in self.events), default=0)
        self._quiet = True
        try:
            self.slider.max = max(last, 1)
            self.slider.value = (0, last)
        finally:
            self._quiet = False

    def _card_set_name(self) -> str:
        for e in self.events[:1]:
            if e.type == "GameStarted":
                return e.payload.get("card_set") or BASE_GAME
        return BASE_GAME

    def mark(self, turn: int | None) -> None:
        """Mark the turn the replay stands in (None: no mark); redrawn if it was drawn."""
        if turn != self.now:
            self.now = turn
            if self.figure is not None:
                self.draw()

    def draw(self) -> None:
        try:
            self.figure = interaction_graph_spec(
                self.events, self.source, tuple(self.slider.value), now=self.now
            )
        except Exception as error:
            self.figure = None
            show_message(self.out, f"The graph cannot be drawn: {error}")
            return
        show_figure(self.out, self.figure)
