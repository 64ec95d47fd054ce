"""A signal from the page: this widget is on (or near) the screen; now send the slow parts.

Measured (benchmarks/bench_app.py, "first view, preheated kernel"): a plotly figure makes the
page evaluate plotly.js and lay the figure out, about 1 s of the browser's main thread on these
machines, during which nothing on the page answers a click. The app's level timeline sits below
the first screen (at 981 px in a 720 px window, 1,839 px on a phone), so it is sent when the
visitor scrolls near it: an empty front-end widget placed where the figure goes tells the kernel
when it comes within 200 px of the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget

from .figure_output import kernel_loop

# Sent once the element comes within 200 px of the window (IntersectionObserver), after an
# animation frame, so that what is already on screen is painted first; where there is no such
# observer, once the element is in the document.
_ESM = """
function render({ model, el }) {
  el.classList.add("munchkin-page-shown");
  el.style.height = "1px";  // observable: an element that is not displayed never intersects
  const send = () => requestAnimationFrame(() => model.send({ event: "shown" }));
  if (typeof IntersectionObserver === "undefined") {
    send();
    return;
  }
  const watch = new IntersectionObserver((seen) => {
    if (seen.some((entry) => entry.isIntersecting)) {
      watch.disconnect();
      send();
    }
  }, { rootMargin: "200px 0px" });
  watch.observe(el);
  return () => watch.disconnect();
}
export default { render };
"""


class PageShown(anywidget.AnyWidget):
    """Place it where slow output goes; `then(fn)` runs `fn` once the page has it on (or near) the
    screen (at once outside a kernel: a script or a test has no page to wait for)."""

    # No timer stands in for a page that never answers: a preheated kernel waits in Voila's pool
    # for minutes before its visitor comes, and a timer would draw the figure into the waiting
    # view, which is what this widget is here to avoid.
    _esm = _ESM

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._todo: list[Callable[[], None]] = []
        self.on_msg(self._on_msg)

    def then(self, fn: Callable[[], None]) -> None:
        """Run `fn` once, when the page has this widget on (or near) the screen."""
        if kernel_loop() is None:
            fn()
        else:
            self._todo.append(fn)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "shown":
            todo, self._todo = self._todo, []
            for fn in todo:
                fn()
