"""The games page on a phone in another language: the tab's title and the page in that language
(the view built once, in that language: tests/test_games_page.py counts it), nothing wider than
the window. Screenshot to ``$MUNCHKIN_SCREENSHOTS`` (default: the test's tmp folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from munchkin_nb.i18n import gettext

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
NEXT = ".munchkin-next:not([disabled])"


@pytest.mark.parametrize("lang", ["es", "ko"])
def test_the_games_page_on_a_phone_speaks_its_language_tab_title_too(
    app_server, browser, tmp_path, lang, request
):
    context = browser.new_context(viewport=PHONE)
    request.addfinalizer(context.close)
    page = context.new_page()
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{app_server.url}?lang={lang}&event=3")
    page.locator(NEXT).first.wait_for(state="visible")
    title = gettext("games", lang)("Munchkin games")
    page.wait_for_function("(t) => document.title === t", arg=title)
    assert page.locator(".munchkin-games-heading h1").inner_text() == title
    said = gettext("stats", lang)
    assert page.locator(".munchkin-show-hands").inner_text() == said("show every hand")
    assert "lang=" + lang in page.url
    folder = Path(os.environ.get("MUNCHKIN_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"games_{lang}_phone.png"))
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert errors == []
