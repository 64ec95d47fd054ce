"""The table recorder page's parts: its words and style, the browser's list of recordings, the
action on its way, the card picker, and the warm-up a preheated kernel runs (widgets.recorder_page
lays them out)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as widgets
import traitlets

from munchkin_nb.engine import Action
from munchkin_nb.engine.core.cards import card_set as load_set
from munchkin_nb.judge.said import sentence_in
from munchkin_nb.rules import BASE_GAME
from munchkin_nb.scenarios.fields import FieldError
from munchkin_nb.scenarios.names import CardNames
from munchkin_nb.site import site_text

from .judge_editor import NAMES, Catalogue, wide

if TYPE_CHECKING:
    from .recorder_page import RecorderPage

DOMAIN = "record"
STORAGE_KEY = "munchkin-recordings-v1"  # the browser's list of its recordings (localStorage)
KEY_META = "recorder_key"  # the game's metadata field that keeps a recording's private key
SHOWN_EVENTS = 12  # the latest events told on the page (the stepper has them all)
FOUND_MOST = 8  # buttons a search shows at most (type more to narrow)
# not told in the story: the action itself (its events tell it), and a card not shown (its draw,
# the next line, says "a card not shown")
UNTOLD = frozenset({"ActionTaken", "CardHidden"})


def _(message: str) -> str:
    """Marks a message for `pybabel extract` (domain `record`); translated where it is shown."""
    return message


LEAD = _(
    "Record a game played at a real table, as it happens, on one phone: the deal, then each play, "
    "draw and die roll. The rules engine offers what each player may do and says when a play "
    "breaks a rule. The game is saved as you go."
)
#: what the decider is deciding, by the engine's kind of decision (`context`)
DECIDING = {
    "setup": _("{player} lays out their first cards"),
    "turn": _("{player}'s turn"),
    "combat": _("{player} may play in the fight"),
    "help": _("{player} is asked for help"),
    "escape": _("{player} rolls to run away"),
    "run": _("{player} must run away"),
    "pending": _("{player} must choose"),
    "over": _("The game is over"),
}

RECORDER_CSS = """
<style>
.munchkin-rec {max-width: 100%; box-sizing: border-box; font-size: 16px;}
.munchkin-rec .widget-box, .munchkin-rec .widget-html, .munchkin-rec .widget-inline-hbox,
.munchkin-rec .widget-tagsinput, .munchkin-rec .widget-text, .munchkin-rec .widget-dropdown
  {max-width: 100%; box-sizing: border-box;}
.munchkin-rec .widget-hbox {flex-wrap: wrap; gap: 6px; align-items: center;}
.munchkin-rec .widget-button {height: auto; min-height: 48px; white-space: normal; font-size: 16px;
  line-height: 1.25; padding: 6px 12px; max-width: 100%;}
.munchkin-rec select, .munchkin-rec input {min-height: 44px; font-size: 16px;}
.munchkin-rec .widget-label {min-width: 0;}
.munchkin-rec h2 {font-size: 1.2em; margin: 12px 0 4px;}
.munchkin-rec h3 {font-size: 1.05em; margin: 8px 0 2px;}
.munchkin-rec .munchkin-rec-common .widget-button {flex: 1 1 150px; font-weight: bold;}
.munchkin-rec .munchkin-rec-found .widget-button, .munchkin-rec .munchkin-rec-cards .widget-button,
.munchkin-rec .munchkin-rec-kept .widget-button
  {width: 100%; text-align: left; justify-content: flex-start; margin: 2px 0;}
