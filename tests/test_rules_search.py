"""Search that finds: any of the six languages, accents optional, word stems, card names; ranked."""

from __future__ import annotations

import json

import pytest

from munchkin_nb.cli import main
from munchkin_nb.rules.search import fold, match_kind, search

# (language the reader reads, what a player types, the rule that must come first)
QUERIES = [
    ("en", "run away", "run.roll"),
    ("en", "bad stuff", "run.bad_stuff"),
    ("en", "charity", "turn.charity"),
    ("en", "dwarf", "items.big_after_dwarf"),
    ("en", "only one big item", "items.big"),
    ("en", "loot the body", "death.loot_the_body"),
    ("en", "bribe", "combat.bribe"),
    ("en", "sell items", "items.sell"),
    ("en", "backstab", "thief.backstab"),
    ("en", "wandering monster", "combat.wandering_monster"),
    ("en", "tie", "combat.ties"),
    ("es", "huir", "run.roll"),
    ("es", "mal rollo", "run.bad_stuff"),
    ("es", "subir de nivel", "card.go_up_a_level"),
    ("es", "gana nivel 10", "level.win"),
    ("es", "ayuda", "combat.help"),
    ("es", "maldicion", "curse.door"),
    ("es", "enano", "items.big"),
    ("es", "muerte", "death.lose_everything"),
    ("es", "saquear el cadaver", "death.loot_the_body"),
    ("es", "caridad", "turn.charity"),
    ("es", "Bastardo", "cheat.super_munchkin"),
    ("es", "soborno", "combat.bribe"),
    ("de", "Weglaufen", "run.roll"),
    ("de", "Schlimme Dinge", "run.bad_stuff"),
    ("de", "Milde Gabe", "turn.charity"),
    ("de", "Leiche plundern", "death.loot_the_body"),
    ("de", "Tür öffnen", "turn.kick_door"),
    ("de", "Stufe 10 gewinnt", "level.win"),
    ("de", "Fluch", "curse.door"),
    ("de", "Monsterverstärker", "combat.enhancer"),
    ("eo", "forkuri", "run.roll"),
    ("eo", "malbonajoj", "run.bad_stuff"),
    ("eo", "karitato", "turn.charity"),
    ("eo", "peti helpon", "combat.help"),
    ("eo", "Vaganta Monstro", "combat.wandering_monster"),
    ("eo", "morto", "death.lose_everything"),
    ("ru", "смывка", "run.roll"),
    ("ru", "непотребство", "run.bad_stuff"),
    ("ru", "милостыня", "turn.charity"),
    ("ru", "звать на помощь", "combat.help"),
    ("ru", "проклятие", "curse.door"),
    ("ru", "шмотки продажа", "items.sell"),
    ("ru", "смерть", "death.lose_everything"),
    ("ko", "도망", "run.roll"),
    ("ko", "나쁜 일", "run.bad_stuff"),
    ("ko", "자선", "turn.charity"),
    ("ko", "지속 저주", "curse.persistent"),
    ("ko", "저주 피해자", "curse.victim_chooses"),
    ("ko", "몬스터 강화제", "combat.enhancer"),
    ("ko", "뇌물", "combat.bribe"),
    ("ko", "드워프", "items.big"),
]


def test_the_query_table_covers_six_languages_with_at_least_forty_queries():
    assert len(QUERIES) >= 40 and {lang for lang, _q, _r in QUERIES} == {"en", "es", "de", "eo", "ru", "ko"}


@pytest.mark.parametrize(("lang", "query", "expected"), QUERIES)
def test_a_players_words_find_the_rule_first(lang, query, expected):
    hits = search(query, lang, ruleset="classic")  # the queries are a classic player's
    assert hits, f"{query!r} ({lang}) finds nothing"
    assert hits[0].rule.id == expected, [h.rule.id for h in hits[:3]]
    assert hits[0].reasons, "a hit says why it matched"


def test_the_issues_words_each_find_rules():
    for word in ("huir", "nivel", "ayuda", "maldición", "enano", "muerte", "dwarf"):
        assert search(word, "es"), word


def test_accents_are_optional_both_ways():
    assert [h.rule.id for h in search("maldicion", "es")] == [h.rule.id for h in search("maldición", "es")]
    assert fold("Verstärker") == "verstarker" and fold("ĉiu") == "ciu" and fold("저주를") == "저주를"


def test_word_stems_and_irregular_forms_match():
    assert match_kind("huir", "huyes") == "form"
    assert match_kind("nivel", "niveles") == "form"
    assert match_kind("muerte", "muertos") == "stem"
    assert match_kind("저주", "저주를") == "stem"
    assert match_kind("dwarf", "dwarves") == "form"
    assert match_kind("for", "forkuri") == "stem"  # typing a word's beginning finds it...
    assert match_kind("forkuri", "for") is None  # ...but a short word does not stand for a long query
    assert match_kind("10", "1000") is None
    first = search("huyes", "es")[0]
    assert first.rule.id == "run.roll" and first.reasons[0].describe("es") == "“huyes” ~ “Huir” (título, es)"


def test_a_card_name_finds_the_rules_that_name_the_card():
    hits = {h.rule.id: h for h in search("dwarf", "en", ruleset="classic")}
    assert "items.big" in hits and "items.big_after_dwarf" in hits
    found = {h.rule.id: h for h in search("enano", "es", ruleset="classic")}
    assert any(r.field in ("card", "text") for r in found["items.big"].reasons)


def test_results_are_ranked_and_every_word_counts():
    hits = search("bad stuff", "en")
    assert all(h.matched == 2 for h in hits)
    assert hits == sorted(hits, key=lambda h: -h.score)


def test_an_unknown_language_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        search("run", "xx")


def test_cli_search_json_says_why_each_rule_matched(capsys):
    assert main(["rules", "--search", "huir", "--lang", "de", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits[0]["id"] == "run.roll" and hits[0]["title"] == "Weglaufen"
    assert hits[0]["citation"]["source"] == "Munchkin-Spielregel (spanisch, mit Deluxe und Modulen)"
    assert hits[0]["citation"]["passages"][0]["translation"].startswith("Würfle.")
    assert hits[0]["citation"]["passages"][0]["heading_translated"] == "Weglaufen"
    assert hits[0]["citation"]["source_file"].startswith("000_")  # a machine field, not in the text
    assert "000_" not in hits[0]["citation"]["text"]
    assert hits[0]["matched"][0]["query"] == "huir" and hits[0]["matched"][0]["lang"] == "es"


def test_cli_search_looks_in_the_modules_too_unless_a_ruleset_is_named(capsys):
    assert main(["rules", "--search", "hireling"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line and not line[0].isspace()]
    assert ids[0].startswith("hirelings.")
    assert not any(i.startswith(("cthulhu.", "booty.")) for i in ids)  # other games: only when named
    assert main(["rules", "--search", "hireling", "--ruleset", "classic"]) == 1  # classic alone: none


def test_cli_search_text_and_no_match(capsys):
    assert main(["rules", "--search", "смывка"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("run.roll") and "matched: “смывка”" in out
    assert main(["rules", "--search", "qqqzzz"]) == 1
