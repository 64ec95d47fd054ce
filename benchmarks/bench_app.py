"""App: in headless chromium (benchmarks/app_timing), navigation -> first usable stepper
button vs the bare slider notebook, and navigation -> every figure of the app's first view
drawn vs the bare figure notebook; each notebook served by munchkin_nb.app.serve.

And what a visitor gets from the preheated kernel (voila.json): the app's first view, each load
finding a preheated kernel waiting, against a cold bare slider notebook (no preheating); and the
memory of the kernel the app's page got (its first view drawn) against the bare notebook's."""

from __future__ import annotations

import json
import statistics

from .common import REPO, not_available, row

NEXT_READY = ".munchkin-next:not([disabled])"
APP_NOTEBOOK = REPO / "notebooks" / "app.ipynb"
DB = REPO / "replays" / "sample.db"


def figures_in_first_view(db) -> int:
    """How many plotly figures the app's first view shows (its GameView built in this process)."""
    from munchkin_nb.widgets import figure_output
    from munchkin_nb.widgets.app_view import AppView

    count = 0
    real = figure_output.figure_bundle

    def counting(fig, renderer=None):
        nonlocal count
        count += 1
        return real(fig, renderer)

    figure_output.figure_bundle = counting
    try:
        AppView(db)
    finally:
        figure_output.figure_bundle = real
    return count


def figures_selector(n: int) -> str:
    """Visible once the n-th figure of the game view has a drawn trace."""
    return f":nth-match(.munchkin-game .js-plotly-plot:has(.main-svg .trace), {n})"


#: where the game view's figures are: below the first screen, drawn when the visitor comes near
#: (widgets/page_shown.py), so the figure timings scroll there as soon as the page has it
FIGURES_PLACE = ".munchkin-page-shown"


def scroll_for(selector: str) -> str | None:
    """The element to scroll to before `selector` can show (the game view's figures' place), or
    None (the bare notebooks' figures are on the first screen)."""
    return FIGURES_PLACE if ".munchkin-game .js-plotly-plot" in selector else None


def _median_loads(
    server_kwargs: dict, selectors: list[str], runs: int, browser, timeout: float
) -> list[float]:
    from munchkin_nb.app import serve

    from .app_timing import time_page

    out = []
    with serve(**server_kwargs) as server:
        for sel in selectors:
            scroll = scroll_for(sel)
            time_page(server.url, sel, browser=browser, timeout=timeout, scroll_to=scroll)  # warm-up
            out.append(
                statistics.median(
                    time_page(server.url, sel, browser=browser, timeout=timeout, scroll_to=scroll)
                    for _ in range(runs)
                )
            )
    return out


COLD = ["--VoilaConfiguration.preheat_kernel=False"]


def first_view_and_memory(browser, runs: int, timeout: float) -> list[dict]:
    """The preheated app's first view vs a cold bare notebook, and their kernels' memory."""
    from munchkin_nb.app import serve

    from .app_timing import NOTEBOOKS, SLIDER_READY
    from .page_kernel import load_page, wait_for_pool

    def loads(server, ready, then=None, pool=0):
        scroll = scroll_for(then) if then else None

        def one():
            return load_page(
                server, server.url, ready, browser=browser, then=then, scroll_to=scroll, timeout=timeout
            )

        one()  # warm-up
        out = []
        for _ in range(runs):
            if pool:
                wait_for_pool(server, pages=0, pool=pool)
            out.append(one())
        return out

    with serve(notebook=NOTEBOOKS / "bare_slider.ipynb", voila_args=COLD) as server:
        bare = loads(server, SLIDER_READY)
    n_figs = figures_in_first_view(DB)
    with serve(notebook=APP_NOTEBOOK, db=DB) as server:
        app = loads(server, NEXT_READY, then=figures_selector(n_figs) if n_figs else None, pool=1)
    cold = statistics.median(x.seconds for x in bare)
    first = statistics.median(x.seconds for x in app)
    bare_mb = [x.kernel_mb for x in bare if x.kernel_mb]
    app_mb = [x.kernel_mb for x in app if x.kernel_mb]
    return [
        row(
            "app",
            "first view, preheated kernel (usable stepper)",
            first,
            "s",
            cold,
            "cold bare slider notebook",
            target="< cold bare slider",
            ok=first < cold,
            note=f"median of {runs} loads, each finding the preheated kernel waiting; the bare "
            "notebook served with preheat_kernel off; the level timeline, below the first screen, "
            "is drawn when the visitor scrolls to it",
        ),
        row(
            "app",
            "memory of the app page's kernel",
            statistics.median(app_mb) if app_mb else None,
            "MB",
            statistics.median(bare_mb) if bare_mb else None,
            "bare slider notebook's kernel",
            target="<= 80 MB",
            ok=bool(app_mb) and statistics.median(app_mb) <= 80,
            note="RSS of the kernel the page got, its first view drawn (the graph not asked for)",
            higher_is_better=False,
        ),
    ]


