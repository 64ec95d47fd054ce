"""The guided game: the learner in one seat, heuristic bots in the others, every event stored.

The bots play with the runner's own steps (`ask_around`, `bot_move`); the play stops whenever the
learner decides, or may interject on someone else's decision (once per table view, as the runner
asks a bot). A hint is what the heuristic bot would do in the learner's place, with the rules its
move applies. Undo takes back the learner's last decision. Events are appended to the event store
up to the learner's last decision (the only one undo may take back), so nothing stored is undone.
The page speaks the language chosen on the course page (kept in the browser by the course's
`ProgressStore`), or the one picked on this page, which the course page then follows too.
"""

from __future__ import annotations

import copy
import os
import tempfile
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from munchkin_nb.bots.heuristic import HeuristicBot
from munchkin_nb.bots.runner import NAMES, Bot, ask_around, bot_move, table_view
from munchkin_nb.engine import Action, Event, Game, IllegalAction, apply, context, evolve, legal_actions
from munchkin_nb.engine.core.cards import card
from munchkin_nb.i18n import LANGUAGES, catalogue_path, gettext
from munchkin_nb.rules import BASE_GAME
from munchkin_nb.store import EventStore
from munchkin_nb.viz.words import action_words, card_name, describe

from .base import View
from .course import ProgressStore
from .hint_words import hint_reason
from .lesson import LESSON_CSS, TRADE_MOVES, combat_line, move_groups, refusal_words
from .stepper import TurnStepper
from .table import CSS, rules_html, table_html

#: The languages the guided game speaks: those with its page words (domain `course`) and its event
#: sentences and moves (domain `words`); it has no lesson prose, so it need not wait for the course's.
PLAY_LANGUAGES = {
    code: name
    for code, name in LANGUAGES.items()
    if code == "en" or all(catalogue_path(d, code).is_file() for d in ("course", "words"))
}

# open at almost any moment, so they are offered while the table waits but never stop it
QUIET_MOVES = frozenset(TRADE_MOVES) | {"discard_card", "backstab"}
SHOWN_LINES = 40  # the newest lines of the game's story on the page (the store keeps all of it)
PLAY_CSS = """
<style>
.munchkin-play .munchkin-log {max-height: 260px; overflow-y: auto; border: 1px solid #ddd; padding: 4px 8px;
  display: flex; flex-direction: column-reverse;}  /* opens scrolled to the newest line */
.munchkin-play .munchkin-log p {margin: 2px 0; overflow-wrap: anywhere;}
.munchkin-play .munchkin-log .mine {font-weight: bold;}
.munchkin-play .munchkin-hint {border-left: 4px solid #2a9d8f; background: #e3f2ef; padding: 4px 10px;}
.munchkin-play .widget-button {height: auto; min-height: 40px; white-space: normal;}
</style>
"""


def play_store_path() -> str:
    """Where a guided game is stored: $MUNCHKIN_PLAY_DB, else a new file in a temporary folder."""
    return os.environ.get("MUNCHKIN_PLAY_DB") or str(
        Path(tempfile.mkdtemp(prefix="munchkin-play-")) / "play.db"
    )


@dataclass
class _Checkpoint:
    """Everything the learner's last decision changed: the game, the bots' dice, the story."""

    state: Any
    events: list[Event]
    chance: Any
    bots: dict[str, Bot]
    asked: dict[str, tuple[object, ...]]
    log: list[str]


