"""The rules explorer in chromium, at desktop and phone sizes: switch the language and search a
word of it, read a citation with its source name and our translation, open the card views and
see a card's neighbourhood; no console error, nothing asked of another host."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import PAGE_TIMEOUT_MS, REPO_ROOT, PageWatch
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = REPO_ROOT / "notebooks" / "rules_explorer.ipynb"
SEARCH = ".munchkin-rule-search input"
LANGUAGE = ".munchkin-language select"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def explorer_server(start_app):
    return start_app(notebook=Path(NOTEBOOK))


def open_page(browser, server, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    watch = PageWatch()
    watch.attach(page)
    page.goto(server.url)
    page.locator(SEARCH).wait_for(state="visible")
    return context, page, watch


def search_in(page, lang_label: str, words: str) -> None:
    page.locator(LANGUAGE).select_option(label=lang_label)
    page.locator(SEARCH).fill(words)


def first_rule(page, rule_id: str, lang: str, query: str | None = None):
    """The first result once it is `rule_id` in `lang` (the search runs in the kernel), and, with
    `query`, once it says it matched that query: a change of language searches again with the
    words still in the box, so the results of the old words may show for a moment first."""
    first = page.locator(".munchkin-rule").first
    expect(first).to_have_attribute("data-rule", rule_id, timeout=PAGE_TIMEOUT_MS)
    expect(first).to_have_attribute("lang", lang, timeout=PAGE_TIMEOUT_MS)
    if query is not None:
        expect(first).to_contain_text(f"“{query}”", timeout=PAGE_TIMEOUT_MS)
    return first


def test_desktop_search_in_two_languages_with_readable_citations(browser, explorer_server):
    context, page, watch = open_page(browser, explorer_server, DESKTOP)
    try:
        search_in(page, "Español", "huir")
        rule = first_rule(page, "run.roll", "es", query="Huir")  # the word as the rule writes it
        text = rule.inner_text()
        assert "Huir" in text and "Reglamento de Munchkin (en español, con Deluxe y módulos) — Huir" in text
        assert "coincide: “Huir” (título, es)" in text
        assert "Comprobada con" in text and ".yaml" not in page.locator(".munchkin-rules").inner_text()
        search_in(page, "한국어", "도망")
        rule = first_rule(page, "run.roll", "ko", query="도망")
        text = rule.inner_text()
        assert "도망치기" in text and "먼치킨 규칙서 (스페인어, 디럭스와 모듈 포함) — 도망치기 (Huir)" in text
        assert "«Tira el dado. Sólo consigues escapar con un 5 o más»" in text  # the original words
        assert "우리 번역: 주사위를 굴리세요" in text  # ...with our translation beside them
        if os.environ.get("MUNCHKIN_SHOTS"):  # a folder: also save a screenshot there
            page.screenshot(path=str(Path(os.environ["MUNCHKIN_SHOTS"]) / "explorer_citation_ko.png"))
        watch.assert_clean()
    finally:
        context.close()


def test_phone_language_switch_search_and_card_neighbourhood(browser, explorer_server):
    context, page, watch = open_page(browser, explorer_server, PHONE)
    try:
        search_in(page, "Deutsch", "Schlimme Dinge")
        first_rule(page, "run.bad_stuff", "de")
        assert page.locator(".munchkin-rules-explorer .widget-tab").count() >= 1
        search_in(page, "Русский", "смывка")
        first_rule(page, "run.roll", "ru")
        # nothing wider than the phone: the page scrolls down, not sideways
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the page is {overflow}px wider than the phone"
        page.get_by_role("tab", name="Карты").click()
        page.locator(".munchkin-neighbourhood .js-plotly-plot .main-svg .trace").first.wait_for(
            state="visible"
        )
        svg = page.locator(".munchkin-neighbourhood .js-plotly-plot").first.inner_text()
        assert "Dwarf" in svg or "드워프" in svg or "Enano" in svg
        page.locator(".munchkin-card-picker select").select_option(label="Bigfoot (монстр)")
        page.locator(".munchkin-neighbourhood .js-plotly-plot", has_text="Bigfoot").first.wait_for(
            state="visible"
        )
        watch.assert_clean()
    finally:
        context.close()
