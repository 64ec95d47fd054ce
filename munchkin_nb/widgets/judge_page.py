"""The judge's page: set a table up without YAML, ask who may do what now and why not, try a move,
share the table as a link or a scenario file (munchkin_nb.judge answers; the engine decides).

The editor is plain ipywidgets, one field per part of a position (docs/judge.md); every change is
checked by `Position.from_data` and each problem is shown under the field at fault. A valid table
is laid out through the engine and answered at once: every player's legal actions with the rule
that allows each, the fight's arithmetic, "why not?" for any action named, a move tried and
stepped back. Its words are in the page's language (gettext domain `judge`; cards, rules, moves
and citations from their own domains).
"""

from __future__ import annotations

import base64
import re
from html import escape
from typing import Any

import ipywidgets as widgets
import yaml

from munchkin_nb.engine import Action, GameState, IllegalAction
from munchkin_nb.engine.core.cards import card_set as load_set
from munchkin_nb.i18n import gettext
from munchkin_nb.judge import LinkError, Position, PositionError, Problem, Table, decode, encode, may_do, why
from munchkin_nb.judge.ask import Allowed, Ruling
from munchkin_nb.judge.from_game import position_from_text
from munchkin_nb.judge.position import PHASES
from munchkin_nb.judge.said import BLANKS, sentence_in
from munchkin_nb.rules import BASE_GAME, RULE_INDEX, RULESETS, ruleset
from munchkin_nb.rules.citations import citation_html
from munchkin_nb.rules.i18n import wording
from munchkin_nb.rules.rulesets import MODULES, deck_name, ruleset_with
from munchkin_nb.scenarios.names import base
from munchkin_nb.scenarios.shapes import PLAYER_PARAMS
from munchkin_nb.viz.words import action_words, card_name

from .address import PageAddress
from .base import View
from .judge_editor import (
    DOMAIN,
    JUDGE_CSS,
    NAMES,
    NOBODY,
    PHASE_WORDS,
    ZONE_WORDS,
    Catalogue,
    PlayerEditor,
    field_key,
    problem_html,
    row,
    text_upload,
    wide,
)
from .judge_start import EXAMPLE, LEAD, rule_folded
from .lesson import combat_line
from .links import in_link, rule_link
from .table import CSS, table_html


