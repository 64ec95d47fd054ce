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
from typing import Callable

import ipywidgets as widgets
import plotly.graph_objects as go
import plotly.io as pio

#: plotly renderer used for every figure of the widgets ("plotly_mimetype", "notebook_connected", ...)
RENDERER = "plotly_mimetype"


def figure_bundle(fig: go.Figure, renderer: str | None = None) -> dict:
    """The MIME bundle of `fig` for `renderer`, with a short text/plain fallback."""
    bundle = dict(pio.renderers[renderer or RENDERER].to_mimebundle(fig.to_dict()))
    title = fig.layout.title.text if fig.layout.title and fig.layout.title.text else "figure"
    bundle.setdefault("text/plain", f"<plotly figure: {title}>")
    return bundle


def show_figure(out: widgets.Output, fig: go.Figure, renderer: str | None = None) -> None:
    """Replace what `out` shows with `fig`."""
    out.outputs = ({"output_type": "display_data", "data": figure_bundle(fig, renderer), "metadata": {}},)


def show_message(out: widgets.Output, text: str) -> None:
    """Replace what `out` shows with a line of text (no figure to show)."""
    out.outputs = ({"output_type": "display_data",
                    "data": {"text/plain": text, "text/html": f"<p class='munchkin-note'>{_esc(text)}</p>"},
                    "metadata": {}},)


def _esc(text: str) -> str:
    from html import escape
    return escape(text)


def later(fn: Callable[[], None]) -> None:
    """Run `fn` after the current cell has finished (so the page shows what it has first);
    at once when no event loop is running (scripts, tests)."""
    try:
        loop = asyncio.get_running_loop()      # a kernel: the cell (or comm message) runs inside the loop
    except RuntimeError:
        fn()
    else:
        loop.call_soon(fn)
