"""RulesExplorer: the rule catalogue in six languages, searched in any of them, with citations a
reader can follow, the worked examples that check each rule, and the card relations on demand.

The page is usable as soon as the rules are listed: the card views are built only when their tab
is opened (the whole card-relation graph used to cost seconds before one could type).
Page texts come from the gettext domain "explorer" (munchkin_nb/locale/<lang>/LC_MESSAGES).
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import yaml

from munchkin_nb.i18n import LANGUAGES, gettext, pgettext
from munchkin_nb.rules import BASE_GAME, RULES, RULESETS, Rule
from munchkin_nb.rules.citations import citation_html
from munchkin_nb.rules.compare import compared_rulesets, differences
from munchkin_nb.rules.i18n import card_name, wording
from munchkin_nb.rules.rulesets import MODULES, deck_name, opening_card
from munchkin_nb.rules.search import MAX_QUERY, Hit, bounded, search

from .address import PageAddress
from .base import View
from .links import rule_links_html

REPO_ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = REPO_ROOT / "tests" / "scenarios"
ALL = "all rulesets"
DOMAIN = "explorer"
# libyaml when it is there: reading the scenario files with the pure-Python parser cost 0.3 s of page load
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _(message: str) -> str:
    """Marks a page text for `pybabel extract`; translated where it is shown."""
    return message


@lru_cache(maxsize=4)
def _scenario_rules(folder: str) -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(data, dict):
            continue
        title = str(data.get("name") or path.stem.replace("_", " "))
        for rid in data.get("rules") or ():
            index.setdefault(str(rid), []).append(title)
    return {k: tuple(v) for k, v in index.items()}


def scenarios_for(rule_id: str, folder: Path = SCENARIO_DIR) -> list[str]:
    """The titles of the worked examples (scenarios under `folder`) whose `rules:` name `rule_id`."""
    return list(_scenario_rules(str(folder)).get(rule_id, ()))


def real_rulesets() -> list[str]:
    """The rulesets, then the modules, that have rules of their own: the only choices worth offering."""
    own = {name for r in RULES for name in r.rulesets}
    return [n for n in sorted(RULESETS) if n in own] + [n for n in sorted(MODULES) if n in own]


def card_set_for(name: str | None, default: str = BASE_GAME) -> str:
    """The cards a choice of the ruleset picker plays with: a ruleset's set, or a module's cards
    joined to the set of the game it belongs to ("<game>+<module>"); `default` for all of them."""
    if name in MODULES:
        mod = MODULES[name]
        return deck_name(mod.rulesets[0], [mod.name])
    if name in RULESETS:
        return deck_name(name)
    return default


def search_rules(query: str = "", ruleset: str | None = None, lang: str = "en") -> list[Rule]:
    """The rules matching `query` in any language, best first, in `ruleset` (all when None or ALL)."""
    return [h.rule for h in search(query, lang, None if ruleset in (None, ALL) else ruleset)]


STYLE = (
    "<style>"
    ".munchkin-rule{margin:8px 0;padding:6px 8px;border-left:3px solid #2a9d8f;background:#fafafa}"
    ".munchkin-rule .rid{color:#777;font-size:11px;margin-left:6px}"
    ".munchkin-rule .citation{color:#444;font-size:12.5px;margin-top:4px}"
    ".munchkin-rule .quote{font-style:italic}"
    ".munchkin-rule .ours{color:#555}"
    ".munchkin-rule .citation .note{color:#666}"
    ".munchkin-rule .why{color:#2a6f62;font-size:12px;margin-top:2px}"
    ".munchkin-rule .checked{color:#555;font-size:12px;margin-top:2px}"
    ".munchkin-rules-explorer .widget-text{width:auto;flex:1 1 260px;max-width:100%}"
    ".munchkin-rules-explorer .widget-text input{min-width:0}"
    ".munchkin-controls{flex-wrap:wrap;gap:4px}"
    ".munchkin-differs{overflow-x:auto;max-width:calc(100vw - 64px)}"
    ".munchkin-differs-view{max-width:calc(100vw - 64px)}.munchkin-differs-view p{white-space:normal}"
    ".munchkin-differs table{border-collapse:collapse;font-size:13px}"
    ".munchkin-differs td,.munchkin-differs th{border:1px solid #ddd;padding:4px 6px;vertical-align:top;"
    "text-align:left;min-width:180px}"
    ".munchkin-differs .same{color:#888}"
    # the overview: a matrix on a wide screen; on a phone its columns were slivers, so a list
    ".munchkin-overview-list{display:none}.munchkin-overview-list h4{margin:8px 0 2px}"
    ".munchkin-overview-list ul{margin:0;padding-left:18px}.munchkin-overview-list li{line-height:1.4}"
    "@media (max-width:600px){.munchkin-overview{display:none !important}"
    ".munchkin-overview-list{display:block}}"
    "</style>"
)


def rule_html(r: Rule, lang: str = "en", hit: Hit | None = None, folder: Path = SCENARIO_DIR) -> str:
    """One rule in `lang`: title, text, the citation a reader can follow, why it matched, and the
    worked examples that check it (by title)."""
    t = gettext(DOMAIN, lang)
    w = wording(r, lang)
    matched = t("matched")
    why = ""
    if hit is not None and hit.reasons:
        why = (
            f"<div class='why'>{escape(matched)}: "
            + escape("; ".join(reason.describe(lang) for reason in hit.reasons))
            + "</div>"
        )
    titles = scenarios_for(r.id, folder)
    checked = ""
    if titles:
        head = t("Checked by {n} worked example(s)").format(n=len(titles))
        example = pgettext(DOMAIN, lang)  # the examples' titles: msgctxt "worked example"
        shown = "; ".join(escape(example("worked example", x)) for x in titles)
        checked = f"<div class='checked'>{escape(head)}: {shown}</div>"
    return (
        f"<div class='munchkin-rule' data-rule='{escape(r.id)}' lang='{lang}'>"
        f"<b>{escape(w.title)}</b><span class='rid'>{escape(r.id)}</span>"
        f"<div>{escape(w.text)}</div>"
        f"<div class='citation'>{citation_html(r, lang)}</div>{why}{checked}"
        f"{rule_links_html(r.id, lang)}</div>"
    )


def differences_html(lang: str = "en") -> str:
    """The rules that differ between the games, side by side, in `lang` (a table that scrolls
    sideways inside its box on a phone)."""
    t = gettext(DOMAIN, lang)
    names = compared_rulesets()
    head = "".join(f"<th>{escape(t(RULESETS[n].source or n))}</th>" for n in names)
    none, same = t("no such rule"), t("as in the base game")
    rows = []
    for d in differences():
        base = d.rules.get(names[0])
        cells = []
        for n in names:
            r = d.rules.get(n)
            if r is None:
                cells.append(f"<td class='same'>{escape(none)}</td>")
            elif n != names[0] and r is base:
                cells.append(f"<td class='same'>{escape(same)}</td>")
            else:
                w = wording(r, lang)
                cells.append(
                    f"<td><b>{escape(w.title)}</b> <span class='rid'>{escape(r.id)}</span>"
                    f"<div>{escape(w.text)}</div></td>"
                )
        rows.append(f"<tr>{''.join(cells)}</tr>")
    intro = t("Each row is one rule as each game states it; the engine cites the game's own rule.")
    return (
        f"<p>{escape(intro)}</p><div class='munchkin-differs'><table><tr>{head}</tr>"
        + "".join(rows)
        + "</table></div>"
    )


INTRO = (
    "Every rule of the game in six languages: search in any of them (accents optional, word stems, "
    "card names). Each rule comes with the rulebook it stands in, the rulebook's own words beside our "
    "translation, and the worked examples that check it. The Cards tab shows how the cards relate."
)


class RulesExplorer(View):
    """A language picker, a search box and (when there is a real choice) a ruleset picker over the
    rule catalogue; a second tab shows how the cards relate, built when first opened. The page's
    address follows the search (``?lang=es&q=huir&ruleset=<ruleset>&tab=cards``, see `go_to`)."""

    TABS = ("rules", "cards", "differs")

    LIMIT = 40

    def __init__(
        self,
        query: str = "",
        ruleset: str | None = None,
        scenario_dir: Path = SCENARIO_DIR,
        lang: str = "en",
        card_set: str = BASE_GAME,
    ) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
        self.scenario_dir = Path(scenario_dir)
        self.card_set_name = card_set
        self.language = widgets.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()], value=lang, layout={"width": "190px"}
        )
        self.language.add_class("munchkin-language")
        self.search = widgets.Text(value=query, continuous_update=True)
        self.search.add_class("munchkin-rule-search")
        choices = real_rulesets()
        # a picker only when there is something to pick: one ruleset is said, not offered
        self.ruleset: widgets.Dropdown | None = None
        self.ruleset_note = widgets.HTML()
        if len(choices) > 1:
            # the base game first: a visitor searching "run away" means its rules, not every game's
            start = ruleset or (BASE_GAME if BASE_GAME in choices else ALL)
            self.ruleset = widgets.Dropdown(options=self._ruleset_options(choices, lang), value=start)
            self.ruleset.observe(lambda _c: self._ruleset_changed(), names="value")
        self.only_ruleset = choices[0] if len(choices) == 1 else None
        self.results = widgets.HTML()
        self.results.add_class("munchkin-rules")
        self.hits: list[Hit] = []
        self.cards_box = widgets.VBox()
        self.cards_box.add_class("munchkin-cards")
        self.cards: Any = None  # the card views, built when their tab is first opened
        # "what differs": only when there is more than one game to compare, built when opened
        self.differs = widgets.HTML()
        self.differs.add_class("munchkin-differs-view")
        tabs = [widgets.VBox([self.results]), self.cards_box]
        if len(compared_rulesets()) > 1:
            tabs.append(widgets.VBox([self.differs]))
        self.tabs = widgets.Tab(children=tabs)
        self.tabs.observe(self._tab_changed, names="selected_index")
        self.search.observe(lambda _c: self.update(), names="value")
        self.language.observe(lambda _c: self._relabel(), names="value")
        self.address = PageAddress()
        controls = [self.language, self.search, self.ruleset or self.ruleset_note, self.address]
        bar = widgets.HBox(controls)
        bar.add_class("munchkin-controls")
        self.heading = widgets.HTML()  # the page's title and what it offers, in the chosen language
        self.widget = widgets.VBox([widgets.HTML(STYLE), self.heading, bar, self.tabs])
        self.widget.add_class("munchkin-rules-explorer")
        self._relabel()

    @property
    def lang(self) -> str:
        return str(self.language.value)

    @property
    def matches(self) -> list[Rule]:
        return [h.rule for h in self.hits]

    def _relabel(self) -> None:
        """Every page text in the chosen language, then the results again."""
        t = gettext(DOMAIN, self.lang)
        self.heading.value = f"<h1>{escape(t('Rules explorer'))}</h1><p>{escape(t(INTRO))}</p>"
        self.language.description = t("language")
        self.search.description = t("search")
        self.search.placeholder = t("search the rules in any language: run away, huir, смывка, 도망…")
        if self.ruleset is not None:
            self.ruleset.description = t("ruleset")
            chosen = self.ruleset.value
            self.ruleset.options = self._ruleset_options(real_rulesets(), self.lang)
            self.ruleset.value = chosen
        elif self.only_ruleset:
            word = t("ruleset")
            self.ruleset_note.value = f"<span>{escape(word)}: <b>{escape(self.only_ruleset)}</b></span>"
        self.address.say(t("copy link"), t("link copied"), t("copy the link to this position"))
        self.tabs.set_title(0, t("Rules"))
        self.tabs.set_title(1, t("Cards"))
        if len(self.tabs.children) > 2:
            self.tabs.set_title(2, t("What differs"))
            if self.differs.value:
                self.differs.value = differences_html(self.lang)
        self.update()
        if self.cards is not None:
            self.cards.relabel(self.lang)

    @staticmethod
    def _ruleset_options(choices: list[str], lang: str) -> list[tuple[str, str]]:
        """(label, value) for each choice: a module says that it is one ("<module> (module)")."""
        t = gettext(DOMAIN, lang)
        return [(f"{n} ({t('module')})" if n in MODULES else n, n) for n in choices] + [(ALL, ALL)]

    def _ruleset_changed(self) -> None:
        """The rules of the chosen game or module; its cards too, if the card views are open."""
        self.update()
        if self.cards is not None:
            wanted = card_set_for(self.ruleset.value if self.ruleset else None, self.card_set_name)
            if wanted != self.cards.card_set.name:
                self.cards = CardRelations(wanted, self.lang)
                self.cards_box.children = [self.cards.widget]

    def update(self) -> None:
        t = gettext(DOMAIN, self.lang)
        chosen = self.ruleset.value if self.ruleset is not None else None
        query, cut = bounded(self.search.value)  # a long link or paste: its beginning only
        self.hits = search(query, self.lang, None if chosen in (None, ALL) else str(chosen))
        shown = self.hits[: self.LIMIT]
        if self.search.value.strip() and not self.hits:
            none = t("No rule matches; try another word, or another language.")
            body = f"<p>{escape(none)}</p>"
        else:
            body = "".join(
                rule_html(h.rule, self.lang, h if h.reasons else None, self.scenario_dir) for h in shown
            )
        more = ""
        if len(self.hits) > len(shown):
            rest = t("… and {n} more; narrow the search.").format(n=len(self.hits) - len(shown))
            more = f"<p>{escape(rest)}</p>"
        count = t("{n} rule(s)").format(n=len(self.hits))
        if cut:
            count += " " + t("(only the first {n} characters of the search were read)").format(n=MAX_QUERY)
        self.results.value = f"<p class='munchkin-count'>{escape(count)}</p>{body}{more}"
        self.show_address()

    def show_address(self) -> None:
        """Put the language, the search, the ruleset and the open tab into the page's address."""
        tab = self.tabs.selected_index or 0
        self.address.show(
            lang=self.lang,
            q=self.search.value.strip() or None,
            ruleset=self.ruleset.value if self.ruleset is not None else None,
            tab=self.TABS[tab] if tab else None,
        )

    def go_to(self, params: dict[str, str]) -> None:
        """Show what a link names: ``lang``, ``q`` (the search; ``rule``, a rule's id, searches
        for it), ``ruleset`` and ``tab`` (rules, cards, differs); anything unknown is left out."""
        if params.get("lang") in LANGUAGES:
            self.language.value = params["lang"]
        if self.ruleset is not None and params.get("ruleset") in [v for _l, v in self.ruleset.options]:
            self.ruleset.value = params["ruleset"]
        query = params.get("q") or params.get("rule")
        if query:
            self.search.value = query
        tab = params.get("tab")
        if tab in self.TABS and self.TABS.index(tab) < len(self.tabs.children):
            self.tabs.selected_index = self.TABS.index(tab)

    def _tab_changed(self, change: dict[str, Any]) -> None:
        self.show_address()
        if change.get("new") == 1:
            self.open_cards()
        elif change.get("new") == 2 and not self.differs.value:
            self.differs.value = differences_html(self.lang)

    def open_cards(self) -> None:
        """Build the card views (once), in the page's language."""
        if self.cards is None:
            chosen = self.ruleset.value if self.ruleset is not None else None
            self.cards = CardRelations(card_set_for(chosen, self.card_set_name), self.lang)
            self.cards_box.children = [self.cards.widget]


