"""The course page: the lessons as a map with each one's state and score, the next lesson, the
lesson itself, and the glossary; progress is kept in the browser (localStorage), not on a server."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from munchkin_nb.i18n import LANGUAGES, gettext
from munchkin_nb.rules import registry
from munchkin_nb.scenarios import load_scenario

from .address import PageAddress
from .base import View
from .glossary import glossary_html
from .lesson import Lesson
from .links import lesson_rules_html

LESSON_DIR = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
#: The base game's course, from the first door to winning: lesson files (stems) in teaching order.
BASE = (
    "first_turn",
    "getting_ready",
    "winning_a_fight",
    "loot_the_room",
    "look_for_trouble",
    "charity",
    "items",
    "selling_and_trading",
    "help_and_bribes",
    "running_away",
    "one_shots",
    "enhancers",
    "curses",
    "special_cards",
    "half_breed",
    "class_powers",
    "wizard_charm",
    "death",
    "reaching_level_10",
)
#: every lesson's file: the base game's, then the plug-ins' (found through the registry, each in
#: its own folder: what each other game or module changes, once the base game is known)
LESSONS: dict[str, Path] = {**{s: LESSON_DIR / f"{s}.yaml" for s in BASE}, **registry.lessons()}
#: the whole course in teaching order
ORDER = tuple(LESSONS)
#: the lessons of the map's second group, "Other games and modules"
OTHER_GAMES = ORDER[len(BASE) :]
INTRO = (
    "Short lessons, from the first door to level 10. Read, answer the checks, and make the moves: "
    "the rules engine plays them and explains each one. Your progress stays in this browser."
)
# every lesson is written in each language of the site (tests/test_lesson_languages.py)
COURSE_LANGUAGES = dict(LANGUAGES)
STORAGE_KEY = "munchkin-course-v1"

# The browser side of the progress: read localStorage once the widget is drawn, and write it back
# whenever the kernel changes the progress or the language. Read in `render`, not `initialize`: a
# model is initialized while the page's other models are still being made, and the kernel's answer
# to the saved progress (the next lesson's label, new buttons) could reach a model not made yet and
# be lost; by the time a view is drawn, every model of the page exists.
_ESM = """
const KEY = "STORAGE_KEY";
function load() {
  try { return JSON.parse(window.localStorage.getItem(KEY) || "{}") || {}; } catch (e) { return {}; }
}
function save(model) {
  const data = { progress: model.get("progress"), lang: model.get("lang") };
  try { window.localStorage.setItem(KEY, JSON.stringify(data)); } catch (e) { /* private mode: keep going */ }
}
export default {
  initialize({ model }) {
    model.on("change:progress", () => { if (model.get("loaded")) save(model); });
    model.on("change:lang", () => { if (model.get("loaded")) save(model); });
  },
  render({ model, el }) {
    el.classList.add("munchkin-progress-store");
    el.style.display = "none";
    if (model.get("loaded")) return;  // read once, by the first view drawn
    const saved = load();
    if (saved.progress && typeof saved.progress === "object") model.set("progress", saved.progress);
    if (typeof saved.lang === "string") model.set("lang", saved.lang);
    model.set("loaded", true);
    model.save_changes();
  },
};
""".replace("STORAGE_KEY", STORAGE_KEY)


class ProgressStore(anywidget.AnyWidget):
    """Course progress kept in the browser's localStorage: {lesson: {state, score, of}}, language."""

    _esm = _ESM
    progress = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)


def lesson_path(stem: str) -> Path:
    """The file of a lesson of the course, by its stem."""
    return LESSONS[stem]


def lesson_state(progress: dict[str, Any], stem: str) -> str:
    """new, started or done."""
    entry = progress.get(stem) or {}
    return str(entry.get("state", "new")) if isinstance(entry, dict) else "new"


def next_lesson(progress: dict[str, Any]) -> str | None:
    """The first lesson in course order not yet done."""
    return next((s for s in ORDER if lesson_state(progress, s) != "done"), None)


