"""Each page's widgets, drawn in each language the page offers, show no English sentence that the
English page shows (card names aside, where a language's rulebooks give a card no name)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from munchkin_nb.i18n import LANGUAGES
from munchkin_nb.viz.words import _names_everywhere
from munchkin_nb.widgets.course import COURSE_LANGUAGES

TAG = re.compile(r"<style.*?</style>|<[^>]+>", re.S)
# an English sentence: three or more words of Latin letters in a row
WORDS = re.compile(r"[A-Za-z][a-z']*(?:[ ,;:]+[A-Za-z][a-z']*){2,}")


# words of English grammar that Spanish and Esperanto do not share (a quote of their rulebooks stays)
GRAMMAR = {
    *("the", "an", "of", "to", "and", "or", "is", "are", "was", "were", "be", "in", "on", "at"),
    *("by", "for", "from", "with", "it", "its", "you", "your", "this", "that", "has", "have"),
    *("can", "may", "must", "will", "who", "what", "when"),
}


def shown_text(w: Any) -> list[str]:
    """Every piece of text a widget tree shows: HTML values (tags and styles out), labels,
    button words (ours: label and hint), placeholders, the options of menus."""
    out: list[str] = []
    value = getattr(w, "value", None)
    if type(w).__name__ in ("HTML", "HTMLMath", "Label") and isinstance(value, str):
        out += [t.strip() for t in unescape(TAG.sub("\n", value)).split("\n") if t.strip()]
    for attr in ("description", "placeholder", "tooltip", "label", "hint"):  # label, hint: our anywidgets
        text = getattr(w, attr, None)
        if isinstance(text, str) and text.strip():
            out.append(text.strip())
    labels = getattr(w, "_options_labels", None)
    if labels:
        out += [str(x) for x in labels]
    for child in getattr(w, "children", ()):
        out += shown_text(child)
    return out


def english_left(page: list[str], english_page: list[str], allowed: set[str]) -> list[str]:
    """The runs of three or more English words of `page` that the English page shows as well
    (so: left untranslated), but for the names in `allowed` (card and player names)."""
    names = sorted(allowed, key=len, reverse=True)

    whole = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names))

    def unnamed(text: str) -> str:
        return whole.sub(" ", text)

    english = " \n ".join(unnamed(t) for t in english_page)
    left = []
    for text in page:
        for run in WORDS.findall(unnamed(text)):
            # English, not a quote of a Spanish or Esperanto rulebook: it has a word of English grammar
            if run in english and set(run.lower().replace(",", " ").split()) & GRAMMAR:
                left.append(run)
    return left


ROOT = Path(__file__).resolve().parents[1]
OTHERS = [lang for lang in LANGUAGES if lang != "en"]
# the pages that tell a game's events (the analyser, the guided game) speak every language (a
# missing catalogue "words" is English left on the page); the lessons, the course's languages
TOLD = OTHERS
NAMES = set(_names_everywhere().values()) | {"Ana", "Ben", "Cleo", "Dario", "Eve", "Femi"}


@pytest.fixture(scope="module")
def stats():
    from munchkin_nb.analysis.engines import sqlite_query
    from munchkin_nb.analysis.stats import corpus_stats

    with sqlite_query(str(ROOT / "replays" / "sample.db")) as query:
        return corpus_stats(query, min_n=20)


def _stats_page(stats, lang):
    from munchkin_nb.widgets.stats_view import StatsView

    view = StatsView(stats, lang=lang)
    text = shown_text(view.address) + shown_text(view.widget)  # the notebook shows both
    view.filter.value = "no such card"  # the message when nothing matches
    return text + shown_text(view.widget)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_statistics_page_speaks_the_pages_language(stats, lang):
    english = _stats_page(stats, "en")
    page = _stats_page(stats, lang)
    assert "No card's name contains “no such card”." in english
    assert english_left(page, english, NAMES | {"no such card"}) == []  # but what the visitor typed
    assert len(page) == len(english)  # the same page, every part of it in words


def _analyser_page(lang):
    from munchkin_nb.widgets.analyser import AnalyserPage

    page = AnalyserPage(ROOT / "replays" / "sample.db", lang=lang)
    text = shown_text(page.widget)
    stepper = page.app.game_view.stepper
    stepper.go(stepper.combats[0] + 1 if stepper.combats else 2)  # a fight: the combat's words too
    return text + shown_text(page.widget)


@pytest.mark.parametrize("lang", TOLD)
def test_the_analyser_speaks_the_pages_language(lang):
    english = _analyser_page("en")
    page = _analyser_page(lang)
    assert english_left(page, english, NAMES) == []


def _guided_game(tmp_path, lang):
    from munchkin_nb.widgets.play import GuidedGame

    g = GuidedGame(players=4, seed=1, store_path=str(tmp_path / f"{lang}.db"), lang=lang)
    text = []
    while g.decisions < 8 and not g.over:  # set-up, then a turn or two, a hint asked each time
        wanted = g.hint()
        text += shown_text(g.widget)
        g.go_on() if wanted is None else g.choose(wanted)
    return text + shown_text(g.widget)


@pytest.mark.parametrize("lang", TOLD)
def test_the_guided_game_speaks_the_pages_language(tmp_path, lang):
    english = _guided_game(tmp_path, "en")
    page = _guided_game(tmp_path, lang)
    assert english_left(page, english, NAMES) == []


def _lesson(lang):
    from munchkin_nb.scenarios.checks import engine_answer
    from munchkin_nb.widgets.course import lesson_path
    from munchkin_nb.widgets.lesson import Lesson, same_action

    lesson = Lesson(lesson_path("look_for_trouble"), lang=lang)
    text = shown_text(lesson.widget)
    for _step in range(40):  # the script to its end, every check answered as the engine would
        if lesson.done:
            break
        if lesson.question is not None:
            lesson.answer(engine_answer(lesson.game.state, lesson.question))
            text += shown_text(lesson.widget)
            lesson.next_step()
        elif lesson.expected is not None:
            lesson.choose(next(a for a in lesson.legal() if same_action(a, lesson.expected)))
        text += shown_text(lesson.widget)
    assert lesson.done
    return text


@pytest.mark.parametrize("lang", [lang for lang in COURSE_LANGUAGES if lang != "en"])
def test_a_lesson_speaks_the_pages_language(lang):
    english = _lesson("en")
    page = _lesson(lang)
    assert len(page) > 20 and english_left(page, english, NAMES) == []
    if lang == "es":  # a card has one name in the prose and the event lines alike
        assert any("Trasgo Cojo" in t for t in page) and not any("Lame Goblin" in t for t in page)


def _explorer_head(lang):
    """The explorer's heading, its controls and its "what changes" tab (its search results are the
    citation engineer's, tested in test_rules_i18n)."""
    from munchkin_nb.widgets.rules_explorer import RulesExplorer, differences_html

    explorer = RulesExplorer(lang=lang)
    return [
        *shown_text(explorer.heading),
        *shown_text(explorer.language),
        *shown_text(explorer.search),
        *shown_text(widgets_html(differences_html(lang))),
    ]


