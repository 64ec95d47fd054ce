"""The rules in the six languages: one YAML file per language, keyed by rule id.

`<lang>.yaml` holds, for each rule, its `title` and `text` in our own words and `quote`, our
translation of the words the rule quotes from its rulebook (`quote2`, `quote3` for a rule that quotes
two or three passages; none where the rulebook is in that language). `headings.yaml` translates
the rulebooks' section headings. English titles and texts stay in the catalogue; `en.yaml` holds only quotes.
`cards.yaml` names cards in the languages whose rulebooks name them. A plug-in (a ruleset or a
module) may keep its own rules' translations beside it, in `munchkin_nb/plugins/<name>/i18n/<lang>.yaml`
of the same shape; `table` reads them all.
How to add a language or a rule's translation: docs/rulebooks.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from munchkin_nb.i18n import LANGUAGES
from munchkin_nb.rules.catalogue import RULES, Rule
from munchkin_nb.rules.registry import folders
from munchkin_nb.rules.sources import quote_of, quotes_of, source_of

DATA_DIR = Path(__file__).parent
# libyaml when it is there: the pure-Python parser takes most of a second over six files
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Wording:
    """One rule in one language: title, text, and the rulebook's quote in that language."""

    lang: str
    title: str
    text: str
    quote: str  # our translation of the quote, or the quote itself in the rulebook's language
    translated: bool  # False when a part fell back to English


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return lang


def _files(lang: str) -> list[Path]:
    """The translation files of `lang`: the catalogue's own, then each plug-in's, in name order."""
    own = DATA_DIR / f"{_language(lang)}.yaml"
    return [p for p in [own, *(d / "i18n" / f"{lang}.yaml" for d in folders().values())] if p.is_file()]


@lru_cache(maxsize=8)
def table(lang: str) -> dict[str, dict[str, str]]:
    """The translations of `lang` as {rule id: {field: text}} (empty when there are none)."""
    out: dict[str, dict[str, str]] = {}
    for path in _files(lang):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
        for k, fields in data.items():
            if str(k) in out:
                # two files translating one rule would make the winner depend on file order
                raise ValueError(f"{path}: rule {k} is translated in another file too")
            out[str(k)] = {str(f): str(v) for f, v in (fields or {}).items()}
    return out


def needed(rule: Rule, lang: str) -> tuple[str, ...]:
    """The fields a translation of `rule` into `lang` must give."""
    fields: tuple[str, ...] = () if lang == "en" else ("title", "text")
    if source_of(rule).lang != lang:
        fields += tuple(quote_key(n) for n in range(len(quotes_of(rule))))
    return fields


def quote_key(n: int) -> str:
    """The field of a translation file that translates a rule's `n`-th quote (from 0): quote, quote2..."""
    return "quote" if n == 0 else f"quote{n + 1}"


def quote_translations(rule: Rule, lang: str) -> tuple[str, ...]:
    """Our translation into `lang` of each quote of `rule` (English, then the quote, where missing)."""
    mine, english = table(lang).get(rule.id, {}), table("en").get(rule.id, {})
    return tuple(
        mine.get(quote_key(n)) or english.get(quote_key(n)) or q for n, q in enumerate(quotes_of(rule))
    )


def lacking(rule: Rule, lang: str) -> list[str]:
    """The fields of `rule` that the `lang` file does not give."""
    entry = table(lang).get(rule.id, {})
    return [f for f in needed(rule, lang) if not entry.get(f, "").strip()]


def wording(rule: Rule, lang: str) -> Wording:
    """`rule` in `lang`; what the translation lacks stays English."""
    entry = table(lang).get(rule.id, {}) if lang != "en" else {}
    quote = quote_of(rule)
    if quote and source_of(rule).lang != lang:
        quote = quote_translations(rule, lang)[0]
    return Wording(
        lang, entry.get("title", rule.title), entry.get("text", rule.text), quote, not lacking(rule, lang)
    )


def missing(rules: Iterable[Rule] = RULES, langs: Iterable[str] = LANGUAGES) -> dict[str, list[str]]:
    """{rule id: ["es", "de: quote", ...]}: the languages (and fields) each rule still lacks."""
    out: dict[str, list[str]] = {}
    for r in rules:
        for lang in langs:
            gaps = lacking(r, lang)
            if gaps:
                whole = lang != "en" and {"title", "text"} <= set(gaps)
                out.setdefault(r.id, []).append(lang if whole else f"{lang}: {', '.join(gaps)}")
    return out


def unknown_ids(known: Iterable[str]) -> dict[str, list[str]]:
    """{lang: [ids]}: entries of the translation files that name no rule (a typo or a removed rule)."""
    ids = set(known)
    return {lang: sorted(set(table(lang)) - ids) for lang in LANGUAGES if set(table(lang)) - ids}


@lru_cache(maxsize=1)
def card_names() -> dict[str, dict[str, str]]:
    """{card id: {lang: name}} for the cards the rulebooks name."""
    data = yaml.load((DATA_DIR / "cards.yaml").read_text(encoding="utf-8"), Loader=_LOADER) or {}
    return {str(k): {str(lang): str(n) for lang, n in v.items()} for k, v in data.items()}


@lru_cache(maxsize=1)
def headings() -> dict[str, dict[str, str]]:
    """{a rulebook's heading: {lang: our translation}} (headings.yaml)."""
    data = yaml.load((DATA_DIR / "headings.yaml").read_text(encoding="utf-8"), Loader=_LOADER) or {}
    return {str(k): {str(lang): str(h) for lang, h in v.items()} for k, v in data.items()}


def card_name(card_id: str, lang: str, english: str) -> str:
    """The card's name in `lang` where a rulebook gives it, else its English name."""
    return card_names().get(card_id, {}).get(lang, english)
