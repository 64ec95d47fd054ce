"""TurnStepper: walk through a stored game event by event, with the table and the event in words,
its notes, the tree of its variations, keyboard shortcuts and a JSONL download."""

from __future__ import annotations

import bisect
from collections import OrderedDict
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from munchkin_nb.engine.core.events import Event
from munchkin_nb.i18n import gettext
from munchkin_nb.viz.words import describe

from .base import View
from .stepper_keys import DownloadButton, KeyShortcuts
from .table import CSS, rules_html, table_html

# The event that opens a combat: "next combat" and "previous combat" go to one of these.
COMBAT_START = "CombatStarted"
LEVEL_CHANGE = "LevelChanged"


class TurnStepper(View):
    """Previous/next event, turn and combat, next level change, a slider over seq, a jump-to-turn
    box, keyboard shortcuts, the tree of variations and a JSONL download, over the game `game_id`
    of `store`.

    Shows the table after event `seq` (from `store.state_at`), with what changed since
    `seq - 1` marked `changed`, event `seq` in words with the rules it applied, and its notes.
    """

    CACHE = 16

    def __init__(self, store: Any, game_id: int, seq: int = 1, lang: str = "en") -> None:
        self.store = store
        self.lang = lang
        _ = self._ = gettext("stats", lang)  # the words of the analysis pages
        self._states: OrderedDict[int, Any] = OrderedDict()
        self._listeners: list[Callable[[int], None]] = []
        self._game_listeners: list[Callable[[int, int], None]] = []
        self._loading = False
        self._syncing = False
        self._load(game_id)

        self.prev_button = _button(_("◀ previous"), _("the event before (←)"), "munchkin-prev")
        self.next_button = _button(_("next ▶"), _("the event after (→)"), "munchkin-next")
        self.prev_turn_button = _button(
            _("◀ turn"), _("the start of this turn, or of the one before (↑)"), "munchkin-prev-turn"
        )
        self.next_turn_button = _button(
            _("turn ▶"), _("the start of the next turn (↓)"), "munchkin-next-turn"
        )
        self.prev_combat_button = _button(
            _("◀◀ combat"), _("the previous combat (PgUp)"), "munchkin-prev-combat"
        )
        self.next_combat_button = _button(_("combat ▶▶"), _("the next combat (PgDn)"), "munchkin-next-combat")
        self.next_level_button = _button(_("level ▶"), _("the next change of a level"), "munchkin-next-level")
        self.slider = widgets.IntSlider(
            value=max(1, min(seq, self.last)),
            min=1,
            max=self.last,
            description=_("event"),
            continuous_update=False,
            layout=widgets.Layout(width="420px", max_width="100%"),
        )
        self.slider.add_class("munchkin-seq")
        self.turn_box = widgets.BoundedIntText(
            value=self.events[self.slider.value - 1].turn,
            min=0,
            max=self.events[-1].turn,
            description=_("turn"),
            layout=widgets.Layout(width="150px", max_width="100%"),
        )
        self.turn_box.add_class("munchkin-turn")
        self.keys = KeyShortcuts(self.shortcut)
        said = gettext("games", lang)  # the replay's download: the games page's words
        self.download = DownloadButton(
            self.jsonl,
            label=said("download .jsonl"),
            hint=said("download this game (events and notes) as a JSONL replay"),
        )
        self.variations = widgets.Select(
            options=[], description=_("variations"), layout=widgets.Layout(width="640px", max_width="100%")
        )
        self.variations.add_class("munchkin-variations")
        self.table = widgets.HTML()
        self.table.add_class("munchkin-table-box")
        # a recorded game knows every hand: an analyst may look at them all (a learner at the
        # table would not, so it starts off)
        self.hands_toggle = widgets.ToggleButton(value=False, description=_("show every hand"))
        self.hands_toggle.add_class("munchkin-show-hands")
        self.hands_toggle.observe(lambda _c: self.render(), names="value")
        self.event_html = widgets.HTML()
        self.event_html.add_class("munchkin-event")
        self.note_html = widgets.HTML()
        self.note_html.add_class("munchkin-note")
        self.prev_button.on_click(lambda _b: self.step(-1))
        self.next_button.on_click(lambda _b: self.step(+1))
        self.prev_turn_button.on_click(lambda _b: self.previous_turn())
        self.next_turn_button.on_click(lambda _b: self.next_turn())
        self.prev_combat_button.on_click(lambda _b: self.previous_combat())
        self.next_combat_button.on_click(lambda _b: self.next_combat())
        self.next_level_button.on_click(lambda _b: self.next_level_change())
        self.slider.observe(self._on_slider, names="value")
        self.turn_box.observe(self._on_turn, names="value")
        self.variations.observe(self._on_variation, names="value")
        controls = widgets.HBox(
            [
                self.prev_button,
                self.next_button,
                self.prev_turn_button,
                self.next_turn_button,
                self.prev_combat_button,
                self.next_combat_button,
                self.next_level_button,
                self.slider,
                self.turn_box,
                self.hands_toggle,
                self.keys,
                self.download,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),  # a phone: the slider goes under the buttons
        )
        controls.add_class("munchkin-controls")
        self.widget = widgets.VBox(
            [widgets.HTML(CSS), controls, self.variations, self.table, self.event_html, self.note_html]
        )
        self.widget.add_class("munchkin-stepper")
        self.show_tree()
        self.render()

    def _load(self, game_id: int) -> None:
        """Read game `game_id`: its events, where its turns, combats and level changes start, its notes."""
        events: list[Event] = self.store.events(game_id)
        if not events:
            raise ValueError(f"game {game_id} has no events")
        self.game_id = game_id
        self.events = events
        self.last = len(events)
        self._turn_starts = [e.turn for e in events]  # non-decreasing
        self.combats = [seq for seq, e in enumerate(events, 1) if e.type == COMBAT_START]
        self.level_changes = [seq for seq, e in enumerate(events, 1) if e.type == LEVEL_CHANGE]
        self.notes: dict[int, list[dict[str, Any]]] = {}
        for note in self.store.notes(game_id) if hasattr(self.store, "notes") else []:
            self.notes.setdefault(note["seq"], []).append(note)
        self._states.clear()

    # -- navigation ------------------------------------------------------------
    @property
    def seq(self) -> int:
        seq: int = self.slider.value
        return seq

    def step(self, delta: int) -> None:
        self.go(self.seq + delta)

    def go(self, seq: int) -> None:
        """Show the table after event `seq` (clamped to the game)."""
        self.slider.value = max(1, min(self.last, seq))  # observe -> render

    def jump_to_turn(self, turn: int) -> None:
        """Go to the first event of `turn` (or the last event before it)."""
        i = bisect.bisect_left(self._turn_starts, turn)
        self.go(min(i + 1, self.last))

    def next_turn(self) -> None:
        """Go to the first event of the next turn (stay in the last turn)."""
        i = bisect.bisect_right(self._turn_starts, self.event.turn)
        if i < self.last:
            self.go(i + 1)

    def previous_turn(self) -> None:
        """Go to the first event of this turn, or of the turn before when already there."""
        start = bisect.bisect_left(self._turn_starts, self.event.turn) + 1
        if self.seq > start or start == 1:
            self.go(start)
        else:
            self.go(bisect.bisect_left(self._turn_starts, self._turn_starts[start - 2]) + 1)

    def next_combat(self) -> None:
        """Go to the start of the first combat after the current event (stay if there is none)."""
        self._next_of(self.combats)

    def previous_combat(self) -> None:
        """Go to the start of the last combat before the current event (stay if there is none)."""
        i = bisect.bisect_left(self.combats, self.seq)
        if i > 0:
            self.go(self.combats[i - 1])

    def next_level_change(self) -> None:
        """Go to the next event that changes a player's level (stay if there is none)."""
        self._next_of(self.level_changes)

    def _next_of(self, seqs: list[int]) -> None:
        i = bisect.bisect_right(seqs, self.seq)
        if i < len(seqs):
            self.go(seqs[i])

    def shortcut(self, what: str) -> None:
        """Do what a keyboard shortcut names (stepper_keys.SHORTCUTS)."""
        moves: dict[str, Callable[[], None]] = {
            "previous": lambda: self.step(-1),
            "next": lambda: self.step(+1),
            "previous_turn": self.previous_turn,
            "next_turn": self.next_turn,
            "previous_combat": self.previous_combat,
            "next_combat": self.next_combat,
            "first": lambda: self.go(1),
            "last": lambda: self.go(self.last),
        }
        if what in moves:
            moves[what]()

    def on_change(self, fn: Callable[[int], None]) -> None:
        """Call `fn(seq)` whenever the stepper moves."""
        self._listeners.append(fn)

    def on_game(self, fn: Callable[[int, int], None]) -> None:
        """Call `fn(game_id, seq)` when the stepper has moved to another game of the tree."""
        self._game_listeners.append(fn)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._loading:
            return
        self.render()
        for fn in self._listeners:
            fn(self.seq)

    def _on_turn(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.jump_to_turn(change["new"])

    # -- variations --------------------------------------------------------------
    def tree(self) -> list[tuple[int, dict[str, Any]]]:
        """The tree of variations this game belongs to ([] for a store that cannot say)."""
        if not hasattr(self.store, "db"):
            return []
        from munchkin_nb.analysis.variations import tree

        return tree(self.store, self.game_id)

    def show_tree(self) -> None:
        """List the game's variations (hidden when it has none), the current game selected."""
        from munchkin_nb.analysis.variations import tree_label

        nodes = self.tree()
        self._tree_games = {g["id"]: g for _d, g in nodes}
        self._syncing = True
        try:
            self.variations.options = [(tree_label(d, g), g["id"]) for d, g in nodes]
            self.variations.value = self.game_id if nodes else None
            self.variations.rows = max(2, min(6, len(nodes)))
        finally:
            self._syncing = False
        self.variations.layout.display = "flex" if len(nodes) > 1 else "none"

    def _on_variation(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None and change["new"] != self.game_id:
            self.open_game(change["new"])

    def open_game(self, game_id: int) -> None:
        """Move to another game of the tree, at the same event while the two games agree, else at
        the first event where they differ."""
        from munchkin_nb.analysis.variations import landing_seq

        games = self._tree_games if game_id in self._tree_games else {}
        here, seq = self.game_id, self.seq
        self._load(game_id)
        target = landing_seq(games, here, seq, game_id, self.last) if games else 1
        # quietly: a smaller max clamps the slider and the turn box, which would move the stepper
        self._loading = self._syncing = True
        try:
            self.slider.max = self.last
            self.slider.value = target
            self.turn_box.max = self.events[-1].turn
        finally:
            self._loading = self._syncing = False
        self.show_tree()
        self.render()
        for fn in self._listeners:
            fn(self.seq)
        for listener in self._game_listeners:
            listener(self.game_id, self.seq)

    # -- export ------------------------------------------------------------------
    def jsonl(self) -> tuple[str, str]:
        """The current game as a JSONL replay (header, events, notes): (file name, text)."""
        import io

        from munchkin_nb.replay.jsonl import export_games

        out = io.StringIO()
        export_games(self.store, [self.game_id], out)
        return f"munchkin-game-{self.game_id}.jsonl", out.getvalue()

    # -- states ------------------------------------------------------------------
    def state(self, seq: int | None = None) -> Any:
        """The state after event `seq` (default: the current one), cached."""
        seq = self.seq if seq is None else seq
        if seq in self._states:
            self._states.move_to_end(seq)
            return self._states[seq]
        s = self.store.state_at(self.game_id, seq)
        self._states[seq] = s
        if len(self._states) > self.CACHE:
            self._states.popitem(last=False)
        return s

    @property
    def event(self) -> Event:
        return self.events[self.seq - 1]

    # -- drawing -----------------------------------------------------------------
    def render(self) -> None:
        """Draw the table and the event at `seq`; an event the engine refuses (an illegal or damaged
        replay) is a message in the page, not a traceback (the buttons stay usable)."""
        try:
            self._render()
        except Exception as error:
            seq = self.seq
            self.table.value = ""
            self.event_html.value = (
                f"<div class='munchkin-error'><b>The table after event {seq} of {self.last} cannot be "
                f"shown.</b> The replay is illegal or damaged up to here: the engine stopped with "
                f"&ldquo;{escape(str(error) or type(error).__name__)}&rdquo;.</div>"
            )
            self._enable(seq)

    def _enable(self, seq: int) -> None:
        self.prev_button.disabled = self.prev_turn_button.disabled = seq <= 1
        self.next_button.disabled = seq >= self.last
        self.next_turn_button.disabled = self._turn_starts[-1] <= self._turn_starts[seq - 1]
        self.next_level_button.disabled = not self.level_changes or self.level_changes[-1] <= seq
        self.prev_combat_button.disabled = not self.combats or self.combats[0] >= seq
        self.next_combat_button.disabled = not self.combats or self.combats[-1] <= seq
        self.note_html.value = notes_html(self.notes.get(seq, []))

    def _render(self) -> None:
        seq = self.seq
        state = self.state(seq)
        before = self.state(seq - 1) if seq > 1 else None
        self.table.value = table_html(state, before, hands=self.hands_toggle.value, lang=self.lang)
        e = self.event
        sentence = describe(e, before if before is not None else state, lang=self.lang)
        _ = self._
        who = _("the engine") if e.automatic else (e.actor or _("a player"))
        if e.payload.get("out_of_turn"):
            who = _("{player}, out of turn").format(player=who)
        head = _("Event {seq} of {last}").format(seq=seq, last=self.last)
        when = _("turn {turn}, {phase}, by {who}").format(
            turn=e.turn, phase=gettext("words", self.lang)(e.phase.replace("_", " ")), who=who
        )
        self.event_html.value = (
            f"<div class='munchkin-event'><b>{escape(head)}</b> ({escape(when)}): "
            f"{escape(sentence)}{rules_html(e.rules, self.lang)}{judge_link(state, self.lang)}</div>"
        )
        self._syncing = True
        try:
            self.turn_box.value = e.turn
        finally:
            self._syncing = False
        self._enable(seq)


def judge_link(state: Any, lang: str = "en") -> str:
    """A link that opens the judge on the table after this event ("" when there is no table to
    judge: the set-up, the end)."""
    from munchkin_nb.judge import PositionError, encode
    from munchkin_nb.judge.from_game import position_of
    from munchkin_nb.site import page_url, site_text

    from .links import in_link, link

    try:
        pos = position_of(state)
    except PositionError:
        return ""
    href = page_url("judge", lang=in_link(lang), position=encode(pos))
    said = site_text(lang)("judge this position")
    return f"<div class='munchkin-judge-this'>{link(href, said, 'munchkin-judge-this-link')}</div>"


def notes_html(notes: list[dict[str, Any]]) -> str:
    """The notes on one event, each with its mark ("" when there are none)."""
    items = "".join(f"<li>{_mark_html(n.get('mark'))}{escape(n['text'])}</li>" for n in notes)
    return f"<div class='munchkin-notes'><b>Notes</b><ul>{items}</ul></div>" if notes else ""


def _mark_html(mark: str | None) -> str:
    return f"<b class='munchkin-mark munchkin-mark-{escape(mark)}'>{escape(mark)}</b>: " if mark else ""


def _button(description: str, tooltip: str, css_class: str) -> widgets.Button:
    """One of the stepper's navigation buttons (the CSS class is how pages and tests find it)."""
    button = widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width="100px"))
    button.add_class(css_class)
    return button
