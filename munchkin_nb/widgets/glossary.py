"""The course glossary: the game's words in our own words, and links to them from any text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import Any

import yaml

from ..scenarios.shapes import PROSE_LANGUAGES


@dataclass(frozen=True)
class Term:
    """One word of the game: its anchor id, its name and meaning per language, and the phrases
    (per language) that link to it from prose and event words."""

    id: str
    name: dict[str, str]
    meaning: dict[str, str]
    phrases: dict[str, tuple[str, ...]]


LANGS = PROSE_LANGUAGES
"""The languages of the glossary: those the lessons are written in."""

# Korean writes its particles onto the word (문을, 레벨이): a phrase there links at the start of a word.
_OPEN_END = {"ko"}
_FIELDS = ("name", "meaning", "phrases")


def terms_from(rows: list[dict[str, Any]]) -> tuple[Term, ...]:
    """The terms of glossary.yaml's rows, each checked to have a name, a meaning and phrases in every
    language (ValueError names the term and the languages it lacks)."""
    terms = []
    for row in rows:
        missing = [lang for lang in LANGS if not all(row.get(lang, {}).get(k) for k in _FIELDS)]
        if missing:
            term = row.get("id")
            raise ValueError(f"glossary.yaml: term {term!r} lacks name, meaning or phrases in {missing}")
        terms.append(
            Term(
                row["id"],
                {lang: row[lang]["name"] for lang in LANGS},
                {lang: row[lang]["meaning"] for lang in LANGS},
                {lang: tuple(row[lang]["phrases"]) for lang in LANGS},
            )
        )
    return tuple(terms)


TERMS: tuple[Term, ...] = terms_from(
    yaml.safe_load(resources.files(__package__).joinpath("glossary.yaml").read_text(encoding="utf-8"))
)
BY_ID = {t.id: t for t in TERMS}


def _pattern(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    owner = {p.lower(): t.id for t in TERMS for p in t.phrases.get(lang, ())}
    phrases = sorted(owner, key=len, reverse=True)  # the longest phrase wins where two overlap
    end = "" if lang in _OPEN_END else r"\b"
    return re.compile(r"\b(" + "|".join(re.escape(p) for p in phrases) + ")" + end, re.IGNORECASE), owner


_PATTERNS = {lang: _pattern(lang) for lang in LANGS}


def link_terms(text: str, lang: str = "en", meaning_lang: str | None = None) -> str:
    """`text` (plain) escaped, with the first mention of each glossary word linked to its entry;
    phrases are looked for in `lang`, meanings (the links' titles) are in `meaning_lang`."""
    pat, owner = _PATTERNS.get(lang, _PATTERNS["en"])
    show = meaning_lang or lang
    seen: set[str] = set()
    out, last = [], 0
    for m in pat.finditer(text):
        tid = owner[m.group(1).lower()]
        if tid in seen:
            continue
        seen.add(tid)
        term = BY_ID[tid]
        title = escape(term.meaning.get(show, term.meaning["en"]))
        out.append(escape(text[last : m.start()]))
        out.append(f"<a class='munchkin-gloss' href='#gloss-{tid}' title='{title}'>{escape(m.group(1))}</a>")
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


def glossary_html(lang: str = "en") -> str:
    """The whole glossary, one anchored entry per word, in alphabetical order of the language."""
    rows = sorted(TERMS, key=lambda t: t.name.get(lang, t.name["en"]).lower())
    items = "".join(
        f"<dt id='gloss-{t.id}'>{escape(t.name.get(lang, t.name['en']))}</dt>"
        f"<dd>{escape(t.meaning.get(lang, t.meaning['en']))}</dd>"
        for t in rows
    )
    return f"<dl class='munchkin-glossary'>{items}</dl>"
