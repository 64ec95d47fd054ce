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

import os
from collections.abc import AsyncIterator
from html import escape
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from traitlets import Int, List, Unicode
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from munchkin_nb import site
from munchkin_nb.site_pages import home_html, not_found_html, site_script

PLAY_DB_ENV = "MUNCHKIN_PLAY_DB"  # where the guided game stores its games (munchkin_nb.widgets.play)
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
        # Voila's page sends its kernel's shutdown on unload with the `_xsrf` cookie's value;
        # tornado sets that cookie when a handler reads its token, which Voila's page never does
        self.xsrf_token  # noqa: B018 (read for its side effect: the cookie)
        if self.settings.get("munchkin_site") and not visit_language(self):
            return  # redirected to the address with the visit's language
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


def visit_language(handler: JupyterHandler) -> bool:
    """Keep the visit's language: a page's ``?lang=`` is remembered (a cookie of this origin);
    a page asked for without one is redirected to it with the remembered one. False when
    redirected."""
    asked = site.known_lang(handler.get_query_argument("lang", None))
    if asked:
        handler.set_cookie(site.LANG_COOKIE, asked, expires_days=365, samesite="Lax")
        return True
    kept = site.known_lang(handler.get_cookie(site.LANG_COOKIE))
    if handler.get_query_argument("lang", None) is None and kept:
        query = [(k, v) for k, values in handler.request.query_arguments.items() for v in values]
        pairs = [(k, v.decode("utf-8", "replace")) for k, v in query] + [("lang", kept)]
        handler.redirect(handler.request.path + "?" + urlencode(pairs))
        return False
    return True  # a wrong ?lang= is the page's to say (it shows an address notice)


class HomeHandler(JupyterHandler):
    """The home page at ``/`` (no kernel): what each page is for, in the visit's language.
    An old deep link of the one-page app (``/?game=5&event=100``) goes on to the games page."""

    def get(self) -> None:
        if self.get_query_argument("game", None) is not None or self.get_query_argument("event", None):
            self.redirect(self.base_url.rstrip("/") + site.PAGES["games"].path + "?" + self.request.query)
            return
        asked = self.get_query_argument("lang", None)
        visit_language(self)
        lang = (
            site.known_lang(asked)
            or site.known_lang(self.get_cookie(site.LANG_COOKIE))
            or site.best_lang(self.request.headers.get("Accept-Language"))
        )
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        wrong = asked if asked and not site.known_lang(asked) else None
        self.finish(home_html(lang, self.base_url, wrong_lang=wrong))


class SiteScriptHandler(JupyterHandler):
    """``/munchkin/site.js``: the common header (every page's links and the language menu)."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/javascript; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        if self.settings.get("munchkin_site"):
            self.finish(site_script(self.base_url))
        else:  # one notebook served alone: there are no other pages to link to
            self.finish("// one notebook served alone: no site header\n")


class OldAddressHandler(JupyterHandler):
    """``/voila/render/NOTEBOOK`` (Voila's own address of a page) goes on to the page's address;
    ``/voila/tree`` to the home page; anything else there is not ours (404)."""

    def get(self, path: str = "") -> None:
        page = site.BY_NOTEBOOK.get(path.strip("/")) if path else site.PAGES["home"]
        if page is None:
            raise tornado.web.HTTPError(404)
        query = "?" + self.request.query if self.request.query else ""
        self.redirect(self.base_url.rstrip("/") + page.path + query)


class NotFoundHandler(JupyterHandler):
    """404 for addresses with no page (the app has no login, so no /login and no /logout)."""

    def get(self, *_args: str) -> None:
        raise tornado.web.HTTPError(404)

    post = head = get

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        lang = site.known_lang(self.get_cookie(site.LANG_COOKIE)) or "en"
        self.finish(not_found_html(lang, self.base_url))


class TemplateFileHandler(TemplateStaticFileHandler):  # type: ignore[misc]
    """Voila's template static files, with 404 for anything but ``TEMPLATE/static/FILE``
    (Voila's handler answers such addresses with a 500)."""

    def parse_url_path(self, url_path: str) -> str:
        parts = url_path.replace("\\", "/").split("/")
        if len(parts) < 3 or parts[1] != "static" or not all(parts) or ".." in parts:
            raise tornado.web.HTTPError(404)
        path: str = super().parse_url_path(url_path)
        return path


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
        # The guided games of this server's visitors go to one store in Voila's own folder for
        # the server's run (removed when it stops): the games page reviews them from there, and
        # no visit leaves a file behind. $MUNCHKIN_PLAY_DB, when set, is kept (and kept after).
        # Set before Voila's kernel manager starts the preheated kernels, which copy it.
        os.environ.setdefault(PLAY_DB_ENV, os.path.join(self.connection_dir, "plays.db"))
        settings: dict[str, Any] = super().init_settings()
        # jupyter_server's JupyterHandler.check_host: a name not listed is refused with a 403
        settings["allow_remote_access"] = False
        settings["local_hostnames"] = [h.lower() for h in self.allowed_hosts]
        settings["munchkin_max_kernels"] = max(0, self.max_kernels)
        settings["munchkin_site"] = self.notebook_path is None
        settings["default_handler_class"] = NotFoundHandler
        return settings

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = []
        page_args: dict[str, Any] = {}
        for pattern, handler, *rest in super().init_handlers():
            if handler is TornadoVoilaHandler:
                page_args = rest[0] if rest else {}
                handler = CappedVoilaHandler
            elif handler is TemplateStaticFileHandler:
                handler = TemplateFileHandler
            elif pattern.rstrip("$").endswith(("/login", "/logout")):
                handler, rest = NotFoundHandler, []
            elif self.notebook_path is None and (
                handler is TornadoVoilaTreeHandler or "/voila/api/contents" in pattern
            ):
                continue  # the site's home page stands for Voila's listing of the folder
            handlers.append((pattern, handler, *rest))
        # first: one notebook served alone has a catch-all page handler (`/(.*)`)
        handlers.insert(0, (self.server_url.rstrip("/") + "/munchkin/site.js", SiteScriptHandler))
        if self.notebook_path is None:  # the site: every page of site.PAGES on one server
            root = self.server_url.rstrip("/")
            site_handlers: list[Any] = [(root + "/", HomeHandler)]
            for page in site.PAGES.values():
                if page.notebook:
                    args = {**page_args, "notebook_path": page.notebook}
                    site_handlers.append((root + page.path, CappedVoilaHandler, args))
            site_handlers += [
                (root + r"/voila/render/(.*)", OldAddressHandler),
                (root + r"/voila/tree(/.*)?", OldAddressHandler),
            ]
            handlers = site_handlers + [h for h in handlers if not h[0].startswith(root + "/voila/render")]
        return handlers

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
