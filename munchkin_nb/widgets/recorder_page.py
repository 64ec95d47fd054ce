"""The table recorder's page: a group at a real table records its game as it is played, on one phone.

The start form takes the ruleset, the modules, the players and what the table saw of the deal; the
recording (`munchkin_nb.recorder.Recording`) is kept in the play store as it goes. The page shows
whose decision it is, that player's common actions one big tap away, every other player's actions
behind a chooser, any action by search; it asks for each die and card that chance brings (the card
picked by name, "not shown" for a face-down draw), shows a refused action's rule and citation with
"the table allowed it" / "take it back", and tells the latest events in words.

A recording's address holds its game and a private key (kept in the game's metadata): only a page
that knows the key continues it. The browser keeps its recordings (localStorage), so a reopened
page offers to continue them. Words in the page's language (gettext domain `record`).
"""

from __future__ import annotations

import base64
import secrets
from html import escape
from typing import Any

import ipywidgets as widgets

from munchkin_nb.engine import Action, GameState, evolve, fold
from munchkin_nb.engine.core.cards import card_set as load_set
from munchkin_nb.i18n import gettext
from munchkin_nb.recorder import RecordingError
from munchkin_nb.rules import BASE_GAME, RULE_INDEX, RULESETS, ruleset
from munchkin_nb.rules.citations import citation_html
from munchkin_nb.rules.i18n import wording
from munchkin_nb.rules.rulesets import MODULES, deck_name, ruleset_with
from munchkin_nb.site import page_url
from munchkin_nb.store import EventStore
from munchkin_nb.viz.words import action_words, card_name, describe

from .address import PageAddress
from .base import View
from .judge_editor import NAMES, Catalogue, text_upload, wide
from .links import in_link, link, rule_link
from .recorder_other import OtherAction
from .recorder_parts import (
    DECIDING,
    DOMAIN,
    FOUND_MOST,
    KEY_META,
    LEAD,
    RECORDER_CSS,
    SHOWN_EVENTS,
    UNTOLD,
    CardPicker,
    KeptRecordings,
    Pending,
    _NameShown,
    form_deal,
    sentence_html,
)
from .table import CSS, table_html


