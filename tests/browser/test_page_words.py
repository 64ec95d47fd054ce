"""Each page of the words work in chromium at phone size (390x844), in Spanish and in another
language where the page speaks it: nothing wider than the screen, the page in that language,
and a bad part of the address said in it.
Screenshots go to $MUNCHKIN_SHOTS when it names a folder (docs/screenshots): the phone's, then the
same page widened to a desktop's window (one page load: the desktop layout of every page is
tested in test_pages)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import at_both_sizes

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = os.environ.get("MUNCHKIN_SHOTS")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# the page's widest element against the screen's width (a table or plot scrolls in its own box)
OVERFLOW = "document.scrollingElement.scrollWidth - window.innerWidth"
VOILA_ERROR = "There was an error when executing cell"


@pytest.fixture(scope="module")
def servers(start_app, sample_db, tmp_path_factory):
    """The server of a page, started when a test first asks for it (their kernels import this
    checkout); `servers[name]`."""
    started: dict[str, object] = {}
    play_db = str(tmp_path_factory.mktemp("play") / "play.db")

    class Servers:
        def __getitem__(self, name: str):
            if name not in started:
                saved = {k: os.environ.get(k) for k in ("PYTHONPATH", "MUNCHKIN_PLAY_DB")}
                os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), saved["PYTHONPATH"]]))
                os.environ["MUNCHKIN_PLAY_DB"] = play_db
                try:
                    started[name] = start_app(db=sample_db, notebook=ROOT / "notebooks" / f"{name}.ipynb")
                finally:
                    for k, v in saved.items():
                        if v is None:
                            os.environ.pop(k)
                        else:
                            os.environ[k] = v
            return started[name]

    return Servers()


def _open(browser, url: str, size: str = "phone"):
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return context, page, errors


def _shots(page, name: str, scroll_to: str | None = None) -> None:
    """The page as it is now at the phone's size and in a desktop's window (`scroll_to` in view),
    when $MUNCHKIN_SHOTS asks for them: `name` with ``{size}`` filled in; the phone's size after.
    (Whether it fits: `_fits`, at the phone's size.)"""
    if SHOTS:
        at_both_sizes(
            page,
            lambda size: Path(SHOTS) / f"{name.format(size=size)}.png",
            scroll_to=scroll_to,
            fits=False,
            layout_ms=500,
        )


def _fits(page) -> None:
    page.wait_for_timeout(500)  # the last layout after the widgets are drawn
    assert page.evaluate(OVERFLOW) <= 1, "the page is wider than the phone's screen"


def _url(server, **params: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{server.url}{'&' if '?' in server.url else '?'}{query}"


def said_in(page, named: str, words: tuple[str, str]) -> None:
    """The page's address notice names the part it could not use (`named`), what is allowed and
    that the page shows its default (`words`, in the page's language)."""
    notice = page.locator(".munchkin-address-notice").inner_text()
    assert named in notice and all(w in notice for w in words), notice
    assert VOILA_ERROR not in page.inner_text("body")


# a bad part of the address, said on the page in its language (the notebooks of these two pages
# build the notice themselves; the other pages' builders: tests/test_bad_addresses.py)
SORT_BOGUS = {"sort": "bogus"}, "sort=bogus", ("se admite", "predeterminado")
GAME_ZERO = {"game": "0"}, "game=0", ("erlaubt", "Voreinstellung")


@pytest.mark.parametrize(
    ("lang", "heading", "bad"), [("es", "Estadísticas", SORT_BOGUS), ("de", "Statistik", None)]
)
def test_the_statistics_page(browser, servers, lang, heading, bad):
    params, named, words = bad or ({}, "", ())
    context, page, errors = _open(browser, _url(servers["stats"], lang=lang, **params))
    page.get_by_text(heading).first.wait_for(state="visible")
    page.locator(".munchkin-stats-table table").wait_for(state="visible")
    if bad:
        said_in(page, named, words)
    _fits(page)
    # the browser's store holds three games: too few for any card's rate, said in a line (the
    # plot's width on a phone: test_the_win_rate_plot_keeps_a_phones_width in test_page_languages)
    page.locator(".munchkin-stats-view .jp-OutputArea-output").first.wait_for(state="attached")
    _shots(page, f"stats_{lang}_{{size}}")
    page.locator(".munchkin-stats-filter input").fill("zzz")
    page.locator(".munchkin-stats-none").wait_for(state="visible")
    _shots(page, f"stats_{lang}_{{size}}_tables", scroll_to=".munchkin-stats-more-box")
    assert errors == []
    context.close()


@pytest.mark.parametrize(
    ("lang", "combat", "bad"), [("es", "combate ▶▶", None), ("de", "Kampf ▶▶", GAME_ZERO)]
)
def test_the_analyser(browser, servers, lang, combat, bad):
    params, named, words = bad or ({}, "", ())
    context, page, errors = _open(browser, _url(servers["replay_analyser"], lang=lang, **params))
    page.locator(".munchkin-game-picker").wait_for(state="visible")
    if bad:
        said_in(page, named, words)
    assert page.locator(".munchkin-game-picker option").count() >= 3  # a game picker, not a list
    page.locator(".munchkin-next-combat").click()
    page.get_by_text(combat).first.wait_for(state="visible")
    page.locator(".munchkin-combat-figure .js-plotly-plot").first.wait_for(state="attached")
    _fits(page)
    _shots(page, f"analyser_{lang}_{{size}}")
    _shots(page, f"analyser_{lang}_{{size}}_combat", scroll_to=".munchkin-combat-figure")
    assert "Error displaying widget" not in page.inner_text("body")
    assert errors == []
    context.close()


@pytest.mark.parametrize(
    ("lang", "why"), [("es", "Por qué:"), ("en", "Why:"), ("ko", "이유:"), ("ru", "Почему:")]
)
def test_the_guided_game(browser, servers, lang, why):
    context, page, errors = _open(browser, _url(servers["play"], lang=lang))
    page.locator(".munchkin-hint-button").wait_for(state="visible")
    for _ in range(4):  # past the set-up: a hint, then its move
        page.locator(".munchkin-hint-button").click()
        page.locator(".munchkin-hint").wait_for(state="visible")
        if page.locator(".munchkin-hint").get_attribute("data-hint") == "move":
            page.locator(".munchkin-suggested").first.click()
        else:
            page.locator(".munchkin-go-on").click()
        page.locator(".munchkin-hint").wait_for(state="detached")
    page.locator(".munchkin-hint-button").click()
    page.get_by_text(why).first.wait_for(state="visible")
    assert "/tmp" not in page.inner_text(".munchkin-play")
    _fits(page)
    _shots(page, f"play_{lang}_{{size}}", scroll_to=".munchkin-hint")
    assert errors == []
    context.close()


@pytest.mark.parametrize(("lang", "words"), [("es", "Trasgo Cojo"), ("en", "Lame Goblin")])
def test_a_lesson(browser, servers, lang, words):
    context, page, errors = _open(browser, servers["course"].url)
    link = page.locator(".munchkin-course-lesson-link.lesson-id-look_for_trouble")
    link.wait_for(state="visible")
    if lang == "es":  # the course's own language menu (the browser keeps the choice)
        page.locator(".munchkin-course-language select").select_option(label="Español")
        page.get_by_text("Aprende Munchkin").wait_for(state="visible")
    link.click()
    page.get_by_text(words).first.wait_for(state="visible")
    page.locator(".munchkin-lesson .munchkin-suggested").first.click()  # kick the door: event lines
    folded = page.locator(".munchkin-rules-folded").first
    folded.wait_for(state="visible")
    _fits(page)
    _shots(page, f"lesson_{lang}_{{size}}", scroll_to=".munchkin-rules-folded")
    assert errors == []
    context.close()
