"""The gettext layer: catalogues per domain and language, English when a message has no translation."""

from __future__ import annotations

import re

import pytest

from munchkin_nb import i18n


def test_a_message_with_no_catalogue_stays_english():
    assert i18n.gettext("no_such_domain", "es")("Next lesson") == "Next lesson"
    assert i18n.gettext("no_such_domain", "en")("Next lesson") == "Next lesson"


def test_a_catalogue_translates_and_skips_fuzzy_entries(tmp_path, monkeypatch):
    po = tmp_path / "es" / "LC_MESSAGES" / "demo.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Next lesson"\nmsgstr "Siguiente lección"\n\n'
        '#, fuzzy\nmsgid "Rewind"\nmsgstr "Rebobinar"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    try:
        t = i18n.gettext("demo", "es")
        assert t("Next lesson") == "Siguiente lección"
        assert t("Rewind") == "Rewind"  # fuzzy: not trusted
        assert i18n.missing("demo", "es", ["Next lesson", "Rewind"]) == ["Rewind"]
    finally:
        i18n.catalogue.cache_clear()


def test_an_unknown_language_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.gettext("course", "xx")


# -- every language has every message the Spanish catalogues have --------------------------------

OTHERS = ["de", "eo", "ru", "ko"]
FIELD = re.compile(r"\{[a-z_]*\}")
# `cards` holds our own Spanish card names; the other languages name a card as their rulebook
# does (rules/i18n/cards.yaml) and keep the English name elsewhere, as their lessons do
DOMAINS = sorted(p.stem for p in (i18n.LOCALE_DIR / "es" / "LC_MESSAGES").glob("*.po") if p.stem != "cards")


def _entries(domain: str, lang: str) -> dict[tuple[str | None, str], list[str]]:
    """{(context, msgid): [translations]}, a plural entry under its singular and its plural msgid."""
    cat = i18n.catalogue(domain, lang)
    assert cat is not None, f"{lang} has no {domain}.po"
    out: dict[tuple[str | None, str], list[str]] = {}
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
        for one in ids:
            out[m.context, one] = strings
    return out


def test_the_domains_are_the_ones_the_pages_read():
    assert {"words", "course", "stats", "site", "explorer", "figures", "citations"} <= set(DOMAINS)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_of_the_spanish_catalogue_is_translated_keeping_its_fields(domain, lang):
    spanish = _entries(domain, "es")
    told = _entries(domain, lang)
    assert sorted(k for k in spanish if k not in told) == []
    empty = [k for k in spanish if not all(s.strip() for s in told[k])]
    assert empty == []
    fields = [
        (k, s) for k in spanish for s in told[k] if sorted(FIELD.findall(s)) != sorted(FIELD.findall(k[1]))
    ]
    assert fields == []


def test_russian_counts_take_the_form_its_plural_rule_picks():
    t = i18n.ngettext("words", "ru")
    said = [t("{n} card", "{n} cards", n).format(n=n) for n in (1, 3, 5, 11, 21, 0)]
    assert said == ["1 карта", "3 карты", "5 карт", "11 карт", "21 карта", "0 карт"]
    # a catalogue without plural entries keeps English's rule through its plain messages
    assert i18n.ngettext("words", "es")("{n} card", "{n} cards", 0) == "{n} cartas"
    assert i18n.ngettext("words", "en")("{n} card", "{n} cards", 1) == "{n} card"
