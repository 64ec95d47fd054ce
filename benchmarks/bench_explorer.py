"""Explorer: in headless chromium (benchmarks/app_timing), navigation -> the rules explorer's
search box ready to type in, against the bare one-slider notebook, both served by
munchkin_nb.app.serve in the same run. The card views are built on demand, not at page load."""

from __future__ import annotations

import statistics

from .common import REPO, not_available, row

NAME = "first keystroke possible (search box)"
SEARCH_READY = ".munchkin-rule-search input:not([disabled])"
NOTEBOOK = REPO / "notebooks" / "rules_explorer.ipynb"


def run(quick: bool = False) -> list[dict]:
    import os

    from munchkin_nb.app import serve

    from .app_timing import CHROMIUM, NOTEBOOKS, SLIDER_READY, chromium_browser, time_page

    if not os.access(CHROMIUM, os.X_OK):
        return [not_available("explorer", NAME, f"{CHROMIUM} missing (make chromium)", "s")]
    runs, timeout = (1, 30.0) if quick else (3, 45.0)

    def median_load(notebook, selector, browser) -> float:
        with serve(notebook=notebook) as server:
            time_page(server.url, selector, browser=browser, timeout=timeout)  # warm-up
            return statistics.median(
                time_page(server.url, selector, browser=browser, timeout=timeout) for _ in range(runs)
            )

    with chromium_browser() as browser:
        bare = median_load(NOTEBOOKS / "bare_slider.ipynb", SLIDER_READY, browser)
        explorer = median_load(NOTEBOOK, SEARCH_READY, browser)
    return [
        row(
            "explorer",
            NAME,
            explorer,
            "s",
            bare,
            "bare slider notebook",
            target="<= 1.2x bare slider",
            ok=explorer <= 1.2 * bare,
            note=f"median of {runs} loads after a warm-up, notebooks/rules_explorer.ipynb",
        )
    ]