class CardRelations(View):
    """Pick a card and see its neighbourhood; below, the overview of monsters and items by race,
    class and sex. The card set and its figures are made here, on demand, not at page load."""

    def __init__(self, card_set: str = BASE_GAME, lang: str = "en") -> None:
        from munchkin_nb.cards import load_set

        self.card_set = load_set(card_set)
        self.lang = lang
        related = self._cards_with_relations()
        self.picker = widgets.Dropdown(options=self._options(related), value=self._default(related))
        self.picker.add_class("munchkin-card-picker")
        self.neighbourhood = widgets.Output()
        self.neighbourhood.add_class("munchkin-neighbourhood")
        self.overview = widgets.Output()
        self.overview.add_class("munchkin-overview")
        self.overview_list = widgets.HTML()  # the same overview, read on a narrow screen (STYLE)
        self.overview_list.add_class("munchkin-overview-list")
        self.note = widgets.HTML()
        self.picker.observe(lambda _c: self.draw_neighbourhood(), names="value")
        self.widget = widgets.VBox(
            [self.picker, self.neighbourhood, self.note, self.overview, self.overview_list]
        )
        self.relabel(lang)

    def _cards_with_relations(self) -> list[Any]:
        from munchkin_nb.viz.graphs import neighbourhood

        return [c for c in self.card_set.cards.values() if any(neighbourhood(self.card_set, c.id).values())]

    def _label(self, card: Any) -> str:
        # the rulebook's name in the page's language, else ours (domain `cards`: the names the
        # statistics and the lessons show, so a card link lands on the name it was clicked by)
        return card_name(card.id, self.lang, "") or gettext("cards", self.lang)(card.name)

    def _options(self, cards: list[Any]) -> list[tuple[str, str]]:
        t = gettext(DOMAIN, self.lang)
        return sorted((f"{self._label(c)} ({t(c.kind.replace('_', ' '))})", c.id) for c in cards)

    def _default(self, cards: list[Any]) -> str:
        """The card the view opens at: the one its game's ruleset names, else the first."""
        ids: list[str] = [c.id for c in cards]
        named = opening_card(self.card_set.name)
        return named if named in ids else ids[0]

    def relabel(self, lang: str) -> None:
        t = gettext(DOMAIN, lang)
        self.lang = lang
        current = self.picker.value
        self.picker.options = self._options(self._cards_with_relations())
        self.picker.value = current
        self.picker.description = t("card")
        overview = t("All the cards at once: monsters and items by race, class and sex.")
        self.note.value = f"<p>{escape(overview)}</p>"
        self.draw_neighbourhood()
        self.draw_overview()

    def draw_neighbourhood(self) -> None:
        from munchkin_nb.viz.graphs import neighbourhood_graph

        from .figure_output import show_figure

        card = self.card_set.cards[str(self.picker.value)]
        t = gettext(DOMAIN, self.lang)
        title = t("{card}: what it relates to").format(card=self._label(card))
        show_figure(self.neighbourhood, neighbourhood_graph(self.card_set, card.id, title, self.lang))

    def draw_overview(self) -> None:
        from munchkin_nb.viz.graphs import relation_list_html, relation_matrix

        from .figure_output import show_figure

        t = gettext(DOMAIN, self.lang)
        title = t("Monsters (red: bonus against) and items (blue: only for) by race, class and sex")
        show_figure(self.overview, relation_matrix(self.card_set, title, self.lang))
        self.overview_list.value = relation_list_html(self.card_set, self.lang)  # the note says what it is


# the card kinds the picker shows, marked for pybabel (translated where shown)
CARD_KINDS = (_("monster"), _("item"), _("monster enhancer"), _("race"), _("class"))
