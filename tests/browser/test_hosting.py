"""The app as a host serves strangers: a cap on kernels with a busy page, only known Host names,
links to a position, and pages usable on a phone (390x844) as on a desktop.

Screenshots of every size go to ``$MUNCHKIN_SCREENSHOTS`` (default: the test's tmp folder).
"""

from __future__ import annotations

import os
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NEXT = ".munchkin-next:not([disabled])"
EVENT = ".munchkin-stepper .munchkin-event b"
PICKER = ".munchkin-game-picker select"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def get(url: str, host: str | None = None) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


@pytest.fixture(scope="module")
def capped_server(start_app, sample_db):
    """One page at a time (the preheated kernel waiting in the pool does not count)."""
    return start_app(db=sample_db, voila_args=["--MunchkinVoila.max_kernels=1"])


def open_page(browser, url, viewport=None):
    context = browser.new_context(viewport=viewport) if viewport else browser.new_context()
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(url)
    page.locator(NEXT).wait_for(state="visible")
    return context, page


def test_unknown_host_name_is_refused_and_starts_no_kernel(capped_server):
    before = capped_server.kernel_pids()
    status, _, body = get(capped_server.url, host="evil.example:80")
    assert status == 403
    assert "app_view" not in body
    assert capped_server.kernel_pids() == before
    assert "Blocking request with non-local 'Host' evil.example" in capped_server.log()


def test_over_the_cap_a_visitor_gets_the_busy_page(capped_server, browser):
    context, page = open_page(browser, capped_server.url)
    try:
        status, headers, body = get(capped_server.url)
        assert status == 503
        assert headers.get("Retry-After") == "60"
        assert "Busy, try again in a minute" in body
        assert "Traceback" not in body
    finally:
        context.close()


def test_a_link_lands_on_its_position_and_the_address_follows(app_server, watched_page, store_games):
    page, watch = watched_page
    game = store_games[1]["id"]
    page.goto(f"{app_server.url}?game={game}&event=7")
    page.locator(NEXT).wait_for(state="visible")
    assert re.match(r"Event 7 of ", page.locator(EVENT).first.inner_text().replace("\xa0", " "))
    assert page.locator(PICKER).input_value().startswith(f"Game {game}:")  # ipywidgets: labels
    page.locator(NEXT).click()
    page.wait_for_function("() => location.search.includes('event=8')")
    assert page.evaluate("location.search") == f"?game={game}&event=8"
    page.select_option(PICKER, index=0)
    page.wait_for_function(f"() => location.search === '?game={store_games[0]['id']}&event=1'")
    assert page.title() == "Munchkin games"
    watch.assert_clean()


def test_a_link_to_no_such_game_shows_the_first_one_and_says_so(app_server, watched_page, store_games):
    page, watch = watched_page
    page.goto(f"{app_server.url}?game=9999&event=abc")
    page.locator(NEXT).wait_for(state="visible")
    assert page.locator(PICKER).input_value().startswith(f"Game {store_games[0]['id']}:")
    assert page.locator(EVENT).first.inner_text().replace("\xa0", " ").startswith("Event 1 of ")
    notice = page.locator(".munchkin-address-notice").inner_text()
    assert "game=9999" in notice and "event=abc" in notice and "default" in notice
    assert "allowed are" in notice and "There was an error" not in page.inner_text("body")
    watch.assert_clean()


@pytest.fixture(scope="module")
def store_games(sample_db):
    from munchkin_nb.store import EventStore

    with EventStore(str(sample_db), readonly=True) as store:
        return store.games()


def screenshot_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MUNCHKIN_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# Controls a visitor touches, and what of them sticks out of the window.
LAYOUT_PROBE = """() => {
  const width = window.innerWidth;
  const controls = [...document.querySelectorAll(
      '.munchkin-app button, .munchkin-app select, .munchkin-app input:not([type=checkbox]),'
      + ' .munchkin-app .widget-slider')]
    .filter(el => el.offsetParent !== null && !el.closest('.modebar'));  // plotly's: mouse only
  const box = el => el.getBoundingClientRect();
  const tableBox = document.querySelector('.munchkin-table-box');
  return {
    page: document.documentElement.scrollWidth - width,
    small: controls.filter(el => !el.classList.contains('widget-slider') && box(el).height < 40)
      .map(el => el.outerHTML.slice(0, 80)),
    outside: controls.filter(el => box(el).right > width + 0.5 || box(el).left < -0.5)
      .map(el => el.outerHTML.slice(0, 80)),
    narrow: controls.filter(el => box(el).width < 40).map(el => el.outerHTML.slice(0, 80)),
    tableScrolls: getComputedStyle(tableBox).overflowX,
    tableInside: box(tableBox).right <= width + 0.5,
    figures: [...document.querySelectorAll('.munchkin-game .js-plotly-plot')]
      .map(el => box(el).right <= width + 0.5),
    outsideLinks: [...document.querySelectorAll('.modebar a, .modebar [data-title]')]
      .filter(el => /plotly|chart studio|cloud/i.test(el.getAttribute('href') || el.dataset.title || ''))
      .length,
  };
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_app_fits_the_screen(app_server, browser, tmp_path, size):
    context, page = open_page(browser, app_server.url, SIZES[size])
    try:
        # the level timeline is drawn when the visitor scrolls near it (widgets/page_shown.py)
        page.locator(".munchkin-page-shown").first.evaluate("el => el.scrollIntoView()")
        page.locator(".munchkin-game .js-plotly-plot .main-svg").first.wait_for(state="visible")
        page.locator(".munchkin-game .js-plotly-plot").first.hover()  # shows the modebar
        probe = page.evaluate(LAYOUT_PROBE)
        page.screenshot(path=str(screenshot_folder(tmp_path) / f"app-{size}.png"), full_page=True)
        assert probe["page"] <= 0, f"the page is {probe['page']} px wider than the window"
        assert probe["outside"] == [], probe["outside"]
        assert probe["small"] == [], probe["small"]
        assert probe["narrow"] == [], probe["narrow"]
        assert probe["tableScrolls"] == "auto" and probe["tableInside"]
        assert probe["figures"] and all(probe["figures"])
        assert probe["outsideLinks"] == 0
    finally:
        context.close()
