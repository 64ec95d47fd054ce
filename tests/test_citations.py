"""Citations for a reader: the book by its name, each passage's heading in the reader's language,
every quote and our translation of it, our notes translated; never a rulebook's file id."""

from __future__ import annotations

import re

import pytest

from munchkin_nb.i18n import LANGUAGES
from munchkin_nb.rules import RULES, rule
from munchkin_nb.rules import i18n as tr
from munchkin_nb.rules.citations import citation, cross_checks_text
from munchkin_nb.rules.sources import NOTES, SOURCES, parse_section, passages, source_of
from munchkin_nb.widgets.table import rules_html

GAP = NOTES[0]  # the German Booty text lost the rest of a passage
FILE_ID = re.compile(r"_[0-9a-f]{16}\.txt")
MULTI = ("cthulhu.monster_level_floor", "cthulhu.helper_levels", "booty.received", "booty.sell")
MULTI += ("booty.trade", "booty.win")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_rendered_citation_shows_a_rulebook_file_id(lang):
    for r in RULES:
        c = citation(r, lang)
        shown = [c.text(), c.html(), cross_checks_text(r, lang), str(c.as_dict()["text"])]
        for text in shown:
            assert not FILE_ID.search(text), (r.id, lang, text)


def test_a_single_quote_citation_in_each_language():
    r = rule("combat.ties")
    expected = {
        "en": "Munchkin rulebook (Spanish, with Deluxe and modules) — Combat (Combate): «Si la fuerza",
        "es": "Reglamento de Munchkin (en español, con Deluxe y módulos) — Combate: «Si la fuerza",
        "de": "Munchkin-Spielregel (spanisch, mit Deluxe und Modulen) — Kampf (Combate): «Si la fuerza",
        "eo": "Regularo de Munchkin (hispana, kun Deluxe kaj moduloj) — Batalo (Combate): «Si la fuerza",
        "ru": "Правила Манчкина (на испанском, с Делюксом и модулями) — Бой (Combate): «Si la fuerza",
        "ko": "먼치킨 규칙서 (스페인어, 디럭스와 모듈 포함) — 전투 (Combate): «Si la fuerza",
    }
    for lang, start in expected.items():
        text = citation(r, lang).text()
        assert text.startswith(start), text
        # our translation, except for a reader of the rulebook's own language
        assert ("(" + tr.quote_translations(r, lang)[0]) not in text if lang == "es" else True
    assert (
        citation(r, "en")
        .text()
        .endswith("(our translation: If the monster's combat strength equals or exceeds yours, you lose)")
    )
    assert "nuestra traducción" not in citation(r, "es").text()


@pytest.mark.parametrize("rule_id", MULTI)
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_multi_quote_rule_shows_every_quote_with_its_translation(rule_id, lang):
    r = rule(rule_id)
    quotes = [p.quote for p in passages(r) if p.quote]
    assert len(quotes) >= 2
    c = citation(r, lang)
    text = c.text()
    positions = [text.index(f"«{q}»") for q in quotes]
    assert positions == sorted(positions), "the quotes in the rulebook's order"
    foreign = source_of(r).lang != lang
    for p in c.passages:
        assert bool(p.translation) == (foreign and bool(p.quote))
        if foreign:
            assert p.translation in text and p.translation not in quotes
            assert p.heading_here, f"{p.heading!r} has no heading in {lang}"
    # each heading once, before its first quote: no empty heading ("Gegenstände handeln: ; ;")
    assert ": ;" not in text and "; ;" not in text


def test_passages_under_two_headings_each_show_their_own():
    c = citation(rule("cthulhu.helper_levels"), "en")
    assert [p.heading_here for p in c.passages] == ["Asking for help", "When to play cards"]
    text = c.text()
    assert "Asking for help (Звать на помощь): «А вот помощник" in text
    assert "; When to play cards (Когда играть Карты): «Инструкции" in text
    trade = citation(rule("booty.trade"), "de").text()
    assert trade.startswith("Munchkin-Booty-Spielregel (deutsch) — Gegenstände handeln: «also nicht")
    assert trade.count("Gegenstände handeln") == 1 and trade.count("«") == 3


def test_notes_are_in_the_readers_language():
    for lang, words in {"de": "deutschen Text", "ru": "немецком тексте", "es": "texto alemán"}.items():
        text = citation(rule("booty.run"), lang).text()
        assert words in text and GAP not in text, text
    assert GAP in citation(rule("booty.run"), "en").text()
    sell = citation(rule("booty.sell"), "ko").text()
    assert "[승리 레벨: " in sell and "lost" not in sell
    assert "[способность напечатана на карте Клирика]" in citation(rule("cleric.resurrection"), "ru").text()


def test_every_note_and_heading_a_rule_cites_is_translated():
    headings = tr.headings()
    for r in RULES:
        src = source_of(r)
        for p in passages(r):
            assert p.note in ("", *NOTES), f"{r.id}: the note {p.note!r} is not in sources.NOTES"
            assert p.heading, f"{r.id}: a passage without a heading"
            langs = set(headings.get(p.heading, {}))
            missing = set(LANGUAGES) - {src.lang} - langs
            assert not missing, f"{r.id}: heading {p.heading!r} lacks {sorted(missing)} in headings.yaml"


def test_sections_are_read_into_passages():
    assert parse_section("Huir: 'Tira el dado'")[0].heading == passages(rule("run.roll"))[0].heading == "Huir"
    got = parse_section("A: 'x'; 'y' (a note; with a semicolon); B: 'z'; C")
    assert [(p.heading, p.quote, p.note) for p in got] == [
        ("A", "x", ""),
        ("A", "y", "a note; with a semicolon"),
        ("B", "z", ""),
        ("C", "", ""),
    ]


def test_the_pages_render_the_same_citation():
    html = rules_html(["booty.trade"], "ru")
    assert "Правила Munchkin Booty (на немецком)</b> — Обмен Шмотками (Gegenstände handeln)" in html
    assert html.count("наш перевод") == 3 and not FILE_ID.search(html)
    from munchkin_nb.widgets.rules_explorer import rule_html

    explorer = rule_html(rule("booty.trade"), "ru")
    assert citation(rule("booty.trade"), "ru").html() in explorer and not FILE_ID.search(explorer)


def test_every_source_has_a_readable_name():
    for s in SOURCES.values():
        assert "Munchkin" in s.name and "(" in s.name and not FILE_ID.search(s.name)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_cli_shows_no_file_id_in_any_language(lang, capsys):
    from munchkin_nb.cli import main

    assert main(["rules", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not FILE_ID.search(out) and out.count(" — ") >= len([r for r in RULES if "classic" in r.rulesets])


def test_the_cli_json_keeps_the_file_id_as_a_machine_field_only(capsys):
    import json

    from munchkin_nb.cli import main

    assert main(["rules", "--ruleset", "booty", "--json"]) == 0
    rows = {row["id"]: row for row in json.loads(capsys.readouterr().out)}
    trade = rows["booty.trade"]
    assert (
        trade["source_file"].startswith("001_") and trade["citation"]["source_file"] == trade["source_file"]
    )
    assert trade["citation"]["text"].startswith("Munchkin Booty rulebook (German) — Trading items")
    assert len(trade["citation"]["passages"]) == 3 and not FILE_ID.search(trade["citation"]["text"])
    assert main(["rules"]) == 0
    assert (
        "cross-check: Munchkin rules summary (Esperanto) — Malbeno; Munchkin rules summary (Korean) — 저주"
        in (capsys.readouterr().out)
    )
