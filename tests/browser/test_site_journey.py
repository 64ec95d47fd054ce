"""The whole site as ``make app`` serves it: one server, one origin, one language, links between pages.

- A newcomer's journey by clicking links only, from ``/``: home -> the course (choosing Español
  there) -> a lesson -> the guided game (in Spanish, not chosen again) -> its review in the stepper
  -> the rules explorer through a rule's link -> statistics -> a card -> home; clicked at the
  phone's size, each page then widened to a desktop's window and narrowed again. On every page, at
  both sizes: the header in the visit's language, no seed file name, nothing wider than the
  window; no console error or warning (but Voila 0.5.13's own); at the end, every kernel that
  served a page of the journey ended on its page's request (never by the idle cull) within 10 s of
  the pages closing, and the server's kernels back to its preheated pool.
- Bad addresses (a notice naming the value and what is allowed, the page's default): built
  without a browser in tests/test_bad_addresses.py; in the browser, in test_hosting.py (the games
  page) and test_page_words.py (the statistics and the analyser, in Spanish and German).
- Addresses with no page: 404, never a 500.

Screenshots go to ``$MUNCHKIN_SCREENSHOTS`` (default: the test's tmp folder).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import console_problems

from munchkin_nb.site import PAGES

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")  # a rulebook's file name in /work/shared/seeds
NOTEBOOK_PAGES = [p for p in PAGES.values() if p.notebook]
POOL = len(NOTEBOOK_PAGES)  # one preheated kernel waiting for each page (voila.json)
NEXT = ".munchkin-next:not([disabled])"
VOILA_ERROR = "There was an error when executing cell"


class Console:
    """Console errors and warnings of a page, but Voila's own known warnings."""

    def __init__(self, page):
        self.bad = console_problems(page)


def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MUNCHKIN_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def check_page(page, lang: str, step: str, seen: list[str]) -> None:
    """What every page of the journey keeps: the header in `lang`, no overflow, no Voila error
    box; a seed file name it shows is added to `seen` (said at the journey's end)."""
    page.wait_for_function(
        "lang => document.querySelector('#munchkin-site select')?.value === lang", arg=lang, timeout=10_000
    )
    text = page.inner_text("body")
    seen += [f"{step}: {name}" for name in sorted(set(SEED_FILE.findall(text)))]
    assert VOILA_ERROR not in text, step
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{step}: the page is {overflow} px wider than the window"


