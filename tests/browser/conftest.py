"""Browser tests of the Voila app: Debian's chromium driven by Playwright.

Fixtures:
- ``sample_db``: a real event store made for the session with the package
  (three 4-player bot games played by the engine, stored by ``EventStore``).
- ``app_server``: the games page (``python -m munchkin_nb.app --notebook notebooks/app.ipynb``)
  alone on a free port of 127.0.0.1, serving ``sample_db``; stopped, with its kernels, at the end.
- ``site_server``: the whole site as ``make app`` serves it (every page, one server).
- ``start_app``: starts more servers (another database, other Voila flags, ``notebook=SITE``
  for the site; the games page alone by default), all stopped at the end of the session.
- ``browser``: /usr/bin/chromium through Playwright (never ``playwright install``).
- ``watched_page``: a fresh page whose console errors, page errors and requests
  to hosts other than this machine are recorded (``watch.console_errors``,
  ``watch.outside_requests``); outside requests are aborted, there is no network.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from benchmarks.app_timing import CHROMIUM, is_outside, launch_chromium  # noqa: E402 (after the sys.path set-up above)
from munchkin_nb.app import NOTEBOOK, SITE, AppServer, serve  # noqa: E402 (after the sys.path set-up above)

# Timeouts in ms for the page to show its widgets (a kernel starts per page).
PAGE_TIMEOUT_MS = 60_000


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


@pytest.fixture(scope="session")
def start_app(tmp_path_factory) -> Iterator:
    """``start_app(db=..., voila_args=[...]) -> AppServer``; every server stops at session end."""
    stack = []

    def start(*, db=None, notebook=NOTEBOOK, voila_args=()) -> AppServer:
        log = tmp_path_factory.mktemp("voila") / "voila.log"
        manager = serve(db=db, voila_args=list(voila_args), log_path=log, notebook=notebook)
        server = manager.__enter__()
        stack.append(manager)
        return server

    yield start
    while stack:
        stack.pop().__exit__(None, None, None)


@pytest.fixture(scope="session")
def app_server(start_app, sample_db) -> AppServer:
    return start_app(db=sample_db)


@pytest.fixture(scope="session")
def site_server(start_app, sample_db) -> AppServer:
    return start_app(db=sample_db, notebook=SITE)


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@dataclass
class PageWatch:
    """What a page did that the tests forbid."""

    console_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)

    def attach(self, context, page) -> None:
        def guard(route):
            if is_outside(route.request.url):
                self.outside_requests.append(route.request.url)
                route.abort()
            else:
                route.continue_()

        context.route("**/*", guard)
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
    watch.attach(context, page)
    yield page, watch
    context.close()
