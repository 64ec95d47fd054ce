"""Browser tests of the Voila app: Debian's chromium driven by Playwright.

One server for (nearly) everything: the site as ``make app`` serves it (every page on one
server, preheated kernels as voila.json says), over ``sample_db``, started once for the session
(once per xdist worker: the browser tests are in two groups, one per worker, tests/conftest.py)
and shared by every test that can share it. Starting a Voila server costs seconds of CPU and
each keeps kernels alive: this is what made the browser tests the long pole of ``make test``.

Fixtures:
- ``sample_db``: a real event store made for the session with the package
  (three 4-player bot games played by the engine, stored by ``EventStore``).
- ``site_server``: the shared site (``/``, ``/games``, ``/course``, ``/play``, ``/rules``,
  ``/stats``, ``/analyser``) on a free port of 127.0.0.1, serving ``sample_db``.
- ``site_page(name)``: one page of the shared site (a key of ``munchkin_nb.site.PAGES``):
  ``.url`` is the page's address (add ``?game=5`` etc.), the server's log and kernels as the
  server's. ``app_server`` is ``site_page("games")``.
- ``start_app(db=..., notebook=..., voila_args=[...])``: a server for what a test needs.
  A NEW TEST GETS THE SHARED SERVER BY DEFAULT: ``notebook`` a page of the site (or ``SITE``)
  with no ``voila_args`` and ``db`` None or ``sample_db`` returns that page of ``site_server``.
  Another ``db`` (a damaged store, a store with variations) gets a site server of its own on
  that store, one per store, with a preheated kernel only for the page first asked for (a
  pool for all six would start kernels no page uses). Only ``voila_args`` (a kernel cap, short
  culling times) or a notebook outside the site start a server of the old kind: that one
  notebook alone at ``/``. Every server stops at the end of the session.
- ``browser``: /usr/bin/chromium through Playwright (never ``playwright install``), one for the
  session, with one browser profile whose HTTP cache every test shares (`Chromium`); each test
  opens its own visitor (``browser.new_context(viewport=...)``, `Visitor`) and closes it: its
  pages' ``beforeunload`` runs, as a browser window closing does, so that each page's kernel is
  shut down at once, and its cookies and storage are wiped for the next visitor.
- ``watched_page``: a fresh page whose console errors, page errors and requests
  to hosts other than this machine are recorded (``watch.console_errors``,
  ``watch.outside_requests``); outside requests are aborted, there is no network.

Shared-server etiquette: close every context you open (a page left open keeps its kernel, and
``test_site_journey`` counts the server's kernels; ``_contexts_closed`` closes what a failed test
left open); do not write into ``sample_db``; a test that
needs another store or other Voila flags says so through ``start_app``'s arguments.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from benchmarks.app_timing import CHROMIUM, CHROMIUM_ARGS, close_pages, is_outside, launch_chromium, leave  # noqa: E402 (after the sys.path set-up above)
from munchkin_nb.app import NOTEBOOK, SITE, AppServer, serve  # noqa: E402 (after the sys.path set-up above)
from munchkin_nb.site import BY_NOTEBOOK, PAGES  # noqa: E402 (after the sys.path set-up above)

# Timeouts in ms for the page to show its widgets (a kernel starts per page): a bound against a
# hang, wide enough for a machine loaded by other work (every wait is for a condition, never a sleep).
PAGE_TIMEOUT_MS = 180_000


# The only console warnings a page may log, and why: Voila 0.5.13's page bundles @jupyterlab/*
# 4.2.5, while the widget manager it loads (its own widgets-manager8, built against 4.5.10, and
# jupyterlab_widgets 3.0.17's, built against 4.6.2) ask for newer ones; webpack's module
# federation then uses the 4.2.5 it has and says so. Nothing of this project asks for them
# (docs/deploy.md); any other warning fails the test that watches the page.
FEDERATION = re.compile(
    r"^(Unsatisfied version \S+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module @jupyterlab/"
    r"|No satisfying version \(\S+\) of shared module @jupyterlab/\S+ found in shared scope default)"
)


def console_problems(page) -> list[str]:
    """The list that `page`'s console errors and warnings (but Voila's own, `FEDERATION`) and its
    uncaught errors go into, as they come."""
    problems: list[str] = []
    page.on(
        "console",
        lambda m: (
            m.type in ("error", "warning")
            and not FEDERATION.match(m.text)
            and problems.append(f"{m.type}: {m.text[:300]}")
        ),
    )
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    return problems


# The two window sizes every page is checked at.
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


def at_both_sizes(
    page,
    shot=None,
    *,
    name: str = "the page",
    scroll_to: str | None = None,
    fits: bool = True,
    full_page: bool = False,
    layout_ms: int = 300,
) -> None:
    """The page as it is now at the phone's size, then widened to a desktop's window; at each, its
    widgets laid out again (`layout_ms`), nothing wider than the window (when `fits`), the element
    `scroll_to` in view and, when `shot` gives a path for the size ("phone", "desktop"), a
    screenshot there; back at the phone's size after."""
    for size, window in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(window)
        page.wait_for_timeout(layout_ms)  # the widgets' layout at this width
        if fits:
            wider = page.evaluate(OVERFLOW)
            assert wider <= 0, f"{name}: {wider} px wider than the {size}'s window"
        if scroll_to:
            page.locator(scroll_to).first.scroll_into_view_if_needed()
        path = shot(size) if shot is not None else None
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(path), full_page=full_page)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(layout_ms)


