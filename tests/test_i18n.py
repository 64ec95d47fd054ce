"""The gettext layer: catalogues per domain and language, English when a message has no translation."""

from __future__ import annotations

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