def widgets_html(value):
    import ipywidgets as widgets

    return widgets.HTML(value)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_explorers_heading_and_what_changes_speak_the_pages_language(lang):
    english = _explorer_head("en")
    page = _explorer_head(lang)
    assert "Rules explorer" in english and "Rules explorer" not in page
    assert english_left(page, english, NAMES) == []


def test_the_win_rate_plot_keeps_a_phones_width(stats):
    from munchkin_nb.widgets.stats_view import rate_figure_spec

    layout = rate_figure_spec(stats.cards, "es")["layout"]
    # the names stand inside the plot, above their rows: no wide margin leaves the plot a sliver
    assert layout["margin"]["l"] <= 20 and layout["yaxis"]["ticklabelposition"] == "inside top"


def _games_page(lang, event):
    """The games page as a visit in `lang` opens it: built in the link's language, at the link's event."""
    from munchkin_nb.widgets.pages import games_page

    params = {"event": str(event)} | ({"lang": lang} if lang != "en" else {})
    return shown_text(games_page(ROOT / "replays" / "sample.db", params))


@pytest.mark.parametrize("lang", OTHERS)
def test_the_games_page_speaks_the_pages_language(lang):
    from munchkin_nb.viz.words import describe
    from munchkin_nb.widgets.app_view import AppView

    stepper = AppView(ROOT / "replays" / "sample.db").game_view.stepper
    event = stepper.combats[0] + 1 if stepper.combats else 2  # a fight: the combat's words too
    english = _games_page("en", event)
    page = _games_page(lang, event)
    assert "Munchkin games" in english and "Munchkin games" not in page
    assert len(page) > 50  # the whole page: picker, filters, stepper, combat
    allowed = set(NAMES)
    if lang not in TOLD:  # the event's sentence: a language with the event sentences' catalogue
        allowed.add(describe(stepper.events[event - 1], stepper.state(event - 1)))
    assert english_left(page, english, allowed) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_the_explorers_worked_example_titles_speak_the_pages_language(lang):
    from munchkin_nb.i18n import pgettext
    from munchkin_nb.rules import RULES
    from munchkin_nb.widgets.rules_explorer import SCENARIO_DIR, _scenario_rules, rule_html

    titles = {t for ts in _scenario_rules(str(SCENARIO_DIR)).values() for t in ts}
    said = pgettext("explorer", lang)
    assert len(titles) > 50
    # every worked example has its title in the language (card names aside, e.g. a card's title)
    assert sorted(t for t in titles if said("worked example", t) == t and t not in NAMES) == []
    rule = next(r for r in RULES if r.id == "combat.ties")
    english, page = rule_html(rule, "en"), rule_html(rule, lang)
    assert "A warrior wins ties" in english and "A warrior wins ties" not in page
    assert said("worked example", "A warrior wins ties") in page
