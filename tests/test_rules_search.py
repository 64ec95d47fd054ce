"""Search that finds: any of the six languages, accents optional, word stems, card names; ranked."""

from __future__ import annotations

import json

import pytest

from munchkin_nb.cli import main
from munchkin_nb.rules.search import MAX_QUERY, Work, bounded, fold, query_terms, search

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
    ("es", "enano", "items.big_after_dwarf"),  # as "dwarf": its title names the dwarf
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
    ("ko", "드워프", "items.big_after_dwarf"),
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
    def how(query: str, word: str, lang: str = "es") -> str | None:
        for h in search(query, lang):
            for r in h.reasons:
                if fold(r.word) == fold(word):
                    return r.kind
        return None

    assert how("niveles", "nivel") == "stem"  # Snowball: nivel ~ niveles
    assert how("Stufen", "Stufe", "de") == "stem"
    assert how("huyes", "Huir") == "synonym"  # an irregular form, from the key terms
    assert how("저주를", "저주", "ko") == "prefix"  # Korean: a particle after the word
    assert how("dwarves", "dwarf", "en") in ("stem", "synonym", "word")
    assert search("forkur", "eo")[0].reasons[0].kind in ("prefix", "stem")  # a word being typed
    assert not any(r.word in ("1000", "1.000") for h in search("10", "en") for r in h.reasons)
    found = {h.rule.id: h for h in search("huyes", "es")[:3]}  # run.helper: "Huyen los dos"
    assert found["run.roll"].reasons[0].describe("es") == "“huyes” ~ “Huir” (título, es)"


def test_a_card_name_finds_the_rules_that_name_the_card():
    hits = {h.rule.id: h for h in search("dwarf", "en", ruleset="classic")}
    assert "items.big" in hits and "items.big_after_dwarf" in hits
    found = {h.rule.id: h for h in search("enano", "es", ruleset="classic")}
    assert any(r.field in ("card", "text") for r in found["items.big"].reasons)


def test_results_are_ranked_and_every_word_counts():
    hits = search("sell items", "en")
    assert all(h.matched == 2 for h in hits) and hits[0].rule.id == "items.sell"
    assert {r.query for r in search("bad stuff", "en")[0].reasons} == {"bad stuff"}  # a key term: one
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


def test_cli_search_looks_in_every_game_and_module_unless_a_ruleset_is_named(capsys):
    assert main(["rules", "--search", "hireling"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line and not line[0].isspace()]
    assert ids[0].startswith("hirelings.")
    assert main(["rules", "--search", "hireling", "--ruleset", "classic"]) == 1  # classic alone: none
    assert main(["rules", "--search", "run away"]) == 0
    ids = {line.split()[0] for line in capsys.readouterr().out.splitlines() if line and not line[0].isspace()}
    assert {"run.roll", "cthulhu.run", "booty.run", "steeds.run_away"} <= ids


# The everyday words for the game's key ideas, in the six languages: each finds the same rules.
KEY_WORDS = {
    "run.roll": ["flee", "run away", "fleeing", "huir", "huyes", "fliehen", "Flucht", "weglaufen"]
    + ["forkuri", "fuĝi", "убежать", "сбежать", "смывка", "도망", "도망치기"],
    "level.min": ["level", "levels", "nivel", "niveles", "Stufe", "Stufen", "nivelo", "niveloj"]
    + ["уровень", "уровня", "레벨"],
    "curse.door": ["curse", "curses", "maldición", "maldiciones", "Fluch", "Flüche", "malbeno"]
    + ["проклятие", "проклятия", "저주", "저주를"],
    "turn.kick_door": ["door", "puerta", "Tür", "pordo", "дверь", "문"],
    "combat.win": ["treasure", "tesoros", "Schätze", "trezoroj", "сокровища", "보물"],
    "combat.monster_abilities": ["monster", "monstruo", "Monster", "monstro", "монстр", "몬스터"],
}


@pytest.mark.parametrize("rule_id", list(KEY_WORDS))
def test_the_everyday_words_for_a_key_idea_find_it_in_every_language(rule_id):
    for word in KEY_WORDS[rule_id]:
        for lang in ("en", "de", "ko"):
            ids = [h.rule.id for h in search(word, lang)]
            assert rule_id in ids, f"{word!r} ({lang}) does not find {rule_id}"


def test_flee_finds_as_much_in_every_language():
    found = {
        w: {h.rule.id for h in search(w, "en")} for w in ("run away", "huir", "fliehen", "убежать", "도망")
    }
    assert {"run.roll", "run.helper", "cthulhu.run", "booty.run"} <= set.intersection(*found.values())
    assert min(len(v) for v in found.values()) >= 5, {w: len(v) for w, v in found.items()}
    assert [t.text for t in query_terms("run away from the monster")] == ["run away", "monster"]


def test_a_long_query_is_cut_and_costs_no_more_than_its_beginning():
    words = [
        "level",
        "curse",
        "huir",
        "Flucht",
        "проклятие",
        "레벨",
        "monster",
        "door",
        "treasure",
        "fliehen",
    ]
    query = " ".join(words[i % len(words)] + str(i) for i in range(2000))[:10_000]
    assert len(query) == 10_000
    read, cut = bounded(query)
    assert cut and len(read) <= MAX_QUERY and query.startswith(read) and not read.endswith("lev")
    long, short = Work(), Work()
    assert [h.rule.id for h in search(query, "en", work=long)] == [
        h.rule.id for h in search(read, "en", work=short)
    ]
    assert long.steps == short.steps
    # the cost grows with the words, not with words times rules: each word is looked up, once
    real = " ".join(words * 20)
    every, one = Work(), Work()
    search(real, "en", work=every)
    search(" ".join(words), "en", work=one)
    assert every.steps == one.steps  # a word said twenty times is looked up once
    assert one.steps < 20_000


def test_cli_refuses_a_search_over_the_cap_in_one_line(capsys):
    assert main(["rules", "--search", "huir " * 2000]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("munchkin-nb: error: the search is 10,000 characters long; at most 200 are read")


def test_the_explorer_reads_the_beginning_of_a_long_link_and_says_so():
    from munchkin_nb.widgets.rules_explorer import RulesExplorer

    page = RulesExplorer()
    page.go_to({"q": "huir " * 1800, "lang": "es"})
    assert "solo se leyeron los primeros 200 caracteres" in page.results.value
    assert [h.rule.id for h in page.hits] == [h.rule.id for h in search("huir", "es", "classic")]
    page.go_to({"q": "huir"})
    assert "200" not in page.results.value.split("</p>")[0]


def test_cli_search_text_and_no_match(capsys):
    assert main(["rules", "--search", "смывка"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("run.roll") and "matched: “смывка”" in out
    assert main(["rules", "--search", "qqqzzz"]) == 1
