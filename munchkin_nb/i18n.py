"""Page texts in the players' languages, from gettext catalogues (Babel reads the .po files).

Each part of the project keeps its own domain, so that its messages live in a file of their own:
`munchkin_nb/locale/<lang>/LC_MESSAGES/<domain>.po` (the course, the rules explorer, ...). English
is the source language: a message with no translation, or a language with no catalogue, shows the
English text. `gettext(domain, lang)` gives the function to translate with; `_("...")` in the code
marks the messages that `pybabel extract` collects.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from gettext import c2py
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).parent / "locale"

#: The languages of the rulebooks and of the players: English, Spanish, German, Esperanto,
#: Russian, Korean.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "de": "Deutsch",
    "eo": "Esperanto",
    "ru": "Русский",
    "ko": "한국어",
}


def catalogue_path(domain: str, lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@lru_cache(maxsize=64)
def catalogue(domain: str, lang: str) -> Catalog | None:
    """The catalogue of one domain in one language, or None when there is none."""
    path = catalogue_path(domain, lang)
    if lang == "en" or not path.is_file():
        return None
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=domain)


def gettext(domain: str, lang: str) -> Callable[[str], str]:
    """The translation function of a domain in a language (English text when untranslated)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    cat = catalogue(domain, lang)

    def translate(message: str) -> str:
        found = cat.get(message) if cat is not None else None
        if found is None or found.fuzzy or not isinstance(found.string, str) or not found.string:
            return message
        return found.string

    return translate


def pgettext(domain: str, lang: str) -> Callable[[str, str], str]:
    """The translation function of a domain in a language for messages with a context (msgctxt):
    `t(context, message)`; the context-free translation, then English, when there is none."""
    plain = gettext(domain, lang)
    cat = catalogue(domain, lang)

    def translate(context: str, message: str) -> str:
        found = cat.get(message, context=context) if cat is not None else None
        if found is None or found.fuzzy or not isinstance(found.string, str) or not found.string:
            return plain(message)
        return found.string

    return translate


def ngettext(domain: str, lang: str) -> Callable[[str, str, int], str]:
    """The translation function of a domain in a language for a counted message: `t(one, many, n)`,
    the form the language's plural rule picks for `n` (Russian has three); English's rule (one for
    1, else many), through the context-free translations, where the catalogue has no plural entry."""
    plain = gettext(domain, lang)
    cat = catalogue(domain, lang)
    rule = c2py(cat.plural_expr) if cat is not None else None

    def translate(one: str, many: str, n: int) -> str:
        found = cat.get(one) if cat is not None else None
        if (
            rule is not None
            and found is not None
            and not found.fuzzy
            and isinstance(found.string, tuple)
            and all(found.string)
        ):
            return str(found.string[min(rule(abs(n)), len(found.string) - 1)])
        return plain(one if abs(n) == 1 else many)

    return translate


def missing(domain: str, lang: str, messages: list[str]) -> list[str]:
    """The messages of `messages` that the catalogue leaves untranslated (for tests)."""
    t = gettext(domain, lang)
    return [m for m in messages if t(m) == m]


def page_lang(params: dict[str, str]) -> str:
    """The language a page's address names (`?lang=es`), English when it names none we have."""
    lang = params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"
