"""Page timings of the Voila app in Debian's chromium, through Playwright.

``time_page(url, ready_selector)`` is the reusable measure: seconds from the
start of the navigation until ``ready_selector`` matches a visible element.
``python -m benchmarks.app_timing`` serves the bare baseline notebooks of
``benchmarks/notebooks`` and compares the ways of showing a plotly figure.

The browser is always /usr/bin/chromium (``make chromium`` installs it with
apt); Playwright never downloads a browser of its own here.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE / "notebooks"
# Ready selectors of the baseline notebooks.
SLIDER_READY = ".widget-slider .slider:not([disabled]):not(.disabled) .noUi-handle"  # visible, enabled
FIGURE_READY = ".js-plotly-plot .main-svg .bars .point path"


def launch_chromium(playwright, **kwargs):
    """Debian's chromium, headless, with nothing talking to Google's services."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_ARGS), **kwargs
    )


def is_outside(url: str) -> bool:
    """True for a network URL whose host is not this machine (data:, blob: are not network)."""
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https", "ws", "wss", "ftp"}:
        return False
    return (parts.hostname or "") not in LOCAL_HOSTS


def leave(context) -> None:
    """Close a browser context as a visitor closes a window: each page's ``beforeunload`` runs
    first, in which Voila's page asks the server to shut its kernel down, and the page is closed
    before the context is. Playwright's ``context.close()`` alone runs no ``beforeunload``: the
    page's kernel then lives on until the server's idle cull (45 s in voila.json), and a quick run
    of page loads reaches the server's cap of kernels and is shown the busy page."""
    close_pages(context.pages)
    context.close()


def close_pages(pages) -> None:
    """Close each of `pages` as a visitor closes a tab: its ``beforeunload`` runs first (`leave`)."""
    for page in pages:
        if page.is_closed():
            continue
        # a page that hangs in its unload is closed with its context, or left to the session's end
        with contextlib.suppress(Exception), page.expect_event("close", timeout=10_000):
            page.close(run_before_unload=True)


@contextmanager
def chromium_browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


def timed_goto(page, url: str, ready_selector: str, timeout: float, scroll_to: str | None = None) -> float:
    """Seconds from navigating `page` to ``url`` until ``ready_selector`` is visible; with
    ``scroll_to``, the visitor scrolls to that element as soon as the page has it (what is drawn
    only when it comes near the screen, such as the app's level timeline)."""
    start = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=timeout * 1000)
    if scroll_to:
        scroll_into_view(page, scroll_to, timeout)
    page.locator(ready_selector).first.wait_for(state="visible", timeout=timeout * 1000)
    return time.perf_counter() - start


def scroll_into_view(page, selector: str, timeout: float) -> None:
    """Scroll the page to the first element matching `selector`, once it is in the document."""
    target = page.locator(selector).first
    target.wait_for(state="attached", timeout=timeout * 1000)
    target.evaluate("el => el.scrollIntoView({block: 'center'})")


def time_page(
    url: str, ready_selector: str, *, browser=None, timeout: float = 60.0, scroll_to: str | None = None
) -> float:
    """Seconds from navigating to ``url`` until ``ready_selector`` is visible.

    A fresh browser context each call (no cache, a new kernel); pass ``browser``
    to reuse one chromium across calls, else one is launched for this call.
    Requests outside 127.0.0.1 are aborted (there is no network) and make it fail.
    """
    if browser is None:
        with chromium_browser() as own:
            return time_page(url, ready_selector, browser=own, timeout=timeout, scroll_to=scroll_to)
    context = browser.new_context()
    outside: list[str] = []

    def guard(route):
        if is_outside(route.request.url):
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", guard)
    page = context.new_page()
    try:
        elapsed = timed_goto(page, url, ready_selector, timeout, scroll_to)
    finally:
        leave(context)  # the page's kernel is shut down at once, as when a visitor leaves
    if outside:
        raise RuntimeError(f"{url} asked for outside resources: {outside}")
    return elapsed


# --- the baseline comparison ------------------------------------------------

FIGURE_MODES = {
    # How the last line of bare_figure.ipynb shows `fig`. All are offline.
    # plotly_mimetype: a JSON output drawn by the jupyterlab-plotly extension
    #   that Voila serves itself; no kernel round trip after the cell ran. The app's way.
    "plotly_mimetype": "fig.show(renderer='plotly_mimetype')",
    # figurewidget: an anywidget; the view is built over the comm once the
    #   widget manager is up, so it comes last.
    "figurewidget": "go.FigureWidget(fig)",
    # Not usable in the app, kept to show why (python -m benchmarks.app_timing --modes ...):
    # notebook: text/html with plotly.js (4.8 MB) inlined into every output,
    #   and it asks a CDN for MathJax.
    "notebook": "fig.show(renderer='notebook')",
    # iframe: writes iframe_figures/figure_N.html next to the notebook; Voila
    #   refuses to serve it (403, file_allowlist), the frame stays empty.
    "iframe": "fig.show(renderer='iframe')",
}


def figure_variant(mode: str, folder: Path) -> Path:
    """bare_figure.ipynb with its figure shown the ``mode`` way, written into ``folder``."""
    import nbformat

    nb = nbformat.read(NOTEBOOKS / "bare_figure.ipynb", as_version=4)
    cell = nb.cells[-1]
    lines = cell.source.rstrip().splitlines()
    lines[-1] = FIGURE_MODES[mode]
    cell.source = "\n".join(lines)
    path = folder / f"bare_figure_{mode}.ipynb"
    nbformat.write(nb, path)
    return path


def measure(notebook: Path, selector: str, runs: int, browser) -> list[float]:
    """Times of ``runs`` page loads of ``notebook`` served by the app (after one warm-up load)."""
    if str(HERE.parent) not in sys.path:
        sys.path.insert(0, str(HERE.parent))
    from munchkin_nb.app import serve

    times = []
    with serve(notebook=notebook) as server:
        time_page(server.url, selector, browser=browser)  # warm-up: imports, disk cache
        for _ in range(runs):
            times.append(time_page(server.url, selector, browser=browser))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--modes", nargs="*", default=["figurewidget", "plotly_mimetype"])
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    results: dict[str, list[float]] = {}
    folder = Path(tempfile.mkdtemp(prefix="munchkin-bench-"))
    try:
        with chromium_browser() as browser:
            results["slider"] = measure(NOTEBOOKS / "bare_slider.ipynb", SLIDER_READY, args.runs, browser)
            for mode in args.modes:
                results[f"figure:{mode}"] = measure(
                    figure_variant(mode, folder), FIGURE_READY, args.runs, browser
                )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for name, times in results.items():
            print(
                f"{name:24s} median {statistics.median(times):6.2f} s   "
                f"min {min(times):6.2f}  max {max(times):6.2f}  (n={len(times)})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