SAMPLE_SEEDS = (11, 12, 13)  # three 4-player bot games
SAMPLE_PLAYERS = 4


def make_store(path: Path, seeds=SAMPLE_SEEDS, players: int = SAMPLE_PLAYERS) -> Path:
    """A real event store, written by the package: bot games played by the engine (with the
    store's snapshots), as ``munchkin-nb simulate --players 4 --db PATH`` writes them."""
    from munchkin_nb.bots import play_game
    from munchkin_nb.store import EventStore

    with EventStore(str(path)) as store:
        for seed in seeds:
            record = play_game(players, seed, "heuristic")
            store.add_game(record.meta, record.events)
    return path


@pytest.fixture(scope="session")
def sample_db(tmp_path_factory) -> Path:
    return make_store(tmp_path_factory.mktemp("store") / "sample.db")


def preheat_only(notebook) -> tuple[str, ...]:
    """Voila's flag for a site server on another store than sample_db: a preheated kernel for
    `notebook` only (the page its first test asks for, loaded as fast as before on a loaded
    machine), none for the site's other notebooks, which no test of that store may ask for."""
    keep = Path(notebook).name
    others = sorted(p.name for p in SITE.glob("*.ipynb") if p.name != keep)
    return (f"--VoilaKernelManager.preheat_denylist={others!r}",)


# How long a server may take to answer (s): the site starts its pool of kernels as it starts, and
# the machine may be loaded; a bound against a hang, not a measure of speed.
START_TIMEOUT = 300


@dataclass(frozen=True)
class SitePage:
    """One page of a running site server: its address (``url``); anything else (``log()``,
    ``kernel_pids()``, ``pid``) is the server's."""

    server: AppServer
    path: str

    @property
    def url(self) -> str:
        return self.server.url.rstrip("/") + self.path

    def __getattr__(self, name: str):
        return getattr(self.server, name)


def site_path(notebook) -> str | None:
    """The site's address of `notebook` (``/`` for the site itself), None if it is no page of it."""
    path = Path(notebook).resolve()
    if path == SITE.resolve():
        return "/"
    page = BY_NOTEBOOK.get(path.name)
    return page.path if page is not None and path.parent == SITE.resolve() else None


