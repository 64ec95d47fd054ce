"""The site's pages that need no kernel: the home page, the "no such page" page, and the script
that draws the common header on every page (``/munchkin/site.js``).

The header is drawn in the browser because a preheated Voila page is rendered before anyone asks
for it: only the browser knows the address and the visit's language then.
"""

from __future__ import annotations

import json
from html import escape

from munchkin_nb import site
from munchkin_nb.i18n import LANGUAGES

HEADER_CSS = """
#munchkin-site {display: flex; flex-wrap: wrap; align-items: center; gap: 2px 4px;
  padding: 4px 12px; background: #1f3a5f; font: 15px/1.3 sans-serif; box-sizing: border-box;
  max-width: 100%;}
#munchkin-site a {color: #fff; text-decoration: none; padding: 10px 8px; min-height: 20px;
  border-radius: 4px; display: inline-block;}
#munchkin-site a:hover, #munchkin-site a:focus {background: #2f5a8f;}
#munchkin-site a[aria-current=page] {background: #fff; color: #1f3a5f; font-weight: bold;}
#munchkin-site .munchkin-site-home {font-weight: bold;}
#munchkin-site label {margin-left: auto; color: #fff; display: flex; align-items: center; gap: 6px;}
#munchkin-site select {min-height: 40px; font-size: 15px; max-width: 9em;}
a.munchkin-link {color: #1a5fb4; text-decoration: underline;}
a.munchkin-link.munchkin-button-link {display: inline-block; padding: 10px 14px; background: #1a5fb4;
  color: #fff; border-radius: 4px; text-decoration: none; line-height: 20px;}
.munchkin-rule-links, .munchkin-lesson-rules {margin-top: 4px; font-size: 0.95em;}
@media (max-width: 600px) {#munchkin-site {padding: 2px 4px;} #munchkin-site a {padding: 10px 5px;}
  #munchkin-site label {margin-left: 0;} #munchkin-site .munchkin-site-language-word {display: none;}}
"""

# The header, drawn into <nav id="munchkin-site"> at once (the script is loaded right after it).
# The language: the address's ?lang=, else the one this origin remembers (a cookie, set by the
# server too), else the page's. The links carry it; the menu changes it and reloads the page in it.
# A page whose own language menu changes ?lang= in the address (the course) is followed.
_SCRIPT = """(function () {
  const WORDS = %(words)s, PAGES = %(pages)s, LANGS = %(langs)s;
  const COOKIE = %(cookie)s, COURSE_KEY = %(course_key)s, BASE = %(base)s;
  const nav = document.getElementById("munchkin-site");
  if (!nav) return;
  const style = document.createElement("style");
  style.textContent = %(css)s;
  document.head.append(style);
  const asked = () => new URLSearchParams(window.location.search).get("lang");
  const kept = () => { const m = document.cookie.match(new RegExp("(?:^|; )" + COOKIE + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : null; };
  const lang = () => [asked(), kept(), document.documentElement.lang].find((l) => l in WORDS) || "en";
  const remember = (l) => {
    document.cookie = COOKIE + "=" + l + "; path=" + BASE + "; max-age=31536000; SameSite=Lax";
    try {  // the course and the guided game keep their language here: the visit's wins
      const saved = JSON.parse(window.localStorage.getItem(COURSE_KEY) || "{}") || {};
      if (saved.lang !== l) {
        saved.lang = l;
        window.localStorage.setItem(COURSE_KEY, JSON.stringify(saved));
      }
    } catch (e) { /* no storage (private mode): the links still carry the language */ }
  };
  const here = window.location.pathname.replace(/\\/+$/, "") || "/";
  let drawn = null;
  const draw = () => {
    const l = lang();
    if (l === drawn) return;
    drawn = l;
    remember(l);
    const w = WORDS[l];
    nav.setAttribute("aria-label", w.menu);
    nav.lang = l;
    nav.replaceChildren();
    for (const [key, path] of PAGES) {
      const a = document.createElement("a");
      a.href = path + "?lang=" + l;
      a.textContent = w[key];
      a.className = "munchkin-site-link munchkin-site-" + key;
      a.dataset.page = key;
      if ((path.replace(/\\/+$/, "") || "/") === here) a.setAttribute("aria-current", "page");
      nav.append(a);
    }
    const label = document.createElement("label");
    const word = document.createElement("span");
    word.className = "munchkin-site-language-word";
    word.textContent = w.language;
    const menu = document.createElement("select");
    menu.className = "munchkin-site-language";
    menu.setAttribute("aria-label", w.language);
    for (const [code, name] of Object.entries(LANGS)) menu.append(new Option(name, code, false, code === l));
    menu.addEventListener("change", () => {
      remember(menu.value);
      const url = new URL(window.location.href);
      url.searchParams.set("lang", menu.value);
      window.location.assign(url.href);
    });
    label.append(word, menu);
    nav.append(label);
  };
  draw();
  setInterval(draw, 1000);  // a page's own language menu writes ?lang= into the address
})();
"""


