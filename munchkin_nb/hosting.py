"""The app's Voila server: Voila with a cap on live kernels and a check of the ``Host`` header.

    python -m munchkin_nb.hosting NOTEBOOK [VOILA_ARGS...]   (munchkin_nb.app builds this line)

- **Kernel cap.** ``--MunchkinVoila.max_kernels=N``: a page request that would need a kernel
  beyond N (pages being served; preheated kernels waiting in the pool do not count) gets a small
  "busy, try again in a minute" page with status 503 and ``Retry-After``, at once, before any
  kernel starts: never a hang, never a 500. 0 means no cap.
- **Host names.** ``--MunchkinVoila.allowed_hosts=[...]``: jupyter_server's own check of the
  ``Host`` header (``allow_remote_access=False``) with these names; loopback addresses always
  pass. Voila itself turns that check off, so any ``Host`` was served (DNS rebinding).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from html import escape
from typing import Any

import tornado.web
from traitlets import Int, List, Unicode
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

RETRY_AFTER = 60  # seconds, as the busy page says

BUSY_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - busy</title>
<style>body {{font-family: sans-serif; max-width: 34em; margin: 3em auto; padding: 0 1em;
line-height: 1.5; color: #222;}} a {{color: #1a5fb4;}}</style></head>
<body class="munchkin-busy"><h1>Busy, try again in a minute</h1>
<p>Every seat at this table is taken right now: {cap} visitors are already looking at games.
A seat frees up as soon as someone closes their page.</p>
<p><a href="">Try again</a></p></body></html>
"""


class CappedVoilaHandler(TornadoVoilaHandler):  # type: ignore[misc]  # voila ships no types
    """Voila's page handler, refusing politely (503, busy page) beyond the kernel cap."""

    #: page requests admitted whose kernel is not yet serving (shared by all requests)
    starting = 0

    @property
    def cap(self) -> int:
        cap: int = self.settings.get("munchkin_max_kernels", 0)
        return cap

    def kernels_in_use(self) -> int:
        """Kernels of pages: every kernel the server runs but those waiting in the preheat pool."""
        manager = self.kernel_manager
        pooled = set()
        for pool in getattr(manager, "_pools", {}).values():  # voila's pool: tasks of {kernel_id}
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    pooled.add(task.result().get("kernel_id"))
        return len([k for k in manager.list_kernel_ids() if k not in pooled])

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        cls = CappedVoilaHandler
        if self.cap and self.kernels_in_use() + cls.starting >= self.cap:
            self.log.warning("Busy: the cap of %s kernels is reached; a page was refused", self.cap)
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER))
            self.set_header("Cache-Control", "no-store")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            title = escape(self.settings.get("munchkin_title", "Munchkin"))
            self.finish(BUSY_PAGE.format(title=title, cap=self.cap))
            return
        await super().get(path)

    async def get_generator(self, path: str | None = None) -> AsyncIterator[str]:
        """Voila's page, counted in `starting` until its first part is out (its kernel runs by then)."""
        cls = CappedVoilaHandler
        cls.starting += 1
        waiting = True
        try:
            async for html in super().get_generator(path=path):
                if waiting:
                    cls.starting -= 1
                    waiting = False
                yield html
        finally:
            if waiting:
                cls.starting -= 1


class MunchkinVoila(Voila):  # type: ignore[misc]  # voila ships no types
    """Voila with a kernel cap and a Host check (see the module's docstring)."""

    name = "voila"  # reads voila.json like Voila does
    tornado_settings: dict[str, Any]  # Voila's trait (voila ships no types); annotation only

    max_kernels = Int(0, config=True, help="most kernels serving pages at once (0: no cap)")
    allowed_hosts = List(
        Unicode(),
        ["localhost", "127.0.0.1"],
        config=True,
        help="Host header names served; loopback addresses always pass",
    )

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        # jupyter_server's JupyterHandler.check_host: a name not listed is refused with a 403
        settings["allow_remote_access"] = False
        settings["local_hostnames"] = [h.lower() for h in self.allowed_hosts]
        settings["munchkin_max_kernels"] = max(0, self.max_kernels)
        return settings

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = super().init_handlers()
        return [
            (h[0], CappedVoilaHandler, *h[2:]) if len(h) > 1 and h[1] is TornadoVoilaHandler else h
            for h in handlers
        ]

    def start(self) -> None:
        # `tornado_settings` (voila.json, command line) is applied over init_settings; keep the check on
        configured: dict[str, Any] = dict(self.tornado_settings)
        self.tornado_settings = {
            **configured,
            "allow_remote_access": False,
            "local_hostnames": [h.lower() for h in self.allowed_hosts],
        }
        super().start()


main = MunchkinVoila.launch_instance

if __name__ == "__main__":
    main()
