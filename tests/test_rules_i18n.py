"""The rules in six languages: every rule translated, card names from the rulebooks, readable citations."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from munchkin_nb.cli import main
from munchkin_nb.i18n import LANGUAGES
from munchkin_nb.rules import RULE_INDEX, RULES, rule
from munchkin_nb.rules import i18n as tr
from munchkin_nb.rules.catalogue import Rule
from munchkin_nb.rules.sources import SOURCES, heading_of, quote_of

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def test_every_rule_has_its_title_text_and_quote_in_every_language():
    gaps = tr.missing()
    lines = "\n".join(f"  {rid}: {', '.join(langs)}" for rid, langs in gaps.items())
    assert not gaps, (
        f"{len(gaps)} rule(s) lack a translation (add them to munchkin_nb/rules/i18n/<lang>.yaml; "
        f"see docs/rulebooks.md):\n{lines}"
    )


def test_the_translation_files_name_only_rules_that_exist():
    assert tr.unknown_ids(RULE_INDEX) == {}


def test_a_new_rule_without_translations_is_listed_by_id_and_language():
    new = Rule("combat.new_thing", "New", "A new rule.", RULES[0].seed, "Combate: 'cualquier cosa'")
    assert tr.missing([new]) == {"combat.new_thing": ["en: quote", "es", "de", "eo", "ru", "ko"]}
    plain = Rule("combat.plain", "Plain", "No quote.", RULES[0].seed, "Combate")
    assert tr.missing([plain]) == {"combat.plain": ["es", "de", "eo", "ru", "ko"]}


def test_a_translation_keeps_the_games_own_terms():
    assert tr.wording(rule("run.bad_stuff"), "es").title == "Mal rollo"
    assert "subir de nivel" in tr.wording(rule("items.sell"), "es").text
    assert tr.wording(rule("turn.charity"), "de").title == "Milde Gabe"
    assert tr.wording(rule("run.bad_stuff"), "ru").title == "Непотребство"
    assert tr.wording(rule("turn.charity"), "eo").title == "Karitato"
    assert tr.wording(rule("combat.enhancer"), "ko").title == "몬스터 강화제"
    # English stays the catalogue's own
    assert tr.wording(rule("run.roll"), "en").title == rule("run.roll").title


# words a summary's slip put into our texts: a ship's deck for a deck of cards, a misspelt reward,
# a transliterated door deck and one-shot, "the looting corpse" for Loot the Body
SLIPS = {"eo": ("ferdek", "Recompens"), "ko": ("도어", "원샷", "약탈하는 시체")}


@pytest.mark.parametrize("lang", ["es", "de", "eo", "ru", "ko"])
def test_rule_texts_keep_no_slip_of_a_summary_and_no_english_in_a_title(lang):
    from munchkin_nb.rules.i18n import source_of

    found = []
    for r in RULES:
        w = tr.wording(r, lang)
        ours = [w.title, w.text] + ([w.quote] if source_of(r).lang != lang else [])
        found += [(r.id, slip) for slip in SLIPS.get(lang, ()) for text in ours if slip in text]
        if re.search(r"\([A-Z][a-z]+(?: [A-Z][a-z]+)+\)", w.title):  # "(Monster Enhancers)"
            found.append((r.id, w.title))
        # a rulebook by its name, never by the number of the file it came in ("000 leaves...")
        found += [
            (r.id, text) for text in (w.title, w.text) if re.search(r"(?<![\d.,])00[0-4](?![\d.,])", text)
        ]
    assert found == []


def _fold(text: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn"
    ).casefold()


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not beside the project")
def test_every_card_name_stands_in_the_rulebook_of_its_language():
    by_lang = {s.lang: s.seed for s in SOURCES.values()}
    for card_id, names in tr.card_names().items():
        for lang, name in names.items():
            book = _fold(" ".join((SEEDS / by_lang[lang]).read_text(encoding="utf-8").split()))
            assert _fold(name) in book, f"{card_id}: {name!r} is not in the {lang} rulebook"


def test_card_names_fall_back_to_english_where_no_rulebook_names_them():
    assert tr.card_name("dwarf", "es", "Dwarf") == "Enano"
    assert tr.card_name("dwarf", "ru", "Dwarf") == "Dwarf"


def test_section_headings_lose_their_quotes():
    assert heading_of(rule("run.roll")) == "Huir"
    assert heading_of(rule("items.sell")) == "Vender objetos"
    assert heading_of(rule("setup.deal")) == "Reglas de juego (apertura): reparto"
    assert quote_of(rule("run.roll")).startswith("Tira el dado")


def test_cli_lists_the_rules_in_a_language(capsys):
    assert main(["rules", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Mal rollo" in out and "Reglamento de Munchkin (en español, con Deluxe y módulos) — Huir" in out
    # the listing is the classic ruleset's: a module's rules (d10 also cites 000) are not in it
    assert out.count("\n    Reglamento de Munchkin (en español") == len(
        [r for r in RULES if r.seed.startswith("000") and "classic" in r.rulesets]
    )


def test_cli_refuses_an_unknown_language_in_one_line(capsys):
    assert main(["rules", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "munchkin-nb: error: --lang: unknown language 'xx'; known: en, es, de, eo, ru, ko"


def test_languages_are_the_six_of_the_rulebooks_and_players():
    assert list(LANGUAGES) == ["en", "es", "de", "eo", "ru", "ko"]


def test_every_page_text_of_the_explorer_is_translated_in_every_language():
    from babel.messages.extract import extract_from_file

    from munchkin_nb import i18n

    root = Path(__file__).resolve().parents[1] / "munchkin_nb"

    def marked(*files: str) -> list[str]:
        return sorted(
            {
                m
                for f in files
                for _l, m, _c, _x in extract_from_file("python", root / f, keywords={"_": None, "t": None})
            }
        )

    messages = marked("widgets/rules_explorer.py", "rules/search.py")
    assert "Checked by {n} worked example(s)" in messages
    cited = marked("rules/sources.py", "rules/citations.py")
    assert "Munchkin Cthulhu rulebook (Russian)" in cited and "our translation" in cited
    for lang in LANGUAGES:
        if lang != "en":
            assert i18n.missing("explorer", lang, messages) == [], lang
            assert i18n.missing("citations", lang, cited) == [], lang


def test_the_card_views_read_by_kind_with_plural_legends():
    from munchkin_nb.cards import load_set
    from munchkin_nb.viz.graphs import neighbourhood, neighbourhood_graph, plural, relation_matrix

    assert [plural(k) for k in ("class", "sex", "monster")] == ["classes", "sexes", "monsters"]
    cards = load_set("classic")
    dwarf = neighbourhood(cards, "dwarf")
    assert ("3,872 Orcs", "monster", "stronger against (+6)") in dwarf["in"]
    assert any(kind == "item" for _n, kind, _r in dwarf["in"])
    ancient = neighbourhood(cards, "ancient")  # an enhancer: one node for every monster, not 37 edges
    assert ancient["out"] == [("every monster (37)", "monster", "goes on")]
    fig = neighbourhood_graph(cards, "bigfoot")
    names = {t.name for t in fig.data if t.name}
    assert {"races", "enhancers"} <= names and "classs" not in names and "sexs" not in names
    matrix = relation_matrix(cards)
    assert "race Dwarf" in matrix.data[0].x and "3,872 Orcs" in matrix.data[0].y
    assert "race Human" in matrix.data[0].x  # no card gives it: named like the cards that do


def test_the_card_overview_as_a_list_says_what_the_matrix_shows():
    """The phone's overview (a list) has every column of the matrix as a heading, and under it
    every card the matrix marks in that column, in the page's language."""
    from html import escape

    from munchkin_nb.cards import load_set
    from munchkin_nb.viz.graphs import relation_list_html, relation_matrix

    cards = load_set("classic")
    for lang in ("en", "es", "ko"):
        heat = relation_matrix(cards, lang=lang).data[0]
        shown = relation_list_html(cards, lang)
        sections = shown.split("<h4>")[1:]
        assert [s.split("</h4>")[0] for s in sections] == [escape(x) for x in heat.x]
        for j, section in enumerate(sections):
            marked = {heat.y[i] for i in range(len(heat.y)) if heat.z[i][j] is not None}
            assert marked and all(escape(name) in section for name in marked), (lang, heat.x[j])
    assert "más fuerte contra" in relation_list_html(cards, "es")


