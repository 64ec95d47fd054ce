"""A signal from the page: the widgets placed before this one are drawn; now send the slow parts.

Measured (benchmarks/bench_app.py, "first view, preheated kernel"): a plotly figure in the first
view makes the page evaluate plotly.js (about 0.75 s of the browser's main thread on these
machines), and the stepper's buttons were usable only after it, 3.4 s from navigation against
2.0 s without the figure. So the figure is sent when the page says it has drawn what comes
before it: an invisible front-end widget, placed last, that answers once it is on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget

from .figure_output import kernel_loop

# Sent after two animation frames once the element is in the document: by then the browser has
# laid out and painted the views created before this one (the stepper), so what the kernel sends
# next cannot hold them back.
_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  (async () => {
    while (!el.isConnected) await frame();
    await frame();
    await frame();
    model.send({ event: "shown" });
  })();
}
export default { render };
"""


class PageShown(anywidget.AnyWidget):
    """Place it last in a view; `then(fn)` runs `fn` once the page has drawn it (at once outside
    a kernel: a script or a test has no page to wait for)."""

    # No timer stands in for a page that never answers: a preheated kernel waits in Voila's pool
    # for minutes before its visitor comes, and a timer would draw the figure into the waiting
    # view, which is what this widget is here to avoid.
    _esm = _ESM

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._todo: list[Callable[[], None]] = []
        self.on_msg(self._on_msg)

    def then(self, fn: Callable[[], None]) -> None:
        """Run `fn` once, when the page has drawn this widget."""
        if kernel_loop() is None:
            fn()
        else:
            self._todo.append(fn)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "shown":
            todo, self._todo = self._todo, []
            for fn in todo:
                fn()
