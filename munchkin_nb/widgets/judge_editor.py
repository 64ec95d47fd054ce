"""The judge page's editor parts: its words and styles, the card catalogue of a game, and one
player's fields (munchkin_nb.widgets.judge_page lays them out and answers)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from munchkin_nb.judge import Problem
from munchkin_nb.scenarios.names import base
from munchkin_nb.viz.words import card_name

if TYPE_CHECKING:
    from .judge_page import JudgePage

DOMAIN = "judge"
NOBODY = ""
NAMES = (
    "Ana",
    "Ben",
    "Cleo",
    "Dan",
    "Eva",
    "Finn",
)  # a new player's name, until the visitor names them  # the helper and "whom" menus' empty choice
# the zones of a player the editor has, and the card kinds each offers (None: every card)
ZONE_KINDS: dict[str, tuple[str, ...] | None] = {
    "races": ("race",),
    "classes": ("class",),
    "equipped": None,
    "carried": None,
    "curses": ("curse",),
    "hand": None,
}
TOP_FIELDS = ("name", "sex", "level", "half_breed", "super_munchkin")
FIELD = re.compile(r"^(?:players\[(\d+)\]\.(\w+)|fight\.?(\w*)|decks\.(\w+)|(\w+))")
JUDGE_CSS = """
<style>
.munchkin-judge {max-width: 100%; box-sizing: border-box;}
.munchkin-judge .widget-box, .munchkin-judge .widget-html,
.munchkin-judge .widget-inline-hbox,
.munchkin-judge .widget-tagsinput, .munchkin-judge .widget-text, .munchkin-judge .widget-dropdown,
.munchkin-judge .widget-textarea {max-width: 100%; box-sizing: border-box;}
.munchkin-judge .widget-hbox {flex-wrap: wrap; gap: 4px 8px; align-items: center;}
.munchkin-judge button, .munchkin-judge select, .munchkin-judge input {min-height: 40px;}
.munchkin-judge .widget-button {height: auto; white-space: normal;}
.munchkin-judge h2 {font-size: 1.2em; margin: 14px 0 4px;}
.munchkin-judge h3 {font-size: 1.05em; margin: 8px 0 2px;}
.munchkin-judge .munchkin-judge-player {border: 1px solid #ddd; border-radius: 6px; padding: 4px 8px;
  margin: 4px 0;}
.munchkin-judge .munchkin-judge-problem {color: #7a1f1f; background: #fdecea; border-left: 4px solid #c0392b;
  padding: 2px 8px; margin: 2px 0; overflow-wrap: anywhere;}
.munchkin-judge .munchkin-judge-actions li {margin: 2px 0;}
.munchkin-judge .munchkin-judge-oot {background: #e3f2ef; border-radius: 3px; padding: 0 4px;
  font-size: 12px;}
.munchkin-judge .munchkin-ruling {border-left: 4px solid #999; background: #f6f6f6; padding: 4px 10px;
  overflow-wrap: anywhere;}