class RecorderPage(View):
    """The recorder on a page: the start form, the table, chance asked for, refusals, the story."""

    def __init__(
        self,
        lang: str = "en",
        store_path: str | None = None,
        game: int | None = None,
        key: str | None = None,
        kept: KeptRecordings | None = None,
    ) -> None:
        from .play import play_store_path

        self.lang = lang
        self.t = gettext(DOMAIN, lang)
        self.words = gettext("words", lang)
        self.store_path = store_path or play_store_path()
        self.store = EventStore(self.store_path)
        self.rec: Any = None  # the Recording shown (None: the start form)
        self.key = ""
        self.pending: Pending | None = None
        self.need: Any = None
        self.refused: Any = None
        self.lines: list[str] = []  # the story told so far (HTML paragraphs, oldest first)
        self.chosen: str | None = None  # the player whose actions are shown
        self.drawn = 0
        self.kept = kept or KeptRecordings()
        self.address = PageAddress()
        t = self.t
        self.address.say(t("copy the link"), t("link copied"), t("copy the link to this recording"))
        self._build()
        self.kept.observe(lambda _c: self._show_kept(), names="kept")
        if game is not None and self.open(game, key or ""):
            return
        self._show_start()

    # -- building --------------------------------------------------------------------------
    def _build(self) -> None:
        t = self.t
        self.notice = widgets.HTML()
        self.notice.add_class("munchkin-rec-notice")
        self.kept_box = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.kept_box.add_class("munchkin-rec-kept")
        self._build_form()
        self._build_table()
        self.upload = text_upload(
            ".jsonl,.json,.txt",
            t("import a file"),
            "munchkin-rec-import",
            lambda text, _name: self.import_text(text),
            self._not_text,
        )
        self.import_notice = widgets.HTML()
        self.import_notice.add_class("munchkin-rec-import-notice")
        files = widgets.VBox(
            [
                widgets.HTML(
                    f"<h2>{escape(t('Continue a transcribed game'))}</h2>"
                    f"<p>{escape(t('Upload a transcribed game file to record the rest of it.'))}</p>"
                ),
                self.upload,
                self.import_notice,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(CSS + RECORDER_CSS),
                self.kept,
                widgets.HTML(f"<h1>{escape(t('Record a game'))}</h1>"),
                self.notice,
                self.start_box,
                self.table_box,
                files,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.widget.add_class("munchkin-rec")

    def _build_form(self) -> None:
        t = self.t
        judged = gettext("judge", self.lang)  # the rulebooks' names, as the judge's page says them
        self.ruleset = widgets.Dropdown(
            description=t("ruleset"),
            options=[(f"{r} ({judged(ruleset(r).source)})", r) for r in RULESETS],
            value=BASE_GAME,
            layout=widgets.Layout(width="480px", max_width="100%"),
        )
        self.ruleset.add_class("munchkin-rec-ruleset")
        self.modules = wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=False))
        self.modules.placeholder = t("modules")
        self.modules.add_class("munchkin-rec-modules")
        self.count = widgets.ToggleButtons(options=[3, 4, 5, 6], value=3, description=t("players"))
        self.count.style.button_width = "48px"
        self.count.add_class("munchkin-rec-count")
        self.rows: list[dict[str, Any]] = []
        self.rows_box = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.form_problem = widgets.HTML()
        self.form_problem.add_class("munchkin-rec-form-problem")
        self.start_button = widgets.Button(description=t("start recording"), button_style="success")
        self.start_button.add_class("munchkin-rec-start")
        self.start_button.layout.width = "100%"
        self.start_button.on_click(lambda _b: self.start())
        deal = t(
            "The deal: every card is 'not shown' until the table sees it. Add the cards a player "
            "shows from their first hand (search by name); the others stay not shown."
        )
        self.start_box = widgets.VBox(
            [
                self.kept_box,
                widgets.HTML(f"<p>{escape(t(LEAD))}</p><h2>{escape(t('A new game'))}</h2>"),
                self.ruleset,
                self.modules,
                self.count,
                widgets.HTML(f"<p class='munchkin-rec-deal'>{escape(deal)}</p>"),
                self.rows_box,
                self.form_problem,
                self.start_button,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.ruleset.observe(lambda _c: self._offer(), names="value")
        self.modules.observe(lambda _c: self._offer(), names="value")
        self.count.observe(lambda _c: self._rows(), names="value")
        self._offer()

    def _build_table(self) -> None:
        t = self.t
        self.status = widgets.HTML()
        self.status.add_class("munchkin-rec-status-box")
        self.ask = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.ask.add_class("munchkin-rec-ask-box")
        self.common = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
        self.common.add_class("munchkin-rec-common")
        self.who = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
        self.who.add_class("munchkin-rec-who")
        # "auto": the column's whole width less the widget's own margins (100% stuck out by them)
        self.search = wide(
            widgets.Text(placeholder=t("search all actions…"), continuous_update=True), width="auto"
        )
        self.search.add_class("munchkin-rec-search")
        self.search.observe(lambda _c: self._show_found(), names="value")
        self.found = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.found.add_class("munchkin-rec-found")
        self.events_html = widgets.HTML()
        self.events_html.add_class("munchkin-rec-events")
        self.links = widgets.HTML()
        self.links.add_class("munchkin-rec-links-box")
        self.table_html = widgets.HTML()
        self.table_html.add_class("munchkin-rec-table")
        self.export_button = widgets.Button(description=t("export the transcribed file"))
        self.export_button.add_class("munchkin-rec-export")
        self.export_button.on_click(lambda _b: self.export())
        self.export_html = widgets.HTML()
        self.export_html.add_class("munchkin-rec-download")
        self.new_button = widgets.Button(description=t("record another game"))
        self.new_button.add_class("munchkin-rec-new")
        self.new_button.on_click(lambda _b: self.close())
        self.picker = CardPicker(self, "pick")
        self.other = OtherAction(self)
        self.other_toggle, self.other_box = self.other.toggle, self.other.box
        self.other_move, self.other_card = self.other.move, self.other.card
        self.other_whom, self.other_button = self.other.whom, self.other.button
        self.table_box = widgets.VBox(
            [
                self.status,
                self.ask,
                self.common,
                widgets.HTML(f"<h3>{escape(t('Who plays?'))}</h3>"),
                self.who,
                self.search,
                self.found,
                self.other_toggle,
                self.other_box,
                widgets.HTML(f"<h2>{escape(t('What happened'))}</h2>"),
                self.events_html,
                self.links,
                self.address,
                self.table_html,
                widgets.HBox([self.export_button, self.new_button]),
                self.export_html,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.table_box.add_class("munchkin-rec-table-box")

    # -- the start form --------------------------------------------------------------------
    def _offer(self) -> None:
        rs, mods = self.ruleset.value, tuple(self.modules.value)
        self.modules.allowed_tags = sorted(m for m, mod in MODULES.items() if rs in mod.rulesets)
        self.cat = Catalogue(load_set(deck_name(rs, list(mods))), self.lang)
        self.rules = ruleset_with(rs, mods)
        self._rows()

    def _rows(self) -> None:
        t = self.t
        while len(self.rows) < self.count.value:
            i = len(self.rows)
            name = wide(widgets.Text(value=NAMES[i], description=t("name")), "240px")
            sex = widgets.ToggleButtons(options=[(self.words(s), s) for s in ("female", "male")])
            sex.value = ("female", "male")[i % 2]
            sex.style.button_width = "auto"
            cards = wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=False))
            cards.placeholder = t("cards shown from the deal")
            problem = widgets.HTML()
            box = widgets.VBox([name, sex, cards, problem], layout=widgets.Layout(max_width="100%"))
            box.add_class("munchkin-rec-player")
            box.add_class(f"munchkin-rec-player-{i}")
            self.rows.append({"name": name, "sex": sex, "cards": cards, "problem": problem, "box": box})
        for r in self.rows:
            r["cards"].allowed_tags = self.cat.labels()
        self.rows_box.children = tuple(r["box"] for r in self.rows[: self.count.value])

    def deal(self) -> tuple[dict[str, dict[str, list[str | None]]] | None, list[str]]:
        """The deal the form names (None: nothing shown) and its problems."""
        return form_deal(self.rows[: self.count.value], self.cat, self.rules, self.t, self.words)

    def players(self) -> tuple[list[dict[str, str]], list[str]]:
        """The players the form names and its problems (a missing or repeated name)."""
        players = [
            {"name": r["name"].value.strip(), "sex": r["sex"].value} for r in self.rows[: self.count.value]
        ]
        names = [p["name"] for p in players]
        problems = []
        if any(not n for n in names):
            problems.append(self.t("every player needs a name"))
        if len(set(names)) < len(names):
            problems.append(self.t("two players have the same name"))
        return players, problems

    def start(self) -> bool:
        """Start the recording the form describes; False (its problems said) when it cannot."""
        from munchkin_nb.recorder import Recording

        players, problems = self.players()
        deal, more = self.deal()
        problems += more
        if problems:
            self._form_problems(problems)
            return False
        key = secrets.token_urlsafe(12)
        model: Any = Recording  # `meta` and `import_transcribed`: RECORDER.md, "API changes"
        try:
            rec = model.start(
                self.store,
                players=players,
                ruleset=self.ruleset.value,
                modules=tuple(self.modules.value),
                deal=deal,
                meta={KEY_META: key},
            )
        except (ValueError, KeyError) as exc:
            self._form_problems([str(exc)])
            return False
        self.form_problem.value = ""
        self._show(rec, key)
        return True

    def _form_problems(self, problems: list[str]) -> None:
        self.form_problem.value = "".join(
            f"<div class='munchkin-rec-problem'>{escape(p)}</div>" for p in problems
        )

    # -- opening and keeping ---------------------------------------------------------------
    def open(self, game: int, key: str) -> bool:
        """Continue recording `game` when `key` is its private key; False (and a notice) if not."""
        from munchkin_nb.recorder import Recording

        try:
            meta = self.store.game(game)
        except Exception:  # no such game in this store (StoreError)
            meta = {}
        stored = meta.get(KEY_META)
        if not isinstance(stored, str) or not secrets.compare_digest(stored, key):
            said = self.t(
                "This recording cannot be continued here: the address has no recording of game {game} "
                "with that key."
            )
            self._notice(said.format(game=game))
            return False
        try:
            rec = Recording.open(self.store, game)
        except Exception as exc:  # a store the model cannot fold: said, never a traceback
            self._notice(self.t("This recording cannot be opened: {error}").format(error=exc))
            return False
        self._show(rec, key)
        return True

    def close(self) -> None:
        """Back to the start form (the recording stays in the store and in the browser's list)."""
        self.rec = None
        self.address.show(lang=in_link(self.lang))
        self._show_start()

    def _notice(self, text: str) -> None:
        self.notice.value = f"<div class='munchkin-rec-problem' role='status'>{escape(text)}</div>"

    def _show_start(self) -> None:
        self.table_box.layout.display = "none"
        self.start_box.layout.display = "flex"
        self._show_kept()

    def _show(self, rec: Any, key: str) -> None:
        self.rec, self.key = rec, key
        self.notice.value = ""
        self.pending = self.need = self.refused = None
        self.chosen = None
        self.lines = self._story(rec.events, SHOWN_EVENTS)
        self.address.show(game=rec.game_id, key=key, lang=in_link(self.lang))
        self.kept.remember(rec.game_id, key, list(rec.players))
        self.export_html.value = ""
        self.start_box.layout.display = "none"
        self.table_box.layout.display = "flex"
        self.render()

    def _show_kept(self) -> None:
        """The browser's recordings that this store still holds, each with a "continue" button."""
        t = self.t
        rows: list[widgets.Widget] = []
        for r in self.kept.kept:
            game, key = r.get("game"), r.get("key")
            try:
                meta = self.store.game(int(game))
            except Exception:
                continue
            if meta.get(KEY_META) != key:
                continue
            over = bool(meta.get("winners"))
            said = t("game {game}: {players}").format(game=game, players=", ".join(meta.get("players") or []))
            if over:
                said += " · " + t("over")
            b = widgets.Button(description=t("continue") + " · " + said, layout=widgets.Layout(width="100%"))
            b.add_class("munchkin-rec-continue")
            b.on_click(lambda _b, g=int(game), k=str(key): self.open(g, k))
            rows.append(b)
        head = [widgets.HTML(f"<h2>{escape(t('Your recordings'))}</h2>")] if rows else []
        self.kept_box.children = tuple(head + rows)

    # -- the story -------------------------------------------------------------------------
    def _story(self, events: list[Any], most: int) -> list[str]:
        """The last `most` events in words (each named against the table just before it)."""
        told = [e for e in events if e.type not in UNTOLD]
        if not told:
            return []
        first = events.index(told[-most:][0])
        s = fold(events[:first])
        return self._tell(s, events[first:])

    def _tell(self, s: GameState, events: list[Any]) -> list[str]:
        """`events` in words, from the table `s` (changed in place as they are told)."""
        lines = []
        for e in events:
            if e.type not in UNTOLD:
                cls = " class='allowed'" if e.type == "RuleWaived" else ""
                lines.append(f"<p{cls}>{escape(describe(e, s, lang=self.lang))}</p>")
            evolve(s, e)
        return lines

    # -- the table -------------------------------------------------------------------------
    def decider(self) -> str | None:
        return self.rec.decider()[0] if self.rec is not None else None

    def render(self) -> None:
        """Draw the recording as it stands: status, what is asked, the actions, the story."""
        rec, t = self.rec, self.t
        if rec is None:
            return
        self.drawn += 1  # the page's own count of its drawings (a browser test waits for the next)
        s = rec.state
        player, what = rec.decider()
        kind = what.split(":")[0]
        said = t(DECIDING.get(kind, DECIDING["turn"])).format(player=player or "")
        if s.winners:
            said = t("The game is over: {players} won.").format(players=", ".join(s.winners))
        turn = t("turn {n}").format(n=s.turn)
        n = len(rec.events)
        if self.chosen not in rec.players:
            self.chosen = player or rec.players[0]
        self._render_ask()
        self._render_choices()
        self.events_html.value = "".join(reversed(self.lines[-SHOWN_EVENTS:]))
        self.table_html.value = (
            f"<details><summary>{escape(t('the table'))}</summary>"
            f"<div class='munchkin-table-box'>{table_html(s, lang=self.lang)}</div></details>"
        )
        self.links.value = self._links(s)
        # last, and saying what the page now shows (what is asked, the common plays' words): a
        # browser waits for these before it reads the buttons, which are drawn a moment later
        asking = "refused" if self.refused is not None else getattr(self.need, "kind", "")
        common = "|".join(b.description for b in self.common.children)
        self.status.value = (
            f"<div class='munchkin-rec-status' data-decider='{escape(player or '')}' "
            f"data-events='{n}' data-actions='{sum(e.type == 'ActionTaken' for e in rec.events)}' "
            f"data-drawn='{self.drawn}' data-asking='{escape(asking)}' "
            f"data-common='{escape(common)}'>"
            f"<b>{escape(said)}</b> <span>· {escape(turn)} · "
            f"{escape(t('{n} events').format(n=n))}</span></div>"
        )

    def _links(self, s: GameState) -> str:
        from .stepper import judge_link

        assert self.rec is not None
        games = page_url("games", lang=in_link(self.lang), store="played", game=self.rec.game_id)
        stepper = link(games, self.t("open in the stepper"), "munchkin-rec-stepper munchkin-button-link")
        return f"<div class='munchkin-rec-links'>{stepper}{judge_link(s, self.lang)}</div>"

    def choices(self, player: str | None = None) -> list[Any]:
        """The chosen player's legal actions now (`Choice`s of the recording)."""
        if self.rec is None:
            return []
        who = player or self.chosen
        return list(self.rec.choices(who).get(who, []))

    def label(self, choice: Any) -> str:
        """A choice as its button says it."""
        a = choice.action
        if a.name == "name_card":
            n = self.rec.hidden(a.player) if self.rec is not None else 0
            return self.t("show a card not shown ({n} in hand)").format(n=n)
        return action_words(a, self.rec.state if self.rec else None, with_player=False, lang=self.lang)

    def _render_choices(self) -> None:
        t = self.t
        busy = self.need is not None or self.refused is not None
        found = [] if busy else self.choices()
        common = [c for c in found if c.common]
        buttons = [self._choice_button(c, "munchkin-rec-do", "primary") for c in common]
        decider = self.decider()
        if (
            self.rec.decider()[1] == "combat"
            and self.chosen == decider
            and any(c.action.name == "pass" for c in common)
        ):
            everyone = widgets.Button(description=t("everyone passes"), button_style="primary")
            everyone.tooltip = t("each player in turn has nothing more to play in this fight")
            everyone.add_class("munchkin-rec-do")
            everyone.add_class("munchkin-rec-all-pass")
            everyone.on_click(lambda _b: self.all_pass())
            buttons.insert(0, everyone)
        self.common.children = tuple(buttons)
        who = []
        for name in self.rec.players:
            mark = " ★" if name == decider else ""
            b = widgets.Button(description=name + mark, button_style="info" if name == self.chosen else "")
            b.add_class("munchkin-rec-player-button")
            b.on_click(lambda _b, n=name: self.choose_player(n))
            who.append(b)
        self.who.children = tuple(who)
        self.search.disabled = busy
        self.search.placeholder = t("search {player}'s {n} actions…").format(player=self.chosen, n=len(found))
        self._show_found()

    def _choice_button(self, c: Any, cls: str, style: str = "") -> widgets.Button:
        b = widgets.Button(description=self.label(c), button_style=style, tooltip=str(c.action))
        b.add_class(cls)
        b.on_click(lambda _b, c=c: self.take(c))
        return b

    def _show_found(self) -> None:
        if self.rec is None:
            return
        busy = self.need is not None or self.refused is not None
        others = [] if busy else [c for c in self.choices() if not c.common]
        words = self.search.value.strip().casefold().split()
        hits = [c for c in others if all(w in self.label(c).casefold() for w in words)]
        buttons: list[widgets.Widget] = [
            self._choice_button(c, "munchkin-rec-action") for c in hits[:FOUND_MOST]
        ]
        more = len(hits) - len(buttons)
        if more > 0:
            buttons.append(
                widgets.HTML(f"<i>{escape(self.t('{n} more: type to narrow').format(n=more))}</i>")
            )
        self.found.children = tuple(buttons)

    def choose_player(self, name: str) -> None:
        """Show `name`'s actions (an out-of-turn play)."""
        self.chosen = name
        self.search.value = ""
        self._render_choices()
        if self.other_toggle.value:
            self.other.menus()

    # -- recording -------------------------------------------------------------------------
    def take(self, choice: Any) -> Any:
        """Record the action `choice` stands for (asking for chance as it needs)."""
        a = choice.action
        if a.name == "name_card":
            self.need = _NameShown(a.player)
            self.render()
            return self.need
        self.pending = Pending(a)
        return self._go()

    def all_pass(self) -> int:
        """Record a pass for each player in turn while the fight waits for one (the fight then
        goes on to its end, or to the next chance result asked); how many passes were recorded."""
        from munchkin_nb.recorder import Recorded

        passes = 0
        for _ in range(len(self.rec.players) + 1):
            player, kind = self.rec.decider()
            if kind != "combat" or self.need is not None or self.refused is not None:
                break
            found = [c for c in self.choices(player) if c.action.name == "pass"]
            if not found:
                break
            self.chosen = player
            res = self.take(found[0])
            passes += 1
            if not isinstance(res, Recorded):
                break
        return passes

    def take_action(self, action: Action) -> Any:
        """Record `action` (any action: a refused one is shown with its rule)."""
        self.pending = Pending(action)
        return self._go()

    def _go(self) -> Any:
        from munchkin_nb.recorder import Need, Recorded, Refused

        p, rec = self.pending, self.rec
        assert p is not None and rec is not None
        before = rec.state.copy()
        try:
            res = rec.record(p.action, dice=tuple(p.dice), draws=tuple(p.draws), allow=p.allow)
        except RecordingError as exc:  # input no table can have had: said, nothing recorded
            self.pending = self.need = self.refused = None
            self.lines.append(
                f"<p class='allowed'>{escape(self.t('Not recorded: {error}').format(error=exc))}</p>"
            )
            self.render()
            return None
        self.need = self.refused = None
        if isinstance(res, Need):
            self.need = res
        elif isinstance(res, Refused):
            self.refused = res
        elif isinstance(res, Recorded):
            self.pending = None
            self.lines += self._tell(before, list(res.events))
            self.chosen = None
            self.search.value = ""
        self.render()
        return res

    def give_die(self, face: int) -> Any:
        """The die showed `face`."""
        assert self.pending is not None
        self.pending.dice.append(face)
        return self._go()

    def give_card(self, cid: str | None) -> Any:
        """The card drawn was `cid` (None: drawn face down and not shown); or the card a player
        shows (the page's own question)."""
        need = self.need
        if isinstance(need, _NameShown):
            return self._name(need.player, cid)
        assert self.pending is not None
        self.pending.draws.append(cid)
        return self._go()

    def _name(self, player: str, cid: str | None) -> Any:
        """`player` shows `cid`, one of their cards not shown so far."""
        assert self.rec is not None and cid
        before = self.rec.state.copy()
        self.need = None
        try:
            res = self.rec.name_card(player, cid)
        except RecordingError as exc:  # a card the table has seen elsewhere: said, nothing recorded
            self.lines.append(
                f"<p class='allowed'>{escape(self.t('Not recorded: {error}').format(error=exc))}</p>"
            )
            self.render()
            return None
        self.lines += self._tell(before, list(res.events))
        self.render()
        return res

    def allow(self) -> Any:
        """The table allowed the refused action: record it, marked."""
        if self.refused is None:
            return None
        if self.pending is None:  # a card named against the rules: nothing to allow
            return self.take_back()
        self.pending.allow = True
        return self._go()

    def take_back(self) -> None:
        """Forget the action on its way in (nothing was recorded)."""
        self.pending = self.need = self.refused = None
        self.render()

    def _render_ask(self) -> None:
        t, need, rec = self.t, self.need, self.rec
        assert rec is not None
        if self.refused is not None:
            self.ask.children = (
                widgets.HTML(self._ruling_html(self.refused)),
                self._buttons(
                    [
                        (t("the table allowed it"), "warning", "munchkin-rec-allow", self.allow),
                        (t("take it back"), "", "munchkin-rec-take-back", self.take_back),
                    ]
                ),
            )
            return
        if need is None:
            self.ask.children = ()
            return
        said = f"{escape(self.pending.action.player)}: " if self.pending else ""
        if self.pending:
            said += escape(action_words(self.pending.action, rec.state, with_player=False, lang=self.lang))
        cancel = (t("cancel"), "", "munchkin-rec-cancel", self.take_back)
        if isinstance(need, _NameShown) or need.kind == "draw":
            if isinstance(need, _NameShown):
                question = t("Which card does {player} show?").format(player=need.player)
                unknown = set(rec.state.unknown)
                held = [c for c in rec.state.player(need.player).hand if c in unknown]
                decks = sorted({self._deck(c) for c in held})  # only what a card not shown may be
            else:
                question = t("Which card did {player} draw ({deck})?").format(
                    player=need.player or "", deck=self.words(need.deck)
                )
                decks = [need.deck]
            cards: dict[str, str] = {}
            for deck in decks:
                for cid in rec.unseen(deck):
                    cards.setdefault(card_name(rec.state, cid, self.lang), cid)
            self.picker.offer(dict(sorted(cards.items(), key=lambda kv: kv[0].casefold())), self.give_card)
            buttons = [cancel]
            if getattr(need, "kind", "") == "draw" and need.face == "down":
                question = t("Which card did {player} draw face down ({deck})?").format(
                    player=need.player or "", deck=self.words(need.deck)
                )
                buttons.insert(
                    0, (t("not shown"), "primary", "munchkin-rec-not-shown", lambda: self.give_card(None))
                )
            self.ask.children = (
                widgets.HTML(f"<div class='munchkin-rec-ask'>{said}<br><b>{escape(question)}</b></div>"),
                self._buttons(buttons),
                self.picker.box,
            )
            return
        question = t("What did the die show?")
        if need.player:
            question = t("{player} rolled: what did the die show?").format(player=need.player)
        faces = widgets.HBox(
            [self._face(f) for f in range(1, int(need.sides) + 1)],
            layout=widgets.Layout(flex_flow="row wrap", max_width="100%"),
        )
        faces.add_class("munchkin-rec-faces")
        self.ask.children = (
            widgets.HTML(f"<div class='munchkin-rec-ask'>{said}<br><b>{escape(question)}</b></div>"),
            faces,
            self._buttons([cancel]),
        )

    def _face(self, face: int) -> widgets.Button:
        b = widgets.Button(description=str(face), button_style="primary")
        b.add_class("munchkin-rec-face")
        b.on_click(lambda _b: self.give_die(face))
        return b

    def _deck(self, cid: str) -> str:
        assert self.rec is not None
        from munchkin_nb.engine.core.cards import card

        return str(card(self.rec.state, cid).deck)

    @staticmethod
    def _buttons(spec: list[tuple[str, str, str, Any]]) -> widgets.HBox:
        out = []
        for text, style, cls, fn in spec:
            b = widgets.Button(description=text, button_style=style)
            b.add_class(cls)
            b.on_click(lambda _b, fn=fn: fn())
            out.append(b)
        return widgets.HBox(out, layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))

    def _ruling_html(self, r: Any) -> str:
        t = self.t
        rule = RULE_INDEX.get(r.rule)
        title = wording(rule, self.lang).title if rule is not None else r.rule
        cited = citation_html(rule, self.lang) if rule is not None else escape(r.citation or "")
        said = ""
        if self.pending is not None and self.rec is not None:
            a = self.pending.action
            words = action_words(a, self.rec.state, with_player=False, lang=self.lang)
            said = f"{escape(a.player)}: {escape(words)}. "
        return (
            f"<div class='munchkin-ruling refused' data-rule='{escape(r.rule)}'>"
            f"<b>{escape(t('The rules do not allow it:'))}</b> {said}<br>"
            f"<code>{rule_link(r.rule, self.lang)}</code> <b>{escape(title)}</b><br>"
            f"{sentence_html(r, self.pending, self.rec, self.lang)}<br>"
            f"<i>{cited}</i></div>"
        )

    # -- files -----------------------------------------------------------------------------
    def export(self) -> str:
        """The recording as a transcribed file, offered as a download."""
        assert self.rec is not None
        text = str(self.rec.export_transcribed())
        href = "data:application/x-ndjson;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"recorded-game-{self.rec.game_id}.transcribed.jsonl"
        self.export_html.value = (
            "<a class='munchkin-link munchkin-button-link munchkin-rec-file' "
            f"download='{name}' href='{href}'>"
            f"{escape(self.t('download {file}').format(file=name))}</a>"
        )
        return text

    def import_text(self, text: str) -> bool:
        """Continue the transcribed game `text` holds as a new recording; False (said) if it cannot."""
        from munchkin_nb.recorder import Recording

        key = secrets.token_urlsafe(12)
        model: Any = Recording
        try:
            rec = model.import_transcribed(self.store, text, meta={KEY_META: key})
        except Exception as exc:  # the file's own problem, said in one line (the model names the line)
            said = self.t("This file cannot be recorded on: {error}").format(error=exc)
            self.import_notice.value = f"<div class='munchkin-rec-problem' role='status'>{escape(said)}</div>"
            return False
        self.import_notice.value = ""
        self._show(rec, key)
        return True

    def _not_text(self) -> None:
        said = self.t("This file cannot be recorded on: {error}").format(error=self.t("it is not UTF-8 text"))
        self.import_notice.value = f"<div class='munchkin-rec-problem' role='status'>{escape(said)}</div>"