def run(quick: bool = False) -> list[dict]:
    import os

    from .app_timing import CHROMIUM, FIGURE_READY, NOTEBOOKS, SLIDER_READY, chromium_browser

    names = ("first usable stepper button", "first view, every figure drawn")
    if not os.access(CHROMIUM, os.X_OK):
        return [not_available("app", n, f"{CHROMIUM} missing (make chromium)", "s") for n in names]
    source = "".join("".join(c["source"]) for c in json.loads(APP_NOTEBOOK.read_text())["cells"])
    shows_app = any(w in source for w in ("app_view", "AppView", "GameView", "TurnStepper"))
    runs, timeout = (1, 30.0) if quick else (3, 45.0)
    rows = []
    try:
        with chromium_browser() as browser:
            (slider,) = _median_loads(
                {"notebook": NOTEBOOKS / "bare_slider.ipynb"}, [SLIDER_READY], runs, browser, timeout
            )
            (figure,) = _median_loads(
                {"notebook": NOTEBOOKS / "bare_figure.ipynb"}, [FIGURE_READY], runs, browser, timeout
            )
            if not shows_app:
                reason = "notebooks/app.ipynb does not show the game view (no app_view/TurnStepper in it) yet"
                return [
                    row(
                        "app",
                        names[0],
                        None,
                        "s",
                        slider,
                        "bare slider notebook",
                        note=f"not available: {reason}",
                    ),
                    row(
                        "app",
                        names[1],
                        None,
                        "s",
                        figure,
                        "bare figure notebook",
                        note=f"not available: {reason}",
                    ),
                ]
            n_figs = figures_in_first_view(DB)
            sels = [NEXT_READY] + ([figures_selector(n_figs)] if n_figs else [])
            try:
                times = _median_loads({"notebook": APP_NOTEBOOK, "db": DB}, sels, runs, browser, timeout)
            except Exception as error:
                reason = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
                return [
                    row(
                        "app",
                        names[0],
                        None,
                        "s",
                        slider,
                        "bare slider notebook",
                        note=f"not available: {reason}",
                    ),
                    row(
                        "app",
                        names[1],
                        None,
                        "s",
                        figure,
                        "bare figure notebook",
                        note=f"not available: {reason}",
                    ),
                ]
            try:
                preheated = first_view_and_memory(browser, runs, timeout)
            except Exception as error:
                reason = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
                preheated = [
                    not_available("app", "first view, preheated kernel (usable stepper)", reason, "s"),
                    not_available("app", "memory of the app page's kernel", reason, "MB"),
                ]
    except Exception as error:
        reason = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
        return [not_available("app", n, reason, "s") for n in names]
    usable = times[0]
    rows.append(
        row(
            "app",
            names[0],
            usable,
            "s",
            slider,
            "bare slider notebook",
            target="<= 1.5x bare slider",
            ok=usable <= 1.5 * slider,
            note=f"median of {runs} loads after a warm-up, replays/sample.db",
        )
    )
    if n_figs:
        first = times[1]
        rows.append(
            row(
                "app",
                names[1],
                first,
                "s",
                figure,
                "bare figure notebook",
                target="<= 1.5x bare figure",
                ok=first <= 1.5 * figure,
                note=f"{n_figs} figures, median of {runs} loads after a warm-up; they lie below the "
                "first screen and are drawn when the visitor comes near: the visitor scrolls there "
                "as soon as the page has them",
            )
        )
    else:
        rows.append(
            row(
                "app",
                names[1],
                None,
                "s",
                figure,
                "bare figure notebook",
                note="not available: the first view shows no figure",
            )
        )
    return rows + preheated