class GuidedGame(View):
    """A whole game of the base game: `players` seats (3–6), the learner in seat `seat`, bots in the others;
    its texts in `lang` (English or Spanish), or in the language the browser keeps for the course."""

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        seat: int = 0,
        store_path: str | None = None,
        max_turns: int = 400,
        lang: str = "en",
    ) -> None:
        if not 3 <= players <= 6:
            raise ValueError(f"players: 3 to 6, not {players}")
        if lang not in PLAY_LANGUAGES:
            raise ValueError(f"lang: one of {', '.join(PLAY_LANGUAGES)}, not {lang!r}")
        self.lang = lang
        self._ = gettext("course", lang)
        # the course's language, kept in the browser: the page follows it once the browser tells it
        self.language_store = ProgressStore(lang=lang)
        self.names = NAMES[:players]
        self.me = self.names[seat]
        self.seed = seed
        self.max_turns = max_turns
        self.game = Game.start(self.names, BASE_GAME, seed=seed)
        # the same bots (and seeds) as play_game's, in every seat but the learner's
        self.bots: dict[str, Bot] = {
            n: HeuristicBot(seed * 101 + i) for i, n in enumerate(self.names) if n != self.me
        }
        self.adviser = HeuristicBot(seed * 101 + seat)
        self.asked: dict[str, tuple[object, ...]] = {}
        self.log: list[str] = []
        self.checkpoint: _Checkpoint | None = None
        self.decisions = 0
        self.hinted: Action | None = None
        self.hint_html = ""
        self.store = EventStore(store_path or play_store_path())
        meta = {"source": "played", "seed": seed, "learner": self.me, "bot": "heuristic"}
        self.game_id = self.store.add_game(meta, list(self.game.events))
        self.stored = len(self.game.events)
        self._build()
        self._run()
        self.render()

    # -- the play ------------------------------------------------------------------------
    def _going(self) -> bool:
        s = self.game.state
        return not s.winners and s.turn <= self.max_turns

    @property
    def over(self) -> bool:
        return not self._going()

    def my_moves(self) -> list[Action]:
        """The learner's legal moves now (their decision's, or their out-of-turn plays)."""
        return [] if self.over else legal_actions(self.game.state, self.me)

    @property
    def deciding(self) -> bool:
        """The learner is the player who must decide now."""
        return context(self.game.state)[0] == self.me

    def _may_interject(self) -> bool:
        """The learner holds a card to play out of turn (trades and discards alone do not stop the
        table) and has not yet let this table view go by."""
        if self.asked.get(self.me) == table_view(self.game.state):
            return False
        hand = set(self.game.state.player(self.me).hand)
        return any(a.name not in QUIET_MOVES and a.params.get("card") in hand for a in self.my_moves())

    def _run(self) -> None:
        """Let the bots play until the learner decides, may interject, or the game ends."""
        while self._going() and not self.deciding and not self._may_interject():
            s = self.game.state
            before, n, view = s.copy(), len(self.game.events), table_view(s)
            # a bot's interjection may change the table: then the learner is asked again first
            asked_all = ask_around(self.game, self.bots, self.names, self.asked, self._going)
            if asked_all and table_view(self.game.state) == view and not self.deciding:
                bot_move(self.game, self.bots)
            self._tell(before, self.game.events[n:])
        if self.over:
            self._flush()

    def _tell(self, before: Any, events: list[Event]) -> None:
        """The events in words, each named against the table just before it."""
        s = before
        for e in events:
            if e.type != "ActionTaken":
                mine = " class='mine'" if e.actor == self.me else ""
                self.log.append(f"<p{mine}>{escape(describe(e, s, lang=self.lang))}</p>")
            s = evolve(s, e)

    def choose(self, action: Action) -> list[Event]:
        """The learner's move: checked and applied by the engine, then the bots play on."""
        self._flush()  # everything before this decision is final: only this one may be undone
        g = self.game
        cp = _Checkpoint(
            g.state.copy(),
            list(g.events),
            copy.deepcopy(g.chance),
            copy.deepcopy(self.bots),
            dict(self.asked),
            list(self.log),
        )
        before = g.state.copy()
        try:
            new = g.act(action)
        except IllegalAction as exc:
            refused = escape(self._("That cannot be done here:"))
            self.log.append(f"<p class='refused'>{refused} {escape(refusal_words(exc, self.lang))}</p>")
            self.render()
            return []
        self.checkpoint = cp
        self.decisions += 1
        said = action_words(action, before, lang=self.lang)  # "Ana kicked open the door"
        self.log.append(f"<p class='mine'>{escape(said)}.</p>")
        self._tell(before, new)
        self._run()
        self.render()
        return new

    def go_on(self) -> None:
        """Let the table go on without interjecting (asked again once the table moves on)."""
        self.asked[self.me] = table_view(self.game.state)
        self._run()
        self.render()

    def undo(self) -> bool:
        """Take back the learner's last decision (and all the bots did after it); False if none."""
        cp = self.checkpoint
        if cp is None:
            return False
        g = self.game
        g.state, g.events, g.chance = cp.state, cp.events, cp.chance
        self.bots, self.asked, self.log = cp.bots, cp.asked, cp.log
        self.checkpoint = None
        self.decisions -= 1
        self.log.append(f"<p class='undone'>{escape(self._('(your last move was taken back)'))}</p>")
        self.render()
        return True

    def hint(self) -> Action | None:
        """What the heuristic bot would do in the learner's place (None: let the table go on)."""
        s = self.game.state
        bot = copy.deepcopy(self.adviser)  # asking twice gives the same answer
        if self.over:
            wanted = None
        elif self.deciding:
            wanted = bot.decide(s, self.me) or bot.choose(s, legal_actions(s, self.me))
        else:
            wanted = bot.interject(s, self.me)
        self.hinted = wanted
        _ = self._
        if wanted is None:
            self.hint_html = escape(
                _("A good player would let the table go on here: nothing worth playing now.")
            )
        else:
            rules: list[str] = []
            for e in apply(s, wanted, copy.deepcopy(self.game.chance)):
                rules += [r for r in e.rules if r not in rules]
            move = escape(action_words(wanted, s, with_player=False, lang=self.lang))
            because = escape(hint_reason(s, wanted, self.lang))
            shown = rules_html(rules, self.lang) or " " + escape(_("none beyond the move itself."))
            self.hint_html = (
                f"{escape(_('A good player would:'))} <b>{move}</b>.<br>"
                f"<span class='munchkin-hint-why'>{escape(_('Why:'))} {because}.</span> "
                f"<details><summary>{escape(_('The rules it applies'))}</summary>{shown}</details>"
            )
        self.render()
        return wanted

    def _flush(self) -> None:
        """Append the events not yet in the store (past the last decision undo may take back)."""
        events = self.game.events
        if self.checkpoint is not None:
            keep = len(self.checkpoint.events)
            self.store.append(self.game_id, events[self.stored : keep])
            self.stored = keep
        if self.over or self.checkpoint is None:
            self.store.append(self.game_id, events[self.stored :])
            self.stored = len(events)

    def review(self) -> TurnStepper:
        """Store the whole game so far (the last move can no longer be undone) and step through it."""
        self.checkpoint = None
        self._flush()
        stepper = TurnStepper(self.store, self.game_id, seq=self.stored)
        self.review_box.children = (stepper.widget,)
        self.render()
        return stepper

    # -- language ---------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        """Speak `lang` from now on (the story told so far stays as it was told). The menu and the
        buttons are relabelled, never replaced: a view replaced while the browser still sends its
        change leaves the widget manager a message for a gone view (a console error)."""
        if lang not in PLAY_LANGUAGES or lang == self.lang:
            return
        self.lang, self._ = lang, gettext("course", lang)
        self.language_store.lang = lang
        self.language.value = lang  # a language from the browser: the menu shows it (-> no-op)
        self._label_controls()
        self.render()

    def _make_language(self) -> widgets.Dropdown:
        """The language menu, showing the page's language."""
        self.language = widgets.Dropdown(
            options=[(v, k) for k, v in PLAY_LANGUAGES.items()],
            value=self.lang,
            layout=widgets.Layout(width="130px"),
        )
        self.language.add_class("munchkin-play-language")
        self.language.observe(lambda c: self.set_lang(c["new"]), names="value")
        return self.language

    def _make_controls(self) -> tuple[widgets.Button, ...]:
        """The hint, undo and review buttons (labelled in the page's language by `_label_controls`)."""
        self.hint_button = widgets.Button()
        self.hint_button.add_class("munchkin-hint-button")
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button = widgets.Button()
        self.undo_button.add_class("munchkin-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.review_button = widgets.Button()
        self.review_button.add_class("munchkin-review")
        self.review_button.on_click(lambda _b: self.review())
        self._label_controls()
        return (self.hint_button, self.undo_button, self.review_button)

    def _label_controls(self) -> None:
        _ = self._
        self.hint_button.description = _("hint?")
        self.hint_button.tooltip = _("what would a good player do?")
        self.undo_button.description = _("⟲ undo")
        self.undo_button.tooltip = _("take back your last move")
        self.review_button.description = _("review your game")
        self.review_button.tooltip = _("step through the stored game (ends undo of the last move)")

    # -- drawing ----------------------------------------------------------------------
    def _build(self) -> None:
        self.language_store.observe(lambda c: self.set_lang(c["new"]), names="lang")
        self.head = widgets.HTML()
        self.table = widgets.HTML()
        self.hand = widgets.HTML()
        self.story = widgets.HTML()
        self.prompt = widgets.HTML()
        self.choices = widgets.VBox()
        self.choices.add_class("munchkin-play-choices")
        self.hint_out = widgets.HTML()
        self.review_box = widgets.VBox()
        self.controls = widgets.HBox(self._make_controls(), layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox(
            [
                widgets.HTML(CSS + LESSON_CSS + PLAY_CSS),
                self.language_store,
                self._make_language(),
                self.head,
                self.table,
                self.hand,
                self.story,
                self.prompt,
                self.controls,
                self.hint_out,
                self.review_box,
                self.choices,
            ]
        )
        self.widget.add_class("munchkin-play")

    def _button(self, a: Action, state: Any) -> widgets.Button:
        b = widgets.Button(
            description=action_words(a, state, with_player=False, lang=self.lang),
            tooltip=str(a),
            layout=widgets.Layout(width="auto"),
        )
        b.add_class("munchkin-choice")
        if self.hinted is not None and a == self.hinted:
            b.add_class("munchkin-suggested")
        b.on_click(lambda _b, a=a: self.choose(a))
        return b

    def _move_widgets(self) -> list[widgets.Widget]:
        _ = self._
        state = self.game.state
        titles = {"turn": _("Your turn"), "interject": _("Interject (out of turn)"), "trade": _("Trade")}
        out: list[widgets.Widget] = []
        for key, acts in move_groups(state, self.my_moves()).items():
            if acts:
                box = widgets.VBox(
                    [widgets.HTML(f"<h4>{escape(titles[key])}</h4>")] + [self._button(a, state) for a in acts]
                )
                box.add_class("munchkin-move-group")
                box.add_class(f"munchkin-group-{key}")
                if key == "trade" and not any(a == self.hinted for a in acts):
                    box = self._folded(box, f"{titles[key]} ({len(acts)})")  # often long; rarely the move
                out.append(box)
        if not self.over and not self.deciding:
            go = widgets.Button(description=_("let the table go on ▸"), button_style="primary")
            go.add_class("munchkin-go-on")
            go.on_click(lambda _b: self.go_on())
            out.append(go)
        return out

    @staticmethod
    def _folded(box: widgets.VBox, title: str) -> widgets.VBox:
        """`box` behind a toggle that shows it."""
        box.layout.display = "none"
        toggle = widgets.ToggleButton(description=title)
        toggle.add_class("munchkin-more-moves")

        def flip(change: dict[str, Any]) -> None:
            box.layout.display = "flex" if change["new"] else "none"

        toggle.observe(flip, names="value")
        return widgets.VBox([toggle, box])

    def _hand_html(self) -> str:
        s, _ = self.game.state, self._
        p = s.player(self.me)
        kind = gettext("words", self.lang)  # the card kinds are the game's words

        def shown(c: str) -> str:
            what = kind(card(s, c).kind.replace("_", " "))
            return f"{escape(card_name(s, c, self.lang))} <i>({escape(what)})</i>"

        cards = "; ".join(shown(c) for c in p.hand)
        title = escape(_("Your hand ({n}):").format(n=len(p.hand)))
        return f"<p class='munchkin-hand'><b>{title}</b> {cards or escape(_('empty'))}</p>"

    def render(self) -> None:
        s, _ = self.game.state, self._
        head = _("A guided game: you are {player}").format(player=self.me)
        about = escape(_("{n} players, deal {seed}; the computer plays the others. Every move is kept."))
        about = about.format(n=len(self.names), seed=self.seed)
        self.head.value = f"<h3>{escape(head)}</h3><p>{about}</p>"
        table = table_html(s, lang=self.lang)
        self.table.value = f"<div class='munchkin-table-box'>{table}</div>{combat_line(s, self.lang)}"
        self.hand.value = self._hand_html()
        story = "".join(self.log[-SHOWN_LINES:])
        self.story.value = f"<div class='munchkin-log'><div>{story}</div></div>" if story else ""
        decider = context(s)[0]
        if s.winners:
            if self.me in s.winners:
                won = _("You win!")
            else:
                won = _("Won by {players}.").format(players=", ".join(s.winners))
            over = _("The game is over.")
            self.prompt.value = f"<p class='munchkin-over'><b>{escape(over)} {escape(won)}</b></p>"
        elif self.over:
            stopped = _("The game stopped at its turn limit.")
            self.prompt.value = f"<p class='munchkin-over'><b>{escape(stopped)}</b></p>"
        elif self.deciding:
            pick = _("Pick one of the moves the rules allow:")
            self.prompt.value = f"<p><b>{escape(_('Your decision.'))}</b> {escape(pick)}</p>"
        else:
            deciding = _("{player} is deciding.").format(player=decider)
            may = _("You may interject, or let the table go on.")
            self.prompt.value = f"<p><b>{escape(deciding)}</b> {escape(may)}</p>"
        self.choices.children = tuple(self._move_widgets())
        move = "none" if self.hinted is None else "move"  # which button the hint points at
        self.hint_out.value = (
            f"<div class='munchkin-hint' data-hint='{move}'>{self.hint_html}</div>" if self.hint_html else ""
        )
        self.hint_html, self.hinted = "", None  # a hint is for the moment it was asked
        self.undo_button.disabled = self.checkpoint is None
        self.hint_button.disabled = self.over