def site_script(base_url: str = "/") -> str:
    """The header's script for a server at `base_url`."""
    root = base_url.rstrip("/")
    pages = [(key, root + page.path) for key, page in site.PAGES.items()]
    return _SCRIPT % {
        "words": json.dumps(site.header_words(), ensure_ascii=False),
        "pages": json.dumps(pages),
        "langs": json.dumps(LANGUAGES, ensure_ascii=False),
        "cookie": json.dumps(site.LANG_COOKIE),
        "course_key": json.dumps(site.COURSE_STORAGE_KEY),
        "base": json.dumps(base_url or "/"),
        "css": json.dumps(HEADER_CSS),
    }


def header_html(base_url: str = "/") -> str:
    """The header's place and its script (as the Voila template has them)."""
    root = base_url.rstrip("/")
    return (
        "<nav id='munchkin-site' class='munchkin-site'></nav>"
        f"<script src='{escape(root)}/munchkin/site.js'></script>"
    )


PAGE_CSS = """
body {font: 16px/1.5 sans-serif; margin: 0; color: #222; background: #fafafa;}
main {max-width: 46em; margin: 0 auto; padding: 1em 1em 3em;}
h1 {margin: .6em 0 .2em;} .munchkin-lead {margin-top: 0; color: #444;}
.munchkin-home-pages {list-style: none; padding: 0; display: grid; gap: 10px;}
.munchkin-home-pages li {background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 10px 14px;}
.munchkin-home-pages a {font-size: 1.15em; font-weight: bold; color: #1a5fb4;}
.munchkin-home-pages p {margin: 4px 0 0;}
.munchkin-address-notice {border-left: 4px solid #c77c02; background: #fff4e0; padding: 6px 12px;}
"""


def _page(lang: str, title: str, body: str, base_url: str) -> str:
    return (
        f"<!DOCTYPE html>\n<html lang='{lang}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<link rel='icon' href='data:;base64,='><title>{escape(title)}</title>"
        f"<style>{PAGE_CSS}</style></head>\n<body>{header_html(base_url)}<main>{body}</main></body></html>\n"
    )


def home_html(lang: str, base_url: str = "/", wrong_lang: str | None = None) -> str:
    """The home page in `lang`: what each page is for and a link to it (a notice first when the
    address asked for a language the site does not have)."""
    t = site.site_text(lang)
    notice = ""
    if wrong_lang is not None:
        notice = (
            f"<p class='munchkin-address-notice' role='status'>{escape(lang_notice(lang, wrong_lang))}</p>"
        )
    items = "".join(
        f"<li class='munchkin-home-{key}'><a href='{escape(site.page_url(key, lang=lang, base=base_url))}'>"
        f"{escape(t(page.name))}</a><p>{escape(t(page.purpose))}</p></li>"
        for key, page in site.PAGES.items()
        if page.notebook
    )
    lead = t(
        "Learn the card game, play it, and look into recorded games: "
        "every move explained by the rules it applies."
    )
    body = (
        f"{notice}<h1>{escape(t('Munchkin, rule by rule'))}</h1>"
        f"<p class='munchkin-lead'>{escape(lead)}</p>"
        f"<ul class='munchkin-home-pages'>{items}</ul>"
    )
    return _page(lang, t("Munchkin"), body, base_url)


def lang_notice(lang: str, wrong: str) -> str:
    """The notice for ``?lang=`` naming a language the site does not have, in `lang`."""
    t = site.site_text(lang)
    return (
        t("The address asks for lang={value}, which is not one of the site's languages ({allowed}).").format(
            value=site.shorten(wrong), allowed=", ".join(LANGUAGES)
        )
        + " "
        + t("This page is shown in {language}.").format(language=LANGUAGES[lang])
    )


def not_found_html(lang: str, base_url: str = "/") -> str:
    """The page for an address with no page, linking home."""
    t = site.site_text(lang)
    home = escape(site.page_url("home", lang=lang, base=base_url))
    body = f"<h1>{escape(t('No such page'))}</h1><p><a href='{home}'>{escape(t('Home'))}</a></p>"
    return _page(lang, t("No such page"), body, base_url)