@pytest.fixture(scope="session")
def start_app(tmp_path_factory, sample_db) -> Iterator:
    """``start_app(db=..., notebook=..., voila_args=[...]) -> AppServer | SitePage``: the shared
    site's page where it can be (module docstring), else a server of its own; every server stops
    at session end."""
    stack = []
    servers: list[AppServer] = []
    sites: dict[Path, AppServer] = {}
    shared = Path(sample_db).resolve()

    def launch(db, notebook, voila_args) -> AppServer:
        log = tmp_path_factory.mktemp("voila") / "voila.log"
        manager = serve(
            db=db, voila_args=list(voila_args), log_path=log, notebook=notebook, timeout=START_TIMEOUT
        )
        server = manager.__enter__()
        stack.append(manager)
        servers.append(server)
        return server

    def start(*, db=None, notebook=NOTEBOOK, voila_args=()) -> AppServer | SitePage:
        path = site_path(notebook)
        if path is None or voila_args:
            return launch(db, notebook, voila_args)
        store = shared if db is None else Path(db).resolve()
        if store not in sites:
            sites[store] = launch(store, SITE, () if store == shared else preheat_only(notebook))
        return sites[store] if path == "/" else SitePage(sites[store], path)

    yield start
    for server in servers:  # all at once: their kernels' shutdowns overlap (was 14 s one by one)
        server.ask_to_stop()
    while stack:
        stack.pop().__exit__(None, None, None)


@pytest.fixture(scope="session")
def site_server(start_app) -> AppServer:
    return start_app(notebook=SITE)


@pytest.fixture(scope="session")
def site_page(site_server):
    """``site_page(name) -> SitePage``: the page `name` (a key of ``munchkin_nb.site.PAGES``) of
    the shared site."""
    return lambda name: SitePage(site_server, PAGES[name].path)


@pytest.fixture(scope="session")
def app_server(site_page) -> SitePage:
    return site_page("games")


