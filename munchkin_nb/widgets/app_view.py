"""The whole app's view: a game picker over a store, the stepper, the combat and the graphs."""

from __future__ import annotations

import sqlite3
import sys
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from munchkin_nb.i18n import gettext
from munchkin_nb.site import page_url
from munchkin_nb.viz.figures import level_timeline_spec

from .address import PageAddress, int_param
from .base import View, error_box
from .combat_view import CombatView
from .figure_output import show_figure, show_message
from .game_picker import GameFilters
from .graph_view import GraphView
from .links import link
from .page_shown import PageShown
from .stepper import TurnStepper

if TYPE_CHECKING:
    from munchkin_nb.store import EventStore

#: the games page's own words (its heading, what it does, its messages); the stepper, the combat
#: and the picker speak the analysis pages' words (domain "stats")
DOMAIN = "games"


def _(message: str) -> str:
    """Marks a message for `pybabel extract`; translated where it is shown."""
    return message


TITLE = _("Munchkin games")
INTRO = _(
    "Pick a game from the event store and step through it event by event: the table after each event "
    "(levels, races, classes, items, hand sizes, curses; what changed is highlighted), the event in "
    "plain words with the rules it applied, the combat in progress as a waterfall of its terms, and "
    "who did what to whom."
)


def games_heading(lang: str = "en") -> str:
    """The games page's heading and what it does, in `lang`."""
    t = gettext(DOMAIN, lang)
    # an HTML widget keeps its one-line height between lines: a paragraph reads better closer;
    # Korean breaks between words, not inside them
    style = "line-height: 1.45; word-break: keep-all; overflow-wrap: break-word"
    return f"<h1>{escape(t(TITLE))}</h1><p style='{style}'>{escape(t(INTRO))}</p>"