def wait_for_kernels(server, count: int, timeout: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if len(server.kernel_pids()) == count:
            return time.monotonic() - start
        time.sleep(0.2)
    left = len(server.kernel_pids())
    raise AssertionError(f"{left} kernels {timeout} s after the pages closed, not {count}")


# the server's log names each kernel a page took from the pool, and each kernel that ended
TAKEN = re.compile(r"Using pre-heated kernel: ([0-9a-f-]{36})")
ENDED = re.compile(r"Kernel shutdown: ([0-9a-f-]{36})")
CULLED = re.compile(r"Culling '\w+' kernel '[^']*' \(([0-9a-f-]{36})\)")
REFILL = 60  # s: Voila starts a new kernel for the pool and builds its page (30-80 s under load)


def wait_for_pages_freed(server, since: int, timeout: float) -> float:
    """Seconds until every kernel that served a page (taken from the pool after the log's
    character `since`) has ended on its page's shutdown request; one ended by the idle cull fails.

    Why not count kernels: the count mixes the pages' kernels, which end when their pages say so,
    with the pool's new kernels, which Voila starts a second after a page takes one; under load a
    page's kernel took 3 s to end while its replacement could still be starting, or the reverse,
    and the count could even match with a page's kernel still running and a replacement missing."""
    start = time.monotonic()
    while True:
        log = server.log()[since:]
        taken, ended, culled = (set(r.findall(log)) for r in (TAKEN, ENDED, CULLED))
        assert not taken & culled, f"kernels of closed pages ended only by the idle cull: {taken & culled}"
        if taken <= ended:
            return time.monotonic() - start
        if time.monotonic() - start > timeout:
            left = sorted(taken - ended)
            raise AssertionError(f"kernels of pages closed {timeout} s ago still run: {left}")
        time.sleep(0.2)


def _close_quietly(context) -> None:
    with contextlib.suppress(Exception):  # already closed by the journey itself
        context.close()


def test_a_newcomer_clicks_through_the_whole_site(site_server, browser, tmp_path, request):
    # the pool filled (the server has just started, or other tests' pages have closed)
    wait_for_kernels(site_server, POOL, 120)
    log_start = len(site_server.log())  # the kernels taken from here on are this journey's
    context = browser.new_context(viewport=SIZES["phone"], locale="en-US")
    # a failed journey closes its pages too: its kernel would otherwise stay, and the next test
    # that counts the server's kernels would find one too many
    request.addfinalizer(lambda: _close_quietly(context))
    page = context.new_page()
    page.set_default_timeout(90_000)
    console = Console(page)
    folder = screenshots(tmp_path)
    times: dict[str, float] = {}
    seed_files: list[str] = []
    started = time.monotonic()

    def step(name: str, lang: str, ready: str) -> None:
        t = time.monotonic()
        try:
            page.locator(ready).first.wait_for(state="visible")
        except Exception:
            page.screenshot(path=str(folder / f"site-phone-failed-{name}.png"))
            raise
        times[name] = round(time.monotonic() - t, 2)
        for size in ("phone", "desktop"):
            page.set_viewport_size(SIZES[size])
            page.wait_for_timeout(300)  # the widgets' layout at this width
            check_page(page, lang, f"{name} ({size})", seed_files)
            page.screenshot(path=str(folder / f"site-{size}-{len(times)}-{name}.png"))
        page.set_viewport_size(SIZES["phone"])  # the journey clicks on at the phone's size
        page.wait_for_timeout(300)

    # home, in the browser's language
    page.goto(site_server.url)
    step("home", "en", ".munchkin-home-pages")
    assert page.title() == "Munchkin"
    page.click(".munchkin-home-course a")

    # the course: Español chosen on the page, then a lesson
    step("course", "en", ".munchkin-course-language select")
    page.select_option(".munchkin-course-language select", label="Español")
    page.wait_for_function("() => new URLSearchParams(location.search).get('lang') === 'es'")
    page.locator(".lesson-id-first_turn", has_text="Tu primer turno").click()
    step("lesson", "es", ".munchkin-lesson-rules a")
    assert "las reglas que enseña esta lección" in page.inner_text(".munchkin-lesson-rules")

    # the guided game, in Spanish without choosing again
    page.click("#munchkin-site a.munchkin-site-play")
    step("play", "es", ".munchkin-review-link")
    assert "/play" in page.url and "lang=es" in page.url
    assert "Una partida guiada" in page.inner_text("body")
    assert page.locator(".munchkin-play-language select option:checked").inner_text() == "Español"

    # its review in the stepper, then a rule of its first event in the explorer
    page.click(".munchkin-review-link")
    step("review", "es", NEXT)
    page.wait_for_function("() => location.search.includes('store=played')")
    rule_link = page.locator("a.munchkin-rule-link").first
    rule = rule_link.inner_text()
    rule_link.click()
    step("rule", "es", f".munchkin-rule[data-rule='{rule}']")
    assert page.locator(".munchkin-language select option:checked").inner_text() == "Español"

    # statistics, then a card of its table in the explorer's card view
    page.click("#munchkin-site a.munchkin-site-stats")
    step("stats", "es", "a.munchkin-card-link")
    card_link = page.locator("a.munchkin-card-link").first
    card = card_link.inner_text()
    card_link.click()
    step("card", "es", ".munchkin-card-picker select")
    shown = page.locator(".munchkin-card-picker select option:checked").inner_text()
    # the table names the card in Spanish, as the card view's picker does: "Enano (raza)"
    assert shown.replace("\xa0", " ").startswith(f"{card} ("), (card, shown)
    assert page.locator(".munchkin-address-notice").count() == 0

    # home again, in Spanish
    page.click("#munchkin-site a.munchkin-site-home")
    step("home-again", "es", ".munchkin-home-pages")
    assert "Aprender" in page.inner_text(".munchkin-home-pages")
    times["journey"] = round(time.monotonic() - started, 2)

    assert console.bad == []
    context.close()
    times["pages' kernels ended"] = round(wait_for_pages_freed(site_server, log_start, 10), 2)
    assert TAKEN.search(site_server.log()[log_start:]), "the journey's pages took no kernel from the pool"
    times["kernels back to the pool"] = round(wait_for_kernels(site_server, POOL, REFILL), 2)
    print(f"\njourney: {json.dumps(times)}")
    assert seed_files == [], "rulebook file names shown (a reader has no such file)"


def status_of(url: str) -> int:
    request = urllib.request.Request(url)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/voila/templates/munchkin/index.html.j2", 404),
        ("/voila/templates/munchkin/conf.json", 404),
        ("/voila/templates/..%2f..%2f..%2fetc%2fpasswd", 404),
        ("/voila/templates/munchkin%2fstatic%2f..%2f..%2fconf.json", 404),
        ("/voila/templates/lab/static/..%2f..%2f..%2fvoila.json", 404),
        ("/logout", 404),
        ("/login", 404),
        ("/no-such-page", 404),
        ("/voila/render/course.ipynb?lesson=items", 302),
        ("/?game=1&event=5", 302),
        ("/munchkin/site.js", 200),
        ("/?lang=ko", 200),
    ],
)
def test_addresses_answer_without_a_server_error(site_server, path, status):
    assert status_of(site_server.url.rstrip("/") + path) == status


def test_old_addresses_go_on_to_the_pages(site_server):
    def location(path: str) -> str:
        request = urllib.request.Request(site_server.url.rstrip("/") + path)
        try:
            urllib.request.build_opener(NoRedirect).open(request, timeout=30)
        except urllib.error.HTTPError as error:
            return str(error.headers["Location"])
        raise AssertionError(f"{path} was not redirected")

    assert location("/voila/render/course.ipynb?lesson=items").endswith("/course?lesson=items")
    assert location("/?game=1&event=5").endswith("/games?game=1&event=5")
    assert location("/voila/tree").endswith("/")