class Visitor:
    """A visitor's browser window in the session's one browser profile (`Chromium`):
    ``new_page()``, ``pages``, and ``close()``, which is the visitor leaving (``app_timing.leave``:
    each page's ``beforeunload`` runs, in which Voila's page has its kernel shut down at once).
    The profile's HTTP cache outlives the visitor: Voila's scripts are fetched and compiled once
    for the session, not once per test (a page load cost chromium about 4 s of CPU in a fresh
    context, about 2 s in a profile that had loaded the site before; measured). What a visitor
    keeps (cookies, local and session storage) is wiped when it leaves: the next one comes fresh."""

    def __init__(self, browser: Chromium, viewport: dict | None) -> None:
        self._browser = browser
        self._viewport = viewport
        self._pages: list = []
        self.origins: set[str] = set()

    @property
    def pages(self) -> list:
        return [page for page in self._pages if not page.is_closed()]

    def new_page(self):
        page = self._browser.profile.new_page()
        if self._viewport is not None:
            page.set_viewport_size(self._viewport)
        page.on("framenavigated", lambda frame: frame.parent_frame is None and self._saw(frame.url))
        self._pages.append(page)
        return page

    def _saw(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def close(self) -> None:
        """The visitor leaves: as ``app_timing.leave``, then what it kept is wiped."""
        close_pages(self.pages)
        self._browser.forget(self)

    def vanish(self) -> None:
        """Closed with no goodbye (a browser that crashed, a network gone): no ``beforeunload``
        runs, the server hears nothing."""
        for page in self.pages:
            page.close()
        self._browser.forget(self)


class Stranger:
    """A second visitor at the same time as another: an incognito context of its own, sharing
    nothing with the first (``close()`` leaves as `Visitor`'s does; ``vanish()``)."""

    def __init__(self, context) -> None:
        self._context = context
        self.closed = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            leave(self._context)

    def vanish(self) -> None:
        if not self.closed:
            self.closed = True
            self._context.close()

    def __getattr__(self, name: str):
        return getattr(self._context, name)


class Chromium:
    """The session's chromium: ``new_context(viewport=..., locale=...)`` opens a `Visitor` in its
    one profile (en-US, downloads accepted); while that visitor is still there, another gets a
    `Stranger` in a second chromium, launched when first needed. Close every one you open."""

    LOCALE = "en-US"

    def __init__(self, playwright, profile_dir: Path) -> None:
        self._playwright = playwright
        self.profile = playwright.chromium.launch_persistent_context(
            str(profile_dir),
            executable_path=CHROMIUM,
            headless=True,
            args=list(CHROMIUM_ARGS),
            locale=self.LOCALE,
            accept_downloads=True,
        )
        # the profile's first tab stays open (the profile would end with its last tab); through
        # it, the DevTools protocol wipes what a visitor kept
        keeper = self.profile.pages[0] if self.profile.pages else self.profile.new_page()
        self._devtools = self.profile.new_cdp_session(keeper)
        self._visitor: Visitor | None = None
        self._strangers: list[Stranger] = []
        self._second = None

    @property
    def contexts(self) -> list:
        """The visitors not yet closed."""
        visitors: list = [self._visitor] if self._visitor is not None else []
        return visitors + [stranger for stranger in self._strangers if not stranger.closed]

    def new_context(self, *, viewport: dict | None = None, locale: str = LOCALE, **options):
        if self._visitor is None and locale == self.LOCALE and options in ({}, {"accept_downloads": True}):
            self._visitor = Visitor(self, viewport)
            return self._visitor
        if self._second is None:
            self._second = launch_chromium(self._playwright)
        stranger = Stranger(self._second.new_context(viewport=viewport, locale=locale, **options))
        self._strangers.append(stranger)
        return stranger

    def forget(self, visitor: Visitor) -> None:
        """What `visitor` kept is wiped from the profile: cookies, and each origin's storage."""
        self.profile.clear_cookies()
        for origin in sorted(visitor.origins):
            self._devtools.send(
                "Storage.clearDataForOrigin",
                {
                    "origin": origin,
                    "storageTypes": "local_storage,session_storage,indexeddb,service_workers,cache_storage",
                },
            )
        if self._visitor is visitor:
            self._visitor = None

    def close(self) -> None:
        self.profile.close()
        if self._second is not None:
            self._second.close()


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = Chromium(playwright, tmp_path_factory.mktemp("chromium-profile"))
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def _contexts_closed(request) -> Iterator[None]:
    """Every visitor a test opened leaves when it ends, failed or not (``close()``): a page left
    open keeps its kernel on the shared site, and the next test that counts the server's kernels
    (``test_site_journey``) would fail for it (a failed wait left two guided games open: 9
    kernels, not 7); and the next visitor must not find its cookies."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@dataclass
class PageWatch:
    """What a page did that the tests forbid."""

    console_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)

    def attach(self, page) -> None:
        """Watch `page` (each tab of a visitor is attached on its own). Its requests go through
        a route, which turns the HTTP cache off for this page only."""

        def guard(route):
            if is_outside(route.request.url):
                self.outside_requests.append(route.request.url)
                route.abort()
            else:
                route.continue_()

        page.route("**/*", guard)
        page.on("console", lambda msg: msg.type == "error" and self.console_errors.append(msg.text))
        page.on("pageerror", lambda error: self.console_errors.append(f"page error: {error}"))
        page.on(
            "websocket",
            lambda ws: is_outside(ws.url) and self.outside_requests.append(ws.url),
        )

    def assert_clean(self) -> None:
        assert self.outside_requests == [], f"requests outside 127.0.0.1: {self.outside_requests}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"


@pytest.fixture
def watched_page(browser):
    """``(page, watch)``: a page in a fresh context, watched; closed after the test."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    watch = PageWatch()
    watch.attach(page)
    yield page, watch
    context.close()