.munchkin-judge .munchkin-ruling.allowed {border-left-color: #2a9d8f; background: #e3f2ef;}
.munchkin-judge .munchkin-ruling.refused {border-left-color: #c0392b; background: #fdecea;}
.munchkin-judge .munchkin-judge-answers, .munchkin-judge .munchkin-judge-log {overflow-wrap: anywhere;}
.munchkin-judge .munchkin-judge-tried p {margin: 2px 0;}
.munchkin-judge textarea {font-family: monospace; font-size: 12px;}
.munchkin-judge .widget-label {min-width: 0;}
.munchkin-judge .widget-html-content {line-height: 1.45;}
.munchkin-judge .jupyter-widget-tag {white-space: normal; height: auto; min-height: 28px;}
.munchkin-judge .widget-checkbox {width: auto;}
</style>
"""


def _(message: str) -> str:
    """Marks a message for `pybabel extract` (domain `judge`); translated where it is shown."""
    return message


PHASE_WORDS = {"before_door": "before door", "after_door": "after door", "charity": "charity"}
ZONE_WORDS = {
    "races": _("races"),
    "classes": _("classes"),
    "equipped": _("items worn"),
    "carried": _("items carried"),
    "curses": _("curses on them"),
    "hand": _("hand"),
}


def wide(w: widgets.Widget, width: str = "100%") -> widgets.Widget:
    w.layout.width = width
    w.layout.max_width = "100%"
    return w


def text_upload(
    accept: str,
    description: str,
    cls: str,
    on_text: Callable[[str, str], object],
    on_not_text: Callable[[], object],
) -> widgets.FileUpload:
    """A button that uploads one file of the kinds `accept` names: its text goes to
    ``on_text(text, file name)``, or ``on_not_text()`` is called when it is not UTF-8 text."""
    button = widgets.FileUpload(accept=accept, multiple=False, description=description)
    button.layout.width = "auto"
    button.add_class(cls)

    def uploaded(change: Any) -> None:
        files = change["new"] if isinstance(change, dict) else change.new
        if not files:
            return
        try:
            text = bytes(files[0]["content"]).decode("utf-8")
        except UnicodeDecodeError:
            on_not_text()
            return
        on_text(text, str(files[0].get("name") or ""))

    button.observe(uploaded, names="value")
    return button


def row(children: list[widgets.Widget], cls: str = "") -> widgets.HBox:
    box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
    if cls:
        box.add_class(cls)
    return box


def problem_html(problems: list[Problem], say: Any = lambda p: p.message) -> str:
    """The problems as the page shows them, each in the words `say` gives it."""
    return "".join(f"<div class='munchkin-judge-problem'>{escape(say(p))}</div>" for p in problems)


def field_key(path: str) -> str:
    """Which editor field a problem's field names: `players[1].hand[0]` -> `players[1].hand`."""
    m = FIELD.match(path)
    if m is None:
        return ""
    i, part, fight_part, deck, top = m.groups()
    if i is not None:
        return f"players[{i}].{part}"
    if fight_part is not None:
        return f"fight.{fight_part or 'monsters'}"
    if deck is not None:
        return f"decks.{deck}"
    return top or ""


@dataclass
class Catalogue:
    """The cards of a ruleset and modules, named in the page's language: label <-> card id."""

    card_set: Any
    lang: str
    label: dict[str, str] = field(default_factory=dict)  # card id -> its label
    card: dict[str, str] = field(default_factory=dict)  # label -> card id

    def __post_init__(self) -> None:
        named: dict[str, list[str]] = {}
        for cid, c in self.card_set.cards.items():
            copy = cid if c.copies == 1 else f"{cid}#1"  # a card of several copies is named by one
            named.setdefault(card_name(self.card_set, copy, self.lang), []).append(cid)
        for name, cids in named.items():
            for cid in cids:  # two cards of one name (another set's) are told apart by their id
                lab = name if len(cids) == 1 else f"{name} ({cid})"
                self.label[cid], self.card[lab] = lab, cid

    def labels(self, kinds: tuple[str, ...] | None = None) -> list[str]:
        """The labels of the cards of `kinds` (every card when None), in alphabetical order."""
        cids = [c for c, card in self.card_set.cards.items() if kinds is None or card.kind in kinds]
        return sorted((self.label[c] for c in cids), key=str.casefold)

    def names(self, cids: list[str]) -> list[str]:
        return [self.label.get(base(c), c) for c in cids]

    def ids(self, labels: Any) -> list[str]:
        return [self.card.get(lab, lab) for lab in labels]


class PlayerEditor:
    """One player's fields: name, sex, level, Half-Breed, Super Munchkin, and each zone's cards."""

    def __init__(self, page: JudgePage, i: int) -> None:
        t = page.t
        self.i = i
        self.name = wide(widgets.Text(description=t("name"), value=""), "220px")
        self.sex = widgets.Dropdown(
            description=t("sex"),
            options=[(page.words(s), s) for s in ("female", "male")],
            layout=widgets.Layout(width="200px", max_width="100%"),
        )
        self.level = widgets.BoundedIntText(
            description=t("level"),
            value=1,
            min=1,
            max=99,
            layout=widgets.Layout(width="150px", max_width="100%"),
        )
        self.half_breed = widgets.Checkbox(description="Half-Breed", indent=False)
        self.super_munchkin = widgets.Checkbox(description="Super Munchkin", indent=False)
        self.zones = {
            z: wide(widgets.TagsInput(value=[], allowed_tags=[], allow_duplicates=True, placeholder=t(word)))
            for z, word in ZONE_WORDS.items()
        }
        # one place for the problems of the first row's fields, one under each zone
        top = widgets.HTML()
        self.problems = {key: top for key in TOP_FIELDS} | {z: widgets.HTML() for z in ZONE_WORDS}
        rows: list[widgets.Widget] = [
            row([self.name, self.sex, self.level, self.half_breed, self.super_munchkin]),
            top,
        ]
        for z, tags in self.zones.items():
            tags.add_class(f"munchkin-judge-{z}")
            rows += [widgets.HTML(f"<b>{escape(t(ZONE_WORDS[z]))}</b>"), tags, self.problems[z]]
        self.box = widgets.VBox(rows, layout=widgets.Layout(max_width="100%"))
        self.box.add_class("munchkin-judge-player")
        self.box.add_class(f"munchkin-judge-player-{i}")
        for w in (
            self.name,
            self.sex,
            self.level,
            self.half_breed,
            self.super_munchkin,
            *self.zones.values(),
        ):
            w.observe(page.changed, names="value")

    def offer(self, cat: Catalogue) -> None:
        for z, kinds in ZONE_KINDS.items():
            self.zones[z].allowed_tags = cat.labels(kinds)

    def data(self, cat: Catalogue) -> dict[str, Any]:
        spec: dict[str, Any] = {
            "name": self.name.value.strip(),
            "sex": self.sex.value,
            "level": self.level.value,
        }
        for z, tags in self.zones.items():
            spec[z] = cat.ids(tags.value)
        if self.half_breed.value:
            spec["half_breed"] = "half_breed"
        if self.super_munchkin.value:
            spec["super_munchkin"] = "super_munchkin"
        return spec

    def show(self, spec: dict[str, Any], cat: Catalogue) -> None:
        self.name.value = spec["name"]
        self.sex.value = spec["sex"]
        self.level.value = spec["level"]
        self.half_breed.value = bool(spec.get("half_breed"))
        self.super_munchkin.value = bool(spec.get("super_munchkin"))
        for z, tags in self.zones.items():
            tags.value = cat.names(spec.get(z, []))
