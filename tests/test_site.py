"""The site's map, its links and its address checks (munchkin_nb.site, widgets.links, widgets.pages)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from munchkin_nb.i18n import LANGUAGES, missing
from munchkin_nb.site import (
    COURSE_STORAGE_KEY,
    DOMAIN,
    PAGES,
    AddressCheck,
    best_lang,
    header_words,
    page_url,
)
from munchkin_nb.site_pages import home_html, site_script


def test_page_url_puts_the_language_last_and_leaves_none_out():
    assert page_url("games", lang="es", game=5, event=100) == "/games?game=5&event=100&lang=es"
    assert page_url("course", lesson=None) == "/course"
    assert page_url("home", lang="ko") == "/?lang=ko"
    assert page_url("rules", base="/munchkin/", rule="run.roll") == "/munchkin/rules?rule=run.roll"
    with pytest.raises(ValueError, match="no page 'nope'"):
        page_url("nope")


def test_every_notebook_page_has_its_notebook():
    from munchkin_nb.app import SITE

    for page in PAGES.values():
        if page.notebook:
            assert (SITE / page.notebook).is_file(), page


def test_the_course_keeps_its_language_where_the_header_writes_it():
    from munchkin_nb.widgets.course import STORAGE_KEY

    assert COURSE_STORAGE_KEY == STORAGE_KEY


def test_the_site_words_are_translated_in_every_language():
    words = header_words()
    messages = [m for p in PAGES.values() for m in (p.name, p.purpose)] + ["Language", "Munchkin pages"]
    for lang in LANGUAGES:
        if lang != "en":
            assert missing(DOMAIN, lang, messages) == [], lang
        assert set(words[lang]) >= set(PAGES)


def test_best_lang_reads_accept_language():
    assert best_lang("de-CH,de;q=0.9,en;q=0.5") == "de"
    assert best_lang("fr-FR, ko;q=0.4") == "ko"
    assert best_lang("fr") == "en"
    assert best_lang(None) == "en"


def test_the_home_page_links_every_page_in_its_language():
    html = home_html("es")
    assert "<html lang='es'>" in html
    for key, page in PAGES.items():
        if page.notebook:
            assert f"href='/{page.path.strip('/')}?lang=es'" in html, key
    assert "Aprender" in html and "role='status'" not in html
    wrong = home_html("en", wrong_lang="xx")
    assert "lang=xx" in wrong and "en, es, de, eo, ru, ko" in wrong


def test_the_header_script_knows_every_page_and_language():
    script = site_script("/")
    for page in PAGES.values():
        assert f'"{page.path}"' in script
    for name in LANGUAGES.values():
        assert name in script


class TestAddressCheck:
    def test_a_number_in_range_is_used(self):
        check = AddressCheck({"seed": "7"})
        assert check.number("seed", 0, 10) == 7
        assert check.problems == []

    @pytest.mark.parametrize("raw", ["abc", "-1", "11", "9" * 5000, "1e3", ""])
    def test_a_number_it_cannot_use_is_said_with_what_is_allowed(self, raw):
        check = AddressCheck({"seed": raw})
        assert check.number("seed", 0, 10) is None
        (problem,) = check.problems
        assert "seed=" in problem and "0 to 10" in problem and "default" in problem
        assert len(problem) < 200  # a 5,000-digit value is not quoted whole

    def test_a_missing_part_is_no_problem(self):
        check = AddressCheck({})
        assert check.number("seed", 0) is None and check.choice("game", ["1"]) is None
        assert check.language(["en"]) == "en"
        assert check.problems == []

    def test_a_choice_names_the_allowed_values(self):
        check = AddressCheck({"lesson": "nonexistent"}, "es")
        assert check.choice("lesson", ["items", "curses"]) is None
        assert check.problems == [
            "La dirección pide lesson=nonexistent: se admite: items, curses. "
            "La página muestra en su lugar lo predeterminado."
        ]

    def test_a_language_the_page_does_not_speak_yet_is_said(self):
        check = AddressCheck({"lang": "de"}, "de")
        assert check.language(["en", "es"]) == "en"
        (problem,) = check.problems
        assert problem == "Diese Seite gibt es noch nicht auf Deutsch: sie wird auf Englisch gezeigt."
        unknown = AddressCheck({"lang": "xx"})
        assert unknown.language(["en"]) == "en"
        assert "lang=xx" in unknown.problems[0]


def test_rule_links_name_lessons_and_events(tmp_path, monkeypatch):
    from munchkin_nb.widgets.links import lessons_by_rule, rule_links_html

    rule, stems = next(iter(lessons_by_rule().items()))
    html = rule_links_html(rule, "es")
    for stem in stems:
        assert f"/course?lesson={stem}&amp;lang=es" in html
    monkeypatch.setenv("MUNCHKIN_DB", str(tmp_path / "missing.db"))
    assert "/games?" not in rule_links_html(rule, "es")


def test_rule_links_name_the_events_of_the_store():
    from munchkin_nb.app import DEFAULT_DB, REPO_ROOT
    from munchkin_nb.widgets.links import events_by_rule, rule_links_html

    places = events_by_rule(str(REPO_ROOT / DEFAULT_DB))
    game, event = places["run.roll"][0]
    href = rule_links_html("run.roll").split("munchkin-rule-event' href='")[1].split("'")[0]
    url = urlsplit(href.replace("&amp;", "&"))
    assert url.path == "/games"
    assert parse_qs(url.query) == {
        "game": [str(game)],
        "event": [str(event)],
    }  # the visit's language: the server's


def test_the_level_timeline_shows_an_epic_game_past_level_10():
    from munchkin_nb.app import DEFAULT_DB, REPO_ROOT
    from munchkin_nb.store import EventStore
    from munchkin_nb.viz.figures import level_timeline_spec, levels_by_turn

    with EventStore(str(REPO_ROOT / DEFAULT_DB), readonly=True) as store:
        epic = next(g["id"] for g in store.games() if "epic" in (g["modules"] or []) and g["winners"])
        events = store.events(epic)
    top = max(level for pts in levels_by_turn(events).values() for _, level in pts)
    assert top > 10
    low, high = level_timeline_spec(events)["layout"]["yaxis"]["range"]
    assert low < 1 and high >= top
    classic = level_timeline_spec([])["layout"]["yaxis"]["range"]
    assert classic == [0.5, 10.5]
