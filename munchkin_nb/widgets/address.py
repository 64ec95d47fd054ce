"""The page's address follows what it shows (``?game=5&event=100``), with a "copy link" button.

The kernel cannot touch the browser's address bar, so a tiny front-end widget (anywidget, already
installed with plotly and served by Voila from this server) writes ``query`` into it with
``history.replaceState`` whenever the kernel changes it. Opening such a link hands the query
string to the notebook (``page_query``), which goes to that position.
"""

from __future__ import annotations

import json
import os
import time
from html import escape
from typing import Any
from urllib.parse import parse_qs, urlencode

import anywidget
import ipywidgets as widgets
import traitlets

_ESM = """
function render({ model, el }) {
  const sync = () => {
    const url = new URL(window.location.href);
    const query = model.get("query");
    url.search = query ? "?" + query : "";
    if (url.href !== window.location.href) window.history.replaceState(null, "", url.href);
  };
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button munchkin-copy-link";
  const words = () => {  // in the page's language (the kernel sets them)
    button.textContent = model.get("label");
    button.title = model.get("hint");
  };
  words();
  model.on("change:label change:hint", words);
  button.style.minHeight = "40px";  // a finger's size on a phone, on every page (no page CSS needed)
  button.style.padding = "0 12px";
  const note = document.createElement("input");
  note.className = "munchkin-link-text";
  note.readOnly = true;
  note.hidden = true;
  button.addEventListener("click", async () => {
    sync();
    try {
      await navigator.clipboard.writeText(window.location.href);
      button.textContent = model.get("copied");
      setTimeout(words, 2000);
    } catch (error) {  // no clipboard (an http page on another host): show the link to copy by hand
      note.value = window.location.href;
      note.hidden = false;
      note.select();
    }
  });
  model.on("change:query", sync);
  sync();
  const title = () => { if (model.get("title")) document.title = model.get("title"); };
  title();  // the tab's title in the page's language (the notebook's own title is English)
  model.on("change:title", title);
  el.classList.add("munchkin-address");
  Object.assign(el.style, { display: "flex", flexWrap: "wrap", gap: "4px", alignItems: "center" });
  el.style.maxWidth = "100%";
  el.append(button, note);
}
export default { render };
"""


class PageAddress(anywidget.AnyWidget):
    """`query` (``game=5&event=100``) is written into the page's address; a copy-link button."""

    _esm = _ESM
    query = traitlets.Unicode("").tag(sync=True)
    #: the button's words, in the page's language (`say`)
    label = traitlets.Unicode("copy link").tag(sync=True)
    copied = traitlets.Unicode("link copied").tag(sync=True)
    hint = traitlets.Unicode("copy the link to this position").tag(sync=True)
    #: the browser tab's title in the page's language ("": the notebook's own)
    title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: dict[str, object] = {}
        self._kept: dict[str, object] = {}

    def say(self, label: str, copied: str, hint: str) -> None:
        """The button's words in another language: its label, what it says once the link is
        copied, and its tooltip."""
        self.label, self.copied, self.hint = label, copied, hint

    def show(self, **params: object) -> None:
        """Put `params` (in this order, None left out) into the address, then those it `keep`s."""
        self._shown = {k: v for k, v in params.items() if v is not None}
        self.query = urlencode({**self._shown, **self._kept})

    def keep(self, **params: object) -> None:
        """Keep `params` in the address whatever the page shows (``store=played``: which store),
        with those kept before."""
        self._kept = {**self._kept, **{k: v for k, v in params.items() if v is not None}}
        self.query = urlencode({**self._shown, **self._kept})


def wait_for_request(attempts: int = 5) -> None:
    """In a preheated Voila kernel, wait until a visitor asks for the page and take the request's
    variables (``QUERY_STRING``...) into ``os.environ``; at once in any other kernel.

    What ``voila.utils.wait_for_request`` does, without importing ``voila.utils``: that module
    brings jupyter_server and jupyterlab_server into the kernel, 46 MB (measured), for one
    websocket read. Sturdier than it on a loaded server: no keep-alive pings (the client closes a
    socket whose ping goes unanswered for 20 s, which a server busy starting kernels and rendering
    pages can miss, and the page's kernel then fails before its visitor comes), a minute to open,
    no proxy for our own server, and a closed socket opened again (the server keeps a request that
    comes while no socket waits for it)."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect

    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL") or os.environ.get("VOILA_SERVER_URL") or "/"
    url = (
        f"{os.environ.get('VOILA_WS_PROTOCOL', 'ws')}://{os.environ.get('VOILA_APP_IP', '127.0.0.1')}"
        f":{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"
    )
    for attempt in range(attempts):
        try:
            with connect(url, open_timeout=60, ping_interval=None, proxy=None) as socket:
                info = json.loads(socket.recv())
            break
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
            if attempt == attempts - 1:
                raise
            time.sleep(1 + attempt)
    os.environ.update({str(k): str(v) for k, v in info.items()})


def page_query() -> dict[str, str]:
    """The query string this page was opened with (Voila's ``QUERY_STRING``), first value of each.

    A preheated kernel runs the notebook before anyone asks for the page: this waits for the
    request there (``wait_for_request``); in any other kernel it returns at once ({} outside Voila)."""
    wait_for_request()
    return {k: v[0] for k, v in parse_qs(os.environ.get("QUERY_STRING", "")).items() if v}


def int_param(params: dict[str, str], name: str) -> int | None:
    """`params[name]` as an int, or None when it is missing or not a number."""
    try:
        return int(params[name])
    except (KeyError, ValueError):
        return None


def address_notice(problems: list[str]) -> widgets.HTML:
    """The notice above a page whose address had parts it could not use: one line each."""
    lines = "".join(f"<p style='margin: 4px 0; line-height: 1.4;'>{escape(p)}</p>" for p in problems)
    notice = widgets.HTML(
        "<div class='munchkin-address-notice' role='status' style='border-left: 4px solid #c77c02;"
        f" background: #fff4e0; padding: 4px 12px; overflow-wrap: anywhere;'>{lines}</div>"
    )
    notice.add_class("munchkin-address-notice-box")
    notice.layout.max_width = "100%"
    return notice