class JudgePage(View):
    """The judge on a page: the editor, the answers, "why not?", try it, share and keep."""

    MAX_PLAYERS = 6

    def __init__(self, lang: str = "en", position: Position | str | None = None) -> None:
        """`position`: a Position, or a shared link's text (a damaged one is said above the
        editor, which then shows the example table)."""
        self.lang = lang
        self.t = gettext(DOMAIN, lang)
        self.words = gettext("words", lang)
        t = self.t
        self._quiet = True
        self.position: Position | None = None
        self.table: Table | None = None
        self.allowed: dict[str, list[Allowed]] = {}
        self.tried: list[list[str]] = []  # the lines of each action tried, to step back
        self.enhancer_places: dict[str, dict[str, str]] = {}  # an imported enhancer's monster and player
        self.on_position: list[Any] = []  # called with each valid position (the page's address)
        self.cat = self._catalogue(BASE_GAME, [])
        self._move_menus: dict[tuple[str, ...], list[tuple[str, str]]] = {}

        # -- the editor -----------------------------------------------------------------------
        self.ruleset = widgets.Dropdown(
            description=t("ruleset"),
            options=[(self._ruleset_name(r), r) for r in RULESETS],
            # the longest rulebook's name whole in a desktop's window (as the recorder's menu)
            layout=widgets.Layout(width="480px", max_width="100%"),
        )
        self.modules = wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=False))
        self.modules.placeholder = t("modules")
        self.count = widgets.BoundedIntText(
            description=t("players"),
            value=3,
            min=1,
            max=self.MAX_PLAYERS,
            layout=widgets.Layout(width="150px"),
        )
        self.players: list[PlayerEditor] = []  # made as the count asks for them
        self.player_boxes = widgets.VBox([], layout=widgets.Layout(max_width="100%"))
        self.turn = widgets.Dropdown(
            description=t("turn of"), layout=widgets.Layout(width="220px", max_width="100%")
        )
        self.phase = widgets.Dropdown(
            description=t("phase"),
            options=[(self.words(PHASE_WORDS[p]), p) for p in PHASES],
            layout=widgets.Layout(width="260px", max_width="100%"),
        )
        self.in_fight = widgets.Checkbox(
            description=t("a fight: the player whose turn it is fights"), indent=False
        )
        self.in_fight.layout.width = "auto"
        self.monsters = wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=True))
        self.monsters.placeholder = t("monsters")
        self.enhancers = wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=True))
        self.enhancers.placeholder = t("enhancers (on the first monster)")
        self.helper = widgets.Dropdown(
            description=t("helper"), layout=widgets.Layout(width="220px", max_width="100%")
        )
        self.door_top = wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=True))
        self.door_top.placeholder = t("top of the door deck (first drawn first)")
        self.treasure_top = wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=True))
        self.treasure_top.placeholder = t("top of the treasure deck (first drawn first)")
        for w, cls in (
            (self.modules, "modules"),
            (self.monsters, "monsters"),
            (self.enhancers, "enhancers"),
            (self.door_top, "door-top"),
            (self.treasure_top, "treasure-top"),
            (self.turn, "turn"),
            (self.phase, "phase"),
            (self.helper, "helper"),
            (self.in_fight, "in-fight"),
            (self.count, "count"),
            (self.ruleset, "ruleset"),
        ):
            w.add_class(f"munchkin-judge-{cls}")
        self.problems = {
            key: widgets.HTML()
            for key in ("ruleset", "modules", "players", "turn", "phase", "fight.monsters", "fight.enhancers")
            + ("fight.helper", "decks.door", "decks.treasure", "")
        }
        for key, w in self.problems.items():
            w.add_class("munchkin-judge-problems-" + (re.sub(r"\W+", "-", key) or "other"))
        fight_box = widgets.VBox(
            [
                self.in_fight,
                self.monsters,
                self.problems["fight.monsters"],
                self.enhancers,
                self.problems["fight.enhancers"],
                self.helper,
                self.problems["fight.helper"],
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        decks_box = widgets.VBox(
            [
                widgets.HTML(f"<h3>{escape(t('The decks, when it matters'))}</h3>"),
                self.door_top,
                self.problems["decks.door"],
                self.treasure_top,
                self.problems["decks.treasure"],
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.editor = widgets.VBox(
            [
                widgets.HTML(f"<h2>{escape(t('The table'))}</h2>"),
                row([self.ruleset, self.count]),
                self.problems["ruleset"],
                self.modules,
                self.problems["modules"],
                self.problems["players"],
                self.player_boxes,
                row([self.turn, self.phase]),
                self.problems["turn"],
                self.problems["phase"],
                fight_box,
                decks_box,
                self.problems[""],
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.editor.add_class("munchkin-judge-editor")

        # -- the answers ------------------------------------------------------------------------
        self.status = widgets.HTML()
        self.status.add_class("munchkin-judge-status")
        self.table_html = widgets.HTML()
        self.table_html.add_class("munchkin-table-box")
        self.fight_html = widgets.HTML()
        self.fight_html.add_class("munchkin-judge-fight")
        self.answers = widgets.HTML()
        self.answers.add_class("munchkin-judge-answers")

        # why not?
        self.why_player = widgets.Dropdown(
            description=t("player"), layout=widgets.Layout(width="220px", max_width="100%")
        )
        self.why_action = widgets.Dropdown(
            description=t("action"), layout=widgets.Layout(width="340px", max_width="100%")
        )
        self.why_card = widgets.Dropdown(
            description=t("card"), layout=widgets.Layout(width="340px", max_width="100%")
        )
        self.why_whom = widgets.Dropdown(
            description=t("whom"), layout=widgets.Layout(width="220px", max_width="100%")
        )
        self.why_monster = widgets.Dropdown(
            description=t("monster"), layout=widgets.Layout(width="300px", max_width="100%")
        )
        self.why_button = widgets.Button(description=t("why not?"), button_style="primary")
        self.why_button.add_class("munchkin-judge-why")
        self.why_button.on_click(lambda _b: self.ask_why())
        self.ruling = widgets.HTML()
        self.ruling.add_class("munchkin-judge-ruling")
        for w, cls in (
            (self.why_player, "why-player"),
            (self.why_action, "why-action"),
            (self.why_card, "why-card"),
            (self.why_whom, "why-whom"),
            (self.why_monster, "why-monster"),
        ):
            w.add_class(f"munchkin-judge-{cls}")
        for w in (self.why_player, self.why_action, self.why_card, self.why_whom, self.why_monster):
            w.observe(self._why_changed, names="value")  # an answer stays only beside its question

        # try it
        self.try_menu = widgets.Dropdown(
            description=t("action"), layout=widgets.Layout(width="100%", max_width="100%")
        )
        self.try_menu.add_class("munchkin-judge-try-menu")
        self.take_button = widgets.Button(description=t("take it"), button_style="success")
        self.take_button.add_class("munchkin-judge-take")
        self.take_button.on_click(lambda _b: self.take())
        self.back_button = widgets.Button(description=t("step back"))
        self.back_button.add_class("munchkin-judge-back")
        self.back_button.on_click(lambda _b: self.back())
        self.tried_html = widgets.HTML()
        self.tried_html.add_class("munchkin-judge-tried")

        # share and keep
        # the page's address holds the position (?position=v1...): the copy-link button copies it
        self.address = PageAddress()
        self.address.say(t("copy the link"), t("link copied"), t("copy the link to this table"))
        self.address.add_class("munchkin-judge-link")
        if lang != "en":  # the tab's title in the page's language (the notebook's is English)
            self.address.title = t("The rules judge")
        self.export_html = widgets.HTML()
        self.export_html.add_class("munchkin-judge-export")
        self.scenario_text = wide(widgets.Textarea(value="", rows=8))
        self.scenario_text.add_class("munchkin-judge-scenario")
        self.upload = text_upload(
            ".yaml,.yml",
            t("import a scenario file"),
            "munchkin-judge-import",
            lambda text, name: self.import_text(text, name or "scenario.yaml"),
            lambda: self._notice(self.t("This file cannot be read:"), [self.t("it is not UTF-8 text")]),
        )
        self.import_notice = widgets.HTML()
        self.link_notice = widgets.HTML()
        self.link_notice.add_class("munchkin-judge-link-notice")
        self.import_notice.add_class("munchkin-judge-import-notice")

        self.widget = widgets.VBox(
            [
                widgets.HTML(CSS + JUDGE_CSS),
                widgets.HTML(f"<h1>{escape(t('The rules judge'))}</h1><p>{escape(t(LEAD))}</p>"),
                self.link_notice,
                self.editor,
                widgets.HTML(f"<h2>{escape(t('The ruling'))}</h2>"),
                self.status,
                self.table_html,
                self.fight_html,
                self.answers,
                widgets.HTML(f"<h2>{escape(t('Why not?'))}</h2>"),
                row(
                    [
                        self.why_player,
                        self.why_action,
                        self.why_card,
                        self.why_whom,
                        self.why_monster,
                        self.why_button,
                    ]
                ),
                self.ruling,
                widgets.HTML(f"<h2>{escape(t('Try it'))}</h2>"),
                self.try_menu,
                row([self.take_button, self.back_button]),
                self.tried_html,
                widgets.HTML(f"<h2>{escape(t('Share and keep'))}</h2>"),
                self.address,
                self.export_html,
                self.scenario_text,
                self.upload,
                self.import_notice,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.widget.add_class("munchkin-judge")
        for w in (self.ruleset, self.modules, self.count, self.turn, self.phase, self.in_fight):
            w.observe(self.changed, names="value")
        for w in (self.monsters, self.enhancers, self.helper, self.door_top, self.treasure_top):
            w.observe(self.changed, names="value")
        if isinstance(position, str) and self.open_link(position):
            return
        self.load(position if isinstance(position, Position) else Position.from_data(EXAMPLE))

    # -- words ------------------------------------------------------------------------------
    def _ruleset_name(self, name: str) -> str:
        return f"{name} ({self.t(ruleset(name).source)})"

    def _catalogue(self, rs: str, modules: list[str]) -> Catalogue:
        return Catalogue(load_set(deck_name(rs, modules)), self.lang)

    # -- the editor ---------------------------------------------------------------------------
    def load(self, pos: Position) -> None:
        """Show `pos` in the editor and answer for it."""
        d = pos.data
        self._quiet = True
        try:
            self.ruleset.value = d["ruleset"]
            self._offer(d["ruleset"], d["modules"])
            self.modules.value = list(d["modules"])
            self.count.value = len(d["players"])
            self._names()
            for ed, spec in zip(self.players, d["players"], strict=False):
                ed.show(spec, self.cat)
            self._names()
            self.turn.value = d["turn"]
            self.phase.value = d["phase"]
            fight = d.get("fight")
            self.in_fight.value = bool(fight)
            self.monsters.value = self.cat.names(fight["monsters"]) if fight else []
            self.enhancers.value = self.cat.names([e["card"] for e in fight["enhancers"]]) if fight else []
            self.enhancer_places = {
                base(e["card"]): {"monster": e["monster"], "by": e["by"]}
                for e in (fight or {}).get("enhancers", [])
            }
            self.helper.value = (fight or {}).get("helper") or NOBODY
            self.door_top.value = self.cat.names(d["decks"]["door"])
            self.treasure_top.value = self.cat.names(d["decks"]["treasure"])
        finally:
            self._quiet = False
        self.changed()

    def _offer(self, rs: str, modules: list[str]) -> None:
        """The cards each field offers, for this ruleset and these modules."""
        self.cat = self._catalogue(rs, modules)
        self.modules.allowed_tags = sorted(m for m, mod in MODULES.items() if rs in mod.rulesets)
        for ed in self.players:
            ed.offer(self.cat)
        self.monsters.allowed_tags = self.cat.labels(("monster",))
        self.enhancers.allowed_tags = self.cat.labels(("monster_enhancer",))
        self.door_top.allowed_tags = self.treasure_top.allowed_tags = self.cat.labels()
        rules = ruleset_with(rs, tuple(modules))
        for ed in self.players:
            ed.level.max = rules.win_level - 1
        self.count.min, self.count.max = rules.min_players, min(rules.max_players, self.MAX_PLAYERS)

    def _names(self) -> list[str]:
        """The players' names as the menus offer them; the first `count` editors are shown."""
        while len(self.players) < self.count.value:
            ed = PlayerEditor(self, len(self.players))
            ed.name.value = NAMES[ed.i]
            ed.sex.value = ("female", "male")[ed.i % 2]
            ed.offer(self.cat)
            self.players.append(ed)
        self.player_boxes.children = [ed.box for ed in self.players[: self.count.value]]
        names = [ed.name.value.strip() or f"{i + 1}" for i, ed in enumerate(self.players[: self.count.value])]
        keep_turn, keep_helper = self.turn.value, self.helper.value
        self.turn.options = names
        self.turn.value = keep_turn if keep_turn in names else names[0]
        self.helper.options = [(self.t("nobody"), NOBODY), *((n, n) for n in names)]
        self.helper.value = keep_helper if keep_helper in names else NOBODY
        return names

    def data(self) -> dict[str, Any]:
        """The position the editor shows, as data for `Position.from_data`."""
        d: dict[str, Any] = {
            "ruleset": self.ruleset.value,
            "modules": list(self.modules.value),
            "players": [ed.data(self.cat) for ed in self.players[: self.count.value]],
            "turn": self.turn.value,
            "decks": {
                "door": self.cat.ids(self.door_top.value),
                "treasure": self.cat.ids(self.treasure_top.value),
            },
        }
        if self.in_fight.value:
            monsters = self.cat.ids(self.monsters.value)
            enhancers = []
            for cid in self.cat.ids(self.enhancers.value):
                place = self.enhancer_places.get(cid, {})
                spec = {"card": cid}
                if place.get("monster") in monsters:
                    spec["monster"] = place["monster"]
                if place.get("by") in [p["name"] for p in d["players"]]:
                    spec["by"] = place["by"]
                enhancers.append(spec)
            d["fight"] = {"monsters": monsters, "enhancers": enhancers}
            if self.helper.value:
                d["fight"]["helper"] = self.helper.value
        else:
            d["phase"] = self.phase.value
        return d

    def changed(self, change: Any = None) -> None:
        """A field changed: check the table, show each problem at its field, answer a valid one."""
        if self._quiet:
            return
        self._quiet = True
        try:
            owner = change.get("owner") if change is not None else None  # traitlets' Bunch is a dict
            if owner in (self.ruleset, self.modules):
                self._offer(self.ruleset.value, list(self.modules.value))
            self._names()
            fight = self.in_fight.value
            for w in (self.monsters, self.enhancers, self.helper):
                w.layout.display = "flex" if fight else "none"
            self.phase.disabled = fight
        finally:
            self._quiet = False
        self.check()

    def check(self) -> Position | None:
        """Check the editor's table; on success lay it out and answer (else say what is wrong)."""
        try:
            pos = Position.from_data(self.data())
        except PositionError as exc:
            self._problems(exc.problems)
            self._no_answer(self.t("This table cannot be: see the fields marked above."))
            return None
        self._problems([])
        self.answer(pos)
        return pos

    def _problems(self, problems: list[Problem]) -> None:
        by_key: dict[str, list[Problem]] = {}
        for p in problems:
            by_key.setdefault(field_key(p.field), []).append(p)
        for i, ed in enumerate(self.players):
            shown: dict[int, list[Problem]] = {}
            for key, w in ed.problems.items():
                shown.setdefault(id(w), []).extend(by_key.pop(f"players[{i}].{key}", []))
            for w in ed.problems.values():
                w.value = problem_html(shown[id(w)], self.say_problem)
        general = []
        for key, w in self.problems.items():
            if key:
                w.value = problem_html(by_key.pop(key, []), self.say_problem)
        for rest in by_key.values():
            general += rest
        self.problems[""].value = problem_html(general, self.say_problem)

    def say_problem(self, problem: Problem) -> str:
        """A problem in the page's language: its template translated, its values filled in as a
        visitor reads them (cards and places by `plain`, words such as a card's kind translated)."""
        if not problem.template:
            return self.plain(problem.message)

        def word(v: str) -> str:
            said = self.t(v.replace("_", " "))
            return said if said != v.replace("_", " ") else self.plain(v)

        return self.t(problem.template).format(**{k: word(v) for k, v in problem.values})

    def plain(self, message: str) -> str:
        """A problem as a visitor reads it: cards by their names in the page's language, and
        `players[0].hand[2]` as the player's name and the field's ("Ana, hand")."""
        names = [ed.name.value.strip() or str(ed.i + 1) for ed in self.players]

        def card(m: re.Match[str]) -> str:
            cid = base(m.group(1))
            return f"«{self.cat.label[cid]}»" if cid in self.cat.label else m.group(0)

        def place(m: re.Match[str]) -> str:
            i, zone = int(m.group(1)), m.group(2)
            who = names[i] if i < len(names) else m.group(0)
            return f"{who}, {self.t(ZONE_WORDS[zone])}" if zone in ZONE_WORDS else f"{who}, {self.t(zone)}"

        message = re.sub(r"'([a-z0-9_]+(?:#\d+)?)'", card, message)
        return re.sub(r"players\[(\d+)\]\.(\w+)(?:\[\d+\])?", place, message)

    def _no_answer(self, message: str) -> None:
        self.position = self.table = None
        self.allowed = {}
        self.status.value = f"<div class='munchkin-judge-problem'>{escape(message)}</div>"
        self.table_html.value = self.fight_html.value = self.answers.value = self.ruling.value = ""
        self.try_menu.options = []
        self.tried_html.value = ""
        self.take_button.disabled = self.back_button.disabled = True

    # -- the answers ---------------------------------------------------------------------------
    def answer(self, pos: Position) -> None:
        """Lay `pos` out through the engine and answer for it (a new table: nothing tried yet)."""
        try:
            game = pos.game()
        except Exception as exc:  # the engine could not reach the table (a fight it would not start)
            self._no_answer(self.t("The engine cannot lay this table out: {error}").format(error=exc))
            return
        self.position, self.table, self.tried = pos, Table(game), []
        self._share(pos)
        for fn in self.on_position:
            fn(pos)
        self.show_state()

    def show_state(self) -> None:
        """The answers for the table as it stands now (after the actions tried, if any)."""
        assert self.table is not None
        s = self.table.state
        t = self.t
        self.allowed = may_do(s)
        self.table_html.value = table_html(s, lang=self.lang, hands=True)
        after = (
            t("After {n} tried actions (step back to return).").format(n=len(self.tried))
            if self.tried
            else ""
        )
        self.status.value = f"<p class='munchkin-judge-after'>{escape(after)}</p>" if after else ""
        self.fight_html.value = self.fight_words(s)
        self.answers.value = self.actions_html(s)
        self.ruling.value = ""
        self._menus(s)
        self.tried_html.value = "".join(
            f"<p class='munchkin-judge-event'>{escape(line)}</p>" for lines in self.tried for line in lines
        )
        self.back_button.disabled = not self.tried

    def fight_words(self, s: GameState) -> str:
        """The fight's arithmetic and the rule it turns on ("" outside a fight)."""
        if s.combat is None:
            return ""
        from munchkin_nb.judge import fight

        bd = fight(s)
        assert bd is not None
        rule = RULE_INDEX.get(bd["rule"])
        cited = ""
        if rule is not None:
            w = wording(rule, self.lang)
            cited = (
                f"<div class='munchkin-judge-fight-rule'><code>{rule_link(rule.id, self.lang)}</code> "
                f"<b>{escape(w.title)}</b>: {escape(w.text)} <i>({citation_html(rule, self.lang)})</i></div>"
            )
        tie = ""
        if bd["margin"] == 0 and bd["ties_win"]:
            said = self.t("A tie, and the fighters win it: a card of theirs in play wins ties.")
            tie = f"<p class='munchkin-judge-tie'>{escape(said)}</p>"
        return f"<h3>{escape(self.t('The fight'))}</h3>{combat_line(s, self.lang)}{tie}{cited}"

    def actions_html(self, s: GameState) -> str:
        """For every player, the actions they may take now, each with the rule that allows it."""
        t = self.t
        parts = [f"<h3>{escape(t('Who may do what now'))}</h3>"]
        for name, found in self.allowed.items():
            items = "".join(
                f"<li>{escape(action_words(a.action, s, with_player=False, lang=self.lang))}"
                + (
                    f" <span class='munchkin-judge-oot'>{escape(t('out of turn'))}</span>"
                    if a.out_of_turn
                    else ""
                )
                + f" {rule_folded(a.rule, self.lang)}</li>"
                for a in found
            )
            said = t("{player}: {n} actions").format(player=name, n=len(found))
            body = (
                f"<ul class='munchkin-judge-actions'>{items}</ul>"
                if found
                else f"<p>{escape(t('nothing now'))}</p>"
            )
            parts.append(
                f"<details class='munchkin-judge-player-actions' data-player='{escape(name)}' open>"
                f"<summary><b>{escape(said)}</b></summary>{body}</details>"
            )
        return "".join(parts)

    def _menus(self, s: GameState) -> None:
        """The "why not?" and "try it" menus for the table as it stands."""
        names = s.names()
        keep = self.why_player.value
        self.why_player.options = names
        self.why_player.value = keep if keep in names else names[0]
        from munchkin_nb.engine.moves.base import MOVES

        rs_modules = set(s.modules)
        moves = [m for m, mv in MOVES.items() if not mv.module or mv.module in rs_modules]
        keep_action = self.why_action.value
        self.why_action.options = self._move_menu(tuple(moves))
        self.why_action.value = keep_action if keep_action in moves else "kick_door"
        keep_whom = self.why_whom.value
        self.why_whom.options = [(self.t("nobody"), NOBODY), *((n, n) for n in names)]
        self.why_whom.value = keep_whom if keep_whom in names else NOBODY
        monsters = [m["card"] for m in s.combat.monsters] if s.combat else []
        self.why_monster.options = [
            (self.t("none"), NOBODY),
            *((card_name(s, m, self.lang), m) for m in monsters),
        ]
        self.why_monster.value = NOBODY
        self._why_cards()
        options = [
            (f"{a.action.player}: {action_words(a.action, s, with_player=False, lang=self.lang)}", (n, i))
            for n, found in self.allowed.items()
            for i, a in enumerate(found)
        ]
        self.try_menu.options = options
        self.try_menu.value = options[0][1] if options else None
        self.take_button.disabled = not options

    def _move_menu(self, moves: tuple[str, ...]) -> list[tuple[str, str]]:
        """The moves as the "why not?" menu lists them, by their words (the same game's moves
        after every change: made once)."""
        menu = self._move_menus.get(moves)
        if menu is None:
            menu = self._move_menus[moves] = sorted(
                ((self._move_words(m), m) for m in moves), key=lambda o: o[0].casefold()
            )
        return menu

    def _move_words(self, name: str) -> str:
        """A move as the menu names it, its cards and players left open: "Curse … with …"."""
        return action_words(
            {"name": name, "player": "", "params": BLANKS}, None, with_player=False, lang=self.lang
        )

    def _why_changed(self, _change: Any = None) -> None:
        self.ruling.value = ""

    def _why_cards(self) -> None:
        """The cards "why not?" offers: every card at the table, player by player, then the fight's."""
        if self.table is None:
            return
        s = self.table.state
        zones = ("hand", "equipped", "carried", "races", "classes", "curses")
        cards = [c for q in s.players for z in zones for c in getattr(q, z)]
        cards += [m["card"] for m in s.combat.monsters] if s.combat else []
        keep = self.why_card.value
        self.why_card.options = [(self.t("none"), NOBODY), *((card_name(s, c, self.lang), c) for c in cards)]
        self.why_card.value = keep if keep in cards else NOBODY

    def asked_action(self) -> Action:
        """The action the "why not?" menus name: a legal action of that name with those
        parameters when there is one (it carries the engine's other parameters), else as named."""
        player, name = self.why_player.value, self.why_action.value
        params: dict[str, Any] = {}
        if self.why_card.value:
            params["card"] = self.why_card.value
        if self.why_monster.value:
            params["monster"] = self.why_monster.value
        same = [a.action for found in self.allowed.values() for a in found if a.action.name == name]
        if self.why_whom.value:
            keys = [k for a in same for k in a.params if k in PLAYER_PARAMS]
            params[keys[0] if keys else "target"] = self.why_whom.value
        for a in same:
            if a.player == player and all(a.params.get(k) == v for k, v in params.items()):
                return a
        return Action(name, player, params)

    def ask_why(self) -> Ruling | None:
        """Answer "why not?" for the action the menus name, with its rule and citation."""
        if self.table is None or not self.why_action.value:
            return None
        ruling = why(self.table.state, self.asked_action(), self.lang)
        self.ruling.value = self.ruling_html(ruling)
        return ruling

    def ruling_html(self, r: Ruling) -> str:
        t = self.t
        s = self.table.state if self.table else None
        said = f"{r.action.player}: " + action_words(r.action, s, with_player=False, lang=self.lang)
        verdict = t("Allowed") if r.allowed else t("Not allowed")
        rule = RULE_INDEX.get(r.rule)
        title = wording(rule, self.lang).title if rule is not None else r.rule
        text = wording(rule, self.lang).text if rule is not None else ""
        cited = citation_html(rule, self.lang) if rule is not None else ""
        cls = "allowed" if r.allowed else "refused"
        return (
            f"<div class='munchkin-ruling {cls}' data-rule='{escape(r.rule)}'>"
            f"<b>{escape(verdict)}</b>: {escape(said)}.<br>"
            f"<code>{rule_link(r.rule, self.lang)}</code> <b>{escape(title)}</b>: {escape(text)}<br>"
            f"{self.sentence_html(r.template, r.fields, r.sentence, r.action)}<br>"
            f"<i>{cited}</i></div>"
        )

    def sentence_html(self, template: str, fields: dict[str, Any], sentence: str, action: Action) -> str:
        """The engine's sentence in the page's language; where it has no translation, as the
        engine wrote it, marked English (the rule's words above it are the page's language)."""
        s = self.table.state if self.table else None
        words = sentence_in(template, fields, action, s, self.lang)
        if words is None:
            return f"<span class='munchkin-judge-sentence' lang='en'>{escape(sentence)}</span>"
        return f"<span class='munchkin-judge-sentence' lang='{self.lang}'>{escape(words)}</span>"

    # -- try it ------------------------------------------------------------------------------
    def take(self) -> list[str]:
        """Take the action the "try it" menu names; its events in words, the new table answered."""
        if self.table is None or self.try_menu.value is None:
            return []
        name, i = self.try_menu.value
        a = self.allowed[name][i].action
        try:
            lines = self.table.take(a, self.lang)
        except IllegalAction as exc:  # listed as legal: the engine disagrees with itself
            refused = self.sentence_html(exc.template, exc.fields, exc.sentence, a)
            self.ruling.value = f"<div class='munchkin-ruling refused'>{refused}</div>"
            return []
        said = action_words(a, self.table.state, with_player=True, lang=self.lang)
        self.tried.append([said + ":", *(f"  {line}" for line in lines)])
        self.show_state()
        return lines

    def back(self) -> bool:
        """Step back one tried action."""
        if self.table is None or not self.table.back():
            return False
        self.tried.pop()
        self.show_state()
        return True

    # -- share and keep ------------------------------------------------------------------------
    def _share(self, pos: Position) -> None:
        self.link = encode(pos)
        self.address.show(position=self.link, lang=in_link(self.lang))
        text = self.scenario_yaml(pos)
        href = "data:application/x-yaml;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.scenario_text.value = text
        self.export_html.value = (
            f"<a class='munchkin-link munchkin-button-link munchkin-judge-download' download='position.yaml' "
            f"href='{href}'>{escape(self.t('export as a scenario file'))}</a> "
            f"<span>{escape(self.t('(munchkin-nb scenario run accepts it)'))}</span>"
        )

    def scenario_yaml(self, pos: Position | None = None) -> str:
        """The scenario file that lays the table out."""
        pos = pos or self.position
        assert pos is not None
        data = pos.to_scenario(self.t("A judged position"))
        # libyaml's emitter where it is built in: the file is made again after every change
        return yaml.dump(data, Dumper=SafeDumper, sort_keys=False, allow_unicode=True)

    def import_text(self, text: str, name: str = "scenario.yaml") -> bool:
        """Put the table a scenario file lays out into the editor; False (and a notice) when it cannot."""
        try:
            pos = position_from_text(text, name)
        except PositionError as exc:
            lines = [str(p) for p in exc.problems]
            self._notice(self.t("This file holds an impossible table:"), lines)
            return False
        except ValueError as exc:
            self._notice(self.t("This file cannot be read:"), [str(exc)])
            return False
        self.import_notice.value = ""
        self.load(pos)
        return True

    def open_link(self, link: str) -> bool:
        """Open a shared position; False (and a notice) when the link is damaged."""
        try:
            pos = decode(link)
        except LinkError as exc:
            lines = [str(exc), *map(str, exc.problems)]
            self._notice(self.t("This link cannot be opened:"), lines, self.link_notice)
            return False
        self.link_notice.value = ""
        self.load(pos)
        return True

    def _notice(self, head: str, lines: list[str], where: widgets.HTML | None = None) -> None:
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        (
            where or self.import_notice
        ).value = (
            f"<div class='munchkin-judge-problem' role='status'><b>{escape(head)}</b><ul>{items}</ul></div>"
        )


#: PyYAML's safe dumper, in C where libyaml is built in
SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