def test_the_card_views_speak_the_chosen_language():
    from munchkin_nb import i18n
    from munchkin_nb.cards import load_set
    from munchkin_nb.viz.graphs import FIGURES, _Words, neighbourhood_graph, relation_matrix

    for lang in LANGUAGES:
        if lang != "en":
            assert i18n.missing(FIGURES, lang, list(_Words.MESSAGES)) == [], lang
    cards = load_set("classic")
    fig = neighbourhood_graph(cards, "dwarf", lang="es")
    drawn = {text for t in fig.data if t.text is not None for text in t.text}
    legends = {t.name for t in fig.data if t.name}
    assert "<b>Enano</b>" in drawn and "objetos" in legends and "monstruos" in legends
    hovers = {h for t in fig.data if t.hovertext is not None for h in t.hovertext}
    assert any("más fuerte contra (+" in h for h in hovers), hovers
    matrix = relation_matrix(cards, lang="ko")
    assert "종족 드워프" in matrix.data[0].x and "클래스 성직자 제외" in matrix.data[0].x
    assert "race Dwarf" in relation_matrix(cards).data[0].x  # English stays the default


def test_a_plugins_own_translation_file_is_read_and_a_rule_translated_twice_is_refused(tmp_path, monkeypatch):
    rid = RULES[0].id
    (tmp_path / "mine" / "i18n").mkdir(parents=True)
    (tmp_path / "mine" / "i18n" / "eo.yaml").write_text("plugin.rule:\n  title: T\n  text: X\n")
    monkeypatch.setattr(tr, "folders", lambda: {"mine": tmp_path / "mine"})  # a plug-in found elsewhere
    tr.table.cache_clear()
    try:
        assert tr.table("eo")["plugin.rule"] == {"title": "T", "text": "X"}
        assert rid in tr.table("eo")  # the catalogue's own file is still read
        (tmp_path / "mine" / "i18n" / "eo.yaml").write_text(f"{rid}:\n  title: T\n  text: X\n")
        tr.table.cache_clear()
        with pytest.raises(ValueError, match="translated in another file"):
            tr.table("eo")
    finally:
        tr.table.cache_clear()
