"""Take the README's screenshots: the app on replays/sample.db, and the first lesson, each
served by Voila (``munchkin_nb.app.serve``) and shot by Debian's chromium through Playwright.

    .venv/bin/python docs/screenshots/take.py [--out docs/screenshots]

Writes app_first_view.png, app_combat.png and first_lesson.png (viewport 1280x900, PNG).
No request leaves 127.0.0.1 (others are aborted and make the script fail).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.app_timing import is_outside, launch_chromium  # noqa: E402 (after the sys.path set-up above)
from munchkin_nb.app import DEFAULT_DB, serve  # noqa: E402 (after the sys.path set-up above)

VIEWPORT = {"width": 1280, "height": 900}
TIMEOUT_MS = 90_000
NEXT = ".munchkin-next:not([disabled])"
EVENT = ".munchkin-stepper .munchkin-event b"
DRAWN = ".js-plotly-plot .main-svg .trace"


def new_page(browser, outside: list[str]):
    """A page at the README's size; requests to other hosts are recorded in `outside` and aborted."""
    context = browser.new_context(viewport=VIEWPORT)
    context.route(is_outside, lambda route: (outside.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return context, page


def settle(page) -> None:
    """Let plotly finish its transitions and the fonts load."""
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(800)


def wait_for_seq(page, seq: int) -> None:
    page.locator(EVENT).filter(has_text=re.compile(rf"^Event {seq} of ")).wait_for(state="visible")


def combat_to_show(db: Path) -> tuple[int, int, int]:
    """(seq, turn, first seq of the turn) of a combat in game 1 with a helper or several terms,
    near the start of its turn: the stepper jumps to the turn, then clicks next."""
    from munchkin_nb.engine import breakdown
    from munchkin_nb.store import EventStore

    with EventStore(str(db)) as store:
        turns = [e.turn for e in store.events(1)]
        fallback = None
        for seq, turn in enumerate(turns, start=1):
            start = turns.index(turn) + 1  # the turn box jumps to the turn's first event
            if turn < 1 or seq - start > 15:
                continue
            state = store.state_at(1, seq)
            if state.combat is None or not state.combat.monsters:
                continue
            fallback = fallback or (seq, turn, start)
            if len(breakdown(state).terms) >= 4:
                return seq, turn, start
    if fallback is None:
        raise SystemExit("no combat in game 1 of the sample database")
    return fallback


def shoot_app(browser, url: str, out: Path, db: Path, outside: list[str]) -> None:
    context, page = new_page(browser, outside)
    page.goto(url)
    page.locator(NEXT).wait_for(state="visible")
    page.locator(f".munchkin-graph-figure {DRAWN}").first.wait_for(state="visible")
    page.locator(f".munchkin-levels-figure {DRAWN}").first.wait_for(state="visible")
    settle(page)
    page.screenshot(path=str(out / "app_first_view.png"))

    seq, turn, start = combat_to_show(db)
    page.locator(".munchkin-turn input").fill(str(turn))
    page.locator(".munchkin-turn input").press("Enter")
    wait_for_seq(page, start)
    for n in range(start + 1, seq + 1):
        page.locator(NEXT).click()
        wait_for_seq(page, n)
    page.locator(f".munchkin-combat-figure {DRAWN}").first.wait_for(state="visible")
    settle(page)
    # the stepper's controls at the top, then the table, the event and the waterfall below
    page.locator(".munchkin-stepper").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "app_combat.png"))
    context.close()


def shoot_lesson(browser, url: str, out: Path, outside: list[str]) -> None:
    context, page = new_page(browser, outside)
    page.goto(url)
    page.locator(".munchkin-lesson .munchkin-choice").first.wait_for(state="visible")
    settle(page)
    page.screenshot(path=str(out / "first_lesson.png"))
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent))
    parser.add_argument("--db", default=str(REPO / DEFAULT_DB))
    args = parser.parse_args(argv)
    out, db = Path(args.out), Path(args.db)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            with serve(db=db) as server:
                shoot_app(browser, server.url, out, db, outside)
            with serve(notebook=REPO / "notebooks" / "first_lesson.ipynb") as server:
                shoot_lesson(browser, server.url, out, outside)
        finally:
            browser.close()
    if outside:
        raise SystemExit(f"the pages asked for outside resources: {outside}")
    for name in ("app_first_view.png", "app_combat.png", "first_lesson.png"):
        path = out / name
        print(
            f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}: "
            f"{path.stat().st_size // 1024} KB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