def merge(old: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
    """A lesson's progress after another try: done stays done, the best score stays."""
    if not old:
        return dict(new)
    done = old.get("state") == "done" or new.get("state") == "done"
    return {
        "state": "done" if done else "started",
        "score": max(int(old.get("score", 0)), int(new.get("score", 0))),
        "of": int(new.get("of", old.get("of", 0))),
    }


COURSE_CSS = """
<style>
.munchkin-course-map {display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 6px;}
.munchkin-course-map .widget-button {width: 100%; height: auto; min-height: 44px; white-space: normal;
  text-align: left; justify-content: flex-start; line-height: 1.3; padding: 4px 8px;}
.munchkin-course-map .lesson-new {border-left: 5px solid #bbb;}
.munchkin-course-map .lesson-started {border-left: 5px solid #e9c46a; background: #fff8e1;}
.munchkin-course-map .lesson-done {border-left: 5px solid #2a9d8f; background: #e3f2ef;}
.munchkin-course-map .lesson-open {outline: 2px solid #264653;}
.munchkin-course-map .munchkin-course-group {grid-column: 1 / -1;}
.munchkin-glossary dt {font-weight: bold; margin-top: 4px;}
.munchkin-glossary dd {margin: 0 0 4px 16px;}
</style>
"""


class Course(View):
    """The course page: language, lesson map with state and score, next lesson, the open lesson,
    and the glossary. The page's address names the open lesson and the language
    (``?lesson=items&lang=es``, see `go_to`)."""

    def __init__(self, lang: str = "en", store: ProgressStore | None = None) -> None:
        self.store = store or ProgressStore(lang=lang)
        self.address = PageAddress()
        self._link_lang: str | None = None  # a link's language, kept over the browser's saved one
        self.titles = {s: load_scenario(lesson_path(s)).name for s in ORDER}
        self.current: str | None = None
        self.lesson: Lesson | None = None
        self.language = widgets.Dropdown(
            options=[(v, k) for k, v in COURSE_LANGUAGES.items()],
            value=self.store.lang,
            layout=widgets.Layout(width="130px"),
        )
        self.language.add_class("munchkin-course-language")
        self.heading = widgets.HTML()
        self.map = widgets.GridBox()
        self.map.add_class("munchkin-course-map")
        self.next_button = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.next_button.add_class("munchkin-next-lesson")
        self.next_button.on_click(lambda _b: self.open_next())
        self.summary = widgets.HTML()
        self.lesson_box = widgets.VBox()
        self.lesson_box.add_class("munchkin-course-lesson")
        self.glossary = widgets.HTML()
        self.widget = widgets.VBox(
            [
                widgets.HTML(COURSE_CSS),
                self.store,
                widgets.HBox([self.language, self.address], layout=widgets.Layout(flex_flow="row wrap")),
                self.heading,
                self.summary,
                self.next_button,
                self.lesson_box,
                self.map,
                self.glossary,
            ]
        )
        self.widget.add_class("munchkin-course")
        self.language.observe(lambda c: self.set_lang(c["new"]), names="value")
        self.store.observe(lambda _c: self.render(), names="progress")
        self.store.observe(lambda c: self._lang_from_store(c["new"]), names="lang")
        self.store.observe(lambda _c: self._loaded(), names="loaded")
        self.render()

    @property
    def lang(self) -> str:
        return str(self.store.lang) if self.store.lang in COURSE_LANGUAGES else "en"

    def go_to(self, params: dict[str, str]) -> None:
        """Open what a link names: ``lang`` (en, es) and ``lesson`` (a lesson's file stem);
        anything else is left out."""
        if params.get("lang") in COURSE_LANGUAGES:
            self.language.value = params["lang"]  # -> set_lang
            if not self.store.loaded:  # the browser's saved language is still to come: the link's wins
                self._link_lang = params["lang"]
        if params.get("lesson") in ORDER:
            self.open(params["lesson"])

    def _loaded(self) -> None:
        """The browser's saved progress and language have arrived: a link's language wins."""
        link, self._link_lang = self._link_lang, None
        if link is not None and self.store.loaded and self.store.lang != link:
            if self.language.value != link:
                self.language.value = link  # -> set_lang
            else:
                self.set_lang(link)

    def _lang_from_store(self, _lang: str) -> None:
        if self._link_lang is not None:  # a link's language is kept until the browser's has come
            return
        lang = self.store.lang  # now, not as the change said: a link's may have replaced it since
        if lang in COURSE_LANGUAGES and self.language.value != lang:
            self.language.value = lang
        self.render()

    def set_lang(self, lang: str) -> None:
        """Show the pages and lessons in another language (the open lesson starts again)."""
        self.store.lang = lang
        if self.current is not None:
            self.open(self.current)
        self.render()

    def record(self, stem: str, entry: dict[str, Any]) -> None:
        """Keep a lesson's progress (a new dict, so that the change reaches the browser)."""
        progress = dict(self.store.progress)
        progress[stem] = merge(progress.get(stem), entry)
        self.store.progress = progress

    def open(self, stem: str) -> Lesson:
        """Open a lesson below the map."""
        self.current = stem
        self.lesson = Lesson(lesson_path(stem), lang=self.lang, on_progress=lambda e: self.record(stem, e))
        if lesson_state(self.store.progress, stem) == "new":
            self.record(stem, {"state": "started", "score": 0, "of": len(self.lesson.checks)})
        # under the lesson, the rules it teaches: links to the rules explorer
        taught = widgets.HTML(lesson_rules_html(self.lesson.scenario.rules, self.lang))
        self.lesson_box.children = (self.lesson.widget, taught)
        self.render()
        return self.lesson

    def open_next(self) -> Lesson | None:
        stem = next_lesson(self.store.progress)
        return self.open(stem) if stem else None

    def render(self) -> None:
        _ = gettext("course", self.lang)
        self.address.say(_("copy link"), _("link copied"), _("copy the link to this position"))
        progress = self.store.progress
        intro = _(INTRO)
        self.heading.value = f"<h2>{escape(_('Learn Munchkin'))}</h2><p>{escape(intro)}</p>"
        buttons: list[widgets.Widget] = []
        marks = {"new": "○", "started": "◐", "done": "●"}
        for i, stem in enumerate(ORDER, 1):
            state = lesson_state(progress, stem)
            entry = progress.get(stem) or {}
            score = ""
            if state != "new" and entry.get("of"):
                score = f" · {entry.get('score', 0)}/{entry.get('of', 0)}"
            label = f"{marks[state]} {i}. {_(self.titles[stem])} · {_(state)}{score}"
            b = widgets.Button(description=label, tooltip=_(self.titles[stem]))
            b.add_class("munchkin-course-lesson-link")
            b.add_class(f"lesson-{state}")
            b.add_class(f"lesson-id-{stem}")
            if stem == self.current:
                b.add_class("lesson-open")
            b.on_click(lambda _b, s=stem: self.open(s))
            if stem in OTHER_GAMES[:1]:
                group = widgets.HTML(f"<h3>{escape(_('Other games and modules'))}</h3>")
                group.add_class("munchkin-course-group")
                buttons.append(group)
            buttons.append(b)
        self.map.children = tuple(buttons)
        done = sum(lesson_state(progress, s) == "done" for s in ORDER)
        self.summary.value = (
            f"<p class='munchkin-course-summary'>{escape(_('Lessons done:'))} {done}/{len(ORDER)}</p>"
        )
        nxt = next_lesson(progress)
        self.next_button.description = (
            f"{_('Next lesson')}: {_(self.titles[nxt])}" if nxt else _("Course complete!")
        )
        self.next_button.disabled = nxt is None
        self.glossary.value = f"<h3 id='glossary'>{escape(_('Glossary'))}</h3>{glossary_html(self.lang)}"
        self.address.show(lesson=self.current, lang=self.lang)