def import_store_without_numpy() -> None:
    """Import the event store with sqlite_utils' optional numpy and pandas left out.

    sqlite_utils imports both when installed, only to map their column types when rows are
    inserted; the app only reads, and numpy alone is about 10 MB in every page's kernel
    (measured). A kernel that later needs numpy (the interaction graph's layout) imports it then."""
    if "sqlite_utils" in sys.modules:
        return
    blocked = [name for name in ("numpy", "pandas") if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # None in sys.modules: "import fails"
    try:
        import munchkin_nb.store  # noqa: F401  # imports sqlite_utils now, without the two
    finally:
        for name in blocked:
            if sys.modules.get(name) is None:
                del sys.modules[name]


def check_store_file(path: Path) -> None:
    """ValueError with a plain message unless `path` is a readable event store (read-only check)."""
    if not path.is_file():
        raise ValueError(f"The database file {str(path)!r} does not exist.")
    try:
        from munchkin_nb.store.schema import brief_reads, readonly_uri

        with brief_reads():  # one look, closed at once: no -shm/-wal is created beside the file
            conn = sqlite3.connect(readonly_uri(str(path)), uri=True)
        try:
            tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise ValueError(f"{str(path)!r} is not a readable SQLite database ({error}).") from None
    missing = {"games", "events"} - tables
    if missing:
        raise ValueError(
            f"{str(path)!r} is an SQLite database but not a Munchkin event store "
            f"(no {' or '.join(sorted(missing))} table)."
        )


def games_table_html(games: list[dict[str, Any]]) -> str:
    rows = "".join(
        f"<tr><td>{link(page_url('analyser', game=g['id']), str(g['id']))}</td>"  # this game in the stepper
        f"<td>{escape(', '.join(map(str, g.get('players') or [])))}</td>"
        f"<td>{escape(str(g.get('source', '')))}</td><td>{escape(str(g.get('seed')))}</td>"
        f"<td>{escape(str(g.get('turns')))}</td>"
        f"<td>{escape(', '.join(map(str, g.get('winners') or [])))}</td></tr>"
        for g in games
    )
    return (
        "<table class='munchkin-table munchkin-games'><tr><th>id</th><th>players</th><th>source</th>"
        f"<th>seed</th><th>turns</th><th>winners</th></tr>{rows}</table>"
    )


class GameView(View):
    """One stored game: the stepper first, then (drawn after it) the combat and the levels; the
    interaction graph when the visitor asks for it (its layout needs networkx and numpy, about
    20 MB in the page's kernel, measured: a page that never shows it never loads them)."""

    def __init__(self, store: Any, game_id: int, seq: int = 1, lang: str = "en") -> None:
        self.lang = lang
        _ = gettext("stats", lang)
        self.stepper = TurnStepper(store, game_id, seq, lang=lang)
        self.combat = CombatView(self.stepper, lang=lang)
        self.graph = GraphView(
            events=self.stepper.events, source=self.stepper.state(1), defer=False, draw=False
        )
        self.graph.widget.layout.display = "none"  # until asked for
        self.graph.now = self.stepper.event.turn  # the replay's position, marked once drawn
        self.show_graph_button = widgets.Button(
            description=_("show who did what to whom"),
            tooltip=_("draw the graph of who cursed, helped, fought and looted whom in this game"),
            layout=widgets.Layout(width="auto", max_width="100%"),
        )
        self.show_graph_button.add_class("munchkin-show-graph")
        self.show_graph_button.on_click(lambda _b: self.show_graph())
        self.levels_out = widgets.Output()
        self.levels_out.add_class("munchkin-levels-figure")
        self._levels_turn: int | None = None  # the turn the level timeline marks (None: not drawn)
        # the level timeline, below the first screen, is sent when the visitor scrolls near it:
        # plotly.js, evaluated for the first figure, would hold the stepper back (page_shown)
        self.shown = PageShown()
        self.shown.then(self.draw_levels)
        self.stepper.on_change(lambda _seq: self.mark_position())
        self.stepper.on_game(lambda _game, _seq: self.other_game())
        self.widget = widgets.VBox(
            [
                self.stepper.widget,
                self.combat.widget,
                widgets.HTML(f"<b>{escape(_('Who did what to whom'))}</b>"),
                self.show_graph_button,
                self.graph.widget,
                widgets.HTML(f"<b>{escape(_('Levels'))}</b>"),
                self.levels_out,
                self.shown,
            ]
        )
        self.widget.add_class("munchkin-game")

    def show_graph(self) -> None:
        """Draw the interaction graph in place of the button that asks for it."""
        self.show_graph_button.layout.display = "none"
        self.graph.widget.layout.display = None
        self.graph.draw()

    def draw_levels(self) -> None:
        """The level timeline with the stepper's turn marked (a message if it cannot be drawn)."""
        turn = self.stepper.event.turn
        self._levels_turn = turn
        try:
            show_figure(self.levels_out, level_timeline_spec(self.stepper.events, turn, self.lang))
        except Exception as error:
            said = gettext("stats", self.lang)("The level timeline cannot be drawn: {error}")
            show_message(self.levels_out, said.format(error=error))

    def other_game(self) -> None:
        """The stepper moved to a variation: the graph and the levels are of its events now."""
        self.graph.set_events(self.stepper.events)
        if self.show_graph_button.layout.display == "none":  # the graph is on show: redraw it
            self.graph.draw()
        if self._levels_turn is not None:
            self.draw_levels()

    def mark_position(self) -> None:
        """Mark the stepper's turn on the level timeline and the interaction graph (once drawn)."""
        if self._levels_turn is not None and self._levels_turn != self.stepper.event.turn:
            self.draw_levels()
        self.graph.mark(self.stepper.event.turn)


class AppView(View):
    """The app: pick a game of the store at `db_path`; a clear message instead of a traceback.
    The page's address follows the game and the event (``?game=5&event=100``, see `go_to`)."""

    def __init__(self, db_path: str | Path, lang: str = "en") -> None:
        self.path = Path(db_path)
        self.lang = lang
        self.store: EventStore | None = None
        self.game_view: GameView | None = None
        self.body = widgets.VBox()
        self.picker: widgets.Dropdown | None = None
        self.address = PageAddress()
        say = gettext(DOMAIN, lang)
        self.address.say(say("copy link"), say("link copied"), say("copy the link to this position"))
        try:
            check_store_file(self.path)
            import_store_without_numpy()
            from munchkin_nb.store import EventStore

            self.store = EventStore(str(self.path), readonly=True)
            games = self.store.games()
        except Exception as error:
            self.widget = error_box(
                str(error)
                if isinstance(error, ValueError)
                else say("{path} cannot be read as an event store ({error}).").format(
                    path=repr(str(self.path)), error=error
                ),
                say("Cannot show the games."),
            )
            return
        if not games:
            said = say("{path} holds no games yet.").format(path=repr(str(self.path)))
            self.widget = error_box(said, say("Nothing to show."))
            return
        self.picker = widgets.Dropdown(
            description=gettext("stats", lang)("game"), layout=widgets.Layout(width="640px", max_width="100%")
        )
        self.picker.add_class("munchkin-game-picker")
        self.filters = GameFilters(games, self.picker, self.show_game, lang)  # fills the picker
        self._seq_on_pick = 1  # the event to show when the picker changes (a link's, else 1)
        self.picker.observe(self._on_pick, names="value")
        top = widgets.HBox([self.picker, self.address], layout=widgets.Layout(flex_flow="row wrap"))
        top.add_class("munchkin-top")
        self.widget = widgets.VBox([self.filters.widget, top, self.body])
        self.widget.add_class("munchkin-app")
        self.show_game(self.picker.value)

    def show_game(self, game_id: int, seq: int = 1) -> None:
        try:
            self.game_view = GameView(self.store, game_id, seq, self.lang)
            self.body.children = (self.game_view.widget,)
            stepper = self.game_view.stepper  # a variation picked in it changes its game_id
            stepper.on_change(lambda s: self.address.show(game=stepper.game_id, event=s))
            stepper.on_game(lambda g, _s: self.filters.follow(g))
            self.address.show(game=game_id, event=self.game_view.stepper.seq)
        except Exception as error:
            self.game_view = None
            say = gettext(DOMAIN, self.lang)
            said = say("Game {game} cannot be shown: {error}").format(game=game_id, error=error)
            self.body.children = (error_box(said, say("Cannot show this game.")),)
            self.address.show(game=game_id)

    def go_to(self, params: dict[str, str]) -> None:
        """Show the position a link names (``game``, ``event``: the page's query string); a game
        the store does not hold, or a part that is not a number, is left out (the first game, event 1)."""
        if self.picker is None:
            return
        game_id = int_param(params, "game")
        if game_id is not None:
            self.filters.reveal(game_id)  # a game the filters hide is shown all the same
        if game_id not in {value for _, value in self.picker.options}:
            game_id = self.picker.value
        seq = int_param(params, "event") or 1
        if game_id == self.picker.value:
            if self.game_view is not None:
                self.game_view.stepper.go(seq)
            return
        self._seq_on_pick = seq
        self.picker.value = game_id  # -> _on_pick -> show_game(game_id, seq)

    def _on_pick(self, change: dict[str, Any]) -> None:
        if self.filters.busy or change["new"] is None:
            return  # the filters are changing the options (they open a game themselves)
        seq, self._seq_on_pick = self._seq_on_pick, 1
        self.show_game(change["new"], seq)


def warm_games(db_path: str | Path) -> None:
    """Read what a visit to the games page needs before the visitor comes, whatever their
    language (a preheated kernel runs this while it waits): the store and its first game's
    start, the card set, the judge's link maker, every language's words. The view itself is
    built once, in the visit's language (`pages.games_page`)."""
    from munchkin_nb.i18n import LANGUAGES, catalogue
    from munchkin_nb.rules.i18n import table

    path = Path(db_path)
    try:
        check_store_file(path)
        import_store_without_numpy()
        from munchkin_nb.store import EventStore

        with EventStore(str(path), readonly=True) as store:
            games = store.games()
            if games:
                store.state_at(games[0]["id"], 1)  # reads the card set the game was played with
    except Exception:  # nothing to read ahead: the page will say what is wrong, in the visit's language
        pass
    import munchkin_nb.judge  # noqa: F401  # the stepper's "judge this position" link
    from munchkin_nb.viz import figures  # noqa: F401  # the level timeline, drawn on a scroll

    for lang in LANGUAGES:
        for domain in (DOMAIN, "stats", "words", "cards", "citations"):
            catalogue(domain, lang)
        if lang != "en":
            table(lang)


def app_view(db_path: str | Path) -> widgets.Widget:
    """The whole app's view over the store at `db_path` (game picker, stepper, combat, graphs),
    or an HTML box of class `munchkin-error` saying what is wrong with the file."""
    return AppView(db_path).widget