.munchkin-rec .munchkin-rec-who .widget-button {flex: 1 1 28%;}
.munchkin-rec .munchkin-rec-who .widget-button.mod-info {font-weight: bold;}
.munchkin-rec .munchkin-rec-faces .widget-button {flex: 1 1 15%; min-width: 48px; font-size: 20px;}
.munchkin-rec .munchkin-rec-status {background: #1f3a5f; color: #fff; border-radius: 6px; padding: 6px 10px;}
.munchkin-rec .munchkin-rec-status b {font-size: 1.1em;}
.munchkin-rec .munchkin-rec-ask {border-left: 5px solid #e9c46a; background: #fff8e1; padding: 4px 10px;}
.munchkin-rec .munchkin-rec-player {border: 1px solid #ddd; border-radius: 6px; padding: 4px 8px;
  margin: 4px 0;}
.munchkin-rec .munchkin-rec-problem {color: #7a1f1f; background: #fdecea; border-left: 4px solid #c0392b;
  padding: 2px 8px; margin: 2px 0; overflow-wrap: anywhere;}
.munchkin-rec .munchkin-ruling {border-left: 4px solid #c0392b; background: #fdecea; padding: 4px 10px;
  overflow-wrap: anywhere;}
.munchkin-rec .munchkin-rec-events p {margin: 2px 0; overflow-wrap: anywhere;}
.munchkin-rec .munchkin-rec-events p.allowed {color: #7a1f1f;}
.munchkin-rec .munchkin-rec-events p:first-child {font-weight: bold;}
.munchkin-rec .munchkin-rec-links {display: flex; flex-wrap: wrap; gap: 6px;}
.munchkin-rec .munchkin-rec-links a {min-height: 24px;}
.munchkin-rec .widget-html-content {line-height: 1.45;}
.munchkin-rec .jupyter-widget-tag {white-space: normal; height: auto; min-height: 32px;}
.munchkin-rec details summary {min-height: 40px; line-height: 40px; cursor: pointer;}
.munchkin-rec .widget-tagsinput, .munchkin-rec .jupyter-widget-tagsinput {width: 100%; min-height: 44px;
  align-items: center; box-sizing: border-box;}
.munchkin-rec .jupyter-widget-taginput {min-width: 12em; min-height: 32px; font-size: 16px;}
.munchkin-rec .widget-toggle-buttons .widget-toggle-button {min-height: 44px; font-size: 16px;}
</style>
"""

# The browser side of the list of recordings: read localStorage when the widget is drawn (every
# model of the page exists then), written back whenever the kernel changes the list.
_ESM = """
const KEY = "STORAGE_KEY";
export default {
  initialize({ model }) {
    model.on("change:kept", () => {
      if (!model.get("loaded")) return;
      try { window.localStorage.setItem(KEY, JSON.stringify(model.get("kept"))); } catch (e) {}
    });
  },
  render({ model, el }) {
    el.classList.add("munchkin-rec-store");
    el.style.display = "none";
    if (model.get("loaded")) return;
    let saved = [];
    try { saved = JSON.parse(window.localStorage.getItem(KEY) || "[]"); } catch (e) { saved = []; }
    if (!Array.isArray(saved)) saved = [];
    const mine = model.get("kept");  // a recording the kernel added before the browser answered
    for (const r of mine) if (!saved.some((s) => s.game === r.game && s.key === r.key)) saved.push(r);
    model.set("kept", saved);
    model.set("loaded", true);
    model.save_changes();
  },
};
""".replace("STORAGE_KEY", STORAGE_KEY)


class KeptRecordings(anywidget.AnyWidget):
    """The recordings this browser made or continued: [{game, key, players}], kept in localStorage."""

    _esm = _ESM
    kept: Any = traitlets.List().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def remember(self, game: int, key: str, players: list[str]) -> None:
        """Keep this recording first in the list (once)."""
        others = [r for r in self.kept if not (r.get("game") == game and r.get("key") == key)]
        self.kept = [{"game": game, "key": key, "players": players}, *others][:20]


@dataclass
class Pending:
    """An action on its way into the recording: the chance results given so far."""

    action: Action
    dice: list[int] = field(default_factory=list)
    draws: list[str | None] = field(default_factory=list)
    allow: bool = False


class CardPicker:
    """A searchable list of cards by name (the page's language): type, then tap the card."""

    def __init__(self, page: RecorderPage, cls: str) -> None:
        self.page = page
        self.search = wide(widgets.Text(placeholder=page.t("type a card's name…"), continuous_update=True))
        self.search.add_class(f"munchkin-rec-{cls}-search")
        self.found = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.found.add_class("munchkin-rec-cards")
        self.box = widgets.VBox([self.search, self.found], layout=widgets.Layout(max_width="100%"))
        self.cards: dict[str, str] = {}  # label -> card id
        self.on_pick: Any = None
        self.search.observe(lambda _c: self.show(), names="value")

    def offer(self, cards: dict[str, str], on_pick: Any) -> None:
        """Offer `cards` (label -> id); `on_pick(card id)` when one is tapped."""
        self.cards, self.on_pick = cards, on_pick
        self.search.value = ""
        self.show()

    def show(self) -> None:
        words = self.search.value.strip().casefold().split()
        hits = [lab for lab in self.cards if all(w in lab.casefold() for w in words)]
        hits.sort(
            key=lambda lab: (not lab.casefold().startswith(words[0]) if words else False, lab.casefold())
        )
        buttons: list[widgets.Widget] = []
        if words or len(hits) <= FOUND_MOST:
            for lab in hits[:FOUND_MOST]:
                b = widgets.Button(description=lab, layout=widgets.Layout(width="auto"))
                b.add_class("munchkin-rec-card")
                b.on_click(lambda _b, cid=self.cards[lab]: self.on_pick and self.on_pick(cid))
                buttons.append(b)
        more = len(hits) - len(buttons)
        if more > 0:
            buttons.append(
                widgets.HTML(f"<i>{escape(self.page.t('{n} more: type to narrow').format(n=more))}</i>")
            )
        self.found.children = tuple(buttons)


@dataclass(frozen=True)
class _NameShown:
    """The page's own question: which card a player shows from the cards not shown in their hand."""

    player: str
    kind: str = "shown"


def warm() -> None:
    """Read what every visit needs (the card sets, the engine's moves) before the visitor comes."""
    from munchkin_nb.engine import Game, legal_actions

    game = Game.start(list(NAMES[:3]), BASE_GAME, seed=0)
    for name in game.state.names():
        legal_actions(game.state, name)
    for lang in ("en",):
        Catalogue(load_set(BASE_GAME), lang).labels()
    site_text("en")


def form_deal(
    rows: list[dict[str, Any]], cat: Catalogue, rules: Any, t: Any, words: Any
) -> tuple[dict[str, dict[str, list[str | None]]] | None, list[str]]:
    """The deal the start form's player rows name (None: nothing shown) and its problems: a card
    named more often than the deck holds it, more cards shown than the deal gives."""
    problems: list[str] = []
    deal: dict[str, dict[str, list[str | None]]] = {}
    copies = CardNames(tuple(cat.card_set.instances()))  # a name dealt takes a copy not yet dealt
    sizes = {"door": rules.start_doors, "treasure": rules.start_treasures}
    for r in rows:
        name = r["name"].value.strip()
        per: dict[str, list[str | None]] = {"door": [], "treasure": []}
        said: list[str] = []
        for cid in cat.ids(r["cards"].value):
            try:
                copy = copies.place(cid, name)
            except FieldError:
                said.append(
                    t("{card} is dealt more often than the deck holds it").format(card=cat.label[cid])
                )
                continue
            per[cat.card_set.cards[cid].deck].append(copy)
        for deck, n in sizes.items():
            if len(per[deck]) > n:
                said.append(
                    t("{n} cards shown ({deck}): the deal gives {most}").format(
                        n=len(per[deck]), deck=words(deck), most=n
                    )
                )
            per[deck] += [None] * max(0, n - len(per[deck]))
        r["problem"].value = "".join(f"<div class='munchkin-rec-problem'>{escape(s)}</div>" for s in said)
        problems += said
        deal[name] = per
    known = any(c for per in deal.values() for cards in per.values() for c in cards)
    return (deal if known else None), problems


def sentence_html(r: Any, pending: Pending | None, rec: Any, lang: str) -> str:
    """A refusal's sentence in the page's language, else as the engine wrote it, marked English."""
    words = None
    if r.template and pending is not None and rec is not None:
        words = sentence_in(r.template, r.fields, pending.action, rec.state, lang)
    lang, text = (lang, words) if words is not None else ("en", r.sentence)
    return f"<span class='munchkin-rec-sentence' lang='{lang}'>{escape(text)}</span>"
