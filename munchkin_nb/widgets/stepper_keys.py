"""The stepper's two front-end helpers (anywidget): keyboard shortcuts anywhere on the page, and
downloading the current game as a JSONL file.

ipywidgets cannot listen to keys outside a focused control, so a tiny front-end widget listens on
the document and sends each shortcut to the kernel as a message; keys typed into a text box, a
drop-down or a slider are theirs, never shortcuts. A page with several steppers: the one drawn last
(and still on the page) answers. The download asks the kernel for the file when the button is
pressed (nothing is kept in the page before), then saves it from a blob: no server route."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

# key (KeyboardEvent.key) -> what the stepper does
SHORTCUTS = {
    "ArrowLeft": "previous",
    "ArrowRight": "next",
    "ArrowUp": "previous_turn",
    "ArrowDown": "next_turn",
    "PageUp": "previous_combat",
    "PageDown": "next_combat",
    "Home": "first",
    "End": "last",
}

_KEYS_ESM = """
const SHORTCUTS = %SHORTCUTS%;
function render({ model, el }) {
  el.classList.add("munchkin-keys");
  el.title = "keyboard: \u2190 \u2192 event, \u2191 \u2193 turn, PgUp PgDn combat, Home End first and last";
  el.textContent = "\u2328 \u2190 \u2192 \u2191 \u2193 Home End";
  const owners = (window.munchkinKeyOwners = window.munchkinKeyOwners || []);
  owners.push(el);
  const onKey = (event) => {
    const live = owners.filter((o) => o.isConnected);
    if (live[live.length - 1] !== el) return;  // another stepper, drawn later, answers
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const what = SHORTCUTS[event.key];
    if (!what) return;
    const target = event.target;
    if (target && target.closest &&
        (target.isContentEditable || target.closest("input, textarea, select, .widget-slider, .slider"))) {
      return;  // typing in a box or moving a slider: the key is theirs
    }
    event.preventDefault();
    model.send({ key: what });
  };
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("keydown", onKey);
    owners.splice(owners.indexOf(el), 1);
  };
}
export default { render };
"""


class KeyShortcuts(anywidget.AnyWidget):
    """Sends the stepper `handler(what)` for each shortcut key pressed anywhere on the page."""

    _esm = _KEYS_ESM.replace("%SHORTCUTS%", repr(SHORTCUTS).replace("'", '"'))

    def __init__(self, handler: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handler = handler
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        what = content.get("key") if isinstance(content, dict) else None
        if isinstance(what, str) and what in SHORTCUTS.values():
            self._handler(what)


_DOWNLOAD_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button munchkin-download";
  const words = () => {  // in the page's language (the kernel sets them)
    button.textContent = model.get("label");
    button.title = model.get("hint");
  };
  words();
  model.on("change:label change:hint", words);
  button.addEventListener("click", () => model.send({ download: true }));
  model.on("msg:custom", (msg) => {
    if (!msg || typeof msg.jsonl !== "string") return;
    const url = URL.createObjectURL(new Blob([msg.jsonl], { type: "application/x-ndjson" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = msg.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  el.append(button);
}
export default { render };
"""


class DownloadButton(anywidget.AnyWidget):
    """A button that saves `make()` -> (file name, text) in the browser when pressed."""

    _esm = _DOWNLOAD_ESM
    #: the button's words, in the page's language
    label = traitlets.Unicode("download .jsonl").tag(sync=True)
    hint = traitlets.Unicode("download this game (events and notes) as a JSONL replay").tag(sync=True)

    def __init__(self, make: Callable[[], tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._make = make
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("download"):
            name, text = self._make()
            self.send({"name": name, "jsonl": text})
