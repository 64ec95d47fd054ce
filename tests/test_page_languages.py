"""Each page's widgets, drawn in each language the page offers, show no English sentence that the
English page shows (card names aside, where a language's rulebooks give a card no name)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from munchkin_nb.i18n import LANGUAGES
from munchkin_nb.viz.words import _names_everywhere

TAG = re.compile(r"<style.*?</style>|<[^>]+>", re.S)
# an English sentence: three or more words of Latin letters in a row
WORDS = re.compile(r"[A-Za-z][a-z']*(?:[ ,;:]+[A-Za-z][a-z']*){2,}")


def shown_text(w: Any) -> list[str]:
    """Every piece of text a widget tree shows: HTML values (tags and styles out), labels,
    button words, placeholders, the options of menus."""
    out: list[str] = []
    value = getattr(w, "value", None)
    if type(w).__name__ in ("HTML", "HTMLMath", "Label") and isinstance(value, str):
        out += [t.strip() for t in unescape(TAG.sub("\n", value)).split("\n") if t.strip()]
    for attr in ("description", "placeholder", "tooltip"):
        text = getattr(w, attr, None)
        if isinstance(text, str) and text.strip():
            out.append(text.strip())
    labels = getattr(w, "_options_labels", None)
    if labels:
        out += [str(x) for x in labels]
    for child in getattr(w, "children", ()):
        out += shown_text(child)
    return out


def english_left(page: list[str], english_page: list[str], allowed: set[str]) -> list[str]:
    """The runs of three or more English words of `page` that the English page shows as well
    (so: left untranslated), but for the names in `allowed` (card and player names)."""
    english = " \n ".join(english_page)
    left = []
    for text in page:
        for name in sorted(allowed, key=len, reverse=True):
            text = text.replace(name, " ")
        for run in WORDS.findall(text):
            if run in english:
                left.append(run)
    return left


ROOT = Path(__file__).resolve().parents[1]
OTHERS = [lang for lang in LANGUAGES if lang != "en"]
NAMES = set(_names_everywhere().values()) | {"Ana", "Ben", "Cleo", "Dario", "Eve", "Femi"}


@pytest.fixture(scope="module")
def stats():
    from munchkin_nb.analysis.engines import sqlite_query
    from munchkin_nb.analysis.stats import corpus_stats

    with sqlite_query(str(ROOT / "replays" / "sample.db")) as query:
        return corpus_stats(query, min_n=20)


def _stats_page(stats, lang):
    from munchkin_nb.widgets.stats_view import StatsView

    view = StatsView(stats, lang=lang)
    text = shown_text(view.widget)
    view.filter.value = "no such card"  # the message when nothing matches
    return text + shown_text(view.widget)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_statistics_page_speaks_the_pages_language(stats, lang):
    english = _stats_page(stats, "en")
    page = _stats_page(stats, lang)
    assert "No card's name contains “no such card”." in english
    assert english_left(page, english, NAMES | {"no such card"}) == []  # but what the visitor typed
    assert len(page) == len(english)  # the same page, every part of it in words
