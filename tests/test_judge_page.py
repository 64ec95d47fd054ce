"""The judge's page without a browser: the editor's fields make the position, problems land on the
field at fault, the rulings the rulebooks give, try and step back, the link and the scenario file."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from munchkin_nb.judge import Position, decode
from munchkin_nb.judge.from_game import position_data
from munchkin_nb.rules import RULE_INDEX
from munchkin_nb.rules.i18n import wording
from munchkin_nb.scenarios import run_scenario
from munchkin_nb.widgets.judge_page import JudgePage, field_key
from tests.page_words import messages_said, untranslated


@pytest.fixture(scope="module")
def page() -> JudgePage:
    return JudgePage("en")


def fresh(page: JudgePage, data: dict) -> JudgePage:
    page.load(Position.from_data(data))
    return page


def ask(page: JudgePage, player: str, action: str, card: str = "", whom: str = "") -> object:
    page.why_player.value = player
    page.why_action.value = action
    page.why_card.value = next((v for _l, v in page.why_card.options if v and v.split("#")[0] == card), "")
    page.why_whom.value = whom
    return page.ask_why()


NOW = datetime(2026, 12, 2, tzinfo=UTC)
FIGHT = {
    "players": [
        {"name": "Ana", "level": 3, "classes": ["warrior"]},
        {"name": "Ben", "level": 9, "hand": ["curse_lose_a_level"]},
        {"name": "Cleo", "hand": ["gold_pieces_1000"]},
    ],
    "turn": "Ana",
    "fight": {"monsters": ["lame_goblin"]},
}


def test_the_editor_shows_the_position_it_was_given(page: JudgePage) -> None:
    fresh(page, FIGHT)
    assert page.position is not None
    assert page.position.data == Position.from_data(page.data()).data == Position.from_data(FIGHT).data
    assert [ed.name.value for ed in page.players[:3]] == ["Ana", "Ben", "Cleo"]
    assert page.players[0].zones["classes"].value == ["Warrior"]  # cards by name, not by id


def test_a_curse_on_a_player_in_another_players_fight(page: JudgePage) -> None:
    fresh(page, FIGHT)
    ruling = ask(page, "Ben", "curse", "curse_lose_a_level", "Cleo")
    assert ruling.allowed and ruling.rule == "curse.any"
    assert "munchkin-ruling allowed" in page.ruling.value and "class='cite'" in page.ruling.value
    ben = page.answers.value.split("data-player='Ben'")[1].split("</details><details")[0]
    assert "out of turn" in ben and "curse.any" in ben


def test_go_up_a_level_never_gives_the_winning_level(page: JudgePage) -> None:
    fresh(page, FIGHT)
    ruling = ask(page, "Cleo", "go_up_a_level", "gold_pieces_1000", "Ben")
    assert not ruling.allowed and ruling.rule == "level.win_by_kill"
    assert "munchkin-ruling refused" in page.ruling.value and "level 10 needs a kill" in page.ruling.value


def test_a_warrior_wins_a_tie_and_the_fight_cites_it(page: JudgePage) -> None:
    data = {
        "players": [{"name": "Ana", "classes": ["warrior"]}, "Ben", "Cleo"],
        "fight": {"monsters": ["lame_goblin"]},
    }
    fresh(page, data)
    assert "combat.ties" in page.fight_html.value and "players win" in page.fight_html.value
    assert "fighters win it" in page.fight_html.value
    page.players[0].zones["classes"].value = []  # no longer a warrior: the monster wins the tie
    assert "monsters win" in page.fight_html.value


def test_each_problem_is_shown_on_its_field(page: JudgePage) -> None:
    fresh(page, FIGHT)
    cat = page.cat
    page.players[0].zones["classes"].value = [cat.label["warrior"], cat.label["thief"], cat.label["wizard"]]
    assert "3 classes" in page.players[0].problems["classes"].value
    assert page.position is None and "cannot be" in page.status.value
    page.players[0].zones["classes"].value = [cat.label["warrior"]]
    page.players[0].zones["carried"].value = [cat.label["gold_pieces_1000"]]  # the deck's one copy is Cleo's
    assert (
        "«1,000 Gold Pieces» placed twice (also in Ana, items carried)"
        in page.players[2].problems["hand"].value
    )
    assert page.players[0].problems["classes"].value == ""
    page.players[0].zones["carried"].value = []
    assert page.position is not None and page.status.value == ""


@pytest.mark.parametrize(
    ("field", "key"),
    [
        ("players[1].hand[0]", "players[1].hand"),
        ("players[0].classes", "players[0].classes"),
        ("fight.enhancers[0].card", "fight.enhancers"),
        ("fight", "fight.monsters"),
        ("decks.door[2]", "decks.door"),
        ("turn", "turn"),
    ],
)
def test_a_problem_names_its_editor_field(field: str, key: str) -> None:
    assert field_key(field) == key


def test_try_an_action_and_step_back(page: JudgePage) -> None:
    fresh(page, FIGHT)
    before = page.answers.value
    page.try_menu.value = next(v for label, v in page.try_menu.options if label.startswith("Ben: Curse Cleo"))
    lines = page.take()
    assert lines and page.table is not None and page.table.state.player("Cleo").level == 1
    assert "Ben" in page.tried_html.value and not page.back_button.disabled
    assert page.back() and page.answers.value == before and page.back_button.disabled


def test_the_link_holds_the_position_and_a_damaged_one_is_said(page: JudgePage) -> None:
    fresh(page, FIGHT)
    query = parse_qs(page.address.query)
    assert decode(query["position"][0]) == page.position
    other = JudgePage("es", position=query["position"][0])
    assert other.position == page.position and "lang=es" in other.address.query
    damaged = JudgePage("en", position=query["position"][0][:-6] + "AAAAAA")
    assert "damaged" in damaged.link_notice.value and damaged.position is not None  # the example


def test_the_export_runs_and_imports_back(page: JudgePage, tmp_path: Path) -> None:
    fresh(page, {**FIGHT, "fight": {"monsters": ["lame_goblin", "potted_plant"], "helper": "Cleo"}})
    path = tmp_path / "position.yaml"
    path.write_text(page.scenario_yaml(), encoding="utf-8")
    assert run_scenario(path).ok
    shown = page.position
    page.load(Position.from_data({"players": ["Ana", "Ben", "Cleo"]}))
    assert page.import_text(path.read_text(encoding="utf-8"), path.name)
    assert page.position == shown and page.import_notice.value == ""
    assert not page.import_text("players: [Ana]\nphase: nowhere\n")
    assert "impossible table" in page.import_notice.value and "phase" in page.import_notice.value
    assert not page.import_text("{{{")
    assert "cannot be read" in page.import_notice.value


def test_a_games_state_is_a_position_and_the_stepper_links_it(sample_store) -> None:
    from munchkin_nb.widgets.stepper import TurnStepper

    game = sample_store.games()[0]["id"]
    stepper = TurnStepper(sample_store, game, 120)
    html = stepper.event_html.value
    assert "munchkin-judge-this-link" in html
    link = html.split("position=")[1].split("'")[0].split("&")[0]
    state = stepper.state()
    assert decode(link).data == Position.from_data(position_data(state)).data
    stepper.go(1)  # the deal: no table to judge yet
    assert "munchkin-judge-this-link" not in stepper.event_html.value


@pytest.fixture(scope="module")
def sample_store():
    from munchkin_nb.app import DEFAULT_DB, REPO_ROOT
    from munchkin_nb.store import EventStore

    with EventStore(str(REPO_ROOT / DEFAULT_DB), readonly=True) as store:
        yield store


@pytest.mark.parametrize(
    ("lang", "words"), [("es", "¿Por qué no?"), ("de", "Warum nicht?"), ("ko", "왜 안 되나요?")]
)
def test_the_page_speaks_the_visits_language(lang: str, words: str) -> None:
    page = JudgePage(lang, position=Position.from_data(FIGHT))
    shown = " ".join(
        w.value for w in page.widget.children if hasattr(w, "value") and isinstance(w.value, str)
    )
    assert words in shown
    assert page.why_button.description != "why not?" and page.count.description != "players"


def test_every_message_of_the_page_is_translated() -> None:
    from munchkin_nb.widgets import judge_editor, judge_page

    messages = messages_said(judge_page, judge_editor)
    assert len(messages) > 40
    assert untranslated(messages, "judge") == {}


def test_every_problem_of_a_table_is_translated_with_its_fields_kept() -> None:
    import ast
    import re
    import string

    from munchkin_nb.i18n import LANGUAGES, catalogue
    from munchkin_nb.judge import position

    # the templates: every plain string with a {field} (f-strings name fields, never messages) and
    # every plain string a `bad` call is given
    tree = ast.parse(Path(position.__file__).read_text(encoding="utf-8"))
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    strings = {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    }
    templates = {s for s in strings if re.search(r"\{[a-z]+\}", s)} | {
        n.args[1].value
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and getattr(n.func, "attr", "") == "bad"
        and isinstance(n.args[1], ast.Constant)
    }
    assert {"card {card} placed twice (also in {where})", "a fight needs at least one monster"} <= templates
    assert len(templates) > 20
    kinds = {c.kind.replace("_", " ") for c in position.load_set("classic").cards.values()}

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    for lang in LANGUAGES:
        if lang != "en":
            cat = catalogue("judge", lang)
            assert cat is not None, lang
            for msgid in sorted(templates | kinds):
                found = cat.get(msgid)
                assert found is not None and found.string, (lang, msgid)
                assert fields(found.string) == fields(msgid), (lang, msgid)


def test_a_card_placed_twice_reads_in_the_pages_language() -> None:
    es = JudgePage("es", position=Position.from_data(FIGHT))
    es.players[0].zones["carried"].value = [es.cat.label["gold_pieces_1000"]]  # the deck's one copy is Cleo's
    said = es.players[2].problems["hand"].value
    assert "la carta «" in said and "» está puesta dos veces (también en Ana, objetos de lado)" in said
    assert "placed twice" not in said and "'gold_pieces_1000'" not in said
    es.players[0].zones["carried"].value = []
    es.players[0].zones["classes"].value = [es.cat.label[c] for c in ("warrior", "thief")]
    said = es.players[0].problems["classes"].value
    assert "2 clases sin Súper Munchkin: se permite como mucho 1" in said


def test_a_file_uploaded_is_imported_into_the_editor(page: JudgePage) -> None:
    wanted = Position.from_data({**FIGHT, "turn": "Ben", "fight": {"monsters": ["potted_plant"]}})
    text = JudgePage("en", position=wanted).scenario_yaml().encode("utf-8")
    fresh(page, FIGHT)
    page.upload.value = (
        {
            "name": "mine.yaml",
            "type": "",
            "size": len(text),
            "content": memoryview(text),
            "last_modified": NOW,
        },
    )
    assert page.position == wanted
    page.upload.value = (
        {"name": "bad.yaml", "type": "", "size": 2, "content": memoryview(b"\xff\xfe"), "last_modified": NOW},
    )
    assert "cannot be read" in page.import_notice.value and page.position == wanted


TIE = {
    "players": [{"name": "Ana", "classes": ["warrior"]}, "Ben", "Cleo"],
    "fight": {"monsters": ["lame_goblin"]},
}
#: the three held-in-mind rulings: (table, player, action, card, whom)
HELD_IN_MIND = [
    (FIGHT, "Ben", "curse", "curse_lose_a_level", "Cleo"),  # a curse on a player in another's fight
    (FIGHT, "Cleo", "go_up_a_level", "gold_pieces_1000", "Ben"),  # a level-9 player and Go Up a Level
    (TIE, "Ana", "pass", "", ""),  # a warrior tying a monster: the fight goes on to be won
    (TIE, "Ana", "run_away", "", ""),  # ... and nobody runs from a fight being won
]
ENGLISH = re.compile(r"\b(may|cannot|needs|now|is at level|not a|the fight)\b")


@pytest.mark.parametrize("lang", ["es", "de", "eo", "ru", "ko"])
def test_the_held_in_mind_rulings_say_no_english_sentence(lang: str) -> None:
    page = JudgePage(lang, position=Position.from_data(FIGHT))
    for table, player, action, card, whom in HELD_IN_MIND:
        fresh(page, table)
        ruling = ask(page, player, action, card, whom)
        html = page.ruling.value
        said = re.findall(r"<span class='munchkin-judge-sentence' lang='(\w+)'>([^<]*)</span>", html)
        assert [lang for lang, _ in said] == [lang], (action, html)
        assert ruling.sentence not in html and not ENGLISH.search(said[0][1]), said
        if table is TIE:
            assert "lang='en'" not in page.fight_html.value and "combat.ties" in page.fight_html.value
    assert "lang='en'" not in page.ruling.value


def test_a_sentence_with_no_translation_is_marked_english_under_the_rules_words() -> None:
    page = JudgePage("es", position=Position.from_data(TIE))
    ruling = ask(page, "Ana", "turning", "", "")  # an f-string's sentence: no template to translate
    assert not ruling.allowed and ruling.sentence == "Ana has no turning ability."
    html = page.ruling.value
    assert f"<span class='munchkin-judge-sentence' lang='en'>{ruling.sentence}</span>" in html
    rule = RULE_INDEX[ruling.rule]
    assert wording(rule, "es").title in html and escape(wording(rule, "es").text) in html


def test_every_refusal_of_the_core_moves_is_translated_with_its_fields_kept() -> None:
    import ast
    import string

    from munchkin_nb.engine import legal
    from munchkin_nb.engine.moves import base, cards, combat, monsters, oneshots, trade, turn
    from munchkin_nb.i18n import LANGUAGES, catalogue
    from munchkin_nb.judge import ask as ask_module
    from munchkin_nb.judge.said import DOMAIN, WHEN_WORDS

    def sentences(module: object) -> set[str]:
        """Every plain sentence the module refuses with (require's third, IllegalAction's second)."""
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        found = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and getattr(n.func, "id", "") in ("require", "IllegalAction"):
                arg = n.args[2 if n.func.id == "require" else 1] if len(n.args) > 1 else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
        return found

    every_check = sentences(legal) | sentences(base)  # what every action passes through
    assert "{move} cannot be done now ({when})." in every_check and len(every_check) >= 10
    moves = set().union(*map(sentences, (turn, combat, oneshots, cards, monsters, trade)))
    engine = every_check | moves | {ask_module.ALLOWED, *WHEN_WORDS.values()}

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    for lang in LANGUAGES:
        if lang == "en":
            continue
        cat = catalogue(DOMAIN, lang)
        assert cat is not None, lang
        held = {m.id for m in cat if m.id}
        assert sorted(every_check - held) == [], lang
        assert sorted(moves - held) == [], lang  # the core game's moves: every template they refuse with
        assert sorted(held - engine) == [], lang  # no translation of a sentence the engine no longer says
        for m in cat:
            if m.id:
                assert m.string and fields(m.string) == fields(m.id), (lang, m.id)


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "1,000 gold"), ("es", "1.000 piezas de oro"), ("ru", "1 000")]
)
def test_a_refusal_writes_its_cards_and_numbers_as_the_page_does(lang: str, words: str) -> None:
    from munchkin_nb.engine import Action, IllegalAction, verify
    from munchkin_nb.judge.said import sentence_in
    from munchkin_nb.viz.words import card_name

    s = (
        Position.from_data({"players": [{"name": "Ana", "carried": ["broad_sword"]}, "Ben", "Cleo"]})
        .game()
        .state
    )
    sell = Action("sell", "Ana", {"cards": [s.player("Ana").carried[0]]})
    with pytest.raises(IllegalAction) as refused:
        verify(s, sell)
    assert refused.value.sentence == "the items are worth less than 1000 gold."  # the engine's own
    said = sentence_in(refused.value.template, refused.value.fields, sell, s, lang)
    assert said is not None and words in said.replace("\u202f", " ").replace("\xa0", " ")
    gift = Action("give_item", "Ana", {"card": "curse_lose_a_level#1", "to": "Ben"})  # a card she lacks
    with pytest.raises(IllegalAction) as refused:
        verify(s, gift)
    said = sentence_in(refused.value.template, refused.value.fields, gift, s, lang)
    assert said is not None and card_name(s, "curse_lose_a_level#1", lang) in said
