"""The site's map: its pages, their addresses, and the visit's language.

One server (``make app``) serves every page from one origin: the home page at ``/`` and eight
notebook pages at the paths below. Every link between pages is made here (`page_url`), with the
visit's language in it (``?lang=es``), so that a language chosen on any page holds on the next.

    >>> page_url("games", lang="es", game=5, event=100)
    '/games?game=5&event=100&lang=es'

Light on purpose: the server imports it (no widgets, no engine).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from munchkin_nb.i18n import LANGUAGES, gettext

#: the cookie (and localStorage key) that keeps the visit's language on this origin
LANG_COOKIE = "munchkin_lang"
#: where the course (and the guided game) keep progress and language in the browser; the header
#: writes the visit's language there too (munchkin_nb.widgets.course.STORAGE_KEY, checked by a test)
COURSE_STORAGE_KEY = "munchkin-course-v1"
DOMAIN = "site"  # the gettext domain of the header, the home page and the address notices


def _(message: str) -> str:
    """Marks a message for `pybabel extract`; translated where it is shown (`site_text`)."""
    return message


@dataclass(frozen=True)
class Page:
    """One page of the site: its key (`page_url`), path, notebook (None: the home page), the
    name the header gives it, and the sentence the home page says of it."""

    key: str
    path: str
    notebook: str | None
    name: str
    purpose: str


PAGES: dict[str, Page] = {
    p.key: p
    for p in (
        Page("home", "/", None, _("Home"), _("Where every page of the site starts.")),
        Page(
            "course",
            "/course",
            "course.ipynb",
            _("Learn"),
            _("New to Munchkin? Short lessons, one rule at a time: you play each move yourself."),
        ),
        Page(
            "play",
            "/play",
            "play.ipynb",
            _("Play"),
            _("A whole game against three bots, with a hint and an undo at every move."),
        ),
        Page(
            "rules",
            "/rules",
            "rules_explorer.ipynb",
            _("Rules"),
            _("Every rule in six languages: search it, read where the rulebooks say it, see the cards."),
        ),
        Page(
            "games",
            "/games",
            "app.ipynb",
            _("Games"),
            _("Step through a recorded game event by event, with the rules each event applied."),
        ),
        Page(
            "analyser",
            "/analyser",
            "replay_analyser.ipynb",
            _("Analyser"),
            _("One game on a page: its table, the combat, each player's level and who did what to whom."),
        ),
        Page(
            "judge",
            "/judge",
            "judge.ipynb",
            _("Judge"),
            _("Settle a table's argument: set a position up; who may do what now, and why not, by rule."),
        ),
        Page(
            "record",
            "/record",
            "record.ipynb",
            _("Record"),
            _("Record a game played at a real table as it happens, on one phone, checked by the rules."),
        ),
        Page(
            "stats",
            "/stats",
            "stats.ipynb",
            _("Statistics"),
            _("Which cards win: every card's win rate across the stored games, with its interval."),
        ),
    )
}

#: the notebook pages, by their notebook's file name
BY_NOTEBOOK: dict[str, Page] = {p.notebook: p for p in PAGES.values() if p.notebook}


def page_url(page: str, lang: str | None = None, base: str = "/", **params: object) -> str:
    """The address of `page` (a key of `PAGES`) with `params` (None left out) and the language last."""
    if page not in PAGES:
        raise ValueError(f"no page {page!r}; pages: {', '.join(PAGES)}")
    query = {k: v for k, v in params.items() if v is not None}
    if lang is not None:
        query["lang"] = lang
    path = base.rstrip("/") + PAGES[page].path
    return path + ("?" + urlencode(query) if query else "")


def known_lang(lang: object) -> str | None:
    """`lang` when it is one of the site's languages, else None."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


def best_lang(accept_language: str | None) -> str:
    """The first of the site's languages an ``Accept-Language`` header asks for, else English."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()
        for lang in (tag, tag.split("-")[0]):
            if lang in LANGUAGES:
                return lang
    return "en"


def site_text(lang: str) -> Callable[[str], str]:
    """The translation function of the site's own words (header, home page, notices)."""
    return gettext(DOMAIN, lang if lang in LANGUAGES else "en")


def header_words() -> dict[str, dict[str, str]]:
    """For the header's script: per language, each page's name and the words it needs."""
    words: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        t = site_text(lang)
        entry = {key: t(p.name) for key, p in PAGES.items()}
        entry["language"] = t("Language")
        entry["menu"] = t("Munchkin pages")
        words[lang] = entry
    return words


def shorten(value: str, most: int = 40) -> str:
    """`value` as a notice quotes it: at most `most` characters (a 5,000-digit seed is not quoted whole)."""
    return value if len(value) <= most else value[: most - 1] + "…"


class AddressCheck:
    """Reads a page's query string and says, in the visit's language, each part it cannot use:
    which value, what is allowed; the page then shows its default for that part.

        check = AddressCheck(page_query(), lang)
        seed = check.number("seed", 0, 2**63 - 1)   # None when missing or refused
        check.problems  # the sentences for the page's notice
    """

    def __init__(self, params: dict[str, str], lang: str = "en") -> None:
        self.params = params
        self.lang = lang if lang in LANGUAGES else "en"
        self._ = site_text(self.lang)
        self.problems: list[str] = []

    def refuse(self, name: str, allowed: str) -> None:
        """Say that `name`'s value is not used, and what is allowed instead."""
        t = self._
        self.problems.append(
            t("The address asks for {name}={value}: {allowed}.").format(
                name=name, value=shorten(self.params.get(name, "")), allowed=allowed
            )
            + " "
            + t("The page shows its default instead.")
        )

    def number(self, name: str, low: int, high: int | None = None) -> int | None:
        """The whole number `name` names, from `low` to `high` (no upper bound when None)."""
        raw = self.params.get(name)
        if raw is None:
            return None
        t = self._
        allowed = (
            t("allowed are whole numbers from {low} to {high}").format(low=low, high=high)
            if high is not None
            else t("allowed are whole numbers from {low} up").format(low=low)
        )
        text = raw.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not digits.isdigit() or len(digits) > 30:  # int() of 5,000 digits is refused by Python
            self.refuse(name, allowed)
            return None
        value = int(text)
        if value < low or (high is not None and value > high):
            self.refuse(name, allowed)
            return None
        return value

    def choice(self, name: str, allowed: list[str] | dict[str, str], most: int = 12) -> str | None:
        """The value `name` names when it is one of `allowed` (keys of a dict)."""
        raw = self.params.get(name)
        if raw is None:
            return None
        if raw in allowed:
            return raw
        names = list(allowed)
        shown = ", ".join(names[:most]) + (f" … ({len(names)})" if len(names) > most else "")
        self.refuse(name, self._("allowed are {choices}").format(choices=shown))
        return None

    def language(self, spoken: list[str] | dict[str, str]) -> str:
        """The page's language: ``?lang=`` when the page speaks it; else English, said so (a
        language the site has that this page does not speak yet, or no language at all)."""
        raw = self.params.get("lang")
        if raw is None:
            return "en"
        if raw in spoken:
            return raw
        if raw in LANGUAGES:
            self.problems.append(
                self._("This page is not in {language} yet: it is shown in English.").format(
                    language=LANGUAGES[raw]
                )
            )
        else:
            self.choice("lang", LANGUAGES)
        return "en"
