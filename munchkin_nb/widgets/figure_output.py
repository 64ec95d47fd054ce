"""The one place where a plotly figure becomes page output: switch the way here.

Measured (benchmarks/app_timing.py, tests/browser): a ``go.FigureWidget`` ships
plotly.js in widget state and costs seconds per page in Voila; ``plotly_mimetype``
(a JSON output drawn by the jupyterlab-plotly extension Voila serves, no CDN) is
the app's way. The figure's MIME bundle is set straight into an
``ipywidgets.Output`` (``out.outputs``), so it works from widget callbacks and
deferred callbacks alike, with no dependence on the kernel's current message.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

import ipywidgets as widgets

if TYPE_CHECKING:  # a plain spec ({"data", "layout"}) needs no plotly at all (munchkin_nb.viz.figures)
    import plotly.graph_objects as go

#: a ``go.Figure`` or a plain plotly spec
Figure: TypeAlias = "go.Figure | dict[str, Any]"

#: the MIME type of a plotly figure (drawn by the jupyterlab-plotly extension Voila serves)
PLOTLY_MIME = "application/vnd.plotly.v1+json"

#: plotly.js options of every figure: no logo linking to plotly.com, no "edit in Chart Studio"
#: (an upload to an outside host), resize with the page (phones); the modebar keeps zoom and
#: the PNG download, which stay in the browser.
PLOTLY_CONFIG: dict[str, Any] = {
    "displaylogo": False,
    "showLink": False,
    "showSendToCloud": False,
    "showEditInChartStudio": False,
    "modeBarButtonsToRemove": ["sendDataToCloud", "editInChartStudio"],
    "responsive": True,
}

#: plotly renderer used for every figure of the widgets ("plotly_mimetype", "notebook_connected", ...)
RENDERER = "plotly_mimetype"


def plotly_mimetype_bundle(fig: Figure) -> dict[str, Any]:
    """What ``pio.renderers["plotly_mimetype"]`` gives (it has no config), without importing
    ``plotly.io._renderers``: that module imports nbformat, hence jsonschema, whose URI
    grammars take about 3 s to build in a fresh kernel (measured; the app's first figure paid it).
    A plain spec (a dict of JSON data) is copied as it is, with no plotly import."""
    if isinstance(fig, dict):
        spec = json.loads(json.dumps({"data": fig.get("data", []), "layout": fig.get("layout", {})}))
    else:
        from plotly.io._json import to_json

        spec = json.loads(to_json(fig.to_dict(), validate=False, remove_uids=False))
    spec["config"] = dict(PLOTLY_CONFIG)  # the jupyterlab-plotly renderer passes it to plotly.js
    return {PLOTLY_MIME: spec}


def figure_bundle(fig: Figure, renderer: str | None = None) -> dict[str, Any]:
    """The MIME bundle of `fig` (a ``go.Figure`` or a plain spec) for `renderer`, with a short
    text/plain fallback."""
    renderer = renderer or RENDERER
    if renderer == "plotly_mimetype":
        bundle = plotly_mimetype_bundle(fig)
    else:
        import plotly.io as pio

        bundle = dict(pio.renderers[renderer].to_mimebundle(fig if isinstance(fig, dict) else fig.to_dict()))
        if PLOTLY_MIME in bundle:
            bundle[PLOTLY_MIME] = {**bundle[PLOTLY_MIME], "config": dict(PLOTLY_CONFIG)}
    bundle.setdefault("text/plain", f"<plotly figure: {figure_title(fig)}>")
    return bundle


def figure_title(fig: Figure) -> str:
    """The title text of `fig`, or "figure"."""
    if isinstance(fig, dict):
        title = fig.get("layout", {}).get("title") or {}
        text = title.get("text") if isinstance(title, dict) else title
    else:
        text = fig.layout.title.text if fig.layout.title else None
    return str(text) if text else "figure"


def show_figure(out: widgets.Output, fig: Figure, renderer: str | None = None) -> None:
    """Replace what `out` shows with `fig`."""
    out.outputs = ({"output_type": "display_data", "data": figure_bundle(fig, renderer), "metadata": {}},)


def show_message(out: widgets.Output, text: str) -> None:
    """Replace what `out` shows with a line of text (no figure to show)."""
    out.outputs = (
        {
            "output_type": "display_data",
            "data": {"text/plain": text, "text/html": f"<p class='munchkin-note'>{_esc(text)}</p>"},
            "metadata": {},
        },
    )


def _esc(text: str) -> str:
    from html import escape

    return escape(text)


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop when this code runs in an IPython kernel, else None (a script,
    a test, or another library's loop such as Playwright's sync API: no cell to wait for)."""
    try:
        loop = asyncio.get_running_loop()  # a kernel: the cell (or comm message) runs inside the loop
    except RuntimeError:
        return None
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:
        return None
    return loop if shell is not None and getattr(shell, "kernel", None) is not None else None


def later(fn: Callable[[], None]) -> None:
    """Run `fn` after the current cell has finished (so the page shows what it has first);
    at once outside a kernel (scripts, tests)."""
    loop = kernel_loop()
    if loop is None:
        fn()
    else:
        loop.call_soon(fn)
