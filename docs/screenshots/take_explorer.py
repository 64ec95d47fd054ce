"""Take the README's screenshots of the rules explorer (notebooks/rules_explorer.ipynb served by
Voila, shot by Debian's chromium through Playwright; no request leaves 127.0.0.1).

    .venv/bin/python docs/screenshots/take_explorer.py [--out docs/screenshots]

Writes explorer_es.png (a Spanish search), explorer_ko.png (a Korean search), explorer_card.png
(a card's neighbourhood and the overview, in a 1900-high window) and explorer_card_es.png
(the same in Spanish) at 1280 wide, and
explorer_phone.png at 390x844.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.app_timing import is_outside, launch_chromium  # noqa: E402 (after the sys.path set-up above)
from munchkin_nb.app import serve  # noqa: E402 (after the sys.path set-up above)

NOTEBOOK = REPO / "notebooks" / "rules_explorer.ipynb"
TIMEOUT_MS = 90_000
DRAWN = ".js-plotly-plot .main-svg .trace"


def shoot(browser, url: str, out: Path, outside: list[str]) -> None:
    def page_at(width: int, height: int):
        context = browser.new_context(viewport={"width": width, "height": height})
        context.route(is_outside, lambda route: (outside.append(route.request.url), route.abort()))
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(url)
        page.locator(".munchkin-rule-search input").wait_for(state="visible")
        return context, page

    def search(page, label: str, words: str, rule: str) -> None:
        page.locator(".munchkin-language select").select_option(label=label)
        page.locator(".munchkin-rule-search input").fill(words)
        page.locator(f".munchkin-rule[data-rule='{rule}']").first.wait_for(state="visible")
        page.wait_for_timeout(600)

    context, page = page_at(1280, 900)
    search(page, "Español", "maldicion", "curse.door")
    page.screenshot(path=str(out / "explorer_es.png"))
    search(page, "한국어", "도망", "run.roll")
    page.screenshot(path=str(out / "explorer_ko.png"))
    page.locator(".munchkin-language select").select_option(label="English")
    page.locator(".munchkin-rule-search input").fill("")
    page.get_by_role("tab", name="Cards").click()
    page.locator(f".munchkin-neighbourhood {DRAWN}").first.wait_for(state="visible")
    page.locator(".munchkin-overview .js-plotly-plot .main-svg").first.wait_for(state="visible")
    page.wait_for_timeout(800)
    # the page scrolls inside Voila's own container: a tall window shows the whole overview
    page.set_viewport_size({"width": 1280, "height": 1900})
    page.wait_for_timeout(800)
    page.locator(".munchkin-cards").screenshot(path=str(out / "explorer_card.png"))
    # the same views in Spanish: the words inside the figures follow the language too
    page.locator(".munchkin-language select").select_option(label="Español")
    page.locator(".munchkin-neighbourhood .js-plotly-plot .legendtext", has_text="objetos").first.wait_for()
    page.wait_for_timeout(800)
    page.locator(".munchkin-cards").screenshot(path=str(out / "explorer_card_es.png"))
    context.close()
    context, page = page_at(1280, 900)
    differs(page)
    page.screenshot(path=str(out / "explorer_differs.png"))
    context.close()
    context, page = page_at(390, 844)
    search(page, "Deutsch", "Weglaufen", "run.roll")
    page.screenshot(path=str(out / "explorer_phone.png"))
    differs(page)
    page.screenshot(path=str(out / "explorer_differs_phone.png"))
    context.close()


def differs(page) -> None:
    """The 'What differs' tab: every rule the games state differently, side by side."""
    page.locator(".lm-TabBar-tab").nth(2).click()  # the third tab, in whatever language
    page.locator(".munchkin-differs table").wait_for(state="visible")
    page.wait_for_timeout(600)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with serve(notebook=NOTEBOOK) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            shoot(browser, server.url, args.out, outside)
        finally:
            browser.close()
    if outside:
        print(f"asked for outside resources: {outside}", file=sys.stderr)
        return 1
    print(f"wrote 4 screenshots to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
